//===- WarpPipeline.cpp - warp_pipeline_stage, Gluon's and TLX's ----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `gl.amd.warp_pipeline_stage(label=None, *, priority=None)` (inter-wave)
// and TLX's `tlx.warp_pipeline_stage(label=None, *, scope="inter_wave",
// priority=None, pair=None)` make the value a `with` block takes as one
// stage (IRGen::executeWarpPipelineStage emits the border, or an
// intra-wave region's markers); the arguments are checked here with
// gluonc::checkStageArguments, the rule the ops' verifiers apply too.
//
//===----------------------------------------------------------------------===//

#include "builtins/Arguments.h"

#include "gluonc/Plan/WarpPipelinePlan.h"

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

Value makeStage(IRGen &gen, const BoundArgs &bound, bool tlx) {
  const std::string function =
      tlx ? "tlx.warp_pipeline_stage" : "gl.amd.warp_pipeline_stage";
  if (!gen.getArch().features.warpPipeline)
    gen.fail(bound.callLoc(), function +
                                  " needs an AMD CDNA --arch "
                                  "(gfx90a, gfx942, gfx950), not " +
                                  gen.getArch().name);
  WarpPipelineStageValue stage;
  stage.loc = bound.callLoc();
  if (bound.has("label"))
    stage.label = gen.requireString(bound.get("label"), bound.loc("label"),
                                    function + "'s label");
  PipelineStageSpec spec;
  SourceLoc at = bound.callLoc();
  if (tlx && bound.has("scope")) {
    const std::string &scope = gen.requireString(
        bound.get("scope"), bound.loc("scope"), function + "'s scope");
    if (scope != "inter_wave" && scope != "intra_wave")
      gen.fail(bound.loc("scope"), function + "'s scope is \"inter_wave\" "
                                              "or \"intra_wave\", not \"" +
                                       scope + "\"");
    stage.intraWave = scope == "intra_wave";
    spec.scope = stage.intraWave ? PipelineScope::IntraWave
                                 : PipelineScope::InterWave;
  }
  if (bound.has("priority")) {
    stage.priority = gen.requireInt(bound.get("priority"),
                                    bound.loc("priority"),
                                    function + "'s priority");
    spec.priority = stage.priority;
    at = bound.loc("priority");
  }
  if (tlx && bound.has("pair")) {
    stage.pair = gen.requireInt(bound.get("pair"), bound.loc("pair"),
                                function + "'s pair");
    spec.pair = stage.pair;
    at = bound.loc("pair");
  }
  if (std::optional<std::string> error = checkStageArguments(spec))
    gen.fail(at, *error);
  return Value(stage);
}

} // namespace

void gluonc::frontend::registerAMDWarpPipelineBuiltins(BuiltinTable &table) {
  table.addFunction({"gl.amd.warp_pipeline_stage"}, "label=None, *, "
                                                    "priority=None",
                    withIRGen([](IRGen &gen, const BoundArgs &bound) {
                      return makeStage(gen, bound, /*tlx=*/false);
                    }));
  table.addFunction({"triton.language.extra.tlx.warp_pipeline_stage"},
                    "label=None, *, scope=None, priority=None, pair=None",
                    withIRGen([](IRGen &gen, const BoundArgs &bound) {
                      return makeStage(gen, bound, /*tlx=*/true);
                    }));
}
