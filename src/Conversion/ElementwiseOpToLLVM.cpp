//===- ElementwiseOpToLLVM.cpp - arith/math on tensors, per register ------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// An elementwise op on distributed tensors whose operands share a layout is
// the same op applied to each register of the thread. The scalar ops built
// here are lowered further by the upstream arith/math-to-LLVM patterns
// (gluon.extern_elementwise's by MathOpToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace gluonc;

static bool isDistributedTensor(Type type) {
  return static_cast<bool>(gluon::getLayout(type));
}

static bool isElementwiseOnTensors(Operation *op) {
  Dialect *dialect = op->getDialect();
  if (!dialect || !(isa<arith::ArithDialect, math::MathDialect>(dialect) ||
                    isa<gluon::ExternElementwiseOp>(op)))
    return false;
  return op->getNumResults() > 0 &&
         llvm::all_of(op->getResultTypes(), isDistributedTensor);
}

namespace {

/// A tensor constant: only splats are lowered, since any other value would
/// differ between threads.
struct ConstantOpConversion : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  ConstantOpConversion(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/10) {}

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !isDistributedTensor(type))
      return failure();
    auto dense = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!dense)
      return rewriter.notifyMatchFailure(op, "not a splat");
    Location loc = op.getLoc();
    Value scalar = arith::ConstantOp::create(
        rewriter, loc, cast<TypedAttr>(dense.getSplatValue<Attribute>()));
    Type structType = getTypeConverter()->convertType(type);
    int64_t numRegisters =
        cast<LLVM::LLVMStructType>(structType).getBody().size();
    SmallVector<Value> registers(numRegisters, scalar);
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, registers));
    return success();
  }
};

/// Any other arith or math op, or gluon.extern_elementwise, whose results
/// are distributed tensors.
struct ElementwiseOpConversion : public ConversionPattern {
  ElementwiseOpConversion(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/10,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isElementwiseOnTensors(op) || isa<arith::ConstantOp>(op))
      return failure();
    Location loc = op->getLoc();
    // Scalar operands (arith.select's condition may be one) are shared by
    // every register.
    SmallVector<SmallVector<Value>> operandRegisters;
    for (auto [original, converted] :
         llvm::zip_equal(op->getOperands(), operands)) {
      if (isDistributedTensor(original.getType()))
        operandRegisters.push_back(unpackRegisters(rewriter, loc, converted));
      else
        operandRegisters.push_back({converted});
    }
    // The scalar ops work on converted element types (pointers become
    // !llvm.ptr, as arith.select's operands already are).
    SmallVector<Type> resultStructs, resultElements;
    for (Type type : op->getResultTypes()) {
      resultStructs.push_back(getTypeConverter()->convertType(type));
      resultElements.push_back(getTypeConverter()->convertType(
          cast<RankedTensorType>(type).getElementType()));
    }
    int64_t numRegisters =
        cast<LLVM::LLVMStructType>(resultStructs[0]).getBody().size();

    SmallVector<SmallVector<Value>> resultRegisters(op->getNumResults());
    for (int64_t reg = 0; reg < numRegisters; ++reg) {
      OperationState state(loc, op->getName());
      for (const SmallVector<Value> &regs : operandRegisters)
        state.addOperands(regs.size() == 1 ? regs[0] : regs[reg]);
      state.addTypes(resultElements);
      state.addAttributes(op->getAttrs());
      Operation *scalarOp = rewriter.create(state);
      for (unsigned i = 0; i < op->getNumResults(); ++i)
        resultRegisters[i].push_back(scalarOp->getResult(i));
    }
    SmallVector<Value> results;
    for (unsigned i = 0; i < op->getNumResults(); ++i)
      results.push_back(
          packRegisters(rewriter, loc, resultStructs[i], resultRegisters[i]));
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void gluonc::populateElementwiseOpToLLVMPatterns(
    GluonLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConstantOpConversion>(converter);
  patterns.add<ElementwiseOpConversion>(converter, patterns.getContext());
}
