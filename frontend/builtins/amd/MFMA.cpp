//===- MFMA.cpp - AMD's matrix cores: gl.amd layouts and mfma -------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gl.amd.AMDMFMALayout (the accumulator of CDNA's matrix instructions) and
// gl.amd.cdna3.mfma / gl.amd.cdna4.mfma (acc + a @ b on them), checked
// against the instruction the layout and k_width select
// (MfmaLayoutSpec::checkInstruction, shared with the op's verifier).
//
//===----------------------------------------------------------------------===//

#include "builtins/Arguments.h"

#include "gluonc/IR/AMDOps.h"
#include "gluonc/Layout/LinearLayout.h"

using namespace gluonc;
using namespace gluonc::frontend;

/// gl.amd.AMDMFMALayout(version, instr_shape, transposed, warps_per_cta,
/// element_bitwidth=None, tiles_per_warp=None, ...): the accumulator of
/// AMD's matrix instructions. gluonc supports versions 3 (gfx942) and 4
/// (gfx950), 32 x 32 and 16 x 16 tiles, fp32 accumulators, one tile per
/// warp.
static Value makeMfmaLayout(IRGen &gen, const BoundArgs &bound) {
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
  checkSingleCTA(gen, bound);
  std::string problem = spec.validate();
  if (!problem.empty())
    gen.fail(bound.callLoc(), "invalid AMDMFMALayout: " + problem);
  const ArchInfo &arch = gen.getArch();
  if (!arch.features.mfmaVersion)
    gen.fail(bound.callLoc(), "an AMDMFMALayout needs AMD's matrix cores "
                              "(MFMA: an AMD CDNA --arch), which " +
                                  arch.name + " does not have");
  checkWarpsPerCTA(gen, bound, spec.warpsPerCTA);
  llvm::SmallVector<unsigned> instrShape(spec.instrShape.begin(),
                                         spec.instrShape.end());
  llvm::SmallVector<unsigned> warps(spec.warpsPerCTA.begin(),
                                    spec.warpsPerCTA.end());
  auto attr = mlir::gluon::AMDMFMALayoutAttr::get(
      &gen.getContext(), spec.version, instrShape, spec.transposed, warps);
  return Value(makeLayoutValue(attr));
}

/// gl.amd.cdna3.mfma / gl.amd.cdna4.mfma(a, b, acc): acc + a @ b on AMD's
/// matrix cores; `version` is the MFMA layout version the call requires.
static Value mfma(IRGen &gen, const BoundArgs &bound, unsigned version) {
  std::string name = "gl.amd.cdna" + std::to_string(version) + ".mfma";
  RuntimeValue a =
      gen.requireRuntime(bound.get("a"), bound.loc("a"), name + "'s a");
  RuntimeValue b =
      gen.requireRuntime(bound.get("b"), bound.loc("b"), name + "'s b");
  RuntimeValue acc = gen.requireRuntime(bound.get("acc"), bound.loc("acc"),
                                        name + "'s acc");
  auto layout = mlir::dyn_cast<mlir::gluon::AMDMFMALayoutAttr>(acc.layout);
  if (!layout || layout.getVersion() != version)
    gen.fail(bound.loc("acc"),
             name + " needs an accumulator in an AMDMFMALayout of version " +
                 std::to_string(version) + ", got " +
                 describeLayout(acc.layout));
  unsigned kWidth = 0;
  for (unsigned index : {0u, 1u}) {
    const char *operandName = index == 0 ? "a" : "b";
    auto dot = requireDotOperand(gen, bound, name, index, index == 0 ? a : b,
                                 acc, "4 or 8");
    if (index == 1 && dot.getKWidth() != kWidth)
      gen.fail(bound.loc(operandName),
               name + "'s operands need one k_width, got " +
                   std::to_string(kWidth) + " and " +
                   std::to_string(dot.getKWidth()));
    kWidth = dot.getKWidth();
    if (kWidth != 4 && kWidth != 8)
      gen.fail(bound.loc(operandName),
               "not supported yet: " + name + " with k_width " +
                   std::to_string(kWidth) +
                   " (the 16-bit MFMA instructions take 4, or 8 on gfx950)");
  }
  gluonc::MfmaLayoutSpec spec = layout.toSpec();
  if (std::string problem = spec.checkInstruction(gen.getArch(), kWidth);
      !problem.empty())
    gen.fail(bound.callLoc(), name + " with " + problem);
  if (a.dtype != b.dtype ||
      !(a.dtype == DType::of(ScalarKind::F16) ||
        a.dtype == DType::of(ScalarKind::BF16)) ||
      acc.dtype != DType::of(ScalarKind::F32))
    gen.fail(bound.callLoc(), "not supported yet: " + name + " of " +
                                  a.dtype.getGluonName() + " x " +
                                  b.dtype.getGluonName() + " into " +
                                  acc.dtype.getGluonName() +
                                  " (fp16 or bf16 operands, fp32 accumulator)");
  if (a.shape.size() != 2 || b.shape.size() != 2 || acc.shape.size() != 2 ||
      a.shape[0] != acc.shape[0] || b.shape[1] != acc.shape[1] ||
      a.shape[1] != b.shape[0])
    gen.fail(bound.callLoc(),
             name + " shapes do not multiply: " + listText(a.shape) + " @ " +
                 listText(b.shape) + " into " + listText(acc.shape));
  int64_t instrK = spec.getInstrK(kWidth);
  if (spec.instrShape.size() == 3 && spec.instrShape[2] != instrK)
    gen.failWithNote(bound.loc("a"),
                     name + ": k_width " + std::to_string(kWidth) + " makes " +
                         std::to_string(instrK) +
                         " of K per instruction, but the "
                         "accumulator's instr_shape says " +
                         std::to_string(spec.instrShape[2]),
                     gen.getDefinitionLoc(acc, bound.loc("acc")),
                     "the accumulator's layout is " +
                         describeLayout(acc.layout));
  std::string tooSmall =
      spec.checkShape(std::vector<int32_t>(acc.shape.begin(), acc.shape.end()));
  if (!tooSmall.empty() || a.shape[1] % instrK != 0)
    gen.fail(bound.callLoc(),
             "not supported yet: " + name + " on " + listText(a.shape) + " @ " +
                 listText(b.shape) +
                 ": M and N must hold one instruction's tile and K be a "
                 "multiple of " +
                 std::to_string(instrK));
  auto op = mlir::gluon::MfmaOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), acc.value.getType(),
      a.value, b.value, acc.value);
  return RuntimeValue{op, acc.dtype, acc.shape, acc.layout};
}

void gluonc::frontend::registerAMDMfmaBuiltins(BuiltinTable &table) {
  table.addClass({"gl.amd.AMDMFMALayout"},
                 "version, instr_shape, transposed, warps_per_cta, "
                 "element_bitwidth=None, tiles_per_warp=None, "
                 "ctas_per_cga=None, cta_split_num=None, cta_order=None",
                 withIRGen(makeMfmaLayout),
                 isLayoutOf<mlir::gluon::AMDMFMALayoutAttr>);
  for (unsigned version : {3u, 4u}) {
    std::string set = "gl.amd.cdna" + std::to_string(version) + ".";
    table.addFunction({set + "mfma"}, "a, b, acc",
                      withIRGen([version](IRGen &gen, const BoundArgs &args) {
                        return mfma(gen, args, version);
                      }));
  }
}
