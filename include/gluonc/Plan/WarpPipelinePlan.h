//===- WarpPipelinePlan.h - Warp pipelines and interleaving -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A warp pipeline splits a loop body at `warp_pipeline_stage` borders into
// stages and runs the block's waves in two groups one stage apart: while
// the leading group (waves 0-3, one per SIMD) runs stage i, the lagging
// group (the other waves) runs stage i - 1, so that one group's MFMAs
// overlap the other's memory traffic. Every border is an s_barrier both
// groups reach at different program points; s_setprio gives each stage's
// waves their priority.
//
// This module holds what the frontend, the op verifier and the scheduling
// pass must agree on: the rules of one stage's arguments and of one loop's
// stages, the priority of each stage, and which borders must also order
// LDS (s_waitcnt lgkmcnt(0) before the s_barrier) because of the stages'
// shared memory accesses; and, for an intra-wave region, the interleave of
// its memory instructions with its MFMAs (planIntraWave). Plain C++, no
// MLIR, so that the plans are unit-tested; the algorithms are stated in
// WarpPipelinePlan.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_PLAN_WARPPIPELINEPLAN_H
#define GLUONC_PLAN_WARPPIPELINEPLAN_H

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace gluonc {

enum class PipelineScope {
  /// Stages of waves: two wave groups run one stage apart (the default).
  InterWave,
  /// Within a wave: a memory stream interleaved with an MFMA stream.
  IntraWave,
};

/// One `with warp_pipeline_stage(...)` as written.
struct PipelineStageSpec {
  /// The label; empty when none was given.
  std::string label;
  PipelineScope scope = PipelineScope::InterWave;
  std::optional<int64_t> priority;
  std::optional<int64_t> pair;
};

/// s_setprio's largest priority.
constexpr int64_t kMaxWavePriority = 3;

/// Why one stage's arguments are refused, or none: a priority outside
/// 0-3, a priority on an intra-wave stage, a pair on an inter-wave stage,
/// a negative pair.
std::optional<std::string> checkStageArguments(const PipelineStageSpec &stage);

/// Why one loop's stages are refused.
struct PipelineError {
  /// The stage (an index into the loop's stages) the error belongs to;
  /// none: the loop as a whole.
  std::optional<size_t> stage;
  std::string message;
};

/// Every rule one loop's stages break: inter-wave and intra-wave stages
/// mixed, fewer than two inter-wave stages, a pair id on other than two
/// adjacent intra-wave stages. Shared by the frontend and the op
/// verifier. With `complete` false the stages are those written so far,
/// and the rules a later stage could still satisfy (too few stages, a
/// pair's missing partner) are not checked.
std::vector<PipelineError>
checkLoopStages(const std::vector<PipelineStageSpec> &stages,
                bool complete = true);

/// Bytes [begin, end) of shared memory (LDS) a stage reads or writes.
struct LdsAccess {
  int64_t begin = 0;
  int64_t end = 0;
  bool isWrite = false;
};

/// One inter-wave stage as the scheduling pass sees it.
struct InterWaveStage {
  std::string label;
  std::optional<unsigned> priority;
  /// Every LDS access of the stage; an access the pass cannot place spans
  /// all of LDS.
  std::vector<LdsAccess> lds;
};

enum class BorderKind {
  /// s_barrier alone: a rendezvous of the two groups.
  Execution,
  /// s_waitcnt lgkmcnt(0) then s_barrier: every wave's LDS accesses
  /// before the border are complete before any wave passes it.
  LdsOrdering,
};

/// Two stages whose LDS accesses conflict (one writes what the other reads
/// or writes) one stage apart: the groups run them at the same time, so
/// no border orders the lagging group's `first` before the leading
/// group's `second`. Correct only when the conflict is within a group (or
/// not real: a ring slot the pass cannot tell apart, with enough slots).
struct PhaseLagConflict {
  size_t first = 0;
  size_t second = 0;
};

struct InterWavePlan {
  /// Each stage's s_setprio priority; empty when no stage gives one (then
  /// no s_setprio is emitted). A stage without one gets 0.
  std::vector<unsigned> priorities;
  /// borders[i]: the barrier before stage i; borders[0] is the one at the
  /// end of the body, before the next iteration's stage 0.
  std::vector<BorderKind> borders;
  std::vector<PhaseLagConflict> phaseLagConflicts;
  /// Waves per group (one per SIMD) and the block's waves: the lagging
  /// group is waves [groupWaves, numWaves); none when numWaves <=
  /// groupWaves (the stages then only set priorities and meet).
  unsigned groupWaves = 4;
  unsigned numWaves = 0;
};

/// Plans one loop's inter-wave pipeline of at least two stages; the error
/// of checkLoopStages otherwise.
std::variant<InterWavePlan, PipelineError>
planInterWave(const std::vector<InterWaveStage> &stages, unsigned numWaves);

/// The plan as a table, one row per stage with its label, priority and the
/// border before it, then the wave groups and any phase-lag conflicts
/// (what `-v` prints).
std::string describe(const InterWavePlan &plan,
                     const std::vector<InterWaveStage> &stages);

//===----------------------------------------------------------------------===//
// Intra-wave interleaving
//===----------------------------------------------------------------------===//

/// The instruction classes an intra-wave region interleaves, by their
/// sched_group_barrier mask in LLVM's AMDGPU backend.
enum class SchedGroup : unsigned {
  Mfma = 0x8,
  VmemRead = 0x20,
  DsRead = 0x100,
  DsWrite = 0x200,
};

/// The mnemonic family `-v` and the JSON print for `group`: "mfma",
/// "buffer_load" / "global_load" (both VMEM reads: "vmem_read"), "ds_read",
/// "ds_write".
const char *schedGroupName(SchedGroup group);

/// One memory op of a region's memory stream, in program order: its class
/// and how many machine instructions its lowering emits.
struct MemoryAnchor {
  SchedGroup group = SchedGroup::DsRead;
  unsigned instructions = 0;
};

/// One sched_group_barrier: `count` instructions of `group`.
struct IntraWaveStep {
  SchedGroup group = SchedGroup::Mfma;
  unsigned count = 0;

  bool operator==(const IntraWaveStep &other) const {
    return group == other.group && count == other.count;
  }
};

/// The interleave of a region's memory instructions with its `mfmas`
/// MFMAs: each memory instruction in program order, followed by its share
/// of the MFMAs, spread evenly (the i-th of N memory instructions covers
/// floor((i + 1) M / N) - floor(i M / N) of M MFMAs, so the covers differ
/// by at most one and add up to M); adjacent steps of one group merge.
/// No memory instruction: the MFMAs alone; no MFMA: the memory alone.
std::vector<IntraWaveStep>
planIntraWave(const std::vector<MemoryAnchor> &memory, unsigned mfmas);

/// The steps as `-v` prints them: "ds_read x1, mfma x2, ...".
std::string describe(const std::vector<IntraWaveStep> &steps);

/// One intra-wave region (or pair of regions) as the scheduling pass
/// planned it.
struct IntraWaveRegion {
  /// The region's label; a pair's two labels joined by '+'.
  std::string label;
  std::optional<int64_t> pair;
  /// The region's source line (its first stage's), 0 when unknown.
  unsigned line = 0;
  /// The inter-wave stage the region is in; empty when the loop has none.
  std::string stage;
  std::vector<MemoryAnchor> memory;
  unsigned mfmas = 0;
  std::vector<IntraWaveStep> steps;
};

//===----------------------------------------------------------------------===//
// Plans of a loop
//===----------------------------------------------------------------------===//

/// One loop's schedule, for `-v` and the JSON's `schedule`: its inter-wave
/// pipeline as the barrier pass planned it (no stages: none), and its
/// intra-wave regions as the scheduling pass planned them.
struct LoopSchedule {
  /// The loop's source line (0 when unknown).
  unsigned line = 0;
  std::vector<InterWaveStage> stages;
  InterWavePlan plan;
  std::vector<IntraWaveRegion> intraWave;
};

/// The loop's schedule as `-v` prints it: the inter-wave table (describe
/// above), then a line per intra-wave region with its planned sequence.
std::string describe(const LoopSchedule &loop);

} // namespace gluonc

#endif // GLUONC_PLAN_WARPPIPELINEPLAN_H
