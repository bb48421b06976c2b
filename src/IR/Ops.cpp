//===- Ops.cpp - The gluon ops every target lowers ------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The definitions ODS generates for GluonOps.td, their registration, and
// the verifiers of the ops that have no file of their own. NVIDIA's and
// AMD's ops are defined in NvidiaOps.cpp and AMDOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "OpVerifiers.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::gluon;

GLUONC_BEGIN_GENERATED_CODE
#define GET_OP_CLASSES
#include "gluonc/IR/GluonOps.cpp.inc"
GLUONC_END_GENERATED_CODE

void GluonDialect::registerCommonOps() {
  addOperations<
#define GET_OP_LIST
#include "gluonc/IR/GluonOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

LogicalResult mlir::gluon::verifySameShapeAndLayout(Operation *op,
                                                    StringRef lhsName, Type lhs,
                                                    StringRef rhsName,
                                                    Type rhs) {
  auto lhsTensor = dyn_cast<RankedTensorType>(lhs);
  auto rhsTensor = dyn_cast<RankedTensorType>(rhs);
  if (!lhsTensor && !rhsTensor)
    return success();
  if (!lhsTensor || !rhsTensor)
    return op->emitOpError()
           << "expects " << lhsName << " and " << rhsName
           << " to be both tensors or both scalars, got " << lhs << " and "
           << rhs;
  if (lhsTensor.getShape() != rhsTensor.getShape())
    return op->emitOpError() << "shape mismatch: " << lhsName << " is "
                             << lhs << ", " << rhsName << " is " << rhs;
  if (lhsTensor.getEncoding() != rhsTensor.getEncoding())
    return op->emitOpError()
           << "layout mismatch: " << lhsName << " has layout "
           << layoutToString(lhsTensor.getEncoding()) << ", " << rhsName
           << " has layout " << layoutToString(rhsTensor.getEncoding());
  return success();
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

LogicalResult ArangeOp::verify() {
  auto type = getResult().getType();
  int64_t start = getStart(), end = getEnd();
  if (type.getRank() != 1)
    return emitOpError() << "result must be 1-D, got " << type;
  if (!type.getElementType().isInteger(32))
    return emitOpError() << "result elements must be i32, got "
                         << type.getElementType();
  if (end <= start)
    return emitOpError() << "end (" << end << ") must be greater than start ("
                         << start << ")";
  if (!gluonc::isPowerOf2(end - start))
    return emitOpError() << "range length " << end - start
                         << " must be a power of two";
  if (type.getDimSize(0) != end - start)
    return emitOpError() << "result has " << type.getDimSize(0)
                         << " elements, the range " << end - start;
  return success();
}

LogicalResult SplatOp::verify() {
  Type element = getResult().getType().getElementType();
  if (getSrc().getType() != element)
    return emitOpError() << "source type " << getSrc().getType()
                         << " differs from the result's element type "
                         << element;
  return success();
}

LogicalResult BroadcastOp::verify() {
  auto src = getSrc().getType();
  auto dst = getResult().getType();
  if (src.getElementType() != dst.getElementType())
    return emitOpError() << "element types differ: " << src << " -> " << dst;
  if (src.getRank() != dst.getRank())
    return emitOpError() << "ranks differ: " << src << " -> " << dst;
  if (src.getEncoding() != dst.getEncoding())
    return emitOpError() << "layout mismatch: source has layout "
                         << layoutToString(src.getEncoding())
                         << ", result has layout "
                         << layoutToString(dst.getEncoding());
  for (int64_t d = 0; d < src.getRank(); ++d)
    if (src.getDimSize(d) != 1 && src.getDimSize(d) != dst.getDimSize(d))
      return emitOpError() << "dimension " << d << " of size "
                           << src.getDimSize(d) << " cannot broadcast to "
                           << dst.getDimSize(d);
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  auto src = getSrc().getType();
  auto dst = getResult().getType();
  int64_t axis = getAxis();
  if (dst.getRank() != src.getRank() + 1)
    return emitOpError() << "result rank must be the source rank plus one";
  if (axis < 0 || axis >= dst.getRank())
    return emitOpError() << "axis " << axis << " out of range";
  SmallVector<int64_t> expected(src.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (ArrayRef<int64_t>(expected) != dst.getShape())
    return emitOpError() << "result shape must be the source shape with a 1 "
                            "inserted at "
                         << axis << ": " << src << " -> " << dst;
  if (src.getElementType() != dst.getElementType())
    return emitOpError() << "element types differ: " << src << " -> " << dst;
  // Both left to inference: gluon-resolve-auto-layouts makes them a slice
  // and its parent.
  if (hasAutoLayout(src) && hasAutoLayout(dst))
    return success();
  auto slice = dyn_cast<SliceLayoutAttr>(src.getEncoding());
  if (!slice || slice.getDim() != axis || slice.getParent() != dst.getEncoding())
    return emitOpError() << "layout mismatch: the source layout must be a "
                            "slice along "
                         << axis << " of the result layout; source has "
                         << layoutToString(src.getEncoding())
                         << ", result has "
                         << layoutToString(dst.getEncoding());
  return success();
}

LogicalResult SetAutoLayoutOp::verify() {
  auto src = getSrc().getType();
  auto dst = getResult().getType();
  if (!hasAutoLayout(src))
    return emitOpError() << "source must be in #gluon.auto, got "
                         << layoutToString(src.getEncoding());
  if (hasAutoLayout(dst))
    return emitOpError() << "result needs a concrete layout, got #gluon.auto";
  if (src.getShape() != dst.getShape() ||
      src.getElementType() != dst.getElementType())
    return emitOpError() << "only the layout may change: " << src << " -> "
                         << dst;
  if (getLayout(dst).getRank() != dst.getRank())
    return emitOpError() << "layout " << layoutToString(dst.getEncoding())
                         << " is not of rank " << dst.getRank();
  return success();
}

LogicalResult AddPtrOp::verify() {
  return verifySameShapeAndLayout(*this, "ptr", getPtr().getType(), "offset",
                                  getOffset().getType());
}

LogicalResult LoadOp::verify() {
  Type ptrType = getPtr().getType();
  Type expected = getPointeeType(ptrType);
  if (getResult().getType() != expected)
    return emitOpError() << "result type " << getResult().getType()
                         << " must be the pointee type " << expected;
  if (getMask() && failed(verifySameShapeAndLayout(
                       *this, "ptr", ptrType, "mask", getMask().getType())))
    return failure();
  if (getOther() && getOther().getType() != expected)
    return emitOpError() << "'other' has type " << getOther().getType()
                         << ", the loaded values " << expected;
  return success();
}

LogicalResult StoreOp::verify() {
  Type ptrType = getPtr().getType();
  if (failed(verifySameShapeAndLayout(*this, "ptr", ptrType, "value",
                                      getValue().getType())))
    return failure();
  Type expected = getPointeeType(ptrType);
  if (getValue().getType() != expected)
    return emitOpError() << "value type " << getValue().getType()
                         << " must be the pointee type " << expected;
  if (getMask() && failed(verifySameShapeAndLayout(
                       *this, "ptr", ptrType, "mask", getMask().getType())))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Layout conversions and products (reduce and scan: ReduceAndScanOps.cpp)
//===----------------------------------------------------------------------===//

LogicalResult ConvertLayoutOp::verify() {
  auto src = getSrc().getType();
  auto dst = getResult().getType();
  if (src.getShape() != dst.getShape() ||
      src.getElementType() != dst.getElementType())
    return emitOpError() << "converts only the layout: " << src << " -> "
                         << dst;
  if (cast<LayoutAttrInterface>(src.getEncoding()).getRank() !=
      cast<LayoutAttrInterface>(dst.getEncoding()).getRank())
    return emitOpError("layouts of different ranks");
  return success();
}

LogicalResult DotFmaOp::verify() {
  auto a = getA().getType(), b = getB().getType(), acc = getAcc().getType();
  unsigned rank = acc.getRank();
  if (rank < 2 || a.getRank() != rank || b.getRank() != rank)
    return emitOpError() << "expects operands of one rank, 2 or more, got "
                         << a << ", " << b << " and " << acc;
  ArrayRef<int64_t> as = a.getShape(), bs = b.getShape(), cs = acc.getShape();
  bool shapesAgree = as[rank - 2] == cs[rank - 2] &&
                     bs[rank - 1] == cs[rank - 1] &&
                     as[rank - 1] == bs[rank - 2];
  for (unsigned d = 0; d + 2 < rank; ++d)
    shapesAgree &= as[d] == cs[d] && bs[d] == cs[d];
  if (!shapesAgree)
    return emitOpError() << "shapes do not multiply: " << a << " @ " << b
                         << " into " << acc;
  if (!isa<BlockedLayoutAttr>(acc.getEncoding()))
    return emitOpError() << "the accumulator needs a blocked layout, got "
                         << layoutToString(acc.getEncoding());
  RankedTensorType operands[] = {a, b};
  for (auto [index, type] : llvm::enumerate(operands)) {
    auto layout = dyn_cast<DotOperandLayoutAttr>(type.getEncoding());
    if (!layout || layout.getOpIdx() != index ||
        layout.getParent() != acc.getEncoding())
      return emitOpError() << "operand " << index << " needs the layout "
                           << "#gluon.dot_op<{opIdx = " << index
                           << ", parent = the accumulator's layout}>, got "
                           << layoutToString(type.getEncoding());
  }
  if (a.getElementType() != acc.getElementType() ||
      b.getElementType() != acc.getElementType())
    return emitOpError() << "operands and accumulator must have one element "
                            "type, got "
                         << a.getElementType() << ", " << b.getElementType()
                         << " and " << acc.getElementType();
  if (isa<Float8E4M3FNType, Float8E5M2Type>(acc.getElementType()))
    return emitOpError("cannot accumulate in float8");
  return success();
}

LogicalResult PredicatedOp::verify() {
  auto yield = dyn_cast<PredicatedYieldOp>(getBody().front().getTerminator());
  if (!yield)
    return emitOpError("body must end in gluon.predicated.yield");
  if (getFallback().getTypes() != getResultTypes())
    return emitOpError("needs one fallback value per result, of its type");
  if (yield.getResults().getTypes() != getResultTypes())
    return emitOpError("body yields ")
           << yield.getResults().size()
           << " values that do not match the results";
  return success();
}
