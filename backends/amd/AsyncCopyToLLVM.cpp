//===- AsyncCopyToLLVM.cpp - CDNA's copies from global memory to LDS ------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gluon.async_copy_global_to_local and gluon.buffer_load_to_local on CDNA,
// and the groups that wait for them. A copy is one `global_load_lds_dword`
// / `_dwordx4` (ROCDL global.load.lds) or `buffer_load_dword* ... lds`
// (raw.ptr.buffer.load.lds) per vector of the thread's elements. The
// instruction takes one LDS address per wave (M0) and writes lane i's
// bytes at that address + i * size, so:
//
//  - the vectors are those of Ampere's copies (planAsyncCopyAccess), of 4
//    bytes, or 16 where the architecture has the wide form (gfx950): the
//    architecture table's asyncCopyToLdsBytes (Architectures.cpp) is the
//    one table of widths;
//  - a wave's lanes must land on consecutive vectors: in the plan's map
//    from (register, lane, warp) to offset, lane bit i moves the offset by
//    exactly (vector << i) and no register or warp bit touches those
//    offset bits (so XOR and + agree), with no padding;
//  - the LDS address given is the thread's own minus lane * size, which is
//    the same in every lane (readfirstlane makes that visible to LLVM).
//
// A masked-off buffer copy reads past the resource's end, which writes
// zeros (the frontend accepts no other `other`).
//
// Waiting. CDNA counts a wave's outstanding vector-memory instructions
// (vmcnt) and retires them in order; commit_group emits nothing and
// wait_group N becomes `s_waitcnt vmcnt(k)`, k being the fewest copy
// instructions the N most recent groups hold on any path to the wait
// (walking the structured IR backwards: a loop's body from its end as the
// previous iteration, or the code before the loop; both arms of an if).
// A copy issued but not committed before the wait makes k 0, as does
// anything the walk cannot follow. A smaller k only waits longer.
//
// Planning happens before control flow is lowered (gluon-amd-plan-lds-
// copies): the pass checks every copy (a diagnostic at the op), records
// its vector bytes in `gluon.lds_copy_bytes` and each wait's count in
// `gluon.vmcnt`; the patterns then follow those numbers, so the count the
// wait relies on is the count the copy emits. After the conversion the
// copies get an alias scope the other LDS accesses do not alias
// (gluon-amd-scope-lds-copies), so that LLVM waits for no copy beyond
// what wait_group asks.
//
//===----------------------------------------------------------------------===//

#include "AMDTargetInfo.h"
#include "Patterns.h"

#include "gluonc/Conversion/SharedMemoryAccess.h"
#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/AMDOps.h"
#include "gluonc/Pipeline/Target.h"
#include "gluonc/Transforms/AxisInfo.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace gluonc::amd {
#define GEN_PASS_DEF_GLUONAMDPLANLDSCOPIES
#define GEN_PASS_DEF_GLUONAMDSCOPELDSCOPIES
#include "Passes.h.inc"
} // namespace gluonc::amd

using namespace mlir;
using namespace gluonc;

namespace {

constexpr llvm::StringLiteral kCopyBytesAttrName = "gluon.lds_copy_bytes";
constexpr llvm::StringLiteral kVmcntAttrName = "gluon.vmcnt";

/// The copied elements' tensor type (the pointers' pointees, or the buffer
/// base's element in the offsets' shape and layout).
RankedTensorType getCopiedValues(Operation *op) {
  if (auto copy = dyn_cast<gluon::AsyncCopyGlobalToLocalOp>(op))
    return cast<RankedTensorType>(gluon::getPointeeType(copy.getSrc().getType()));
  auto copy = cast<gluon::BufferLoadToLocalOp>(op);
  RankedTensorType offsets = copy.getOffsets().getType();
  return offsets.clone(gluon::getPointeeType(copy.getPtr().getType()));
}

gluon::MemDescType getDestination(Operation *op) {
  if (auto copy = dyn_cast<gluon::AsyncCopyGlobalToLocalOp>(op))
    return copy.getDst().getType();
  return cast<gluon::BufferLoadToLocalOp>(op).getDst().getType();
}

unsigned getCopiedElementBytes(Operation *op,
                               const TypeConverter &converter) {
  Type element = converter.convertType(getCopiedValues(op).getElementType());
  return unsigned(getElementBytes(getMemoryType(element)));
}

/// Why the lanes of one wave do not write consecutive vectors in `access`,
/// or "" when they do.
std::string checkLanesConsecutive(const SharedTensorAccess &access,
                                  unsigned waveSize) {
  if (access.layout.isPadded())
    return "a padded shared layout breaks the wave's run of consecutive "
           "vectors";
  const SharedAccessPlan &plan = access.plan;
  const LinearLayout &offsets = plan.offsets;
  int64_t vector = plan.vectorElements;
  const std::vector<Coord> &lanes = offsets.getBases(HwDim::Lane);
  if (int64_t(lanes.size()) != llvm::Log2_32(waveSize))
    return "the layout does not spread the copy over the wave's lanes";
  for (auto [bit, basis] : llvm::enumerate(lanes))
    if (basis[0] != vector << bit)
      return "lane " + std::to_string(int64_t(1) << bit) +
             " writes element offset " + std::to_string(basis[0]) +
             " of the wave's run, not " + std::to_string(vector << bit) +
             " (each lane's vector must follow the previous lane's)";
  int64_t laneBits = (vector * waveSize - 1) & ~(vector - 1);
  for (HwDim dim : {HwDim::Register, HwDim::Warp})
    for (auto [bit, basis] : llvm::enumerate(offsets.getBases(dim))) {
      bool vectorBit =
          dim == HwDim::Register &&
          llvm::is_contained(plan.vectorRegisterBits, unsigned(bit));
      if (!vectorBit && (basis[0] & laneBits))
        return std::string(hwDimName(dim)) + " bit " + std::to_string(bit) +
               " moves the offset within the wave's run of vectors (a "
               "swizzle across the wave's lanes)";
    }
  return "";
}

/// The plan of one copy with vectors of `bytes` (the widest both sides
/// allow when checking, the recorded width when lowering), and why it
/// cannot be a CDNA copy ("" when it can).
struct LdsCopyPlan {
  SharedTensorAccess access;
  unsigned vectorBytes;
  std::string problem;
};

LdsCopyPlan planLdsCopy(Operation *op, const TypeConverter &converter,
                        int64_t globalBytes, unsigned maxBytes,
                        unsigned waveSize) {
  unsigned elementBytes = getCopiedElementBytes(op, converter);
  int64_t bytes = std::min<int64_t>(globalBytes, maxBytes);
  // The widest width the hardware has that the global side allows.
  int64_t width = bytes >= 16 && maxBytes >= 16 ? 16 : 4;
  SharedTensorAccess access =
      planAsyncCopyAccess(getCopiedValues(op), getDestination(op), converter,
                          std::max<int64_t>(1, width / elementBytes),
                          elementBytes);
  unsigned vectorBytes = unsigned(access.plan.vectorElements * elementBytes);
  std::string problem;
  if (vectorBytes != 4 && vectorBytes != 16)
    problem = "copies " + std::to_string(vectorBytes) +
              " bytes per lane and instruction, but CDNA copies to LDS " +
              (maxBytes >= 16 ? "4 or 16" : "4") +
              " (the global side keeps " + std::to_string(globalBytes) +
              " bytes contiguous and aligned, the shared layout " +
              std::to_string(
                  planSharedTensorAccess(getCopiedValues(op),
                                         getDestination(op), converter)
                      .plan.vectorElements *
                  elementBytes) +
              "; give the pointers or offsets a layout with 4 or 16 bytes "
              "per thread, and the kernel's pointer and stride parameters "
              "divisibility, e.g. *fp16:16 and i32:8)";
  else
    problem = checkLanesConsecutive(access, waveSize);
  if (!problem.empty() && vectorBytes == 16) {
    // A 16-byte run that the lanes break may still work 4 bytes at a time.
    LdsCopyPlan narrow = planLdsCopy(op, converter, 4, 4, waveSize);
    if (narrow.problem.empty())
      return narrow;
  }
  return {std::move(access), vectorBytes, std::move(problem)};
}

/// Bytes per lane the global side of `op` keeps contiguous and aligned.
int64_t getGlobalCopyBytes(Operation *op, const LoweringContext &context,
                           unsigned elementBytes) {
  if (auto copy = dyn_cast<gluon::AsyncCopyGlobalToLocalOp>(op))
    return elementBytes * getGlobalAccessWidth(copy.getSrc(), copy.getMask(),
                                               context, elementBytes);
  auto copy = cast<gluon::BufferLoadToLocalOp>(op);
  return elementBytes * amd::getBufferAccessWidth(copy.getPtr(),
                                                  copy.getOffsets(),
                                                  copy.getMask(), context,
                                                  elementBytes);
}

//===----------------------------------------------------------------------===//
// Counting the copies a wait leaves in flight
//===----------------------------------------------------------------------===//

/// Walks the structured IR backwards from a wait (see the file header).
class WaitCounter {
public:
  WaitCounter(const llvm::DenseMap<Operation *, int64_t> &instructions,
              int64_t pendingGroups)
      : instructions(instructions), pendingGroups(pendingGroups) {}

  int64_t countBefore(Operation *wait) {
    return walk(wait->getBlock(), Block::iterator(wait), State(),
                kLoopBudget);
  }

private:
  struct State {
    int64_t groups = 0;
    int64_t count = 0;
  };
  /// How many times a path may go around a loop's back edge: enough for
  /// the groups a software pipeline keeps in flight, bounded so that the
  /// walk ends.
  static constexpr unsigned kLoopBudget = 4;

  bool holdsCopies(Operation *op) const {
    bool found = false;
    op->walk([&](Operation *nested) {
      if (nested != op && (instructions.count(nested) ||
                           isa<gluon::AsyncCommitGroupOp>(nested)))
        found = true;
    });
    return found;
  }

  /// The count when the walk starts before `it` in `block`.
  int64_t walk(Block *block, Block::iterator it, State state,
               unsigned budget) {
    while (it != block->begin()) {
      Operation &op = *--it;
      if (isa<gluon::AsyncCommitGroupOp>(op)) {
        if (state.groups == pendingGroups)
          return state.count;
        ++state.groups;
        continue;
      }
      if (auto found = instructions.find(&op); found != instructions.end()) {
        // Issued after the last commit: the wait must cover it too.
        if (state.groups == 0)
          return 0;
        state.count += found->second;
        continue;
      }
      if (op.getNumRegions() == 0 || !holdsCopies(&op))
        continue;
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        int64_t skipped = walk(block, it, state, budget);
        if (budget == 0)
          return std::min(skipped, state.count);
        Block *body = loop.getBody();
        return std::min(skipped, walk(body, Block::iterator(
                                                body->getTerminator()),
                                      state, budget - 1));
      }
      if (auto branch = dyn_cast<scf::IfOp>(op)) {
        int64_t fewest = walkArm(branch.getThenRegion(), block, it, state,
                                 budget);
        return std::min(fewest, walkArm(branch.getElseRegion(), block, it,
                                        state, budget));
      }
      // An op whose regions the walk does not follow: wait for all.
      return 0;
    }
    Operation *parent = block->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      int64_t entered = walk(parent->getBlock(), Block::iterator(parent),
                             state, budget);
      if (budget == 0)
        return std::min(entered, state.count);
      return std::min(entered, walk(block, Block::iterator(
                                               block->getTerminator()),
                                    state, budget - 1));
    }
    if (isa<scf::IfOp>(parent))
      return walk(parent->getBlock(), Block::iterator(parent), state, budget);
    // The function's start: every copy issued so far was counted.
    return state.count;
  }

  /// The count through one arm of an if (an empty else arm is the path
  /// that skips the if).
  int64_t walkArm(Region &arm, Block *block, Block::iterator it, State state,
                  unsigned budget) {
    if (arm.empty())
      return walk(block, it, state, budget);
    Block &body = arm.front();
    return walk(&body, Block::iterator(body.getTerminator()), state, budget);
  }

  const llvm::DenseMap<Operation *, int64_t> &instructions;
  int64_t pendingGroups;
};

//===----------------------------------------------------------------------===//
// The planning pass
//===----------------------------------------------------------------------===//

class PlanLdsCopiesPass
    : public amd::impl::GluonAMDPlanLdsCopiesBase<PlanLdsCopiesPass> {
public:
  using GluonAMDPlanLdsCopiesBase::GluonAMDPlanLdsCopiesBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::string archName = getPassArch(module, arch);
    if (archName.empty())
      return signalPassFailure();
    std::shared_ptr<const TargetInfo> target =
        lookupTargetForArch(archName)->getTargetInfo(archName);
    unsigned maxCopyBytes =
        lookupArchInfo(archName)->features.asyncCopyToLdsBytes;
    llvm::SmallVector<Operation *> copies;
    module.walk([&](Operation *op) {
      if (isa<gluon::AsyncCopyGlobalToLocalOp, gluon::BufferLoadToLocalOp>(op))
        copies.push_back(op);
    });
    if (copies.empty())
      return;
    if (maxCopyBytes == 0) {
      copies.front()->emitOpError(
          "copies global memory to LDS, which this architecture cannot");
      return signalPassFailure();
    }
    AxisInfoAnalysis axisInfo(module);
    GluonLLVMTypeConverter converter(&getContext());
    LoweringContext context{*target, axisInfo, 0};
    unsigned waveSize = target->getWarpSize();
    llvm::DenseMap<Operation *, int64_t> instructions;
    Builder builder(&getContext());
    for (Operation *op : copies) {
      unsigned elementBytes = getCopiedElementBytes(op, converter);
      LdsCopyPlan plan =
          planLdsCopy(op, converter,
                      getGlobalCopyBytes(op, context, elementBytes),
                      maxCopyBytes, waveSize);
      if (!plan.problem.empty()) {
        op->emitOpError() << plan.problem;
        return signalPassFailure();
      }
      op->setAttr(kCopyBytesAttrName,
                  builder.getI32IntegerAttr(plan.vectorBytes));
      instructions[op] = int64_t(plan.access.plan.accesses.size());
    }
    module.walk([&](gluon::AsyncWaitGroupOp wait) {
      int64_t count =
          WaitCounter(instructions, wait.getPendings()).countBefore(wait);
      wait->setAttr(kVmcntAttrName, builder.getI32IntegerAttr(count));
    });
  }
};

//===----------------------------------------------------------------------===//
// The patterns
//===----------------------------------------------------------------------===//

/// The plan recorded for `op` by the planning pass.
FailureOr<LdsCopyPlan> getRecordedPlan(Operation *op,
                                       const TypeConverter &converter,
                                       unsigned waveSize) {
  auto bytes = op->getAttrOfType<IntegerAttr>(kCopyBytesAttrName);
  if (!bytes)
    return op->emitOpError() << "was not planned (gluon-amd-plan-lds-copies "
                                "runs before the conversion)";
  unsigned width = unsigned(bytes.getInt());
  LdsCopyPlan plan = planLdsCopy(op, converter, width, width, waveSize);
  if (!plan.problem.empty() || plan.vectorBytes != width)
    return op->emitOpError() << "cannot follow its recorded plan: "
                             << plan.problem;
  return plan;
}

/// The LDS address a wave's instruction takes: this lane's address minus
/// lane * bytes, the same in every lane.
Value getWaveAddress(OpBuilder &b, Location loc, Value address,
                     unsigned waveSize, unsigned bytes) {
  Type i32 = b.getI32Type();
  Value tid = ROCDL::ThreadIdXOp::create(b, loc, i32);
  Value lane = LLVM::URemOp::create(b, loc, tid,
                                    createI32Constant(b, loc, waveSize));
  Value laneBytes =
      LLVM::MulOp::create(b, loc, lane, createI32Constant(b, loc, bytes));
  Value start = LLVM::SubOp::create(
      b, loc, LLVM::PtrToIntOp::create(b, loc, i32, address), laneBytes);
  start = ROCDL::ReadfirstlaneOp::create(b, loc, i32, start);
  return LLVM::IntToPtrOp::create(b, loc, address.getType(), start);
}

template <typename CopyOp>
struct LdsCopyConversion : public ConvertOpToLLVMPattern<CopyOp> {
  LdsCopyConversion(const LLVMTypeConverter &converter,
                    const LoweringContext &context)
      : ConvertOpToLLVMPattern<CopyOp>(converter), context(context) {}

  LogicalResult
  matchAndRewrite(CopyOp op, typename CopyOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned waveSize = context.target.getWarpSize();
    FailureOr<LdsCopyPlan> plan =
        getRecordedPlan(op, *this->getTypeConverter(), waveSize);
    if (failed(plan))
      return failure();
    const SharedTensorAccess &access = plan->access;
    SmallVector<Value> addresses = emitSharedAccessAddresses(
        rewriter, loc, context, access, adaptor.getDst());
    SmallVector<Value> sources = getSources(op, adaptor, rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackRegisters(rewriter, loc, adaptor.getMask());
    for (auto [registers, address] :
         llvm::zip_equal(access.plan.accesses, addresses)) {
      int64_t first = registers.front();
      Value lds = getWaveAddress(rewriter, loc, address, waveSize,
                                 plan->vectorBytes);
      emitCopy(rewriter, loc, op, adaptor, sources[first], lds,
               masks.empty() ? Value() : masks[first], plan->vectorBytes);
    }
    rewriter.eraseOp(op);
    return success();
  }

private:
  SmallVector<Value> getSources(CopyOp op, typename CopyOp::Adaptor adaptor,
                                OpBuilder &b) const {
    if constexpr (std::is_same_v<CopyOp, gluon::AsyncCopyGlobalToLocalOp>)
      return unpackRegisters(b, op.getLoc(), adaptor.getSrc());
    else
      return unpackRegisters(b, op.getLoc(), adaptor.getOffsets());
  }

  void emitCopy(OpBuilder &b, Location loc, CopyOp op,
                typename CopyOp::Adaptor adaptor, Value source, Value lds,
                Value mask, unsigned bytes) const {
    if constexpr (std::is_same_v<CopyOp, gluon::AsyncCopyGlobalToLocalOp>) {
      Value global = source;
      auto type = cast<LLVM::LLVMPointerType>(global.getType());
      if (type.getAddressSpace() != 1)
        global = LLVM::AddrSpaceCastOp::create(
            b, loc, LLVM::LLVMPointerType::get(b.getContext(), 1), global);
      ROCDL::GlobalLoadLDSOp::create(b, loc, global, lds, bytes, 0, 0,
                                     ArrayAttr(), ArrayAttr(), ArrayAttr());
    } else {
      Type element = this->getTypeConverter()->convertType(
          getCopiedValues(op).getElementType());
      Value offset = amd::toBufferByteOffset(b, loc, source,
                                             getMemoryType(element));
      Value zero = createI32Constant(b, loc, 0);
      ROCDL::RawPtrBufferLoadLdsOp::create(
          b, loc, amd::makeBufferResource(b, loc, adaptor.getPtr()), lds,
          createI32Constant(b, loc, bytes),
          amd::guardBufferOffset(b, loc, offset, mask), zero, zero, zero,
          ArrayAttr(), ArrayAttr(), ArrayAttr());
    }
  }

  LoweringContext context;
};

struct CommitGroupConversion
    : public ConvertOpToLLVMPattern<gluon::AsyncCommitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gluon::AsyncCommitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // vmcnt orders the copies; a group is only a count for the waits.
    rewriter.eraseOp(op);
    return success();
  }
};

struct WaitGroupConversion
    : public ConvertOpToLLVMPattern<gluon::AsyncWaitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gluon::AsyncWaitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto count = op->getAttrOfType<IntegerAttr>(kVmcntAttrName);
    // No copy in the kernel: nothing to wait for but what vmcnt(0) waits.
    int64_t vmcnt = count ? count.getInt() : 0;
    ROCDL::SWaitcntOp::create(
        rewriter, op.getLoc(),
        amd::encodeWaitcnt(uint32_t(std::min<int64_t>(vmcnt, 63))));
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Telling LLVM what the copies write
//===----------------------------------------------------------------------===//

/// Puts the copies to LDS in one alias scope and every other LDS access
/// outside it. Without this LLVM's wait insertion must assume that any
/// LDS access may touch a copy in flight and waits for all of them
/// (s_waitcnt vmcnt(0) before the first ds_read after the copies: llc 22,
/// gfx942, the ring of tests/lit/amd/async-copy.test). gluonc's rule makes
/// it true: a copy's destination is read or written only after a
/// wait_group that covers the copy (which waits by vmcnt itself).
class ScopeLdsCopiesPass
    : public amd::impl::GluonAMDScopeLdsCopiesBase<ScopeLdsCopiesPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto isCopy = [](Operation *op) {
      return isa<ROCDL::GlobalLoadLDSOp, ROCDL::RawPtrBufferLoadLdsOp>(op);
    };
    bool any = false;
    module.walk([&](Operation *op) { any |= isCopy(op); });
    if (!any)
      return;
    MLIRContext *context = &getContext();
    auto domain = LLVM::AliasScopeDomainAttr::get(
        context, StringAttr::get(context, "gluon.lds"));
    auto scope = LLVM::AliasScopeAttr::get(
        domain, StringAttr::get(context, "gluon.lds_copies"));
    ArrayAttr scopes = ArrayAttr::get(context, {scope});
    module.walk([&](LLVM::AliasAnalysisOpInterface access) {
      if (isCopy(access)) {
        access.setAliasScopes(scopes);
        return;
      }
      bool touchesLds = llvm::any_of(access.getAccessedOperands(),
                                     [](Value pointer) {
                                       auto type = dyn_cast<LLVM::LLVMPointerType>(
                                           pointer.getType());
                                       return type &&
                                              type.getAddressSpace() == 3;
                                     });
      if (touchesLds)
        access.setNoAliasScopes(scopes);
    });
  }
};

} // namespace

void gluonc::amd::populateAsyncCopyToLLVMPatterns(
    GluonLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &context) {
  patterns.add<LdsCopyConversion<gluon::AsyncCopyGlobalToLocalOp>,
               LdsCopyConversion<gluon::BufferLoadToLocalOp>>(converter,
                                                              context);
  patterns.add<CommitGroupConversion, WaitGroupConversion>(converter);
}
