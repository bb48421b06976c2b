//===- MmaV2OpToLLVM.cpp - gluon.mma_v2 as mma.sync -----------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gluon.mma_v2 issues what its plan says (gluon::planMmaV2): for each
// 16 x 8 tile of the accumulator this thread's warp holds, and each K step,
// one nvvm.mma.sync (mma.sync.aligned.m16n8kK.row.col, PTX ISA 7.0, sm_80).
// An intrinsic rather than inline PTX: it has no side effects, so LLVM and
// ptxas schedule the loads of the next step around it.
//
// Each operand of the instruction is found where the layouts put it, as
// the FMA dot and the MFMA lowering find theirs: lane 0's fragment element
// i lies at the tile's origin plus the plan's fragment offset, and the
// register holding that coordinate in the operand's layout (its register
// part, the same for every lane and warp) is the thread's element i. A's
// and B's elements go in 32-bit registers of kWidth elements (f16 pairs as
// vector<2xf16>, everything else as i32), the accumulator's as f32, i32 or
// f16 pairs, as nvvm.mma.sync takes them.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/MmaV2.h"
#include "gluonc/IR/NvidiaOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace gluonc;

namespace {

/// The registers of one instruction's fragment: `registers[reg]` for the
/// register of `layout` holding `origin + offsetOf(i)`, for each element i.
FailureOr<SmallVector<Value>>
gatherFragment(ArrayRef<Value> registers, const LinearLayout &layout,
               const Coord &origin, int64_t elements,
               function_ref<Coord(int64_t)> offsetOf) {
  SmallVector<Value> fragment;
  for (int64_t i = 0; i < elements; ++i) {
    Coord coord = offsetOf(i);
    for (size_t d = 0; d < coord.size(); ++d)
      coord[d] += origin[d];
    std::optional<int64_t> reg = layout.findRegister(coord);
    if (!reg)
      return failure();
    fragment.push_back(registers[*reg]);
  }
  return fragment;
}

/// `elements` packed `width` to a 32-bit operand of mma.sync: f16 pairs as
/// vector<2xf16>, other types bitcast to i32.
SmallVector<Value> packOperand(OpBuilder &b, Location loc,
                               ArrayRef<Value> elements, int64_t width) {
  Type element = elements.front().getType();
  SmallVector<Value> packed;
  for (size_t first = 0; first < elements.size(); first += width) {
    if (width == 1) {
      packed.push_back(
          LLVM::BitcastOp::create(b, loc, b.getI32Type(), elements[first]));
      continue;
    }
    Value vector =
        LLVM::UndefOp::create(b, loc, VectorType::get({width}, element));
    for (int64_t e = 0; e < width; ++e)
      vector = LLVM::InsertElementOp::create(
          b, loc, vector, elements[first + e], createI32Constant(b, loc, e));
    if (element.isF16())
      packed.push_back(vector);
    else
      packed.push_back(LLVM::BitcastOp::create(b, loc, b.getI32Type(), vector));
  }
  return packed;
}

/// The accumulator's c0..c3 as mma.sync takes them: f16 in pairs.
SmallVector<Value> packAccumulator(OpBuilder &b, Location loc,
                                   ArrayRef<Value> elements) {
  if (!elements.front().getType().isF16())
    return SmallVector<Value>(elements);
  return packOperand(b, loc, elements, 2);
}

/// The result struct's fields back as c0..c3.
SmallVector<Value> unpackAccumulator(OpBuilder &b, Location loc, Value result,
                                     Type element) {
  SmallVector<Value> values;
  auto fields = cast<LLVM::LLVMStructType>(result.getType()).getBody().size();
  for (size_t i = 0; i < fields; ++i) {
    Value field = LLVM::ExtractValueOp::create(b, loc, result, i);
    if (!element.isF16()) {
      values.push_back(field);
      continue;
    }
    for (int64_t e = 0; e < 2; ++e)
      values.push_back(LLVM::ExtractElementOp::create(
          b, loc, field, createI32Constant(b, loc, e)));
  }
  return values;
}

struct MmaV2OpConversion : public ConvertOpToLLVMPattern<gluon::MmaV2Op> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gluon::MmaV2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string problem;
    std::optional<gluon::MmaV2Plan> plan =
        gluon::planMmaV2(op.getA().getType(), op.getB().getType(),
                         op.getAcc().getType(), problem);
    if (!plan)
      return op.emitOpError(problem);
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto accType = cast<RankedTensorType>(op.getAcc().getType());
    LinearLayout aLayout = gluon::getLinearLayout(aType);
    LinearLayout bLayout = gluon::getLinearLayout(bType);
    LinearLayout accLayout = gluon::getLinearLayout(accType);
    SmallVector<Value> a = unpackRegisters(rewriter, loc, adaptor.getA());
    SmallVector<Value> b = unpackRegisters(rewriter, loc, adaptor.getB());
    SmallVector<Value> acc = unpackRegisters(rewriter, loc, adaptor.getAcc());

    Type accElement = acc.front().getType();
    SmallVector<Type> fields(accElement.isF16() ? 2 : 4,
                             accElement.isF16()
                                 ? Type(VectorType::get({2}, accElement))
                                 : accElement);
    auto resultType =
        LLVM::LLVMStructType::getLiteral(rewriter.getContext(), fields);
    NVVM::MMATypes operandType = *NVVM::symbolizeMMATypes(plan->operandType);
    std::optional<NVVM::MMAIntOverflow> overflow;
    if (operandType == NVVM::MMATypes::s8)
      overflow = NVVM::MMAIntOverflow::wrapped; // int32 arithmetic
    int64_t width = plan->kWidth;

    for (int64_t m = 0; m < plan->mReps; ++m)
      for (int64_t n = 0; n < plan->nReps; ++n) {
        Coord accOrigin = plan->getAccTileOrigin(m, n);
        auto accRegs = gatherFragment(acc, accLayout, accOrigin,
                                      gluon::MmaV2Plan::kAccElements,
                                      gluon::MmaV2Plan::getAccFragmentOffset);
        if (failed(accRegs))
          return op.emitOpError("the accumulator's registers do not hold "
                                "mma.sync's c fragment");
        SmallVector<Value> sum = *accRegs;
        for (int64_t k = 0; k < plan->kSteps; ++k) {
          auto aRegs = gatherFragment(
              a, aLayout, plan->getATileOrigin(m, k), plan->getAElements(),
              [&](int64_t i) { return plan->getAFragmentOffset(i); });
          auto bRegs = gatherFragment(
              b, bLayout, plan->getBTileOrigin(k, n), plan->getBElements(),
              [&](int64_t i) { return plan->getBFragmentOffset(i); });
          if (failed(aRegs) || failed(bRegs))
            return op.emitOpError("an operand's registers do not hold "
                                  "mma.sync's a or b fragment");
          Value result = NVVM::MmaOp::create(
              rewriter, loc, resultType,
              packOperand(rewriter, loc, *aRegs, width),
              packOperand(rewriter, loc, *bRegs, width),
              packAccumulator(rewriter, loc, sum), {16, 8, plan->instrK},
              /*b1Op=*/std::nullopt, overflow,
              std::array<NVVM::MMATypes, 2>{operandType, operandType},
              std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                             NVVM::MMALayout::col});
          sum = unpackAccumulator(rewriter, loc, result, accElement);
        }
        for (int64_t i = 0; i < gluon::MmaV2Plan::kAccElements; ++i) {
          Coord coord = gluon::MmaV2Plan::getAccFragmentOffset(i);
          coord[0] += accOrigin[0];
          coord[1] += accOrigin[1];
          acc[*accLayout.findRegister(coord)] = sum[i];
        }
      }
    Type resultStruct = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultStruct, acc));
    return success();
  }
};

} // namespace

void gluonc::nvidia::populateMmaV2OpToLLVMPatterns(
    GluonLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<MmaV2OpConversion>(converter);
}
