//===- TaskPlan.cpp - Warp placement and register budgets of async tasks --===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Placement. The default task holds warps [0, num_warps). Workers with
// explicit start warps stay where they are; otherwise they are sorted by
// warp count, largest first (stable: equal sizes keep their order), and
// laid end to end from num_warps. Their sizes are powers of two and
// num_warps is a multiple of 4, so a worker of 4 or more warps starts on a
// warpgroup and a smaller one never straddles two. The block then grows to
// whole warpgroups: every warp after num_warps that no worker covers gets
// a padding partition, the largest aligned power of two that fits the gap
// (a gap [9, 12) takes 1 warp at 9, then 2 at 10), so that every warp of a
// warpgroup is there to run setmaxnreg.
//
// Registers, per thread, only when some task asks (num_regs); the figures
// below are sm_90a's, the architecture's ArchInfo gives them. Every warp
// starts with maxnreg (--maxnreg, else the register file split evenly over
// the block's threads, a multiple of 8); pool = maxnreg × threads is what
// the grants share. setmaxnreg acts on a whole warpgroup with one count,
// so the unit of the plan is a register class: a run of warpgroups that
// partitions straddle (usually one warpgroup; the default task's
// warpgroups form one). A request is raised to the minimum (24, 32 with
// device_assert or print inside); padding asks for the minimum. A class
// with requests only is budgeted at the largest of them. A class with a
// task without num_regs (in the donation model, the default task's class)
// shares: the pool less the budgeted classes, split evenly over the
// sharing threads (a multiple of 8, at most 256); such a class takes the
// larger of that share and its own largest request. Where that request
// beats the share, the class leaves the sharing and is budgeted, which
// lowers the share; this repeats until it settles. A default task with
// num_regs (the fixed model) is budgeted like a worker, and when nothing
// shares, the surplus stays unused. A plan whose budgets exceed the pool,
// or whose share falls below a sharing task's minimum, is an error that
// shows the arithmetic.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Plan/TaskPlan.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <sstream>
#include <tuple>

using namespace gluonc;

namespace {

bool isPowerOfTwo(uint64_t n) { return n != 0 && (n & (n - 1)) == 0; }

uint64_t roundUp(uint64_t value, uint64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

uint64_t roundDown(uint64_t value, uint64_t multiple) {
  return value / multiple * multiple;
}

/// "warps 4-5", "warp 8": the warps [start, start + count).
std::string warpRange(uint64_t start, uint64_t count) {
  if (count == 1)
    return "warp " + std::to_string(start);
  return "warps " + std::to_string(start) + "-" +
         std::to_string(start + count - 1);
}

/// How errors name a worker.
std::string taskLabel(const TaskSpec &task) {
  if (task.replicaOfDefault)
    return "replica " + std::to_string(task.replica) + " of the default task";
  std::string label = "task '" + task.name + "'";
  if (task.replica != 0)
    label += " (replica " + std::to_string(task.replica) + ")";
  return label;
}

bool anyRegisterRequest(const TaskSetSpec &spec) {
  return spec.defaultRequestedRegisters ||
         std::any_of(spec.workers.begin(), spec.workers.end(),
                     [](const TaskSpec &task) {
                       return task.requestedRegisters.has_value();
                     });
}

bool allExplicit(const TaskSetSpec &spec) {
  return !spec.workers.empty() &&
         std::all_of(spec.workers.begin(), spec.workers.end(),
                     [](const TaskSpec &task) { return task.startWarp; });
}

/// One past the last warp a task uses; for automatic placement the workers
/// are laid end to end.
uint64_t usedWarpsEnd(const TaskSetSpec &spec) {
  uint64_t end = spec.kernelNumWarps;
  for (const TaskSpec &task : spec.workers)
    end =
        task.startWarp
            ? std::max<uint64_t>(end, uint64_t(*task.startWarp) + task.numWarps)
            : end + task.numWarps;
  return end;
}

//===----------------------------------------------------------------------===//
// The rules
//===----------------------------------------------------------------------===//

/// The rules of checkTaskRules, and with an architecture its own.
class TaskChecker {
public:
  TaskChecker(const TaskSetSpec &spec, const ArchInfo *arch)
      : spec(spec), arch(arch) {}

  std::vector<TaskError> run() {
    if (arch && !arch->hasTaskBarriers()) {
      // The dispatch and each task's own barriers wait for some warps only.
      error(std::nullopt, "warp specialization needs named barriers that "
                          "wait for some of the block's warps, which this "
                          "target does not have");
      return std::move(errors);
    }
    checkKernelWarps();
    checkRegisterRequest(std::nullopt, "the default task",
                         spec.defaultRequestedRegisters);
    for (size_t i = 0; i < spec.workers.size(); ++i) {
      const TaskSpec &task = spec.workers[i];
      checkWorkerWarps(i, task);
      checkRegisterRequest(i, taskLabel(task), task.requestedRegisters);
    }
    checkPlacement();
    if (arch) {
      checkCounts();
      checkMaxnreg();
    }
    return std::move(errors);
  }

private:
  void error(std::optional<size_t> worker, std::string message) {
    errors.push_back({worker, std::move(message)});
  }

  void checkKernelWarps() {
    unsigned group = kWarpGroupWarps;
    if (spec.kernelNumWarps == 0 || spec.kernelNumWarps % group != 0)
      error(std::nullopt,
            "warp specialization needs the kernel's num_warps to be a "
            "multiple of " +
                std::to_string(group) + " (whole warpgroups), got " +
                std::to_string(spec.kernelNumWarps));
  }

  void checkWorkerWarps(size_t index, const TaskSpec &task) {
    if (!isPowerOfTwo(task.numWarps))
      error(index, taskLabel(task) + " has num_warps " +
                       std::to_string(task.numWarps) +
                       ", which is not a power of two");
    else if (task.replicaOfDefault && task.numWarps != spec.kernelNumWarps)
      error(index, taskLabel(task) + " has " + std::to_string(task.numWarps) +
                       " warps, but the default task runs on the kernel's " +
                       std::to_string(spec.kernelNumWarps));
  }

  void checkRegisterRequest(std::optional<size_t> worker,
                            const std::string &label,
                            std::optional<unsigned> requested) {
    if (!requested || !arch)
      return;
    std::string asks =
        label + " asks for num_regs " + std::to_string(*requested);
    if (!arch->features.setmaxnreg) {
      error(worker, asks + ", but this target has no setmaxnreg (setmaxnreg "
                           "needs sm_90a or later)");
      return;
    }
    if (!fitsSetmaxnreg(*requested))
      error(worker, asks + "; " + describeSetmaxnreg());
  }

  /// Whether setmaxnreg can set `count`.
  bool fitsSetmaxnreg(unsigned count) const {
    const RegisterFile &registers = arch->registers;
    return count % registers.setmaxnregStep == 0 &&
           count >= registers.setmaxnregMin && count <= registers.setmaxnregMax;
  }

  std::string describeSetmaxnreg() const {
    const RegisterFile &registers = arch->registers;
    return "setmaxnreg takes a multiple of " +
           std::to_string(registers.setmaxnregStep) + " within [" +
           std::to_string(registers.setmaxnregMin) + ", " +
           std::to_string(registers.setmaxnregMax) + "]";
  }

  void checkPlacement() {
    const std::vector<TaskSpec> &workers = spec.workers;
    auto placed = std::find_if(workers.begin(), workers.end(),
                               [](const TaskSpec &t) { return t.startWarp; });
    if (placed == workers.end())
      return;
    for (size_t i = 0; i < workers.size(); ++i)
      if (!workers[i].startWarp) {
        error(i, taskLabel(workers[i]) + " has no warp_group_start_id, but " +
                     taskLabel(*placed) +
                     " has one: give it to every worker task or to none");
        return;
      }
    for (size_t i = 0; i < workers.size(); ++i)
      checkOverlaps(i);
  }

  /// Worker `i` against the default task and the workers before it.
  void checkOverlaps(size_t i) {
    const TaskSpec &task = spec.workers[i];
    uint64_t start = *task.startWarp, end = start + task.numWarps;
    std::string uses =
        taskLabel(task) + " uses " + warpRange(start, task.numWarps);
    if (start < spec.kernelNumWarps) {
      error(i, uses + ", which overlaps the default task's " +
                   warpRange(0, spec.kernelNumWarps));
      return;
    }
    for (size_t j = 0; j < i; ++j) {
      const TaskSpec &other = spec.workers[j];
      uint64_t otherStart = *other.startWarp;
      if (start < otherStart + other.numWarps && otherStart < end) {
        error(i, uses + ", which overlaps " + taskLabel(other) + "'s " +
                     warpRange(otherStart, other.numWarps));
        return;
      }
    }
  }

  void checkCounts() {
    unsigned maxPartitions = arch->getMaxWorkerPartitions();
    if (spec.workers.size() > maxPartitions)
      error(std::nullopt,
            "warp specialization takes at most " +
                std::to_string(maxPartitions) +
                " worker partitions (one named barrier each), got " +
                std::to_string(spec.workers.size()));
    uint64_t total = roundUp(usedWarpsEnd(spec), kWarpGroupWarps);
    if (total > arch->getMaxWarps())
      error(std::nullopt,
            "the tasks need " + std::to_string(total) + " warps (" +
                std::to_string(total * arch->warpSize) +
                " threads, padded to whole warpgroups) but a block holds at "
                "most " +
                std::to_string(arch->getMaxWarps()) + " warps");
  }

  /// --maxnreg is the count every warp starts with when registers are
  /// planned: setmaxnreg must be able to take it, and the block must fit.
  void checkMaxnreg() {
    if (!spec.maxnreg || !anyRegisterRequest(spec) ||
        !arch->features.setmaxnreg)
      return;
    unsigned maxnreg = *spec.maxnreg;
    if (!fitsSetmaxnreg(maxnreg)) {
      error(std::nullopt,
            "--maxnreg " + std::to_string(maxnreg) +
                " cannot start a register plan: " + describeSetmaxnreg());
      return;
    }
    uint64_t threads =
        roundUp(usedWarpsEnd(spec), kWarpGroupWarps) * arch->warpSize;
    if (uint64_t(maxnreg) * threads > arch->registers.perBlock)
      error(std::nullopt,
            "--maxnreg " + std::to_string(maxnreg) + " needs " +
                std::to_string(maxnreg) + " × " + std::to_string(threads) +
                " threads = " + std::to_string(maxnreg * threads) +
                " registers, but a block has " +
                std::to_string(arch->registers.perBlock));
  }

  const TaskSetSpec &spec;
  /// Null: the target-independent rules only.
  const ArchInfo *arch;
  std::vector<TaskError> errors;
};

//===----------------------------------------------------------------------===//
// Placement
//===----------------------------------------------------------------------===//

/// The start warp of every worker, in the workers' order.
std::vector<unsigned> placeWorkers(const TaskSetSpec &spec) {
  const std::vector<TaskSpec> &workers = spec.workers;
  std::vector<unsigned> starts(workers.size());
  if (allExplicit(spec)) {
    for (size_t i = 0; i < workers.size(); ++i)
      starts[i] = *workers[i].startWarp;
    return starts;
  }
  std::vector<size_t> order(workers.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return workers[a].numWarps > workers[b].numWarps;
  });
  unsigned next = spec.kernelNumWarps;
  for (size_t i : order) {
    starts[i] = next;
    next += workers[i].numWarps;
  }
  return starts;
}

/// Padding partitions for every warp of [begin, end) that `covered` does
/// not mark: per gap, the largest power of two that is aligned at its
/// start and fits.
std::vector<PartitionPlan> padGaps(const std::vector<bool> &covered,
                                   unsigned begin, unsigned end) {
  std::vector<PartitionPlan> padding;
  unsigned warp = begin;
  while (warp < end) {
    if (covered[warp]) {
      ++warp;
      continue;
    }
    unsigned size = 1;
    while (warp % (2 * size) == 0 && warp + 2 * size <= end &&
           std::none_of(covered.begin() + warp,
                        covered.begin() + warp + 2 * size,
                        [](bool c) { return c; }))
      size *= 2;
    PartitionPlan pad;
    pad.name = "padding";
    pad.startWarp = warp;
    pad.numWarps = size;
    pad.padding = true;
    padding.push_back(pad);
    warp += size;
  }
  return padding;
}

/// The partitions (default, workers in order, padding) and the block size.
TaskPlan placeTasks(const TaskSetSpec &spec) {
  TaskPlan plan;
  plan.totalWarps = unsigned(roundUp(usedWarpsEnd(spec), kWarpGroupWarps));
  PartitionPlan defaultTask;
  defaultTask.name = "default";
  defaultTask.numWarps = spec.kernelNumWarps;
  defaultTask.requestedRegisters = spec.defaultRequestedRegisters;
  plan.partitions.push_back(defaultTask);

  std::vector<bool> covered(plan.totalWarps, false);
  std::vector<unsigned> starts = placeWorkers(spec);
  for (size_t i = 0; i < spec.workers.size(); ++i) {
    const TaskSpec &task = spec.workers[i];
    PartitionPlan partition;
    partition.name = task.name;
    partition.replica = task.replica;
    partition.startWarp = starts[i];
    partition.numWarps = task.numWarps;
    partition.requestedRegisters = task.requestedRegisters;
    plan.partitions.push_back(partition);
    std::fill_n(covered.begin() + starts[i], task.numWarps, true);
  }
  for (PartitionPlan &pad :
       padGaps(covered, spec.kernelNumWarps, plan.totalWarps))
    plan.partitions.push_back(pad);
  return plan;
}

//===----------------------------------------------------------------------===//
// Registers
//===----------------------------------------------------------------------===//

/// Warpgroups [firstGroup, endGroup) that share one count.
struct RegisterClass {
  unsigned firstGroup = 0, endGroup = 0;
  /// The largest raised request of its partitions.
  std::optional<unsigned> budget;
  /// Some partition in it has no request: the class shares the surplus.
  bool shares = false;
  /// The largest minimum of those partitions.
  unsigned shareMinimum = 0;
  /// A partition without a request, for messages.
  std::string sharingLabel;
  unsigned value = 0;
};

class RegisterPlanner {
public:
  RegisterPlanner(const TaskSetSpec &spec, const ArchInfo &arch, TaskPlan &plan)
      : spec(spec), arch(arch), registers(arch.registers), plan(plan) {}

  std::optional<TaskError> run() {
    plan.model = spec.defaultRequestedRegisters ? RegisterModel::Fixed
                                                : RegisterModel::Donation;
    unsigned threads = plan.totalWarps * arch.warpSize;
    plan.maxnreg =
        spec.maxnreg
            ? *spec.maxnreg
            : unsigned(std::min<uint64_t>(
                  roundDown(registers.perBlock / threads,
                            registers.setmaxnregStep),
                  roundDown(registers.perThread, registers.setmaxnregStep)));
    plan.pool = plan.maxnreg * threads;
    for (PartitionPlan &partition : plan.partitions)
      if (partition.padding)
        partition.requestedRegisters = registers.setmaxnregMin;
    buildClasses();
    if (std::optional<TaskError> error = share())
      return error;
    grant();
    return std::nullopt;
  }

private:
  unsigned threadsOf(const RegisterClass &c) const {
    return (c.endGroup - c.firstGroup) * kWarpGroupWarps * arch.warpSize;
  }

  unsigned minimumOf(size_t partition) const {
    bool diagnostics = partition == 0
                           ? spec.defaultUsesDiagnostics
                           : partition <= spec.workers.size() &&
                                 spec.workers[partition - 1].usesDiagnostics;
    return diagnostics ? registers.minWithDiagnostics : registers.setmaxnregMin;
  }

  std::string labelOf(size_t partition) const {
    if (partition == 0)
      return "the default task";
    return taskLabel(spec.workers[partition - 1]);
  }

  /// Whether a partition has warps on both sides of warp `boundary`.
  bool straddled(unsigned boundary) const {
    return std::any_of(plan.partitions.begin(), plan.partitions.end(),
                       [&](const PartitionPlan &p) {
                         return p.startWarp < boundary &&
                                boundary < p.startWarp + p.numWarps;
                       });
  }

  RegisterClass &classOf(const PartitionPlan &partition) {
    unsigned group = partition.startWarp / kWarpGroupWarps;
    return *std::find_if(classes.begin(), classes.end(),
                         [&](const RegisterClass &c) {
                           return c.firstGroup <= group && group < c.endGroup;
                         });
  }

  /// Splits the warpgroups where no partition straddles the boundary, then
  /// collects each class's requests.
  void buildClasses() {
    unsigned groups = plan.totalWarps / kWarpGroupWarps;
    for (unsigned g = 0; g < groups; ++g) {
      if (g == 0 || !straddled(g * kWarpGroupWarps))
        classes.push_back({g, g + 1, {}, false, 0, {}, 0});
      else
        classes.back().endGroup = g + 1;
    }
    for (size_t i = 0; i < plan.partitions.size(); ++i) {
      const PartitionPlan &partition = plan.partitions[i];
      RegisterClass &c = classOf(partition);
      unsigned minimum = minimumOf(i);
      if (partition.requestedRegisters) {
        unsigned raised =
            unsigned(roundUp(std::max(*partition.requestedRegisters, minimum),
                             registers.setmaxnregStep));
        c.budget = std::max(c.budget.value_or(0), raised);
        continue;
      }
      if (!c.shares)
        c.sharingLabel = labelOf(i);
      c.shares = true;
      c.shareMinimum = std::max(c.shareMinimum, minimum);
    }
  }

  /// What the budgeted classes need, as a number and as "a × 32 × r + ...".
  std::pair<uint64_t, std::string> budgetedNeed() const {
    uint64_t need = 0;
    std::string terms;
    for (const RegisterClass &c : classes) {
      if (c.shares)
        continue;
      need += uint64_t(threadsOf(c)) * *c.budget;
      unsigned warps = threadsOf(c) / arch.warpSize;
      unsigned first = c.firstGroup * kWarpGroupWarps;
      std::string who =
          first == 0 ? "default " + std::to_string(warps) + " warps"
                     : warpRange(first, warps) + ": " + std::to_string(warps);
      terms += (terms.empty() ? "" : " + ") + who + " × " +
               std::to_string(arch.warpSize) + " × " +
               std::to_string(*c.budget);
    }
    return {need, terms};
  }

  std::string poolText() const {
    return std::to_string(plan.pool) + " (maxnreg " +
           std::to_string(plan.maxnreg) + " × " +
           std::to_string(plan.totalWarps * arch.warpSize) + " threads)";
  }

  /// Settles the share of the sharing classes; a class whose own budget
  /// beats the share stops sharing.
  std::optional<TaskError> share() {
    unsigned shareValue = 0;
    uint64_t need = 0, sharingThreads = 0;
    for (bool settled = false; !settled;) {
      std::string terms;
      std::tie(need, terms) = budgetedNeed();
      if (need > plan.pool)
        return TaskError{std::nullopt, "register budgets need " +
                                           std::to_string(need) +
                                           " registers (" + terms +
                                           ") but the pool has " + poolText()};
      sharingThreads = 0;
      for (const RegisterClass &c : classes)
        if (c.shares)
          sharingThreads += threadsOf(c);
      if (sharingThreads == 0)
        break;
      shareValue = unsigned(
          std::min<uint64_t>(roundDown((plan.pool - need) / sharingThreads,
                                       registers.setmaxnregStep),
                             registers.setmaxnregMax));
      settled = true;
      for (RegisterClass &c : classes)
        if (c.shares && c.budget && *c.budget > shareValue) {
          c.shares = false;
          settled = false;
        }
    }
    for (RegisterClass &c : classes) {
      c.value =
          c.shares ? std::max(shareValue, c.budget.value_or(0)) : *c.budget;
      if (c.shareMinimum != 0 && c.value < c.shareMinimum)
        return TaskError{
            std::nullopt,
            "the registers left for tasks without num_regs are too few: (" +
                std::to_string(plan.pool) + " − " + std::to_string(need) +
                " budgeted) / " + std::to_string(sharingThreads) +
                " threads gives " + std::to_string(shareValue) +
                " per thread, below the minimum " +
                std::to_string(c.shareMinimum) + " of " + c.sharingLabel +
                "; the pool has " + poolText()};
    }
    return std::nullopt;
  }

  void grant() {
    for (const RegisterClass &c : classes)
      for (unsigned g = c.firstGroup; g < c.endGroup; ++g)
        plan.warpGroupRegisters.push_back(c.value);
    for (PartitionPlan &partition : plan.partitions)
      partition.grantedRegisters = classOf(partition).value;
  }

  const TaskSetSpec &spec;
  const ArchInfo &arch;
  const RegisterFile &registers;
  TaskPlan &plan;
  std::vector<RegisterClass> classes;
};

const char *modelName(RegisterModel model) {
  switch (model) {
  case RegisterModel::None:
    return "none";
  case RegisterModel::Donation:
    return "donation";
  case RegisterModel::Fixed:
    return "fixed";
  }
  return "";
}

std::string pad(std::string text, size_t width) {
  if (text.size() < width)
    text.append(width - text.size(), ' ');
  return text;
}

} // namespace

std::vector<TaskError> gluonc::checkTasks(const TaskSetSpec &spec,
                                          const ArchInfo &arch) {
  return TaskChecker(spec, &arch).run();
}

std::vector<TaskError> gluonc::checkTaskRules(const TaskSetSpec &spec) {
  return TaskChecker(spec, nullptr).run();
}

std::variant<TaskPlan, TaskError> gluonc::planTasks(const TaskSetSpec &spec,
                                                    const ArchInfo &arch) {
  std::vector<TaskError> errors = checkTasks(spec, arch);
  if (!errors.empty())
    return errors.front();
  TaskPlan plan = placeTasks(spec);
  if (!anyRegisterRequest(spec))
    return plan;
  if (std::optional<TaskError> error = RegisterPlanner(spec, arch, plan).run())
    return *error;
  return plan;
}

std::string gluonc::describe(const TaskPlan &plan) {
  std::ostringstream out;
  out << pad("partition", 16) << pad("replica", 9) << pad("warps", 9)
      << pad("requested", 11) << "granted\n";
  for (const PartitionPlan &p : plan.partitions) {
    std::string warps = std::to_string(p.startWarp);
    if (p.numWarps > 1)
      warps += "-" + std::to_string(p.startWarp + p.numWarps - 1);
    out << pad(p.name, 16) << pad(std::to_string(p.replica), 9) << pad(warps, 9)
        << pad(p.requestedRegisters ? std::to_string(*p.requestedRegisters)
                                    : "-",
               11)
        << (plan.model == RegisterModel::None
                ? std::string("-")
                : std::to_string(p.grantedRegisters))
        << "\n";
  }
  out << "total warps " << plan.totalWarps << "\n";
  out << "model " << modelName(plan.model) << "\n";
  if (plan.model == RegisterModel::None)
    return out.str();
  out << "maxnreg " << plan.maxnreg << "\n";
  out << "pool " << plan.pool << "\n";
  out << "warpgroup registers";
  for (unsigned registers : plan.warpGroupRegisters)
    out << " " << registers;
  out << "\n";
  return out.str();
}
