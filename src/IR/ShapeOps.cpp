//===- ShapeOps.cpp - The register-renaming shape ops ---------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/LayoutInference.h"

using namespace mlir;
using namespace mlir::gluon;

static std::vector<int32_t> toInt32(ArrayRef<int64_t> values) {
  return std::vector<int32_t>(values.begin(), values.end());
}

static SmallVector<unsigned> toUnsigned(const std::vector<int32_t> &values) {
  return SmallVector<unsigned>(values.begin(), values.end());
}

static BlockedLayoutAttr getBlocked(MLIRContext *context,
                                    const gluonc::BlockedLayoutSpec &spec) {
  return BlockedLayoutAttr::get(
      context, toUnsigned(spec.sizePerThread), toUnsigned(spec.threadsPerWarp),
      toUnsigned(spec.warpsPerCTA), toUnsigned(spec.order));
}

static gluonc::LinearLayout getLinear(LayoutAttrInterface layout,
                                      ArrayRef<int64_t> shape) {
  return layout.toLinearLayout(shape);
}

//===----------------------------------------------------------------------===//
// Layout inference
//===----------------------------------------------------------------------===//

Attribute mlir::gluon::inferPermuteLayout(LayoutAttrInterface layout,
                                          ArrayRef<int64_t> shape,
                                          ArrayRef<int32_t> order) {
  std::vector<int32_t> dims(order.begin(), order.end());
  if (auto blocked = dyn_cast<BlockedLayoutAttr>(layout))
    return getBlocked(layout.getContext(),
                      gluonc::permuteBlocked(blocked.toSpec(), dims));
  return LinearLayoutAttr::get(
      layout.getContext(),
      gluonc::permuteLayout(getLinear(layout, shape), dims));
}

Attribute mlir::gluon::inferReshapeLayout(LayoutAttrInterface layout,
                                          ArrayRef<int64_t> shape,
                                          ArrayRef<int64_t> newShape) {
  if (shape == newShape)
    return layout;
  gluonc::LinearLayout reshaped =
      gluonc::reshapeLayout(getLinear(layout, shape), toInt32(newShape));
  // Like Triton, a blocked source keeps a blocked result when one holds
  // the same elements in the same threads.
  if (isa<BlockedLayoutAttr>(layout))
    if (auto spec = gluonc::matchBlockedLayout(reshaped))
      return getBlocked(layout.getContext(), *spec);
  return LinearLayoutAttr::get(layout.getContext(), std::move(reshaped));
}

/// The parent of a slice along the last dimension when joining undoes the
/// split that made the slice's layout, as Triton infers.
static Attribute getJoinedSliceParent(SliceLayoutAttr slice,
                                      ArrayRef<int64_t> shape) {
  if (slice.getDim() != shape.size())
    return {};
  SmallVector<int64_t> joinedShape(shape);
  joinedShape.push_back(2);
  std::string why;
  std::optional<gluonc::LinearLayout> split = gluonc::splitLayout(
      getLinear(slice.getParent(), joinedShape), why);
  if (!split ||
      split->removeZeroBases(gluonc::HwDim::Register) !=
          getLinear(slice, shape).removeZeroBases(gluonc::HwDim::Register))
    return {};
  return slice.getParent();
}

Attribute mlir::gluon::inferJoinLayout(LayoutAttrInterface layout,
                                       ArrayRef<int64_t> shape) {
  if (auto blocked = dyn_cast<BlockedLayoutAttr>(layout))
    return getBlocked(layout.getContext(),
                      gluonc::joinBlocked(blocked.toSpec()));
  if (auto slice = dyn_cast<SliceLayoutAttr>(layout))
    if (Attribute parent = getJoinedSliceParent(slice, shape))
      return parent;
  return LinearLayoutAttr::get(layout.getContext(),
                               gluonc::joinLayout(getLinear(layout, shape)));
}

Attribute mlir::gluon::inferSplitLayout(LayoutAttrInterface layout,
                                        ArrayRef<int64_t> shape,
                                        std::string &why) {
  std::optional<gluonc::LinearLayout> split =
      gluonc::splitLayout(getLinear(layout, shape), why);
  if (!split)
    return {};
  if (auto blocked = dyn_cast<BlockedLayoutAttr>(layout))
    if (auto spec = gluonc::splitBlocked(blocked.toSpec()))
      return getBlocked(layout.getContext(), *spec);
  return LinearLayoutAttr::get(layout.getContext(), std::move(*split));
}

//===----------------------------------------------------------------------===//
// Register renaming
//===----------------------------------------------------------------------===//

std::optional<std::vector<gluonc::RegisterSource>>
mlir::gluon::planRegisterRenaming(Operation *op, unsigned resultIndex,
                                  std::string &why) {
  auto source = cast<RankedTensorType>(op->getOperand(0).getType());
  auto result = cast<RankedTensorType>(op->getResult(resultIndex).getType());
  gluonc::CoordToInput toInput;
  if (auto permute = dyn_cast<PermuteOp>(op))
    toInput = gluonc::permuteCoordMap(
        std::vector<int32_t>(permute.getOrder().begin(),
                             permute.getOrder().end()));
  else if (isa<ReshapeOp>(op))
    toInput = gluonc::reshapeCoordMap(toInt32(source.getShape()),
                                      toInt32(result.getShape()));
  else if (isa<JoinOp>(op))
    toInput = gluonc::joinCoordMap();
  else if (isa<SplitOp>(op))
    toInput = gluonc::splitCoordMap(resultIndex);
  else
    llvm_unreachable("not a register-renaming op");
  return gluonc::renameRegisters(getLinearLayout(source),
                                 getLinearLayout(result), toInput, why);
}

/// Whether a linear layout of `type` exists: a power-of-two shape of the
/// layout's rank. Other types are the layout verifier's to report.
static bool hasLinearLayout(Type type) {
  auto tensor = cast<RankedTensorType>(type);
  LayoutAttrInterface layout = getLayout(tensor);
  if (!layout || layout.getRank() != tensor.getRank())
    return false;
  return gluonc::checkShape(tensor.getShape().vec()).empty();
}

/// Checks that every element of result `resultIndex` stays in its thread.
static LogicalResult verifyRenaming(Operation *op, unsigned resultIndex) {
  if (!hasLinearLayout(op->getOperand(0).getType()) ||
      !hasLinearLayout(op->getResult(resultIndex).getType()))
    return success();
  std::string why;
  if (planRegisterRenaming(op, resultIndex, why))
    return success();
  auto source = cast<RankedTensorType>(op->getOperand(0).getType());
  auto result = cast<RankedTensorType>(op->getResult(resultIndex).getType());
  return op->emitOpError()
         << "result layout " << layoutToString(result.getEncoding())
         << " would move elements between threads from the source layout "
         << layoutToString(source.getEncoding()) << ": " << why;
}

static LogicalResult verifyElementType(Operation *op, RankedTensorType source,
                                       RankedTensorType result) {
  if (source.getElementType() != result.getElementType())
    return op->emitOpError() << "element types differ: " << source << " -> "
                             << result;
  return success();
}

LogicalResult ReshapeOp::verify() {
  RankedTensorType source = getSrc().getType(), result = getType();
  if (failed(verifyElementType(*this, source, result)))
    return failure();
  if (source.getNumElements() != result.getNumElements())
    return emitOpError() << "cannot reshape " << source.getNumElements()
                         << " elements into " << result.getNumElements()
                         << ": " << source << " -> " << result;
  return verifyRenaming(*this, 0);
}

LogicalResult PermuteOp::verify() {
  RankedTensorType source = getSrc().getType(), result = getType();
  if (failed(verifyElementType(*this, source, result)))
    return failure();
  std::vector<int32_t> order(getOrder().begin(), getOrder().end());
  std::string problem = gluonc::checkPermutation(order, source.getRank());
  if (!problem.empty())
    return emitOpError() << "order " << problem;
  for (size_t d = 0; d < order.size(); ++d)
    if (result.getDimSize(d) != source.getDimSize(order[d]))
      return emitOpError() << "result shape must be the source shape "
                              "permuted: "
                           << source << " -> " << result;
  return verifyRenaming(*this, 0);
}

LogicalResult JoinOp::verify() {
  RankedTensorType source = getLhs().getType(), result = getType();
  if (failed(verifyElementType(*this, source, result)))
    return failure();
  SmallVector<int64_t> expected(source.getShape());
  expected.push_back(2);
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape must be the operands' with a "
                            "last dimension of 2: "
                         << source << " -> " << result;
  return verifyRenaming(*this, 0);
}

LogicalResult SplitOp::verify() {
  RankedTensorType source = getSrc().getType(), result = getLhs().getType();
  if (failed(verifyElementType(*this, source, result)))
    return failure();
  if (source.getRank() < 2 || source.getShape().back() != 2)
    return emitOpError() << "the source's last dimension must be 2, with at "
                            "least one dimension before it: "
                         << source;
  if (result.getShape() != source.getShape().drop_back())
    return emitOpError() << "result shape must be the source's without its "
                            "last dimension: "
                         << source << " -> " << result;
  if (failed(verifyRenaming(*this, 0)))
    return failure();
  return verifyRenaming(*this, 1);
}
