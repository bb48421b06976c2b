//===- AsyncOpToLLVM.cpp - TMA copies and mbarriers as PTX ----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Hopper's asynchronous copies and the mbarriers that track them, as inline
// PTX (PTX ISA 8.0, sm_90):
//  - an mbarrier op is issued by thread 0 alone (init, arrive, expect,
//    invalidate): one arrival, not one per thread; waits spin in every
//    thread on mbarrier.try_wait.parity;
//  - a TMA copy is split into the messages of its box (gluonc::planTMA;
//    gluon::planTMABuffer places them in a view of a larger allocation),
//    issued in rounds of num_warps: one copy instruction per round, which
//    each warp's elected lane executes with its own box (coordinates and
//    shared address picked by the warp-uniform warp id), as Triton does;
//    coordinates go innermost first, as cp.async.bulk.tensor takes them;
//  - the tensor descriptor is the generic address of the kernel's
//    __grid_constant__ CUtensorMap parameter (the func conversion marks it
//    through TargetInfo::markDescriptorArgument);
//  - a TMA store commits one bulk group in every thread, and store_wait
//    waits on the thread's groups (only the issuing threads have any).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "PtxAsm.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/Async.h"
#include "gluonc/IR/NvidiaOps.h"
#include "gluonc/IR/WarpSpecialize.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace gluonc;
using nvidia::ContextPattern;
using nvidia::toSharedAddress;

namespace {

/// An inline PTX statement with side effects and no result.
void emitPtx(OpBuilder &b, Location loc, StringRef text,
             StringRef constraints, ValueRange operands) {
  nvidia::emitPtxAsm(b, loc, Type(), text, constraints, operands);
}

/// Whether this thread is thread `tid` of the block.
Value isThread(OpBuilder &b, Location loc, const LoweringContext &context,
               unsigned tid) {
  Value threadId = context.target.getThreadId(b, loc, context.numThreads);
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, threadId,
                              createI32Constant(b, loc, tid));
}


//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

/// An mbarrier op that thread 0 alone issues where `pred` holds: the PTX
/// `text` of one instruction, with $0 its predicate and $1 the barrier's
/// shared address.
template <typename OpTy>
struct ThreadZeroBarrierPattern : ContextPattern<OpTy> {
  using ContextPattern<OpTy>::ContextPattern;

  /// The instruction for `op`.
  virtual std::string getText(OpTy op) const = 0;
  /// The op's own predicate; null when it has none.
  virtual Value getPred(typename OpTy::Adaptor) const { return {}; }

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value pred = isThread(rewriter, loc, this->context, 0);
    if (Value own = getPred(adaptor))
      pred = LLVM::AndOp::create(rewriter, loc, own, pred);
    emitPtx(rewriter, loc, getText(op), "b,r",
            {pred, toSharedAddress(rewriter, loc, adaptor.getBarrier())});
    rewriter.eraseOp(op);
    return success();
  }
};

struct InitBarrierOpConversion
    : ThreadZeroBarrierPattern<gluon::InitBarrierOp> {
  using ThreadZeroBarrierPattern::ThreadZeroBarrierPattern;
  std::string getText(gluon::InitBarrierOp op) const override {
    return "@$0 mbarrier.init.shared::cta.b64 [$1], " +
           std::to_string(op.getCount()) + ";";
  }
};

struct InvalidateBarrierOpConversion
    : ThreadZeroBarrierPattern<gluon::InvalidateBarrierOp> {
  using ThreadZeroBarrierPattern::ThreadZeroBarrierPattern;
  std::string getText(gluon::InvalidateBarrierOp) const override {
    return "@$0 mbarrier.inval.shared::cta.b64 [$1];";
  }
};

struct BarrierExpectOpConversion
    : ThreadZeroBarrierPattern<gluon::BarrierExpectOp> {
  using ThreadZeroBarrierPattern::ThreadZeroBarrierPattern;
  std::string getText(gluon::BarrierExpectOp op) const override {
    return "@$0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], " +
           std::to_string(op.getBytes()) + ";";
  }
  Value getPred(gluon::BarrierExpectOp::Adaptor adaptor) const override {
    return adaptor.getPred();
  }
};

struct ArriveBarrierOpConversion
    : ThreadZeroBarrierPattern<gluon::ArriveBarrierOp> {
  using ThreadZeroBarrierPattern::ThreadZeroBarrierPattern;
  std::string getText(gluon::ArriveBarrierOp op) const override {
    // The count operand is PTX 7.8 / sm_90; one arrival needs neither.
    std::string count =
        op.getCount() == 1 ? "" : ", " + std::to_string(op.getCount());
    return "@$0 mbarrier.arrive.shared::cta.b64 _, [$1]" + count + ";";
  }
  Value getPred(gluon::ArriveBarrierOp::Adaptor adaptor) const override {
    return adaptor.getPred();
  }
};

struct WaitBarrierOpConversion : ContextPattern<gluon::WaitBarrierOp> {
  using ContextPattern::ContextPattern;
  LogicalResult
  matchAndRewrite(gluon::WaitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Labels are local to the braces, so copies of the loop (an unrolled
    // caller) do not clash.
    emitPtx(rewriter, loc,
            "{\n"
            ".reg .pred complete;\n"
            "@!$2 bra.uni skip;\n"
            "wait:\n"
            "mbarrier.try_wait.parity.shared::cta.b64 complete, [$0], $1;\n"
            "@!complete bra.uni wait;\n"
            "skip:\n"
            "}",
            "r,r,b",
            {toSharedAddress(rewriter, loc, adaptor.getBarrier()),
             adaptor.getPhase(), adaptor.getPred()});
    rewriter.eraseOp(op);
    return success();
  }
};

struct FenceAsyncSharedOpConversion
    : ContextPattern<gluon::FenceAsyncSharedOp> {
  using ContextPattern::ContextPattern;
  LogicalResult
  matchAndRewrite(gluon::FenceAsyncSharedOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitPtx(rewriter, op.getLoc(),
            op.getCluster() ? "fence.proxy.async.shared::cluster;"
                            : "fence.proxy.async.shared::cta;",
            "", {});
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// TMA copies
//===----------------------------------------------------------------------===//

/// `{c_inner, ..., c_0}`: the operands from `first` on, innermost first.
std::string coordList(unsigned rank, unsigned first) {
  std::string text = "{";
  for (unsigned i = 0; i < rank; ++i)
    text += (i ? ", $" : "$") + std::to_string(first + i);
  return text + "}";
}

/// Constraints of a bulk tensor copy: `head` (the predicate, addresses),
/// one 32-bit register per coordinate, then the last address.
std::string copyConstraints(StringRef head, unsigned rank) {
  std::string constraints = head.str();
  for (unsigned i = 0; i <= rank; ++i)
    constraints += ",r";
  return constraints;
}

/// One lane of each warp, elected (elect.sync): ptxas issues the copy once
/// per warp instead of looping over the lanes a thread-id test could pick.
Value emitElectedLane(OpBuilder &b, Location loc) {
  return NVVM::ElectSyncOp::create(b, loc, b.getI1Type(), Value());
}

/// The messages of a TMA copy in rounds of num_warps: in a round, warp w
/// issues message round * num_warps + w, so one copy instruction moves a
/// whole round. Each warp's box origin and shared offset are picked with
/// its warp id: warp * step where the round's values step evenly (the
/// usual split of the block's inner dimension), a select chain otherwise.
class TMARounds {
public:
  TMARounds(OpBuilder &b, Location loc, const LoweringContext &context,
            const TMAPlan &plan)
      : b(b), loc(loc), plan(plan),
        // The warps of the task that runs the copy.
        numWarps(gluon::getWarpScope(b.getInsertionBlock()).numWarps),
        warpId(nvidia::emitUniformWarpId(b, loc, context)),
        elected(emitElectedLane(b, loc)) {}

  size_t getNumRounds() const {
    return (plan.messages.size() + numWarps - 1) / numWarps;
  }

  /// Whether this thread issues its warp's message of round `round`.
  Value issues(size_t round) const {
    if (getRoundSize(round) == numWarps)
      return elected;
    Value inRound =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, warpId,
                             createI32Constant(b, loc, getRoundSize(round)));
    return LLVM::AndOp::create(b, loc, elected, inRound);
  }

  /// This warp's coordinates in round `round`, innermost first.
  SmallVector<Value> coords(size_t round, ValueRange blockCoords) const {
    SmallVector<Value> result;
    for (int d = static_cast<int>(blockCoords.size()) - 1; d >= 0; --d) {
      Value origin = pick(round, [&](const TMAMessage &message) {
        return message.origin[d];
      });
      result.push_back(origin ? LLVM::AddOp::create(b, loc, blockCoords[d],
                                                    origin)
                              : blockCoords[d]);
    }
    return result;
  }

  /// The shared address of this warp's box in round `round` of the block
  /// at `base`.
  Value address(size_t round, Value base, unsigned elementBytes) const {
    Value offset = pick(round, [&](const TMAMessage &message) {
      return message.sharedOffset * elementBytes;
    });
    Value address = toSharedAddress(b, loc, base);
    return offset ? LLVM::AddOp::create(b, loc, address, offset) : address;
  }

private:
  unsigned getRoundSize(size_t round) const {
    return static_cast<unsigned>(std::min<size_t>(
        numWarps, plan.messages.size() - round * numWarps));
  }

  /// `value` of this warp's message in round `round`, as an i32; null where
  /// it is 0 for every warp.
  Value pick(size_t round,
             llvm::function_ref<int64_t(const TMAMessage &)> value) const {
    SmallVector<int64_t> values;
    for (unsigned w = 0; w < getRoundSize(round); ++w)
      values.push_back(value(plan.messages[round * numWarps + w]));
    if (llvm::all_of(values, [](int64_t v) { return v == 0; }))
      return {};
    Value first = createI32Constant(b, loc, values.front());
    if (values.size() == 1)
      return first;
    int64_t step = values[1] - values[0];
    bool even = true;
    for (size_t w = 0; w < values.size(); ++w)
      even &= values[w] == values[0] + int64_t(w) * step;
    if (even) {
      if (step == 0)
        return first;
      Value scaled = LLVM::MulOp::create(b, loc, warpId,
                                         createI32Constant(b, loc, step));
      return values[0] == 0 ? scaled
                            : LLVM::AddOp::create(b, loc, scaled, first);
    }
    Value result = first;
    for (size_t w = 1; w < values.size(); ++w) {
      Value isWarp =
          LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, warpId,
                               createI32Constant(b, loc, int64_t(w)));
      result = LLVM::SelectOp::create(
          b, loc, isWarp, createI32Constant(b, loc, values[w]), result);
    }
    return result;
  }

  OpBuilder &b;
  Location loc;
  const TMAPlan &plan;
  unsigned numWarps;
  Value warpId;
  Value elected;
};

/// The messages that move `type`'s block into or out of `buffer` (the
/// verifier checked that the buffer can hold it).
TMAPlan planBufferMessages(gluon::TensorDescType type,
                           gluon::MemDescType buffer) {
  std::string problem;
  TMAPlan plan = gluon::planTMABuffer(type, buffer, problem);
  assert(problem.empty() && "the verifier checks the TMA buffer");
  return plan;
}

unsigned getElementBytes(gluon::TensorDescType type) {
  return type.getElementType().getIntOrFloatBitWidth() / 8;
}

struct AsyncTMALoadOpConversion : ContextPattern<gluon::AsyncTMALoadOp> {
  using ContextPattern::ContextPattern;
  LogicalResult
  matchAndRewrite(gluon::AsyncTMALoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    gluon::TensorDescType type = op.getDesc().getType();
    unsigned rank = type.getRank();
    TMAPlan plan = planBufferMessages(type, op.getDst().getType());
    std::string text = "@$0 cp.async.bulk.tensor." + std::to_string(rank) +
                       "d.shared::cluster.global.mbarrier::complete_tx::bytes"
                       " [$1], [$2, " +
                       coordList(rank, 3) + "], [$" +
                       std::to_string(3 + rank) + "];";
    std::string constraints = copyConstraints("b,r,l", rank);
    Value barrier = toSharedAddress(rewriter, loc, adaptor.getBarrier());
    TMARounds rounds(rewriter, loc, context, plan);
    for (size_t round = 0; round < rounds.getNumRounds(); ++round) {
      SmallVector<Value> operands = {
          LLVM::AndOp::create(rewriter, loc, adaptor.getPred(),
                              rounds.issues(round)),
          rounds.address(round, adaptor.getDst(), getElementBytes(type)),
          adaptor.getDesc()};
      llvm::append_range(operands, rounds.coords(round, adaptor.getCoords()));
      operands.push_back(barrier);
      emitPtx(rewriter, loc, text, constraints, operands);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncTMAStoreOpConversion : ContextPattern<gluon::AsyncTMAStoreOp> {
  using ContextPattern::ContextPattern;
  LogicalResult
  matchAndRewrite(gluon::AsyncTMAStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    gluon::TensorDescType type = op.getDesc().getType();
    unsigned rank = type.getRank();
    TMAPlan plan = planBufferMessages(type, op.getSrc().getType());
    std::string text = "@$0 cp.async.bulk.tensor." + std::to_string(rank) +
                       "d.global.shared::cta.bulk_group [$1, " +
                       coordList(rank, 2) + "], [$" +
                       std::to_string(2 + rank) + "];";
    std::string constraints = copyConstraints("b,l", rank);
    TMARounds rounds(rewriter, loc, context, plan);
    for (size_t round = 0; round < rounds.getNumRounds(); ++round) {
      SmallVector<Value> operands = {rounds.issues(round), adaptor.getDesc()};
      llvm::append_range(operands, rounds.coords(round, adaptor.getCoords()));
      operands.push_back(
          rounds.address(round, adaptor.getSrc(), getElementBytes(type)));
      emitPtx(rewriter, loc, text, constraints, operands);
    }
    emitPtx(rewriter, loc, "cp.async.bulk.commit_group;", "", {});
    rewriter.eraseOp(op);
    return success();
  }
};

struct TMAStoreWaitOpConversion : ContextPattern<gluon::TMAStoreWaitOp> {
  using ContextPattern::ContextPattern;
  LogicalResult
  matchAndRewrite(gluon::TMAStoreWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitPtx(rewriter, op.getLoc(),
            "cp.async.bulk.wait_group.read " +
                std::to_string(op.getPendings()) + ";",
            "", {});
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

Value gluonc::nvidia::emitUniformWarpId(OpBuilder &b, Location loc,
                                        const LoweringContext &context) {
  Value warp =
      emitWarpAndLane(b, loc, context.target, context.numThreads).first;
  return context.target.shuffleIndex(b, loc, warp,
                                     createI32Constant(b, loc, 0));
}

void gluonc::nvidia::populateAsyncOpToLLVMPatterns(
    GluonLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &context) {
  // The generic address of the CUtensorMap parameter.
  converter.addConversion([](gluon::TensorDescType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext());
  });
  patterns.add<InitBarrierOpConversion, InvalidateBarrierOpConversion,
               BarrierExpectOpConversion, ArriveBarrierOpConversion,
               WaitBarrierOpConversion, FenceAsyncSharedOpConversion,
               AsyncTMALoadOpConversion, AsyncTMAStoreOpConversion,
               TMAStoreWaitOpConversion>(converter, context);
}
