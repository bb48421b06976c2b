// Warp placement and register budgets of async tasks, against tables
// computed by hand (the arithmetic is in the comments). The limits are
// sm_90a's unless a test says otherwise, as the NVIDIA target's table has
// them: 65536 registers per block, setmaxnreg within [24, 256].

#include "gluonc/Plan/TaskPlan.h"
#include "gluonc/Backends/AMD.h"
#include "gluonc/Backends/NVIDIA.h"

#include <catch2/catch.hpp>

using namespace gluonc;

namespace {

/// The facts of `name` as its target registers them.
const ArchInfo &archInfo(const char *name) {
  registerNVIDIATarget();
  registerAMDTarget();
  const ArchInfo *arch = lookupArchInfo(name);
  REQUIRE(arch);
  return *arch;
}

const ArchInfo &hopper() { return archInfo("sm_90a"); }

TaskSpec worker(std::string name, unsigned numWarps,
                std::optional<unsigned> startWarp = std::nullopt,
                std::optional<unsigned> registers = std::nullopt,
                unsigned replica = 0) {
  TaskSpec task;
  task.name = std::move(name);
  task.numWarps = numWarps;
  task.startWarp = startWarp;
  task.requestedRegisters = registers;
  task.replica = replica;
  return task;
}

TaskSetSpec taskSet(unsigned kernelNumWarps, std::vector<TaskSpec> workers,
                    std::optional<unsigned> defaultRegisters = std::nullopt) {
  TaskSetSpec spec;
  spec.kernelNumWarps = kernelNumWarps;
  spec.workers = std::move(workers);
  spec.defaultRequestedRegisters = defaultRegisters;
  return spec;
}

TaskPlan planOf(const TaskSetSpec &spec, const ArchInfo &arch = hopper()) {
  std::variant<TaskPlan, TaskError> result = planTasks(spec, arch);
  if (auto *error = std::get_if<TaskError>(&result))
    FAIL("unexpected error: " << error->message);
  return std::get<TaskPlan>(result);
}

TaskError planErrorOf(const TaskSetSpec &spec,
                      const ArchInfo &arch = hopper()) {
  std::variant<TaskPlan, TaskError> result = planTasks(spec, arch);
  if (std::holds_alternative<TaskPlan>(result))
    FAIL("expected an error, got the plan\n"
         << describe(std::get<TaskPlan>(result)));
  return std::get<TaskError>(result);
}

/// The only error checkTasks reports.
TaskError onlyError(const TaskSetSpec &spec, const ArchInfo &arch = hopper()) {
  std::vector<TaskError> errors = checkTasks(spec, arch);
  REQUIRE(errors.size() == 1);
  return errors.front();
}

/// A partition's (start, warps, granted registers), for comparisons.
using Row = std::tuple<std::string, unsigned, unsigned, unsigned>;
std::vector<Row> rows(const TaskPlan &plan) {
  std::vector<Row> result;
  for (const PartitionPlan &p : plan.partitions)
    result.emplace_back(p.name, p.startWarp, p.numWarps, p.grantedRegisters);
  return result;
}

} // namespace

TEST_CASE("the seed example: replicas, a one-warp worker and padding",
          "[taskplan]") {
  // Default 4 warps [0, 4) without num_regs; "load" 2 warps replicated
  // twice at 4 and 6 with 48; "mma" 1 warp at 8 with 24. Warps end at 9,
  // padded to 12: warp 9 (1, aligned) and 10-11 (2, aligned), 24 each.
  TaskSetSpec spec =
      taskSet(4, {worker("load", 2, 4, 48, 0), worker("load", 2, 6, 48, 1),
                  worker("mma", 1, 8, 24)});
  REQUIRE(checkTasks(spec, hopper()).empty());
  TaskPlan plan = planOf(spec);
  CHECK(plan.totalWarps == 12);
  CHECK(plan.model == RegisterModel::Donation);
  // maxnreg = floor8(65536 / (32 × 12)) = floor8(170.67) = 168;
  // pool = 168 × 384 = 64512.
  CHECK(plan.maxnreg == 168);
  CHECK(plan.pool == 64512);
  // Warpgroup 1 (warps 4-7) = 48, warpgroup 2 (8-11) = max(24, 24) = 24.
  // Default: floor8((64512 − 128 × 48 − 128 × 24) / 128)
  //        = floor8(55296 / 128) = 432, capped at 256.
  CHECK(plan.warpGroupRegisters == std::vector<unsigned>{256, 48, 24});
  CHECK(rows(plan) == std::vector<Row>{{"default", 0, 4, 256},
                                       {"load", 4, 2, 48},
                                       {"load", 6, 2, 48},
                                       {"mma", 8, 1, 24},
                                       {"padding", 9, 1, 24},
                                       {"padding", 10, 2, 24}});
  CHECK(plan.partitions[2].replica == 1);
  CHECK(plan.partitions[4].padding);
  CHECK(plan.partitions[4].requestedRegisters == 24u);
  CHECK_FALSE(plan.partitions[0].requestedRegisters);
  CHECK(describe(plan) ==
        "partition       replica  warps    requested  granted\n"
        "default         0        0-3      -          256\n"
        "load            0        4-5      48         48\n"
        "load            1        6-7      48         48\n"
        "mma             0        8        24         24\n"
        "padding         0        9        24         24\n"
        "padding         0        10-11    24         24\n"
        "total warps 12\n"
        "model donation\n"
        "maxnreg 168\n"
        "pool 64512\n"
        "warpgroup registers 256 48 24\n");
}

TEST_CASE("a GEMM: 8 default warps donate to a one-warp producer",
          "[taskplan]") {
  // 8 + 1 warps, padded to 12: maxnreg 168, pool 64512. Warpgroup 2 =
  // max(40, padding 24) = 40; the default's 256 threads get
  // floor8((64512 − 128 × 40) / 256) = floor8(59392 / 256 = 232) = 232.
  TaskPlan plan = planOf(taskSet(8, {worker("producer", 1, {}, 40)}));
  CHECK(plan.totalWarps == 12);
  CHECK(plan.maxnreg == 168);
  CHECK(plan.warpGroupRegisters == std::vector<unsigned>{232, 232, 40});
  CHECK(rows(plan) == std::vector<Row>{{"default", 0, 8, 232},
                                       {"producer", 8, 1, 40},
                                       {"padding", 9, 1, 40},
                                       {"padding", 10, 2, 40}});
}

TEST_CASE("--maxnreg sets the starting count and the pool", "[taskplan]") {
  // The GEMM with --maxnreg 128: pool 128 × 384 = 49152; the default
  // gets floor8((49152 − 5120) / 256) = floor8(172) = 168.
  TaskSetSpec spec = taskSet(8, {worker("producer", 1, {}, 40)});
  spec.maxnreg = 128;
  TaskPlan plan = planOf(spec);
  CHECK(plan.maxnreg == 128);
  CHECK(plan.pool == 49152);
  CHECK(plan.warpGroupRegisters == std::vector<unsigned>{168, 168, 40});
}

TEST_CASE("a fixed default budget leaves the surplus unused", "[taskplan]") {
  // Default 8 warps with 160: 256 × 160 = 40960, plus 128 × 40 = 5120:
  // 46080 of 64512, the other 18432 stay in the pool.
  TaskPlan plan = planOf(taskSet(8, {worker("producer", 1, {}, 40)}, 160));
  CHECK(plan.model == RegisterModel::Fixed);
  CHECK(plan.pool == 64512);
  CHECK(plan.warpGroupRegisters == std::vector<unsigned>{160, 160, 40});
  CHECK(plan.partitions[0].grantedRegisters == 160);
}

TEST_CASE("workers without num_regs share the surplus", "[taskplan]") {
  // Donation: default 4 warps, "a" 4 warps with 80 (warps 4-7), "b" 4
  // warps without (8-11). Pool 64512 − 128 × 80 = 54272 shared by the
  // default and "b", 256 threads: floor8(212) = 208.
  TaskPlan donation =
      planOf(taskSet(4, {worker("a", 4, {}, 80), worker("b", 4)}));
  CHECK(donation.warpGroupRegisters == std::vector<unsigned>{208, 80, 208});
  // Fixed at 200: 64512 − 10240 − 128 × 200 = 28672 for "b"'s 128
  // threads: 224.
  TaskPlan fixed =
      planOf(taskSet(4, {worker("a", 4, {}, 80), worker("b", 4)}, 200));
  CHECK(fixed.model == RegisterModel::Fixed);
  CHECK(fixed.warpGroupRegisters == std::vector<unsigned>{200, 80, 224});
}

TEST_CASE("a warpgroup mixing budgets takes the larger count", "[taskplan]") {
  // Default 4 warps, "p" 1 warp with 152 (warp 4), "q" 1 warp without
  // (warp 5), padding 6-7; --maxnreg 128: pool 128 × 256 = 32768. Sharing
  // over the default and warpgroup 1 (256 threads) would give 128 < 152,
  // so warpgroup 1 takes 152 and the default alone gets
  // floor8((32768 − 128 × 152) / 128) = floor8(13312 / 128 = 104) = 104.
  TaskSetSpec spec = taskSet(4, {worker("p", 1, {}, 152), worker("q", 1)});
  spec.maxnreg = 128;
  TaskPlan plan = planOf(spec);
  CHECK(plan.warpGroupRegisters == std::vector<unsigned>{104, 152});
  CHECK(rows(plan) == std::vector<Row>{{"default", 0, 4, 104},
                                       {"p", 4, 1, 152},
                                       {"q", 5, 1, 152},
                                       {"padding", 6, 2, 152}});
  // Without --maxnreg: maxnreg 248 (65536 / 256 = 256, but .maxnreg takes
  // at most 255), pool 63488, share 63488 / 256 = 248 beats 152: both
  // warpgroups get 248.
  spec.maxnreg.reset();
  CHECK(planOf(spec).warpGroupRegisters == std::vector<unsigned>{248, 248});
}

TEST_CASE("device_assert or print raises the minimum to 32", "[taskplan]") {
  // A request of 24 with a print inside is raised to 32; the padding in
  // the same warpgroup asks for 24 and takes 32 as well.
  TaskSpec printer = worker("printer", 1, {}, 24);
  printer.usesDiagnostics = true;
  TaskPlan plan = planOf(taskSet(4, {printer}));
  CHECK(plan.warpGroupRegisters == std::vector<unsigned>{256, 32});

  // A sharing default with diagnostics needs 32: worker 4 warps with 232,
  // --maxnreg 128: (32768 − 128 × 232) / 128 = 24 per default thread.
  TaskSetSpec spec = taskSet(4, {worker("big", 4, {}, 232)});
  spec.maxnreg = 128;
  CHECK(planOf(spec).warpGroupRegisters == std::vector<unsigned>{24, 232});
  spec.defaultUsesDiagnostics = true;
  TaskError error = planErrorOf(spec);
  CHECK_FALSE(error.worker);
  CHECK(error.message ==
        "the registers left for tasks without num_regs are too few: (32768 − "
        "29696 budgeted) / 128 threads gives 24 per thread, below the "
        "minimum 32 of the default task; the pool has 32768 (maxnreg 128 × "
        "256 threads)");
}

TEST_CASE("budgets that exceed the pool are an error with the arithmetic",
          "[taskplan]") {
  // 256 × 240 + 128 × 48 = 61440 + 6144 = 67584 > 64512.
  TaskError error =
      planErrorOf(taskSet(8, {worker("producer", 1, {}, 48)}, 240));
  CHECK_FALSE(error.worker);
  CHECK(error.message ==
        "register budgets need 67584 registers (default 8 warps × 32 × 240 "
        "+ warps 8-11: 4 × 32 × 48) but the pool has 64512 (maxnreg 168 × "
        "384 threads)");
}

TEST_CASE("no register request: placement only", "[taskplan]") {
  TaskPlan plan = planOf(taskSet(4, {worker("a", 1), worker("b", 2)}));
  CHECK(plan.model == RegisterModel::None);
  CHECK(plan.maxnreg == 0);
  CHECK(plan.pool == 0);
  CHECK(plan.warpGroupRegisters.empty());
  // Sorted by size: "b" at 4-5, "a" at 6, padding at 7.
  CHECK(rows(plan) == std::vector<Row>{{"default", 0, 4, 0},
                                       {"a", 6, 1, 0},
                                       {"b", 4, 2, 0},
                                       {"padding", 7, 1, 0}});
  CHECK_FALSE(plan.partitions[3].requestedRegisters);
  CHECK(describe(plan).find("model none\n") != std::string::npos);
  CHECK(describe(plan).find("maxnreg") == std::string::npos);
}

TEST_CASE("automatic placement: largest first, original order kept",
          "[taskplan]") {
  // 1, 4, 2 and 2 warps after 4 default warps: 4 at 4-7, the 2s at 8-9
  // and 10-11 (stable), 1 at 12, padded with 1 at 13 and 2 at 14-15.
  TaskPlan plan = planOf(taskSet(
      4, {worker("a", 1), worker("b", 4), worker("c", 2), worker("d", 2)}));
  CHECK(plan.totalWarps == 16);
  CHECK(rows(plan) == std::vector<Row>{{"default", 0, 4, 0},
                                       {"a", 12, 1, 0},
                                       {"b", 4, 4, 0},
                                       {"c", 8, 2, 0},
                                       {"d", 10, 2, 0},
                                       {"padding", 13, 1, 0},
                                       {"padding", 14, 2, 0}});
}

TEST_CASE("explicit placement: gaps are padded, straddled warpgroups share",
          "[taskplan]") {
  // A worker at warp 8 alone: warps 4-7 are one padding partition.
  TaskPlan gap = planOf(taskSet(4, {worker("late", 1, 8)}));
  CHECK(rows(gap) == std::vector<Row>{{"default", 0, 4, 0},
                                      {"late", 8, 1, 0},
                                      {"padding", 4, 4, 0},
                                      {"padding", 9, 1, 0},
                                      {"padding", 10, 2, 0}});
  // "wide" 2 warps at 7-8 straddles warpgroups 1 and 2: both take
  // max(64, 32, padding 24) = 64. Pool 64512 − 256 × 64 = 48128 for the
  // default's 128 threads: 376, capped at 256. The gap 5-6 takes two
  // single warps (5 is odd, and 2 warps at 6 would reach 7).
  TaskPlan straddle = planOf(
      taskSet(4, {worker("narrow", 1, 4, 32), worker("wide", 2, 7, 64)}));
  CHECK(straddle.warpGroupRegisters == std::vector<unsigned>{256, 64, 64});
  CHECK(rows(straddle) == std::vector<Row>{{"default", 0, 4, 256},
                                           {"narrow", 4, 1, 64},
                                           {"wide", 7, 2, 64},
                                           {"padding", 5, 1, 64},
                                           {"padding", 6, 1, 64},
                                           {"padding", 9, 1, 64},
                                           {"padding", 10, 2, 64}});
}

TEST_CASE("rule: num_regs is a multiple of 8 within [24, 256]", "[taskplan]") {
  TaskError odd = onlyError(taskSet(4, {worker("w", 1, {}, 50)}));
  CHECK(odd.worker == size_t(0));
  CHECK(odd.message == "task 'w' asks for num_regs 50; setmaxnreg takes a "
                       "multiple of 8 within [24, 256]");
  CHECK(onlyError(taskSet(4, {worker("w", 1, {}, 16)})).message ==
        "task 'w' asks for num_regs 16; setmaxnreg takes a multiple of 8 "
        "within [24, 256]");
  TaskError high = onlyError(taskSet(4, {worker("w", 1)}, 264));
  CHECK_FALSE(high.worker);
  CHECK(high.message == "the default task asks for num_regs 264; setmaxnreg "
                        "takes a multiple of 8 within [24, 256]");
  // The failed check is also planTasks' error.
  CHECK(planErrorOf(taskSet(4, {worker("w", 1, {}, 50)})).message ==
        odd.message);
}

TEST_CASE("rule: no num_regs without setmaxnreg", "[taskplan]") {
  const ArchInfo &ampere = archInfo("sm_80");
  TaskError error = onlyError(
      taskSet(4, {worker("w", 2, {}, {}), worker("w", 2, {}, 48, 1)}), ampere);
  CHECK(error.worker == size_t(1));
  CHECK(error.message == "task 'w' (replica 1) asks for num_regs 48, but this "
                         "target has no setmaxnreg (setmaxnreg needs sm_90a "
                         "or later)");
  // Placement alone is fine there.
  CHECK(checkTasks(taskSet(4, {worker("w", 2)}), ampere).empty());
}

TEST_CASE("rule: start warps for all workers or none", "[taskplan]") {
  TaskError error = onlyError(taskSet(4, {worker("a", 1, 4), worker("b", 1)}));
  CHECK(error.worker == size_t(1));
  CHECK(error.message == "task 'b' has no warp_group_start_id, but task 'a' "
                         "has one: give it to every worker task or to none");
}

TEST_CASE("rule: explicit warp ranges do not overlap", "[taskplan]") {
  TaskError withDefault = onlyError(taskSet(8, {worker("a", 2, 6)}));
  CHECK(withDefault.worker == size_t(0));
  CHECK(withDefault.message == "task 'a' uses warps 6-7, which overlaps the "
                               "default task's warps 0-7");
  TaskError withWorker =
      onlyError(taskSet(4, {worker("a", 4, 4), worker("b", 2, 6)}));
  CHECK(withWorker.worker == size_t(1));
  CHECK(withWorker.message ==
        "task 'b' uses warps 6-7, which overlaps task 'a''s warps 4-7");
  // Replicas of the default task are workers too.
  TaskSpec replica = worker("default", 4, 6, {}, 1);
  replica.replicaOfDefault = true;
  TaskError withReplica = onlyError(taskSet(4, {worker("a", 4, 4), replica}));
  CHECK(withReplica.message == "replica 1 of the default task uses warps "
                               "6-9, which overlaps task 'a''s warps 4-7");
}

TEST_CASE("rule: a replica of the default has the kernel's num_warps",
          "[taskplan]") {
  TaskSpec replica = worker("default", 2, {}, {}, 1);
  replica.replicaOfDefault = true;
  CHECK(onlyError(taskSet(4, {replica})).message ==
        "replica 1 of the default task has 2 warps, but the default task "
        "runs on the kernel's 4");
  replica.numWarps = 4;
  TaskPlan plan = planOf(taskSet(4, {replica}));
  CHECK(rows(plan) ==
        std::vector<Row>{{"default", 0, 4, 0}, {"default", 4, 4, 0}});
}

TEST_CASE("rule: power-of-two workers, whole warpgroups for the kernel",
          "[taskplan]") {
  TaskError three = onlyError(taskSet(4, {worker("w", 3)}));
  CHECK(three.worker == size_t(0));
  CHECK(three.message == "task 'w' has num_warps 3, which is not a power of "
                         "two");
  CHECK(onlyError(taskSet(4, {worker("w", 0)})).message ==
        "task 'w' has num_warps 0, which is not a power of two");
  TaskError kernel = onlyError(taskSet(2, {worker("w", 1)}));
  CHECK_FALSE(kernel.worker);
  CHECK(kernel.message == "warp specialization needs the kernel's num_warps "
                          "to be a multiple of 4 (whole warpgroups), got 2");
}

TEST_CASE("rule: at most 14 workers and 32 warps", "[taskplan]") {
  std::vector<TaskSpec> many;
  for (unsigned i = 0; i < 15; ++i)
    many.push_back(worker("w", 1, {}, {}, i));
  // 4 + 15 = 19 warps, padded to 20: only the partition count fails.
  TaskError partitions = onlyError(taskSet(4, many));
  CHECK_FALSE(partitions.worker);
  CHECK(partitions.message == "warp specialization takes at most 14 worker "
                              "partitions (one named barrier each), got 15");
  many.pop_back();
  CHECK(checkTasks(taskSet(4, many), hopper()).empty());

  // 16 + 16 + 1 = 33 warps, padded to 36.
  TaskError warps = onlyError(taskSet(16, {worker("a", 16), worker("b", 1)}));
  CHECK(warps.message == "the tasks need 36 warps (1152 threads, padded to "
                         "whole warpgroups) but a block holds at most 32 "
                         "warps");
  // Explicit: the last warp counts, gaps included.
  CHECK(onlyError(taskSet(4, {worker("a", 1, 32)})).message ==
        "the tasks need 36 warps (1152 threads, padded to whole warpgroups) "
        "but a block holds at most 32 warps");
  CHECK(planOf(taskSet(16, {worker("a", 16)})).totalWarps == 32);
}

TEST_CASE("rule: --maxnreg fits setmaxnreg and the register file",
          "[taskplan]") {
  TaskSetSpec spec = taskSet(8, {worker("producer", 1, {}, 40)});
  spec.maxnreg = 100;
  CHECK(onlyError(spec).message ==
        "--maxnreg 100 cannot start a register plan: setmaxnreg takes a "
        "multiple of 8 within [24, 256]");
  // 12 warps at 256: 256 × 384 = 98304 > 65536.
  spec.maxnreg = 256;
  CHECK(onlyError(spec).message == "--maxnreg 256 needs 256 × 384 threads = "
                                   "98304 registers, but a block has 65536");
  // Without register requests --maxnreg is only ptxas' cap: no rule.
  spec.workers[0].requestedRegisters.reset();
  CHECK(checkTasks(spec, hopper()).empty());
}

TEST_CASE("rule: warp specialization needs the architecture's barriers",
          "[taskplan]") {
  // AMD's ISA has no barrier for some of a work-group's waves.
  TaskError error = onlyError(taskSet(4, {worker("w", 1)}), archInfo("gfx942"));
  CHECK_FALSE(error.worker);
  CHECK(error.message == "warp specialization needs named barriers that wait "
                         "for some of the block's warps, which this target "
                         "does not have");
  CHECK(checkTasks(taskSet(4, {worker("w", 1)}), archInfo("sm_75")).empty());
}

TEST_CASE("the rules of every target, without an architecture", "[taskplan]") {
  // What depends on the architecture passes: 15 partitions, 36 warps,
  // num_regs where nothing says whether setmaxnreg exists...
  std::vector<TaskSpec> many;
  for (unsigned i = 0; i < 15; ++i)
    many.push_back(worker("w", 1, {}, 30, i));
  CHECK(checkTaskRules(taskSet(4, many)).empty());
  CHECK(checkTaskRules(taskSet(16, {worker("a", 16), worker("b", 1)})).empty());
  // ... what holds everywhere does not.
  std::vector<TaskError> errors =
      checkTaskRules(taskSet(2, {worker("a", 3), worker("b", 1, 4)}));
  REQUIRE(errors.size() == 3);
  CHECK(errors[0].message == "warp specialization needs the kernel's "
                             "num_warps to be a multiple of 4 (whole "
                             "warpgroups), got 2");
  CHECK(errors[1].message == "task 'a' has num_warps 3, which is not a power "
                             "of two");
  CHECK(errors[2].message == "task 'a' has no warp_group_start_id, but task "
                             "'b' has one: give it to every worker task or "
                             "to none");
}
