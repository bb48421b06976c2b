//===- AsyncCopyOpToLLVM.cpp - Ampere's async copies as cp.async ----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gluon.async_copy_global_to_local as cp.async (PTX ISA 7.0, sm_80), one
// per vector of the thread's elements:
//
//  - the vectors are those of a local_store of the same tensor into the
//    same view (planSharedTensorAccess, SharedMemoryAccess.h), limited to
//    what the global side allows: the leading registers the pointers'
//    layout and AxisInfo facts keep contiguous, aligned and under one mask
//    bit (getGlobalAccessWidth), which must also be the vector's own
//    register bits, in order (a shared layout that orders the elements
//    otherwise makes smaller vectors);
//  - cp-size is the vector's bytes: 4, 8 or 16 (cp.async has no smaller
//    copy: an error names what limits it); 16-byte copies bypass L1
//    (.cg) unless the op asks for .ca, smaller ones are .ca;
//  - a masked-off vector still copies, with src-size 0: zeros are written
//    and nothing is read;
//  - a layout that replicates elements across lanes or warps copies each
//    element from one thread only (the predicate of a distributed store).
//
// gluon.async_commit_group and gluon.async_wait_group are
// cp.async.commit_group and cp.async.wait_group N, and
// gluon.async_copy_mbarrier_arrive is cp.async.mbarrier.arrive (.noinc) in
// every thread. All are inline PTX with side effects, so no shared memory
// access moves across them.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "PtxAsm.h"

#include "gluonc/Conversion/SharedMemoryAccess.h"
#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/IR/NvidiaOps.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace gluonc;
using nvidia::ContextPattern;

namespace {

/// The global pointer of a copy as cp.async's .global source: a generic
/// address is converted (cvta.to.global).
Value toGlobalPointer(OpBuilder &b, Location loc, Value ptr) {
  auto type = cast<LLVM::LLVMPointerType>(ptr.getType());
  if (type.getAddressSpace() == 1)
    return ptr;
  return LLVM::AddrSpaceCastOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), 1), ptr);
}


struct AsyncCopyGlobalToLocalOpConversion
    : ContextPattern<gluon::AsyncCopyGlobalToLocalOp> {
  using ContextPattern::ContextPattern;

  LogicalResult
  matchAndRewrite(gluon::AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptrType = cast<RankedTensorType>(op.getSrc().getType());
    auto values = cast<RankedTensorType>(gluon::getPointeeType(ptrType));
    gluon::MemDescType dst = op.getDst().getType();
    const TypeConverter &converter = *getTypeConverter();
    unsigned bytes = unsigned(getElementBytes(
        getMemoryType(converter.convertType(values.getElementType()))));
    int64_t globalWidth =
        getGlobalAccessWidth(op.getSrc(), op.getMask(), context, bytes);
    SharedTensorAccess access =
        planAsyncCopyAccess(values, dst, converter, globalWidth, bytes);
    int64_t copyBytes = access.plan.vectorElements * bytes;
    if (copyBytes < 4)
      return op.emitOpError()
             << "copies " << copyBytes
             << " bytes at a time, but cp.async copies 4, 8 or 16: the "
                "pointers' layout and what is known of their values keep "
             << globalWidth << " element(s) of "
             << gluon::typeToString(values.getElementType())
             << " contiguous and aligned, and the shared layout "
             << gluon::layoutToString(dst.getLayout()) << " keeps "
             << planSharedTensorAccess(values, dst, converter)
                    .plan.vectorElements
             << " (give the pointers a layout with more consecutive "
                "elements per thread, and the kernel's pointer and stride "
                "parameters divisibility in the signature, e.g. *fp16:16 "
                "and i32:8)";

    std::optional<StringRef> cache = op.getCache();
    StringRef mode =
        copyBytes == 16 && (!cache || *cache == "cg") ? "cg" : "ca";
    Value writer = emitSingleWriterPredicate(rewriter, loc, context,
                                             gluon::getLinearLayout(ptrType));
    std::string text = (writer ? "@$0 " : "") + ("cp.async." + mode).str() +
                       ".shared.global [$" + (writer ? "1" : "0") + "], [$" +
                       (writer ? "2" : "1") + "], " +
                       std::to_string(copyBytes) + ", $" +
                       (writer ? "3" : "2") + ";";
    std::string constraints = writer ? "b,r,l,r" : "r,l,r";

    SmallVector<Value> ptrs = unpackRegisters(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackRegisters(rewriter, loc, adaptor.getMask());
    SmallVector<Value> addresses = emitSharedAccessAddresses(
        rewriter, loc, context, access, adaptor.getDst());
    Value fullSize = createI32Constant(rewriter, loc, copyBytes);
    Value noSize = createI32Constant(rewriter, loc, 0);
    for (auto [registers, address] :
         llvm::zip_equal(access.plan.accesses, addresses)) {
      int64_t first = registers.front();
      // Masked off: src-size 0 reads nothing and writes zeros.
      Value srcSize = masks.empty()
                          ? fullSize
                          : LLVM::SelectOp::create(rewriter, loc, masks[first],
                                                   fullSize, noSize)
                                .getResult();
      SmallVector<Value> operands;
      if (writer)
        operands.push_back(writer);
      operands.push_back(LLVM::PtrToIntOp::create(
          rewriter, loc, rewriter.getI32Type(), address));
      operands.push_back(toGlobalPointer(rewriter, loc, ptrs[first]));
      operands.push_back(srcSize);
      nvidia::emitPtxAsm(rewriter, loc, Type(), text, constraints, operands);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncCommitGroupOpConversion
    : ContextPattern<gluon::AsyncCommitGroupOp> {
  using ContextPattern::ContextPattern;

  LogicalResult
  matchAndRewrite(gluon::AsyncCommitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nvidia::emitPtxAsm(rewriter, op.getLoc(), Type(), "cp.async.commit_group;",
                       "", {});
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncWaitGroupOpConversion : ContextPattern<gluon::AsyncWaitGroupOp> {
  using ContextPattern::ContextPattern;

  LogicalResult
  matchAndRewrite(gluon::AsyncWaitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nvidia::emitPtxAsm(rewriter, op.getLoc(), Type(),
                       "cp.async.wait_group " +
                           std::to_string(op.getPendings()) + ";",
                       "", {});
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncCopyMBarrierArriveOpConversion
    : ContextPattern<gluon::AsyncCopyMBarrierArriveOp> {
  using ContextPattern::ContextPattern;

  LogicalResult
  matchAndRewrite(gluon::AsyncCopyMBarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Every thread: each tracks its own copies.
    Value address =
        nvidia::toSharedAddress(rewriter, loc, adaptor.getBarrier());
    std::string text = op.getNoIncrement()
                           ? "cp.async.mbarrier.arrive.noinc.shared::cta.b64"
                           : "cp.async.mbarrier.arrive.shared::cta.b64";
    nvidia::emitPtxAsm(rewriter, loc, Type(), text + " [$0];", "r", {address});
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void gluonc::nvidia::populateAsyncCopyOpToLLVMPatterns(
    GluonLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &context) {
  patterns.add<AsyncCopyGlobalToLocalOpConversion, AsyncCommitGroupOpConversion,
               AsyncWaitGroupOpConversion, AsyncCopyMBarrierArriveOpConversion>(
      converter, context);
}
