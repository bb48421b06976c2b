//===- MathOpToLLVM.cpp - Math functions the target cannot select ---------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// After elementwise lowering, math ops work on scalars. LLVM's math
// intrinsics cover floor, ceil, fabs, fma, sqrt and exp2 on GPUs; the rest
// become calls to the target's math library (libdevice on NVIDIA). exp on
// fp32 is exp2(x * log2(e)), the hardware's fast path, as in Triton.
// gluon.extern_elementwise (gl.extra.libdevice) calls the library function
// the backend names.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace gluonc;

namespace {

/// The declaration of the library function `name`, taking `numArgs`
/// values of `type` and returning one; the module's existing one if any.
LLVM::LLVMFuncOp getOrDeclareLibraryFunction(Operation *op, StringRef name,
                                             Type type, size_t numArgs,
                                             OpBuilder &builder) {
  auto module = op->getParentOfType<ModuleOp>();
  if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(module.getBody());
  SmallVector<Type> args(numArgs, type);
  auto functionType = LLVM::LLVMFunctionType::get(type, args);
  return LLVM::LLVMFuncOp::create(builder, op->getLoc(), name, functionType);
}

struct Float32ExpLowering : public ConvertOpToLLVMPattern<math::ExpOp> {
  Float32ExpLowering(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/10) {}

  LogicalResult
  matchAndRewrite(math::ExpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return failure();
    Location loc = op.getLoc();
    Value log2e = LLVM::ConstantOp::create(
        rewriter, loc, rewriter.getF32Type(),
        rewriter.getF32FloatAttr(1.4426950408889634f));
    Value scaled = LLVM::FMulOp::create(rewriter, loc, adaptor.getOperand(),
                                        log2e);
    rewriter.replaceOpWithNewOp<LLVM::Exp2Op>(op, rewriter.getF32Type(),
                                              scaled);
    return success();
  }
};

/// An fp32 division allowed to approximate (`afn`: '/' and gl.fdiv, not
/// gl.div_rn), through the target's full-range approximate divide.
struct Float32ApproximateDivLowering
    : public ConvertOpToLLVMPattern<arith::DivFOp> {
  Float32ApproximateDivLowering(const LLVMTypeConverter &converter,
                                const TargetInfo &target)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/10), target(target) {}

  LogicalResult
  matchAndRewrite(arith::DivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32() ||
        !arith::bitEnumContainsAll(op.getFastmath(),
                                   arith::FastMathFlags::afn))
      return failure();
    Value quotient = target.emitApproximateDivide(
        rewriter, op.getLoc(), adaptor.getLhs(), adaptor.getRhs());
    if (!quotient)
      return failure();
    rewriter.replaceOp(op, quotient);
    return success();
  }

  const TargetInfo &target;
};

/// Any scalar math op the target maps to a library function.
struct LibraryCallLowering : public ConversionPattern {
  LibraryCallLowering(const TypeConverter &converter, MLIRContext *context,
                      const TargetInfo &target)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/10,
                          context),
        target(target) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa_and_nonnull<math::MathDialect>(op->getDialect()) ||
        op->getNumResults() != 1)
      return failure();
    Type type = op->getResult(0).getType();
    std::optional<std::string> name =
        target.getMathLibraryFunction(op->getName().getStringRef(), type);
    if (!name)
      return failure();
    LLVM::LLVMFuncOp callee =
        getOrDeclareLibraryFunction(op, *name, type, operands.size(), rewriter);
    rewriter.replaceOpWithNewOp<LLVM::CallOp>(op, callee, operands);
    return success();
  }

  const TargetInfo &target;
};

/// A scalar gluon.extern_elementwise (tensors were split per register by
/// the elementwise lowering): a call of the library's function.
struct ExternElementwiseLowering
    : public ConvertOpToLLVMPattern<gluon::ExternElementwiseOp> {
  ExternElementwiseLowering(const LLVMTypeConverter &converter,
                            const TargetInfo &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(gluon::ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (isa<RankedTensorType>(type))
      return failure();
    std::optional<std::string> name =
        target.getExternFunction(op.getFunction(), type);
    if (!name)
      return op.emitOpError() << "libdevice." << op.getFunction() << " on "
                              << type << " is not in this target's math "
                              << "library";
    LLVM::LLVMFuncOp callee = getOrDeclareLibraryFunction(
        op, *name, type, adaptor.getArgs().size(), rewriter);
    rewriter.replaceOpWithNewOp<LLVM::CallOp>(op, callee, adaptor.getArgs());
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void gluonc::populateMathOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          const LoweringContext &context) {
  patterns.add<Float32ExpLowering>(converter);
  patterns.add<Float32ApproximateDivLowering>(converter, context.target);
  patterns.add<LibraryCallLowering>(converter, patterns.getContext(),
                                    context.target);
  patterns.add<ExternElementwiseLowering>(converter, context.target);
}
