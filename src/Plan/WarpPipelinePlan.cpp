//===- WarpPipelinePlan.cpp - Warp pipelines and interleaving on AMD ------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The rules, the priorities and the LDS-ordering borders of a warp
// pipeline.
//
// Timing. Number the stages the waves run 0, 1, 2, ... across iterations
// (stage i of iteration k is k·n + i for n stages) and the rendezvous at
// the borders 1, 2, 3, ... Before the loop the lagging group waits at one
// extra barrier, so at rendezvous r the leading group has finished stages
// [0, r) and the lagging group stages [0, r - 1): between rendezvous r and
// r + 1 the leading group runs stage r, the lagging group stage r - 1.
// Border b (the barrier before stage b mod n) is rendezvous b for the
// leading group and rendezvous b + 1 for the lagging one.
//
// LDS ordering. Stage s writes what stage t = s + d reads or writes (or
// reads what t writes), d in [1, n] (d = n: the same stage in the next
// iteration). Every wave's accesses of s must be complete before any
// wave's accesses of t. The writer group passes some border after s with
// an lgkmcnt(0) wait (so its LDS operations have completed) and that
// rendezvous must come no later than the reader group's entry into t. The
// tightest case is a lagging writer and a leading reader: the lagging
// group's border before stage t - 1 meets the leading group's border
// before t. So one of the borders before stages s + 1, ..., t - 1 must
// order LDS: if none does, the pass makes the latest of them (before
// t - 1) an LDS-ordering one, which keeps the waits out of the stages in
// between. Conflicts are taken nearest first, so that a border placed for
// one covers the farther ones it can.
//
// At d = 1 there is no such border: the groups run s and t at the same
// time. The border before t is made LDS-ordering (it orders the conflict
// within each group) and the pair is reported as a phase-lag conflict.
// Such a conflict is a race between the groups unless the accesses are
// each group's own or the pass could not tell ring slots apart (a
// runtime slot index covers the whole ring); a pipelined ring needs
// enough slots that a slot is rewritten two stages or more after it is
// read. Without a lagging group (at most one group of waves) the borders
// before s + 1, ..., t all order both, and the latest of them is used.
//
// Priorities. When some stage gives one, every stage's waves run at
// their stage's priority (0 when it gives none): s_setprio before the
// border into each stage, and before the loop for stage 0; none at all
// otherwise.
//
// Intra-wave interleaving. A region's memory stream (N machine
// instructions, in program order) and its MFMA stream (M) become one
// sched_group_barrier sequence: each memory instruction, then the MFMAs
// that cover its latency, floor((i + 1) M / N) - floor(i M / N) after the
// i-th, so that the covers differ by at most one and add up to M.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Plan/WarpPipelinePlan.h"

#include <algorithm>
#include <map>
#include <sstream>

using namespace gluonc;

namespace {

std::string stageName(const std::string &label, size_t index) {
  return label.empty() ? "stage " + std::to_string(index)
                       : "stage '" + label + "'";
}

const char *scopeName(PipelineScope scope) {
  return scope == PipelineScope::InterWave ? "inter_wave" : "intra_wave";
}

bool conflict(const InterWaveStage &first, const InterWaveStage &second) {
  for (const LdsAccess &a : first.lds)
    for (const LdsAccess &b : second.lds)
      if ((a.isWrite || b.isWrite) && a.begin < b.end && b.begin < a.end)
        return true;
  return false;
}

/// The pairing rules of intra-wave stages: each pair id on exactly two
/// adjacent stages.
void checkPairs(const std::vector<PipelineStageSpec> &stages, bool complete,
                std::vector<PipelineError> &errors) {
  std::map<int64_t, std::vector<size_t>> members;
  for (size_t i = 0; i < stages.size(); ++i)
    if (stages[i].pair)
      members[*stages[i].pair].push_back(i);
  for (const auto &[pair, indices] : members) {
    std::string name = "pair " + std::to_string(pair);
    if (indices.size() == 1) {
      if (complete)
        errors.push_back({indices[0], name + " has no partner: a pair joins "
                                             "two adjacent intra-wave stages, "
                                             "one of memory operations and "
                                             "one of MFMAs"});
    } else if (indices.size() > 2)
      errors.push_back({indices[2], name + " has " +
                                        std::to_string(indices.size()) +
                                        " stages; a pair joins two"});
    else if (indices[1] != indices[0] + 1)
      errors.push_back({indices[1], "the two stages of " + name +
                                        " are not adjacent"});
  }
}

} // namespace

std::optional<std::string>
gluonc::checkStageArguments(const PipelineStageSpec &stage) {
  if (stage.priority) {
    if (stage.scope == PipelineScope::IntraWave)
      return std::string("priority= sets the wave priority of an "
                         "inter-wave stage; an intra-wave stage takes none");
    if (*stage.priority < 0 || *stage.priority > kMaxWavePriority)
      return "priority " + std::to_string(*stage.priority) +
             " is outside 0-" + std::to_string(kMaxWavePriority) +
             " (s_setprio's range)";
  }
  if (stage.pair) {
    if (stage.scope == PipelineScope::InterWave)
      return std::string("pair= joins two intra-wave stages; an inter-wave "
                         "stage takes none");
    if (*stage.pair < 0)
      return "pair " + std::to_string(*stage.pair) + " is negative";
  }
  return std::nullopt;
}

std::vector<PipelineError>
gluonc::checkLoopStages(const std::vector<PipelineStageSpec> &stages,
                        bool complete) {
  std::vector<PipelineError> errors;
  for (size_t i = 1; i < stages.size(); ++i)
    if (stages[i].scope != stages[0].scope) {
      errors.push_back(
          {i, stageName(stages[i].label, i) + " is " +
                  scopeName(stages[i].scope) + " but " +
                  stageName(stages[0].label, 0) + " of the same loop is " +
                  scopeName(stages[0].scope) +
                  "; a loop's stages have one scope"});
      return errors;
    }
  if (stages.empty())
    return errors;
  if (stages[0].scope == PipelineScope::InterWave) {
    if (complete && stages.size() < 2)
      errors.push_back(
          {std::nullopt,
           "an inter-wave pipeline needs at least 2 stages, this loop has " +
               std::to_string(stages.size()) +
               " (each `with warp_pipeline_stage` block is one stage)"});
  } else {
    checkPairs(stages, complete, errors);
  }
  return errors;
}

std::variant<InterWavePlan, PipelineError>
gluonc::planInterWave(const std::vector<InterWaveStage> &stages,
                      unsigned numWaves) {
  std::vector<PipelineStageSpec> specs;
  for (const InterWaveStage &stage : stages)
    specs.push_back({stage.label, PipelineScope::InterWave,
                     stage.priority ? std::optional<int64_t>(*stage.priority)
                                    : std::nullopt,
                     std::nullopt});
  for (size_t i = 0; i < specs.size(); ++i)
    if (std::optional<std::string> error = checkStageArguments(specs[i]))
      return PipelineError{i, *error};
  std::vector<PipelineError> errors = checkLoopStages(specs);
  if (!errors.empty())
    return errors.front();

  InterWavePlan plan;
  plan.numWaves = numWaves;
  size_t n = stages.size();
  if (std::any_of(stages.begin(), stages.end(),
                  [](const InterWaveStage &s) { return s.priority; }))
    for (const InterWaveStage &stage : stages)
      plan.priorities.push_back(stage.priority.value_or(0));

  plan.borders.assign(n, BorderKind::Execution);
  bool lagging = numWaves > plan.groupWaves;
  for (size_t distance = 1; distance <= n; ++distance)
    for (size_t first = 0; first < n; ++first) {
      size_t second = (first + distance) % n;
      if (!conflict(stages[first], stages[second]))
        continue;
      // The borders before stages first + 1, ..., first + last order the
      // conflict (see the file header).
      size_t last = lagging ? distance - 1 : distance;
      if (last == 0) {
        plan.borders[second] = BorderKind::LdsOrdering;
        plan.phaseLagConflicts.push_back({first, second});
        continue;
      }
      bool ordered = false;
      for (size_t k = 1; k <= last; ++k)
        ordered |= plan.borders[(first + k) % n] == BorderKind::LdsOrdering;
      if (!ordered)
        plan.borders[(first + last) % n] = BorderKind::LdsOrdering;
    }
  return plan;
}

std::string gluonc::describe(const InterWavePlan &plan,
                             const std::vector<InterWaveStage> &stages) {
  std::ostringstream out;
  out << "warp pipeline: " << stages.size() << " stages; ";
  if (plan.numWaves > plan.groupWaves)
    out << "waves 0-" << plan.groupWaves - 1 << " lead, waves "
        << plan.groupWaves << "-" << plan.numWaves - 1 << " lag one stage\n";
  else
    out << "one group of " << plan.numWaves << " waves (no phase shift)\n";
  out << "stage  label           priority  border before\n";
  for (size_t i = 0; i < stages.size(); ++i) {
    std::string label = stages[i].label.empty() ? "-" : stages[i].label;
    std::string priority = plan.priorities.empty()
                               ? "-"
                               : std::to_string(plan.priorities[i]);
    std::string border = plan.borders[i] == BorderKind::LdsOrdering
                             ? "s_waitcnt lgkmcnt(0), s_barrier"
                             : "s_barrier";
    if (i == 0)
      border += " (at the end of the body)";
    out << std::left;
    out.width(7);
    out << i;
    out.width(16);
    out << label;
    out.width(10);
    out << priority << border << "\n";
  }
  for (const PhaseLagConflict &c : plan.phaseLagConflicts)
    out << "phase-lag conflict: " << stageName(stages[c.first].label, c.first)
        << " and " << stageName(stages[c.second].label, c.second)
        << " access the same LDS one stage apart, which the two groups run "
           "at the same time\n";
  return out.str();
}

const char *gluonc::schedGroupName(SchedGroup group) {
  switch (group) {
  case SchedGroup::Mfma:
    return "mfma";
  case SchedGroup::VmemRead:
    return "vmem_read";
  case SchedGroup::DsRead:
    return "ds_read";
  case SchedGroup::DsWrite:
    return "ds_write";
  }
  return "?";
}

std::vector<IntraWaveStep>
gluonc::planIntraWave(const std::vector<MemoryAnchor> &memory, unsigned mfmas) {
  std::vector<IntraWaveStep> steps;
  auto add = [&](SchedGroup group, unsigned count) {
    if (count == 0)
      return;
    if (!steps.empty() && steps.back().group == group)
      steps.back().count += count;
    else
      steps.push_back({group, count});
  };
  uint64_t total = 0;
  for (const MemoryAnchor &anchor : memory)
    total += anchor.instructions;
  if (total == 0) {
    add(SchedGroup::Mfma, mfmas);
    return steps;
  }
  uint64_t index = 0;
  for (const MemoryAnchor &anchor : memory)
    for (unsigned i = 0; i < anchor.instructions; ++i, ++index) {
      add(anchor.group, 1);
      add(SchedGroup::Mfma, unsigned((index + 1) * mfmas / total -
                                     index * mfmas / total));
    }
  return steps;
}

std::string gluonc::describe(const std::vector<IntraWaveStep> &steps) {
  std::string text;
  for (const IntraWaveStep &step : steps) {
    if (!text.empty())
      text += ", ";
    text += std::string(schedGroupName(step.group)) + " x" +
            std::to_string(step.count);
  }
  return text;
}

std::string gluonc::describe(const LoopSchedule &loop) {
  std::string text = "loop at line " + std::to_string(loop.line) + ": ";
  if (!loop.stages.empty())
    text += describe(loop.plan, loop.stages);
  else
    text += "intra-wave interleaving\n";
  for (const IntraWaveRegion &region : loop.intraWave) {
    unsigned reads = 0;
    for (const MemoryAnchor &anchor : region.memory)
      reads += anchor.instructions;
    text += "intra-wave region '" + region.label + "' at line " +
            std::to_string(region.line);
    if (!region.stage.empty())
      text += " (in stage '" + region.stage + "')";
    text += ": " + std::to_string(reads) + " memory instructions, " +
            std::to_string(region.mfmas) + " mfma: " + describe(region.steps) +
            "\n";
  }
  return text;
}
