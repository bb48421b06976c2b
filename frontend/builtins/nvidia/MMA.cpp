//===- MMA.cpp - NVIDIA's tensor-core accumulator layout ------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gl.NVMMADistributedLayout(version, warps_per_cta, instr_shape): the layout
// of mma.sync ([2, 0]) and wgmma ([3, 0]) accumulators, checked by the
// spec's own validate() (gluonc/Layout/LinearLayout.h), as the attribute's
// verifier is.
//
//===----------------------------------------------------------------------===//

#include "../Arguments.h"

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

std::vector<int32_t> toInt32(const std::vector<int64_t> &values) {
  return std::vector<int32_t>(values.begin(), values.end());
}

llvm::SmallVector<unsigned> toUnsigned(const std::vector<int32_t> &values) {
  return llvm::SmallVector<unsigned>(values.begin(), values.end());
}

Value nvmmaDistributedLayout(IRGen &gen, const BoundArgs &bound) {
  checkSingleCTA(gen, bound);
  NvidiaMmaLayoutSpec spec;
  spec.version = toInt32(
      requireIntList(gen, bound.get("version"), bound.loc("version"),
                     "version"));
  spec.warpsPerCTA = toInt32(requireIntList(gen, bound.get("warps_per_cta"),
                                            bound.loc("warps_per_cta"),
                                            "warps_per_cta"));
  spec.instrShape = toInt32(requireIntList(gen, bound.get("instr_shape"),
                                           bound.loc("instr_shape"),
                                           "instr_shape"));
  std::string problem = spec.validate();
  if (!problem.empty())
    gen.fail(bound.callLoc(), "invalid NVMMADistributedLayout: " + problem);
  const ArchInfo &arch = gen.getArch();
  if (arch.warpSize != 32)
    gen.fail(bound.callLoc(),
             "an NVMMADistributedLayout needs 32-thread warps (an NVIDIA "
             "--arch), but " +
                 arch.name + " has " + std::to_string(arch.warpSize) +
                 "-thread waves");
  checkWarpsPerCTA(gen, bound, spec.warpsPerCTA);
  return Value(makeLayoutValue(mlir::gluon::NVMMADistributedLayoutAttr::get(
      &gen.getContext(), toUnsigned(spec.version),
      toUnsigned(spec.warpsPerCTA), toUnsigned(spec.instrShape))));
}

} // namespace

void gluonc::frontend::registerNvidiaMmaBuiltins(BuiltinTable &table) {
  table.addClass({"gl.NVMMADistributedLayout"},
                 "version, warps_per_cta, instr_shape, ctas_per_cga=None, "
                 "cta_split_num=None, cta_order=None, cga_layout=None",
                 withIRGen(nvmmaDistributedLayout),
                 isLayoutOf<mlir::gluon::NVMMADistributedLayoutAttr>);
}
