//===- AMDOps.cpp - The gluon ops only AMD lowers -------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The definitions ODS generates for GluonAMDOps.td, their registration,
// and the verifiers of gluon.mfma and of the buffer accesses. The warp
// pipelines' markers are verified in WarpPipelineOps.cpp, beside the stage
// helpers the frontend and the barrier pass share.
//
//===----------------------------------------------------------------------===//

#include "OpVerifiers.h"

#include "gluonc/IR/AMDOps.h"
#include "gluonc/Target/ArchInfo.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::gluon;

GLUONC_BEGIN_GENERATED_CODE
#define GET_OP_CLASSES
#include "gluonc/IR/GluonAMDOps.cpp.inc"
GLUONC_END_GENERATED_CODE

void GluonDialect::registerAMDOps() {
  addOperations<
#define GET_OP_LIST
#include "gluonc/IR/GluonAMDOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// MFMA and buffer accesses
//===----------------------------------------------------------------------===//

LogicalResult MfmaOp::verify() {
  auto a = getA().getType(), b = getB().getType(), acc = getAcc().getType();
  auto layout = dyn_cast<AMDMFMALayoutAttr>(acc.getEncoding());
  if (!layout)
    return emitOpError() << "the accumulator needs an MFMA layout, got "
                         << layoutToString(acc.getEncoding());
  RankedTensorType operands[] = {a, b};
  unsigned kWidth = 0;
  for (auto [index, type] : llvm::enumerate(operands)) {
    auto dot = dyn_cast<DotOperandLayoutAttr>(type.getEncoding());
    bool validWidth = dot && (dot.getKWidth() == 4 || dot.getKWidth() == 8) &&
                      (index == 0 || dot.getKWidth() == kWidth);
    if (!dot || dot.getOpIdx() != index || dot.getParent() != layout ||
        !validWidth)
      return emitOpError() << "operand " << index << " needs the layout "
                           << "#gluon.dot_op<{opIdx = " << index
                           << ", parent = the accumulator's layout, kWidth = "
                              "4 or 8, both operands alike}>, got "
                           << layoutToString(type.getEncoding());
    kWidth = dot.getKWidth();
  }
  if (a.getRank() != 2 || b.getRank() != 2 ||
      a.getDimSize(0) != acc.getDimSize(0) ||
      b.getDimSize(1) != acc.getDimSize(1) ||
      a.getDimSize(1) != b.getDimSize(0))
    return emitOpError() << "shapes do not multiply: " << a << " @ " << b
                         << " into " << acc;
  Type element = a.getElementType();
  if (element != b.getElementType() || !(element.isF16() || element.isBF16()) ||
      !acc.getElementType().isF32())
    return emitOpError("needs fp16 or bf16 operands and an fp32 accumulator");
  gluonc::MfmaLayoutSpec spec = layout.toSpec();
  std::string tooSmall =
      spec.checkShape({int32_t(acc.getDimSize(0)), int32_t(acc.getDimSize(1))});
  int64_t instrK = int64_t(kWidth) * (64 / spec.instrShape[0]);
  if (!tooSmall.empty())
    return emitOpError() << tooSmall;
  if (a.getDimSize(1) % instrK != 0)
    return emitOpError() << "K must be a multiple of " << instrK;
  // The target's instructions, when the module names an architecture a
  // registered target describes.
  if (const gluonc::ArchInfo *arch = getTargetArchInfo(*this))
    if (std::string problem = spec.checkInstruction(*arch, kWidth);
        !problem.empty())
      return emitOpError() << "with " << problem;
  return success();
}

static LogicalResult verifyBufferAccess(Operation *op, Type ptrType,
                                        RankedTensorType offsets,
                                        Type elementType, Value mask) {
  if (!offsets.getElementType().isInteger(32))
    return op->emitOpError() << "offsets must be i32, got " << offsets;
  if (getPointeeType(ptrType) != elementType)
    return op->emitOpError()
           << "the pointer's element type " << getPointeeType(ptrType)
           << " is not the data's " << elementType;
  if (mask)
    return verifySameShapeAndLayout(op, "offsets", offsets, "mask",
                                    mask.getType());
  return success();
}

LogicalResult BufferLoadOp::verify() {
  auto result = getResult().getType();
  if (failed(verifySameShapeAndLayout(*this, "offsets", getOffsets().getType(),
                                      "result", result)))
    return failure();
  if (getOther() && getOther().getType() != result)
    return emitOpError() << "other must have the result's type " << result;
  return verifyBufferAccess(*this, getPtr().getType(), getOffsets().getType(),
                            result.getElementType(), getMask());
}

LogicalResult BufferLoadToLocalOp::verify() {
  MemDescType dst = getDst().getType();
  RankedTensorType offsets = getOffsets().getType();
  if (offsets.getShape() != dst.getShape())
    return emitOpError() << "offsets " << offsets << " and shared memory "
                         << dst << " must have one shape";
  return verifyBufferAccess(*this, getPtr().getType(), offsets,
                            dst.getElementType(), getMask());
}

LogicalResult BufferStoreOp::verify() {
  auto value = getValue().getType();
  if (failed(verifySameShapeAndLayout(*this, "offsets", getOffsets().getType(),
                                      "value", value)))
    return failure();
  return verifyBufferAccess(*this, getPtr().getType(), getOffsets().getType(),
                            value.getElementType(), getMask());
}
