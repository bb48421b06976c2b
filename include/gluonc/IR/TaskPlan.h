//===- TaskPlan.h - Warp placement and register budgets of tasks -*- C++ -*-===//
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
// applies warpgroup by warpgroup. The frontend (diagnostics at each task's
// source location), the op verifier and the lowering all ask it, so that
// they agree. Plain C++, no MLIR, so that the arithmetic is unit-tested;
// the algorithm is stated in TaskPlan.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_TASKPLAN_H
#define GLUONC_IR_TASKPLAN_H

#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace gluonc {

/// What the target's register file and setmaxnreg allow. The NVIDIA target
/// fills it from its architecture table; the defaults are sm_90a's.
struct RegisterLimits {
  unsigned threadsPerWarp = 32;
  /// The registers one block may hold (the pool setmaxnreg moves them in).
  unsigned registersPerBlock = 65536;
  /// setmaxnreg's smallest per-thread count.
  unsigned minRegisters = 24;
  /// The smallest count for a task with device_assert or print inside (the
  /// formatting and trap paths need more).
  unsigned minRegistersWithDiagnostics = 32;
  /// setmaxnreg's largest per-thread count.
  unsigned maxRegisters = 256;
  /// The largest per-thread count a kernel may start with (.maxnreg):
  /// ptxas ignores `.maxnreg 256` ("too many maxnreg"), and with it the
  /// setmaxnreg plan.
  unsigned maxEntryRegisters = 255;
  /// Counts are multiples of this.
  unsigned granularity = 8;
  /// setmaxnreg acts on warpgroups of this many consecutive warps.
  unsigned warpGroupWarps = 4;
  /// The most warps of one block (1024 threads).
  unsigned maxWarps = 32;
  /// The most worker partitions: each gets a named barrier of its own,
  /// ids 2..15 (0 is the default task's, 1 the dispatch loop's).
  unsigned maxPartitions = 14;
  /// Whether the target has setmaxnreg (sm_90a and later).
  bool hasSetmaxnreg = true;
  /// Whether the target has barriers for some of a block's warps (NVIDIA's
  /// bar.sync with a thread count); warp specialization needs them.
  bool hasNamedBarriers = true;
};

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

/// Every rule a task set breaks, one error each: register requests,
/// placement (all explicit or all automatic, no overlaps), power-of-two
/// warp counts, the number of partitions and of warps. Shared by the
/// frontend and the op verifier.
std::vector<TaskError> checkTasks(const TaskSetSpec &spec,
                                  const RegisterLimits &limits);

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
  /// One count per warpgroup g (warps [4g, 4g + 4)); empty when no
  /// registers are planned.
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

/// Places the partitions and plans their registers. The first error of
/// checkTasks, or an error showing the arithmetic when the budgets do not
/// fit the pool.
std::variant<TaskPlan, TaskError> planTasks(const TaskSetSpec &spec,
                                            const RegisterLimits &limits);

/// The plan as a table, one row per partition, then the maxnreg, pool and
/// model lines (what `-v` prints).
std::string describe(const TaskPlan &plan);

} // namespace gluonc

#endif // GLUONC_IR_TASKPLAN_H
