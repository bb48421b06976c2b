//===- DotOpToLLVM.cpp - The FMA dot, per thread --------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gluon.mfma issues the target's matrix instructions (below).
//
// gluon.dot_fma needs no communication: the operand layouts give each
// thread the whole K extent of the rows of `a` and the columns of `b` that
// its accumulator elements need. So for an accumulator register holding
// element (.., m, n), the registers holding a(.., m, k) and b(.., k, n) are
// found at compile time from the three linear layouts, and the element is
// accumulated over k in increasing order.
//
// That works because an operand's lanes and warps are the accumulator's
// with the other operand's dimension projected away (checked below): the
// thread-dependent part of every coordinate agrees, so matching the
// register (thread-independent) parts is enough.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "Utility.h"

#include "gluonc/IR/Dialect.h"

using namespace mlir;
using namespace gluonc;

namespace {

/// True when the lanes, warps and blocks of `operand` are those of `acc`
/// with tensor dimension `droppedDim` set to zero.
bool sharesThreadBases(const LinearLayout &operand, const LinearLayout &acc,
                       unsigned droppedDim) {
  for (HwDim hw : {HwDim::Lane, HwDim::Warp, HwDim::Block}) {
    if (operand.getNumBits(hw) != acc.getNumBits(hw))
      return false;
    for (unsigned bit = 0; bit < acc.getNumBits(hw); ++bit) {
      Coord projected = acc.getBases(hw)[bit];
      projected[droppedDim] = 0;
      if (operand.getBases(hw)[bit] != projected)
        return false;
    }
  }
  return true;
}

struct DotFmaOpConversion : public ConvertOpToLLVMPattern<gluon::DotFmaOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gluon::DotFmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LinearLayout aLayout = gluon::getLinearLayout(op.getA().getType());
    LinearLayout bLayout = gluon::getLinearLayout(op.getB().getType());
    LinearLayout accLayout = gluon::getLinearLayout(op.getAcc().getType());
    unsigned rank = accLayout.rank();
    unsigned mDim = rank - 2, nDim = rank - 1;
    if (!sharesThreadBases(aLayout, accLayout, nDim) ||
        !sharesThreadBases(bLayout, accLayout, mDim))
      return op.emitOpError("the operand layouts do not give each thread "
                            "the rows and columns its accumulator needs");

    SmallVector<Value> a = unpackRegisters(rewriter, loc, adaptor.getA());
    SmallVector<Value> b = unpackRegisters(rewriter, loc, adaptor.getB());
    SmallVector<Value> acc = unpackRegisters(rewriter, loc, adaptor.getAcc());
    // Per accumulator register, the registers of a and b for each k.
    int64_t kSize = op.getA().getType().getShape()[nDim];
    SmallVector<SmallVector<std::pair<int64_t, int64_t>>> operands(acc.size());
    for (int64_t reg = 0; reg < int64_t(acc.size()); ++reg) {
      Coord element = accLayout.apply(HwDim::Register, reg);
      for (int64_t k = 0; k < kSize; ++k) {
        Coord aCoord = element, bCoord = element;
        aCoord[nDim] = k;
        bCoord[mDim] = k;
        std::optional<int64_t> aReg = aLayout.findRegister(aCoord);
        std::optional<int64_t> bReg = bLayout.findRegister(bCoord);
        if (!aReg || !bReg)
          return op.emitOpError("an operand element the accumulator needs "
                                "is not in the thread's registers");
        operands[reg].push_back({*aReg, *bReg});
      }
    }

    bool isFloat = isa<FloatType>(op.getAcc().getType().getElementType());
    // k outermost: the accumulator registers are independent chains, and
    // emitting them interleaved leaves the scheduler nothing to undo.
    for (int64_t k = 0; k < kSize; ++k)
      for (size_t reg = 0; reg < acc.size(); ++reg) {
        auto [aReg, bReg] = operands[reg][k];
        if (isFloat) {
          acc[reg] = LLVM::FMAOp::create(rewriter, loc, a[aReg], b[bReg],
                                         acc[reg]);
        } else {
          Value product = LLVM::MulOp::create(rewriter, loc, a[aReg], b[bReg]);
          acc[reg] = LLVM::AddOp::create(rewriter, loc, acc[reg], product);
        }
      }
    Type resultType = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, acc));
    return success();
  }
};

/// gluon.mfma: for every tile of the accumulator this thread's warp owns
/// and every K step, one matrix instruction (TargetInfo). The registers
/// each instruction reads and writes are found, as for the FMA dot, from
/// the layouts' register (thread-independent) parts: the tile's origin
/// plus the instruction's own order of a lane's elements.
struct MfmaOpConversion : public ConvertOpToLLVMPattern<gluon::MfmaOp> {
  MfmaOpConversion(const LLVMTypeConverter &converter,
                   const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::MfmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto layout =
        cast<gluon::AMDMFMALayoutAttr>(op.getAcc().getType().getEncoding());
    gluonc::MfmaLayoutSpec spec = layout.toSpec();
    LinearLayout aLayout = gluon::getLinearLayout(op.getA().getType());
    LinearLayout bLayout = gluon::getLinearLayout(op.getB().getType());
    LinearLayout accLayout = gluon::getLinearLayout(op.getAcc().getType());
    int32_t tile = spec.instrShape[0];
    int32_t kWidth = int32_t(
        cast<gluon::DotOperandLayoutAttr>(op.getA().getType().getEncoding())
            .getKWidth());
    int32_t instrK = kWidth * (64 / tile);
    int32_t results = tile * tile / 64;
    int32_t stepM = tile * spec.warpsPerCTA[0];
    int32_t stepN = tile * spec.warpsPerCTA[1];
    ArrayRef<int64_t> aShape = op.getA().getType().getShape();
    ArrayRef<int64_t> accShape = op.getAcc().getType().getShape();

    SmallVector<Value> a = unpackRegisters(rewriter, loc, adaptor.getA());
    SmallVector<Value> b = unpackRegisters(rewriter, loc, adaptor.getB());
    SmallVector<Value> acc = unpackRegisters(rewriter, loc, adaptor.getAcc());
    Type operandElement = a.front().getType();
    auto operandVector = VectorType::get({kWidth}, operandElement);
    auto accVector = VectorType::get({results}, rewriter.getF32Type());
    // Row of a lane's result i within its tile, beyond the lane's own part.
    auto rowOf = [&](int32_t i) {
      return tile == 32 ? (i % 4) + 8 * (i / 4) : i;
    };
    auto gather = [&](ArrayRef<Value> registers, const LinearLayout &layout,
                      ArrayRef<Coord> coords, VectorType type) -> Value {
      Value vector = LLVM::UndefOp::create(rewriter, loc, type);
      for (auto [i, coord] : llvm::enumerate(coords)) {
        std::optional<int64_t> reg = layout.findRegister(coord);
        if (!reg)
          return {};
        vector = LLVM::InsertElementOp::create(
            rewriter, loc, vector, registers[*reg],
            createI32Constant(rewriter, loc, int64_t(i)));
      }
      return vector;
    };
    for (int32_t m = 0; m < accShape[0]; m += stepM)
      for (int32_t n = 0; n < accShape[1]; n += stepN) {
        // A transposed layout holds the results of B^T A^T: a lane's
        // results run along N.
        SmallVector<Coord> accCoords;
        for (int32_t i = 0; i < results; ++i)
          accCoords.push_back(spec.transposed ? Coord{m, n + rowOf(i)}
                                              : Coord{m + rowOf(i), n});
        Value sum = gather(acc, accLayout, accCoords, accVector);
        if (!sum)
          return op.emitOpError("the accumulator's registers do not match "
                                "the MFMA instruction's results");
        for (int32_t k = 0; k < aShape[1]; k += instrK) {
          SmallVector<Coord> aCoords, bCoords;
          for (int32_t j = 0; j < kWidth; ++j) {
            aCoords.push_back({m, k + j});
            bCoords.push_back({k + j, n});
          }
          Value aVector = gather(a, aLayout, aCoords, operandVector);
          Value bVector = gather(b, bLayout, bCoords, operandVector);
          if (!aVector || !bVector)
            return op.emitOpError("an operand's registers do not match the "
                                  "MFMA instruction's operands");
          if (spec.transposed)
            std::swap(aVector, bVector);
          sum = context.target.emitMatrixMultiplyAccumulate(
              rewriter, loc, tile, tile, instrK, aVector, bVector, sum);
          if (!sum)
            return op.emitOpError("not supported on this target: MFMA "
                                  "instructions");
        }
        for (auto [i, coord] : llvm::enumerate(accCoords))
          acc[*accLayout.findRegister(coord)] = LLVM::ExtractElementOp::create(
              rewriter, loc, sum, createI32Constant(rewriter, loc, int64_t(i)));
      }
    Type resultType = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, acc));
    return success();
  }

  LoweringContext context;
};

} // namespace

void gluonc::populateDotOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         const LoweringContext &context) {
  patterns.add<DotFmaOpConversion>(converter);
  patterns.add<MfmaOpConversion>(converter, context);
}
