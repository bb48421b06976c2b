//===- IntraWaveSchedule.cpp - Interleaving memory reads with MFMAs -------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Plans each intra-wave region (`with tlx.warp_pipeline_stage(label,
// scope="intra_wave", pair=...)`, gluon.intra_wave_begin / _end) for
// LLVM's AMDGPU scheduler, on gluon IR after the barriers are placed:
//
//  1. The streams. A region's top-level ops are memory reads (local_load:
//     ds_read; buffer_load and unmasked gl.load: VMEM reads), MFMAs
//     (gluon.mfma) and side-effect-free ops (a scalar gl.load is refused:
//     LLVM may make it an s_load, which no group counts). A pair is two
//     adjacent regions, one of reads and one of MFMAs; a single region holds
//     both. Either way no value may flow between the streams: an op derived
//     from a read must not feed an MFMA, nor the reverse (a forward walk
//     over the region's SSA uses), or the scheduler could not move them
//     past each other.
//  2. The counts, from the plans the lowering follows: a local_load's
//     accesses (planLocalAccess), a buffer or global load's registers over
//     its access width (getBufferAccessWidth, getGlobalAccessWidth), a
//     gluon.mfma's instructions (getMfmaTiling).
//  3. The interleave (gluonc::planIntraWave): each read instruction in
//     program order followed by its even share of the MFMAs.
//
// Refused, each with a diagnostic at the op: writes (stores, atomics,
// copies to LDS, the scratch of reductions, scans and layout
// conversions), async commits, control flow (ops with regions, and masked
// gl.loads, which become branches on AMD), any other op with side effects,
// and dataflow between the streams. Region markers and pairs were checked
// by the ops' verifiers; priorities by the frontend.
//
// The plan is recorded on the unit's markers: the last end carries the
// sched_group_barrier steps (mask, count) and the sync id (one per
// region in the function, so that two regions' groups never join), and
// every marker is flagged as planned; WarpPipelineToROCDL.cpp lowers them
// to sched_barrier 0 at the ends and the steps before the closing one.
// The schedule `-v` and the JSON print is the same planning run again on
// the marked IR (addIntraWaveSchedules).
//
// Caveat (not planned): LLVM's load-store optimizer pairs two 4- or
// 8-byte LDS reads from one base into a ds_read2 before scheduling, which
// leaves one planned ds_read group empty; 16-byte reads (k_width 8 for
// 16-bit MFMA operands) and 2-byte reads are never paired.
//
//===----------------------------------------------------------------------===//

#include "AMDTargetInfo.h"
#include "Patterns.h"

#include "gluonc/Conversion/SharedMemoryAccess.h"
#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/AMDOps.h"
#include "gluonc/IR/WarpPipeline.h"
#include "gluonc/Pipeline/Target.h"
#include "gluonc/Transforms/AxisInfo.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"

namespace gluonc::amd {
#define GEN_PASS_DEF_GLUONAMDPLANINTRAWAVE
#include "Passes.h.inc"
} // namespace gluonc::amd

using namespace mlir;
using namespace gluonc;

namespace {

/// What one op of a region is to the interleave.
struct OpRole {
  enum Kind { Neutral, Memory, Mfma, Refused } kind = Neutral;
  SchedGroup group = SchedGroup::DsRead;
  unsigned instructions = 0;
  std::string why;
};

/// One planned unit: a region, or the two regions of a pair.
struct Unit {
  SmallVector<gluon::IntraWaveBeginOp, 2> begins;
  SmallVector<gluon::IntraWaveEndOp, 2> ends;
  /// The top-level ops of each region.
  SmallVector<SmallVector<Operation *>, 2> ops;
};

/// The unit's label: a pair's two joined by '+'.
std::string getUnitLabel(const Unit &unit) {
  std::string label;
  for (gluon::IntraWaveBeginOp begin : unit.begins)
    label += (label.empty() ? "" : "+") + begin.getLabel().str();
  return label;
}

bool writesMemory(Operation *op) {
  return isa<gluon::LocalStoreOp, gluon::StoreOp, gluon::BufferStoreOp,
             gluon::AtomicRMWOp, gluon::AtomicCASOp,
             gluon::AsyncCopyGlobalToLocalOp, gluon::BufferLoadToLocalOp>(op) ||
         op->hasAttr(kScratchOffsetAttrName) ||
         (isa<gluon::LocalAllocOp>(op) &&
          cast<gluon::LocalAllocOp>(op).getSrc());
}

/// The source line of `op`, 0 when unknown.
unsigned getLine(Operation *op) {
  if (auto loc = op->getLoc()->findInstanceOf<FileLineColLoc>())
    return loc.getLine();
  return 0;
}

class IntraWavePlanner {
public:
  IntraWavePlanner(ModuleOp module, const TargetInfo &target)
      : axisInfo(module),
        converter(module.getContext()), context{target, axisInfo, 0} {}

  OpRole classify(Operation *op, const std::string &region) {
    OpRole role;
    auto refuse = [&](std::string why) {
      role.kind = OpRole::Refused;
      role.why = std::move(why);
      return role;
    };
    if (auto mfma = dyn_cast<gluon::MfmaOp>(op)) {
      role.kind = OpRole::Mfma;
      role.group = SchedGroup::Mfma;
      role.instructions = amd::getMfmaTiling(mfma).getInstructions();
      return role;
    }
    if (auto load = dyn_cast<gluon::LocalLoadOp>(op)) {
      role.kind = OpRole::Memory;
      role.instructions = unsigned(
          planLocalAccess(load.getType(), load.getSrc().getType(), converter)
              .plan.accesses.size());
      return role;
    }
    if (auto load = dyn_cast<gluon::BufferLoadOp>(op)) {
      RankedTensorType type = load.getResult().getType();
      int64_t width = amd::getBufferAccessWidth(
          load.getPtr(), load.getOffsets(), load.getMask(), context,
          unsigned(getElementBytes(type.getElementType())));
      role.kind = OpRole::Memory;
      role.group = SchedGroup::VmemRead;
      role.instructions =
          unsigned(gluon::getLinearLayout(type).getNumRegisters() / width);
      return role;
    }
    if (auto load = dyn_cast<gluon::LoadOp>(op)) {
      if (load.getMask())
        return refuse("a masked gl.load becomes a branch on AMD, and "
                      "control flow cannot be in intra-wave region " +
                      region +
                      "; use gl.amd.cdna3/cdna4.buffer_load, whose mask is "
                      "a select");
      auto type = dyn_cast<RankedTensorType>(load.getType());
      if (!type)
        return refuse("a scalar gl.load cannot be in intra-wave region " +
                      region +
                      ": LLVM may make it a scalar-memory load (s_load), "
                      "which no planned group counts; load it before the "
                      "region");
      role.kind = OpRole::Memory;
      role.group = SchedGroup::VmemRead;
      role.instructions =
          unsigned(gluon::getLinearLayout(type).getNumRegisters() /
                   getGlobalAccessWidth(
                       load.getPtr(), Value(), context,
                       unsigned(getElementBytes(type.getElementType()))));
      return role;
    }
    if (isa<gluon::BarrierOp>(op))
      return refuse("a barrier cannot be in intra-wave region " + region +
                    " (gl.barrier(), or one the barrier pass placed between "
                    "this shared memory access and a conflicting one before "
                    "it: order them before the region)");
    if (writesMemory(op))
      return refuse("an intra-wave region reads memory only: this '" +
                    op->getName().getStringRef().str() +
                    "' writes memory, and region " + region +
                    " cannot hold it (the interleave would reorder it with "
                    "the reads)");
    if (isa<gluon::AsyncCommitGroupOp>(op))
      return refuse("an async commit_group cannot be in intra-wave region " +
                    region +
                    ": it closes a group of copies in program order, which "
                    "the interleave does not keep; commit outside the "
                    "region");
    if (op->getNumRegions() != 0)
      return refuse("control flow cannot be in intra-wave region " + region +
                    ": the interleave orders the instructions of one basic "
                    "block");
    if (!isMemoryEffectFree(op))
      return refuse("'" + op->getName().getStringRef().str() +
                    "' has side effects the interleave cannot reorder, so "
                    "it cannot be in intra-wave region " +
                    region);
    return role;
  }

  /// Plans `unit`, or reports why not (false).
  bool plan(Unit &unit, IntraWaveRegion &region) {
    std::string name = "'" + getUnitLabel(unit) + "'";
    // The role of each op, and whether a region holds reads or MFMAs.
    llvm::DenseMap<Operation *, OpRole> roles;
    SmallVector<std::pair<bool, bool>, 2> holds;
    // A write is the cause of any barrier the barrier pass put next to
    // it: report the write.
    for (ArrayRef<Operation *> ops : unit.ops)
      for (Operation *op : ops)
        if (writesMemory(op))
          if (OpRole role = classify(op, name); role.kind == OpRole::Refused) {
            op->emitError() << role.why;
            return false;
          }
    for (ArrayRef<Operation *> ops : unit.ops) {
      std::pair<bool, bool> found{false, false};
      for (Operation *op : ops) {
        OpRole role = classify(op, name);
        if (role.kind == OpRole::Refused) {
          op->emitError() << role.why;
          return false;
        }
        found.first |= role.kind == OpRole::Memory;
        found.second |= role.kind == OpRole::Mfma;
        roles[op] = role;
      }
      holds.push_back(found);
    }
    if (unit.begins.size() == 2 && !checkPair(unit, holds))
      return false;
    if (!checkIndependent(unit, roles, name))
      return false;
    for (ArrayRef<Operation *> ops : unit.ops)
      for (Operation *op : ops) {
        const OpRole &role = roles[op];
        if (role.kind == OpRole::Memory)
          region.memory.push_back({role.group, role.instructions});
        else if (role.kind == OpRole::Mfma)
          region.mfmas += role.instructions;
      }
    region.steps = planIntraWave(region.memory, region.mfmas);
    return true;
  }

private:
  AxisInfoAnalysis axisInfo;
  GluonLLVMTypeConverter converter;
  LoweringContext context;

  static bool checkPair(Unit &unit, ArrayRef<std::pair<bool, bool>> holds) {
    int64_t pair = *unit.begins[0].getPair();
    for (size_t i = 0; i < 2; ++i)
      if (holds[i].first && holds[i].second) {
        unit.begins[i].emitError()
            << "stage '" << unit.begins[i].getLabel() << "' of pair " << pair
            << " holds both memory reads and MFMAs: a pair is one stage of "
               "reads and one of MFMAs (or write one stage without pair=)";
        return false;
      }
    // No stage holds both: the pair is right when it holds both.
    bool reads = holds[0].first || holds[1].first;
    bool mfmas = holds[0].second || holds[1].second;
    if (!reads || !mfmas) {
      unit.begins[1].emitError()
          << "pair " << pair
          << " needs one stage of memory reads and one of MFMAs; its stages "
             "hold no "
          << (reads   ? "MFMAs"
              : mfmas ? "memory reads"
                      : "memory reads or MFMAs");
      return false;
    }
    return true;
  }

  /// No value flows from a read to an MFMA or from an MFMA to a read
  /// within the unit (see the file header).
  static bool checkIndependent(const Unit &unit,
                               const llvm::DenseMap<Operation *, OpRole> &roles,
                               const std::string &name) {
    // The stream each op's results derive from: the read or MFMA at its
    // origin.
    llvm::DenseMap<Operation *, Operation *> fromRead, fromMfma;
    for (ArrayRef<Operation *> ops : unit.ops)
      for (Operation *op : ops) {
        OpRole::Kind kind = roles.lookup(op).kind;
        Operation *read = kind == OpRole::Memory ? op : nullptr;
        Operation *mfma = kind == OpRole::Mfma ? op : nullptr;
        for (Value operand : op->getOperands()) {
          Operation *def = operand.getDefiningOp();
          if (!def)
            continue;
          if (!read)
            read = fromRead.lookup(def);
          if (!mfma)
            mfma = fromMfma.lookup(def);
        }
        if (kind == OpRole::Mfma && read) {
          op->emitError()
              << "in intra-wave region " << name
              << " this MFMA uses a value the region's memory reads load ("
              << describeLoc(read)
              << "): the two streams must be independent for the "
                 "scheduler to interleave them; load it an iteration (or "
                 "a stage) earlier";
          return false;
        }
        if (kind == OpRole::Memory && mfma) {
          op->emitError() << "in intra-wave region " << name
                          << " this memory read depends on an MFMA of the "
                             "region ("
                          << describeLoc(mfma)
                          << "): the two streams must be independent";
          return false;
        }
        if (read)
          fromRead[op] = read;
        if (mfma)
          fromMfma[op] = mfma;
      }
    return true;
  }

  static std::string describeLoc(Operation *op) {
    if (unsigned line = getLine(op))
      return "line " + std::to_string(line);
    return "'" + op->getName().getStringRef().str() + "'";
  }
};

/// The ops strictly between `begin` and `end`.
SmallVector<Operation *> getRegionOps(Operation *begin, Operation *end) {
  SmallVector<Operation *> ops;
  for (Operation *op = begin->getNextNode(); op != end; op = op->getNextNode())
    ops.push_back(op);
  return ops;
}

/// The label of the inter-wave stage that holds `op` in its loop body, or
/// "" when the body has no borders: the next border's, or the first
/// border's for the ops after the last one (getStageOps' stage 0).
std::string getStageLabel(Operation *op) {
  SmallVector<gluon::WarpPipelineBorderOp> borders =
      gluon::getPipelineBorders(*op->getBlock());
  if (borders.empty())
    return "";
  for (gluon::WarpPipelineBorderOp border : borders)
    if (op->isBeforeInBlock(border))
      return border.getLabel().str();
  return borders.front().getLabel().str();
}

/// The body's regions, a pair's two as one unit; null (after a
/// diagnostic) when a pair's regions do not follow each other.
std::optional<SmallVector<Unit>> collectUnits(Block &body) {
  SmallVector<Unit> units;
  for (auto begin : body.getOps<gluon::IntraWaveBeginOp>()) {
    Operation *end = begin->getNextNode();
    while (!isa<gluon::IntraWaveEndOp>(end))
      end = end->getNextNode();
    if (!units.empty() && begin.getPair() && units.back().begins.size() == 1 &&
        units.back().begins[0].getPair() == begin.getPair()) {
      Unit &unit = units.back();
      if (unit.ends[0]->getNextNode() != begin.getOperation()) {
        begin.emitError()
            << "the two stages of pair " << *begin.getPair()
            << " must follow each other: ops between them would be in "
               "neither stream";
        return std::nullopt;
      }
      unit.begins.push_back(begin);
      unit.ends.push_back(cast<gluon::IntraWaveEndOp>(end));
      unit.ops.push_back(getRegionOps(begin, end));
      continue;
    }
    Unit unit;
    unit.begins.push_back(begin);
    unit.ends.push_back(cast<gluon::IntraWaveEndOp>(end));
    unit.ops.push_back(getRegionOps(begin, end));
    units.push_back(std::move(unit));
  }
  return units;
}

void record(Unit &unit, ArrayRef<IntraWaveStep> steps, int32_t syncId,
            Builder &builder) {
  SmallVector<int32_t> encoded;
  for (const IntraWaveStep &step : steps) {
    encoded.push_back(int32_t(step.group));
    encoded.push_back(int32_t(step.count));
  }
  for (gluon::IntraWaveBeginOp begin : unit.begins)
    begin->setAttr(amd::kIntraWavePlannedAttrName, builder.getUnitAttr());
  for (gluon::IntraWaveEndOp end : unit.ends)
    end->setAttr(amd::kIntraWavePlannedAttrName, builder.getUnitAttr());
  unit.begins.front()->setAttr(amd::kIntraWaveOpensAttrName,
                               builder.getUnitAttr());
  Operation *last = unit.ends.back();
  last->setAttr(amd::kIntraWaveStepsAttrName,
                builder.getDenseI32ArrayAttr(encoded));
  last->setAttr(amd::kIntraWaveSyncIdAttrName,
                builder.getI32IntegerAttr(syncId));
}

/// Plans every intra-wave region of `module`'s loops, in program order,
/// calling `visit(loop, unit, region)` for each; fails after a diagnostic.
LogicalResult forEachPlannedRegion(
    ModuleOp module, const TargetInfo &target,
    llvm::function_ref<void(scf::ForOp, Unit &, IntraWaveRegion &)> visit) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp loop) {
    if (!loop.getBody()->getOps<gluon::IntraWaveBeginOp>().empty())
      loops.push_back(loop);
  });
  IntraWavePlanner planner(module, target);
  for (scf::ForOp loop : loops) {
    std::optional<SmallVector<Unit>> units = collectUnits(*loop.getBody());
    if (!units)
      return failure();
    for (Unit &unit : *units) {
      IntraWaveRegion region;
      if (!planner.plan(unit, region))
        return failure();
      region.label = getUnitLabel(unit);
      region.pair = unit.begins[0].getPair();
      region.line = getLine(unit.begins[0]);
      region.stage = getStageLabel(unit.begins[0]);
      visit(loop, unit, region);
    }
  }
  return success();
}

class PlanIntraWavePass
    : public gluonc::amd::impl::GluonAMDPlanIntraWaveBase<PlanIntraWavePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::shared_ptr<const TargetInfo> target = getModuleTargetInfo(module);
    if (!target)
      return signalPassFailure();
    Builder builder(&getContext());
    // One sync id per region, so that two regions' groups never join.
    int32_t syncId = 0;
    if (failed(forEachPlannedRegion(
            module, *target,
            [&](scf::ForOp, Unit &unit, IntraWaveRegion &region) {
              record(unit, region.steps, syncId++, builder);
            })))
      signalPassFailure();
  }
};

} // namespace

void gluonc::amd::addIntraWaveSchedules(ModuleOp module,
                                        const TargetInfo &target,
                                        std::vector<LoopSchedule> &schedules) {
  (void)forEachPlannedRegion(
      module, target, [&](scf::ForOp loop, Unit &, IntraWaveRegion &region) {
        unsigned line = getLine(loop);
        auto it = llvm::find_if(schedules, [&](const LoopSchedule &schedule) {
          return schedule.line == line;
        });
        if (it == schedules.end()) {
          schedules.push_back({});
          it = std::prev(schedules.end());
          it->line = line;
        }
        it->intraWave.push_back(std::move(region));
      });
}
