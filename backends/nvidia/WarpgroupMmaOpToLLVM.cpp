//===- WarpgroupMmaOpToLLVM.cpp - gluon.warpgroup_mma as wgmma PTX --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gluon.warpgroup_mma issues what its plan says (gluon::planWarpgroupMma):
// wgmma.fence, then for each tile of the warpgroup and each K step one
// wgmma.mma_async (PTX ISA 8.0, sm_90a) on shared-memory matrix
// descriptors, then wgmma.commit_group. A descriptor is the mode's constant
// bits plus the tile's start address in 16-byte units: the operand's
// address and the warpgroup's own offset are computed once per op, each
// tile adds a constant, so LLVM hoists all of it out of a K loop.
//
// The accumulator's registers come in the order of its linear layout
// (nvidiaMmaToLinearLayout): within a tile (column + 1, row + 8, columns
// by 8) exactly the order of wgmma's d registers, then N tiles, then M
// tiles. Each instruction's d operands are tied to its inputs ("=f", "0"):
// the accumulation happens in place, asynchronously. An fp16 accumulator
// travels as f16x2 pairs of consecutive registers, as PTX's .f16 fragment
// holds them.
//
// gluon.warpgroup_mma_wait is wgmma.wait_group with every register of its
// tensor dependencies tied through it, so that no use of an MMA's result
// can move above the wait.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "PtxAsm.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/NvidiaOps.h"
#include "gluonc/IR/WarpgroupMma.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace gluonc;

namespace {

Value i64Constant(OpBuilder &b, Location loc, uint64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                  b.getI64IntegerAttr(int64_t(value)));
}

/// The inline-asm constraint of a register of `type`.
StringRef getConstraint(Type type) {
  if (type.isF32())
    return "f";
  if (type.isF64())
    return "d";
  if (type.isInteger(64) || isa<LLVM::LLVMPointerType>(type))
    return "l";
  if (type.isF16() || type.isBF16() || type.isInteger(16))
    return "h";
  return "r";
}

/// `value` when the warpgroup index `index` is i, offsets[i] (elements of
/// the operand): the warpgroup's share of every tile's address.
Value selectWarpOffset(OpBuilder &b, Location loc, Value index,
                       ArrayRef<int64_t> offsets) {
  Value result = createI32Constant(b, loc, offsets.front());
  for (size_t i = 1; i < offsets.size(); ++i) {
    Value isThis = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, index,
                                        createI32Constant(b, loc, int64_t(i)));
    result = LLVM::SelectOp::create(b, loc, isThis,
                                    createI32Constant(b, loc, offsets[i]),
                                    result);
  }
  return result;
}

/// The descriptor of an operand's tile at element offset 0 for this
/// thread's warpgroup: mode bits | (address >> 4). Tiles add their own
/// offset in 16-byte units (the address field cannot carry: shared memory
/// addresses stay below 2^18).
Value emitBaseDescriptor(OpBuilder &b, Location loc, Value base,
                         Value warpOffset, unsigned elementBytes,
                         const WgmmaOperandMode &mode) {
  Value address = nvidia::toSharedAddress(b, loc, base);
  Value bytes = LLVM::MulOp::create(
      b, loc, warpOffset, createI32Constant(b, loc, int64_t(elementBytes)));
  address = LLVM::AddOp::create(b, loc, address, bytes);
  Value field = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, address, createI32Constant(b, loc, 4)),
      createI32Constant(b, loc, 0x3fff));
  Value wide = LLVM::ZExtOp::create(b, loc, b.getI64Type(), field);
  return LLVM::OrOp::create(b, loc, wide,
                            i64Constant(b, loc, mode.getDescriptorBits()));
}

/// The wgmma.mma_async instruction of one tile and K step: its d registers
/// are $0.., tied to the inputs after them; then A (a descriptor, or four
/// 32-bit registers), B's descriptor and the scale-d flag.
std::string getMmaText(const gluon::WarpgroupMmaPlan &plan, bool aInRegisters,
                       int64_t numResults) {
  int64_t next = 2 * numResults;
  auto operand = [&]() { return "$" + std::to_string(next++); };
  std::string a;
  if (aInRegisters) {
    a = "{";
    for (int i = 0; i < 4; ++i)
      a += (i ? ", " : "") + operand();
  } else {
    a = operand();
  }
  if (aInRegisters)
    a += "}";
  std::string b = operand();
  std::string scale = operand();
  std::string text = "{\n.reg .pred p;\nsetp.ne.b32 p, " + scale +
                     ", 0;\nwgmma.mma_async.sync.aligned.m64n" +
                     std::to_string(plan.instrN) + "k" +
                     std::to_string(plan.instrK) + "." + plan.accType + "." +
                     plan.operandType + "." + plan.operandType + " {";
  for (int64_t i = 0; i < numResults; ++i)
    text += (i ? ", $" : "$") + std::to_string(i);
  text += "}, " + a + ", " + b + ", p, 1, 1";
  // Only 16-bit operands have the transpose immediates, and A only from
  // shared memory.
  if (plan.elementBytes == 2) {
    if (!aInRegisters)
      text += plan.aMode->mnMajor ? ", 1" : ", 0";
    text += plan.bMode.mnMajor ? ", 1" : ", 0";
  }
  return text + ";\n}";
}

/// `elements` (32 bits in all) as one 32-bit register, the first lowest.
Value packIntoI32(OpBuilder &b, Location loc, ArrayRef<Value> elements) {
  auto type =
      VectorType::get({int64_t(elements.size())}, elements.front().getType());
  Value vector = LLVM::UndefOp::create(b, loc, type);
  for (auto [e, element] : llvm::enumerate(elements))
    vector = LLVM::InsertElementOp::create(b, loc, vector, element,
                                           createI32Constant(b, loc, e));
  return LLVM::BitcastOp::create(b, loc, b.getI32Type(), vector);
}

/// A's four 32-bit registers of tile (m, k): its dot operand layout holds
/// them in PTX's order, 32 / bits elements each (nvidiaMmaDotOperandToLinearLayout).
SmallVector<Value> packARegisters(OpBuilder &b, Location loc,
                                  ArrayRef<Value> a,
                                  const gluon::WarpgroupMmaPlan &plan,
                                  int64_t m, int64_t k) {
  int64_t width = 4 / plan.elementBytes;
  int64_t first = (m * plan.kSteps + k) * 4 * width;
  SmallVector<Value> packed;
  for (int64_t j = 0; j < 4; ++j)
    packed.push_back(packIntoI32(b, loc, a.slice(first + j * width, width)));
  return packed;
}

/// The inline-asm constraints of getMmaText's instruction: `numResults`
/// accumulator outputs (f32 registers, or f16x2 pairs in 32-bit ones),
/// inputs tied to them, then A (a descriptor or four registers), B's
/// descriptor and the scale-d flag.
std::string getMmaConstraints(bool aInRegisters, bool packedF16,
                              int64_t numResults) {
  std::string constraints;
  for (int64_t i = 0; i < numResults; ++i)
    constraints += packedF16 ? "=r," : "=f,";
  for (int64_t i = 0; i < numResults; ++i)
    constraints += std::to_string(i) + ",";
  return constraints + (aInRegisters ? "r,r,r,r,l,r" : "l,l,r");
}

/// This warp's warpgroup along M, (w % WM) / 4, and along N, (w / WM) %
/// WN, from `warp`, a warp id ptxas knows is uniform: the descriptors
/// computed from them then stay in uniform registers.
std::pair<Value, Value>
emitWarpgroupCoords(OpBuilder &b, Location loc, Value warp,
                    const gluon::WarpgroupMmaPlan &plan) {
  Value warpsM = createI32Constant(b, loc, plan.getWarpsM());
  Value groupM =
      LLVM::UDivOp::create(b, loc, LLVM::URemOp::create(b, loc, warp, warpsM),
                           createI32Constant(b, loc, kWarpGroupWarps));
  Value groupN =
      LLVM::URemOp::create(b, loc, LLVM::UDivOp::create(b, loc, warp, warpsM),
                           createI32Constant(b, loc, plan.getWarpsN()));
  return {groupM, groupN};
}

/// An operand in shared memory as wgmma reads it: the descriptor of this
/// warpgroup's share, and the layout that places each tile in it.
struct SharedOperand {
  Value descriptor;
  SharedLayout layout;
  unsigned elementBytes;

  /// The descriptor of the tile at `origin`: a constant added to the base,
  /// so that LLVM hoists the base out of a K loop.
  Value getTile(OpBuilder &b, Location loc, const Coord &origin) const {
    int64_t units = layout.getOffset(origin) * elementBytes / 16;
    if (units == 0)
      return descriptor;
    return LLVM::AddOp::create(b, loc, descriptor,
                               i64Constant(b, loc, uint64_t(units)));
  }
};

/// The operand at `base` for this thread's warpgroup, the `group`-th of
/// `count` along the operand's warpgroup dimension (M for A, N for B),
/// whose share starts at `origin(i)` for the i-th.
SharedOperand makeSharedOperand(OpBuilder &b, Location loc, Value base,
                                SharedLayout layout, Value group,
                                unsigned count,
                                llvm::function_ref<Coord(unsigned)> origin,
                                unsigned elementBytes,
                                const WgmmaOperandMode &mode) {
  SmallVector<int64_t> offsets;
  for (unsigned i = 0; i < count; ++i)
    offsets.push_back(layout.getOffset(origin(i)));
  Value descriptor =
      emitBaseDescriptor(b, loc, base, selectWarpOffset(b, loc, group, offsets),
                         elementBytes, mode);
  return {descriptor, std::move(layout), elementBytes};
}

/// A and B as the instructions take them: B, and A from shared memory, as
/// descriptors; A from registers as its values.
struct MmaOperands {
  std::optional<SharedOperand> a;
  SmallVector<Value> aRegisters;
  SharedOperand b;
};

/// Lowers A and B for this thread's warpgroup (`groupM`, `groupN`).
MmaOperands lowerOperands(OpBuilder &b, Location loc, gluon::WarpgroupMmaOp op,
                          Value loweredA, Value loweredB,
                          const gluon::WarpgroupMmaPlan &plan, Value groupM,
                          Value groupN) {
  std::optional<SharedOperand> a;
  SmallVector<Value> aRegisters;
  if (auto aType = dyn_cast<gluon::MemDescType>(op.getA().getType()))
    a = makeSharedOperand(
        b, loc, loweredA, aType.getSharedLayout(), groupM,
        plan.getWarpgroupsM(),
        [&](unsigned g) { return plan.getAWarpgroupOrigin(g); },
        plan.elementBytes, *plan.aMode);
  else
    aRegisters = unpackRegisters(b, loc, loweredA);
  auto bType = cast<gluon::MemDescType>(op.getB().getType());
  SharedOperand bOperand = makeSharedOperand(
      b, loc, loweredB, bType.getSharedLayout(), groupN, plan.getWarpsN(),
      [&](unsigned wn) { return plan.getBWarpgroupOrigin(wn); },
      plan.elementBytes, plan.bMode);
  return {std::move(a), std::move(aRegisters), std::move(bOperand)};
}

/// Appends the inputs of tile (m, n)'s K step k after its accumulator:
/// A's tile (a descriptor, or four registers), B's tile descriptor and
/// `scale`, the scale-d flag.
void appendStepInputs(OpBuilder &b, Location loc,
                      const gluon::WarpgroupMmaPlan &plan,
                      const MmaOperands &operands, int64_t m, int64_t n,
                      int64_t k, Value scale, SmallVectorImpl<Value> &inputs) {
  if (operands.a)
    inputs.push_back(operands.a->getTile(b, loc, plan.getATileOrigin(m, k)));
  else
    llvm::append_range(inputs,
                       packARegisters(b, loc, operands.aRegisters, plan, m, k));
  inputs.push_back(operands.b.getTile(b, loc, plan.getBTileOrigin(k, n)));
  inputs.push_back(scale);
}

/// An fp16 accumulator's d registers: each holds the pair of adjacent
/// elements that an fp32 accumulator keeps in two (PTX's wgmma fragment
/// for .f16), which are consecutive in the layout's register order.
SmallVector<Value> packF16Pairs(OpBuilder &b, Location loc,
                                ArrayRef<Value> values) {
  SmallVector<Value> packed;
  for (size_t i = 0; i < values.size(); i += 2)
    packed.push_back(packIntoI32(b, loc, values.slice(i, 2)));
  return packed;
}

/// The inverse of packF16Pairs.
void unpackF16Pairs(OpBuilder &b, Location loc, ArrayRef<Value> packed,
                    MutableArrayRef<Value> values) {
  auto pair = VectorType::get({2}, b.getF16Type());
  for (auto [i, reg] : llvm::enumerate(packed)) {
    Value vector = LLVM::BitcastOp::create(b, loc, pair, reg);
    for (int64_t e = 0; e < 2; ++e)
      values[2 * i + e] = LLVM::ExtractElementOp::create(
          b, loc, vector, createI32Constant(b, loc, e));
  }
}

/// One wgmma.mma_async for each tile and K step, in place on `acc` (the
/// accumulator's registers, tile by tile): a tile's registers go through
/// its K steps, the first scaling the accumulator by `useAcc`, the others
/// by `one`.
void emitTileMmas(OpBuilder &b, Location loc,
                  const gluon::WarpgroupMmaPlan &plan,
                  const MmaOperands &operands, Value useAcc, Value one,
                  SmallVectorImpl<Value> &acc) {
  bool aInRegisters = !operands.a;
  bool packedF16 = plan.accType == "f16";
  int64_t perTile = plan.instrN / 2;
  int64_t outputs = packedF16 ? perTile / 2 : perTile;
  Type outputType = packedF16 ? Type(b.getI32Type()) : b.getF32Type();
  auto resultStruct = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(outputs, outputType));
  std::string constraints = getMmaConstraints(aInRegisters, packedF16, outputs);
  std::string text = getMmaText(plan, aInRegisters, outputs);
  for (int64_t m = 0; m < plan.mReps; ++m)
    for (int64_t n = 0; n < plan.nReps; ++n) {
      MutableArrayRef<Value> tile(acc.begin() + (m * plan.nReps + n) * perTile,
                                  perTile);
      SmallVector<Value> registers(tile.begin(), tile.end());
      if (packedF16)
        registers = packF16Pairs(b, loc, registers);
      for (int64_t k = 0; k < plan.kSteps; ++k) {
        SmallVector<Value> inputs(registers);
        appendStepInputs(b, loc, plan, operands, m, n, k, k == 0 ? useAcc : one,
                         inputs);
        Value result =
            nvidia::emitPtxAsm(b, loc, resultStruct, text, constraints, inputs)
                .getResult(0);
        for (int64_t i = 0; i < outputs; ++i)
          registers[i] = LLVM::ExtractValueOp::create(b, loc, result, i);
      }
      if (packedF16)
        unpackF16Pairs(b, loc, registers, tile);
      else
        llvm::copy(registers, tile.begin());
    }
}

struct WarpgroupMmaOpConversion
    : nvidia::ContextPattern<gluon::WarpgroupMmaOp> {
  using ContextPattern::ContextPattern;

  LogicalResult
  matchAndRewrite(gluon::WarpgroupMmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string problem;
    std::optional<gluon::WarpgroupMmaPlan> plan = gluon::planWarpgroupMma(
        op.getA().getType(), op.getB().getType(), op.getAcc().getType(),
        problem);
    if (!plan)
      return op.emitOpError(problem);
    Value warp = nvidia::emitUniformWarpId(rewriter, loc, context);
    auto [groupM, groupN] = emitWarpgroupCoords(rewriter, loc, warp, *plan);
    MmaOperands operands = lowerOperands(rewriter, loc, op, adaptor.getA(),
                                         adaptor.getB(), *plan, groupM, groupN);
    SmallVector<Value> acc = unpackRegisters(rewriter, loc, adaptor.getAcc());
    Value useAcc = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI32Type(),
                                        adaptor.getUseAcc());
    Value one = createI32Constant(rewriter, loc, 1);

    nvidia::emitPtxAsm(rewriter, loc, Type(), "wgmma.fence.sync.aligned;", "",
                       {});
    emitTileMmas(rewriter, loc, *plan, operands, useAcc, one, acc);
    nvidia::emitPtxAsm(rewriter, loc, Type(),
                       "wgmma.commit_group.sync.aligned;", "", {});
    Type resultType = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, acc));
    return success();
  }
};

struct WarpgroupMmaWaitOpConversion
    : public ConvertOpToLLVMPattern<gluon::WarpgroupMmaWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gluon::WarpgroupMmaWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string text =
        "wgmma.wait_group.sync.aligned " + std::to_string(op.getPendings()) +
        ";";
    // Every register of the tensor dependencies, tied through the wait.
    SmallVector<Value> registers;
    SmallVector<SmallVector<Value>> perDep;
    for (auto [dep, lowered] :
         llvm::zip_equal(op.getDeps(), adaptor.getDeps())) {
      perDep.emplace_back();
      if (isa<RankedTensorType>(dep.getType())) {
        perDep.back() = unpackRegisters(rewriter, loc, lowered);
        registers.append(perDep.back());
      }
    }
    if (registers.empty()) {
      nvidia::emitPtxAsm(rewriter, loc, Type(), text, "", {});
      rewriter.replaceOp(op, adaptor.getDeps());
      return success();
    }
    SmallVector<Type> types;
    std::string outputs, inputs;
    for (auto [i, reg] : llvm::enumerate(registers)) {
      types.push_back(reg.getType());
      outputs += "=" + getConstraint(reg.getType()).str() + ",";
      inputs += (i ? "," : "") + std::to_string(i);
    }
    auto resultStruct =
        LLVM::LLVMStructType::getLiteral(rewriter.getContext(), types);
    Value waited = nvidia::emitPtxAsm(rewriter, loc, resultStruct, text, outputs + inputs,
                           registers)
                       .getResult(0);
    SmallVector<Value> results;
    int64_t next = 0;
    for (auto [i, dep] : llvm::enumerate(op.getDeps())) {
      if (!isa<RankedTensorType>(dep.getType())) {
        results.push_back(adaptor.getDeps()[i]);
        continue;
      }
      SmallVector<Value> values;
      for (size_t j = 0; j < perDep[i].size(); ++j)
        values.push_back(
            LLVM::ExtractValueOp::create(rewriter, loc, waited, next++));
      results.push_back(packRegisters(
          rewriter, loc, getTypeConverter()->convertType(dep.getType()),
          values));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void gluonc::nvidia::populateWarpgroupMmaOpToLLVMPatterns(
    GluonLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &context) {
  patterns.add<WarpgroupMmaOpConversion>(converter, context);
  patterns.add<WarpgroupMmaWaitOpConversion>(converter);
}
