//===- ShapeOpToLLVM.cpp - reshape, permute, join, split, per thread ------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The result layouts of these ops keep every element in its thread (the
// verifiers check it), so each lowers to picking, for every result
// register, the source register that holds its element: no instruction
// beyond the struct moves that LLVM folds away.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/LayoutInference.h"

using namespace mlir;
using namespace gluonc;

namespace {

template <typename SourceOp>
struct RenameRegistersConversion : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename ConvertOpToLLVMPattern<SourceOp>::OpAdaptor;

  LogicalResult
  matchAndRewrite(SourceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<SmallVector<Value>> inputs;
    for (Value operand : adaptor.getOperands())
      inputs.push_back(unpackRegisters(rewriter, loc, operand));
    SmallVector<Value> results;
    for (unsigned i = 0; i < op->getNumResults(); ++i) {
      std::string why;
      auto sources = gluon::planRegisterRenaming(op, i, why);
      if (!sources)
        return op.emitOpError() << "moves elements between threads: " << why;
      SmallVector<Value> registers;
      for (const RegisterSource &source : *sources)
        registers.push_back(inputs[source.input][source.reg]);
      results.push_back(packRegisters(
          rewriter, loc,
          this->getTypeConverter()->convertType(op->getResult(i).getType()),
          registers));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void gluonc::populateShapeOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<RenameRegistersConversion<gluon::ReshapeOp>,
               RenameRegistersConversion<gluon::PermuteOp>,
               RenameRegistersConversion<gluon::JoinOp>,
               RenameRegistersConversion<gluon::SplitOp>>(converter);
}
