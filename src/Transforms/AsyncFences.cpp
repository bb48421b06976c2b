//===- AsyncFences.cpp - Threads' stores and the async proxy --------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The fence is the kernel's to write (Gluon's rule): what threads store
// (cp.async included: it writes through the generic proxy) reaches the
// async proxy only through fence_async_shared. The pass follows the stores
// not yet fenced, walking the program as the barrier pass does: a TMA
// store or warpgroup MMA reading a buffer that one of them certainly wrote
// (on every path to it) is an error; one that may have (a loop's previous
// iteration, one branch of an `if`) a warning.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Transforms/MemoryAccesses.h"
#include "gluonc/Transforms/Passes.h"

#include "gluonc/IR/Async.h"
#include "gluonc/IR/NvidiaOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <map>
#include <set>

namespace gluonc {
#define GEN_PASS_DEF_GLUONCHECKASYNCFENCES
#include "gluonc/Transforms/Passes.h.inc"
} // namespace gluonc

using namespace mlir;
using namespace gluonc;

namespace {

/// The shared memory stores made since the last fence_async_shared, each
/// with whether it happened on every path to here.
class UnfencedStores {
public:
  void add(Operation *store) { stores[store] = true; }
  void clear() { stores.clear(); }
  /// Both paths' stores: certain where both are.
  void mergeBranch(const UnfencedStores &other) {
    for (auto &[store, certain] : stores)
      certain = certain && other.isCertain(store);
    for (const auto &[store, certain] : other.stores)
      stores.try_emplace(store, false);
  }
  /// Stores another path (a back edge) may add: possible, not certain.
  void mergePossible(const UnfencedStores &other) {
    for (const auto &[store, certain] : other.stores)
      stores.try_emplace(store, false);
  }
  bool operator==(const UnfencedStores &other) const {
    return stores == other.stores;
  }
  const std::map<Operation *, bool> &get() const { return stores; }

private:
  bool isCertain(Operation *store) const {
    auto it = stores.find(store);
    return it != stores.end() && it->second;
  }
  std::map<Operation *, bool> stores;
};

/// The buffer a store of threads writes (through the generic proxy: a
/// cp.async is one too), or null for other ops.
Value getStoredDescriptor(Operation *op) {
  if (auto store = dyn_cast<gluon::LocalStoreOp>(op))
    return store.getDst();
  if (Value dst = gluon::getAsyncCopyDestination(op))
    return dst;
  if (auto alloc = dyn_cast<gluon::LocalAllocOp>(op))
    return alloc.getSrc() ? alloc.getResult() : Value();
  return {};
}

/// Walks a function as the barrier pass does, reporting async-proxy reads
/// of unfenced stores when `report`; returns false after an error.
class FenceChecker {
public:
  bool run(func::FuncOp func) {
    processRegion(func.getBody(), UnfencedStores(), /*report=*/true);
    return !failed;
  }

private:
  UnfencedStores processRegion(Region &region, const UnfencedStores &entry,
                               bool report) {
    if (region.empty())
      return entry;
    UnfencedStores atEnd;
    bool first = true;
    for (Block &block : region) {
      UnfencedStores current = entry;
      for (Operation &op : block)
        processOp(&op, current, report);
      if (first)
        atEnd = current;
      else
        atEnd.mergeBranch(current);
      first = false;
    }
    return atEnd;
  }

  void check(Operation *reader, Value descriptor, const UnfencedStores &state,
             bool report) {
    if (!report)
      return;
    Buffer read = Buffer::of(descriptor);
    for (const auto &[store, certain] : state.get()) {
      if (!Buffer::of(getStoredDescriptor(store)).mayAlias(read) ||
          !reported.insert({reader, store}).second)
        continue;
      std::string what = isa<gluon::WarpgroupMmaOp>(reader) ? "a warpgroup_mma"
                                                            : "a TMA store";
      if (certain) {
        InFlightDiagnostic diag =
            reader->emitError(what + " reads shared memory that threads "
                                     "stored without fence_async_shared() "
                                     "after the store: the async proxy may "
                                     "not see the values");
        diag.attachNote(store->getLoc())
            << "the store; call fence_async_shared() after it, before "
            << (isa<gluon::WarpgroupMmaOp>(reader) ? "the warpgroup_mma"
                                                   : "the TMA store");
        failed = true;
      } else {
        reader->emitWarning(what + " may read shared memory that threads "
                                   "stored without fence_async_shared() after "
                                   "the store (on some path: a loop's earlier "
                                   "iteration or one branch)")
                .attachNote(store->getLoc())
            << "the store";
      }
    }
  }

  void processOp(Operation *op, UnfencedStores &state, bool report) {
    if (isa<gluon::FenceAsyncSharedOp>(op)) {
      state.clear();
      return;
    }
    if (getStoredDescriptor(op)) {
      state.add(op);
      return;
    }
    if (auto store = dyn_cast<gluon::AsyncTMAStoreOp>(op)) {
      check(op, store.getSrc(), state, report);
      return;
    }
    if (auto mma = dyn_cast<gluon::WarpgroupMmaOp>(op)) {
      if (isa<gluon::MemDescType>(mma.getA().getType()))
        check(op, mma.getA(), state, report);
      check(op, mma.getB(), state, report);
      return;
    }
    if (op->getNumRegions() == 0)
      return;
    UnfencedStores entry = state;
    if (isa<LoopLikeOpInterface>(op) || isa<scf::WhileOp>(op)) {
      // The previous iteration's stores may reach the body.
      while (true) {
        UnfencedStores next = entry;
        for (Region &region : op->getRegions())
          next.mergePossible(processRegion(region, entry, /*report=*/false));
        if (next == entry)
          break;
        entry = next;
      }
    }
    UnfencedStores after = entry;
    bool first = true;
    for (Region &region : op->getRegions()) {
      UnfencedStores exit = processRegion(region, entry, report);
      if (first)
        after = exit;
      else
        after.mergeBranch(exit);
      first = false;
    }
    // A loop may run no iteration.
    if (isa<LoopLikeOpInterface>(op) || isa<scf::WhileOp>(op))
      after.mergeBranch(entry);
    state = after;
  }

  std::set<std::pair<Operation *, Operation *>> reported;
  bool failed = false;
};

class CheckAsyncFencesPass
    : public gluonc::impl::GluonCheckAsyncFencesBase<CheckAsyncFencesPass> {
  void runOnOperation() override {
    bool fenced = true;
    getOperation().walk([&](func::FuncOp func) {
      fenced = FenceChecker().run(func) && fenced;
    });
    if (!fenced)
      signalPassFailure();
  }
};

} // namespace
