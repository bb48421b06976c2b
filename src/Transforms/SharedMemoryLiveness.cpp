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
//    the kernel waits on, or invalidates, the load's mbarrier; a warpgroup
//    MMA reads its shared operands until warpgroup_mma_wait(0); a TMA store
//    reads its source until tma.store_wait(0). The range reaches the first
//    such op after the use, in the use's block or a block around it; the
//    end of the kernel where there is none;
//  - a range that leaves a loop containing the allocation covers the whole
//    loop: the next iteration's accesses come before the allocation op;
//  - a view that leaves what the analysis follows (a block argument, a
//    call, a yield) keeps the allocation live for the whole kernel.
// Allocations whose ranges are disjoint may share bytes (AllocateShared-
// Memory places them); the barrier pass then orders the last accesses of
// one before the first of the next by their byte ranges.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Transforms/SharedMemory.h"

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

bool isView(Operation *op) {
  return isa<gluon::MemDescIndexOp, gluon::MemDescSubsliceOp,
             gluon::MemDescPermuteOp, gluon::MemDescReshapeOp>(op);
}

/// The barrier allocation an mbarrier operand views; null when unknown.
Operation *getBarrierAllocation(Value barrier) {
  return getAllocation(barrier).getOperation();
}

/// Whether `candidate` ends the asynchronous access `user` makes of a
/// buffer, so that the buffer's bytes are free after it.
bool endsAsyncAccess(Operation *candidate, Operation *user) {
  if (auto load = dyn_cast<gluon::AsyncTMALoadOp>(user)) {
    if (!isa<gluon::WaitBarrierOp, gluon::InvalidateBarrierOp>(candidate))
      return false;
    Operation *barrier = getBarrierAllocation(load.getBarrier());
    return barrier &&
           barrier == getBarrierAllocation(candidate->getOperand(0));
  }
  if (isa<gluon::WarpgroupMmaOp>(user))
    if (auto wait = dyn_cast<gluon::WarpgroupMmaWaitOp>(candidate))
      return wait.getPendings() == 0;
  if (isa<gluon::AsyncTMAStoreOp>(user))
    if (auto wait = dyn_cast<gluon::TMAStoreWaitOp>(candidate))
      return wait.getPendings() == 0;
  return false;
}

/// Whether `user` accesses shared memory after it has run.
bool isAsyncAccess(Operation *user) {
  return isa<gluon::AsyncTMALoadOp, gluon::WarpgroupMmaOp,
             gluon::AsyncTMAStoreOp>(user);
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
    // A range that leaves a loop around the allocation covers all of it.
    for (Operation *loop = alloc->getParentOp(); loop;
         loop = loop->getParentOp())
      if (isLoop(loop) && range.last > numbering.getLast(loop))
        range.first = std::min(range.first, numbering.getFirst(loop));
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
      if (isLoop(parent))
        anchor = parent;
    }
    return anchor;
  }

  /// The number of the first op after `anchor` that ends `user`'s
  /// asynchronous access, in `anchor`'s block or one around it; the
  /// kernel's end when there is none.
  int64_t findAsyncEnd(Operation *anchor, Operation *user) {
    for (Operation *op = anchor; op; op = op->getParentOp()) {
      // Only an op of the block itself is sure to run; one nested in a
      // loop or a branch may not.
      for (Operation *next = op->getNextNode(); next;
           next = next->getNextNode())
        if (endsAsyncAccess(next, user))
          return numbering.getFirst(next);
      if (isa<func::FuncOp>(op->getParentOp()))
        break;
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
