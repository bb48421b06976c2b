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
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace gluonc;

namespace {

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
    LLVM::LLVMFuncOp callee = getOrDeclare(op, *name, type, operands.size(),
                                           rewriter);
    rewriter.replaceOpWithNewOp<LLVM::CallOp>(op, callee, operands);
    return success();
  }

private:
  static LLVM::LLVMFuncOp getOrDeclare(Operation *op, StringRef name,
                                       Type type, size_t numArgs,
                                       ConversionPatternRewriter &rewriter) {
    auto module = op->getParentOfType<ModuleOp>();
    if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
      return existing;
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToEnd(module.getBody());
    SmallVector<Type> args(numArgs, type);
    auto functionType = LLVM::LLVMFunctionType::get(type, args);
    return LLVM::LLVMFuncOp::create(rewriter, op->getLoc(), name,
                                    functionType);
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
}
