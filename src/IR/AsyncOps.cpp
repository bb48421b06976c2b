//===- AsyncOps.cpp - Tensor descriptors and async copies -----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// !gluon.tensordesc, the checks of Async.h (mbarriers, TMA buffers, async
// copies) and the verifier of gluon.async_copy_global_to_local, which
// every target lowers. The verifiers of the mbarrier and TMA ops, from the
// same checks, are in NvidiaOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/Async.h"

// gluon.buffer_load_to_local, an async copy too.
#include "gluonc/IR/AMDOps.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::gluon;

//===----------------------------------------------------------------------===//
// !gluon.tensordesc
//===----------------------------------------------------------------------===//

Type TensorDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute layout;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(layout) || parser.parseGreater())
    return {};
  auto sharedLayout = dyn_cast<SharedLayoutAttrInterface>(layout);
  if (!sharedLayout) {
    parser.emitError(parser.getNameLoc(), "expected a shared layout, got ")
        << layout;
    return {};
  }
  return parser.getChecked<TensorDescType>(parser.getContext(),
                                           ArrayRef<int64_t>(shape),
                                           elementType, sharedLayout);
}

void TensorDescType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t size : getBlockShape())
    printer << size << 'x';
  printer << getElementType() << ", ";
  printer.printAttribute(getLayout());
  printer << '>';
}

LogicalResult
TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> blockShape, Type elementType,
                       SharedLayoutAttrInterface layout) {
  auto nvmma = dyn_cast<NVMMASharedLayoutAttr>(layout);
  if (!nvmma)
    return emitError() << "a tensor descriptor's block is laid out by an "
                          "NVMMASharedLayout, got "
                       << layout;
  if (!elementType.isIntOrFloat())
    return emitError() << "a tensor descriptor cannot hold " << elementType;
  std::string problem = gluonc::checkTensorDescBlock(
      nvmma.toSpec(), blockShape.vec(), elementType.getIntOrFloatBitWidth());
  if (!problem.empty())
    return emitError() << problem;
  return success();
}

gluonc::TMAPlan TensorDescType::getTMAPlan() const {
  return gluonc::planTMA(cast<NVMMASharedLayoutAttr>(getLayout()).toSpec(),
                         getBlockShape().vec(),
                         getElementType().getIntOrFloatBitWidth());
}

MemDescType TensorDescType::getBlockType() const {
  return MemDescType::get(getContext(), getBlockShape(), getElementType(),
                          getLayout(), getBlockShape());
}

TensorDescType mlir::gluon::getTensorDescType(ArrayRef<int64_t> blockShape,
                                              Type elementType,
                                              Attribute layout,
                                              std::string &problem) {
  auto nvmma = dyn_cast_or_null<NVMMASharedLayoutAttr>(layout);
  if (!nvmma) {
    problem = "a tensor descriptor's layout must be an NVMMASharedLayout";
    return {};
  }
  problem = gluonc::checkTensorDescBlock(nvmma.toSpec(), blockShape.vec(),
                                         elementType.getIntOrFloatBitWidth());
  if (!problem.empty())
    return {};
  return TensorDescType::get(layout.getContext(), blockShape, elementType,
                             nvmma);
}

//===----------------------------------------------------------------------===//
// Checks shared with the frontend
//===----------------------------------------------------------------------===//

std::string mlir::gluon::checkMBarrierType(MemDescType type) {
  if (!type.getElementType().isInteger(64) || type.getShape().size() != 1 ||
      type.getShape()[0] != 1)
    return "an mbarrier is one int64 of shared memory "
           "(gl.allocate_shared_memory(gl.int64, [1], "
           "mbarrier.MBarrierLayout()), or .index(i) of an [N, 1] one), got " +
           typeToString(type);
  return "";
}

gluonc::TMAPlan mlir::gluon::planTMABuffer(TensorDescType desc,
                                           MemDescType buffer,
                                           std::string &problem) {
  MemDescType block = desc.getBlockType();
  gluonc::TMAPlan plan = desc.getTMAPlan();
  if (buffer.getShape() != block.getShape() ||
      buffer.getElementType() != block.getElementType()) {
    problem = "the shared memory " + typeToString(buffer) +
              " does not hold the descriptor's block " + typeToString(block);
    return plan;
  }
  // The layout must be an NVMMASharedLayout, not merely place the elements
  // alike (a SwizzledSharedLayout(8, 1, 8) does for 128-byte rows of
  // fp16): only NVMMA allocations get the 1024-byte alignment TMA's
  // address-based swizzle needs (getAllocationAlignment).
  std::string notLaidOut = "the shared memory " + typeToString(buffer) +
                           " is not laid out as the descriptor's block " +
                           typeToString(block);
  if (!isa<NVMMASharedLayoutAttr>(buffer.getLayout())) {
    problem = notLaidOut;
    return plan;
  }
  gluonc::SharedLayout blockLayout = block.getSharedLayout();
  gluonc::SharedLayout layout = buffer.getSharedLayout();
  bool whole = buffer.getAllocShape() == buffer.getShape();
  // A box of fewer than 8 rows does not fill the swizzle's period: only
  // one at the start of an allocation is placed as the layout says.
  auto spec = cast<NVMMASharedLayoutAttr>(block.getLayout()).toSpec();
  if (spec.swizzleBytes != 0 && gluonc::getTMABoxRows(spec, plan.box) < 8 &&
      (!whole || plan.messages.size() > 1)) {
    problem = gluonc::getShortBoxProblem(spec);
    return plan;
  }
  if (whole) {
    if (layout != blockLayout)
      problem = notLaidOut;
    return plan;
  }
  // A view of a larger allocation (memdesc_subslice): TMA writes each box
  // as the block's layout lays it out, contiguous from the box's address.
  // The view must lay out every box alike (the same offsets for the box's
  // coordinate bits), and each box's origin must add to those offsets
  // (share no bits with them), so that the box starts at the view's offset
  // of its origin, on a swizzle period as the block's boxes do.
  int64_t boxBits = blockLayout.getBlockOffsetBits(plan.box);
  for (size_t d = 0; d < plan.box.size(); ++d)
    for (unsigned bit = 0; (int64_t(1) << bit) < plan.box[d]; ++bit)
      if (layout.getCoordBitOffset(d, bit) !=
          blockLayout.getCoordBitOffset(d, bit)) {
        problem = notLaidOut + ": the allocation lays out a TMA box of " +
                  gluonc::boxText(plan.box) + " differently";
        return plan;
      }
  for (gluonc::TMAMessage &message : plan.messages) {
    int64_t offset = layout.getOffset(
        gluonc::Coord(message.origin.begin(), message.origin.end()));
    if (offset & boxBits) {
      problem = notLaidOut + ": the TMA box at " +
                gluonc::boxText(message.origin) +
                " does not start on a swizzle period of the allocation";
      return plan;
    }
    message.sharedOffset = offset;
  }
  return plan;
}

std::string mlir::gluon::checkTMABuffer(TensorDescType desc, Value buffer) {
  std::string problem;
  gluonc::TMAPlan plan =
      planTMABuffer(desc, cast<MemDescType>(buffer.getType()), problem);
  if (!problem.empty())
    return problem;
  auto spec =
      cast<NVMMASharedLayoutAttr>(desc.getBlockType().getLayout()).toSpec();
  if (spec.swizzleBytes != 0 && gluonc::getTMABoxRows(spec, plan.box) < 8 &&
      !buffer.getDefiningOp<LocalAllocOp>())
    return gluonc::getShortBoxProblem(spec);
  return "";
}

std::string mlir::gluon::checkAsyncCopy(Type src, MemDescType dst, Type mask) {
  auto ptrs = dyn_cast<RankedTensorType>(src);
  Type pointee = ptrs ? getPointeeType(ptrs) : Type();
  if (!pointee)
    return "an async copy reads through a tensor of pointers, got " +
           typeToString(src);
  if (cast<PointerType>(ptrs.getElementType()).getAddressSpace() != 1)
    return "an async copy reads global memory (address space 1), got " +
           typeToString(src);
  if (ptrs.getShape() != dst.getShape())
    return "an async copy's pointers " + typeToString(src) +
           " and shared memory " + typeToString(dst) + " must have one shape";
  Type element = cast<RankedTensorType>(pointee).getElementType();
  if (element != dst.getElementType())
    return "an async copy's pointers point at " + typeToString(element) +
           ", but the shared memory " + typeToString(dst) + " holds " +
           typeToString(dst.getElementType());
  if (!mask)
    return "";
  auto maskType = dyn_cast<RankedTensorType>(mask);
  if (!maskType || !maskType.getElementType().isInteger(1) ||
      maskType.getShape() != ptrs.getShape() ||
      maskType.getEncoding() != ptrs.getEncoding())
    return "an async copy's mask must be booleans in the pointers' shape and "
           "layout, got " +
           typeToString(mask) + " for " + typeToString(src);
  return "";
}

Value mlir::gluon::getAsyncCopyDestination(Operation *op) {
  if (auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op))
    return copy.getDst();
  if (auto copy = dyn_cast<BufferLoadToLocalOp>(op))
    return copy.getDst();
  return {};
}

std::string mlir::gluon::checkAsyncCopyCache(StringRef cache) {
  if (cache == "ca" || cache == "cg")
    return "";
  return "cp.async caches at all levels (\"ca\") or in L2 only (\"cg\"), "
         "got \"" +
         cache.str() + "\"";
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  Type mask = getMask() ? getMask().getType() : Type();
  std::string problem =
      checkAsyncCopy(getSrc().getType(), getDst().getType(), mask);
  if (problem.empty() && getCache())
    problem = checkAsyncCopyCache(*getCache());
  if (!problem.empty())
    return emitOpError() << problem;
  return success();
}
