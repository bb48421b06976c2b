//===- ResolveAutoLayouts.cpp - Gluon's layout inference ------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every tensor in #gluon.auto is an unknown; each gluon.set_auto_layout
// fixes its source's. A worklist of ops carries the known layouts across
// the relation each op imposes on its tensors until nothing changes:
//   - elementwise ops, splat, broadcast, addptr, load, store: one layout
//     for every tensor of the op;
//   - expand_dims: the source is the result's layout sliced along the axis
//     (backwards), the result the source's parent (forwards); reduce: the
//     reverse (a tensor result is the sources' layout sliced), and a scan
//     keeps its sources' layout;
//   - scf.for: an init value, its iteration argument, the loop's result
//     and the yielded value share one; scf.if: a result and what each
//     branch yields.
// Pointers in #gluon.auto<coalesced> (gl.CoalescedLayout) are unknowns
// too, and once set_auto_layout's layouts are carried everywhere, a load
// or store through them is a seed: the BlockedLayout Triton's coalescing
// would give the access (getCoalescedLayout), one access at a time in
// program order, each carried everywhere before the next, so that an
// access its predecessors reached keeps their layout.
// Each unknown remembers the op its layout came from, so a conflict
// names both. A tensor no set_auto_layout reaches, and an op that
// none of these rules covers, are errors at their source. The types are
// then rewritten in place and the set_auto_layout ops erased. Unused
// tensors in #gluon.auto without side effects are erased first. Upstream
// Gluon resolves its AutoLayout after inlining the same way; gluonc's
// frontend has inlined every call already.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Transforms/Passes.h"

#include "gluonc/IR/Dialect.h"
#include "gluonc/IR/WarpSpecialize.h"
#include "gluonc/Layout/LinearLayout.h"
#include "gluonc/Transforms/AxisInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <algorithm>
#include <optional>

namespace gluonc {
#define GEN_PASS_DEF_GLUONRESOLVEAUTOLAYOUTS
#include "gluonc/Transforms/Passes.h.inc"
} // namespace gluonc

using namespace mlir;
using namespace mlir::gluon;

namespace {

/// How an op relates the layouts of its tensors.
enum class Relation {
  Unsupported,
  SameLayout,
  ExpandDims,
  Reduce,
  For,
  If,
  Yield
};

Relation getRelation(Operation *op) {
  if (isa<ExpandDimsOp>(op))
    return Relation::ExpandDims;
  if (isa<ReduceOp>(op))
    return Relation::Reduce;
  if (isa<scf::ForOp>(op))
    return Relation::For;
  if (isa<scf::IfOp>(op))
    return Relation::If;
  if (isa<scf::YieldOp>(op))
    return isa<scf::ForOp, scf::IfOp>(op->getParentOp())
               ? Relation::Yield
               : Relation::Unsupported;
  // A set_auto_layout's source is fixed by its result, which is not auto.
  if (op->hasTrait<mlir::OpTrait::Elementwise>() ||
      isa<arith::ConstantOp, ArangeOp, SplatOp, BroadcastOp, AddPtrOp, LoadOp,
          StoreOp, FpToFpOp, ExternElementwiseOp, SetAutoLayoutOp, ScanOp>(op))
    return Relation::SameLayout;
  return Relation::Unsupported;
}

/// The op a value's layout constrains besides its users: its defining op,
/// or the op whose region holds the block it is an argument of.
Operation *getOwner(Value value) {
  if (Operation *op = value.getDefiningOp())
    return op;
  return cast<BlockArgument>(value).getOwner()->getParentOp();
}

bool usesAutoLayout(Operation *op) {
  auto isAuto = [](Value value) { return hasAutoLayout(value.getType()); };
  if (llvm::any_of(op->getOperands(), isAuto) ||
      llvm::any_of(op->getResults(), isAuto))
    return true;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (llvm::any_of(block.getArguments(), isAuto))
        return true;
  return false;
}

/// The pointers of a load or store that are in #gluon.auto<coalesced>;
/// null otherwise.
Value getCoalescedPointers(Operation *op) {
  Value ptr;
  if (auto load = dyn_cast<LoadOp>(op))
    ptr = load.getPtr();
  else if (auto store = dyn_cast<StoreOp>(op))
    ptr = store.getPtr();
  auto type = ptr ? dyn_cast<RankedTensorType>(ptr.getType()) : nullptr;
  auto layout = type ? dyn_cast<AutoLayoutAttr>(type.getEncoding()) : nullptr;
  return layout && layout.getCoalesced() ? ptr : Value();
}

/// The BlockedLayout that makes the accesses through `ptr` widest and
/// coalesced, as Triton's coalescing chooses it: dimensions ordered by the
/// contiguity AxisInfo proves (ties row-major), each thread as many
/// contiguous elements of the fastest one as alignment, 16 bytes and the
/// tensor's share per thread allow, then lanes and warps spread in that
/// order. A mask does not narrow it (the access does, where it must).
Attribute getCoalescedLayout(Operation *op, Value ptr,
                             const gluonc::AxisInfoAnalysis &axis) {
  auto type = cast<RankedTensorType>(ptr.getType());
  unsigned rank = type.getRank();
  gluonc::AxisInfo info = axis.getAxisInfo(ptr);
  std::vector<int32_t> order;
  for (int d = static_cast<int>(rank) - 1; d >= 0; --d)
    order.push_back(d);
  auto contiguity = [&](int32_t d) {
    return info.rank() == rank ? info.contiguity[d] : int64_t(1);
  };
  std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
    return contiguity(a) > contiguity(b);
  });
  auto pointee = cast<RankedTensorType>(getPointeeType(type));
  unsigned elementBits = pointee.getElementType().getIntOrFloatBitWidth();
  unsigned elementBytes = std::max(1u, elementBits / 8);
  ModuleOp module = op->getParentOfType<ModuleOp>();
  int64_t warps = getWarpScope(op).numWarps;
  int64_t warpSize =
      module->getAttrOfType<IntegerAttr>(GluonDialect::kThreadsPerWarpAttrName)
          .getInt();
  int64_t perThread = std::min<int64_t>(
      axis.getMaxAccessWidth(ptr, Value(), order[0], elementBytes),
      std::max(1u, 128 / std::max(8u, elementBits)));
  perThread = std::min<int64_t>(
      perThread,
      std::max<int64_t>(1, type.getNumElements() / (warps * warpSize)));
  perThread = std::min<int64_t>(perThread, type.getDimSize(order[0]));
  std::vector<int32_t> sizePerThread(rank, 1);
  sizePerThread[order[0]] = static_cast<int32_t>(perThread);
  std::vector<int32_t> shape(type.getShape().begin(), type.getShape().end());
  gluonc::BlockedLayoutSpec spec =
      gluonc::spreadBlockedLayout(shape, sizePerThread, order, warps, warpSize);
  auto toUnsigned = [](const std::vector<int32_t> &values) {
    return SmallVector<unsigned>(values.begin(), values.end());
  };
  return BlockedLayoutAttr::get(
      op->getContext(), toUnsigned(spec.sizePerThread),
      toUnsigned(spec.threadsPerWarp), toUnsigned(spec.warpsPerCTA),
      toUnsigned(spec.order));
}

class Inference {
public:
  /// Seeds from every set_auto_layout and propagates to a fixed point;
  /// then, one at a time in program order, from each load or store whose
  /// coalesced pointers nothing has given a layout yet.
  LogicalResult run(ModuleOp module) {
    module.walk([&](SetAutoLayoutOp op) {
      if (!failed)
        assign(op.getSrc(), op.getResult().getType().getEncoding(), op, op);
    });
    propagate();
    std::optional<gluonc::AxisInfoAnalysis> axis;
    module.walk([&](Operation *op) {
      Value ptr = getCoalescedPointers(op);
      if (failed || !ptr || layouts.count(ptr))
        return;
      if (!axis)
        axis.emplace(module);
      assign(ptr, getCoalescedLayout(op, ptr, *axis), op, op);
      propagate();
    });
    return LogicalResult::failure(failed);
  }

  /// The inferred layout of `value`; null when nothing reached it.
  Attribute lookup(Value value) const { return layouts.lookup(value); }

  const DenseMap<Value, Attribute> &getLayouts() const { return layouts; }

private:
  void propagate() {
    while (!worklist.empty() && !failed)
      visit(worklist.pop_back_val());
  }

  /// Where a layout came from, for notes.
  static const char *describeSource(Operation *source) {
    return isa<SetAutoLayoutOp>(source) ? "set_auto_layout"
                                        : "access through coalesced pointers";
  }

  /// Gives the unknown `value` `layout`, which came from set_auto_layout
  /// `source`; `at` is where a conflict is reported.
  void assign(Value value, Attribute layout, Operation *source, Operation *at) {
    if (!hasAutoLayout(value.getType()))
      return;
    auto [it, inserted] = layouts.try_emplace(value, layout);
    if (!inserted) {
      if (it->second != layout)
        reportConflict(value, layout, source, at);
      return;
    }
    sources[value] = source;
    worklist.push_back(getOwner(value));
    for (Operation *user : value.getUsers())
      worklist.push_back(user);
  }

  void reportConflict(Value value, Attribute layout, Operation *source,
                      Operation *at) {
    InFlightDiagnostic diag = at->emitError()
                              << "conflicting layouts inferred for a tensor in "
                                 "AutoLayout: "
                              << layoutToString(layouts.lookup(value))
                              << " and " << layoutToString(layout);
    Operation *first = sources.lookup(value);
    diag.attachNote(first->getLoc())
        << "the first comes from this " << describeSource(first);
    diag.attachNote(source->getLoc())
        << "the second from this " << describeSource(source);
    failed = true;
  }

  /// Gives every unknown of `group` the layout of the first known one.
  void tie(ArrayRef<Value> group, Operation *at) {
    for (Value known : group)
      if (Attribute layout = layouts.lookup(known)) {
        for (Value value : group)
          assign(value, layout, sources.lookup(known), at);
        return;
      }
  }

  void visit(Operation *op) {
    switch (getRelation(op)) {
    case Relation::SameLayout: {
      SmallVector<Value> tensors;
      for (Value value :
           llvm::concat<Value>(op->getOperands(), op->getResults()))
        if (hasAutoLayout(value.getType()))
          tensors.push_back(value);
      return tie(tensors, op);
    }
    case Relation::ExpandDims:
      return visitExpandDims(cast<ExpandDimsOp>(op));
    case Relation::Reduce:
      return visitReduce(cast<ReduceOp>(op));
    case Relation::For: {
      auto loop = cast<scf::ForOp>(op);
      Operation *yield = loop.getBody()->getTerminator();
      for (unsigned i = 0, e = loop.getNumResults(); i < e; ++i)
        tie({loop.getInitArgs()[i], loop.getRegionIterArgs()[i],
             loop.getResult(i), yield->getOperand(i)},
            op);
      return;
    }
    case Relation::If: {
      auto branch = cast<scf::IfOp>(op);
      for (unsigned i = 0, e = branch.getNumResults(); i < e; ++i) {
        SmallVector<Value> group = {branch.getResult(i),
                                    branch.thenYield().getOperand(i)};
        if (!branch.getElseRegion().empty())
          group.push_back(branch.elseYield().getOperand(i));
        tie(group, op);
      }
      return;
    }
    case Relation::Yield:
      return visit(op->getParentOp());
    case Relation::Unsupported:
      return; // refused before inference starts
    }
  }

  void visitExpandDims(ExpandDimsOp op) {
    unsigned axis = op.getAxis();
    Value src = op.getSrc(), dst = op.getResult();
    if (Attribute parent = layouts.lookup(dst)) {
      auto slice = SliceLayoutAttr::get(op.getContext(), axis,
                                        cast<LayoutAttrInterface>(parent));
      assign(src, slice, sources.lookup(dst), op);
    }
    if (Attribute layout = layouts.lookup(src)) {
      auto slice = dyn_cast<SliceLayoutAttr>(layout);
      if (!slice || slice.getDim() != axis) {
        InFlightDiagnostic diag = op.emitError()
                                  << "expand_dims along " << axis
                                  << " needs its source in a SliceLayout along "
                                  << axis << ", but inference gives it "
                                  << layoutToString(layout);
        diag.attachNote(sources.lookup(src)->getLoc())
            << "that layout comes from this "
            << describeSource(sources.lookup(src));
        failed = true;
        return;
      }
      assign(dst, slice.getParent(), sources.lookup(src), op);
    }
  }

  /// The sources share one layout; a tensor result is that layout sliced
  /// along the axis (forwards), and a result's slice gives the sources its
  /// parent (backwards).
  void visitReduce(ReduceOp op) {
    unsigned axis = op.getAxis();
    SmallVector<Value> srcs(op.getSrcs());
    tie(srcs, op);
    for (Value result : op.getResults()) {
      if (!hasAutoLayout(result.getType()))
        continue;
      if (Attribute parent = layouts.lookup(srcs.front()))
        assign(result,
               SliceLayoutAttr::get(op.getContext(), axis,
                                    cast<LayoutAttrInterface>(parent)),
               sources.lookup(srcs.front()), op);
      Attribute layout = layouts.lookup(result);
      if (!layout || layouts.lookup(srcs.front()))
        continue;
      auto slice = dyn_cast<SliceLayoutAttr>(layout);
      if (!slice || slice.getDim() != axis) {
        InFlightDiagnostic diag = op.emitError()
                                  << "a reduction along " << axis
                                  << " gives a SliceLayout along " << axis
                                  << ", but inference gives its result "
                                  << layoutToString(layout);
        diag.attachNote(sources.lookup(result)->getLoc())
            << "that layout comes from this "
            << describeSource(sources.lookup(result));
        failed = true;
        return;
      }
      assign(srcs.front(), slice.getParent(), sources.lookup(result), op);
      tie(srcs, op);
    }
  }

  DenseMap<Value, Attribute> layouts;
  DenseMap<Value, Operation *> sources;
  SmallVector<Operation *> worklist;
  bool failed = false;
};

/// `value`'s type with `layout` in place of #gluon.auto.
RankedTensorType withLayout(Value value, Attribute layout) {
  auto type = cast<RankedTensorType>(value.getType());
  return RankedTensorType::get(type.getShape(), type.getElementType(), layout);
}

class ResolveAutoLayoutsPass
    : public gluonc::impl::GluonResolveAutoLayoutsBase<ResolveAutoLayoutsPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    eraseDeadAutoTensors(module);
    if (failed(checkOps(module)))
      return signalPassFailure();
    Inference inference;
    if (failed(inference.run(module)) ||
        failed(checkResolved(module, inference)))
      return signalPassFailure();
    rewrite(module, inference);
  }

private:
  /// Erases ops whose results are unused tensors in #gluon.auto and that
  /// have no other effect (`x = gl.arange(0, 128)` only read for its
  /// shape): nothing can give them a layout, and nothing needs one.
  static void eraseDeadAutoTensors(ModuleOp module) {
    bool erased = true;
    while (erased) {
      erased = false;
      module.walk([&](Operation *op) {
        if (llvm::any_of(op->getResultTypes(), hasAutoLayout) &&
            isOpTriviallyDead(op)) {
          op->erase();
          erased = true;
        }
      });
    }
  }

  /// Refuses an op that touches a tensor in #gluon.auto but relates its
  /// tensors' layouts in no way inference knows.
  static LogicalResult checkOps(ModuleOp module) {
    // Outer ops first: a loop inference cannot see through is reported,
    // not its terminator.
    WalkResult result = module.walk<WalkOrder::PreOrder>([](Operation *op) {
      if (!usesAutoLayout(op) || getRelation(op) != Relation::Unsupported)
        return WalkResult::advance();
      op->emitError() << "'" << op->getName()
                      << "' cannot take a tensor in AutoLayout: give it a "
                         "layout first with gl.set_auto_layout";
      return WalkResult::interrupt();
    });
    return failure(result.wasInterrupted());
  }

  /// Every tensor in #gluon.auto got a layout.
  static LogicalResult checkResolved(ModuleOp module,
                                     const Inference &inference) {
    auto unresolved = [&](Value value) {
      return hasAutoLayout(value.getType()) && !inference.lookup(value);
    };
    WalkResult result = module.walk([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (llvm::any_of(block.getArguments(), unresolved))
            return report(op);
      if (llvm::any_of(op->getResults(), unresolved))
        return report(op);
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  static WalkResult report(Operation *op) {
    op->emitError() << "cannot infer the layout of this tensor in "
                       "AutoLayout: no gl.set_auto_layout reaches it; give "
                       "it or a tensor computed with it a layout";
    return WalkResult::interrupt();
  }

  static void rewrite(ModuleOp module, const Inference &inference) {
    for (auto [value, layout] : inference.getLayouts()) {
      RankedTensorType type = withLayout(value, layout);
      value.setType(type);
      // A constant's value carries its type.
      if (auto constant = value.getDefiningOp<arith::ConstantOp>())
        if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
          constant.setValueAttr(dense.reshape(type));
    }
    module.walk([](SetAutoLayoutOp op) {
      op.getResult().replaceAllUsesWith(op.getSrc());
      op.erase();
    });
  }
};

} // namespace
