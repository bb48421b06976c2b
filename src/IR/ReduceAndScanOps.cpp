//===- ReduceAndScanOps.cpp - gluon.reduce and gluon.scan -----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gluon.reduce and gluon.scan combine their sources along an axis with a
// combine region. They are verified the same way, written once here:
//
//  - the traits check that there is at least one source and that all share
//    one shape (SameOperandsShape) and one layout (SameOperandsEncoding);
//  - verifyReduceLike checks the axis and that each result has the type
//    the op infers (InferTypeOpInterface): a reduction drops the axis (the
//    source's layout sliced along it, or a scalar for a 1-D source), a scan
//    keeps the source's type. The inference is the one owner of the result
//    types: the builders, the verifier and the passes all ask it;
//  - verifyCombineRegion checks the combine region's signature against the
//    sources' element types.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/Dialect.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::gluon;

//===----------------------------------------------------------------------===//
// Shared type inference and verification
//===----------------------------------------------------------------------===//

/// The type reducing `type` along `axis` gives: the tensor without that
/// dimension in the sliced layout, or the element type for 1-D tensors.
static Type getReducedType(RankedTensorType type, unsigned axis) {
  if (type.getRank() == 1)
    return type.getElementType();
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + axis);
  // Left to inference, the result is too (gluon-resolve-auto-layouts
  // makes it the source's layout sliced along the axis).
  if (hasAutoLayout(type))
    return RankedTensorType::get(shape, type.getElementType(),
                                 type.getEncoding());
  auto sliced = SliceLayoutAttr::get(type.getContext(), axis,
                                     cast<LayoutAttrInterface>(
                                         type.getEncoding()));
  return RankedTensorType::get(shape, type.getElementType(), sliced);
}

namespace {
/// What a reduce-like op does to the type of each source.
enum class AxisEffect { Drop, Keep };
} // namespace

/// The result types of op `opName` on `srcs` along `axis`, one per source.
/// Fails, with a diagnostic at `loc` when there is one, where a source is
/// not a tensor with a gluon layout or `axis` is not one of its dimensions.
static LogicalResult inferReduceLikeTypes(std::optional<Location> loc,
                                          StringRef opName, ValueRange srcs,
                                          int64_t axis, AxisEffect effect,
                                          SmallVectorImpl<Type> &types) {
  for (Value src : srcs) {
    auto type = dyn_cast<RankedTensorType>(src.getType());
    if (!type || !getLayout(type))
      return emitOptionalError(loc, "'", opName,
                               "' op expects tensors with a gluon layout, got ",
                               src.getType());
    if (axis < 0 || axis >= type.getRank())
      return emitOptionalError(loc, "'", opName, "' op axis ", axis,
                               " is out of range for ", type);
    types.push_back(effect == AxisEffect::Drop ? getReducedType(type, axis)
                                               : Type(type));
  }
  return success();
}

/// The verifier gluon.reduce and gluon.scan share (their traits have
/// checked the sources' number, shapes and layouts): the axis, and one
/// result per source of the inferred type.
static LogicalResult verifyReduceLike(Operation *op, ValueRange srcs,
                                      IntegerAttr axis, AxisEffect effect) {
  SmallVector<Type> expected;
  if (failed(inferReduceLikeTypes(op->getLoc(), op->getName().getStringRef(),
                                  srcs, axis.getInt(), effect, expected)))
    return failure();
  if (op->getNumResults() != expected.size())
    return op->emitOpError() << "has " << srcs.size() << " sources but "
                             << op->getNumResults() << " results";
  for (auto [result, type] : llvm::zip_equal(op->getResults(), expected))
    if (result.getType() != type)
      return op->emitOpError() << "result type " << result.getType()
                               << " should be " << type;
  return success();
}

/// Checks the combine region of a reduce or scan: two arguments per source
/// of its element type, and a `ReturnOp` terminator that returns one value
/// per source of that type.
template <typename ReturnOp>
static LogicalResult verifyCombineRegion(Operation *op, ValueRange srcs,
                                         Region &combine) {
  Block &block = combine.front();
  unsigned numSources = srcs.size();
  if (block.getNumArguments() != 2 * numSources)
    return op->emitOpError() << "the combine region takes " << 2 * numSources
                             << " arguments, got " << block.getNumArguments();
  for (unsigned i = 0; i < numSources; ++i) {
    Type element = getElementTypeOrSelf(srcs[i].getType());
    if (block.getArgument(i).getType() != element ||
        block.getArgument(numSources + i).getType() != element)
      return op->emitOpError() << "combine arguments for source " << i
                               << " must be " << element;
  }
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret || ret->getNumOperands() != numSources)
    return op->emitOpError("the combine region must return one value per "
                           "source");
  for (unsigned i = 0; i < numSources; ++i)
    if (ret->getOperand(i).getType() !=
        getElementTypeOrSelf(srcs[i].getType()))
      return op->emitOpError() << "the combine region returns "
                               << ret->getOperand(i).getType()
                               << " for source " << i;
  return success();
}

//===----------------------------------------------------------------------===//
// gluon.reduce
//===----------------------------------------------------------------------===//

void ReduceOp::build(OpBuilder &builder, OperationState &state,
                     ValueRange srcs, int axis) {
  // Sources that cannot be reduced along `axis` give an op without results,
  // which the verifier rejects with the reason.
  SmallVector<Type> types;
  if (failed(inferReduceLikeTypes(std::nullopt, getOperationName(), srcs,
                                  axis, AxisEffect::Drop, types)))
    types.clear();
  build(builder, state, types, srcs, builder.getI32IntegerAttr(axis));
}

void ReduceOp::build(OpBuilder &, OperationState &state, TypeRange results,
                     ValueRange srcs, IntegerAttr axis) {
  state.addOperands(srcs);
  state.getOrAddProperties<Properties>().axis = axis;
  (void)state.addRegion();
  state.addTypes(results);
}

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  return inferReduceLikeTypes(loc, getOperationName(), adaptor.getSrcs(),
                              adaptor.getAxisAttr().getInt(),
                              AxisEffect::Drop, types);
}

LogicalResult ReduceOp::verify() {
  return verifyReduceLike(*this, getSrcs(), getAxisAttr(), AxisEffect::Drop);
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombineRegion<ReduceReturnOp>(*this, getSrcs(), getCombine());
}

//===----------------------------------------------------------------------===//
// gluon.scan
//===----------------------------------------------------------------------===//

void ScanOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                   int axis, bool reverse) {
  SmallVector<Type> types;
  if (failed(inferReduceLikeTypes(std::nullopt, getOperationName(), srcs,
                                  axis, AxisEffect::Keep, types)))
    types.clear();
  build(builder, state, types, srcs, builder.getI32IntegerAttr(axis),
        reverse ? builder.getUnitAttr() : UnitAttr());
}

void ScanOp::build(OpBuilder &, OperationState &state, TypeRange results,
                   ValueRange srcs, IntegerAttr axis, UnitAttr reverse) {
  state.addOperands(srcs);
  Properties &properties = state.getOrAddProperties<Properties>();
  properties.axis = axis;
  properties.reverse = reverse;
  (void)state.addRegion();
  state.addTypes(results);
}

LogicalResult ScanOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  return inferReduceLikeTypes(loc, getOperationName(), adaptor.getSrcs(),
                              adaptor.getAxisAttr().getInt(),
                              AxisEffect::Keep, types);
}

LogicalResult ScanOp::verify() {
  return verifyReduceLike(*this, getSrcs(), getAxisAttr(), AxisEffect::Keep);
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombineRegion<ScanReturnOp>(*this, getSrcs(), getCombine());
}
