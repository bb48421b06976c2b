//===- MfmaOpToLLVM.cpp - gluon.mfma as CDNA matrix instructions ----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gluon.mfma on 64-lane waves: the accumulator's #gluon.amd_mfma layout
// gives each wave tiles of 32 x 32 or 16 x 16 elements, and each tile and
// K step is one v_mfma_f32_* instruction (ROCDL's mfma intrinsics) whose
// operands and results are gathered from the thread's registers through
// the three linear layouts, as the FMA dot finds its operands
// (src/Conversion/DotOpToLLVM.cpp). fp16 and bf16 operands, fp32
// accumulators; 4 operand elements per lane on CDNA3 (gfx942), 8 on CDNA4
// (gfx950, twice the K per instruction). A CDNA3 layout with k_width 8
// (Triton's "kpack") is two CDNA3 instructions per K step, the first on
// the low 4 of each lane's 8 elements and the second on the high 4: A and
// B split K alike, so the sum is the same, and the 16-byte operand loads
// need half the LDS instructions of k_width 4's 8-byte ones.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/AMDOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

#include <algorithm>

using namespace mlir;
using namespace gluonc;

namespace {

/// One matrix instruction: `acc` (a vector of the lane's results) plus the
/// product of a `tile` x `tile` x `k` block of `a` and `b` (vectors of the
/// lane's operand elements), as CDNA defines the lanes' shares; null where
/// CDNA has no such instruction.
Value emitMfma(OpBuilder &builder, Location loc, unsigned tile, unsigned k,
               Value a, Value b, Value acc) {
  auto operandType = cast<VectorType>(a.getType());
  Type element = operandType.getElementType();
  bool bf16 = element.isBF16();
  int64_t width = operandType.getNumElements();
  if (!(width == 4 || width == 8) || !(element.isF16() || bf16))
    return {};
  Value zero = createI32Constant(builder, loc, 0);
  // cbsz, abid, blgp: no broadcast between blocks or lanes.
  SmallVector<Value> args = {a, b, acc, zero, zero, zero};
  Type type = acc.getType();
  if (width == 8) {
    // CDNA4 (gfx950): twice the K per instruction, bf16 as bf16.
    if (tile == 32 && k == 16)
      return bf16 ? ROCDL::mfma_f32_32x32x16_bf16::create(builder, loc, type,
                                                          args)
                        .getResult()
                  : ROCDL::mfma_f32_32x32x16_f16::create(builder, loc, type,
                                                         args)
                        .getResult();
    if (tile == 16 && k == 32)
      return bf16 ? ROCDL::mfma_f32_16x16x32_bf16::create(builder, loc, type,
                                                          args)
                        .getResult()
                  : ROCDL::mfma_f32_16x16x32_f16::create(builder, loc, type,
                                                         args)
                        .getResult();
    return {};
  }
  // The bf16 "_1k" instructions take the operands as i16 vectors.
  if (bf16) {
    auto asInt = VectorType::get({4}, builder.getI16Type());
    args[0] = LLVM::BitcastOp::create(builder, loc, asInt, a);
    args[1] = LLVM::BitcastOp::create(builder, loc, asInt, b);
  }
  if (tile == 32 && k == 8)
    return bf16 ? ROCDL::mfma_f32_32x32x8bf16_1k::create(builder, loc, type,
                                                         args)
                      .getResult()
                : ROCDL::mfma_f32_32x32x8f16::create(builder, loc, type, args)
                      .getResult();
  if (tile == 16 && k == 16)
    return bf16 ? ROCDL::mfma_f32_16x16x16bf16_1k::create(builder, loc, type,
                                                          args)
                      .getResult()
                : ROCDL::mfma_f32_16x16x16f16::create(builder, loc, type, args)
                      .getResult();
  return {};
}

/// gluon.mfma: for every tile of the accumulator this thread's warp owns
/// and every K step, one matrix instruction (emitMfma). The registers
/// each instruction reads and writes are found, as for the FMA dot, from
/// the layouts' register (thread-independent) parts: the tile's origin
/// plus the instruction's own order of a lane's elements.
struct MfmaOpConversion : public ConvertOpToLLVMPattern<gluon::MfmaOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

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
    amd::MfmaTiling tiling = amd::getMfmaTiling(op);
    int32_t tile = tiling.tile;
    int32_t stepK = tiling.kWidth * (64 / tile);
    int32_t instrK = spec.getInstrK(unsigned(tiling.kWidth));
    int32_t results = tile * tile / 64;
    int32_t stepM = tile * spec.warpsPerCTA[0];
    int32_t stepN = tile * spec.warpsPerCTA[1];

    SmallVector<Value> a = unpackRegisters(rewriter, loc, adaptor.getA());
    SmallVector<Value> b = unpackRegisters(rewriter, loc, adaptor.getB());
    SmallVector<Value> acc = unpackRegisters(rewriter, loc, adaptor.getAcc());
    Type operandElement = a.front().getType();
    auto operandVector = VectorType::get({tiling.instrWidth}, operandElement);
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
    for (int32_t m = 0; m < tiling.tilesM * stepM; m += stepM)
      for (int32_t n = 0; n < tiling.tilesN * stepN; n += stepN) {
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
        for (int32_t step = 0; step < tiling.kSteps; ++step)
          for (int32_t first = 0; first < tiling.kWidth;
               first += tiling.instrWidth) {
            // The lane's elements first .. first + instrWidth of the
            // step's kWidth (the coordinates of the lane-0 elements).
            int32_t k = step * stepK + first;
            SmallVector<Coord> aCoords, bCoords;
            for (int32_t j = 0; j < tiling.instrWidth; ++j) {
              aCoords.push_back({m, k + j});
              bCoords.push_back({k + j, n});
            }
            Value aVector = gather(a, aLayout, aCoords, operandVector);
            Value bVector = gather(b, bLayout, bCoords, operandVector);
            if (!aVector || !bVector)
              return op.emitOpError("an operand's registers do not match "
                                    "the MFMA instruction's operands");
            if (spec.transposed)
              std::swap(aVector, bVector);
            sum = emitMfma(rewriter, loc, tile, instrK, aVector, bVector, sum);
            if (!sum)
              return op.emitOpError("no MFMA instruction for ")
                     << tile << "x" << tile << "x" << instrK << " tiles of "
                     << operandElement;
          }
        for (auto [i, coord] : llvm::enumerate(accCoords))
          acc[*accLayout.findRegister(coord)] = LLVM::ExtractElementOp::create(
              rewriter, loc, sum, createI32Constant(rewriter, loc, int64_t(i)));
      }
    Type resultType = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, acc));
    return success();
  }
};

} // namespace

amd::MfmaTiling gluonc::amd::getMfmaTiling(gluon::MfmaOp op) {
  auto layout =
      cast<gluon::AMDMFMALayoutAttr>(op.getAcc().getType().getEncoding());
  gluonc::MfmaLayoutSpec spec = layout.toSpec();
  amd::MfmaTiling tiling;
  tiling.tile = spec.instrShape[0];
  tiling.kWidth = int32_t(
      cast<gluon::DotOperandLayoutAttr>(op.getA().getType().getEncoding())
          .getKWidth());
  tiling.instrWidth = spec.getInstrWidth(unsigned(tiling.kWidth));
  ArrayRef<int64_t> accShape = op.getAcc().getType().getShape();
  // A shape smaller than the warps' tiles: every warp computes the one
  // tile it holds a copy of.
  tiling.tilesM = std::max<int32_t>(1, int32_t(accShape[0]) /
                                           (tiling.tile * spec.warpsPerCTA[0]));
  tiling.tilesN = std::max<int32_t>(1, int32_t(accShape[1]) /
                                           (tiling.tile * spec.warpsPerCTA[1]));
  tiling.kSteps = int32_t(op.getA().getType().getShape()[1]) /
                  (tiling.kWidth * (64 / tiling.tile));
  return tiling;
}

void gluonc::amd::populateMfmaOpToLLVMPatterns(
    GluonLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<MfmaOpConversion>(converter);
}
