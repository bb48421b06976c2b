//===- SharedMemoryBuiltins.cpp - Shared layouts and descriptors ----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryBuiltins.h"

#include "BoundArgs.h"

#include "gluonc/IR/MemDesc.h"
#include "gluonc/Layout/SharedLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

//===----------------------------------------------------------------------===//
// Argument helpers
//===----------------------------------------------------------------------===//

std::string listText(const std::vector<int64_t> &values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

std::vector<int64_t> requireInts(CodeGen &gen, const Value &value,
                                 SourceLoc loc, const std::string &what) {
  const std::vector<Value> *sequence = value.getSequence();
  if (!sequence)
    gen.fail(loc, what + " must be a list of integers, got " +
                      value.getTypeName() + " " + value.toString());
  std::vector<int64_t> result;
  for (const Value &element : *sequence)
    result.push_back(gen.requireInt(element, loc, what + " entries"));
  return result;
}

std::vector<std::vector<int64_t>> requireIntLists(CodeGen &gen,
                                                  const Value &value,
                                                  SourceLoc loc,
                                                  const std::string &what) {
  const std::vector<Value> *sequence = value.getSequence();
  if (!sequence)
    gen.fail(loc, what + " must be a list of lists of integers, got " +
                      value.getTypeName() + " " + value.toString());
  std::vector<std::vector<int64_t>> result;
  for (const Value &element : *sequence)
    result.push_back(requireInts(gen, element, loc, what + " entries"));
  return result;
}

bool isListOfLists(const Value &value) {
  const std::vector<Value> *sequence = value.getSequence();
  return sequence && !sequence->empty() && (*sequence)[0].getSequence();
}

DType requireDType(CodeGen &gen, const Value &value, SourceLoc loc) {
  if (auto *dtype = value.getIf<DType>())
    return *dtype;
  gen.fail(loc, "expected a dtype such as gl.float16, got " +
                    value.getTypeName() + " " + value.toString());
}

mlir::Attribute requireSharedLayout(CodeGen &gen, const Value &value,
                                    SourceLoc loc) {
  auto *layout = value.getIf<LayoutValue>();
  if (!layout || !mlir::gluon::isSharedLayout(layout->attr))
    gen.fail(loc, "expected a shared layout such as "
                  "gl.SwizzledSharedLayout(...), got " +
                      value.getTypeName() + " " + value.toString());
  return layout->attr;
}

mlir::gluon::LayoutAttrInterface
requireDistributedLayout(CodeGen &gen, const Value &value, SourceLoc loc) {
  auto *layout = value.getIf<LayoutValue>();
  auto distributed =
      layout ? mlir::dyn_cast<mlir::gluon::LayoutAttrInterface>(layout->attr)
             : nullptr;
  if (!distributed)
    gen.fail(loc, "expected a distributed layout such as "
                  "gl.BlockedLayout(...), got " +
                      value.getTypeName() + " " + value.toString());
  return distributed;
}

/// A shape: powers of two up to 2^30, as the language's tensors.
std::vector<int64_t> requireShape(CodeGen &gen, const Value &value,
                                  SourceLoc loc, const std::string &what) {
  std::vector<int64_t> shape = requireInts(gen, value, loc, what);
  if (shape.empty())
    gen.fail(loc, what + " needs at least one dimension");
  for (int64_t size : shape)
    if (!isPowerOf2(size) || size > (int64_t(1) << 30))
      gen.fail(loc, what +
                        " dimensions must be powers of two up to 2^30, "
                        "got " +
                        listText(shape));
  return shape;
}

Value makeLayoutValue(mlir::Attribute attr) {
  return Value(LayoutValue{attr, CodeGen::describeLayout(attr)});
}

/// Multi-CTA parameters: only the single-CTA values are supported, as for
/// BlockedLayout. `params` are the builtin's parameter names.
void checkSingleCTA(CodeGen &gen, const BuiltinArgs &bound,
                    const std::string &function,
                    const std::vector<std::string> &params) {
  auto given = [&](const char *name) {
    return std::find(params.begin(), params.end(), name) != params.end() &&
           bound.has(name);
  };
  for (const char *name : {"ctas_per_cga", "cta_split_num"}) {
    if (!given(name))
      continue;
    for (int64_t value :
         requireInts(gen, bound.get(name), bound.loc(name), name))
      if (value != 1)
        gen.fail(bound.loc(name), std::string("not supported yet: ") + name +
                                      " other than 1 in " + function +
                                      " (multi-CTA layouts)");
  }
  if (given("cta_order"))
    requireInts(gen, bound.get("cta_order"), bound.loc("cta_order"),
                "cta_order");
  for (const char *name : {"cga_layout", "block_bases"})
    if (given(name)) {
      const std::vector<Value> *bases = bound.get(name).getSequence();
      if (!bases)
        gen.fail(bound.loc(name), std::string(name) + " must be a list");
      if (!bases->empty())
        gen.fail(bound.loc(name), std::string("not supported yet: ") + name +
                                      " in " + function +
                                      " (multi-CTA layouts)");
    }
}

std::vector<int32_t> toInt32(const std::vector<int64_t> &values) {
  return std::vector<int32_t>(values.begin(), values.end());
}

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

const std::vector<std::string> kCGAParams = {"ctas_per_cga", "cta_split_num",
                                             "cta_order", "cga_layout"};

std::vector<std::string> withCGAParams(std::vector<std::string> names) {
  names.insert(names.end(), kCGAParams.begin(), kCGAParams.end());
  return names;
}

Value swizzledSharedLayout(CodeGen &gen, CallArgs &args) {
  std::vector<std::string> params =
      withCGAParams({"vec", "per_phase", "max_phase", "order"});
  BuiltinArgs bound(gen, "SwizzledSharedLayout", args, params, 4);
  checkSingleCTA(gen, bound, "SwizzledSharedLayout", params);
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
                          toInt32(requireInts(gen, bound.get("order"),
                                              bound.loc("order"), "order"))};
  std::string problem = spec.validate();
  if (!problem.empty())
    gen.fail(bound.loc("order"), "invalid SwizzledSharedLayout: " + problem);
  llvm::SmallVector<unsigned> order(spec.order.begin(), spec.order.end());
  return makeLayoutValue(mlir::gluon::SwizzledSharedLayoutAttr::get(
      &gen.getContext(), spec.vec, spec.perPhase, spec.maxPhase,
      llvm::ArrayRef<unsigned>(order)));
}

Value makeNVMMALayout(CodeGen &gen, const NVMMASharedSpec &spec,
                      SourceLoc loc) {
  std::string problem = spec.validate();
  if (!problem.empty())
    gen.fail(loc, "invalid NVMMASharedLayout: " + problem);
  return makeLayoutValue(mlir::gluon::NVMMASharedLayoutAttr::get(
      &gen.getContext(), spec.swizzleBytes, spec.elementBitWidth, spec.rank,
      spec.transposed));
}

void rejectFp4Padded(CodeGen &gen, const BuiltinArgs &bound) {
  if (bound.has("fp4_padded") &&
      gen.isTruthy(bound.get("fp4_padded"), bound.loc("fp4_padded")))
    gen.fail(bound.loc("fp4_padded"),
             "not supported yet: fp4_padded shared layouts (gluonc has no "
             "fp4 type)");
}

Value nvmmaSharedLayout(CodeGen &gen, CallArgs &args) {
  std::vector<std::string> params =
      withCGAParams({"swizzle_byte_width", "element_bitwidth", "rank",
                     "transposed", "fp4_padded"});
  BuiltinArgs bound(gen, "NVMMASharedLayout", args, params, 2);
  checkSingleCTA(gen, bound, "NVMMASharedLayout", params);
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
  return makeNVMMALayout(gen, spec, args.callLoc);
}

/// NVMMASharedLayout.get_default_for(block_shape, dtype, transposed=False,
/// fp4_padded=False, ...): the widest swizzle the contiguous dimension's
/// bytes are a multiple of, none with fewer than 8 rows.
Value nvmmaDefaultFor(CodeGen &gen, CallArgs &args) {
  std::vector<std::string> params =
      withCGAParams({"block_shape", "dtype", "transposed", "fp4_padded"});
  BuiltinArgs bound(gen, "get_default_for", args, params, 2);
  checkSingleCTA(gen, bound, "NVMMASharedLayout.get_default_for", params);
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

std::vector<PaddingRule> requirePadding(CodeGen &gen,
                                        const BuiltinArgs &bound) {
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

Value makePaddedLayout(CodeGen &gen, const PaddedSharedSpec &spec,
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
Value paddedSharedLayout(CodeGen &gen, CallArgs &args) {
  std::vector<std::string> params =
      withCGAParams({"interval_padding_pairs", "offset_bases", "block_bases",
                     "shape", "order"});
  BuiltinArgs bound(gen, "PaddedSharedLayout", args, params, 2);
  checkSingleCTA(gen, bound, "PaddedSharedLayout", params);
  PaddedSharedSpec spec;
  spec.padding = requirePadding(gen, bound);
  if (bound.has("order") == bound.has("offset_bases"))
    gen.fail(args.callLoc, "PaddedSharedLayout() needs offset_bases (and "
                           "their shape) or an order");
  // The earlier form's order sits where Triton 3.6 has offset_bases.
  const char *second = bound.has("order") ? "order" : "offset_bases";
  if (bound.has("order") ||
      (!isListOfLists(bound.get(second)) && !bound.has("shape"))) {
    spec.order = toInt32(
        requireInts(gen, bound.get(second), bound.loc(second), "order"));
  } else {
    if (!bound.has("shape"))
      gen.fail(args.callLoc, "PaddedSharedLayout() with offset_bases needs "
                             "the shape they lay out");
    spec.shape = toInt32(
        requireShape(gen, bound.get("shape"), bound.loc("shape"), "shape"));
    for (const std::vector<int64_t> &basis : requireIntLists(
             gen, bound.get(second), bound.loc(second), "offset_bases"))
      spec.offsetBases.push_back(toInt32(basis));
  }
  return makePaddedLayout(gen, spec, args.callLoc);
}

/// PaddedSharedLayout.with_identity_for(interval_padding_pairs, shape,
/// order): the offset bases that step through `shape` in `order`.
Value paddedWithIdentityFor(CodeGen &gen, CallArgs &args) {
  std::vector<std::string> params =
      withCGAParams({"interval_padding_pairs", "shape", "order"});
  BuiltinArgs bound(gen, "with_identity_for", args, params, 3);
  checkSingleCTA(gen, bound, "PaddedSharedLayout.with_identity_for", params);
  PaddedSharedSpec spec;
  spec.padding = requirePadding(gen, bound);
  spec.shape = toInt32(
      requireShape(gen, bound.get("shape"), bound.loc("shape"), "shape"));
  std::vector<int32_t> order = toInt32(
      requireInts(gen, bound.get("order"), bound.loc("order"), "order"));
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
  return makePaddedLayout(gen, spec, args.callLoc);
}

mlir::Attribute makeSharedLinearAttr(CodeGen &gen,
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

Value sharedLinearLayout(CodeGen &gen, CallArgs &args) {
  std::vector<std::string> params = {"offset_bases", "block_bases",
                                     "alignment"};
  BuiltinArgs bound(gen, "SharedLinearLayout", args, params, 1);
  checkSingleCTA(gen, bound, "SharedLinearLayout", params);
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
  type.layoutText = CodeGen::describeLayout(layout);
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

Value distributedType(CodeGen &gen, CallArgs &args) {
  BuiltinArgs bound(gen, "distributed_type", args,
                    {"element_ty", "shape", "layout"}, 3);
  DType dtype =
      requireDType(gen, bound.get("element_ty"), bound.loc("element_ty"));
  std::vector<int64_t> shape =
      requireShape(gen, bound.get("shape"), bound.loc("shape"), "shape");
  mlir::gluon::LayoutAttrInterface layout =
      requireDistributedLayout(gen, bound.get("layout"), bound.loc("layout"));
  if (layout.getRank() != shape.size())
    gen.fail(bound.loc("layout"), "a shape of rank " +
                                      std::to_string(shape.size()) +
                                      " needs a layout of that rank, got " +
                                      CodeGen::describeLayout(layout));
  return Value(makeDistributedType(dtype, shape, layout));
}

Value descriptorType(CodeGen &gen, CallArgs &args) {
  BuiltinArgs bound(gen, "shared_memory_descriptor_type", args,
                    {"element_ty", "shape", "layout", "alloc_shape"}, 3);
  SharedMemoryValue desc;
  desc.dtype =
      requireDType(gen, bound.get("element_ty"), bound.loc("element_ty"));
  desc.shape =
      requireShape(gen, bound.get("shape"), bound.loc("shape"), "shape");
  desc.allocShape = bound.has("alloc_shape")
                        ? requireShape(gen, bound.get("alloc_shape"),
                                       bound.loc("alloc_shape"), "alloc_shape")
                        : desc.shape;
  desc.layout =
      requireSharedLayout(gen, bound.get("layout"), bound.loc("layout"));
  desc.layoutText = CodeGen::describeLayout(desc.layout);
  std::string problem =
      mlir::cast<mlir::gluon::SharedLayoutAttrInterface>(desc.layout)
          .checkAllocationShape(desc.allocShape);
  bool fits = desc.shape.size() == desc.allocShape.size();
  for (size_t d = 0; fits && d < desc.shape.size(); ++d)
    fits = desc.shape[d] <= desc.allocShape[d];
  if (problem.empty() && !fits)
    problem = "shape " + listText(desc.shape) +
              " does not fit in alloc_shape " + listText(desc.allocShape);
  if (!problem.empty())
    gen.fail(args.callLoc, "invalid shared_memory_descriptor_type: " + problem);
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
  desc.layoutText = CodeGen::describeLayout(desc.layout);
  desc.loc = loc;
  return desc;
}

/// A tensor that must match descriptor `desc` in shape and dtype.
RuntimeValue requireMatchingTensor(CodeGen &gen, const Value &value,
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

Value allocateSharedMemory(CodeGen &gen, CallArgs &args) {
  BuiltinArgs bound(gen, "allocate_shared_memory", args,
                    {"element_ty", "shape", "layout", "value"}, 3);
  DType dtype =
      requireDType(gen, bound.get("element_ty"), bound.loc("element_ty"));
  if (dtype.isPointer)
    gen.fail(bound.loc("element_ty"),
             "not supported yet: shared memory holding pointers");
  std::vector<int64_t> shape =
      requireShape(gen, bound.get("shape"), bound.loc("shape"), "shape");
  auto layout = mlir::cast<mlir::gluon::SharedLayoutAttrInterface>(
      requireSharedLayout(gen, bound.get("layout"), bound.loc("layout")));
  std::string problem;
  mlir::gluon::MemDescType type = mlir::gluon::getAllocationType(
      shape, dtype.toMLIR(&gen.getContext()), layout, problem);
  if (!type)
    gen.fail(bound.loc("layout"), CodeGen::describeLayout(layout) +
                                      " cannot lay out shared memory of "
                                      "shape " +
                                      listText(shape) + ": " + problem);
  int64_t bytes =
      type.getSharedLayout().getAllocationElements() * getStorageBytes(dtype);
  int64_t limit = gen.getSpec().sharedMemoryLimit;
  if (bytes > limit)
    gen.fail(args.callLoc, "allocating " + std::to_string(bytes) +
                               " bytes of shared memory, more than the " +
                               std::to_string(limit) + " a block of " +
                               gen.getSpec().arch + " can use");
  SharedMemoryValue desc = makeDescriptor({}, dtype, type, args.callLoc);
  mlir::Value init;
  if (bound.has("value"))
    init = requireMatchingTensor(gen, bound.get("value"), bound.loc("value"),
                                 desc, "the initial value")
               .value;
  desc.value = mlir::gluon::LocalAllocOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc), type, init);
  return Value(desc);
}

Value descriptorLoad(CodeGen &gen, const SharedMemoryValue &desc,
                     CallArgs &args) {
  BuiltinArgs bound(gen, "load", args, {"layout"}, 1);
  mlir::gluon::LayoutAttrInterface layout =
      requireDistributedLayout(gen, bound.get("layout"), bound.loc("layout"));
  if (layout.getRank() != desc.shape.size())
    gen.failWithNote(bound.loc("layout"),
                     "a descriptor of shape " + listText(desc.shape) +
                         " cannot be loaded in the rank-" +
                         std::to_string(layout.getRank()) + " layout " +
                         CodeGen::describeLayout(layout),
                     desc.loc, "the shared memory descriptor is defined here");
  mlir::Type type = gen.getMLIRType(desc.dtype, desc.shape, layout);
  auto op = mlir::gluon::LocalLoadOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc), type, desc.value);
  return RuntimeValue{op, desc.dtype, desc.shape, layout};
}

Value descriptorStore(CodeGen &gen, const SharedMemoryValue &desc,
                      CallArgs &args) {
  BuiltinArgs bound(gen, "store", args, {"value"}, 1);
  RuntimeValue value = requireMatchingTensor(
      gen, bound.get("value"), bound.loc("value"), desc, "the stored value");
  mlir::gluon::LocalStoreOp::create(gen.getBuilder(), gen.getLoc(args.callLoc),
                                    value.value, desc.value);
  return Value();
}

/// Makes the view of `type` with `build`, or reports `problem` with a note
/// at the source descriptor.
template <typename Build>
Value makeView(CodeGen &gen, const SharedMemoryValue &desc,
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

Value descriptorIndex(CodeGen &gen, const SharedMemoryValue &desc,
                      CallArgs &args) {
  BuiltinArgs bound(gen, "index", args, {"index"}, 1);
  const Value &index = bound.get("index");
  SourceLoc loc = bound.loc("index");
  mlir::OpBuilder &b = gen.getBuilder();
  mlir::Location mloc = gen.getLoc(args.callLoc);
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
  return makeView(gen, desc, type, problem, args.callLoc, "index",
                  [&](mlir::gluon::MemDescType type) {
                    return mlir::gluon::MemDescIndexOp::create(
                        b, mloc, type, desc.value, indexValue);
                  });
}

Value descriptorSlice(CodeGen &gen, const SharedMemoryValue &desc,
                      CallArgs &args) {
  BuiltinArgs bound(gen, "slice", args, {"start", "length", "dim"}, 2);
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
    gen.failWithNote(args.callLoc,
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
  return makeView(gen, desc, type, problem, args.callLoc, "slice",
                  [&](mlir::gluon::MemDescType type) {
                    return mlir::gluon::MemDescSubsliceOp::create(
                        b, gen.getLoc(args.callLoc), type, desc.value, offsets);
                  });
}

Value descriptorPermute(CodeGen &gen, const SharedMemoryValue &desc,
                        CallArgs &args) {
  BuiltinArgs bound(gen, "permute", args, {"order"}, 1);
  std::vector<int32_t> order = toInt32(
      requireInts(gen, bound.get("order"), bound.loc("order"), "order"));
  std::string problem;
  mlir::gluon::MemDescType type =
      mlir::gluon::inferPermuteType(getType(desc), order, problem);
  mlir::OpBuilder &b = gen.getBuilder();
  return makeView(gen, desc, type, problem, args.callLoc, "permute",
                  [&](mlir::gluon::MemDescType type) {
                    return mlir::gluon::MemDescPermuteOp::create(
                        b, gen.getLoc(args.callLoc), type, desc.value, order);
                  });
}

Value descriptorReshape(CodeGen &gen, const SharedMemoryValue &desc,
                        CallArgs &args) {
  BuiltinArgs bound(gen, "reshape", args, {"shape"}, 1);
  std::vector<int64_t> shape =
      requireInts(gen, bound.get("shape"), bound.loc("shape"), "shape");
  if (shape.empty())
    gen.fail(bound.loc("shape"), "the new shape needs a dimension");
  std::string problem;
  mlir::gluon::MemDescType type =
      mlir::gluon::inferReshapeType(getType(desc), shape, problem);
  mlir::OpBuilder &b = gen.getBuilder();
  return makeView(gen, desc, type, problem, args.callLoc, "reshape",
                  [&](mlir::gluon::MemDescType type) {
                    return mlir::gluon::MemDescReshapeOp::create(
                        b, gen.getLoc(args.callLoc), type, desc.value);
                  });
}

//===----------------------------------------------------------------------===//
// Compile-time queries
//===----------------------------------------------------------------------===//

/// gl.to_linear_layout(layout, shape): the layout as its bases, a
/// DistributedLinearLayout or a SharedLinearLayout (the linear part of a
/// padded layout, without the padding).
Value toLinearLayout(CodeGen &gen, CallArgs &args) {
  BuiltinArgs bound(gen, "to_linear_layout", args, {"layout", "shape"}, 2);
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

TypeValue requireType(CodeGen &gen, const Value &value, SourceLoc loc,
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
Value bankConflicts(CodeGen &gen, CallArgs &args) {
  BuiltinArgs bound(gen, "bank_conflicts", args, {"distr_ty", "shared_ty"}, 2);
  TypeValue registers = requireType(gen, bound.get("distr_ty"),
                                    bound.loc("distr_ty"), false, "distr_ty");
  TypeValue shared = requireType(gen, bound.get("shared_ty"),
                                 bound.loc("shared_ty"), true, "shared_ty");
  if (registers.shape != shared.shape)
    gen.fail(args.callLoc, "register shape " + listText(registers.shape) +
                               " and shared shape " + listText(shared.shape) +
                               " must match");
  if (registers.dtype != shared.dtype)
    gen.fail(args.callLoc, "mismatched dtypes between register (" +
                               registers.dtype.getTritonName() +
                               ") and shared (" + shared.dtype.getTritonName() +
                               ") layouts");
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

const char *const kBuiltins[] = {"SwizzledSharedLayout",
                                 "NVMMASharedLayout",
                                 "PaddedSharedLayout",
                                 "SharedLinearLayout",
                                 "allocate_shared_memory",
                                 "to_linear_layout",
                                 "bank_conflicts",
                                 "distributed_type",
                                 "shared_memory_descriptor_type"};

const char *const kDescriptorMethods[] = {
    "load", "store", "index", "slice", "permute", "reshape", "_keep_alive"};

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

bool gluonc::frontend::isSharedMemoryBuiltin(const std::string &name) {
  for (const char *builtin : kBuiltins)
    if (name == builtin)
      return true;
  return false;
}

std::optional<Value> gluonc::frontend::callSharedMemoryBuiltin(
    CodeGen &gen, const BuiltinValue &builtin, CallArgs &args) {
  const std::string &name = builtin.name;
  if (name.rfind("shared_memory_descriptor.", 0) == 0) {
    const SharedMemoryValue &desc = builtin.self->get<SharedMemoryValue>();
    std::string method = name.substr(name.find('.') + 1);
    if (method == "load")
      return descriptorLoad(gen, desc, args);
    if (method == "store")
      return descriptorStore(gen, desc, args);
    if (method == "index")
      return descriptorIndex(gen, desc, args);
    if (method == "slice")
      return descriptorSlice(gen, desc, args);
    if (method == "permute")
      return descriptorPermute(gen, desc, args);
    if (method == "reshape")
      return descriptorReshape(gen, desc, args);
    // _keep_alive: allocations live for the whole program.
    BuiltinArgs bound(gen, method, args, {}, 0);
    return Value();
  }
  if (name == "NVMMASharedLayout.get_default_for")
    return nvmmaDefaultFor(gen, args);
  if (name == "PaddedSharedLayout.with_identity_for")
    return paddedWithIdentityFor(gen, args);
  if (name == "SwizzledSharedLayout")
    return swizzledSharedLayout(gen, args);
  if (name == "NVMMASharedLayout")
    return nvmmaSharedLayout(gen, args);
  if (name == "PaddedSharedLayout")
    return paddedSharedLayout(gen, args);
  if (name == "SharedLinearLayout")
    return sharedLinearLayout(gen, args);
  if (name == "allocate_shared_memory")
    return allocateSharedMemory(gen, args);
  if (name == "to_linear_layout")
    return toLinearLayout(gen, args);
  if (name == "bank_conflicts")
    return bankConflicts(gen, args);
  if (name == "distributed_type")
    return distributedType(gen, args);
  if (name == "shared_memory_descriptor_type")
    return descriptorType(gen, args);
  return std::nullopt;
}

static Value shapeTuple(const std::vector<int64_t> &shape) {
  std::vector<Value> dims;
  for (int64_t size : shape)
    dims.push_back(Value(size));
  return Value::tuple(dims);
}

std::optional<Value>
gluonc::frontend::getSharedMemoryAttribute(CodeGen &gen, const Value &object,
                                           const std::string &name) {
  if (auto *desc = object.getIf<SharedMemoryValue>()) {
    for (const char *method : kDescriptorMethods)
      if (name == method)
        return Value(BuiltinValue{"shared_memory_descriptor." + name,
                                  std::make_shared<Value>(object)});
    if (name == "dtype")
      return Value(desc->dtype);
    if (name == "shape")
      return shapeTuple(desc->shape);
    if (name == "rank")
      return Value(int64_t(desc->shape.size()));
    if (name == "numel") {
      int64_t elements = 1;
      for (int64_t size : desc->shape)
        elements *= size;
      return Value(elements);
    }
    if (name == "layout")
      return Value(LayoutValue{desc->layout, desc->layoutText});
    if (name == "type")
      return Value(makeDescriptorType(*desc));
    return std::nullopt;
  }
  if (auto *type = object.getIf<TypeValue>()) {
    if (name == "element_ty" || name == "scalar")
      return Value(type->dtype);
    if (name == "shape")
      return shapeTuple(type->shape);
    if (name == "layout")
      return Value(LayoutValue{type->layout, type->layoutText});
    if (name == "alloc_shape" && type->isSharedMemory)
      return shapeTuple(type->allocShape);
    return std::nullopt;
  }
  if (auto *runtime = object.getIf<RuntimeValue>()) {
    if (name != "type")
      return std::nullopt;
    if (runtime->isScalar())
      return Value(runtime->dtype);
    return Value(
        makeDistributedType(runtime->dtype, runtime->shape, runtime->layout));
  }
  if (auto *builtin = object.getIf<BuiltinValue>(); builtin && !builtin->self) {
    if (builtin->name == "NVMMASharedLayout" && name == "get_default_for")
      return Value(BuiltinValue{"NVMMASharedLayout.get_default_for", nullptr});
    if (builtin->name == "PaddedSharedLayout" && name == "with_identity_for")
      return Value(
          BuiltinValue{"PaddedSharedLayout.with_identity_for", nullptr});
  }
  (void)gen;
  return std::nullopt;
}

std::string gluonc::frontend::describeSharedLayout(mlir::Attribute layout) {
  auto list = [](llvm::ArrayRef<unsigned> values) {
    return listText(std::vector<int64_t>(values.begin(), values.end()));
  };
  auto nested = [](llvm::ArrayRef<int32_t> flat, size_t width) {
    std::string text = "[";
    for (size_t i = 0; width && i < flat.size(); i += width) {
      text += i ? ", " : "";
      text += listText(
          std::vector<int64_t>(flat.begin() + i, flat.begin() + i + width));
    }
    return text + "]";
  };
  if (auto swizzled =
          mlir::dyn_cast<mlir::gluon::SwizzledSharedLayoutAttr>(layout))
    return "SwizzledSharedLayout(vec=" + std::to_string(swizzled.getVec()) +
           ", per_phase=" + std::to_string(swizzled.getPerPhase()) +
           ", max_phase=" + std::to_string(swizzled.getMaxPhase()) +
           ", order=" + list(swizzled.getOrder()) + ")";
  if (auto nvmma = mlir::dyn_cast<mlir::gluon::NVMMASharedLayoutAttr>(layout))
    return "NVMMASharedLayout(swizzle_byte_width=" +
           std::to_string(nvmma.getSwizzlingByteWidth()) +
           ", element_bitwidth=" + std::to_string(nvmma.getElementBitWidth()) +
           ", rank=" + std::to_string(nvmma.getRank()) +
           ", transposed=" + (nvmma.getTransposed() ? "True" : "False") +
           ", fp4_padded=False)";
  if (auto padded =
          mlir::dyn_cast<mlir::gluon::PaddedSharedLayoutAttr>(layout)) {
    std::string pairs = "[";
    for (size_t i = 0; i < padded.getIntervals().size(); ++i)
      pairs += (i ? ", [" : "[") + std::to_string(padded.getIntervals()[i]) +
               ", " + std::to_string(padded.getPaddings()[i]) + "]";
    pairs += "]";
    if (!padded.getOrder().empty())
      return "PaddedSharedLayout(interval_padding_pairs=" + pairs +
             ", order=" + list(padded.getOrder()) + ")";
    return "PaddedSharedLayout(interval_padding_pairs=" + pairs +
           ", offset_bases=" +
           nested(padded.getOffsetBases(), padded.getShape().size()) +
           ", block_bases=[], shape=" + list(padded.getShape()) + ")";
  }
  if (auto linear = mlir::dyn_cast<mlir::gluon::SharedLinearLayoutAttr>(layout))
    return "SharedLinearLayout(offset_bases=" +
           nested(linear.getOffsetBases(), linear.getRank()) +
           ", block_bases=[], alignment=" +
           std::to_string(linear.getAlignment()) + ")";
  return "";
}
