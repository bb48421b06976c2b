//===- Atomics.cpp - Atomics and device assertions on AMD -----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// LLVM's own atomicrmw / cmpxchg, which the AMDGPU backend selects to
// global_atomic_* instructions: Gluon's sem becomes the LLVM ordering and
// its scope the AMDGPU sync scope (cta: workgroup, gpu: agent, sys: the
// system). An atomic under a predicate sits in a gluon.predicated body, a
// branch once expanded, which the backend turns into EXEC masking: a
// masked-off lane must not touch memory at all, its address may be out of
// bounds.
//
// A failed device assertion ends the wave with s_trap (llvm.trap); HIP then
// reports the launch as failed. The message is not printed: that needs
// HIP's hostcall printf buffer, which gluonc kernels do not ask for.
//
//===----------------------------------------------------------------------===//

#include "AMDTargetInfo.h"

#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/StringSwitch.h"

#include <optional>

using namespace mlir;
using namespace gluonc;
using namespace gluonc::amd;

namespace {

/// The LLVM operation of Gluon's `kind` on `type`; none for float max/min
/// (the shared lowering builds those from integer atomics).
std::optional<LLVM::AtomicBinOp> getBinOp(StringRef kind, Type type) {
  if (kind == "add")
    return isa<FloatType>(type) ? LLVM::AtomicBinOp::fadd
                                : LLVM::AtomicBinOp::add;
  if (kind == "xchg")
    return LLVM::AtomicBinOp::xchg;
  if (isa<FloatType>(type))
    return std::nullopt;
  return llvm::StringSwitch<std::optional<LLVM::AtomicBinOp>>(kind)
      .Case("max", LLVM::AtomicBinOp::max)
      .Case("min", LLVM::AtomicBinOp::min)
      .Case("umax", LLVM::AtomicBinOp::umax)
      .Case("umin", LLVM::AtomicBinOp::umin)
      .Case("and", LLVM::AtomicBinOp::_and)
      .Case("or", LLVM::AtomicBinOp::_or)
      .Case("xor", LLVM::AtomicBinOp::_xor)
      .Default(std::nullopt);
}

LLVM::AtomicOrdering getOrdering(StringRef sem) {
  return llvm::StringSwitch<LLVM::AtomicOrdering>(sem)
      .Case("relaxed", LLVM::AtomicOrdering::monotonic)
      .Case("acquire", LLVM::AtomicOrdering::acquire)
      .Case("release", LLVM::AtomicOrdering::release)
      .Default(LLVM::AtomicOrdering::acq_rel);
}

/// A compare-and-swap that fails has only read: it cannot release.
LLVM::AtomicOrdering getFailureOrdering(LLVM::AtomicOrdering success) {
  if (success == LLVM::AtomicOrdering::release)
    return LLVM::AtomicOrdering::monotonic;
  if (success == LLVM::AtomicOrdering::acq_rel)
    return LLVM::AtomicOrdering::acquire;
  return success;
}

/// The AMDGPU sync scope of Gluon's `scope` ("" is the whole system).
StringRef getSyncScope(StringRef scope) {
  return llvm::StringSwitch<StringRef>(scope)
      .Case("cta", "workgroup")
      .Case("gpu", "agent")
      .Default("");
}

/// Buffers from hipMalloc are coarse-grained device memory: the hardware's
/// atomics are exact on them, where LLVM otherwise assumes the worst and
/// turns a float add into a compare-and-swap loop. An atomic of system
/// scope may be on host or peer memory, where they are not: no promise.
void markDeviceMemory(Operation *atomic, StringRef scope) {
  if (scope == "sys")
    return;
  MLIRContext *context = atomic->getContext();
  atomic->setAttr("rocdl.no_remote_memory", UnitAttr::get(context));
  atomic->setAttr("rocdl.no_fine_grained_memory", UnitAttr::get(context));
}

/// What `build` makes, run only where `predicate` holds (always when it is
/// null); elsewhere zero.
template <typename Build>
Value emitGuarded(OpBuilder &b, Location loc, Value predicate, Type type,
                  Build build) {
  if (!predicate)
    return build();
  Value zero = LLVM::ZeroOp::create(b, loc, type);
  auto guarded = gluon::PredicatedOp::create(b, loc, TypeRange{type},
                                             predicate, ValueRange{zero});
  OpBuilder::InsertionGuard guard(b);
  b.createBlock(&guarded.getBody());
  Value result = build();
  gluon::PredicatedYieldOp::create(b, loc, ValueRange{result});
  return guarded.getResult(0);
}

} // namespace

Value AMDTargetInfo::emitAtomicRMW(OpBuilder &b, Location loc, StringRef kind,
                                   Value ptr, Value value, Value predicate,
                                   StringRef sem, StringRef scope) const {
  std::optional<LLVM::AtomicBinOp> binOp = getBinOp(kind, value.getType());
  if (!binOp)
    return {};
  return emitGuarded(b, loc, predicate, value.getType(), [&]() -> Value {
    auto atomic = LLVM::AtomicRMWOp::create(b, loc, *binOp, ptr, value,
                                            getOrdering(sem),
                                            getSyncScope(scope));
    markDeviceMemory(atomic, scope);
    return atomic.getResult();
  });
}

Value AMDTargetInfo::emitAtomicCAS(OpBuilder &b, Location loc, Value ptr,
                                   Value cmp, Value value, Value predicate,
                                   StringRef sem, StringRef scope) const {
  // cmpxchg compares integers: floats go through their bits.
  Type type = value.getType();
  Type bitsType = b.getIntegerType(type.getIntOrFloatBitWidth());
  auto toBits = [&](Value v) -> Value {
    return type == bitsType ? v : LLVM::BitcastOp::create(b, loc, bitsType, v);
  };
  Value cmpBits = toBits(cmp), valueBits = toBits(value);
  Value old = emitGuarded(b, loc, predicate, bitsType, [&]() -> Value {
    LLVM::AtomicOrdering ordering = getOrdering(sem);
    auto exchange = LLVM::AtomicCmpXchgOp::create(
        b, loc, ptr, cmpBits, valueBits, ordering,
        getFailureOrdering(ordering), getSyncScope(scope));
    markDeviceMemory(exchange, scope);
    return LLVM::ExtractValueOp::create(b, loc, exchange.getRes(), 0);
  });
  return type == bitsType ? old : LLVM::BitcastOp::create(b, loc, type, old);
}

bool AMDTargetInfo::emitAssertFail(OpBuilder &b, Location loc,
                                   StringRef /*message*/, StringRef /*file*/,
                                   int32_t /*line*/,
                                   StringRef /*function*/) const {
  LLVM::Trap::create(b, loc);
  return true;
}
