//===- Utility.cpp - Helpers shared by the gluon-to-LLVM patterns ---------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/WarpSpecialize.h"

#include "gluonc/Conversion/Float8.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/Target/ArchInfo.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace gluonc;

std::optional<unsigned> gluonc::getRegisterFastDim(const LinearLayout &layout) {
  if (layout.getNumBits(HwDim::Register) == 0)
    return std::nullopt;
  const Coord &first = layout.getBases(HwDim::Register)[0];
  std::optional<unsigned> dim;
  for (unsigned d = 0; d < first.size(); ++d) {
    if (first[d] == 0)
      continue;
    if (first[d] != 1 || dim)
      return std::nullopt;
    dim = d;
  }
  return dim;
}

Type gluonc::getMemoryType(Type registerType) {
  if (registerType.isInteger(1))
    return IntegerType::get(registerType.getContext(), 8);
  return registerType;
}

Value gluonc::toMemory(OpBuilder &builder, Location loc, Value value) {
  Type memoryType = getMemoryType(value.getType());
  if (memoryType == value.getType())
    return value;
  return LLVM::ZExtOp::create(builder, loc, memoryType, value);
}

Value gluonc::fromMemory(OpBuilder &builder, Location loc, Value value,
                         Type registerType) {
  if (value.getType() == registerType)
    return value;
  return LLVM::TruncOp::create(builder, loc, registerType, value);
}

int64_t gluonc::floorPowerOf2(int64_t value) {
  int64_t result = 1;
  while (result * 2 <= value)
    result *= 2;
  return result;
}

TargetInfo::~TargetInfo() = default;

Value TargetInfo::getThreadId(OpBuilder &builder, Location loc,
                              unsigned numThreads) const {
  gluon::WarpScope scope = gluon::getWarpScope(builder.getInsertionBlock());
  if (!scope.partition)
    return getBlockThreadId(builder, loc, numThreads);
  // A partition's warps come after the default task's: the block holds
  // at least up to the partition's last thread.
  unsigned first = scope.startWarp * getWarpSize();
  Value tid = getBlockThreadId(builder, loc,
                               first + scope.numWarps * getWarpSize());
  if (first == 0)
    return tid;
  return LLVM::SubOp::create(builder, loc, tid,
                             createI32Constant(builder, loc, first));
}

void TargetInfo::emitBarrier(OpBuilder &builder, Location loc) const {
  Block *block = builder.getInsertionBlock();
  auto module = block && block->getParentOp()
                    ? block->getParentOp()->getParentOfType<ModuleOp>()
                    : ModuleOp();
  if (!module || !module->hasAttr(gluon::kTotalNumWarpsAttrName))
    return emitBlockBarrier(builder, loc);
  // In a warp-specialized kernel a barrier waits for its task's warps
  // only: a block-wide one would wait for warps that never reach it.
  gluon::WarpScope scope = gluon::getWarpScope(block);
  unsigned id = getTaskBarrier(scope.partition);
  if (!emitNamedBarrier(builder, loc, id, scope.numWarps * getWarpSize(),
                        /*arriveOnly=*/false, /*aligned=*/true))
    emitBlockBarrier(builder, loc);
}

std::optional<llvm::StringRef> gluonc::getMathLibraryName(StringRef opName) {
  static const llvm::StringSet<> provided = {
      "math.log", "math.log2", "math.sin", "math.cos",
      "math.rsqrt", "math.erf", "math.exp", "math.exp2"};
  if (!provided.contains(opName))
    return std::nullopt;
  return opName.drop_front(StringRef("math.").size());
}

Value TargetInfo::emitFloatToFloat8(OpBuilder &builder, Location loc,
                                    Value value, Type type) const {
  return emitSoftwareFloatToFloat8(builder, loc, value, type);
}

Value TargetInfo::emitFloat8ToFloat(OpBuilder &builder, Location loc,
                                    Value bits, Type type) const {
  return emitSoftwareFloat8ToFloat(builder, loc, bits, type);
}

SmallVector<Value> gluonc::unpackRegisters(OpBuilder &builder, Location loc,
                                           Value structValue) {
  auto structType = cast<LLVM::LLVMStructType>(structValue.getType());
  SmallVector<Value> registers;
  registers.reserve(structType.getBody().size());
  for (int64_t i = 0, e = structType.getBody().size(); i < e; ++i)
    registers.push_back(
        LLVM::ExtractValueOp::create(builder, loc, structValue, i));
  return registers;
}

Value gluonc::packRegisters(OpBuilder &builder, Location loc, Type structType,
                            ValueRange registers) {
  Value result = LLVM::PoisonOp::create(builder, loc, structType);
  for (auto [i, reg] : llvm::enumerate(registers))
    result = LLVM::InsertValueOp::create(builder, loc, result, reg,
                                         static_cast<int64_t>(i));
  return result;
}

Value gluonc::createI32Constant(OpBuilder &builder, Location loc,
                                int64_t value) {
  return LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                  builder.getI32IntegerAttr(value));
}

namespace {
/// A value and the bits it may have set, so that sums of values with
/// disjoint bits can be emitted as `or disjoint`, which LLVM folds into
/// address arithmetic, and only overlapping ones as `xor`.
struct MaskedValue {
  Value value;
  uint64_t bits = 0;
};
} // namespace

static MaskedValue combineXor(OpBuilder &b, Location loc, MaskedValue lhs,
                              MaskedValue rhs) {
  if (!lhs.value)
    return rhs;
  if (!rhs.value)
    return lhs;
  Value combined;
  if ((lhs.bits & rhs.bits) == 0)
    combined = LLVM::OrOp::create(b, loc, lhs.value, rhs.value,
                                  /*isDisjoint=*/true);
  else
    combined = LLVM::XOrOp::create(b, loc, lhs.value, rhs.value);
  return {combined, lhs.bits | rhs.bits};
}

static bool isPow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

/// The contribution of hardware index `index` (bits of which map through
/// `bases`) to tensor dimension `dim`. Runs of bits whose bases double are
/// one mask and shift; other bits are selected one at a time.
static MaskedValue emitHwContribution(OpBuilder &b, Location loc, Value index,
                                      const std::vector<Coord> &bases,
                                      unsigned dim) {
  MaskedValue acc;
  for (size_t bit = 0; bit < bases.size();) {
    int64_t component = bases[bit][dim];
    if (component == 0) {
      ++bit;
      continue;
    }
    if (!isPow2(component)) {
      // ((index >> bit) & 1) * component
      Value shifted = LLVM::LShrOp::create(
          b, loc, index, createI32Constant(b, loc, bit));
      Value one = LLVM::AndOp::create(b, loc, shifted,
                                      createI32Constant(b, loc, 1));
      Value term = LLVM::MulOp::create(b, loc, one,
                                       createI32Constant(b, loc, component));
      acc = combineXor(b, loc, acc, {term, uint64_t(component)});
      ++bit;
      continue;
    }
    size_t runLength = 1;
    while (bit + runLength < bases.size() &&
           bases[bit + runLength][dim] == component << runLength)
      ++runLength;
    int64_t shiftTo = log2Exact(component);
    uint64_t sourceMask = ((uint64_t(1) << runLength) - 1) << bit;
    Value masked = LLVM::AndOp::create(
        b, loc, index, createI32Constant(b, loc, sourceMask));
    Value term = masked;
    if (shiftTo > int64_t(bit))
      term = LLVM::ShlOp::create(b, loc, masked,
                                 createI32Constant(b, loc, shiftTo - bit));
    else if (shiftTo < int64_t(bit))
      term = LLVM::LShrOp::create(b, loc, masked,
                                  createI32Constant(b, loc, bit - shiftTo));
    uint64_t resultMask = ((uint64_t(1) << runLength) - 1) << shiftTo;
    acc = combineXor(b, loc, acc, {term, resultMask});
    bit += runLength;
  }
  return acc;
}

std::pair<Value, Value> gluonc::emitWarpAndLane(OpBuilder &b, Location loc,
                                                const TargetInfo &target,
                                                unsigned numThreads) {
  unsigned warpSize = target.getWarpSize();
  Value tid = target.getThreadId(b, loc, numThreads);
  Value laneId = LLVM::AndOp::create(b, loc, tid,
                                     createI32Constant(b, loc, warpSize - 1));
  Value warpId = LLVM::LShrOp::create(
      b, loc, tid, createI32Constant(b, loc, log2Exact(warpSize)));
  return {warpId, laneId};
}

SmallVector<SmallVector<Value>>
gluonc::emitElementCoords(OpBuilder &b, Location loc, const TargetInfo &target,
                          const LinearLayout &layout, unsigned numThreads) {
  auto [warpId, laneId] = emitWarpAndLane(b, loc, target, numThreads);

  SmallVector<MaskedValue> threadPart(layout.rank());
  for (unsigned d = 0; d < layout.rank(); ++d) {
    MaskedValue lane = emitHwContribution(
        b, loc, laneId, layout.getBases(HwDim::Lane), d);
    MaskedValue warp = emitHwContribution(
        b, loc, warpId, layout.getBases(HwDim::Warp), d);
    threadPart[d] = combineXor(b, loc, lane, warp);
  }

  SmallVector<SmallVector<Value>> coords;
  coords.reserve(layout.getNumRegisters());
  for (int64_t reg = 0; reg < layout.getNumRegisters(); ++reg) {
    Coord regCoord = layout.apply(HwDim::Register, reg);
    SmallVector<Value> elementCoord;
    for (unsigned d = 0; d < layout.rank(); ++d) {
      MaskedValue regPart;
      if (regCoord[d] != 0 || !threadPart[d].value)
        regPart = {createI32Constant(b, loc, regCoord[d]),
                   uint64_t(regCoord[d])};
      elementCoord.push_back(combineXor(b, loc, threadPart[d], regPart).value);
    }
    coords.push_back(std::move(elementCoord));
  }
  return coords;
}

Value gluonc::emitPredicatedLoad(OpBuilder &builder, Location loc, Value ptr,
                                 Type type, Value predicate, Value fallback,
                                 unsigned alignment) {
  if (!predicate)
    return LLVM::LoadOp::create(builder, loc, type, ptr, alignment);
  return gluon::PredicatedLoadOp::create(builder, loc, type, ptr, predicate,
                                         fallback,
                                         builder.getI64IntegerAttr(alignment));
}

void gluonc::emitPredicatedStore(OpBuilder &builder, Location loc, Value ptr,
                                 Value value, Value predicate,
                                 unsigned alignment) {
  if (!predicate) {
    LLVM::StoreOp::create(builder, loc, value, ptr, alignment);
    return;
  }
  gluon::PredicatedStoreOp::create(builder, loc, ptr, value, predicate,
                                   builder.getI64IntegerAttr(alignment));
}

Value gluonc::getSharedMemoryBase(OpBuilder &builder, Location loc,
                                  Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  auto global =
      module.lookupSymbol<LLVM::GlobalOp>(kSharedMemoryGlobalName);
  assert(global && "the conversion pass makes global_smem first");
  return LLVM::AddressOfOp::create(builder, loc, global);
}

Value gluonc::emitLinearIndex(OpBuilder &builder, Location loc,
                              ArrayRef<Value> coords, ArrayRef<int64_t> shape) {
  Value index = createI32Constant(builder, loc, 0);
  for (size_t d = 0; d < coords.size(); ++d) {
    Value scaled = LLVM::MulOp::create(
        builder, loc, index, createI32Constant(builder, loc, shape[d]));
    index = LLVM::AddOp::create(builder, loc, scaled, coords[d]);
  }
  return index;
}

Value gluonc::emitElementAddress(OpBuilder &builder, Location loc, Value base,
                                 Type elementType, Value index) {
  return LLVM::GEPOp::create(builder, loc, base.getType(), elementType, base,
                             ArrayRef<LLVM::GEPArg>{index});
}

SmallVector<Value> gluonc::applyCombineRegion(OpBuilder &builder,
                                              Region &combine,
                                              ArrayRef<Value> lhs,
                                              ArrayRef<Value> rhs) {
  Block &body = combine.front();
  IRMapping mapping;
  for (size_t i = 0; i < lhs.size(); ++i) {
    mapping.map(body.getArgument(i), lhs[i]);
    mapping.map(body.getArgument(lhs.size() + i), rhs[i]);
  }
  for (Operation &nested : body.without_terminator())
    builder.clone(nested, mapping);
  SmallVector<Value> result;
  for (Value value : body.getTerminator()->getOperands())
    result.push_back(mapping.lookupOrDefault(value));
  return result;
}
