//===- Builtins.cpp - gl.* and Python builtins ----------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"
#include "AtomicBuiltins.h"
#include "InlineAsmBuiltins.h"
#include "BoundArgs.h"
#include "ScanShapeBuiltins.h"
#include "SharedMemoryBuiltins.h"
#include "TensorBuiltins.h"

#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>

using namespace gluonc;
using namespace gluonc::frontend;

static constexpr const char *kGluonLanguage =
    "triton.experimental.gluon.language";
static constexpr const char *kTritonLanguage = "triton.language";

//===----------------------------------------------------------------------===//
// Namespaces
//===----------------------------------------------------------------------===//

/// The builtins of `gl` (and of `tl`, which shares the core of them).
static const char *const kLanguageFunctions[] = {
    "constexpr", "program_id", "num_programs", "arange",  "full",
    "zeros",     "load",       "store",        "where",   "maximum",
    "minimum",   "cdiv",       "static_assert", "expand_dims",
    "BlockedLayout", "SliceLayout", "DistributedLinearLayout",
    "DotOperandLayout", "static_range", "static_print", "cast",
    "tensor",    "dtype"};

std::optional<Value> CodeGen::lookupNamespaceMember(const NamespaceValue &ns,
                                                    const std::string &name) {
  static const std::map<std::string, std::map<std::string, std::string>>
      submodules = {
          {"triton",
           {{"experimental", "triton.experimental"},
            {"language", kTritonLanguage}}},
          {"triton.experimental", {{"gluon", "triton.experimental.gluon"}}},
          {"triton.experimental.gluon",
           {{"language", kGluonLanguage}}},
      };
  auto module = submodules.find(ns.path);
  if (module != submodules.end()) {
    auto sub = module->second.find(name);
    if (sub != module->second.end())
      return Value(NamespaceValue{sub->second, true});
  }
  if (ns.path == "triton" && (name == "jit" || name == "cdiv"))
    return Value(BuiltinValue{name == "jit" ? "jit" : "cdiv", nullptr});
  if (ns.path == "triton.experimental.gluon" &&
      (name == "jit" || name == "constexpr_function"))
    return Value(BuiltinValue{name, nullptr});
  if (ns.path == kGluonLanguage || ns.path == kTritonLanguage) {
    for (const char *function : kLanguageFunctions)
      if (name == function)
        return Value(BuiltinValue{name, nullptr});
    if (isTensorBuiltin(name) || isScanOrShapeBuiltin(name) ||
        isAtomicBuiltin(name) || isInlineAsmBuiltin(name))
      return Value(BuiltinValue{name, nullptr});
    if (std::optional<ScalarKind> dtype = lookupGluonDType(name))
      return Value(DType::of(*dtype));
    if (ns.path == kGluonLanguage &&
        (name == "nvidia" || name == "amd"))
      return Value(NamespaceValue{ns.path + "." + name, true});
  }
  // gl.amd: the MFMA layout, and the cdna3 / cdna4 instruction sets.
  if (ns.path == std::string(kGluonLanguage) + ".amd") {
    if (name == "AMDMFMALayout")
      return Value(BuiltinValue{"amd.AMDMFMALayout", nullptr});
    if (name == "cdna3" || name == "cdna4")
      return Value(NamespaceValue{ns.path + "." + name, true});
  }
  if ((ns.path == std::string(kGluonLanguage) + ".amd.cdna3" ||
       ns.path == std::string(kGluonLanguage) + ".amd.cdna4") &&
      (name == "mfma" || name == "buffer_load" || name == "buffer_store")) {
    std::string set = ns.path.substr(ns.path.size() - 5);
    return Value(BuiltinValue{"amd." + set + "." + name, nullptr});
  }
  return std::nullopt;
}

std::optional<Value> CodeGen::lookupPythonBuiltin(const std::string &name) {
  static const char *const kBuiltins[] = {
      "range", "len",   "min",   "max",  "abs",        "int",     "float",
      "bool",  "print", "str",   "repr", "tuple",      "list",    "dict",
      "set",   "zip",   "sum",   "all",  "any",        "sorted",  "reversed",
      "round", "divmod", "pow",  "hex",  "oct",        "bin",     "chr",
      "ord",   "enumerate", "isinstance"};
  for (const char *builtin : kBuiltins)
    if (name == builtin)
      return Value(BuiltinValue{std::string("builtins.") + name, nullptr});
  return std::nullopt;
}

void CodeGen::failUnavailableModule(const NamespaceValue &ns, SourceLoc loc) {
  // Triton's own modules gluonc does not implement yet, versus host-side
  // modules (torch, numpy) that kernels can never use.
  if (ns.path == "triton" || ns.path.rfind("triton.", 0) == 0)
    fail(loc, "not supported yet: module '" + ns.path + "'");
  fail(loc, "module '" + ns.path + "' is not available in kernels");
}

Value CodeGen::getAttribute(const Value &object, const std::string &name,
                            SourceLoc loc) {
  if (auto *ns = object.getIf<NamespaceValue>()) {
    if (!ns->isKnown)
      failUnavailableModule(*ns, loc);
    if (std::optional<Value> member = lookupNamespaceMember(*ns, name))
      return *member;
    fail(loc, "not supported yet: '" + ns->path + "." + name + "'");
  }
  if (std::optional<Value> attribute = getValueAttribute(object, name))
    return *attribute;
  fail(loc, "'" + object.getTypeName() + "' object has no attribute '" +
                name + "'");
}

std::optional<Value> CodeGen::getValueAttribute(const Value &object,
                                                const std::string &name) {
  if (std::optional<Value> attribute =
          getSharedMemoryAttribute(*this, object, name))
    return attribute;
  if (auto *runtime = object.getIf<RuntimeValue>()) {
    if (name == "dtype")
      return Value(runtime->dtype);
    if (name == "shape") {
      std::vector<Value> dims;
      for (int64_t dim : runtime->shape)
        dims.push_back(Value(dim));
      return Value::tuple(dims);
    }
    if (name == "to")
      return Value(BuiltinValue{"tensor.to", std::make_shared<Value>(object)});
    if (isScanOrShapeMethod(name))
      return Value(
          BuiltinValue{"tensor." + name, std::make_shared<Value>(object)});
    return std::nullopt;
  }
  if (auto *dtype = object.getIf<DType>()) {
    if (name == "element_ty" && dtype->isPointer)
      return Value(dtype->pointee());
    if (name == "primitive_bitwidth")
      return Value(int64_t(dtype->getBitWidth()));
    return std::nullopt;
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Argument binding
//===----------------------------------------------------------------------===//

/// Arguments matched to a builtin's parameters (BoundArgs.h).
using BoundArgs = BuiltinArgs;

static std::vector<int64_t> requireIntList(CodeGen &gen, const Value &value,
                                           SourceLoc loc,
                                           const std::string &what) {
  const std::vector<Value> *sequence = value.getSequence();
  if (!sequence)
    gen.fail(loc, what + " must be a list of integers, got " +
                      value.getTypeName());
  std::vector<int64_t> result;
  for (const Value &element : *sequence)
    result.push_back(gen.requireInt(element, loc, what + " entries"));
  return result;
}

static DType requireDType(CodeGen &gen, const Value &value, SourceLoc loc) {
  if (auto *dtype = value.getIf<DType>())
    return *dtype;
  gen.fail(loc, "expected a dtype such as gl.float32, got " +
                    value.getTypeName() + " " + value.toString());
}

static mlir::Attribute requireLayout(CodeGen &gen, const Value &value,
                                     SourceLoc loc) {
  if (auto *layout = value.getIf<LayoutValue>()) {
    // Tensors take distributed layouts; shared ones are for descriptors.
    if (!mlir::isa<mlir::gluon::LayoutAttrInterface>(layout->attr))
      gen.fail(loc, "expected a distributed layout such as "
                    "gl.BlockedLayout(...), got the shared layout " +
                        layout->text);
    return layout->attr;
  }
  gen.fail(loc, "expected a layout such as gl.BlockedLayout(...), got " +
                    value.getTypeName() + " " + value.toString());
}

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

static std::string listText(llvm::ArrayRef<unsigned> values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

/// Gluon's rendering of a DistributedLinearLayout.
static std::string describeLinearLayout(const gluonc::LinearLayout &layout) {
  auto bases = [&](gluonc::HwDim dim) {
    std::string text = "[";
    for (const gluonc::Coord &basis : layout.getBases(dim)) {
      text += text.size() > 1 ? ", [" : "[";
      for (size_t d = 0; d < basis.size(); ++d)
        text += (d ? ", " : "") + std::to_string(basis[d]);
      text += "]";
    }
    return text + "]";
  };
  std::string shape = "[";
  for (size_t d = 0; d < layout.rank(); ++d)
    shape += (d ? ", " : "") + std::to_string(layout.getDimSize(d));
  return "DistributedLinearLayout(reg_bases=" +
         bases(gluonc::HwDim::Register) +
         ", lane_bases=" + bases(gluonc::HwDim::Lane) +
         ", warp_bases=" + bases(gluonc::HwDim::Warp) +
         ", block_bases=" + bases(gluonc::HwDim::Block) + ", shape=" + shape +
         "])";
}

std::string CodeGen::describeLayout(mlir::Attribute layout) {
  if (auto blocked = mlir::dyn_cast_or_null<mlir::gluon::BlockedLayoutAttr>(
          layout))
    return "BlockedLayout(size_per_thread=" +
           listText(blocked.getSizePerThread()) +
           ", threads_per_warp=" + listText(blocked.getThreadsPerWarp()) +
           ", warps_per_cta=" + listText(blocked.getWarpsPerCTA()) +
           ", order=" + listText(blocked.getOrder()) + ")";
  if (auto slice =
          mlir::dyn_cast_or_null<mlir::gluon::SliceLayoutAttr>(layout))
    return "SliceLayout(dim=" + std::to_string(slice.getDim()) +
           ", parent=" + describeLayout(slice.getParent()) + ")";
  if (auto linear =
          mlir::dyn_cast_or_null<mlir::gluon::LinearLayoutAttr>(layout))
    return describeLinearLayout(linear.getLayout());
  if (auto dotOperand =
          mlir::dyn_cast_or_null<mlir::gluon::DotOperandLayoutAttr>(layout))
    return "DotOperandLayout(operand_index=" +
           std::to_string(dotOperand.getOpIdx()) +
           ", parent=" + describeLayout(dotOperand.getParent()) +
           ", k_width=" + std::to_string(dotOperand.getKWidth()) + ")";
  if (auto mfma = mlir::dyn_cast_or_null<mlir::gluon::AMDMFMALayoutAttr>(layout))
    return "AMDMFMALayout(version=" + std::to_string(mfma.getVersion()) +
           ", instr_shape=" + listText(mfma.getInstrShape()) +
           ", transposed=" + (mfma.getTransposed() ? "True" : "False") +
           ", warps_per_cta=" + listText(mfma.getWarpsPerCTA()) + ")";
  if (std::string shared = describeSharedLayout(layout); !shared.empty())
    return shared;
  return layout ? mlir::gluon::layoutToString(layout) : "no layout";
}

static Value makeBlockedLayout(CodeGen &gen, CallArgs &args) {
  BoundArgs bound(gen, "BlockedLayout", args,
                  {"size_per_thread", "threads_per_warp", "warps_per_cta",
                   "order", "ctas_per_cga", "cta_split_num", "cta_order"},
                  4);
  auto list = [&](const char *name) {
    std::vector<int64_t> values =
        requireIntList(gen, bound.get(name), bound.loc(name), name);
    return std::vector<int32_t>(values.begin(), values.end());
  };
  gluonc::BlockedLayoutSpec spec{list("size_per_thread"),
                                 list("threads_per_warp"),
                                 list("warps_per_cta"), list("order")};
  for (const char *cga : {"ctas_per_cga", "cta_split_num", "cta_order"}) {
    if (!bound.has(cga))
      continue;
    for (int64_t value : requireIntList(gen, bound.get(cga), bound.loc(cga),
                                        cga))
      if (value != 1 && std::string(cga) != "cta_order")
        gen.fail(bound.loc(cga),
                 std::string("not supported yet: ") + cga +
                     " other than 1 (multi-CTA layouts)");
  }
  std::string problem = spec.validate();
  if (!problem.empty())
    gen.fail(args.callLoc, "invalid BlockedLayout: " + problem);
  int64_t warps = 1, lanes = 1;
  for (int32_t w : spec.warpsPerCTA)
    warps *= w;
  for (int32_t l : spec.threadsPerWarp)
    lanes *= l;
  const KernelSpec &kernel = gen.getSpec();
  if (lanes != kernel.warpSize)
    gen.fail(bound.loc("threads_per_warp"),
             "threads_per_warp multiplies to " + std::to_string(lanes) +
                 ", but a warp of " + kernel.arch + " has " +
                 std::to_string(kernel.warpSize) + " threads");
  if (warps != kernel.numWarps)
    gen.fail(bound.loc("warps_per_cta"),
             "warps_per_cta multiplies to " + std::to_string(warps) +
                 ", but the kernel is compiled with " +
                 std::to_string(kernel.numWarps) + " warps (--num-warps)");
  auto toUnsigned = [](const std::vector<int32_t> &values) {
    return llvm::SmallVector<unsigned>(values.begin(), values.end());
  };
  auto attr = mlir::gluon::BlockedLayoutAttr::get(
      &gen.getContext(), toUnsigned(spec.sizePerThread),
      toUnsigned(spec.threadsPerWarp), toUnsigned(spec.warpsPerCTA),
      toUnsigned(spec.order));
  return Value(LayoutValue{attr, CodeGen::describeLayout(attr)});
}

/// gl.amd.AMDMFMALayout(version, instr_shape, transposed, warps_per_cta,
/// element_bitwidth=None, tiles_per_warp=None, ...): the accumulator of
/// AMD's matrix instructions. gluonc supports versions 3 (gfx942) and 4
/// (gfx950), 32 x 32 and 16 x 16 tiles, fp32 accumulators, one tile per
/// warp.
static Value makeMfmaLayout(CodeGen &gen, CallArgs &args) {
  BoundArgs bound(gen, "AMDMFMALayout", args,
                  {"version", "instr_shape", "transposed", "warps_per_cta",
                   "element_bitwidth", "tiles_per_warp", "ctas_per_cga",
                   "cta_split_num", "cta_order"},
                  4);
  gluonc::MfmaLayoutSpec spec;
  spec.version = unsigned(
      gen.requireInt(bound.get("version"), bound.loc("version"), "version"));
  for (int64_t value : requireIntList(gen, bound.get("instr_shape"),
                                      bound.loc("instr_shape"), "instr_shape"))
    spec.instrShape.push_back(int32_t(value));
  spec.transposed =
      gen.isTruthy(bound.get("transposed"), bound.loc("transposed"));
  for (int64_t value :
       requireIntList(gen, bound.get("warps_per_cta"),
                      bound.loc("warps_per_cta"), "warps_per_cta"))
    spec.warpsPerCTA.push_back(int32_t(value));
  if (bound.has("element_bitwidth") &&
      gen.requireInt(bound.get("element_bitwidth"),
                     bound.loc("element_bitwidth"), "element_bitwidth") != 32)
    gen.fail(bound.loc("element_bitwidth"),
             "not supported yet: an AMDMFMALayout for 64-bit results");
  if (bound.has("tiles_per_warp"))
    for (int64_t value :
         requireIntList(gen, bound.get("tiles_per_warp"),
                        bound.loc("tiles_per_warp"), "tiles_per_warp"))
      if (value != 1)
        gen.fail(bound.loc("tiles_per_warp"),
                 "not supported yet: tiles_per_warp other than 1");
  for (const char *cga : {"ctas_per_cga", "cta_split_num"})
    if (bound.has(cga))
      for (int64_t value :
           requireIntList(gen, bound.get(cga), bound.loc(cga), cga))
        if (value != 1)
          gen.fail(bound.loc(cga), std::string("not supported yet: ") + cga +
                                       " other than 1 (multi-CTA layouts)");
  std::string problem = spec.validate();
  if (!problem.empty())
    gen.fail(args.callLoc, "invalid AMDMFMALayout: " + problem);
  const KernelSpec &kernel = gen.getSpec();
  if (kernel.warpSize != 64)
    gen.fail(args.callLoc, "an AMDMFMALayout needs 64-lane waves (an AMD "
                           "CDNA --arch), but " + kernel.arch + " has " +
                               std::to_string(kernel.warpSize) +
                               "-thread warps");
  if (unsigned(spec.warpsPerCTA[0] * spec.warpsPerCTA[1]) != kernel.numWarps)
    gen.fail(bound.loc("warps_per_cta"),
             "warps_per_cta multiplies to " +
                 std::to_string(spec.warpsPerCTA[0] * spec.warpsPerCTA[1]) +
                 ", but the kernel is compiled with " +
                 std::to_string(kernel.numWarps) + " warps (--num-warps)");
  llvm::SmallVector<unsigned> instrShape(spec.instrShape.begin(),
                                         spec.instrShape.end());
  llvm::SmallVector<unsigned> warps(spec.warpsPerCTA.begin(),
                                    spec.warpsPerCTA.end());
  auto attr = mlir::gluon::AMDMFMALayoutAttr::get(
      &gen.getContext(), spec.version, instrShape, spec.transposed, warps);
  return Value(LayoutValue{attr, CodeGen::describeLayout(attr)});
}

/// A list of bases, each a list of integers (one per tensor dimension).
static std::vector<gluonc::Coord> requireBases(CodeGen &gen, const Value &value,
                                               SourceLoc loc,
                                               const std::string &what) {
  const std::vector<Value> *sequence = value.getSequence();
  if (!sequence)
    gen.fail(loc, what + " must be a list of bases (lists of integers), "
                         "got " + value.getTypeName());
  std::vector<gluonc::Coord> bases;
  for (const Value &basis : *sequence) {
    std::vector<int64_t> entries = requireIntList(gen, basis, loc,
                                                  "each of " + what);
    bases.emplace_back();
    for (int64_t entry : entries) {
      // Out-of-range entries are rejected by checkLinearLayoutBases; clamp
      // so that the narrowing keeps them out of range.
      bases.back().push_back(static_cast<int32_t>(
          std::clamp<int64_t>(entry, -1, int64_t{INT32_MAX})));
    }
  }
  return bases;
}

/// Checks that `bases` has log2(`expected`) entries, the hardware size the
/// kernel fixes; fails at `loc` otherwise.
static void requireBasisCount(CodeGen &gen,
                              const std::vector<gluonc::Coord> &bases,
                              int64_t expected, SourceLoc loc,
                              const std::string &what,
                              const std::string &why) {
  unsigned wanted = gluonc::log2Exact(expected);
  if (bases.size() != wanted)
    gen.fail(loc, "invalid DistributedLinearLayout: " + what + " has " +
                      std::to_string(bases.size()) + " bases, but " + why +
                      " needs log2(" + std::to_string(expected) +
                      ") = " + std::to_string(wanted));
}

/// gl.DistributedLinearLayout(reg_bases, lane_bases, warp_bases,
/// block_bases, shape): a layout given by the image of each hardware bit.
/// Checked as Triton checks it (every basis inside the shape, one lane bit
/// per bit of the warp size, one warp bit per bit of num_warps, the bases
/// reaching every element), each problem reported at its argument.
static Value makeDistributedLinearLayout(CodeGen &gen, CallArgs &args) {
  static const char *const kBasisArgs[] = {"reg_bases", "lane_bases",
                                           "warp_bases", "block_bases"};
  BoundArgs bound(gen, "DistributedLinearLayout", args,
                  {"reg_bases", "lane_bases", "warp_bases", "block_bases",
                   "shape"},
                  5);
  std::vector<int64_t> shape64 =
      requireIntList(gen, bound.get("shape"), bound.loc("shape"), "shape");
  std::vector<int32_t> shape;
  for (int64_t size : shape64)
    shape.push_back(static_cast<int32_t>(
        std::clamp<int64_t>(size, 0, int64_t{INT32_MAX})));
  std::array<std::vector<gluonc::Coord>, 4> bases;
  if (std::string problem = mlir::gluon::checkLinearLayoutBases(shape, bases);
      !problem.empty())
    gen.fail(bound.loc("shape"),
             "invalid DistributedLinearLayout: " + problem);
  for (size_t hw = 0; hw < bases.size(); ++hw) {
    const char *name = kBasisArgs[hw];
    bases[hw] = requireBases(gen, bound.get(name), bound.loc(name), name);
    std::array<std::vector<gluonc::Coord>, 4> alone;
    alone[hw] = bases[hw];
    if (std::string problem =
            mlir::gluon::checkLinearLayoutBases(shape, alone);
        !problem.empty())
      gen.fail(bound.loc(name), std::string("invalid DistributedLinearLayout "
                                            "(") + name + "): " + problem);
  }
  const KernelSpec &kernel = gen.getSpec();
  requireBasisCount(gen, bases[1], kernel.warpSize, bound.loc("lane_bases"),
                    "lane_bases", "a warp of " + kernel.arch + " with " +
                                      std::to_string(kernel.warpSize) +
                                      " threads");
  requireBasisCount(gen, bases[2], kernel.numWarps, bound.loc("warp_bases"),
                    "warp_bases", "a kernel of " +
                                      std::to_string(kernel.numWarps) +
                                      " warps (--num-warps)");
  if (!bases[3].empty())
    gen.fail(bound.loc("block_bases"),
             "not supported yet: block_bases other than [] (multi-CTA "
             "layouts)");
  gluonc::LinearLayout layout = mlir::gluon::buildLinearLayout(shape, bases);
  // Triton requires a surjective layout: an element no thread holds could
  // be neither loaded nor stored.
  if (!layout.isSurjective())
    gen.fail(args.callLoc,
             "invalid DistributedLinearLayout: the bases do not reach every "
             "element of shape " + listText(llvm::SmallVector<unsigned>(
                                       shape.begin(), shape.end())) +
                 " (together they must span each dimension)");
  auto attr = mlir::gluon::LinearLayoutAttr::get(&gen.getContext(), layout);
  return Value(LayoutValue{attr, CodeGen::describeLayout(attr)});
}

/// gl.DotOperandLayout(operand_index, parent, k_width): operand 0 (A) or 1
/// (B) of a dot whose accumulator has layout `parent`. Only a blocked
/// parent (the FMA dot) exists so far, and Triton requires k_width 0 then.
static Value makeDotOperandLayout(CodeGen &gen, CallArgs &args) {
  BoundArgs bound(gen, "DotOperandLayout", args,
                  {"operand_index", "parent", "k_width"}, 3);
  int64_t operandIndex = gen.requireInt(bound.get("operand_index"),
                                        bound.loc("operand_index"),
                                        "operand_index");
  if (operandIndex != 0 && operandIndex != 1)
    gen.fail(bound.loc("operand_index"),
             "DotOperandLayout operand_index must be 0 (the left operand) "
             "or 1 (the right one), got " + std::to_string(operandIndex));
  mlir::Attribute parent =
      requireLayout(gen, bound.get("parent"), bound.loc("parent"));
  if (auto mfma = mlir::dyn_cast<mlir::gluon::AMDMFMALayoutAttr>(parent)) {
    // AMD's matrix cores: kWidth elements along K per lane and
    // instruction (4 for the 16-bit MFMA instructions).
    int64_t kWidth =
        gen.requireInt(bound.get("k_width"), bound.loc("k_width"), "k_width");
    if (kWidth < 1 || kWidth > 16 || (kWidth & (kWidth - 1)))
      gen.fail(bound.loc("k_width"),
               "a DotOperandLayout with an AMDMFMALayout parent needs a "
               "power-of-two k_width, got " + std::to_string(kWidth));
    auto attr = mlir::gluon::DotOperandLayoutAttr::get(
        &gen.getContext(), operandIndex, mfma, unsigned(kWidth));
    return Value(LayoutValue{attr, CodeGen::describeLayout(attr)});
  }
  auto blocked = mlir::dyn_cast<mlir::gluon::BlockedLayoutAttr>(parent);
  if (!blocked)
    gen.fail(bound.loc("parent"),
             "not supported yet: a DotOperandLayout whose parent is " +
                 CodeGen::describeLayout(parent) +
                 " (BlockedLayout and AMDMFMALayout parents are)");
  if (blocked.getRank() < 2)
    gen.fail(bound.loc("parent"), "a DotOperandLayout needs a parent of "
                                  "rank 2 or more, got " +
                                      CodeGen::describeLayout(parent));
  int64_t kWidth =
      gen.requireInt(bound.get("k_width"), bound.loc("k_width"), "k_width");
  if (kWidth != 0)
    gen.fail(bound.loc("k_width"),
             "a DotOperandLayout with a BlockedLayout parent needs k_width "
             "0, got " + std::to_string(kWidth));
  auto attr = mlir::gluon::DotOperandLayoutAttr::get(
      &gen.getContext(), operandIndex, blocked, /*kWidth=*/0);
  return Value(LayoutValue{attr, CodeGen::describeLayout(attr)});
}

static Value makeSliceLayout(CodeGen &gen, CallArgs &args) {
  BoundArgs bound(gen, "SliceLayout", args, {"dim", "parent"}, 2);
  int64_t dim = gen.requireInt(bound.get("dim"), bound.loc("dim"), "dim");
  auto parent = mlir::cast<mlir::gluon::LayoutAttrInterface>(
      requireLayout(gen, bound.get("parent"), bound.loc("parent")));
  if (parent.getRank() < 2)
    gen.fail(bound.loc("parent"), "a SliceLayout of the 1-D layout " +
                                      CodeGen::describeLayout(parent) +
                                      " would have no dimensions left");
  if (dim < 0 || dim >= static_cast<int64_t>(parent.getRank()))
    gen.fail(bound.loc("dim"), "SliceLayout dim " + std::to_string(dim) +
                                   " is out of range for a parent of rank " +
                                   std::to_string(parent.getRank()));
  auto attr =
      mlir::gluon::SliceLayoutAttr::get(&gen.getContext(), dim, parent);
  return Value(LayoutValue{attr, CodeGen::describeLayout(attr)});
}

//===----------------------------------------------------------------------===//
// Tensor builtins
//===----------------------------------------------------------------------===//

static Value programIndex(CodeGen &gen, CallArgs &args, bool count) {
  const char *name = count ? "num_programs" : "program_id";
  BoundArgs bound(gen, name, args, {"axis"}, 1);
  int64_t axis = gen.requireInt(bound.get("axis"), bound.loc("axis"), "axis");
  if (axis < 0 || axis > 2)
    gen.fail(bound.loc("axis"), std::string(name) +
                                    " axis must be 0, 1 or 2, got " +
                                    std::to_string(axis));
  mlir::OpBuilder &builder = gen.getBuilder();
  mlir::Location loc = gen.getLoc(args.callLoc);
  mlir::Value value =
      count ? mlir::Value(mlir::gluon::NumProgramsOp::create(
                  builder, loc, builder.getI32Type(), axis))
            : mlir::Value(mlir::gluon::ProgramIdOp::create(
                  builder, loc, builder.getI32Type(), axis));
  return RuntimeValue{value, DType::of(ScalarKind::I32), {}, {}};
}

static Value arange(CodeGen &gen, CallArgs &args) {
  BoundArgs bound(gen, "arange", args, {"start", "end", "layout"}, 2);
  int64_t start =
      gen.requireInt(bound.get("start"), bound.loc("start"), "start");
  int64_t end = gen.requireInt(bound.get("end"), bound.loc("end"), "end");
  if (!bound.has("layout"))
    gen.fail(args.callLoc, "gl.arange needs a layout: gl.arange(start, end, "
                           "layout=...)");
  mlir::Attribute layout =
      requireLayout(gen, bound.get("layout"), bound.loc("layout"));
  if (mlir::cast<mlir::gluon::LayoutAttrInterface>(layout).getRank() != 1)
    gen.fail(bound.loc("layout"), "gl.arange needs a 1-D layout, got " +
                                      CodeGen::describeLayout(layout));
  if (end <= start || !isPowerOf2(end - start) ||
      start < INT32_MIN || end > INT32_MAX)
    gen.fail(args.callLoc, "the length of gl.arange(" + std::to_string(start) +
                               ", " + std::to_string(end) +
                               ") must be a positive power of two, got " +
                               std::to_string(end - start));
  std::vector<int64_t> shape = {end - start};
  DType dtype = DType::of(ScalarKind::I32);
  auto op = mlir::gluon::ArangeOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc),
      gen.getMLIRType(dtype, shape, layout), start, end);
  return RuntimeValue{op, dtype, shape, layout};
}

static Value full(CodeGen &gen, CallArgs &args, bool zeros) {
  const char *name = zeros ? "zeros" : "full";
  BoundArgs bound = zeros ? BoundArgs(gen, name, args,
                                      {"shape", "dtype", "layout"}, 2)
                          : BoundArgs(gen, name, args,
                                      {"shape", "value", "dtype", "layout"},
                                      3);
  std::vector<int64_t> shape =
      requireIntList(gen, bound.get("shape"), bound.loc("shape"), "shape");
  DType dtype = requireDType(gen, bound.get("dtype"), bound.loc("dtype"));
  if (!bound.has("layout"))
    gen.fail(args.callLoc, std::string("gl.") + name + " needs a layout");
  mlir::Attribute layout =
      requireLayout(gen, bound.get("layout"), bound.loc("layout"));
  for (int64_t dim : shape)
    if (!isPowerOf2(dim) || dim > (int64_t(1) << 30))
      gen.fail(bound.loc("shape"), "tensor dimensions must be powers of "
                                   "two up to 2^30, got " +
                                       std::to_string(dim));
  unsigned rank = mlir::cast<mlir::gluon::LayoutAttrInterface>(layout).getRank();
  if (rank != shape.size())
    gen.fail(bound.loc("layout"), "a " + std::to_string(shape.size()) +
                                      "-D shape needs a layout of that rank, "
                                      "got " + CodeGen::describeLayout(layout));
  Value value = zeros ? Value(int64_t(0)) : bound.get("value");
  SourceLoc valueLoc = zeros ? args.callLoc : bound.loc("value");
  if (auto *runtime = value.getIf<RuntimeValue>(); runtime && !runtime->isScalar())
    gen.fail(valueLoc, "gl.full fills with a scalar, got a tensor");
  if (value.isRuntime())
    return gen.broadcastTo(gen.castTo(value.get<RuntimeValue>(), dtype,
                                      valueLoc),
                           shape, layout, valueLoc);
  RuntimeValue scalar = gen.castTo(gen.toRuntime(value, valueLoc, dtype),
                                   dtype, valueLoc);
  return gen.broadcastTo(scalar, shape, layout, args.callLoc);
}

/// Brings `value` to the shape and layout of `like` (a scalar stays a
/// scalar next to a scalar).
static RuntimeValue matchShape(CodeGen &gen, RuntimeValue value,
                               const RuntimeValue &like, SourceLoc loc) {
  if (like.isScalar()) {
    if (!value.isScalar())
      gen.fail(loc, "a tensor where a scalar is expected");
    return value;
  }
  return gen.broadcastTo(value, like.shape, like.layout, loc);
}

/// A load's or store's mask: booleans only (as in Triton), in the
/// pointers' shape.
static mlir::Value requireMask(CodeGen &gen, const BoundArgs &bound,
                               const RuntimeValue &ptr,
                               const std::string &function) {
  const Value &value = bound.get("mask");
  SourceLoc loc = bound.loc("mask");
  RuntimeValue mask =
      gen.requireRuntime(value, loc, "the mask of " + function);
  if (!mask.dtype.isBool())
    gen.fail(loc, "the mask of " + function + " must be boolean, got " +
                      mask.dtype.getGluonName());
  return matchShape(gen, mask, ptr, loc).value;
}

static void rejectOption(CodeGen &gen, const BoundArgs &bound,
                         const char *function, const char *option) {
  if (!bound.has(option))
    return;
  const Value &value = bound.get(option);
  bool isDefault = (value.is<std::string>() &&
                    value.get<std::string>().empty()) ||
                   (value.is<bool>() && !value.get<bool>()) ||
                   (value.getSequence() && value.getSequence()->empty());
  if (!isDefault)
    gen.fail(bound.loc(option), std::string("not supported yet: ") +
                                    function + "(" + option + "=...)");
}

static Value load(CodeGen &gen, CallArgs &args) {
  BoundArgs bound(gen, "load", args,
                  {"pointer", "mask", "other", "boundary_check",
                   "padding_option", "cache_modifier", "eviction_policy",
                   "volatile"},
                  1);
  for (const char *option : {"boundary_check", "padding_option",
                             "cache_modifier", "eviction_policy", "volatile"})
    rejectOption(gen, bound, "gl.load", option);
  RuntimeValue ptr =
      gen.requireRuntime(bound.get("pointer"), bound.loc("pointer"),
                         "the pointer of gl.load");
  if (!ptr.dtype.isPointer)
    gen.fail(bound.loc("pointer"), "gl.load needs pointers, got " +
                                       Value(ptr).toString());
  DType element = ptr.dtype.pointee();
  mlir::Value mask, other;
  if (bound.has("mask")) {
    mask = requireMask(gen, bound, ptr, "gl.load");
  }
  if (bound.has("other")) {
    if (!mask)
      gen.fail(bound.loc("other"), "gl.load's 'other' needs a mask");
    RuntimeValue otherValue =
        gen.toRuntime(bound.get("other"), bound.loc("other"), element);
    otherValue = gen.castTo(otherValue, element, bound.loc("other"));
    other = matchShape(gen, otherValue, ptr, bound.loc("other")).value;
  }
  mlir::Type resultType = gen.getMLIRType(element, ptr.shape, ptr.layout);
  auto op = mlir::gluon::LoadOp::create(gen.getBuilder(),
                                        gen.getLoc(args.callLoc), resultType,
                                        ptr.value, mask, other);
  return RuntimeValue{op, element, ptr.shape, ptr.layout};
}

static Value store(CodeGen &gen, CallArgs &args) {
  BoundArgs bound(gen, "store", args,
                  {"pointer", "value", "mask", "boundary_check",
                   "cache_modifier", "eviction_policy"},
                  2);
  for (const char *option :
       {"boundary_check", "cache_modifier", "eviction_policy"})
    rejectOption(gen, bound, "gl.store", option);
  RuntimeValue ptr =
      gen.requireRuntime(bound.get("pointer"), bound.loc("pointer"),
                         "the pointer of gl.store");
  if (!ptr.dtype.isPointer)
    gen.fail(bound.loc("pointer"), "gl.store needs pointers, got " +
                                       Value(ptr).toString());
  DType element = ptr.dtype.pointee();
  RuntimeValue value =
      gen.toRuntime(bound.get("value"), bound.loc("value"), element);
  if (!value.isScalar() && !ptr.isScalar() && value.layout != ptr.layout)
    gen.failWithNote(
        bound.loc("value"),
        "layout mismatch: gl.store's pointers have layout " +
            CodeGen::describeLayout(ptr.layout) + ", the value has layout " +
            CodeGen::describeLayout(value.layout),
        gen.getDefinitionLoc(value, bound.loc("value")),
        "the value is defined here; gl.convert_layout(value, layout) moves "
        "it to the pointers' layout");
  value = gen.castTo(value, element, bound.loc("value"));
  value = matchShape(gen, value, ptr, bound.loc("value"));
  mlir::Value mask;
  if (bound.has("mask")) {
    mask = requireMask(gen, bound, ptr, "gl.store");
  }
  mlir::gluon::StoreOp::create(gen.getBuilder(), gen.getLoc(args.callLoc),
                               ptr.value, value.value, mask);
  return Value();
}

/// The base pointer and offsets of gl.amd.cdna3.buffer_load / buffer_store:
/// a scalar pointer and an int32 tensor of element offsets, on a 64-lane
/// AMD target.
static std::pair<RuntimeValue, RuntimeValue>
requireBufferAddress(CodeGen &gen, const BoundArgs &bound,
                     const std::string &function) {
  if (gen.getSpec().warpSize != 64)
    gen.fail(bound.loc("ptr"), function + " needs an AMD CDNA --arch, not " +
                                   gen.getSpec().arch);
  RuntimeValue ptr = gen.requireRuntime(bound.get("ptr"), bound.loc("ptr"),
                                        "the base pointer of " + function);
  if (!ptr.dtype.isPointer || !ptr.isScalar())
    gen.fail(bound.loc("ptr"), function + " needs one base pointer (a "
                                          "scalar), got " +
                                   Value(ptr).toString());
  RuntimeValue offsets = gen.requireRuntime(
      bound.get("offsets"), bound.loc("offsets"), "the offsets of " + function);
  if (offsets.isScalar() || offsets.dtype != DType::of(ScalarKind::I32))
    gen.fail(bound.loc("offsets"),
             function + " needs a tensor of int32 element offsets, got " +
                 Value(offsets).toString());
  return {ptr, offsets};
}

/// gl.amd.cdna3.buffer_load(ptr, offsets, mask=None, other=None,
/// cache=None): ptr[offsets] through a buffer resource.
static Value bufferLoad(CodeGen &gen, CallArgs &args,
                        const std::string &function) {
  BoundArgs bound(gen, function, args,
                  {"ptr", "offsets", "mask", "other", "cache"}, 2);
  rejectOption(gen, bound, function.c_str(), "cache");
  auto [ptr, offsets] = requireBufferAddress(gen, bound, function);
  DType element = ptr.dtype.pointee();
  mlir::Value mask, other;
  if (bound.has("mask"))
    mask = requireMask(gen, bound, offsets, function);
  if (bound.has("other")) {
    if (!mask)
      gen.fail(bound.loc("other"), function + "'s 'other' needs a mask");
    RuntimeValue otherValue =
        gen.toRuntime(bound.get("other"), bound.loc("other"), element);
    otherValue = gen.castTo(otherValue, element, bound.loc("other"));
    other = matchShape(gen, otherValue, offsets, bound.loc("other")).value;
  }
  mlir::Type resultType =
      gen.getMLIRType(element, offsets.shape, offsets.layout);
  auto op = mlir::gluon::BufferLoadOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc), resultType, ptr.value,
      offsets.value, mask, other);
  return RuntimeValue{op, element, offsets.shape, offsets.layout};
}

/// gl.amd.cdna3.buffer_store(stored_value, ptr, offsets, mask=None,
/// cache=None).
static Value bufferStore(CodeGen &gen, CallArgs &args,
                         const std::string &function) {
  BoundArgs bound(gen, function, args,
                  {"stored_value", "ptr", "offsets", "mask", "cache"}, 3);
  rejectOption(gen, bound, function.c_str(), "cache");
  auto [ptr, offsets] = requireBufferAddress(gen, bound, function);
  DType element = ptr.dtype.pointee();
  RuntimeValue value = gen.toRuntime(bound.get("stored_value"),
                                     bound.loc("stored_value"), element);
  if (!value.isScalar() && value.layout != offsets.layout)
    gen.failWithNote(
        bound.loc("stored_value"),
        "layout mismatch: " + function + "'s offsets have layout " +
            CodeGen::describeLayout(offsets.layout) +
            ", the value has layout " + CodeGen::describeLayout(value.layout),
        gen.getDefinitionLoc(value, bound.loc("stored_value")),
        "the value is defined here");
  value = gen.castTo(value, element, bound.loc("stored_value"));
  value = matchShape(gen, value, offsets, bound.loc("stored_value"));
  mlir::Value mask;
  if (bound.has("mask"))
    mask = requireMask(gen, bound, offsets, function);
  mlir::gluon::BufferStoreOp::create(gen.getBuilder(),
                                     gen.getLoc(args.callLoc), value.value,
                                     ptr.value, offsets.value, mask);
  return Value();
}

static Value where(CodeGen &gen, CallArgs &args) {
  BoundArgs bound(gen, "where", args, {"condition", "x", "y"}, 3);
  RuntimeValue condition =
      gen.requireRuntime(bound.get("condition"), bound.loc("condition"),
                         "the condition of gl.where");
  condition = gen.castTo(condition, DType::of(ScalarKind::I1),
                         bound.loc("condition"));
  auto [x, y] = gen.toRuntimePair(bound.get("x"), bound.get("y"),
                                  bound.loc("x"), bound.loc("y"));
  if ((x.dtype.isPointer || y.dtype.isPointer) && x.dtype != y.dtype)
    gen.fail(args.callLoc, "gl.where between " + x.dtype.getGluonName() +
                               " and " + y.dtype.getGluonName() +
                               ": pointers choose only between pointers of "
                               "one type");
  DType dtype = x.dtype.isPointer ? x.dtype : promote(x.dtype, y.dtype);
  gen.castAndBroadcast(x, y, dtype, args.callLoc, bound.loc("x"),
                       bound.loc("y"));
  gen.broadcastPair(condition, x, args.callLoc, bound.loc("condition"),
                    bound.loc("x"));
  gen.broadcastPair(condition, y, args.callLoc, bound.loc("condition"),
                    bound.loc("y"));
  auto select = mlir::arith::SelectOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc), condition.value, x.value,
      y.value);
  return RuntimeValue{select, dtype, x.shape, x.layout};
}

static Value minMax(CodeGen &gen, CallArgs &args, bool isMax) {
  const char *name = isMax ? "maximum" : "minimum";
  BoundArgs bound(gen, name, args, {"x", "y", "propagate_nan"}, 2);
  if (bound.has("propagate_nan"))
    gen.fail(bound.loc("propagate_nan"),
             std::string("not supported yet: gl.") + name +
                 "(propagate_nan=...)");
  const Value &xValue = bound.get("x"), &yValue = bound.get("y");
  if (!xValue.isRuntime() && !yValue.isRuntime())
    gen.fail(args.callLoc, std::string("gl.") + name +
                               " needs a run-time operand; use Python's " +
                               (isMax ? "max" : "min") + " on constants");
  auto [x, y] =
      gen.toRuntimePair(xValue, yValue, bound.loc("x"), bound.loc("y"));
  DType dtype = promote(x.dtype, y.dtype);
  if (x.dtype.isPointer || y.dtype.isPointer || dtype.isFloat8())
    gen.fail(args.callLoc, std::string("gl.") + name + " needs numbers, got " +
                               x.dtype.getGluonName() + " and " +
                               y.dtype.getGluonName());
  gen.castAndBroadcast(x, y, dtype, args.callLoc, bound.loc("x"),
                       bound.loc("y"));
  mlir::OpBuilder &b = gen.getBuilder();
  mlir::Location loc = gen.getLoc(args.callLoc);
  mlir::Value result;
  // NaN-ignoring float min/max, Triton's default.
  if (dtype.isFloat())
    result = isMax ? mlir::Value(mlir::arith::MaxNumFOp::create(b, loc, x.value,
                                                                y.value))
                   : mlir::Value(mlir::arith::MinNumFOp::create(b, loc, x.value,
                                                                y.value));
  else if (dtype.isUnsigned() || dtype.isBool())
    result = isMax ? mlir::Value(mlir::arith::MaxUIOp::create(b, loc, x.value,
                                                              y.value))
                   : mlir::Value(mlir::arith::MinUIOp::create(b, loc, x.value,
                                                              y.value));
  else
    result = isMax ? mlir::Value(mlir::arith::MaxSIOp::create(b, loc, x.value,
                                                              y.value))
                   : mlir::Value(mlir::arith::MinSIOp::create(b, loc, x.value,
                                                              y.value));
  return RuntimeValue{result, dtype, x.shape, x.layout};
}

static Value cdiv(CodeGen &gen, CallArgs &args) {
  BoundArgs bound(gen, "cdiv", args, {"x", "div"}, 2);
  const Value &x = bound.get("x"), &div = bound.get("div");
  if (!x.isRuntime() && !div.isRuntime()) {
    int64_t a = gen.requireInt(x, bound.loc("x"), "cdiv's x");
    int64_t b = gen.requireInt(div, bound.loc("div"), "cdiv's div");
    if (b == 0)
      gen.fail(bound.loc("div"), "cdiv by zero");
    return Value((a + b - 1) / b);
  }
  Value sum = gen.binaryOp(BinaryOp::Add, x, div, args.callLoc,
                           bound.loc("x"), bound.loc("div"));
  Value minusOne = gen.binaryOp(BinaryOp::Sub, sum, Value(int64_t(1)),
                                args.callLoc, args.callLoc, args.callLoc);
  return gen.binaryOp(BinaryOp::FloorDiv, minusOne, div, args.callLoc,
                      args.callLoc, bound.loc("div"));
}

static Value expandDimsBuiltin(CodeGen &gen, CallArgs &args) {
  BoundArgs bound(gen, "expand_dims", args, {"input", "axis"}, 2);
  RuntimeValue input = gen.requireRuntime(
      bound.get("input"), bound.loc("input"), "the input of expand_dims");
  int64_t axis = gen.requireInt(bound.get("axis"), bound.loc("axis"), "axis");
  int64_t rank = static_cast<int64_t>(input.shape.size()) + 1;
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank)
    gen.fail(bound.loc("axis"), "axis out of range for a result of rank " +
                                    std::to_string(rank));
  return gen.expandDims(input, axis, args.callLoc);
}

static Value tensorTo(CodeGen &gen, const RuntimeValue &self, CallArgs &args) {
  BoundArgs bound(gen, "to", args, {"dtype", "fp_downcast_rounding",
                                    "bitcast"},
                  1);
  if (bound.has("fp_downcast_rounding"))
    gen.fail(bound.loc("fp_downcast_rounding"),
             "not supported yet: to(fp_downcast_rounding=...)");
  DType dtype = requireDType(gen, bound.get("dtype"), bound.loc("dtype"));
  bool bitcast = bound.has("bitcast") &&
                 gen.isTruthy(bound.get("bitcast"), bound.loc("bitcast"));
  return bitcast ? gen.bitcastTo(self, dtype, args.callLoc)
                 : gen.castTo(self, dtype, args.callLoc);
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

Value CodeGen::callBuiltin(const BuiltinValue &builtin, CallArgs &args,
                           SourceLoc loc) {
  const std::string &name = builtin.name;
  if (std::optional<Value> result = callTensorBuiltin(*this, builtin, args))
    return *result;
  if (std::optional<Value> result =
          callScanOrShapeBuiltin(*this, builtin, args))
    return *result;
  if (std::optional<Value> result = callAtomicBuiltin(*this, builtin, args))
    return *result;
  if (std::optional<Value> result =
          callInlineAsmBuiltin(*this, builtin, args))
    return *result;
  if (name.rfind("builtins.", 0) == 0)
    return callPythonBuiltin(builtin, args, loc);
  if (name == "static_range")
    return staticRange(args, loc);
  if (name == "static_print")
    return staticPrint(args, loc);
  if (name == "cast")
    return castBuiltin(args, loc);
  if (name == "tensor.to")
    return tensorTo(*this, builtin.self->get<RuntimeValue>(), args);
  if (name == "constexpr") {
    BoundArgs bound(*this, "constexpr", args, {"value"}, 1);
    if (bound.get("value").isRuntime())
      fail(bound.loc("value"), "gl.constexpr needs a compile-time value");
    return bound.get("value");
  }
  if (name == "jit" || name == "constexpr_function")
    return Value(builtin);
  if (name == "program_id" || name == "num_programs")
    return programIndex(*this, args, name == "num_programs");
  if (name == "arange")
    return arange(*this, args);
  if (name == "full" || name == "zeros")
    return full(*this, args, name == "zeros");
  if (name == "load")
    return load(*this, args);
  if (name == "store")
    return store(*this, args);
  if (name == "where")
    return where(*this, args);
  if (name == "maximum" || name == "minimum")
    return minMax(*this, args, name == "maximum");
  if (name == "cdiv")
    return cdiv(*this, args);
  if (name == "expand_dims")
    return expandDimsBuiltin(*this, args);
  if (name == "BlockedLayout")
    return makeBlockedLayout(*this, args);
  if (name == "SliceLayout")
    return makeSliceLayout(*this, args);
  if (name == "DistributedLinearLayout")
    return makeDistributedLinearLayout(*this, args);
  if (name == "DotOperandLayout")
    return makeDotOperandLayout(*this, args);
  if (name == "amd.AMDMFMALayout")
    return makeMfmaLayout(*this, args);
  if (name == "amd.cdna3.mfma" || name == "amd.cdna4.mfma")
    return mfma(*this, args, name == "amd.cdna3.mfma" ? 3 : 4);
  if (name == "amd.cdna3.buffer_load" || name == "amd.cdna4.buffer_load")
    return bufferLoad(*this, args, "gl." + name);
  if (name == "amd.cdna3.buffer_store" || name == "amd.cdna4.buffer_store")
    return bufferStore(*this, args, "gl." + name);
  if (name == "static_assert") {
    BoundArgs bound(*this, "static_assert", args, {"cond", "msg"}, 1);
    const Value &condition = bound.get("cond");
    if (condition.isRuntime())
      fail(bound.loc("cond"), "gl.static_assert needs a compile-time "
                              "condition");
    if (!isTruthy(condition, bound.loc("cond"))) {
      std::string message = "static assertion failed";
      if (bound.has("msg")) {
        const Value &text = bound.get("msg");
        auto *str = text.getIf<std::string>();
        message += ": " + (str ? *str : text.toString());
      }
      fail(loc, message);
    }
    return Value();
  }
  fail(loc, "not supported yet: calling '" + name + "'");
}

Value CodeGen::call(const Value &callee, CallArgs &args, SourceLoc loc) {
  if (auto *builtin = callee.getIf<BuiltinValue>())
    return callBuiltin(*builtin, args, loc);
  if (auto *function = callee.getIf<FunctionValue>())
    return callFunction(*function, args, loc);
  if (auto *ns = callee.getIf<NamespaceValue>(); ns && !ns->isKnown)
    failUnavailableModule(*ns, loc);
  fail(loc, "'" + callee.getTypeName() + "' object is not callable");
}
