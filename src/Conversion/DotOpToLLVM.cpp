//===- DotOpToLLVM.cpp - The FMA dot, per thread --------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gluon.dot_fma needs no communication: the operand layouts give each
// thread the whole K extent of the rows of `a` and the columns of `b` that
// its accumulator elements need. So for an accumulator register holding
// element (.., m, n), the registers holding a(.., m, k) and b(.., k, n) are
// found at compile time from the three linear layouts, and the element is
// accumulated over k in increasing order.
//
// That works because an operand's lanes and warps are the accumulator's
// with the other operand's dimension projected away (checked below): the
// thread-dependent part of every coordinate agrees, so matching the
// register (thread-independent) parts is enough.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/Utility.h"

#include "gluonc/IR/Dialect.h"

using namespace mlir;
using namespace gluonc;

namespace {

/// True when the lanes, warps and blocks of `operand` are those of `acc`
/// with tensor dimension `droppedDim` set to zero.
bool sharesThreadBases(const LinearLayout &operand, const LinearLayout &acc,
                       unsigned droppedDim) {
  for (HwDim hw : {HwDim::Lane, HwDim::Warp, HwDim::Block}) {
    if (operand.getNumBits(hw) != acc.getNumBits(hw))
      return false;
    for (unsigned bit = 0; bit < acc.getNumBits(hw); ++bit) {
      Coord projected = acc.getBases(hw)[bit];
      projected[droppedDim] = 0;
      if (operand.getBases(hw)[bit] != projected)
        return false;
    }
  }
  return true;
}

struct DotFmaOpConversion : public ConvertOpToLLVMPattern<gluon::DotFmaOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gluon::DotFmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LinearLayout aLayout = gluon::getLinearLayout(op.getA().getType());
    LinearLayout bLayout = gluon::getLinearLayout(op.getB().getType());
    LinearLayout accLayout = gluon::getLinearLayout(op.getAcc().getType());
    unsigned rank = accLayout.rank();
    unsigned mDim = rank - 2, nDim = rank - 1;
    if (!sharesThreadBases(aLayout, accLayout, nDim) ||
        !sharesThreadBases(bLayout, accLayout, mDim))
      return op.emitOpError("the operand layouts do not give each thread "
                            "the rows and columns its accumulator needs");

    SmallVector<Value> a = unpackRegisters(rewriter, loc, adaptor.getA());
    SmallVector<Value> b = unpackRegisters(rewriter, loc, adaptor.getB());
    SmallVector<Value> acc = unpackRegisters(rewriter, loc, adaptor.getAcc());
    // Per accumulator register, the registers of a and b for each k.
    int64_t kSize = op.getA().getType().getShape()[nDim];
    SmallVector<SmallVector<std::pair<int64_t, int64_t>>> operands(acc.size());
    for (int64_t reg = 0; reg < int64_t(acc.size()); ++reg) {
      Coord element = accLayout.apply(HwDim::Register, reg);
      for (int64_t k = 0; k < kSize; ++k) {
        Coord aCoord = element, bCoord = element;
        aCoord[nDim] = k;
        bCoord[mDim] = k;
        std::optional<int64_t> aReg = aLayout.findRegister(aCoord);
        std::optional<int64_t> bReg = bLayout.findRegister(bCoord);
        if (!aReg || !bReg)
          return op.emitOpError("an operand element the accumulator needs "
                                "is not in the thread's registers");
        operands[reg].push_back({*aReg, *bReg});
      }
    }

    bool isFloat = isa<FloatType>(op.getAcc().getType().getElementType());
    // k outermost: the accumulator registers are independent chains, and
    // emitting them interleaved leaves the scheduler nothing to undo.
    for (int64_t k = 0; k < kSize; ++k)
      for (size_t reg = 0; reg < acc.size(); ++reg) {
        auto [aReg, bReg] = operands[reg][k];
        if (isFloat) {
          acc[reg] = LLVM::FMAOp::create(rewriter, loc, a[aReg], b[bReg],
                                         acc[reg]);
        } else {
          Value product = LLVM::MulOp::create(rewriter, loc, a[aReg], b[bReg]);
          acc[reg] = LLVM::AddOp::create(rewriter, loc, acc[reg], product);
        }
      }
    Type resultType = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, acc));
    return success();
  }
};

} // namespace

void gluonc::populateDotOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<DotFmaOpConversion>(converter);
}
