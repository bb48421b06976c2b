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
//
// The fence itself is the kernel's to write (Gluon's rule): what threads
// store (cp.async included: it writes through the generic proxy) reaches
// the async proxy only through fence_async_shared. The pass also follows
// the stores not yet fenced: a TMA store or warpgroup MMA
// reading a buffer that one of them certainly wrote (on every path to it)
// is an error; one that may have (a loop's previous iteration, one branch
// of an `if`) a warning.
//
// Warp pipelines (AMD): a loop whose body holds gluon.warp_pipeline_border
// ops runs its stages in two wave groups one stage apart, meeting only at
// the borders. The pass plans which borders also order LDS from each
// stage's accesses (gluonc::planInterWave, which accounts for the groups'
// lag) and marks them; both groups enter the loop with nothing pending;
// inside the loop an LDS-ordering border clears what is pending and no
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

#include "gluonc/Transforms/SharedMemory.h"

#include "gluonc/IR/Async.h"
#include "gluonc/IR/MemDesc.h"
#include "gluonc/IR/NvidiaOps.h"
#include "gluonc/IR/WarpPipeline.h"
#include "gluonc/IR/WarpSpecialize.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <limits>
#include <map>
#include <set>
#include <tuple>
#include <vector>

using namespace mlir;
using namespace gluonc;

gluon::LocalAllocOp gluonc::getAllocation(Value descriptor) {
  // A partition sees a buffer through its capture.
  if (Value captured = gluon::getCapturedValue(descriptor))
    return getAllocation(captured);
  Operation *def = descriptor.getDefiningOp();
  if (auto alloc = dyn_cast_or_null<gluon::LocalAllocOp>(def))
    return alloc;
  if (!isa_and_nonnull<gluon::MemDescIndexOp, gluon::MemDescSubsliceOp,
                       gluon::MemDescPermuteOp, gluon::MemDescReshapeOp>(def))
    return {};
  return getAllocation(def->getOperand(0));
}

namespace {

/// Elements from the allocation's start to the first element of the view
/// `descriptor`, when the views leading to it have constant offsets.
std::optional<int64_t> getViewOrigin(Value descriptor) {
  if (Value captured = gluon::getCapturedValue(descriptor))
    return getViewOrigin(captured);
  Operation *def = descriptor.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (isa<gluon::LocalAllocOp>(def))
    return 0;
  if (!isa<gluon::MemDescIndexOp, gluon::MemDescSubsliceOp,
           gluon::MemDescPermuteOp, gluon::MemDescReshapeOp>(def))
    return std::nullopt;
  Value src = def->getOperand(0);
  std::optional<int64_t> origin = getViewOrigin(src);
  if (!origin)
    return std::nullopt;
  auto srcType = cast<gluon::MemDescType>(src.getType());
  if (auto index = dyn_cast<gluon::MemDescIndexOp>(def)) {
    APInt value;
    if (!matchPattern(index.getIndex(), m_ConstantInt(&value)))
      return std::nullopt;
    return *origin + value.getSExtValue() * gluon::getIndexStride(srcType);
  }
  if (auto slice = dyn_cast<gluon::MemDescSubsliceOp>(def))
    return *origin + gluon::getSubsliceOffset(srcType, slice.getOffsets());
  return origin;
}

/// Elements from a view's first element past its last one.
int64_t getViewExtent(gluon::MemDescType type) {
  SharedLayout layout = type.getSharedLayout();
  int64_t bits = 0;
  for (unsigned d = 0; d < type.getRank(); ++d)
    for (unsigned bit = 0; (int64_t(1) << bit) < type.getShape()[d]; ++bit)
      bits |= layout.getCoordBitOffset(d, bit);
  return layout.pad(bits) + 1;
}

} // namespace

std::optional<std::pair<int64_t, int64_t>>
gluonc::getViewElements(Value descriptor) {
  std::optional<int64_t> origin = getViewOrigin(descriptor);
  if (!origin)
    return std::nullopt;
  return std::make_pair(
      *origin,
      *origin + getViewExtent(cast<gluon::MemDescType>(descriptor.getType())));
}

namespace {

/// The memory one access touches: elements [begin, end) of an allocation,
/// the scratch area, or an unknown allocation.
struct Buffer {
  enum Kind { Allocation, Scratch, Unknown } kind = Unknown;
  /// For Allocation, the gluon.local_alloc.
  Operation *alloc = nullptr;
  int64_t begin = 0;
  int64_t end = 0;
  /// For a placed allocation (the allocation pass ran), the bytes of the
  /// program's shared memory the elements take; allocations whose live
  /// ranges are disjoint may share bytes.
  std::optional<std::pair<int64_t, int64_t>> bytes;

  static Buffer of(Value descriptor) {
    gluon::LocalAllocOp alloc = getAllocation(descriptor);
    Buffer buffer;
    if (!alloc)
      return buffer;
    buffer.kind = Allocation;
    buffer.alloc = alloc;
    buffer.end = alloc.getType().getSharedLayout().getAllocationElements();
    // A view at a known place touches only its part: accesses to the two
    // buffers of a double-buffered allocation do not race.
    if (auto elements = getViewElements(descriptor))
      std::tie(buffer.begin, buffer.end) = *elements;
    if (auto offset =
            alloc->getAttrOfType<IntegerAttr>(kAllocationOffsetAttrName)) {
      int64_t elementBytes = getElementBytes(alloc.getType().getElementType());
      buffer.bytes = {offset.getInt() + buffer.begin * elementBytes,
                      offset.getInt() + buffer.end * elementBytes};
    }
    return buffer;
  }
  static Buffer scratch() {
    Buffer buffer;
    buffer.kind = Scratch;
    return buffer;
  }

  bool mayAlias(const Buffer &other) const {
    if (kind == Scratch || other.kind == Scratch)
      return kind == other.kind;
    if (kind == Unknown || other.kind == Unknown)
      return true;
    if (bytes && other.bytes)
      return bytes->first < other.bytes->second &&
             other.bytes->first < bytes->second;
    return alloc == other.alloc && begin < other.end && other.begin < end;
  }
  auto key() const { return std::make_tuple(int(kind), alloc, begin, end); }
};

struct Access {
  Buffer buffer;
  bool isWrite = false;
  /// Whether later accesses must be ordered after this one by a barrier;
  /// false for what an async copy writes (the mbarrier orders it).
  bool staysPending = true;
  /// An access of an mbarrier op to its barrier object.
  bool onMBarrier = false;

  // onMBarrier is part of the key: a data read of a buffer the pass
  // cannot place must not merge with an mbarrier read of one (both Unknown)
  // and vanish from anyData().
  bool operator<(const Access &other) const {
    return std::make_tuple(buffer.key(), isWrite, onMBarrier) <
           std::make_tuple(other.buffer.key(), other.isWrite,
                           other.onMBarrier);
  }
  bool operator==(const Access &other) const {
    return !(*this < other) && !(other < *this);
  }
};

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

/// The shared memory accesses `op` makes itself, outside its regions.
SmallVector<Access> getAccesses(Operation *op) {
  if (auto alloc = dyn_cast<gluon::LocalAllocOp>(op)) {
    if (alloc.getSrc())
      return {{Buffer::of(alloc.getResult()), /*isWrite=*/true}};
    return {};
  }
  if (auto store = dyn_cast<gluon::LocalStoreOp>(op))
    return {{Buffer::of(store.getDst()), /*isWrite=*/true}};
  if (auto load = dyn_cast<gluon::LocalLoadOp>(op))
    return {{Buffer::of(load.getSrc()), /*isWrite=*/false}};
  if (isa<gluon::InitBarrierOp, gluon::InvalidateBarrierOp>(op))
    return {{Buffer::of(op->getOperand(0)), /*isWrite=*/true,
             /*staysPending=*/true, /*onMBarrier=*/true}};
  if (isa<gluon::BarrierExpectOp, gluon::ArriveBarrierOp,
          gluon::WaitBarrierOp>(op))
    return {{Buffer::of(op->getOperand(0)), /*isWrite=*/false,
             /*staysPending=*/true, /*onMBarrier=*/true}};
  if (auto load = dyn_cast<gluon::AsyncTMALoadOp>(op))
    return {{Buffer::of(load.getBarrier()), /*isWrite=*/false,
             /*staysPending=*/true, /*onMBarrier=*/true},
            {Buffer::of(load.getDst()), /*isWrite=*/true,
             /*staysPending=*/false}};
  // Pending only once a wait_group retires it (PendingAccesses::startCopy).
  if (Value dst = gluon::getAsyncCopyDestination(op))
    return {{Buffer::of(dst), /*isWrite=*/true, /*staysPending=*/false}};
  if (auto store = dyn_cast<gluon::AsyncTMAStoreOp>(op))
    return {{Buffer::of(store.getSrc()), /*isWrite=*/false}};
  if (auto mma = dyn_cast<gluon::WarpgroupMmaOp>(op)) {
    SmallVector<Access> reads = {{Buffer::of(mma.getB()), /*isWrite=*/false}};
    if (isa<gluon::MemDescType>(mma.getA().getType()))
      reads.push_back({Buffer::of(mma.getA()), /*isWrite=*/false});
    return reads;
  }
  return {};
}

bool isScratchUser(Operation *op) {
  return op->hasAttr(kScratchOffsetAttrName);
}

/// Whether `op` or anything nested in it touches shared memory or retires
/// async copies.
bool usesSharedMemory(Operation *op) {
  return op
      ->walk([](Operation *nested) {
        return isScratchUser(nested) || !getAccesses(nested).empty() ||
                       isa<gluon::AsyncCommitGroupOp, gluon::AsyncWaitGroupOp>(
                           nested)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

//===----------------------------------------------------------------------===//
// Fences between threads' stores and the async proxy
//===----------------------------------------------------------------------===//

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
      std::string what = isa<gluon::WarpgroupMmaOp>(reader)
                             ? "a warpgroup_mma"
                             : "a TMA store";
      if (certain) {
        InFlightDiagnostic diag =
            reader->emitError(what + " reads shared memory that threads "
                                     "stored without fence_async_shared() "
                                     "after the store: the async proxy may "
                                     "not see the values");
        diag.attachNote(store->getLoc()) << "the store";
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

class InsertBarriersPass
    : public PassWrapper<InsertBarriersPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(InsertBarriersPass)

  explicit InsertBarriersPass(std::vector<LoopSchedule> *schedules = nullptr)
      : schedules(schedules) {}

  StringRef getArgument() const override { return "gluon-insert-barriers"; }
  StringRef getDescription() const override {
    return "Insert barriers between shared memory accesses that could race";
  }

  void runOnOperation() override {
    bool fenced = true;
    getOperation().walk([&](func::FuncOp func) {
      fenced = FenceChecker().run(func) && fenced;
      processRegion(func.getBody(), PendingAccesses(), /*insert=*/true);
    });
    if (!fenced || pipelineFailed)
      signalPassFailure();
  }

private:
  std::vector<LoopSchedule> *schedules;
  /// The warp-pipelined loop whose body is being walked: no barrier may
  /// be inserted there (one would pair with another group's border), so a
  /// conflict left after the planned borders is an error.
  Operation *pipelinedLoop = nullptr;
  bool pipelineFailed = false;

  /// Plans the borders of a pipelined loop (once: outer loops walk it
  /// several times) and records its schedule.
  void planPipeline(scf::ForOp loop,
                    ArrayRef<gluon::WarpPipelineBorderOp> borders) {
    if (loop->hasAttr(gluon::kGroupWavesAttrName))
      return;
    std::vector<InterWaveStage> stages;
    for (size_t index = 0; index < borders.size(); ++index) {
      InterWaveStage stage;
      gluon::WarpPipelineBorderOp border = borders[index];
      stage.label = border.getLabel().str();
      if (std::optional<int32_t> priority = border.getPriority())
        stage.priority = unsigned(*priority);
      for (Operation *op : gluon::getStageOps(borders, index))
        op->walk([&](Operation *nested) {
          if (isScratchUser(nested)) {
            nested->emitError("a reduction, scan or layout conversion "
                              "through shared memory cannot be inside a "
                              "warp pipeline stage: it waits at a barrier "
                              "of its own");
            pipelineFailed = true;
          }
          for (const Access &access : getAccesses(nested))
            stage.lds.push_back(getLdsBytes(access));
        });
      stages.push_back(std::move(stage));
    }
    unsigned numWaves = gluon::getKernelNumWarps(loop);
    auto planned = planInterWave(stages, numWaves);
    if (auto *error = std::get_if<PipelineError>(&planned)) {
      Operation *at = loop;
      if (error->stage)
        at = gluon::WarpPipelineBorderOp(borders[*error->stage]).getOperation();
      at->emitError(error->message);
      pipelineFailed = true;
      return;
    }
    InterWavePlan &plan = std::get<InterWavePlan>(planned);
    Builder builder(loop.getContext());
    loop->setAttr(gluon::kGroupWavesAttrName,
                  builder.getI32IntegerAttr(
                      numWaves > plan.groupWaves ? plan.groupWaves : 0));
    if (!plan.priorities.empty())
      loop->setAttr(gluon::kFirstPriorityAttrName,
                    builder.getI32IntegerAttr(plan.priorities[0]));
    // Border k ends stage k: the barrier before stage k + 1 (wrapping).
    for (size_t k = 0; k < borders.size(); ++k) {
      size_t next = (k + 1) % borders.size();
      if (plan.borders[next] == BorderKind::LdsOrdering)
        borders[k]->setAttr(gluon::kOrdersLdsAttrName, builder.getUnitAttr());
      if (!plan.priorities.empty())
        borders[k]->setAttr(gluon::kNextPriorityAttrName,
                            builder.getI32IntegerAttr(plan.priorities[next]));
    }
    if (schedules) {
      unsigned line = 0;
      if (auto fileLoc = loop.getLoc()->findInstanceOf<FileLineColLoc>())
        line = fileLoc.getLine();
      schedules->push_back({line, std::move(stages), std::move(plan), {}});
    }
  }

  /// The LDS bytes an access touches; all of them when the pass cannot
  /// place it.
  static LdsAccess getLdsBytes(const Access &access) {
    if (access.buffer.bytes)
      return {access.buffer.bytes->first, access.buffer.bytes->second,
              access.isWrite};
    return {0, std::numeric_limits<int64_t>::max(), access.isWrite};
  }

  /// A warp-pipelined loop: both groups enter it with nothing pending (a
  /// barrier before it), its borders order what the plan says, and nothing
  /// is inserted inside it.
  void processPipelinedLoop(scf::ForOp loop, PendingAccesses &pending,
                            bool insert) {
    SmallVector<gluon::WarpPipelineBorderOp> borders =
        gluon::getPipelineBorders(*loop.getBody());
    planPipeline(loop, borders);
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
    if (insert) {
      OpBuilder builder(op);
      gluon::BarrierOp::create(builder, op->getLoc());
    }
    pending.clear();
  }

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

std::unique_ptr<Pass>
gluonc::createInsertBarriersPass(std::vector<LoopSchedule> *schedules) {
  return std::make_unique<InsertBarriersPass>(schedules);
}
