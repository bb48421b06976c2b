//===- FuncOpToLLVM.cpp - The kernel function -----------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/ABI/TensorDescriptor.h"
#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace gluonc;

namespace {

/// A kernel becomes an `llvm.func` returning void, marked as an entry point
/// by the target. Helpers are inlined by the frontend, so every function is
/// a kernel.
struct FuncOpConversion : public ConvertOpToLLVMPattern<func::FuncOp> {
  FuncOpConversion(const LLVMTypeConverter &converter,
                   const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(func::FuncOp func, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (func.getNumResults() != 0)
      return func.emitOpError("a kernel returns no values");
    TypeConverter::SignatureConversion signature(func.getNumArguments());
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
      Type converted = getTypeConverter()->convertType(type);
      if (!converted)
        return func.emitOpError() << "cannot pass " << type
                                  << " to a kernel";
      signature.addInputs(i, converted);
    }
    auto functionType = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(getContext()), signature.getConvertedTypes());
    auto llvmFunc = LLVM::LLVMFuncOp::create(rewriter, func.getLoc(),
                                             func.getName(), functionType);
    rewriter.inlineRegionBefore(func.getBody(), llvmFunc.getBody(),
                                llvmFunc.end());
    if (failed(rewriter.convertRegionTypes(&llvmFunc.getBody(),
                                           *getTypeConverter(), &signature)))
      return failure();
    context.target.markKernel(llvmFunc, context.numThreads);
    // A tensor descriptor is Triton's CUtensorMap, passed by value.
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
      if (isa<gluon::TensorDescType>(type) &&
          !context.target.markDescriptorArgument(
              llvmFunc, i, gluonc::abi::TensorMapBytes,
              gluonc::abi::TensorMapAlignment))
        return func.emitOpError()
               << "tensor descriptors are not supported on this target";
    rewriter.eraseOp(func);
    return success();
  }

  LoweringContext context;
};

struct ReturnOpConversion : public ConvertOpToLLVMPattern<func::ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(func::ReturnOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, ValueRange{});
    return success();
  }
};

} // namespace

void gluonc::populateFuncOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          const LoweringContext &context) {
  patterns.add<FuncOpConversion>(converter, context);
  patterns.add<ReturnOpConversion>(converter);
}
