// Warp pipeline plans (include/gluonc/Plan/WarpPipelinePlan.h) against tables
// worked out by hand from the timing in WarpPipelinePlan.cpp's header: with
// a lagging group, a conflict between stage s and stage t = s + d is
// ordered by a border before one of s + 1, ..., t - 1 (the latest is
// chosen), and at d = 1 by none (a phase-lag conflict, the border before t
// ordering it within each group); with one group, by the borders before
// s + 1, ..., t. Borders are indexed by the stage they precede; border 0
// is the one at the end of the body.

#include "gluonc/Plan/WarpPipelinePlan.h"

#include <catch2/catch.hpp>

using namespace gluonc;

namespace {

constexpr BorderKind E = BorderKind::Execution;
constexpr BorderKind L = BorderKind::LdsOrdering;

InterWaveStage stage(std::string label, std::vector<LdsAccess> lds = {},
                     std::optional<unsigned> priority = std::nullopt) {
  return {std::move(label), priority, std::move(lds)};
}

LdsAccess reads(int64_t begin, int64_t end) { return {begin, end, false}; }
LdsAccess writes(int64_t begin, int64_t end) { return {begin, end, true}; }

InterWavePlan planOf(const std::vector<InterWaveStage> &stages,
                     unsigned numWaves = 8) {
  auto result = planInterWave(stages, numWaves);
  if (auto *error = std::get_if<PipelineError>(&result))
    FAIL("unexpected error: " << error->message);
  return std::get<InterWavePlan>(result);
}

std::vector<std::pair<size_t, size_t>> conflicts(const InterWavePlan &plan) {
  std::vector<std::pair<size_t, size_t>> pairs;
  for (const PhaseLagConflict &c : plan.phaseLagConflicts)
    pairs.push_back({c.first, c.second});
  return pairs;
}

PipelineStageSpec spec(PipelineScope scope,
                       std::optional<int64_t> priority = std::nullopt,
                       std::optional<int64_t> pair = std::nullopt,
                       std::string label = "") {
  return {std::move(label), scope, priority, pair};
}

} // namespace

TEST_CASE("stages without LDS accesses meet at plain barriers") {
  InterWavePlan plan = planOf({stage("load"), stage("mma")});
  CHECK(plan.borders == std::vector<BorderKind>{E, E});
  CHECK(plan.priorities.empty());
  CHECK(plan.phaseLagConflicts.empty());
}

TEST_CASE("a stage without a priority runs at 0 when another has one") {
  InterWavePlan plan = planOf({stage("load", {}, 1), stage("mma"),
                               stage("store", {}, 3)});
  CHECK(plan.priorities == std::vector<unsigned>{1, 0, 3});
}

TEST_CASE("stages that only read LDS need no ordering") {
  InterWavePlan plan = planOf({stage("a", {reads(0, 100)}),
                               stage("b", {reads(0, 200)})});
  CHECK(plan.borders == std::vector<BorderKind>{E, E});
}

TEST_CASE("a stage rewriting its bytes in the next iteration") {
  // Stage 0 writes [0, 100) every iteration, stage 1 reads other bytes:
  // d=2 (0,0), write/write: the border before stage 1 (the only one
  // between) orders it.
  InterWavePlan plan = planOf({stage("a", {writes(0, 100)}),
                               stage("b", {reads(100, 200)})});
  CHECK(plan.borders == std::vector<BorderKind>{E, L});
  CHECK(plan.phaseLagConflicts.empty());
}

TEST_CASE("a ring written, read and computed on, with a lagging group") {
  // Stage 0 writes the ring, stage 1 reads it (the slot is a runtime
  // index: the whole ring), stage 2 only computes. 8 waves.
  //  d=1 (0,1): no border in between: phase-lag, border 1 orders LDS.
  //  d=2 (1,0): border before stage 2 (1 + 1): set.
  //  d=3 (0,0): write/write, borders 1, 2 allowed: border 1 covers it.
  std::vector<InterWaveStage> stages = {stage("store", {writes(0, 4096)}),
                                        stage("read", {reads(0, 4096)}),
                                        stage("mma")};
  InterWavePlan plan = planOf(stages);
  CHECK(plan.borders == std::vector<BorderKind>{E, L, L});
  CHECK(conflicts(plan) == std::vector<std::pair<size_t, size_t>>{{0, 1}});
}

TEST_CASE("the same ring with one group of waves") {
  //  d=1 (0,1): border 1.  d=2 (1,0): borders 2 or 0, the latest (0) set.
  //  d=3 (0,0): border 1 covers it.  No phase lag without a second group.
  std::vector<InterWaveStage> stages = {stage("store", {writes(0, 4096)}),
                                        stage("read", {reads(0, 4096)}),
                                        stage("mma")};
  InterWavePlan plan = planOf(stages, 4);
  CHECK(plan.borders == std::vector<BorderKind>{L, L, E});
  CHECK(plan.phaseLagConflicts.empty());
}

TEST_CASE("a border placed for a near conflict covers a farther one") {
  // Four stages; X = [0, 64), Y = [64, 128). Stage 0 writes X, stage 1
  // writes Y, stage 2 reads both, stage 3 computes. Lagging group.
  //  d=1 (1,2): phase-lag, border 2.
  //  d=2 (0,2): border 1 (the only one allowed) set.
  //      (2,0): stage 2 reads X, stage 0 rewrites it: border 3 set.
  //  d=3 (2,1): stage 2 reads Y, stage 1 rewrites it: borders 3, 0 allowed;
  //      border 3 covers it.
  std::vector<InterWaveStage> stages = {
      stage("x", {writes(0, 64)}), stage("y", {writes(64, 128)}),
      stage("read", {reads(0, 64), reads(64, 128)}), stage("mma")};
  InterWavePlan plan = planOf(stages);
  CHECK(plan.borders == std::vector<BorderKind>{E, L, L, L});
  CHECK(conflicts(plan) == std::vector<std::pair<size_t, size_t>>{{1, 2}});
}

TEST_CASE("two stages over one buffer race across the groups") {
  // Stage 0 writes, stage 1 reads: both directions are one stage apart.
  InterWavePlan plan =
      planOf({stage("store", {writes(0, 512)}), stage("read", {reads(0, 512)})});
  CHECK(plan.borders == std::vector<BorderKind>{L, L});
  CHECK(conflicts(plan) ==
        std::vector<std::pair<size_t, size_t>>{{0, 1}, {1, 0}});
}

TEST_CASE("fewer than two inter-wave stages is an error") {
  auto result = planInterWave({stage("only")}, 8);
  REQUIRE(std::holds_alternative<PipelineError>(result));
  CHECK(std::get<PipelineError>(result).message ==
        "an inter-wave pipeline needs at least 2 stages, this loop has 1 "
        "(each `with warp_pipeline_stage` block is one stage)");
}

TEST_CASE("a priority outside 0-3 is an error at its stage") {
  auto result = planInterWave({stage("a", {}, 1), stage("b", {}, 4)}, 8);
  REQUIRE(std::holds_alternative<PipelineError>(result));
  CHECK(std::get<PipelineError>(result).stage == std::optional<size_t>(1));
  CHECK(std::get<PipelineError>(result).message ==
        "priority 4 is outside 0-3 (s_setprio's range)");
}

TEST_CASE("the arguments of one stage") {
  CHECK_FALSE(checkStageArguments(spec(PipelineScope::InterWave, 3)));
  CHECK_FALSE(checkStageArguments(spec(PipelineScope::IntraWave, {}, 0)));
  CHECK(checkStageArguments(spec(PipelineScope::InterWave, -1)) ==
        "priority -1 is outside 0-3 (s_setprio's range)");
  CHECK(checkStageArguments(spec(PipelineScope::IntraWave, 1)) ==
        "priority= sets the wave priority of an inter-wave stage; an "
        "intra-wave stage takes none");
  CHECK(checkStageArguments(spec(PipelineScope::InterWave, {}, 0)) ==
        "pair= joins two intra-wave stages; an inter-wave stage takes none");
  CHECK(checkStageArguments(spec(PipelineScope::IntraWave, {}, -2)) ==
        "pair -2 is negative");
}

TEST_CASE("one loop's stages have one scope") {
  std::vector<PipelineError> errors = checkLoopStages(
      {spec(PipelineScope::InterWave, {}, {}, "load"),
       spec(PipelineScope::IntraWave, {}, {}, "mma")});
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].stage == std::optional<size_t>(1));
  CHECK(errors[0].message ==
        "stage 'mma' is intra_wave but stage 'load' of the same loop is "
        "inter_wave; a loop's stages have one scope");
}

TEST_CASE("intra-wave pairs join two adjacent stages") {
  auto intra = [](std::optional<int64_t> pair) {
    return spec(PipelineScope::IntraWave, {}, pair);
  };
  CHECK(checkLoopStages({intra(0), intra(0), intra(1), intra(1)}).empty());
  CHECK(checkLoopStages({intra(std::nullopt)}).empty());

  std::vector<PipelineError> alone = checkLoopStages({intra(0), intra(1)});
  REQUIRE(alone.size() == 2);
  CHECK(alone[0].message ==
        "pair 0 has no partner: a pair joins two adjacent intra-wave "
        "stages, one of memory operations and one of MFMAs");

  std::vector<PipelineError> three =
      checkLoopStages({intra(5), intra(5), intra(5)});
  REQUIRE(three.size() == 1);
  CHECK(three[0].stage == std::optional<size_t>(2));
  CHECK(three[0].message == "pair 5 has 3 stages; a pair joins two");

  std::vector<PipelineError> apart =
      checkLoopStages({intra(2), intra(std::nullopt), intra(2)});
  REQUIRE(apart.size() == 1);
  CHECK(apart[0].message == "the two stages of pair 2 are not adjacent");
}

TEST_CASE("the stages written so far break only the rules no later stage "
          "repairs") {
  auto intra = [](std::optional<int64_t> pair) {
    return spec(PipelineScope::IntraWave, {}, pair);
  };
  // A first stage of a pair, one inter-wave stage: still incomplete.
  CHECK(checkLoopStages({intra(0)}, /*complete=*/false).empty());
  CHECK(checkLoopStages({spec(PipelineScope::InterWave, {}, {}, "a")},
                        /*complete=*/false)
            .empty());
  // A third stage of a pair, a gap in one, mixed scopes: final.
  CHECK(checkLoopStages({intra(5), intra(5), intra(5)}, false).size() == 1);
  CHECK(checkLoopStages({intra(2), intra(std::nullopt), intra(2)}, false)
            .size() == 1);
  CHECK(checkLoopStages(
            {spec(PipelineScope::InterWave, {}, {}, "a"), intra(std::nullopt)},
            false)
            .size() == 1);
}

TEST_CASE("the plan as -v prints it") {
  std::vector<InterWaveStage> stages = {stage("store", {writes(0, 512)}, 1),
                                        stage("read", {reads(0, 512)})};
  CHECK(describe(planOf(stages), stages) ==
        "warp pipeline: 2 stages; waves 0-3 lead, waves 4-7 lag one stage\n"
        "stage  label           priority  border before\n"
        "0      store           1         s_waitcnt lgkmcnt(0), s_barrier "
        "(at the end of the body)\n"
        "1      read            0         s_waitcnt lgkmcnt(0), s_barrier\n"
        "phase-lag conflict: stage 'store' and stage 'read' access the same "
        "LDS one stage apart, which the two groups run at the same time\n"
        "phase-lag conflict: stage 'read' and stage 'store' access the same "
        "LDS one stage apart, which the two groups run at the same time\n");
}

//===----------------------------------------------------------------------===//
// Intra-wave interleaving
//===----------------------------------------------------------------------===//

namespace {

constexpr SchedGroup Mfma = SchedGroup::Mfma;
constexpr SchedGroup DsRead = SchedGroup::DsRead;
constexpr SchedGroup Vmem = SchedGroup::VmemRead;

} // namespace

TEST_CASE("intra-wave: MFMAs spread evenly over the memory instructions",
          "[warp-pipeline]") {
  // 4 ds_reads (one op of 2, two of 1), 8 MFMAs: 2 after each.
  std::vector<IntraWaveStep> steps =
      planIntraWave({{DsRead, 2}, {DsRead, 1}, {DsRead, 1}}, 8);
  std::vector<IntraWaveStep> expected = {{DsRead, 1}, {Mfma, 2}, {DsRead, 1},
                                         {Mfma, 2},   {DsRead, 1}, {Mfma, 2},
                                         {DsRead, 1}, {Mfma, 2}};
  CHECK(steps == expected);
  CHECK(describe(steps) == "ds_read x1, mfma x2, ds_read x1, mfma x2, "
                           "ds_read x1, mfma x2, ds_read x1, mfma x2");
}

TEST_CASE("intra-wave: uneven covers differ by one and add up",
          "[warp-pipeline]") {
  // 3 memory instructions, 8 MFMAs: floor(8/3)=2, floor(16/3)-2=3, 8-5=3.
  std::vector<IntraWaveStep> steps =
      planIntraWave({{Vmem, 1}, {DsRead, 2}}, 8);
  std::vector<IntraWaveStep> expected = {{Vmem, 1},   {Mfma, 2}, {DsRead, 1},
                                         {Mfma, 3},   {DsRead, 1},
                                         {Mfma, 3}};
  CHECK(steps == expected);
}

TEST_CASE("intra-wave: more memory than MFMAs merges adjacent memory",
          "[warp-pipeline]") {
  // 4 ds_reads, 2 MFMAs: covers 0, 1, 0, 1.
  std::vector<IntraWaveStep> steps = planIntraWave({{DsRead, 4}}, 2);
  std::vector<IntraWaveStep> expected = {
      {DsRead, 2}, {Mfma, 1}, {DsRead, 2}, {Mfma, 1}};
  CHECK(steps == expected);
}

TEST_CASE("intra-wave: one stream alone", "[warp-pipeline]") {
  CHECK(planIntraWave({}, 4) == std::vector<IntraWaveStep>{{Mfma, 4}});
  CHECK(planIntraWave({{DsRead, 0}}, 3) ==
        std::vector<IntraWaveStep>{{Mfma, 3}});
  CHECK(planIntraWave({{Vmem, 2}}, 0) ==
        std::vector<IntraWaveStep>{{Vmem, 2}});
  CHECK(planIntraWave({}, 0).empty());
}
