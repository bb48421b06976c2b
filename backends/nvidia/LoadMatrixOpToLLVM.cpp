//===- LoadMatrixOpToLLVM.cpp - local_load as ldmatrix --------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A gluon.local_load of 16-bit elements whose layouts have ldmatrix's shape
// (planLoadMatrix, LoadMatrix.h: mma_v2's operands in the usual shared
// layouts) becomes nvvm.ldmatrix x1/x2/x4 (.trans where the thread's pairs
// run down the stored rows): each lane computes its row addresses through
// the shared addressing of every access (emitSharedOffsetAddresses), and
// ldmatrix g returns the thread's registers [g 2N, (g + 1) 2N), two 16-bit
// elements to each 32-bit result. Other loads keep the shared lowering
// (plain vector loads): this pattern has a higher benefit and declines
// them.
//
//===----------------------------------------------------------------------===//

#include "LoadMatrix.h"
#include "Patterns.h"

#include "gluonc/Conversion/SharedMemoryAccess.h"
#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/IR/MemDesc.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace gluonc;

namespace {

struct LocalLoadToLoadMatrix
    : public ConvertOpToLLVMPattern<gluon::LocalLoadOp> {
  LocalLoadToLoadMatrix(const LLVMTypeConverter &converter,
                        const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    Type element = getTypeConverter()->convertType(type.getElementType());
    // A row of a laid-out dimension adds its row's offsets to each access
    // (gluon::isRowView): the shared lowering's.
    if (gluon::isRowView(op.getSrc().getType()) || !element ||
        !element.isIntOrFloat() || element.getIntOrFloatBitWidth() != 16)
      return failure();
    SharedLayout layout = op.getSrc().getType().getSharedLayout();
    std::optional<nvidia::LoadMatrixPlan> plan = nvidia::planLoadMatrix(
        gluon::getLinearLayout(type), layout, /*elementBits=*/16);
    if (!plan)
      return failure();

    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<Value> addresses =
        emitSharedOffsetAddresses(rewriter, loc, context, plan->rowOffsets,
                                  layout, element, adaptor.getSrc());
    unsigned perLoad = plan->matrices;
    Type resultType =
        perLoad == 1
            ? Type(rewriter.getI32Type())
            : Type(LLVM::LLVMStructType::getLiteral(
                  ctx, SmallVector<Type>(perLoad, rewriter.getI32Type())));
    auto pairType = VectorType::get({2}, element);
    SmallVector<Value> registers;
    for (Value address : addresses) {
      Value loaded = NVVM::LdMatrixOp::create(
          rewriter, loc, resultType, address, perLoad,
          plan->transposed ? NVVM::MMALayout::col : NVVM::MMALayout::row,
          NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
          NVVM::LdStMatrixEltType::B16);
      for (unsigned matrix = 0; matrix < perLoad; ++matrix) {
        Value word = perLoad == 1 ? loaded
                                  : LLVM::ExtractValueOp::create(rewriter, loc,
                                                                 loaded, matrix)
                                        .getResult();
        // The lower half is the element of the even register.
        Value pair = LLVM::BitcastOp::create(rewriter, loc, pairType, word);
        for (int64_t half = 0; half < 2; ++half)
          registers.push_back(LLVM::ExtractElementOp::create(
              rewriter, loc, pair, createI32Constant(rewriter, loc, half)));
      }
    }
    rewriter.replaceOp(op, packRegisters(rewriter, loc,
                                         getTypeConverter()->convertType(type),
                                         registers));
    return success();
  }

  LoweringContext context;
};

} // namespace

void gluonc::nvidia::populateLoadMatrixOpToLLVMPatterns(
    GluonLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &context) {
  patterns.add<LocalLoadToLoadMatrix>(converter, context);
}
