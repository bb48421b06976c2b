//===- SharedMemory.cpp - Shared layouts and descriptors ------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Gluon's shared memory: the shared layouts (swizzled, NVMMA, padded,
// linear), gl.allocate_shared_memory and the descriptor's methods (load,
// store, index, slice, permute, reshape) and properties, the types of
// tensors and descriptors (gl.distributed_type,
// gl.shared_memory_descriptor_type), and the compile-time queries
// gl.to_linear_layout and gl.bank_conflicts.
//
//===----------------------------------------------------------------------===//

#include "Arguments.h"

#include "gluonc/IR/MemDesc.h"
#include "gluonc/Layout/SharedLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

bool isListOfLists(const Value &value) {
  const std::vector<Value> *sequence = value.getSequence();
  return sequence && !sequence->empty() && (*sequence)[0].getSequence();
}

std::vector<int32_t> toInt32(const std::vector<int64_t> &values) {
  return std::vector<int32_t>(values.begin(), values.end());
}

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

Value swizzledSharedLayout(IRGen &gen, const BoundArgs &bound) {
  checkSingleCTA(gen, bound);
  auto requirePositive = [&](const char *name) {
    int64_t value = gen.requireInt(bound.get(name), bound.loc(name), name);
    if (!isPowerOf2(value) || value > 1024)
      gen.fail(bound.loc(name), std::string(name) +
                                    " must be a power of two up to 1024, got " +
                                    std::to_string(value));
    return static_cast<int32_t>(value);
  };
  SwizzledSharedSpec spec{requirePositive("vec"), requirePositive("per_phase"),
                          requirePositive("max_phase"),
                          toInt32(requireIntList(gen, bound.get("order"),
                                              bound.loc("order"), "order"))};
  std::string problem = spec.validate();
  if (!problem.empty())
    gen.fail(bound.loc("order"), "invalid SwizzledSharedLayout: " + problem);
  llvm::SmallVector<unsigned> order(spec.order.begin(), spec.order.end());
  return makeLayoutValue(mlir::gluon::SwizzledSharedLayoutAttr::get(
      &gen.getContext(), spec.vec, spec.perPhase, spec.maxPhase,
      llvm::ArrayRef<unsigned>(order)));
}

Value makeNVMMALayout(IRGen &gen, const NVMMASharedSpec &spec, SourceLoc loc) {
  std::string problem = spec.validate();
  if (!problem.empty())
    gen.fail(loc, "invalid NVMMASharedLayout: " + problem);
  return makeLayoutValue(mlir::gluon::NVMMASharedLayoutAttr::get(
      &gen.getContext(), spec.swizzleBytes, spec.elementBitWidth, spec.rank,
      spec.transposed));
}

void rejectFp4Padded(IRGen &gen, const BoundArgs &bound) {
  if (bound.has("fp4_padded") &&
      gen.isTruthy(bound.get("fp4_padded"), bound.loc("fp4_padded")))
    gen.fail(bound.loc("fp4_padded"),
             "not supported yet: fp4_padded shared layouts (gluonc has no "
             "fp4 type)");
}

Value nvmmaSharedLayout(IRGen &gen, const BoundArgs &bound) {
  checkSingleCTA(gen, bound);
  rejectFp4Padded(gen, bound);
  NVMMASharedSpec spec;
  spec.swizzleBytes =
      gen.requireInt(bound.get("swizzle_byte_width"),
                     bound.loc("swizzle_byte_width"), "swizzle_byte_width");
  spec.elementBitWidth =
      gen.requireInt(bound.get("element_bitwidth"),
                     bound.loc("element_bitwidth"), "element_bitwidth");
  if (bound.has("rank"))
    spec.rank = gen.requireInt(bound.get("rank"), bound.loc("rank"), "rank");
  spec.transposed =
      bound.has("transposed") &&
      gen.isTruthy(bound.get("transposed"), bound.loc("transposed"));
  return makeNVMMALayout(gen, spec, bound.callLoc());
}

/// NVMMASharedLayout.get_default_for(block_shape, dtype, transposed=False,
/// fp4_padded=False, ...): the widest swizzle the contiguous dimension's
/// bytes are a multiple of, none with fewer than 8 rows.
Value nvmmaDefaultFor(IRGen &gen, const BoundArgs &bound) {
  checkSingleCTA(gen, bound);
  rejectFp4Padded(gen, bound);
  std::vector<int64_t> shape = requireShape(
      gen, bound.get("block_shape"), bound.loc("block_shape"), "block_shape");
  DType dtype = requireDType(gen, bound.get("dtype"), bound.loc("dtype"));
  bool transposed =
      bound.has("transposed") &&
      gen.isTruthy(bound.get("transposed"), bound.loc("transposed"));
  std::vector<int64_t> ordered = shape;
  if (transposed)
    std::rotate(ordered.begin(), ordered.begin() + 1, ordered.end());
  int64_t contigBytes = ordered.back() * dtype.getBitWidth() / 8;
  int32_t swizzle = 0;
  for (int32_t candidate : {128, 64, 32})
    if (contigBytes >= candidate && contigBytes % candidate == 0) {
      swizzle = candidate;
      break;
    }
  int64_t outer = 1;
  for (size_t d = 0; d + 1 < ordered.size(); ++d)
    outer *= ordered[d];
  if (shape.size() < 2 || outer < 8)
    swizzle = 0;
  NVMMASharedSpec spec{swizzle, static_cast<int32_t>(dtype.getBitWidth()),
                       static_cast<int32_t>(shape.size()), transposed};
  return makeNVMMALayout(gen, spec, bound.loc("dtype"));
}

std::vector<PaddingRule> requirePadding(IRGen &gen, const BoundArgs &bound) {
  std::vector<PaddingRule> rules;
  for (const std::vector<int64_t> &pair : requireIntLists(
           gen, bound.get("interval_padding_pairs"),
           bound.loc("interval_padding_pairs"), "interval_padding_pairs")) {
    if (pair.size() != 2)
      gen.fail(bound.loc("interval_padding_pairs"),
               "each interval_padding_pairs entry is [interval, padding], "
               "got " +
                   listText(pair));
    rules.push_back({pair[0], pair[1]});
  }
  return rules;
}

Value makePaddedLayout(IRGen &gen, const PaddedSharedSpec &spec,
                       SourceLoc loc) {
  std::string problem = spec.validate();
  if (!problem.empty())
    gen.fail(loc, "invalid PaddedSharedLayout: " + problem);
  llvm::SmallVector<unsigned> intervals, paddings, order, shape;
  for (const PaddingRule &rule : spec.padding) {
    intervals.push_back(rule.interval);
    paddings.push_back(rule.padding);
  }
  order.assign(spec.order.begin(), spec.order.end());
  shape.assign(spec.shape.begin(), spec.shape.end());
  llvm::SmallVector<int32_t> bases;
  for (const Coord &basis : spec.offsetBases)
    bases.append(basis.begin(), basis.end());
  return makeLayoutValue(mlir::gluon::PaddedSharedLayoutAttr::get(
      &gen.getContext(), llvm::ArrayRef<unsigned>(intervals),
      llvm::ArrayRef<unsigned>(paddings), llvm::ArrayRef<unsigned>(order),
      llvm::ArrayRef<int32_t>(bases), llvm::ArrayRef<unsigned>(shape)));
}

/// PaddedSharedLayout(interval_padding_pairs, offset_bases, block_bases,
/// shape), Triton 3.6's form, or (interval_padding_pairs, order), the
/// earlier one.
Value paddedSharedLayout(IRGen &gen, const BoundArgs &bound) {
  checkSingleCTA(gen, bound);
  PaddedSharedSpec spec;
  spec.padding = requirePadding(gen, bound);
  if (bound.has("order") == bound.has("offset_bases"))
    gen.fail(bound.callLoc(), "PaddedSharedLayout() needs offset_bases (and "
                              "their shape) or an order");
  // The earlier form's order sits where Triton 3.6 has offset_bases.
  const char *second = bound.has("order") ? "order" : "offset_bases";
  if (bound.has("order") ||
      (!isListOfLists(bound.get(second)) && !bound.has("shape"))) {
    spec.order = toInt32(
        requireIntList(gen, bound.get(second), bound.loc(second), "order"));
  } else {
    if (!bound.has("shape"))
      gen.fail(bound.callLoc(), "PaddedSharedLayout() with offset_bases needs "
                                "the shape they lay out");
    spec.shape = toInt32(
        requireShape(gen, bound.get("shape"), bound.loc("shape"), "shape"));
    for (const std::vector<int64_t> &basis : requireIntLists(
             gen, bound.get(second), bound.loc(second), "offset_bases"))
      spec.offsetBases.push_back(toInt32(basis));
  }
  return makePaddedLayout(gen, spec, bound.callLoc());
}

/// PaddedSharedLayout.with_identity_for(interval_padding_pairs, shape,
/// order): the offset bases that step through `shape` in `order`.
Value paddedWithIdentityFor(IRGen &gen, const BoundArgs &bound) {
  checkSingleCTA(gen, bound);
  PaddedSharedSpec spec;
  spec.padding = requirePadding(gen, bound);
  spec.shape = toInt32(
      requireShape(gen, bound.get("shape"), bound.loc("shape"), "shape"));
  std::vector<int32_t> order = toInt32(
      requireIntList(gen, bound.get("order"), bound.loc("order"), "order"));
  PaddedSharedSpec identity;
  identity.padding = spec.padding;
  identity.order = order;
  std::string problem = identity.validate();
  if (problem.empty() && order.size() != spec.shape.size())
    problem = "shape and order must have the same length";
  if (!problem.empty())
    gen.fail(bound.loc("order"), "invalid PaddedSharedLayout: " + problem);
  for (int32_t dim : order)
    for (int64_t step = 1; step < spec.shape[dim]; step *= 2) {
      Coord basis(spec.shape.size(), 0);
      basis[dim] = static_cast<int32_t>(step);
      spec.offsetBases.push_back(basis);
    }
  return makePaddedLayout(gen, spec, bound.callLoc());
}

mlir::Attribute makeSharedLinearAttr(IRGen &gen,
                                     const std::vector<Coord> &bases,
                                     int64_t alignment, SourceLoc loc) {
  if (bases.empty())
    gen.fail(loc, "SharedLinearLayout offset_bases must not be empty");
  llvm::SmallVector<int32_t> flat;
  for (const Coord &basis : bases) {
    if (basis.size() != bases[0].size())
      gen.fail(loc, "SharedLinearLayout offset_bases must all have one "
                    "rank");
    flat.append(basis.begin(), basis.end());
  }
  std::string problem =
      checkSharedLayoutBases(getSharedLinearShape(bases), bases);
  if (problem.empty() && !isPowerOf2(alignment))
    problem =
        "alignment " + std::to_string(alignment) + " is not a power of two";
  if (!problem.empty())
    gen.fail(loc, "invalid SharedLinearLayout: " + problem);
  return mlir::gluon::SharedLinearLayoutAttr::get(&gen.getContext(),
                                                  llvm::ArrayRef<int32_t>(flat),
                                                  bases[0].size(), alignment);
}

Value sharedLinearLayout(IRGen &gen, const BoundArgs &bound) {
  checkSingleCTA(gen, bound);
  std::vector<Coord> bases;
  for (const std::vector<int64_t> &basis :
       requireIntLists(gen, bound.get("offset_bases"),
                       bound.loc("offset_bases"), "offset_bases"))
    bases.push_back(toInt32(basis));
  int64_t alignment = bound.has("alignment")
                          ? gen.requireInt(bound.get("alignment"),
                                           bound.loc("alignment"), "alignment")
                          : 16;
  return makeLayoutValue(
      makeSharedLinearAttr(gen, bases, alignment, bound.loc("offset_bases")));
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

TypeValue makeDistributedType(DType dtype, std::vector<int64_t> shape,
                              mlir::Attribute layout) {
  TypeValue type;
  type.dtype = dtype;
  type.shape = std::move(shape);
  type.layout = layout;
  type.layoutText = describeLayout(layout);
  return type;
}

TypeValue makeDescriptorType(const SharedMemoryValue &desc) {
  TypeValue type;
  type.isSharedMemory = true;
  type.dtype = desc.dtype;
  type.shape = desc.shape;
  type.allocShape = desc.allocShape;
  type.layout = desc.layout;
  type.layoutText = desc.layoutText;
  return type;
}

/// The shape of shared memory for `layout`: the layout's check decides, so
/// leading buffer dimensions may have any size (a 3-deep ring [3, BM, BK])
/// while the dimensions it lays out are powers of two.
std::vector<int64_t> requireAllocationShape(IRGen &gen, const Value &value,
                                            SourceLoc loc,
                                            const std::string &what,
                                            mlir::Attribute layout) {
  std::vector<int64_t> shape = requireIntList(gen, value, loc, what);
  if (shape.empty())
    gen.fail(loc, what + " needs at least one dimension");
  for (int64_t size : shape)
    if (size < 1 || size > (int64_t(1) << 30))
      gen.fail(loc, what + " " + listText(shape) +
                        ": dimensions must be between 1 and 2^30");
  std::string problem =
      mlir::cast<mlir::gluon::SharedLayoutAttrInterface>(layout)
          .checkAllocationShape(shape);
  if (!problem.empty())
    gen.fail(loc, describeLayout(layout) + " cannot lay out shared memory "
                                           "of " + what + " " +
                      listText(shape) + ": " + problem);
  return shape;
}

Value distributedType(IRGen &gen, const BoundArgs &bound) {
  DType dtype =
      requireDType(gen, bound.get("element_ty"), bound.loc("element_ty"));
  std::vector<int64_t> shape =
      requireShape(gen, bound.get("shape"), bound.loc("shape"), "shape");
  mlir::gluon::LayoutAttrInterface layout =
      requireDistributedLayout(gen, bound.get("layout"), bound.loc("layout"));
  if (layout.getRank() != shape.size())
    gen.fail(bound.loc("layout"),
             "a shape of rank " + std::to_string(shape.size()) +
                 " needs a layout of that rank, got " + describeLayout(layout));
  return Value(makeDistributedType(dtype, shape, layout));
}

Value descriptorType(IRGen &gen, const BoundArgs &bound) {
  SharedMemoryValue desc;
  desc.dtype =
      requireDType(gen, bound.get("element_ty"), bound.loc("element_ty"));
  desc.layout =
      requireSharedLayout(gen, bound.get("layout"), bound.loc("layout"));
  desc.layoutText = describeLayout(desc.layout);
  desc.shape = requireIntList(gen, bound.get("shape"), bound.loc("shape"),
                              "shape");
  desc.allocShape =
      bound.has("alloc_shape")
          ? requireAllocationShape(gen, bound.get("alloc_shape"),
                                   bound.loc("alloc_shape"), "alloc_shape",
                                   desc.layout)
          : desc.shape;
  // As MemDescType's verifier: powers of two, or a whole buffer dimension.
  bool fits = desc.shape.size() == desc.allocShape.size();
  for (size_t d = 0; fits && d < desc.shape.size(); ++d)
    fits = desc.shape[d] <= desc.allocShape[d] &&
           (isPowerOf2(desc.shape[d]) || desc.shape[d] == desc.allocShape[d]);
  if (!fits)
    gen.fail(bound.callLoc(), "invalid shared_memory_descriptor_type: shape " +
                                  listText(desc.shape) +
                                  " does not fit in alloc_shape " +
                                  listText(desc.allocShape));
  return Value(makeDescriptorType(desc));
}

//===----------------------------------------------------------------------===//
// Allocation and descriptor methods
//===----------------------------------------------------------------------===//

int64_t getStorageBytes(DType dtype) {
  return std::max(1u, dtype.getBitWidth() / 8);
}

SharedMemoryValue makeDescriptor(mlir::Value value, DType dtype,
                                 mlir::gluon::MemDescType type, SourceLoc loc) {
  SharedMemoryValue desc;
  desc.value = value;
  desc.dtype = dtype;
  desc.shape.assign(type.getShape().begin(), type.getShape().end());
  desc.allocShape.assign(type.getAllocShape().begin(),
                         type.getAllocShape().end());
  desc.layout = type.getLayout();
  desc.layoutText = describeLayout(desc.layout);
  desc.loc = loc;
  return desc;
}

/// A tensor that must match descriptor `desc` in shape and dtype.
RuntimeValue requireMatchingTensor(IRGen &gen, const Value &value,
                                   SourceLoc loc, const SharedMemoryValue &desc,
                                   const std::string &what) {
  auto *tensor = value.getIf<RuntimeValue>();
  if (!tensor || tensor->isScalar())
    gen.fail(loc, what + " must be a tensor, got " + value.getTypeName() + " " +
                      value.toString());
  if (tensor->shape != desc.shape)
    gen.failWithNote(
        loc,
        "shape mismatch: " + what + " has shape " + listText(tensor->shape) +
            ", the shared memory descriptor has shape " + listText(desc.shape),
        desc.loc, "the shared memory descriptor is defined here");
  if (tensor->dtype != desc.dtype)
    gen.failWithNote(
        loc,
        "dtype mismatch: " + what + " holds " + tensor->dtype.getGluonName() +
            ", the shared memory descriptor " + desc.dtype.getGluonName(),
        desc.loc, "the shared memory descriptor is defined here");
  return *tensor;
}

/// The type of a fresh allocation of `dtype` in the call's `shape` and
/// `layout` arguments (allocate_shared_memory, _reinterpret); an error at
/// the layout when it cannot lay the shape out.
mlir::gluon::MemDescType
requireAllocationType(IRGen &gen, const BoundArgs &bound, DType dtype) {
  auto layout = mlir::cast<mlir::gluon::SharedLayoutAttrInterface>(
      requireSharedLayout(gen, bound.get("layout"), bound.loc("layout")));
  // A one-dimensional buffer in a SwizzledSharedLayout whose order names
  // more dimensions (upstream's test_frontend.py reinterprets one with
  // order [0, 1]): a swizzle needs rows, and Triton lays such a buffer out
  // contiguously whatever the order, as order [0] does.
  auto swizzled = mlir::dyn_cast<mlir::gluon::SwizzledSharedLayoutAttr>(layout);
  if (swizzled && swizzled.getRank() > 1 &&
      requireIntList(gen, bound.get("shape"), bound.loc("shape"), "shape")
              .size() == 1)
    layout = mlir::gluon::SwizzledSharedLayoutAttr::get(
        &gen.getContext(), swizzled.getVec(), swizzled.getPerPhase(),
        swizzled.getMaxPhase(), {0u});
  std::vector<int64_t> shape = requireAllocationShape(
      gen, bound.get("shape"), bound.loc("shape"), "shape", layout);
  std::string problem;
  mlir::gluon::MemDescType type = mlir::gluon::getAllocationType(
      shape, dtype.toMLIR(&gen.getContext()), layout, problem);
  if (!type)
    gen.fail(bound.loc("layout"), describeLayout(layout) +
                                      " cannot lay out shared memory of "
                                      "shape " +
                                      listText(shape) + ": " + problem);
  return type;
}

Value allocateSharedMemory(IRGen &gen, const BoundArgs &bound) {
  DType dtype =
      requireDType(gen, bound.get("element_ty"), bound.loc("element_ty"));
  if (dtype.isPointer)
    gen.fail(bound.loc("element_ty"),
             "not supported yet: shared memory holding pointers");
  mlir::gluon::MemDescType type = requireAllocationType(gen, bound, dtype);
  int64_t bytes =
      type.getSharedLayout().getAllocationElements() * getStorageBytes(dtype);
  if (std::string tooMuch = gen.getArch().checkSharedAllocation(bytes);
      !tooMuch.empty())
    gen.fail(bound.callLoc(), tooMuch);
  SharedMemoryValue desc = makeDescriptor({}, dtype, type, bound.callLoc());
  mlir::Value init;
  if (bound.has("value"))
    init = requireMatchingTensor(gen, bound.get("value"), bound.loc("value"),
                                 desc, "the initial value")
               .value;
  desc.value = mlir::gluon::LocalAllocOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), type, init);
  return Value(desc);
}

} // namespace

RuntimeValue gluonc::frontend::loadSharedMemory(IRGen &gen,
                                                const SharedMemoryValue &desc,
                                                const BoundArgs &bound) {
  mlir::gluon::LayoutAttrInterface layout =
      requireDistributedLayout(gen, bound.get("layout"), bound.loc("layout"));
  if (layout.getRank() != desc.shape.size())
    gen.failWithNote(bound.loc("layout"),
                     "a descriptor of shape " + listText(desc.shape) +
                         " cannot be loaded in the rank-" +
                         std::to_string(layout.getRank()) + " layout " +
                         describeLayout(layout),
                     desc.loc, "the shared memory descriptor is defined here");
  mlir::Type type = gen.getMLIRType(desc.dtype, desc.shape, layout);
  auto op = mlir::gluon::LocalLoadOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), type, desc.value);
  return RuntimeValue{op, desc.dtype, desc.shape, layout};
}

namespace {

Value descriptorLoad(IRGen &gen, const BoundArgs &bound) {
  return loadSharedMemory(gen, bound.self().get<SharedMemoryValue>(), bound);
}

Value descriptorStore(IRGen &gen, const BoundArgs &bound) {
  const SharedMemoryValue &desc = bound.self().get<SharedMemoryValue>();
  RuntimeValue value = requireMatchingTensor(
      gen, bound.get("value"), bound.loc("value"), desc, "the stored value");
  mlir::gluon::LocalStoreOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), value.value, desc.value);
  return Value();
}

/// Makes the view of `type` with `build`, or reports `problem` with a note
/// at the source descriptor.
template <typename Build>
Value makeView(IRGen &gen, const SharedMemoryValue &desc,
               mlir::gluon::MemDescType type, const std::string &problem,
               SourceLoc loc, const std::string &what, Build &&build) {
  if (!type)
    gen.failWithNote(
        loc, "cannot " + what + " " + Value(desc).toString() + ": " + problem,
        desc.loc, "the shared memory descriptor is defined here");
  mlir::Value value = build(type);
  return Value(makeDescriptor(value, desc.dtype, type, loc));
}

mlir::gluon::MemDescType getType(const SharedMemoryValue &desc) {
  return mlir::cast<mlir::gluon::MemDescType>(desc.value.getType());
}

Value descriptorIndex(IRGen &gen, const BoundArgs &bound) {
  const SharedMemoryValue &desc = bound.self().get<SharedMemoryValue>();
  const Value &index = bound.get("index");
  SourceLoc loc = bound.loc("index");
  mlir::OpBuilder &b = gen.getBuilder();
  mlir::Location mloc = gen.getLoc(bound.callLoc());
  mlir::Value indexValue;
  if (auto *runtime = index.getIf<RuntimeValue>()) {
    if (!runtime->isScalar() || runtime->dtype != DType::of(ScalarKind::I32))
      gen.fail(loc, "the index of a shared memory descriptor must be an "
                    "int32 scalar, got " +
                        Value(*runtime).toString());
    indexValue = runtime->value;
  } else {
    int64_t i = gen.requireInt(index, loc, "index");
    if (i < 0 || i >= desc.shape[0])
      gen.failWithNote(loc,
                       "index " + std::to_string(i) +
                           " is out of range for a descriptor of shape " +
                           listText(desc.shape),
                       desc.loc,
                       "the shared memory descriptor is defined here");
    indexValue =
        mlir::arith::ConstantOp::create(b, mloc, b.getI32IntegerAttr(i));
  }
  std::string problem;
  mlir::gluon::MemDescType type =
      mlir::gluon::inferIndexType(getType(desc), problem);
  return makeView(gen, desc, type, problem, bound.callLoc(), "index",
                  [&](mlir::gluon::MemDescType type) {
                    return mlir::gluon::MemDescIndexOp::create(
                        b, mloc, type, desc.value, indexValue);
                  });
}

Value descriptorSlice(IRGen &gen, const BoundArgs &bound) {
  const SharedMemoryValue &desc = bound.self().get<SharedMemoryValue>();
  int64_t start =
      gen.requireInt(bound.get("start"), bound.loc("start"), "start");
  int64_t length =
      gen.requireInt(bound.get("length"), bound.loc("length"), "length");
  int64_t dim = bound.has("dim")
                    ? gen.requireInt(bound.get("dim"), bound.loc("dim"), "dim")
                    : 0;
  if (dim < 0 || dim >= static_cast<int64_t>(desc.shape.size()))
    gen.fail(bound.loc("dim"), "dim " + std::to_string(dim) +
                                   " is out of range for a descriptor of "
                                   "shape " +
                                   listText(desc.shape));
  if (start < 0 || length < 1 || start + length > desc.shape[dim] ||
      start > INT32_MAX)
    gen.failWithNote(bound.callLoc(),
                     "the slice [" + std::to_string(start) + ", " +
                         std::to_string(start + length) +
                         ") is outside "
                         "dimension " +
                         std::to_string(dim) + " of shape " +
                         listText(desc.shape),
                     desc.loc, "the shared memory descriptor is defined here");
  std::vector<int32_t> offsets(desc.shape.size(), 0);
  offsets[dim] = static_cast<int32_t>(start);
  std::vector<int64_t> sizes = desc.shape;
  sizes[dim] = length;
  std::string problem;
  mlir::gluon::MemDescType type =
      mlir::gluon::inferSubsliceType(getType(desc), offsets, sizes, problem);
  mlir::OpBuilder &b = gen.getBuilder();
  return makeView(gen, desc, type, problem, bound.callLoc(), "slice",
                  [&](mlir::gluon::MemDescType type) {
                    return mlir::gluon::MemDescSubsliceOp::create(
                        b, gen.getLoc(bound.callLoc()), type, desc.value,
                        offsets);
                  });
}

Value descriptorPermute(IRGen &gen, const BoundArgs &bound) {
  const SharedMemoryValue &desc = bound.self().get<SharedMemoryValue>();
  std::vector<int32_t> order = toInt32(
      requireIntList(gen, bound.get("order"), bound.loc("order"), "order"));
  std::string problem;
  mlir::gluon::MemDescType type =
      mlir::gluon::inferPermuteType(getType(desc), order, problem);
  mlir::OpBuilder &b = gen.getBuilder();
  return makeView(gen, desc, type, problem, bound.callLoc(), "permute",
                  [&](mlir::gluon::MemDescType type) {
                    return mlir::gluon::MemDescPermuteOp::create(
                        b, gen.getLoc(bound.callLoc()), type, desc.value,
                        order);
                  });
}

Value descriptorReshape(IRGen &gen, const BoundArgs &bound) {
  const SharedMemoryValue &desc = bound.self().get<SharedMemoryValue>();
  std::vector<int64_t> shape =
      requireIntList(gen, bound.get("shape"), bound.loc("shape"), "shape");
  if (shape.empty())
    gen.fail(bound.loc("shape"), "the new shape needs a dimension");
  std::string problem;
  mlir::gluon::MemDescType type =
      mlir::gluon::inferReshapeType(getType(desc), shape, problem);
  // Triton 3.6's reshape(shape, layout) names the layout the view gets:
  // it must place every element where reshaping does (the current
  // spelling infers it).
  if (type && bound.has("layout")) {
    auto given = mlir::cast<mlir::gluon::SharedLayoutAttrInterface>(
        requireSharedLayout(gen, bound.get("layout"), bound.loc("layout")));
    std::string unused;
    mlir::gluon::MemDescType named = mlir::gluon::getAllocationType(
        shape, type.getElementType(), given, unused);
    if (!named || named.getSharedLayout() != type.getSharedLayout())
      gen.fail(bound.loc("layout"),
               "reshape to " + describeLayout(given) +
                   ": it places the elements elsewhere than reshaping "
                   "does, which gives " +
                   describeLayout(type.getLayout()) +
                   " (drop the layout to take it)");
    type = named;
  }
  mlir::OpBuilder &b = gen.getBuilder();
  return makeView(gen, desc, type, problem, bound.callLoc(), "reshape",
                  [&](mlir::gluon::MemDescType type) {
                    return mlir::gluon::MemDescReshapeOp::create(
                        b, gen.getLoc(bound.callLoc()), type, desc.value);
                  });
}

/// smem._reinterpret(dtype, shape, layout): the same bytes, from the
/// view's start, as a fresh allocation of that type would lay them out.
Value descriptorReinterpret(IRGen &gen, const BoundArgs &bound) {
  const SharedMemoryValue &desc = bound.self().get<SharedMemoryValue>();
  DType dtype = requireDType(gen, bound.get("dtype"), bound.loc("dtype"));
  if (dtype.isPointer)
    gen.fail(bound.loc("dtype"),
             "not supported yet: shared memory holding pointers");
  mlir::gluon::MemDescType type = requireAllocationType(gen, bound, dtype);
  int64_t bytes =
      type.getSharedLayout().getAllocationElements() * getStorageBytes(dtype);
  int64_t available =
      mlir::gluon::getViewExtent(getType(desc)) * getStorageBytes(desc.dtype);
  if (bytes > available)
    gen.failWithNote(bound.callLoc(),
                     "cannot reinterpret " + Value(desc).toString() + " as " +
                         Value(dtype).toString() + " " +
                         listText(type.getShape()) + ": that takes " +
                         std::to_string(bytes) + " bytes, the view spans " +
                         std::to_string(available),
                     desc.loc, "the shared memory descriptor is defined here");
  mlir::Value value = mlir::gluon::MemDescReinterpretOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), type, desc.value);
  return Value(makeDescriptor(value, dtype, type, bound.callLoc()));
}

//===----------------------------------------------------------------------===//
// Compile-time queries
//===----------------------------------------------------------------------===//

/// gl.to_linear_layout(layout, shape): the layout as its bases, a
/// DistributedLinearLayout or a SharedLinearLayout (the linear part of a
/// padded layout, without the padding).
Value toLinearLayout(IRGen &gen, const BoundArgs &bound) {
  auto *layout = bound.get("layout").getIf<LayoutValue>();
  if (!layout)
    gen.fail(bound.loc("layout"), "expected a layout, got " +
                                      bound.get("layout").getTypeName() + " " +
                                      bound.get("layout").toString());
  std::vector<int64_t> shape =
      requireShape(gen, bound.get("shape"), bound.loc("shape"), "shape");
  if (auto distributed =
          mlir::dyn_cast<mlir::gluon::LayoutAttrInterface>(layout->attr)) {
    if (distributed.getRank() != shape.size())
      gen.fail(bound.loc("shape"),
               "a shape of rank " + std::to_string(shape.size()) +
                   " for the rank-" + std::to_string(distributed.getRank()) +
                   " layout " + layout->text);
    return makeLayoutValue(mlir::gluon::LinearLayoutAttr::get(
        &gen.getContext(), distributed.toLinearLayout(shape)));
  }
  auto shared =
      mlir::cast<mlir::gluon::SharedLayoutAttrInterface>(layout->attr);
  std::string problem = shared.checkAllocationShape(shape);
  if (!problem.empty())
    gen.fail(bound.loc("shape"), layout->text + " cannot lay out shape " +
                                     listText(shape) + ": " + problem);
  SharedLayout linear = shared.toSharedLayout(shape);
  return makeLayoutValue(makeSharedLinearAttr(
      gen, linear.getOffsetBases(), /*alignment=*/16, bound.loc("layout")));
}

TypeValue requireType(IRGen &gen, const Value &value, SourceLoc loc,
                      bool sharedMemory, const std::string &what) {
  auto *type = value.getIf<TypeValue>();
  if (!type || type->isSharedMemory != sharedMemory)
    gen.fail(loc, what + " must be a " +
                      (sharedMemory ? "shared_memory_descriptor_type (a "
                                      "descriptor's .type)"
                                    : "distributed_type (a tensor's .type or "
                                      "gl.distributed_type(...))") +
                      ", got " + value.getTypeName() + " " + value.toString());
  return *type;
}

/// gl.bank_conflicts(distr_ty, shared_ty): the extra wavefronts per
/// wavefront of the worst access when a tensor of `distr_ty` is stored to
/// (or loaded from) a descriptor of `shared_ty`.
Value bankConflicts(IRGen &gen, const BoundArgs &bound) {
  TypeValue registers = requireType(gen, bound.get("distr_ty"),
                                    bound.loc("distr_ty"), false, "distr_ty");
  TypeValue shared = requireType(gen, bound.get("shared_ty"),
                                 bound.loc("shared_ty"), true, "shared_ty");
  if (registers.shape != shared.shape)
    gen.fail(bound.callLoc(), "register shape " + listText(registers.shape) +
                                  " and shared shape " +
                                  listText(shared.shape) + " must match");
  if (registers.dtype != shared.dtype)
    gen.fail(bound.callLoc(), "mismatched dtypes between register (" +
                                  registers.dtype.getTritonName() +
                                  ") and shared (" +
                                  shared.dtype.getTritonName() + ") layouts");
  if (shared.shape != shared.allocShape)
    gen.fail(bound.loc("shared_ty"),
             "not supported yet: bank_conflicts of a view of part of an "
             "allocation (shape " +
                 listText(shared.shape) + ", alloc_shape " +
                 listText(shared.allocShape) + ")");
  LinearLayout distributed =
      mlir::cast<mlir::gluon::LayoutAttrInterface>(registers.layout)
          .toLinearLayout(registers.shape);
  SharedLayout layout =
      mlir::cast<mlir::gluon::SharedLayoutAttrInterface>(shared.layout)
          .toSharedLayout(shared.allocShape);
  return Value(analyzeBankConflicts(distributed, layout,
                                    getStorageBytes(registers.dtype) * 8)
                   .conflicts);
}

//===----------------------------------------------------------------------===//
// Properties
//===----------------------------------------------------------------------===//

const SharedMemoryValue &descriptorOf(const BoundArgs &args) {
  return args.self().get<SharedMemoryValue>();
}

const TypeValue &typeOf(const BoundArgs &args) {
  return args.self().get<TypeValue>();
}

/// A tensor's .type: its distributed type, or a scalar's dtype.
Value tensorType(IRGen &, const BoundArgs &args) {
  const RuntimeValue &tensor = args.self().get<RuntimeValue>();
  if (tensor.isScalar())
    return Value(tensor.dtype);
  return Value(makeDistributedType(tensor.dtype, tensor.shape, tensor.layout));
}

} // namespace

void gluonc::frontend::registerSharedMemoryBuiltins(BuiltinTable &table) {
  const std::string cga = "ctas_per_cga=None, cta_split_num=None, "
                          "cta_order=None, cga_layout=None";
  table.addClass({"gl.SwizzledSharedLayout"},
                 "vec, per_phase, max_phase, order, " + cga,
                 withIRGen(swizzledSharedLayout),
                 isLayoutOf<mlir::gluon::SwizzledSharedLayoutAttr>);
  table.addClass({"gl.NVMMASharedLayout"},
                 "swizzle_byte_width, element_bitwidth, rank=None, "
                 "transposed=False, fp4_padded=False, " +
                     cga,
                 withIRGen(nvmmaSharedLayout),
                 isLayoutOf<mlir::gluon::NVMMASharedLayoutAttr>);
  table.addFunction({"gl.NVMMASharedLayout.get_default_for"},
                    "block_shape, dtype, transposed=False, fp4_padded=False, " +
                        cga,
                    withIRGen(nvmmaDefaultFor));
  table.addClass({"gl.PaddedSharedLayout"},
                 "interval_padding_pairs, offset_bases=None, "
                 "block_bases=None, shape=None, order=None, " +
                     cga,
                 withIRGen(paddedSharedLayout),
                 isLayoutOf<mlir::gluon::PaddedSharedLayoutAttr>);
  table.addFunction({"gl.PaddedSharedLayout.with_identity_for"},
                    "interval_padding_pairs, shape, order, " + cga,
                    withIRGen(paddedWithIdentityFor));
  table.addClass({"gl.SharedLinearLayout"},
                 "offset_bases, block_bases=None, alignment=16",
                 withIRGen(sharedLinearLayout),
                 isLayoutOf<mlir::gluon::SharedLinearLayoutAttr>);
  table.addFunction({"gl.allocate_shared_memory"},
                    "element_ty, shape, layout, value=None",
                    withIRGen(allocateSharedMemory));
  table.addFunction({"gl.to_linear_layout"}, "layout, shape",
                    withIRGen(toLinearLayout));
  table.addFunction({"gl.bank_conflicts"}, "distr_ty, shared_ty",
                    withIRGen(bankConflicts));
  table.addClass({"gl.distributed_type"}, "element_ty, shape, layout",
                 withIRGen(distributedType));
  table.addClass({"gl.shared_memory_descriptor_type"},
                 "element_ty, shape, layout, alloc_shape=None",
                 withIRGen(descriptorType));

  const std::string desc = "shared_memory_descriptor.";
  table.addMethod({desc + "load"}, "layout", withIRGen(descriptorLoad));
  table.addMethod({desc + "store"}, "value", withIRGen(descriptorStore));
  table.addMethod({desc + "index"}, "index", withIRGen(descriptorIndex));
  table.addMethod({desc + "slice"}, "start, length, dim=0",
                  withIRGen(descriptorSlice));
  table.addMethod({desc + "permute"}, "order", withIRGen(descriptorPermute));
  table.addMethod({desc + "reshape"}, "shape, layout=None",
                  withIRGen(descriptorReshape));
  table.addMethod({desc + "_reinterpret"}, "dtype, shape, layout",
                  withIRGen(descriptorReinterpret));
  // Allocations live for the whole program.
  table.addMethod({desc + "_keep_alive"}, "",
                  [](Interpreter &, const BoundArgs &) { return Value(); });
  table.addProperty({desc + "dtype"}, [](Interpreter &, const BoundArgs &args) {
    return Value(descriptorOf(args).dtype);
  });
  table.addProperty({desc + "shape"}, [](Interpreter &, const BoundArgs &args) {
    return shapeTuple(descriptorOf(args).shape);
  });
  table.addProperty({desc + "rank"}, [](Interpreter &, const BoundArgs &args) {
    return Value(int64_t(descriptorOf(args).shape.size()));
  });
  table.addProperty({desc + "numel"}, [](Interpreter &, const BoundArgs &args) {
    int64_t elements = 1;
    for (int64_t size : descriptorOf(args).shape)
      elements *= size;
    return Value(elements);
  });
  table.addProperty({desc + "layout"},
                    [](Interpreter &, const BoundArgs &args) {
                      const SharedMemoryValue &d = descriptorOf(args);
                      return Value(LayoutValue{d.layout, d.layoutText});
                    });
  table.addProperty({desc + "type"}, [](Interpreter &, const BoundArgs &args) {
    return Value(makeDescriptorType(descriptorOf(args)));
  });

  table.addProperty({"tensor.type"}, withIRGen(tensorType));
  for (const char *type :
       {"distributed_type.", "shared_memory_descriptor_type."}) {
    std::string prefix = type;
    auto elementType = [](Interpreter &, const BoundArgs &args) {
      return Value(typeOf(args).dtype);
    };
    table.addProperty({prefix + "element_ty"}, elementType);
    table.addProperty({prefix + "scalar"}, elementType);
    table.addProperty({prefix + "shape"},
                      [](Interpreter &, const BoundArgs &args) {
                        return shapeTuple(typeOf(args).shape);
                      });
    table.addProperty({prefix + "layout"},
                      [](Interpreter &, const BoundArgs &args) {
                        const TypeValue &t = typeOf(args);
                        return Value(LayoutValue{t.layout, t.layoutText});
                      });
  }
  table.addProperty({"shared_memory_descriptor_type.alloc_shape"},
                    [](Interpreter &, const BoundArgs &args) {
                      return shapeTuple(typeOf(args).allocShape);
                    });
}
