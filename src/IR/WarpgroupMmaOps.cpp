//===- WarpgroupMmaOps.cpp - gluon.warpgroup_mma and its wait -------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// planWarpgroupMma checks, in order: the accumulator's layout and type, the
// operands' types, the instruction shape against the element type, the
// warps against warpgroups, the shapes against the tiles, and last the
// shared layouts against wgmma's matrix descriptors, over every tile that
// some warpgroup reads (WarpgroupMma.h).
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/WarpgroupMma.h"

#include "gluonc/IR/MemDesc.h"
#include "gluonc/IR/NvidiaOps.h"

using namespace mlir;
using namespace mlir::gluon;

namespace {

/// PTX's name of a wgmma operand type; empty for one wgmma does not take.
std::string getOperandTypeName(Type type) {
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "tf32";
  if (isa<Float8E4M3FNType>(type))
    return "e4m3";
  if (isa<Float8E5M2Type>(type))
    return "e5m2";
  return "";
}

/// Why `type` cannot be a shared-memory operand: wgmma's descriptors
/// address a whole buffer starting on a swizzle period, which only NVMMA
/// allocations guarantee (getAllocationAlignment).
std::string checkSharedOperand(MemDescType type, const char *name) {
  if (type.getRank() != 2)
    return std::string("warpgroup_mma's `") + name +
           "` must have rank 2, got " + typeToString(type);
  if (!isa<NVMMASharedLayoutAttr>(type.getLayout()))
    return std::string("warpgroup_mma's `") + name +
           "` must be in an NVMMASharedLayout, got " + typeToString(type);
  if (isRowView(type))
    return std::string("warpgroup_mma's `") + name +
           "` is a row of a dimension its layout lays out, which only "
           "loads and stores take (" +
           typeToString(type) + ")";
  if (type.getShape() != type.getAllocShape())
    return std::string("not supported yet: a subslice as warpgroup_mma's `") +
           name + "` (" + typeToString(type) + ")";
  return "";
}

std::string list(ArrayRef<int32_t> values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

/// Why the accumulator's layout and shape do not make whole wgmma tiles.
std::string checkTiles(const gluonc::NvidiaMmaLayoutSpec &layout,
                       ArrayRef<int64_t> accShape, int64_t k, int64_t aK,
                       unsigned elementBits) {
  if (layout.instrShape.size() != 3 || layout.instrShape[0] != 16)
    return "a wgmma accumulator's instr_shape is [16, n, k], got " +
           list(layout.instrShape);
  int64_t n = layout.instrShape[1];
  if (std::string problem = gluonc::checkWgmmaInstrN(n); !problem.empty())
    return problem;
  if (layout.instrShape[2] * int64_t(elementBits) != 256)
    return "wgmma's k (instr_shape[2]) is 256 / " +
           std::to_string(elementBits) + " = " +
           std::to_string(256 / elementBits) + " for " +
           std::to_string(elementBits) + "-bit operands, got " +
           std::to_string(layout.instrShape[2]);
  if (layout.warpsPerCTA[0] % gluonc::kWarpGroupWarps != 0)
    return "a warpgroup's " + std::to_string(gluonc::kWarpGroupWarps) +
           " warps split M: warps_per_cta[0] must be a multiple of " +
           std::to_string(gluonc::kWarpGroupWarps) + ", got " +
           list(layout.warpsPerCTA);
  int64_t tileM = 16 * int64_t(layout.warpsPerCTA[0]);
  int64_t tileN = n * int64_t(layout.warpsPerCTA[1]);
  if (accShape[0] % tileM != 0 || accShape[1] % tileN != 0)
    return "the accumulator [" + std::to_string(accShape[0]) + ", " +
           std::to_string(accShape[1]) +
           "] is not a whole number of the layout's " + std::to_string(tileM) +
           " x " + std::to_string(tileN) +
           " tiles (16 rows per warp along M, instr_shape[1] columns per "
           "warp along N)";
  if (aK % k != 0)
    return "K = " + std::to_string(aK) + " is not a multiple of wgmma's k = " +
           std::to_string(k);
  return "";
}

/// Every tile of an operand that some warpgroup reads, and whether each
/// splits into warpgroup 0's tile plus a warpgroup's own offset (so that
/// the lowering adds one run-time offset to constant addresses).
gluonc::WgmmaOperandTiles getTiles(const WarpgroupMmaPlan &plan, unsigned opIdx,
                                   std::vector<gluonc::Coord> &warpParts) {
  gluonc::WgmmaOperandTiles tiles;
  tiles.mnDim = opIdx == 0 ? 0 : 1;
  tiles.mnTile = opIdx == 0 ? 64 : plan.instrN;
  tiles.kTile = plan.instrK;
  tiles.allowMNMajor = plan.elementBytes == 2;
  warpParts.clear();
  if (opIdx == 0) {
    for (unsigned g = 0; g < plan.getWarpgroupsM(); ++g)
      warpParts.push_back(plan.getAWarpgroupOrigin(g));
  } else {
    for (unsigned wn = 0; wn < plan.getWarpsN(); ++wn)
      warpParts.push_back(plan.getBWarpgroupOrigin(wn));
  }
  for (const gluonc::Coord &warp : warpParts)
    for (int64_t rep = 0; rep < (opIdx == 0 ? plan.mReps : plan.nReps); ++rep)
      for (int64_t step = 0; step < plan.kSteps; ++step) {
        gluonc::Coord origin = opIdx == 0 ? plan.getATileOrigin(rep, step)
                                          : plan.getBTileOrigin(step, rep);
        origin[0] += warp[0];
        origin[1] += warp[1];
        tiles.origins.push_back(origin);
      }
  return tiles;
}

/// The mode of a shared operand; std::nullopt with `problem` set.
std::optional<gluonc::WgmmaOperandMode>
planOperand(const WarpgroupMmaPlan &plan, MemDescType type, unsigned opIdx,
            std::string &problem) {
  std::vector<gluonc::Coord> warpParts;
  gluonc::WgmmaOperandTiles tiles = getTiles(plan, opIdx, warpParts);
  gluonc::SharedLayout layout = type.getSharedLayout();
  auto mode = gluonc::findWgmmaOperandMode(layout, plan.elementBytes, tiles,
                                           problem);
  const char *name = opIdx == 0 ? "a" : "b";
  if (!mode) {
    problem = std::string("warpgroup_mma's `") + name + "` (" +
              typeToString(type) + "): " + problem;
    return std::nullopt;
  }
  // A tile's address is warpgroup 0's plus the warpgroup's own offset.
  size_t perWarp = tiles.origins.size() / warpParts.size();
  for (size_t w = 0; w < warpParts.size(); ++w)
    for (size_t t = 0; t < perWarp; ++t) {
      const gluonc::Coord &origin = tiles.origins[w * perWarp + t];
      const gluonc::Coord &base = tiles.origins[t];
      if (layout.getOffset(origin) !=
          layout.getOffset(base) + layout.getOffset(warpParts[w])) {
        problem = std::string("warpgroup_mma's `") + name + "` (" +
                  typeToString(type) +
                  "): the layout does not place each warpgroup's tiles at "
                  "one fixed distance from warpgroup 0's";
        return std::nullopt;
      }
    }
  return mode;
}

} // namespace

gluonc::Coord WarpgroupMmaPlan::getATileOrigin(int64_t mRep,
                                               int64_t kStep) const {
  return {int32_t(mRep * 16 * getWarpsM()), int32_t(kStep * instrK)};
}

gluonc::Coord WarpgroupMmaPlan::getBTileOrigin(int64_t kStep,
                                               int64_t nRep) const {
  return {int32_t(kStep * instrK), int32_t(nRep * instrN * getWarpsN())};
}

gluonc::Coord WarpgroupMmaPlan::getAWarpgroupOrigin(unsigned g) const {
  return {int32_t(64 * g), 0};
}

gluonc::Coord WarpgroupMmaPlan::getBWarpgroupOrigin(unsigned wn) const {
  return {0, int32_t(instrN * wn)};
}

std::optional<WarpgroupMmaPlan>
mlir::gluon::planWarpgroupMma(Type a, Type b, Type acc, std::string &problem) {
  auto accType = dyn_cast<RankedTensorType>(acc);
  auto nvmma = accType ? dyn_cast_or_null<NVMMADistributedLayoutAttr>(
                             accType.getEncoding())
                       : NVMMADistributedLayoutAttr();
  WarpgroupMmaPlan plan;
  if (nvmma)
    plan.layout = nvmma.toSpec();
  if (!nvmma || plan.layout.getMajorVersion() != 3 || accType.getRank() != 2) {
    problem = "warpgroup_mma's accumulator must be a 2-D tensor in an "
              "NVMMADistributedLayout of version [3, 0], got " +
              typeToString(acc);
    return std::nullopt;
  }
  Type accElement = accType.getElementType();
  if (!accElement.isF32() && !accElement.isF16()) {
    problem =
        "wgmma accumulates in fp32 or fp16, got " + typeToString(accElement);
    return std::nullopt;
  }
  plan.accType = accElement.isF32() ? "f32" : "f16";
  auto bType = dyn_cast<MemDescType>(b);
  if (!bType) {
    problem = "warpgroup_mma's `b` must be in shared memory, got " +
              typeToString(b);
    return std::nullopt;
  }
  auto aShared = dyn_cast<MemDescType>(a);
  auto aTensor = dyn_cast<RankedTensorType>(a);
  if (!aShared && !aTensor) {
    problem = "warpgroup_mma's `a` must be a tensor or a shared memory "
              "descriptor, got " +
              typeToString(a);
    return std::nullopt;
  }
  if (aShared)
    if (std::string why = checkSharedOperand(aShared, "a"); !why.empty()) {
      problem = why;
      return std::nullopt;
    }
  if (std::string why = checkSharedOperand(bType, "b"); !why.empty()) {
    problem = why;
    return std::nullopt;
  }
  Type element =
      aShared ? aShared.getElementType() : aTensor.getElementType();
  if (element != bType.getElementType()) {
    problem = "warpgroup_mma's operands have different element types: " +
              typeToString(element) + " and " +
              typeToString(bType.getElementType());
    return std::nullopt;
  }
  plan.operandType = getOperandTypeName(element);
  if (plan.operandType.empty()) {
    problem = "wgmma multiplies f16, bf16, f32 (as tf32), f8E4M3FN or "
              "f8E5M2 operands, got " +
              typeToString(element);
    return std::nullopt;
  }
  // PTX's wgmma takes an f16 accumulator for f16 and fp8 operands only.
  if (plan.accType == "f16" && plan.operandType != "f16" &&
      plan.operandType != "e4m3" && plan.operandType != "e5m2") {
    problem = "wgmma accumulates " + typeToString(element) +
              " operands in fp32 only, got an fp16 accumulator";
    return std::nullopt;
  }
  unsigned bits = element.getIntOrFloatBitWidth();
  plan.elementBytes = bits / 8;
  if (aTensor) {
    // In registers: the accumulator's dot operand layout, one 32-bit
    // register of elements along K per fragment entry.
    auto dot = dyn_cast_or_null<DotOperandLayoutAttr>(aTensor.getEncoding());
    unsigned kWidth = 32 / bits;
    if (!dot || dot.getOpIdx() != 0 || dot.getParent() != nvmma ||
        dot.getKWidth() != kWidth) {
      problem = "warpgroup_mma's `a` in registers must be in "
                "DotOperandLayout(operand_index=0, parent=<the accumulator's "
                "layout>, k_width=" +
                std::to_string(kWidth) + "), got " + typeToString(a);
      return std::nullopt;
    }
  }
  ArrayRef<int64_t> accShape = accType.getShape();
  ArrayRef<int64_t> aShape =
      aShared ? aShared.getShape() : aTensor.getShape();
  ArrayRef<int64_t> bShape = bType.getShape();
  if (aShape[0] != accShape[0] || bShape[1] != accShape[1] ||
      aShape[1] != bShape[0]) {
    problem = "warpgroup_mma's shapes do not match: a " + typeToString(a) +
              ", b " + typeToString(b) + ", accumulator " + typeToString(acc);
    return std::nullopt;
  }
  problem = checkTiles(plan.layout, accShape, 256 / bits, aShape[1], bits);
  if (!problem.empty())
    return std::nullopt;
  plan.instrN = plan.layout.instrShape[1];
  plan.instrK = plan.layout.instrShape[2];
  plan.mReps = accShape[0] / (16 * plan.getWarpsM());
  plan.nReps = accShape[1] / (plan.instrN * plan.getWarpsN());
  plan.kSteps = aShape[1] / plan.instrK;
  if (aShared) {
    plan.aMode = planOperand(plan, aShared, 0, problem);
    if (!plan.aMode)
      return std::nullopt;
  }
  auto bMode = planOperand(plan, bType, 1, problem);
  if (!bMode)
    return std::nullopt;
  plan.bMode = *bMode;
  return plan;
}

std::string mlir::gluon::checkWarpgroupMmaDependency(Type type) {
  if (isa<RankedTensorType, MemDescType>(type))
    return "";
  return "warpgroup_mma_wait's dependencies are tensors and shared memory "
         "descriptors, got " +
         typeToString(type);
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult WarpgroupMmaOp::verify() {
  std::string problem;
  if (!planWarpgroupMma(getA().getType(), getB().getType(), getAcc().getType(),
                        problem))
    return emitOpError(problem);
  return success();
}

LogicalResult WarpgroupMmaWaitOp::verify() {
  for (Type type : getDeps().getTypes())
    if (std::string problem = checkWarpgroupMmaDependency(type);
        !problem.empty())
      return emitOpError(problem);
  return success();
}

LogicalResult WarpgroupMmaWaitOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  for (Value operand : operands)
    inferredReturnTypes.push_back(operand.getType());
  return success();
}
