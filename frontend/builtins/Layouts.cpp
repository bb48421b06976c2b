//===- Layouts.cpp - Gluon's distributed layouts --------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gl.BlockedLayout, gl.SliceLayout, gl.DistributedLinearLayout and
// gl.DotOperandLayout: each checked as Triton checks it (against the warp
// size of --arch and --num-warps), each problem reported at its argument,
// and built as the gluon dialect's layout attribute.
//
//===----------------------------------------------------------------------===//

#include "Arguments.h"

#include "gluonc/IR/Dialect.h"
#include "gluonc/Layout/LinearLayout.h"

#include <algorithm>
#include <array>

using namespace gluonc;
using namespace gluonc::frontend;

static Value makeBlockedLayout(IRGen &gen, const BoundArgs &bound) {
  auto list = [&](const char *name) {
    std::vector<int64_t> values =
        requireIntList(gen, bound.get(name), bound.loc(name), name);
    return std::vector<int32_t>(values.begin(), values.end());
  };
  gluonc::BlockedLayoutSpec spec{list("size_per_thread"),
                                 list("threads_per_warp"),
                                 list("warps_per_cta"), list("order")};
  checkSingleCTA(gen, bound);
  std::string problem = spec.validate();
  if (!problem.empty())
    gen.fail(bound.callLoc(), "invalid BlockedLayout: " + problem);
  int64_t warps = 1, lanes = 1;
  for (int32_t w : spec.warpsPerCTA)
    warps *= w;
  for (int32_t l : spec.threadsPerWarp)
    lanes *= l;
  const ArchInfo &arch = gen.getArch();
  if (lanes != arch.warpSize)
    gen.fail(bound.loc("threads_per_warp"),
             "threads_per_warp multiplies to " + std::to_string(lanes) +
                 ", but a warp of " + arch.name + " has " +
                 std::to_string(arch.warpSize) + " threads");
  if (warps != gen.getNumWarps())
    gen.fail(bound.loc("warps_per_cta"),
             "warps_per_cta multiplies to " + std::to_string(warps) +
                 ", but " + gen.describeWarps());
  auto toUnsigned = [](const std::vector<int32_t> &values) {
    return llvm::SmallVector<unsigned>(values.begin(), values.end());
  };
  auto attr = mlir::gluon::BlockedLayoutAttr::get(
      &gen.getContext(), toUnsigned(spec.sizePerThread),
      toUnsigned(spec.threadsPerWarp), toUnsigned(spec.warpsPerCTA),
      toUnsigned(spec.order));
  return Value(makeLayoutValue(attr));
}

/// A list of bases, each a list of integers (one per tensor dimension).
static std::vector<gluonc::Coord> requireBases(IRGen &gen, const Value &value,
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
static void requireBasisCount(IRGen &gen,
                              const std::vector<gluonc::Coord> &bases,
                              int64_t expected, SourceLoc loc,
                              const std::string &what, const std::string &why) {
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
static Value makeDistributedLinearLayout(IRGen &gen, const BoundArgs &bound) {
  static const char *const kBasisArgs[] = {"reg_bases", "lane_bases",
                                           "warp_bases", "block_bases"};
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
  const ArchInfo &arch = gen.getArch();
  requireBasisCount(gen, bases[1], arch.warpSize, bound.loc("lane_bases"),
                    "lane_bases",
                    "a warp of " + arch.name + " with " +
                        std::to_string(arch.warpSize) + " threads");
  requireBasisCount(gen, bases[2], gen.getNumWarps(), bound.loc("warp_bases"),
                    "warp_bases",
                    gen.inWorkerTask()
                        ? "a worker task of " +
                              std::to_string(gen.getNumWarps()) + " warps"
                        : "a kernel of " + std::to_string(gen.getNumWarps()) +
                              " warps (--num-warps)");
  if (!bases[3].empty())
    gen.fail(bound.loc("block_bases"),
             "not supported yet: block_bases other than [] (multi-CTA "
             "layouts)");
  gluonc::LinearLayout layout = mlir::gluon::buildLinearLayout(shape, bases);
  // Triton requires a surjective layout: an element no thread holds could
  // be neither loaded nor stored.
  if (!layout.isSurjective())
    gen.fail(bound.callLoc(),
             "invalid DistributedLinearLayout: the bases do not reach every "
             "element of shape " +
                 listText(std::vector<int64_t>(shape.begin(), shape.end())) +
                 " (together they must span each dimension)");
  auto attr = mlir::gluon::LinearLayoutAttr::get(&gen.getContext(), layout);
  return Value(makeLayoutValue(attr));
}

/// gl.DotOperandLayout(operand_index, parent, k_width): operand 0 (A) or 1
/// (B) of a dot whose accumulator has layout `parent`: a blocked parent
/// (the FMA dot, k_width 0 as Triton requires), an AMD MFMA one, or an
/// NVMMA one (version 2: mma_v2's operands; version 3: wgmma's A in
/// registers).
static Value makeDotOperandLayout(IRGen &gen, const BoundArgs &bound) {
  int64_t operandIndex = gen.requireInt(
      bound.get("operand_index"), bound.loc("operand_index"), "operand_index");
  if (operandIndex != 0 && operandIndex != 1)
    gen.fail(bound.loc("operand_index"),
             "DotOperandLayout operand_index must be 0 (the left operand) "
             "or 1 (the right one), got " + std::to_string(operandIndex));
  mlir::Attribute parent =
      requireDistributedLayout(gen, bound.get("parent"), bound.loc("parent"));
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
    return Value(makeLayoutValue(attr));
  }
  if (auto nvmma =
          mlir::dyn_cast<mlir::gluon::NVMMADistributedLayoutAttr>(parent)) {
    int64_t kWidth =
        gen.requireInt(bound.get("k_width"), bound.loc("k_width"), "k_width");
    // Out of the unsigned range, any k_width is as wrong as 64 (which the
    // check refuses); the message gives the value written.
    bool outOfRange = kWidth < 0 || kWidth > 64;
    std::string problem = nvmma.toSpec().checkDotOperand(
        unsigned(operandIndex), outOfRange ? 64u : unsigned(kWidth));
    const std::string checkedSuffix = "got 64";
    if (outOfRange && problem.size() >= checkedSuffix.size() &&
        problem.compare(problem.size() - checkedSuffix.size(),
                        checkedSuffix.size(), checkedSuffix) == 0)
      problem = problem.substr(0, problem.size() - 2) + std::to_string(kWidth);
    if (!problem.empty())
      gen.fail(bound.callLoc(), problem);
    auto attr = mlir::gluon::DotOperandLayoutAttr::get(
        &gen.getContext(), operandIndex, nvmma, unsigned(kWidth));
    return Value(makeLayoutValue(attr));
  }
  auto blocked = mlir::dyn_cast<mlir::gluon::BlockedLayoutAttr>(parent);
  if (!blocked)
    gen.fail(bound.loc("parent"),
             "not supported yet: a DotOperandLayout whose parent is " +
                 describeLayout(parent) +
                 " (BlockedLayout, AMDMFMALayout and NVMMADistributedLayout "
                 "parents are)");
  if (blocked.getRank() < 2)
    gen.fail(bound.loc("parent"), "a DotOperandLayout needs a parent of "
                                  "rank 2 or more, got " +
                                      describeLayout(parent));
  int64_t kWidth =
      gen.requireInt(bound.get("k_width"), bound.loc("k_width"), "k_width");
  if (kWidth != 0)
    gen.fail(bound.loc("k_width"),
             "a DotOperandLayout with a BlockedLayout parent needs k_width "
             "0, got " +
                 std::to_string(kWidth));
  auto attr = mlir::gluon::DotOperandLayoutAttr::get(
      &gen.getContext(), operandIndex, blocked, /*kWidth=*/0);
  return Value(makeLayoutValue(attr));
}

static Value makeSliceLayout(IRGen &gen, const BoundArgs &bound) {
  int64_t dim = gen.requireInt(bound.get("dim"), bound.loc("dim"), "dim");
  mlir::gluon::LayoutAttrInterface parent =
      requireDistributedLayout(gen, bound.get("parent"), bound.loc("parent"));
  if (parent.getRank() < 2)
    gen.fail(bound.loc("parent"), "a SliceLayout of the 1-D layout " +
                                      describeLayout(parent) +
                                      " would have no dimensions left");
  if (dim < 0 || dim >= static_cast<int64_t>(parent.getRank()))
    gen.fail(bound.loc("dim"), "SliceLayout dim " + std::to_string(dim) +
                                   " is out of range for a parent of rank " +
                                   std::to_string(parent.getRank()));
  auto attr =
      mlir::gluon::SliceLayoutAttr::get(&gen.getContext(), dim, parent);
  return Value(makeLayoutValue(attr));
}

/// gl.AutoLayout() and gl.CoalescedLayout(): layouts left to inference
/// (gluon-resolve-auto-layouts), one attribute with a flag.
template <bool Coalesced>
static Value makeAutoLayout(IRGen &gen, const BoundArgs &) {
  return Value(makeLayoutValue(
      mlir::gluon::AutoLayoutAttr::get(&gen.getContext(), Coalesced)));
}

/// Their isinstance() checks.
template <bool Coalesced> static bool isAutoLayoutOf(const Value &value) {
  auto *layout = value.getIf<LayoutValue>();
  auto attr = layout ? mlir::dyn_cast<mlir::gluon::AutoLayoutAttr>(layout->attr)
                     : nullptr;
  return attr && attr.getCoalesced() == Coalesced;
}

void gluonc::frontend::registerLayoutBuiltins(BuiltinTable &table) {
  table.addClass({"gl.BlockedLayout"},
                 "size_per_thread, threads_per_warp, warps_per_cta, order, "
                 "ctas_per_cga=None, cta_split_num=None, cta_order=None",
                 withIRGen(makeBlockedLayout),
                 isLayoutOf<mlir::gluon::BlockedLayoutAttr>);
  table.addClass({"gl.AutoLayout"}, "", withIRGen(makeAutoLayout<false>),
                 isAutoLayoutOf<false>);
  // Left to inference too, with the coalesced BlockedLayout a load or
  // store through such pointers gets as a seed.
  table.addClass({"gl.CoalescedLayout"}, "", withIRGen(makeAutoLayout<true>),
                 isAutoLayoutOf<true>);
  table.addClass({"gl.SliceLayout"}, "dim, parent", withIRGen(makeSliceLayout),
                 isLayoutOf<mlir::gluon::SliceLayoutAttr>);
  table.addClass({"gl.DistributedLinearLayout"},
                 "reg_bases, lane_bases, warp_bases, block_bases, shape",
                 withIRGen(makeDistributedLinearLayout),
                 isLayoutOf<mlir::gluon::LinearLayoutAttr>);
  table.addClass({"gl.DotOperandLayout"}, "operand_index, parent, k_width",
                 withIRGen(makeDotOperandLayout),
                 isLayoutOf<mlir::gluon::DotOperandLayoutAttr>);
}
