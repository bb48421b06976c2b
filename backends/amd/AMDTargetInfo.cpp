//===- AMDTargetInfo.cpp - ROCDL hooks of the shared lowering -------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every shuffle is one ds_bpermute_b32: each lane names (as a byte
// address, lane * 4) the lane whose 32-bit value it receives. Values
// narrower than 32 bits are widened around it, 64-bit ones move as two
// halves.
//
//===----------------------------------------------------------------------===//

#include "AMDTargetInfo.h"

#include "gluonc/Conversion/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace gluonc;
using namespace gluonc::amd;

namespace {

/// `value` as held by lane `source` (an i32 lane index).
Value permute(OpBuilder &b, Location loc, Value value, Value source) {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  Value address =
      LLVM::ShlOp::create(b, loc, source, createI32Constant(b, loc, 2));
  if (bits == 64) {
    Type i64 = b.getI64Type();
    Value whole = type.isInteger(64) ? value
                                     : LLVM::BitcastOp::create(b, loc, i64,
                                                               value);
    Value low = LLVM::TruncOp::create(b, loc, i32, whole);
    Value high = LLVM::TruncOp::create(
        b, loc, i32,
        LLVM::LShrOp::create(b, loc, whole,
                             LLVM::ConstantOp::create(
                                 b, loc, i64, b.getI64IntegerAttr(32))));
    low = ROCDL::DsBpermuteOp::create(b, loc, i32, address, low);
    high = ROCDL::DsBpermuteOp::create(b, loc, i32, address, high);
    Value result = LLVM::OrOp::create(
        b, loc, LLVM::ZExtOp::create(b, loc, i64, low),
        LLVM::ShlOp::create(
            b, loc, LLVM::ZExtOp::create(b, loc, i64, high),
            LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(32))));
    return type.isInteger(64) ? result
                              : LLVM::BitcastOp::create(b, loc, type, result);
  }
  // Up to 32 bits: as the low bits of an i32.
  Type sameWidthInt = b.getIntegerType(bits);
  Value asInt = isa<FloatType>(type)
                    ? LLVM::BitcastOp::create(b, loc, sameWidthInt, value)
                    : value;
  Value word = bits == 32 ? asInt : LLVM::ZExtOp::create(b, loc, i32, asInt);
  Value moved = ROCDL::DsBpermuteOp::create(b, loc, i32, address, word);
  Value narrowed =
      bits == 32 ? moved : LLVM::TruncOp::create(b, loc, sameWidthInt, moved);
  return isa<FloatType>(type) ? LLVM::BitcastOp::create(b, loc, type, narrowed)
                              : narrowed;
}

} // namespace

Value AMDTargetInfo::getLaneId(OpBuilder &b, Location loc) const {
  auto range = LLVM::ConstantRangeAttr::get(b.getContext(), 32, 0, 1024);
  Value tid = ROCDL::ThreadIdXOp::create(b, loc, b.getI32Type(), range);
  return LLVM::AndOp::create(b, loc, tid,
                             createI32Constant(b, loc, waveSize - 1));
}

Value AMDTargetInfo::getBlockThreadId(OpBuilder &builder, Location loc,
                                 unsigned numThreads) const {
  auto range = LLVM::ConstantRangeAttr::get(builder.getContext(), 32, 0,
                                            numThreads);
  return ROCDL::ThreadIdXOp::create(builder, loc, builder.getI32Type(), range);
}

Value AMDTargetInfo::getProgramId(OpBuilder &builder, Location loc,
                                  unsigned axis) const {
  Type i32 = builder.getI32Type();
  switch (axis) {
  case 0:
    return ROCDL::BlockIdXOp::create(builder, loc, i32);
  case 1:
    return ROCDL::BlockIdYOp::create(builder, loc, i32);
  default:
    return ROCDL::BlockIdZOp::create(builder, loc, i32);
  }
}

Value AMDTargetInfo::getNumPrograms(OpBuilder &builder, Location loc,
                                    unsigned axis) const {
  // Code object v5 passes the workgroup counts as the first three hidden
  // arguments (hidden_block_count_x/y/z), so no device library is needed.
  auto constantPtr = LLVM::LLVMPointerType::get(builder.getContext(), 4);
  Value base = LLVM::CallIntrinsicOp::create(
                   builder, loc, constantPtr,
                   builder.getStringAttr("llvm.amdgcn.implicitarg.ptr"),
                   ValueRange{})
                   .getResult(0);
  Value address = LLVM::GEPOp::create(
      builder, loc, constantPtr, builder.getI8Type(), base,
      ArrayRef<LLVM::GEPArg>{int32_t(4 * axis)});
  return LLVM::LoadOp::create(builder, loc, builder.getI32Type(), address,
                              /*alignment=*/4, /*isVolatile=*/false,
                              /*isNonTemporal=*/false,
                              /*isInvariant=*/true);
}

Value AMDTargetInfo::shuffleXor(OpBuilder &builder, Location loc, Value value,
                                unsigned laneMask) const {
  Value lane = getLaneId(builder, loc);
  Value source = LLVM::XOrOp::create(builder, loc, lane,
                                     createI32Constant(builder, loc, laneMask));
  return permute(builder, loc, value, source);
}

Value AMDTargetInfo::shuffleUp(OpBuilder &builder, Location loc, Value value,
                               unsigned delta) const {
  Value lane = getLaneId(builder, loc);
  Value below = LLVM::SubOp::create(builder, loc, lane,
                                    createI32Constant(builder, loc, delta));
  Value inRange =
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::uge, lane,
                           createI32Constant(builder, loc, delta));
  Value source = LLVM::SelectOp::create(builder, loc, inRange, below, lane);
  return permute(builder, loc, value, source);
}

Value AMDTargetInfo::shuffleDown(OpBuilder &builder, Location loc, Value value,
                                 unsigned delta) const {
  Value lane = getLaneId(builder, loc);
  Value above = LLVM::AddOp::create(builder, loc, lane,
                                    createI32Constant(builder, loc, delta));
  Value inRange =
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ult, above,
                           createI32Constant(builder, loc, getWarpSize()));
  Value source = LLVM::SelectOp::create(builder, loc, inRange, above, lane);
  return permute(builder, loc, value, source);
}

Value AMDTargetInfo::shuffleIndex(OpBuilder &builder, Location loc,
                                  Value value, Value lane) const {
  return permute(builder, loc, value, lane);
}

void AMDTargetInfo::emitBlockBarrier(OpBuilder &builder, Location loc) const {
  // gfx12 (wave32 here) has split barriers and its own counters: the
  // workgroup fences and s_barrier LLVM expands for it.
  if (waveSize == 32) {
    ROCDL::BarrierOp::create(builder, loc);
    return;
  }
  // CDNA: the wave's LDS accesses complete, then s_barrier: what orders
  // shared memory. Not workgroup fences: LLVM completes every copy to LDS
  // in flight at a release fence (s_waitcnt vmcnt(0), even for a fence
  // limited to LDS or to global memory: llc 22, gfx942 and gfx950), which
  // would end every async-copy pipeline at its first barrier. The
  // intrinsics are not memory(none), so LLVM moves no access across them.
  ROCDL::SWaitcntOp::create(builder, loc, kWaitLdsOnly);
  ROCDL::SBarrierOp::create(builder, loc);
}

std::optional<std::string>
AMDTargetInfo::getMathLibraryFunction(llvm::StringRef opName,
                                      Type type) const {
  // The AMDGPU backend selects no fp64 transcendental (it would stop at
  // "Cannot select"), and its fp32 sin / cos are the hardware's
  // approximations: ocml has them all (linked at the llvm stage). fp32
  // exp, exp2, log and log2 stay with LLVM, whose expansions are correctly
  // range-reduced.
  std::optional<llvm::StringRef> name = getMathLibraryName(opName);
  if (!name || !(type.isF32() || type.isF64()))
    return std::nullopt;
  bool nativeF32 = opName == "math.exp" || opName == "math.exp2" ||
                   opName == "math.log" || opName == "math.log2";
  if (type.isF32() && nativeF32)
    return std::nullopt;
  return getExternFunction(*name, type);
}

std::optional<std::string>
AMDTargetInfo::getExternFunction(llvm::StringRef function, Type type) const {
  // ocml has no counterpart of libdevice's fast_* approximations (Triton's
  // HIP backend writes its own), and spells normcdf `ncdf`.
  if (function.starts_with("fast_") || !(type.isF32() || type.isF64()))
    return std::nullopt;
  llvm::StringRef rest = function;
  std::string name =
      rest.consume_front("normcdf") ? "ncdf" + rest.str() : function.str();
  return "__ocml_" + name + (type.isF32() ? "_f32" : "_f64");
}

void AMDTargetInfo::markKernel(LLVM::LLVMFuncOp func,
                               unsigned numThreads) const {
  MLIRContext *context = func.getContext();
  func->setAttr("rocdl.kernel", UnitAttr::get(context));
  // The block size is fixed at compile time: the backend allocates
  // registers and schedules for exactly that many work-items.
  std::string size = std::to_string(numThreads);
  func->setAttr("rocdl.flat_work_group_size",
                StringAttr::get(context, size + "," + size));
  func->setAttr("rocdl.reqd_work_group_size",
                DenseI32ArrayAttr::get(
                    context, {static_cast<int32_t>(numThreads), 1, 1}));
}

void AMDTargetInfo::getDependentDialects(DialectRegistry &registry) const {
  registry.insert<ROCDL::ROCDLDialect>();
}

void AMDTargetInfo::addLegalDialects(ConversionTarget &target) const {
  target.addLegalDialect<ROCDL::ROCDLDialect>();
}

// Every ROCDL op is read as variant: the workitem and lane ids are, and
// a conservative answer for the block's ids only costs a capture.
bool AMDTargetInfo::isThreadVariant(Operation *op) const {
  return isa_and_nonnull<ROCDL::ROCDLDialect>(op->getDialect());
}
