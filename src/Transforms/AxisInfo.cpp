//===- AxisInfo.cpp - Contiguity, divisibility, constancy -----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Transforms/AxisInfo.h"

#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>

using namespace mlir;
using namespace gluonc;

/// Divisibility of zero, and the cap for products: 2^30 keeps every product
/// of two facts inside int64_t.
static constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

int64_t gluonc::highestPowerOf2Divisor(int64_t value) {
  if (value == 0)
    return kMaxDivisibility;
  int64_t result = value & -value;
  return std::min(result < 0 ? kMaxDivisibility : result, kMaxDivisibility);
}

AxisInfo AxisInfo::unknown(unsigned rank) {
  unsigned n = std::max(rank, 1u);
  AxisInfo info;
  info.contiguity.assign(n, 1);
  info.divisibility.assign(n, 1);
  info.constancy.assign(n, 1);
  return info;
}

AxisInfo AxisInfo::scalar(int64_t divisibility) {
  AxisInfo info = unknown(0);
  info.divisibility[0] = std::min(divisibility, kMaxDivisibility);
  return info;
}

AxisInfo AxisInfo::constant(int64_t value) {
  AxisInfo info = scalar(highestPowerOf2Divisor(value));
  info.constantValue = value;
  return info;
}

bool AxisInfo::operator==(const AxisInfo &other) const {
  return contiguity == other.contiguity &&
         divisibility == other.divisibility && constancy == other.constancy &&
         constantValue == other.constantValue;
}

static unsigned rankOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getRank();
  return 0;
}

static int64_t dimSize(Type type, unsigned dim) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getDimSize(dim);
  return 1;
}

/// A scalar fact spread over a tensor of `type`: every value is equal.
static AxisInfo splatFact(const AxisInfo &scalar, Type type) {
  unsigned rank = rankOf(type);
  AxisInfo info = AxisInfo::unknown(rank);
  for (unsigned d = 0; d < info.rank(); ++d) {
    info.divisibility[d] = scalar.divisibility[0];
    info.constancy[d] = dimSize(type, d);
  }
  info.constantValue = scalar.constantValue;
  return info;
}

/// The divisibility that holds for every element along `dim`, not just the
/// first of each contiguous run.
static int64_t elementDivisibility(const AxisInfo &info, unsigned dim) {
  return info.contiguity[dim] > 1 ? 1 : info.divisibility[dim];
}

static int64_t gcd(int64_t a, int64_t b) { return std::gcd(a, b); }

/// a + b (or a - b): runs of one operand stay runs where the other is
/// constant over them. `rhsScale` converts the right operand's divisibility
/// to the left's unit (element offsets added to byte addresses).
static AxisInfo addFact(const AxisInfo &lhs, const AxisInfo &rhs,
                        int64_t rhsScale, bool isSub) {
  AxisInfo info = AxisInfo::unknown(lhs.rank());
  for (unsigned d = 0; d < info.rank(); ++d) {
    if (isSub)
      info.contiguity[d] = gcd(lhs.contiguity[d], rhs.constancy[d]);
    else
      info.contiguity[d] =
          std::max(gcd(lhs.contiguity[d], rhs.constancy[d]),
                   gcd(lhs.constancy[d], rhs.contiguity[d]));
    int64_t rhsDivisibility =
        std::min(rhs.divisibility[d] * rhsScale, kMaxDivisibility);
    info.divisibility[d] = gcd(lhs.divisibility[d], rhsDivisibility);
    info.constancy[d] = gcd(lhs.constancy[d], rhs.constancy[d]);
  }
  if (lhs.constantValue && rhs.constantValue)
    info.constantValue = isSub ? *lhs.constantValue - *rhs.constantValue
                               : *lhs.constantValue +
                                     *rhs.constantValue * rhsScale;
  return info;
}

static AxisInfo mulFact(const AxisInfo &lhs, const AxisInfo &rhs) {
  AxisInfo info = AxisInfo::unknown(lhs.rank());
  for (unsigned d = 0; d < info.rank(); ++d) {
    // Multiplying by one keeps every fact; anything else breaks runs.
    if (rhs.constantValue == 1) {
      info.contiguity[d] = lhs.contiguity[d];
      info.divisibility[d] = lhs.divisibility[d];
    } else if (lhs.constantValue == 1) {
      info.contiguity[d] = rhs.contiguity[d];
      info.divisibility[d] = rhs.divisibility[d];
    } else {
      info.divisibility[d] =
          std::min(elementDivisibility(lhs, d) * elementDivisibility(rhs, d),
                   kMaxDivisibility);
    }
    info.constancy[d] = gcd(lhs.constancy[d], rhs.constancy[d]);
  }
  if (lhs.constantValue && rhs.constantValue)
    info.constantValue = *lhs.constantValue * *rhs.constantValue;
  return info;
}

/// Comparisons: equal-valued runs stay equal. `x < c` and `x >= c` are also
/// constant over a run of x when c is constant there and both the run's
/// start and c are multiples of the run length.
static AxisInfo cmpFact(arith::CmpIPredicate predicate, const AxisInfo &lhs,
                        const AxisInfo &rhs) {
  using P = arith::CmpIPredicate;
  bool lhsRunsVsConstant = predicate == P::slt || predicate == P::ult ||
                           predicate == P::sge || predicate == P::uge;
  bool rhsRunsVsConstant = predicate == P::sgt || predicate == P::ugt ||
                           predicate == P::sle || predicate == P::ule;
  AxisInfo info = AxisInfo::unknown(lhs.rank());
  for (unsigned d = 0; d < info.rank(); ++d) {
    int64_t constancy = gcd(lhs.constancy[d], rhs.constancy[d]);
    const AxisInfo *runs = lhsRunsVsConstant   ? &lhs
                           : rhsRunsVsConstant ? &rhs
                                               : nullptr;
    const AxisInfo *bound = runs == &lhs ? &rhs : &lhs;
    if (runs && runs->contiguity[d] > 1 &&
        bound->constancy[d] % runs->contiguity[d] == 0) {
      int64_t aligned =
          gcd(runs->contiguity[d],
              gcd(runs->divisibility[d], bound->divisibility[d]));
      constancy = std::max(constancy, aligned);
    }
    info.constancy[d] = constancy;
  }
  return info;
}

/// Boolean and bitwise combinations keep only common constancy.
static AxisInfo bitwiseFact(const AxisInfo &lhs, const AxisInfo &rhs) {
  AxisInfo info = AxisInfo::unknown(lhs.rank());
  for (unsigned d = 0; d < info.rank(); ++d)
    info.constancy[d] = gcd(lhs.constancy[d], rhs.constancy[d]);
  return info;
}

/// What holds for a value that is either `a` or `b` (a block argument
/// reached from several branches): the weaker of each fact.
static AxisInfo join(const AxisInfo &a, const AxisInfo &b) {
  if (a.rank() != b.rank())
    return AxisInfo::unknown(std::max(a.rank(), b.rank()));
  AxisInfo info = a;
  for (unsigned d = 0; d < info.rank(); ++d) {
    info.contiguity[d] = gcd(a.contiguity[d], b.contiguity[d]);
    info.divisibility[d] = gcd(a.divisibility[d], b.divisibility[d]);
    info.constancy[d] = gcd(a.constancy[d], b.constancy[d]);
  }
  if (a.constantValue != b.constantValue)
    info.constantValue.reset();
  return info;
}

/// Passes over a function needed at most before the facts of its block
/// arguments settle (each pass can only weaken a fact, and a divisibility
/// halves at most 30 times); past it they are taken as unknown.
static constexpr int kMaxPasses = 32;

AxisInfoAnalysis::AxisInfoAnalysis(ModuleOp module) {
  module.walk([&](func::FuncOp func) {
    for (BlockArgument arg : func.getArguments()) {
      auto attr = func.getArgAttrOfType<IntegerAttr>(
          arg.getArgNumber(), gluon::GluonDialect::kDivisibilityAttrName);
      facts[arg] = AxisInfo::scalar(attr ? attr.getInt() : 1);
    }
    // Forward passes until nothing changes: a loop's header arguments
    // first take what flows in from before the loop, and the back edge
    // then weakens them until they hold on every iteration.
    bool joinArguments = true;
    for (int pass = 0;; ++pass) {
      if (pass == kMaxPasses)
        joinArguments = false;
      if (!visitRegion(func.getBody(), joinArguments) || !joinArguments)
        break;
    }
  });
}

bool AxisInfoAnalysis::update(Value value, const AxisInfo &fact) {
  auto [it, inserted] = facts.try_emplace(value, fact);
  if (inserted)
    return true;
  if (it->second == fact)
    return false;
  it->second = fact;
  return true;
}

bool AxisInfoAnalysis::visitRegion(Region &region, bool joinArguments) {
  bool changed = false;
  for (Block &block : region) {
    if (!block.isEntryBlock() || !isa<func::FuncOp>(region.getParentOp()))
      for (BlockArgument arg : block.getArguments())
        changed |= update(arg, joinArguments && !block.isEntryBlock()
                                   ? joinIncoming(block, arg)
                                   : AxisInfo::unknown(rankOf(arg.getType())));
    for (Operation &op : block) {
      changed |= visit(&op);
      for (Region &nested : op.getRegions())
        changed |= visitRegion(nested, joinArguments);
    }
  }
  return changed;
}

AxisInfo AxisInfoAnalysis::joinIncoming(Block &block, BlockArgument arg) {
  std::optional<AxisInfo> result;
  for (auto it = block.pred_begin(); it != block.pred_end(); ++it) {
    auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
    Value incoming;
    if (branch)
      incoming = branch.getSuccessorOperands(it.getSuccessorIndex())
                     [arg.getArgNumber()];
    if (!incoming)
      return AxisInfo::unknown(rankOf(arg.getType()));
    // A value not reached yet (a back edge on the first pass) adds
    // nothing until it is.
    auto fact = facts.find(incoming);
    if (fact == facts.end())
      continue;
    result = result ? join(*result, fact->second) : fact->second;
  }
  return result ? *result : AxisInfo::unknown(rankOf(arg.getType()));
}

AxisInfo AxisInfoAnalysis::getAxisInfo(Value value) const {
  auto it = facts.find(value);
  if (it != facts.end())
    return it->second;
  return AxisInfo::unknown(rankOf(value.getType()));
}

bool AxisInfoAnalysis::visit(Operation *op) {
  // The induction variable of a structured loop steps from its lower bound
  // by its step: every value is divisible by what divides both.
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    bool changed = update(
        loop.getInductionVar(),
        AxisInfo::scalar(gcd(getAxisInfo(loop.getLowerBound()).divisibility[0],
                             getAxisInfo(loop.getStep()).divisibility[0])));
    for (Value result : op->getResults())
      changed |= update(result, AxisInfo::unknown(rankOf(result.getType())));
    return changed;
  }
  if (op->getNumResults() != 1) {
    bool changed = false;
    for (Value result : op->getResults())
      changed |= update(result, AxisInfo::unknown(rankOf(result.getType())));
    return changed;
  }
  Value result = op->getResult(0);
  Type type = result.getType();
  auto get = [&](Value v) { return getAxisInfo(v); };

  std::optional<AxisInfo> fact =
      llvm::TypeSwitch<Operation *, std::optional<AxisInfo>>(op)
          .Case<arith::ConstantOp>([&](auto constant)
                                       -> std::optional<AxisInfo> {
            APInt value;
            if (matchPattern(constant.getResult(), m_ConstantInt(&value)))
              return splatFact(AxisInfo::constant(value.getSExtValue()), type);
            return std::nullopt;
          })
          .Case<gluon::ArangeOp>([&](gluon::ArangeOp arange) {
            AxisInfo info = AxisInfo::unknown(1);
            info.contiguity[0] = arange.getEnd() - arange.getStart();
            info.divisibility[0] = highestPowerOf2Divisor(arange.getStart());
            return info;
          })
          .Case<gluon::SplatOp>([&](gluon::SplatOp splat) {
            return splatFact(get(splat.getSrc()), type);
          })
          .Case<gluon::BroadcastOp>([&](gluon::BroadcastOp bcast) {
            AxisInfo info = get(bcast.getSrc());
            auto srcType = bcast.getSrc().getType();
            for (unsigned d = 0; d < info.rank(); ++d)
              if (srcType.getDimSize(d) == 1)
                info.constancy[d] = dimSize(type, d);
            return info;
          })
          .Case<gluon::ExpandDimsOp>([&](gluon::ExpandDimsOp expand) {
            AxisInfo src = get(expand.getSrc());
            // Along the new unit dimension every element is its own run.
            int64_t divisibility = kMaxDivisibility;
            for (unsigned d = 0; d < src.rank(); ++d)
              divisibility =
                  std::min(divisibility, elementDivisibility(src, d));
            unsigned axis = expand.getAxis();
            src.contiguity.insert(src.contiguity.begin() + axis, 1);
            src.divisibility.insert(src.divisibility.begin() + axis,
                                    divisibility);
            src.constancy.insert(src.constancy.begin() + axis, 1);
            return src;
          })
          .Case<arith::AddIOp>([&](arith::AddIOp add) {
            return addFact(get(add.getLhs()), get(add.getRhs()), 1, false);
          })
          .Case<arith::SubIOp>([&](arith::SubIOp sub) {
            return addFact(get(sub.getLhs()), get(sub.getRhs()), 1, true);
          })
          .Case<arith::MulIOp>([&](arith::MulIOp mul) {
            return mulFact(get(mul.getLhs()), get(mul.getRhs()));
          })
          .Case<arith::CmpIOp>([&](arith::CmpIOp cmp) {
            return cmpFact(cmp.getPredicate(), get(cmp.getLhs()),
                           get(cmp.getRhs()));
          })
          .Case<arith::AndIOp, arith::OrIOp, arith::XOrIOp>([&](auto op) {
            return bitwiseFact(get(op.getLhs()), get(op.getRhs()));
          })
          .Case<arith::ExtSIOp, arith::ExtUIOp>(
              [&](auto ext) { return get(ext.getIn()); })
          .Case<gluon::AddPtrOp>([&](gluon::AddPtrOp addPtr) {
            Type pointee = getElementTypeOrSelf(
                gluon::getPointeeType(addPtr.getPtr().getType()));
            int64_t bytes =
                std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
            return addFact(get(addPtr.getPtr()), get(addPtr.getOffset()),
                           bytes, false);
          })
          .Default([](Operation *) { return std::nullopt; });

  return update(result, fact ? *fact : AxisInfo::unknown(rankOf(type)));
}

int64_t AxisInfoAnalysis::getMaxAccessWidth(Value ptr, Value mask,
                                            unsigned dim,
                                            unsigned elementBytes) const {
  AxisInfo ptrInfo = getAxisInfo(ptr);
  if (dim >= ptrInfo.rank())
    return 1;
  int64_t alignedElements =
      std::max<int64_t>(1, ptrInfo.divisibility[dim] / elementBytes);
  int64_t width = std::min(ptrInfo.contiguity[dim], alignedElements);
  if (mask)
    width = std::min(width, getAxisInfo(mask).constancy[dim]);
  return width;
}
