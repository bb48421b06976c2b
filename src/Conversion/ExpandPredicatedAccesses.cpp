//===- ExpandPredicatedAccesses.cpp - Branches around masked accesses -----===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Turns each gluon.predicated_load / predicated_store into the target's
// predicated instruction when it has one (TargetInfo::lowerPredicatedLoad
// and lowerPredicatedStore), and otherwise into
//
//   ^current: ... llvm.cond_br %predicate, ^access, ^next(%fallback)
//   ^access:  %v = llvm.load %ptr; llvm.br ^next(%v)
//   ^next(%result): ...
//
// and each gluon.predicated into the same branch around its body.
//
// which ptxas turns back into predicated instructions. Splitting a block
// moves every op after the split point, so the accesses are expanded from
// the last to the first: each split then moves only the ops up to the next
// access, and a kernel with n accesses costs O(n), not O(n^2).
//
//===----------------------------------------------------------------------===//

#include "gluonc/Conversion/GluonToLLVM.h"

#include "gluonc/Conversion/TargetInfo.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/Pipeline/Target.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/Pass.h"

namespace gluonc {
#define GEN_PASS_DECL_GLUONEXPANDPREDICATEDACCESSES
#define GEN_PASS_DEF_GLUONEXPANDPREDICATEDACCESSES
#include "Passes.h.inc"
} // namespace gluonc

using namespace mlir;
using namespace gluonc;

namespace {

/// Splits before `op`, moving it and what follows into a new block, and
/// branches there from a block made for the access: returns the access
/// block, whose insertion point is its start, and the continuation.
std::pair<Block *, Block *> splitAroundAccess(Operation *op, Value predicate,
                                              ValueRange fallback,
                                              OpBuilder &builder) {
  Block *current = op->getBlock();
  Block *next = current->splitBlock(op);
  auto *access = new Block();
  current->getParent()->getBlocks().insert(Region::iterator(next), access);
  builder.setInsertionPointToEnd(current);
  LLVM::CondBrOp::create(builder, op->getLoc(), predicate, access,
                         ValueRange{}, next, fallback);
  builder.setInsertionPointToStart(access);
  return {access, next};
}

void expandLoad(gluon::PredicatedLoadOp load, OpBuilder &builder) {
  Location loc = load.getLoc();
  Type type = load.getType();
  auto [access, next] = splitAroundAccess(
      load, load.getPredicate(), ValueRange{load.getFallback()}, builder);
  Value loaded = LLVM::LoadOp::create(builder, loc, type, load.getPtr(),
                                      load.getAlignment());
  LLVM::BrOp::create(builder, loc, ValueRange{loaded}, next);
  Value result = next->insertArgument(unsigned(0), type, loc);
  load.getResult().replaceAllUsesWith(result);
  load.erase();
}

void expandStore(gluon::PredicatedStoreOp store, OpBuilder &builder) {
  Location loc = store.getLoc();
  auto [access, next] = splitAroundAccess(store, store.getPredicate(),
                                          ValueRange{}, builder);
  LLVM::StoreOp::create(builder, loc, store.getValue(), store.getPtr(),
                        store.getAlignment());
  LLVM::BrOp::create(builder, loc, ValueRange{}, next);
  store.erase();
}

/// The body of `predicated` moved into a block of its own that only the
/// predicate reaches.
void expandRegion(gluon::PredicatedOp predicated, OpBuilder &builder) {
  Location loc = predicated.getLoc();
  auto [access, next] =
      splitAroundAccess(predicated, predicated.getPredicate(),
                        predicated.getFallback(), builder);
  Block &body = predicated.getBody().front();
  auto yield = cast<gluon::PredicatedYieldOp>(body.getTerminator());
  access->getOperations().splice(access->begin(), body.getOperations(),
                                 body.begin(), Block::iterator(yield));
  builder.setInsertionPointToEnd(access);
  LLVM::BrOp::create(builder, loc, yield.getResults(), next);
  for (auto [index, result] : llvm::enumerate(predicated.getResults()))
    result.replaceAllUsesWith(
        next->insertArgument(unsigned(index), result.getType(), loc));
  predicated.erase();
}

class ExpandPredicatedAccessesPass
    : public gluonc::impl::GluonExpandPredicatedAccessesBase<
          ExpandPredicatedAccessesPass> {
public:
  using GluonExpandPredicatedAccessesBase::GluonExpandPredicatedAccessesBase;

  void runOnOperation() override {
    // Without an arch or a module target: branches only.
    ModuleOp module = getOperation();
    target = nullptr;
    if (!arch.empty() ||
        module->hasAttr(gluon::GluonDialect::kTargetAttrName)) {
      target = getModuleTargetInfo(module, arch);
      if (!target)
        return signalPassFailure();
    }
    SmallVector<Operation *> accesses;
    getOperation().walk([&](Operation *op) {
      if (isa<gluon::PredicatedLoadOp, gluon::PredicatedStoreOp,
              gluon::PredicatedOp>(op))
        accesses.push_back(op);
    });
    OpBuilder builder(&getContext());
    // Program order within each block, so reversed: last access first.
    for (Operation *op : llvm::reverse(accesses)) {
      if (auto predicated = dyn_cast<gluon::PredicatedOp>(op)) {
        expandRegion(predicated, builder);
        continue;
      }
      if (target && lowerToInstruction(op, builder))
        continue;
      if (auto load = dyn_cast<gluon::PredicatedLoadOp>(op))
        expandLoad(load, builder);
      else
        expandStore(cast<gluon::PredicatedStoreOp>(op), builder);
    }
  }

private:
  /// The target's predicated instruction in place of `op`, if it has one.
  bool lowerToInstruction(Operation *op, OpBuilder &builder) const {
    builder.setInsertionPoint(op);
    if (auto load = dyn_cast<gluon::PredicatedLoadOp>(op)) {
      Value loaded = target->lowerPredicatedLoad(
          builder, load.getLoc(), load.getType(), load.getPtr(),
          load.getPredicate(), load.getFallback(), load.getAlignment());
      if (!loaded)
        return false;
      load.getResult().replaceAllUsesWith(loaded);
      load.erase();
      return true;
    }
    auto store = cast<gluon::PredicatedStoreOp>(op);
    if (!target->lowerPredicatedStore(builder, store.getLoc(), store.getPtr(),
                                      store.getValue(), store.getPredicate(),
                                      store.getAlignment()))
      return false;
    store.erase();
    return true;
  }

  std::shared_ptr<const TargetInfo> target;
};

} // namespace

std::unique_ptr<Pass>
gluonc::createExpandPredicatedAccessesPass(std::string arch) {
  return std::make_unique<ExpandPredicatedAccessesPass>(
      GluonExpandPredicatedAccessesOptions{std::move(arch)});
}
