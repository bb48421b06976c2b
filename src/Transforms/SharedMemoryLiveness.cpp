//===- SharedMemoryLiveness.cpp - When allocations hold their bytes -------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// An allocation (gluon.local_alloc) holds its bytes from the op that makes
// it to the last access of any view of it. Ops are numbered in program
// order (pre-order, an op with regions spanning its nested ops), and the
// live range is an interval of those numbers, widened where control flow or
// asynchrony makes the textual order too short:
//  - a use inside a loop that does not contain the allocation keeps it live
//    to the end of that loop (the next iteration uses it again);
//  - an asynchronous access goes on after its op: a TMA load writes until
//    the kernel waits on, or invalidates, every mbarrier the load may
//    signal; a warpgroup MMA reads its shared operands until
//    warpgroup_mma_wait(0); a TMA store reads its source until
//    tma.store_wait(0); a cp.async writes until async_wait_group(0). The
//    range reaches the first such op after the use, in the use's block or
//    a block around it (where that op is inside the loop the use was lifted
//    to, the loop's end); the end of the kernel where there is none;
//  - a range that leaves a loop containing the allocation covers the whole
//    loop: the next iteration's accesses come before the allocation op;
//  - the tasks of a gluon.warp_specialize run at the same time: a use in
//    one is a use by the whole op, and an allocation inside one is live
//    for the whole op;
//  - a view that leaves what the analysis follows (a block argument, a
//    call, a yield) keeps the allocation live for the whole kernel.
// Allocations whose ranges are disjoint may share bytes (AllocateShared-
// Memory places them); the barrier pass then orders the last accesses of
// one before the first of the next by their byte ranges.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Transforms/SharedMemory.h"

#include "gluonc/IR/Async.h"
#include "gluonc/IR/MemDesc.h"
#include "gluonc/IR/NvidiaOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace gluonc;

namespace {

bool isLoop(Operation *op) {
  return isa<LoopLikeOpInterface>(op) || isa<scf::WhileOp>(op);
}

bool isView(Operation *op) { return gluon::isMemDescView(op); }

/// The elements of its mbarrier allocation an mbarrier operand views: the
/// whole allocation when the view's place is not constant.
std::pair<int64_t, int64_t> getBarrierElements(Value barrier) {
  if (auto elements = getViewElements(barrier))
    return *elements;
  return {0, getAllocation(barrier)
                 .getType()
                 .getSharedLayout()
                 .getAllocationElements()};
}

/// What ends an asynchronous access, met op by op in program order: for a
/// TMA load, waits on or invalidations of the mbarriers it may signal (all
/// of them, for a ring indexed at run time); for a warpgroup MMA,
/// warpgroup_mma_wait(0); for a TMA store, tma.store_wait(0); for an
/// Ampere async copy (cp.async), async_wait_group(0).
class AsyncEnd {
public:
  explicit AsyncEnd(Operation *user) : user(user) {
    if (auto load = dyn_cast<gluon::AsyncTMALoadOp>(user)) {
      barrier = getAllocation(load.getBarrier());
      if (barrier)
        pending.push_back(getBarrierElements(load.getBarrier()));
    }
  }

  /// Whether the access has ended once `op` has run.
  bool endsAt(Operation *op) {
    if (isa<gluon::AsyncTMALoadOp>(user))
      return barrier && retireBarrier(op);
    if (isa<gluon::WarpgroupMmaOp>(user))
      if (auto wait = dyn_cast<gluon::WarpgroupMmaWaitOp>(op))
        return wait.getPendings() == 0;
    if (isa<gluon::AsyncTMAStoreOp>(user))
      if (auto wait = dyn_cast<gluon::TMAStoreWaitOp>(op))
        return wait.getPendings() == 0;
    if (gluon::getAsyncCopyDestination(user))
      if (auto wait = dyn_cast<gluon::AsyncWaitGroupOp>(op))
        return wait.getPendings() == 0;
    return false;
  }

private:
  /// Removes the elements `op` waits on or invalidates from those pending;
  /// true when none is left.
  bool retireBarrier(Operation *op) {
    if (!isa<gluon::WaitBarrierOp, gluon::InvalidateBarrierOp>(op) ||
        getAllocation(op->getOperand(0)) != barrier)
      return false;
    auto [begin, end] = getBarrierElements(op->getOperand(0));
    SmallVector<std::pair<int64_t, int64_t>> left;
    for (auto [first, last] : pending) {
      if (first < begin)
        left.push_back({first, std::min(last, begin)});
      if (last > end)
        left.push_back({std::max(first, end), last});
    }
    pending = std::move(left);
    return pending.empty();
  }

  Operation *user;
  gluon::LocalAllocOp barrier;
  /// Barrier elements the load may signal that no wait has retired yet.
  SmallVector<std::pair<int64_t, int64_t>> pending;
};

/// Whether `user` accesses shared memory after it has run.
bool isAsyncAccess(Operation *user) {
  return isa<gluon::AsyncTMALoadOp, gluon::WarpgroupMmaOp,
             gluon::AsyncTMAStoreOp>(user) ||
         gluon::getAsyncCopyDestination(user);
}

/// Program-order numbers of the ops of one function: an op's first number
/// is its own, its last that of its last nested op (its own without any).
class OpNumbering {
public:
  explicit OpNumbering(func::FuncOp func) {
    func.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
      first[op] = next++;
      ops.push_back(op);
    });
    func.getBody().walk<WalkOrder::PostOrder>([&](Operation *op) {
      int64_t end = first[op];
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (!block.empty())
            end = std::max(end, last[&block.back()]);
      last[op] = end;
    });
  }

  int64_t getFirst(Operation *op) const { return first.lookup(op); }
  int64_t getLast(Operation *op) const { return last.lookup(op); }
  int64_t getEnd() const { return next - 1; }
  Operation *getOp(int64_t number) const { return ops[number]; }

private:
  llvm::DenseMap<Operation *, int64_t> first, last;
  std::vector<Operation *> ops;
  int64_t next = 0;
};

/// The live range of allocations in one function.
class LivenessBuilder {
public:
  explicit LivenessBuilder(func::FuncOp func) : numbering(func) {}

  LiveRange get(gluon::LocalAllocOp alloc) {
    LiveRange range{numbering.getFirst(alloc), numbering.getFirst(alloc)};
    if (!addUses(alloc.getResult(), alloc, range))
      range = {0, numbering.getEnd()};
    range.lastOp = numbering.getOp(range.last);
    // A range that leaves a loop around the allocation covers all of it;
    // an allocation inside a task lives as long as the warp_specialize,
    // whose tasks run at the same time.
    for (Operation *loop = alloc->getParentOp(); loop;
         loop = loop->getParentOp()) {
      if (isLoop(loop) && range.last > numbering.getLast(loop))
        range.first = std::min(range.first, numbering.getFirst(loop));
      if (isa<gluon::WarpSpecializeOp>(loop)) {
        range.first = std::min(range.first, numbering.getFirst(loop));
        range.last = std::max(range.last, numbering.getLast(loop));
      }
    }
    return range;
  }

private:
  /// Adds the uses of `descriptor` (a view of `alloc`) to `range`; false
  /// when a view leaves what is followed.
  bool addUses(Value descriptor, gluon::LocalAllocOp alloc,
               LiveRange &range) {
    for (OpOperand &use : descriptor.getUses()) {
      Operation *user = use.getOwner();
      if (isView(user) && use.getOperandNumber() == 0) {
        if (!addUses(user->getResult(0), alloc, range))
          return false;
        continue;
      }
      // Passed into a region (a loop's initial value), out of one (a
      // yield) or to a call: the accesses are not followed from here.
      if (user->getNumRegions() > 0 ||
          user->hasTrait<OpTrait::IsTerminator>() ||
          isa<CallOpInterface>(user))
        return false;
      Operation *anchor = liftOutOfLoops(user, alloc);
      int64_t last = numbering.getLast(anchor);
      if (isAsyncAccess(user))
        last = findAsyncEnd(anchor, user);
      range.last = std::max(range.last, last);
    }
    return true;
  }

  /// `user`, or the outermost loop around it that is not around `alloc`.
  static Operation *liftOutOfLoops(Operation *user,
                                   gluon::LocalAllocOp alloc) {
    Operation *anchor = user;
    for (Operation *parent = user->getParentOp(); parent;
         parent = parent->getParentOp()) {
      if (parent->isAncestor(alloc))
        break;
      // A use inside a task is one of the warp_specialize: the other tasks
      // run beside it.
      if (isLoop(parent) || isa<gluon::WarpSpecializeOp>(parent))
        anchor = parent;
    }
    return anchor;
  }

  /// Where `user`'s asynchronous access ends: the first op after it that
  /// ends it, in its block or one around it (an op nested in a loop or a
  /// branch may not run); the kernel's end when there is none. A use in a
  /// loop whose end comes inside `anchor`, the loop the range is lifted to,
  /// ends with that loop: every iteration's access ended in it.
  int64_t findAsyncEnd(Operation *anchor, Operation *user) {
    AsyncEnd end(user);
    for (Operation *op = user; op && !isa<func::FuncOp>(op);
         op = op->getParentOp()) {
      for (Operation *next = op->getNextNode(); next;
           next = next->getNextNode())
        if (end.endsAt(next))
          return anchor->isProperAncestor(next)
                     ? numbering.getLast(anchor)
                     : numbering.getFirst(next);
    }
    return numbering.getEnd();
  }

  OpNumbering numbering;
};

} // namespace

llvm::DenseMap<Operation *, LiveRange>
gluonc::computeAllocationLiveness(func::FuncOp func) {
  LivenessBuilder builder(func);
  llvm::DenseMap<Operation *, LiveRange> ranges;
  func.walk([&](gluon::LocalAllocOp alloc) {
    ranges[alloc] = builder.get(alloc);
  });
  return ranges;
}
