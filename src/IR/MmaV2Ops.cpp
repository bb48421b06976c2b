//===- MmaV2Ops.cpp - gluon.mma_v2 ----------------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// planMmaV2 checks, in order: the accumulator's layout, the operands'
// types against the instructions mma.sync has, the operands' layouts
// (the accumulator's dot operand layouts with kWidth 32 / element bits),
// the shapes, and last that the accumulator is whole tiles and K whole
// instruction steps (MmaV2.h).
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/MmaV2.h"

#include "gluonc/IR/NvidiaOps.h"

using namespace mlir;
using namespace mlir::gluon;

namespace {

/// PTX's names of the operand and accumulator types of an mma.sync that
/// multiplies `operand` into `acc`; false for a pair it has no
/// instruction for.
bool getTypeNames(Type operand, Type acc, MmaV2Plan &plan) {
  if (operand.isF16() && (acc.isF32() || acc.isF16())) {
    plan.operandType = "f16";
    plan.accType = acc.isF32() ? "f32" : "f16";
    return true;
  }
  if (operand.isBF16() && acc.isF32()) {
    plan.operandType = "bf16";
    plan.accType = "f32";
    return true;
  }
  if (operand.isF32() && acc.isF32()) {
    plan.operandType = "tf32";
    plan.accType = "f32";
    return true;
  }
  if (operand.isInteger(8) && acc.isInteger(32)) {
    plan.operandType = "s8";
    plan.accType = "s32";
    return true;
  }
  return false;
}

/// Why `type` is not operand `opIdx` of an MMA with accumulator layout
/// `parent`: it must be in DotOperandLayout(opIdx, parent, kWidth).
std::string checkOperandLayout(RankedTensorType type, unsigned opIdx,
                               NVMMADistributedLayoutAttr parent,
                               unsigned kWidth) {
  auto dot = dyn_cast_or_null<DotOperandLayoutAttr>(type.getEncoding());
  if (dot && dot.getOpIdx() == opIdx && dot.getParent() == parent &&
      dot.getKWidth() == kWidth)
    return "";
  return std::string("mma_v2's `") + (opIdx == 0 ? "a" : "b") +
         "` must be in DotOperandLayout(operand_index=" +
         std::to_string(opIdx) +
         ", parent=<the accumulator's layout>, k_width=" +
         std::to_string(kWidth) + "), got " + typeToString(type);
}

} // namespace

gluonc::Coord MmaV2Plan::getATileOrigin(int64_t mRep, int64_t kStep) const {
  return {int32_t(mRep * 16 * getWarpsM()), int32_t(kStep * instrK)};
}

gluonc::Coord MmaV2Plan::getBTileOrigin(int64_t kStep, int64_t nRep) const {
  return {int32_t(kStep * instrK), int32_t(nRep * 8 * getWarpsN())};
}

gluonc::Coord MmaV2Plan::getAccTileOrigin(int64_t mRep, int64_t nRep) const {
  return {int32_t(mRep * 16 * getWarpsM()), int32_t(nRep * 8 * getWarpsN())};
}

gluonc::Coord MmaV2Plan::getAFragmentOffset(int64_t i) const {
  int64_t width = kWidth, reg = i / width;
  return {int32_t(8 * (reg % 2)), int32_t(i % width + 4 * width * (reg / 2))};
}

gluonc::Coord MmaV2Plan::getBFragmentOffset(int64_t i) const {
  int64_t width = kWidth;
  return {int32_t(i % width + 4 * width * (i / width)), 0};
}

gluonc::Coord MmaV2Plan::getAccFragmentOffset(int64_t i) {
  return {int32_t(8 * (i / 2)), int32_t(i % 2)};
}

std::optional<MmaV2Plan> mlir::gluon::planMmaV2(Type a, Type b, Type acc,
                                                std::string &problem) {
  auto accType = dyn_cast<RankedTensorType>(acc);
  auto nvmma =
      accType
          ? dyn_cast_or_null<NVMMADistributedLayoutAttr>(accType.getEncoding())
          : NVMMADistributedLayoutAttr();
  MmaV2Plan plan;
  if (nvmma)
    plan.layout = nvmma.toSpec();
  if (!nvmma || plan.layout.getMajorVersion() != 2 || accType.getRank() != 2) {
    problem = "mma_v2's accumulator must be a 2-D tensor in an "
              "NVMMADistributedLayout of version [2, 0], got " +
              typeToString(acc);
    return std::nullopt;
  }
  auto aType = dyn_cast<RankedTensorType>(a);
  auto bType = dyn_cast<RankedTensorType>(b);
  if (!aType || !bType || aType.getRank() != 2 || bType.getRank() != 2) {
    problem = "mma_v2's operands must be 2-D tensors, got " + typeToString(a) +
              " and " + typeToString(b);
    return std::nullopt;
  }
  Type element = aType.getElementType();
  if (element != bType.getElementType() ||
      !getTypeNames(element, accType.getElementType(), plan)) {
    problem = "mma_v2 multiplies f16 into f32 or f16, bf16 into f32, f32 "
              "(as tf32) into f32, or i8 into i32; got " +
              typeToString(element) + " x " +
              typeToString(bType.getElementType()) + " into " +
              typeToString(accType.getElementType());
    return std::nullopt;
  }
  plan.kWidth = 32 / element.getIntOrFloatBitWidth();
  plan.instrK = 8 * plan.kWidth;
  for (auto [opIdx, type] :
       llvm::enumerate(SmallVector<RankedTensorType>{aType, bType}))
    if (std::string why = checkOperandLayout(type, opIdx, nvmma, plan.kWidth);
        !why.empty()) {
      problem = why;
      return std::nullopt;
    }
  ArrayRef<int64_t> accShape = accType.getShape();
  if (aType.getDimSize(0) != accShape[0] ||
      bType.getDimSize(1) != accShape[1] ||
      aType.getDimSize(1) != bType.getDimSize(0)) {
    problem = "mma_v2's shapes do not match: a " + typeToString(a) + ", b " +
              typeToString(b) + ", accumulator " + typeToString(acc);
    return std::nullopt;
  }
  int64_t tileM = 16 * int64_t(plan.getWarpsM());
  int64_t tileN = 8 * int64_t(plan.getWarpsN());
  if (accShape[0] % tileM != 0 || accShape[1] % tileN != 0) {
    problem = "the accumulator [" + std::to_string(accShape[0]) + ", " +
              std::to_string(accShape[1]) +
              "] is not a whole number of the layout's " +
              std::to_string(tileM) + " x " + std::to_string(tileN) +
              " tiles (16 rows and 8 columns per warp)";
    return std::nullopt;
  }
  int64_t k = aType.getDimSize(1);
  if (k % plan.instrK != 0) {
    problem =
        "K = " + std::to_string(k) +
        " is not a multiple of mma.sync's k = " + std::to_string(plan.instrK) +
        " for " + plan.operandType + " operands";
    return std::nullopt;
  }
  plan.mReps = accShape[0] / tileM;
  plan.nReps = accShape[1] / tileN;
  plan.kSteps = k / plan.instrK;
  return plan;
}

//===----------------------------------------------------------------------===//
// Verifier and result type
//===----------------------------------------------------------------------===//

LogicalResult MmaV2Op::verify() {
  std::string problem;
  if (!planMmaV2(getA().getType(), getB().getType(), getAcc().getType(),
                 problem))
    return emitOpError(problem);
  return success();
}

LogicalResult MmaV2Op::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferredReturnTypes) {
  if (operands.size() != 3)
    return failure();
  // The result is the accumulator, updated.
  inferredReturnTypes.push_back(operands[2].getType());
  return success();
}
