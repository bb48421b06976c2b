//===- TaskPlan.h - Warp placement and register budgets ---------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A warp-specialized kernel runs its default task on the kernel's num_warps
// warps and every worker partition on warps of its own after them. This
// module checks a task set, places the partitions on warps (padding the
// block to whole warpgroups) and, when some task asks for a register
// budget (num_regs), plans the per-thread register counts that setmaxnreg
// applies warpgroup by warpgroup, within the architecture's limits
// (ArchInfo). The frontend (diagnostics at each task's source location),
// the op verifier and the lowering all ask it, so that they agree. Plain C++,
// no MLIR, so that the arithmetic is unit-tested; the algorithm is stated in
// TaskPlan.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_PLAN_TASKPLAN_H
#define GLUONC_PLAN_TASKPLAN_H

#include "gluonc/Target/ArchInfo.h"

#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace gluonc {

/// One worker partition, replicas already expanded by the caller (one
/// TaskSpec per replica).
struct TaskSpec {
  std::string name;
  unsigned replica = 0;
  unsigned numWarps = 1;
  /// The first warp (warp_group_start_id); none: placed automatically.
  std::optional<unsigned> startWarp;
  /// num_regs: the per-thread register budget asked for.
  std::optional<unsigned> requestedRegisters;
  /// device_assert or print inside: the register minimum is higher.
  bool usesDiagnostics = false;
  /// A replica of the default task (TLX `replicate` on the default): runs
  /// on warps of its own, with the kernel's num_warps.
  bool replicaOfDefault = false;
};

/// A whole task set: the default task and its workers.
struct TaskSetSpec {
  unsigned kernelNumWarps = 4;
  /// The default task's num_regs: a fixed budget, it then takes no surplus.
  std::optional<unsigned> defaultRequestedRegisters;
  bool defaultUsesDiagnostics = false;
  std::vector<TaskSpec> workers;
  /// --maxnreg: the per-thread count every warp starts with.
  std::optional<unsigned> maxnreg;
};

/// Why a task set is refused.
struct TaskError {
  /// The worker (an index into TaskSetSpec::workers) the error belongs to;
  /// none: the default task or the whole set.
  std::optional<size_t> worker;
  std::string message;
};

/// Every rule a task set breaks on `arch`, one error each: the rules of
/// checkTaskRules, then the architecture's: named barriers for the tasks,
/// register requests within setmaxnreg's range, the number of partitions
/// (one named barrier each) and of warps, --maxnreg. Shared by the
/// frontend, the op verifier and the tasks pass, so that they agree.
std::vector<TaskError> checkTasks(const TaskSetSpec &spec,
                                  const ArchInfo &arch);

/// The rules that hold on every target: the kernel's num_warps in whole
/// warpgroups, power-of-two workers, replicas of the default task as large
/// as it, placement (all explicit or all automatic, no overlaps). What the
/// op verifier checks when the module names no architecture it can look up.
std::vector<TaskError> checkTaskRules(const TaskSetSpec &spec);

/// One partition of the plan: the default task, a worker, or padding.
struct PartitionPlan {
  std::string name;
  unsigned replica = 0;
  unsigned startWarp = 0;
  unsigned numWarps = 0;
  std::optional<unsigned> requestedRegisters;
  /// The setmaxnreg count of its warpgroups; 0 when no registers are
  /// planned.
  unsigned grantedRegisters = 0;
  /// An empty partition that fills its warpgroup so that every warp of it
  /// runs setmaxnreg.
  bool padding = false;
};

enum class RegisterModel {
  /// No task asks for registers: no setmaxnreg, no .maxnreg.
  None,
  /// The default task has no num_regs: it gets what the others leave.
  Donation,
  /// The default task has num_regs: it gets exactly that.
  Fixed,
};

struct TaskPlan {
  /// [0] is the default task, then the workers in their given order, then
  /// the padding partitions.
  std::vector<PartitionPlan> partitions;
  /// One count per warpgroup g (warps [4g, 4g + 4): kWarpGroupWarps);
  /// empty when no registers are planned.
  std::vector<unsigned> warpGroupRegisters;
  /// The block's warps, padded to whole warpgroups.
  unsigned totalWarps = 0;
  /// The per-thread count every warp starts with (.maxnreg); 0 when no
  /// registers are planned.
  unsigned maxnreg = 0;
  /// maxnreg × the block's threads: what the grants share.
  unsigned pool = 0;
  RegisterModel model = RegisterModel::None;
};

/// Places the partitions and plans their registers on `arch`. The first
/// error of checkTasks, or an error showing the arithmetic when the budgets
/// do not fit the pool.
std::variant<TaskPlan, TaskError> planTasks(const TaskSetSpec &spec,
                                            const ArchInfo &arch);

/// The plan as a table, one row per partition, then the maxnreg, pool and
/// model lines (what `-v` prints).
std::string describe(const TaskPlan &plan);

} // namespace gluonc

#endif // GLUONC_PLAN_TASKPLAN_H
