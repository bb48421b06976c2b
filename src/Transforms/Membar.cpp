//===- Membar.cpp - Barriers between racing shared memory accesses --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Threads of a program see each other's shared memory writes only after a
// barrier. Walking the program in order, the pass keeps the accesses made
// since the last barrier; an access that conflicts with one of them (same
// buffer, at least one a write) gets a barrier before it, which clears the
// set. Buffers are the bytes of allocations (the allocation pass placed
// them; allocations live at different times may share bytes, and within
// one allocation a view at a constant place spans only its elements) and
// the scratch area all scratch users share.
//
// Scratch users (reductions across warps, layout conversions through shared
// memory) write their scratch, wait at their own barrier and read it: before
// them only their write matters, after them only their read is pending.
//
// Asynchronous copies and mbarriers (Hopper):
//  - mbarrier.init and invalidate are writes of the barrier (thread 0's):
//    every other use must come after a barrier; arrive, expect and wait are
//    atomic updates that need no barrier between them, so they count as
//    reads.
//  - A TMA load writes its buffer, so it waits for earlier readers and
//    writers (WAR, WAW), but its write is not pending afterwards: threads
//    see the data by waiting on the mbarrier the load signals, not through
//    a CTA barrier.
//  - A TMA store reads its buffer: threads' earlier writes need a barrier
//    before it (after their fence_async_shared), and a later write waits
//    for a barrier after it (after tma.store_wait says the copy has read).
//  - A warpgroup MMA reads its shared operands the same way: a later write
//    (the next TMA load into a ring buffer) gets a barrier before it. The
//    kernel's warpgroup_mma_wait before that write retires the MMA in each
//    warpgroup; the barrier makes every warpgroup's wait precede the
//    write.
//
// Asynchronous copies (Ampere's cp.async): a copy writes its buffer, so it
// waits for earlier readers and writers like a TMA load; but its write
// becomes visible only once a wait_group has retired the copy's group in
// every thread and a barrier has followed. The pass therefore keeps the
// copies in flight by group: those not committed yet, then the committed
// groups from the most recent on. async_wait_group N retires every group
// but the N most recent: their writes become pending accesses, which the
// next conflicting access puts a barrier after (a barrier before the wait
// orders nothing). Groups deeper than kTrackedCopyGroups share one entry,
// whose writes a wait may or may not retire: they become pending and stay
// in flight. Paths merge group by group, so a write that is in different
// groups on different paths is retired by the first wait that may retire
// it and stays in flight until one certainly has.
// A copy that an async_copy_mbarrier_arrive covers is also seen by the
// threads that wait on that mbarrier's phase, as a TMA load's data is:
// it needs no CTA barrier then, and the pass keeps it in flight (a later
// wait_group still retires it, conservatively). Its default form raises
// the phase's count in every thread, a write of the barrier that a later
// arrival by thread 0 must follow (a barrier between them).
//
// The fence between threads' stores and the async proxy is checked by a
// pass of its own (AsyncFences.cpp).
//
// Warp pipelines (AMD): a loop whose body holds gluon.warp_pipeline_border
// ops runs its stages in two wave groups one stage apart, meeting only at
// the borders. The target's planning pass (backends/amd/
// WarpPipelinePlanning.cpp), which runs before this one, marked the
// borders that also order LDS; both groups enter the loop with nothing
// pending; inside the loop such a border clears what is pending and no
// barrier is inserted: a conflict left is within a stage, an error.
//
// Warp specialization: each partition is walked on its own (its tasks
// order their accesses with mbarriers). A partition names its buffers
// through block arguments; the pass follows them to the captured views,
// so a partition's buffers are told apart as the default task's are.
//
// Control flow: a loop body is entered with what is pending before the loop
// and at the end of its body (the previous iteration), computed to a fixed
// point; the branches of an `if` are entered with what is pending before it.
// After an op with regions, what any region may leave is pending, and what
// was pending before it (a loop may run no iteration).
//
//===----------------------------------------------------------------------===//

#include "gluonc/Transforms/MemoryAccesses.h"
#include "gluonc/Transforms/Passes.h"

#include "gluonc/IR/AMDOps.h"
#include "gluonc/IR/Async.h"
#include "gluonc/IR/NvidiaOps.h"
#include "gluonc/IR/WarpPipeline.h"
#include "gluonc/IR/WarpSpecialize.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <set>
#include <vector>

namespace gluonc {
#define GEN_PASS_DEF_GLUONINSERTBARRIERS
#include "gluonc/Transforms/Passes.h.inc"
} // namespace gluonc

using namespace mlir;
using namespace gluonc;

namespace {

/// Committed groups of async copies told apart by their depth; deeper ones
/// share the last entry.
constexpr size_t kTrackedCopyGroups = 8;

/// The accesses made since the last barrier, and the writes of async
/// copies not yet retired.
class PendingAccesses {
public:
  PendingAccesses() : inFlight(kTrackedCopyGroups + 1) {}

  bool conflictsWith(const Access &access) const {
    for (const Access &pending : accesses)
      if ((pending.isWrite || access.isWrite) &&
          pending.buffer.mayAlias(access.buffer))
        return true;
    return false;
  }
  void add(const Access &access) { accesses.insert(access); }
  void merge(const PendingAccesses &other) {
    accesses.insert(other.accesses.begin(), other.accesses.end());
    for (size_t g = 0; g < inFlight.size(); ++g)
      inFlight[g].insert(other.inFlight[g].begin(), other.inFlight[g].end());
  }
  /// A barrier: every access so far is ordered; copies stay in flight.
  void clear() { accesses.clear(); }
  /// Whether some access to data (not to an mbarrier object) may still be
  /// pending for other threads.
  bool anyData() const {
    return llvm::any_of(accesses,
                        [](const Access &access) { return !access.onMBarrier; });
  }
  bool operator==(const PendingAccesses &other) const {
    return accesses == other.accesses && inFlight == other.inFlight;
  }

  /// An async copy's write joins the uncommitted group (entry 0).
  void startCopy(const Access &write) { inFlight[0].insert(write); }
  /// The uncommitted copies become the most recent group (entry 1).
  void commitCopies() {
    std::set<Access> &deepest = inFlight.back();
    std::set<Access> &next = inFlight[inFlight.size() - 2];
    deepest.insert(next.begin(), next.end());
    for (size_t g = inFlight.size() - 2; g > 0; --g)
      inFlight[g] = std::move(inFlight[g - 1]);
    inFlight[0].clear();
  }
  /// wait_group `outstanding`: committed groups deeper than it are
  /// retired, their writes pending from here on.
  void waitCopies(int64_t outstanding) {
    size_t deepest = inFlight.size() - 1;
    for (size_t g = 1; g <= deepest; ++g) {
      if (int64_t(g) <= outstanding && g != deepest)
        continue;
      accesses.insert(inFlight[g].begin(), inFlight[g].end());
      // The shared entry holds groups of any depth from `deepest` on:
      // retired only by a wait that leaves fewer outstanding.
      if (g != deepest || int64_t(deepest) > outstanding)
        inFlight[g].clear();
    }
  }

private:
  std::set<Access> accesses;
  std::vector<std::set<Access>> inFlight;
};

class InsertBarriersPass
    : public gluonc::impl::GluonInsertBarriersBase<InsertBarriersPass> {
public:
  using GluonInsertBarriersBase::GluonInsertBarriersBase;

  void runOnOperation() override {
    getOperation().walk([&](func::FuncOp func) {
      processRegion(func.getBody(), PendingAccesses(), /*insert=*/true);
    });
    if (pipelineFailed)
      signalPassFailure();
  }

private:
  /// The warp-pipelined loop whose body is being walked: no barrier may
  /// be inserted there (one would pair with another group's border), so a
  /// conflict left after the planned borders is an error.
  Operation *pipelinedLoop = nullptr;
  bool pipelineFailed = false;

  /// A warp-pipelined loop: both groups enter it with nothing pending (a
  /// barrier before it), its borders order what the plan says, and nothing
  /// is inserted inside it.
  void processPipelinedLoop(scf::ForOp loop, PendingAccesses &pending,
                            bool insert) {
    if (!loop->hasAttr(gluon::kGroupWavesAttrName)) {
      if (insert) {
        loop.emitError("this warp-pipelined loop has no plan: the target "
                       "plans its borders before barriers are placed "
                       "(gluon-amd-plan-warp-pipelines)");
        pipelineFailed = true;
      }
      return;
    }
    if (pending.anyData())
      barrierBefore(loop, pending, insert);
    pending.clear();
    Operation *outer = pipelinedLoop;
    pipelinedLoop = loop;
    PendingAccesses entry = pending;
    while (true) {
      PendingAccesses next = entry;
      next.merge(processRegion(loop.getRegion(), entry, /*insert=*/false));
      if (next == entry)
        break;
      entry = next;
    }
    PendingAccesses after = entry;
    after.merge(processRegion(loop.getRegion(), entry, insert));
    pipelinedLoop = outer;
    pending = after;
  }

  /// What is pending at the end of `region` entered with `pending`. Inserts
  /// barriers only when `insert`: the fixed point of a loop is found first.
  PendingAccesses processRegion(Region &region, const PendingAccesses &pending,
                                bool insert) {
    PendingAccesses atEnd;
    for (Block &block : region) {
      PendingAccesses current = pending;
      for (Operation &op : llvm::make_early_inc_range(block))
        processOp(&op, current, insert);
      atEnd.merge(current);
    }
    return atEnd;
  }

  void barrierBefore(Operation *op, PendingAccesses &pending, bool insert) {
    if (pipelinedLoop && pipelinedLoop->isProperAncestor(op)) {
      if (insert) {
        op->emitError("this shared memory access conflicts with an earlier "
                      "one of the same warp pipeline stage (or one no "
                      "border orders): a barrier between them would be "
                      "inside the stage; split the stage there");
        pipelineFailed = true;
      }
      pending.clear();
      return;
    }
    if (insert && ++inserted != testDropBarrier) {
      OpBuilder builder(op);
      gluon::BarrierOp::create(builder, op->getLoc());
    }
    pending.clear();
  }

  /// The barriers inserted so far, for test-drop-barrier.
  unsigned inserted = 0;

  void processOp(Operation *op, PendingAccesses &pending, bool insert) {
    if (isa<gluon::BarrierOp>(op)) {
      pending.clear();
      return;
    }
    if (isa<gluon::WarpPipelineBorderOp>(op)) {
      if (op->hasAttr(gluon::kOrdersLdsAttrName))
        pending.clear();
      return;
    }
    if (auto loop = dyn_cast<scf::ForOp>(op);
        loop && !gluon::getPipelineBorders(*loop.getBody()).empty()) {
      processPipelinedLoop(loop, pending, insert);
      return;
    }
    if (isa<gluon::AsyncCommitGroupOp>(op)) {
      pending.commitCopies();
      return;
    }
    if (auto wait = dyn_cast<gluon::AsyncWaitGroupOp>(op)) {
      pending.waitCopies(wait.getPendings());
      return;
    }
    if (isScratchUser(op)) {
      if (pending.conflictsWith({Buffer::scratch(), /*isWrite=*/true}))
        barrierBefore(op, pending, insert);
      // The op's own barrier orders everything before its reads.
      pending.clear();
      pending.add({Buffer::scratch(), /*isWrite=*/false});
      return;
    }
    // One thread arrives on an mbarrier for all of them: what the others
    // accessed before must be complete first, or a task waiting on the
    // barrier could overwrite what they still read (or read what they
    // have not written yet).
    if (isa<gluon::ArriveBarrierOp>(op) && pending.anyData())
      barrierBefore(op, pending, insert);
    SmallVector<Access> accesses = getAccesses(op);
    for (const Access &access : accesses)
      if (pending.conflictsWith(access)) {
        barrierBefore(op, pending, insert);
        break;
      }
    for (const Access &access : accesses)
      if (access.staysPending)
        pending.add(access);
    if (gluon::getAsyncCopyDestination(op))
      pending.startCopy(accesses.front());
    if (op->getNumRegions() == 0 || !usesSharedMemory(op))
      return;
    if (isa<gluon::WarpSpecializeOp>(op)) {
      // The lowering's dispatch barrier orders everything before the op
      // for every task, and its join orders every task's accesses before
      // what follows. Tasks order their accesses to each other with
      // mbarriers: a CTA barrier cannot, as it would wait for them all.
      for (Region &region : op->getRegions())
        processRegion(region, PendingAccesses(), insert);
      pending.clear();
      return;
    }

    PendingAccesses entry = pending;
    if (isa<LoopLikeOpInterface>(op) || isa<scf::WhileOp>(op)) {
      // Each iteration starts with what the previous one left.
      while (true) {
        PendingAccesses next = entry;
        for (Region &region : op->getRegions())
          next.merge(processRegion(region, entry, /*insert=*/false));
        if (next == entry)
          break;
        entry = next;
      }
    }
    PendingAccesses after = entry;
    for (Region &region : op->getRegions())
      after.merge(processRegion(region, entry, insert));
    pending = after;
  }
};

} // namespace
