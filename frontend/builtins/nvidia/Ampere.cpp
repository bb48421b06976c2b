//===- Ampere.cpp - Ampere's async copies and mma_v2 ----------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Gluon's nvidia.ampere surface (its mbarrier module is in Hopper.cpp):
//
//   async_copy.async_copy_global_to_shared(smem, pointer, mask=None,
//       cache_modifier="", eviction_policy="", volatile=False)
//     (Triton main's async_load, the same), commit_group(),
//     wait_group(num_outstanding=0): cp.async and its groups;
//   async_copy.mbarrier_arrive(mbarrier, increment_count=True): an arrival
//     on an mbarrier once the thread's copies end (cp.async.mbarrier.arrive);
//   mma_v2(a, b, acc, input_precision=None): acc + a @ b with mma.sync.
//
// Operands are checked by the verifiers' own functions (checkAsyncCopy in
// gluonc/IR/Async.h, planMmaV2 in gluonc/IR/MmaV2.h) and reported at the
// argument or the call; what the architecture lacks (before sm_80) is
// reported at the call.
//
//===----------------------------------------------------------------------===//

#include "../Arguments.h"

#include "gluonc/IR/Async.h"
#include "gluonc/IR/MmaV2.h"
#include "gluonc/IR/NvidiaOps.h"

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

/// Fails unless --arch has `feature` (one of Ampere's, from sm_80 on).
void requireAmpere(IRGen &gen, const BoundArgs &bound,
                   bool ArchFeatures::*feature, const char *what) {
  if (!(gen.getArch().features.*feature))
    gen.fail(bound.callLoc(), bound.getBuiltin().getShortName() + " needs " +
                                  what + ", which " + gen.getArch().name +
                                  " does not have (sm_80 or newer)");
}

//===----------------------------------------------------------------------===//
// Async copies
//===----------------------------------------------------------------------===//

/// cp.async's cache mode for a cache_modifier: none for "", "ca" for
/// ".ca", "cg" for ".cg".
std::optional<std::string> requireCacheModifier(IRGen &gen,
                                                const BoundArgs &bound) {
  std::string modifier =
      gen.requireString(bound.get("cache_modifier"),
                        bound.loc("cache_modifier"), "cache_modifier");
  if (modifier.empty())
    return std::nullopt;
  std::string mode = modifier.substr(modifier.front() == '.' ? 1 : 0);
  if (!mlir::gluon::checkAsyncCopyCache(mode).empty())
    gen.fail(bound.loc("cache_modifier"),
             "cp.async caches at all levels (\".ca\") or in L2 only "
             "(\".cg\"): cache_modifier must be \"\", \".ca\" or \".cg\", "
             "got \"" +
                 modifier + "\"");
  return mode;
}

/// async_copy.async_copy_global_to_shared / async_load(smem, pointer,
/// mask=None, cache_modifier="", eviction_policy="", volatile=False)
Value asyncCopyGlobalToShared(IRGen &gen, const BoundArgs &bound) {
  requireAmpere(gen, bound, &ArchFeatures::cpAsync,
                "asynchronous copies (cp.async)");
  const std::string name = bound.getBuiltin().getShortName();
  for (const char *option : {"eviction_policy", "volatile"})
    rejectOption(gen, bound, name, option);
  const SharedMemoryValue &smem = requireSharedMemory(gen, bound, "smem");
  RuntimeValue ptr = gen.requireRuntime(
      bound.get("pointer"), bound.loc("pointer"), "the pointer of " + name);
  if (!ptr.dtype.isPointer || ptr.isScalar())
    gen.fail(bound.loc("pointer"), name + " needs a tensor of pointers, got " +
                                       Value(ptr).toString());
  mlir::Value mask;
  if (bound.has("mask"))
    mask = requireMask(gen, bound, ptr, name);
  std::optional<std::string> cache = requireCacheModifier(gen, bound);
  auto dst = mlir::cast<mlir::gluon::MemDescType>(smem.value.getType());
  std::string problem = mlir::gluon::checkAsyncCopy(
      ptr.value.getType(), dst, mask ? mask.getType() : mlir::Type());
  if (!problem.empty())
    gen.failWithNote(bound.callLoc(), problem, smem.loc,
                     "the shared memory descriptor is defined here");
  mlir::StringAttr cacheAttr =
      cache ? gen.getBuilder().getStringAttr(*cache) : mlir::StringAttr();
  mlir::gluon::AsyncCopyGlobalToLocalOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), ptr.value, smem.value,
      mask, cacheAttr);
  return Value();
}

/// async_copy.commit_group()
Value commitGroup(IRGen &gen, const BoundArgs &bound) {
  requireAmpere(gen, bound, &ArchFeatures::cpAsync,
                "asynchronous copies (cp.async)");
  mlir::gluon::AsyncCommitGroupOp::create(gen.getBuilder(),
                                          gen.getLoc(bound.callLoc()));
  return Value();
}

/// async_copy.wait_group(num_outstanding=0)
Value waitGroup(IRGen &gen, const BoundArgs &bound) {
  requireAmpere(gen, bound, &ArchFeatures::cpAsync,
                "asynchronous copies (cp.async)");
  createAsyncWaitGroup(gen, bound);
  return Value();
}

/// async_copy.mbarrier_arrive(mbarrier, increment_count=True)
Value asyncCopyMBarrierArrive(IRGen &gen, const BoundArgs &bound) {
  requireAmpere(gen, bound, &ArchFeatures::cpAsync,
                "asynchronous copies (cp.async)");
  mlir::Value barrier = requireBarrier(gen, bound, "mbarrier");
  bool increment =
      gen.isTruthy(bound.get("increment_count"), bound.loc("increment_count"));
  mlir::gluon::AsyncCopyMBarrierArriveOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), barrier,
      /*no_increment=*/!increment);
  return Value();
}

//===----------------------------------------------------------------------===//
// mma_v2
//===----------------------------------------------------------------------===//

/// input_precision: for fp32 operands, mma.sync's tf32 (None or "tf32");
/// the other types ignore it, as in Triton, once it names a precision.
void checkInputPrecision(IRGen &gen, const BoundArgs &bound, DType operand) {
  const Value &value = bound.get("input_precision");
  if (value.isNone())
    return;
  SourceLoc loc = bound.loc("input_precision");
  std::string precision = gen.requireString(value, loc, "input_precision");
  if (operand == DType::of(ScalarKind::F32) && precision != "tf32")
    gen.fail(loc, "not supported yet: mma_v2 of fp32 with input_precision=\"" +
                      precision + "\" (mma.sync multiplies fp32 as \"tf32\")");
  for (const char *known : {"tf32", "tf32x3", "ieee", "bf16x3", "bf16x6"})
    if (precision == known)
      return;
  gen.fail(loc, "input_precision must be \"tf32\", \"tf32x3\", \"ieee\", "
                "\"bf16x3\" or \"bf16x6\", got \"" +
                    precision + "\"");
}

/// mma_v2(a, b, acc, input_precision=None)
Value mmaV2(IRGen &gen, const BoundArgs &bound) {
  requireAmpere(gen, bound, &ArchFeatures::mmaV2,
                "mma.sync's m16n8k16 and m16n8k32");
  RuntimeValue a =
      gen.requireRuntime(bound.get("a"), bound.loc("a"), "mma_v2's `a`");
  RuntimeValue b =
      gen.requireRuntime(bound.get("b"), bound.loc("b"), "mma_v2's `b`");
  RuntimeValue acc =
      gen.requireRuntime(bound.get("acc"), bound.loc("acc"), "mma_v2's `acc`");
  auto layout = mlir::dyn_cast_or_null<mlir::gluon::NVMMADistributedLayoutAttr>(
      acc.layout);
  if (!layout || layout.toSpec().getMajorVersion() != 2)
    gen.fail(bound.loc("acc"),
             "mma_v2 needs an accumulator in an "
             "NVMMADistributedLayout of version [2, 0], "
             "got " +
                 (acc.isScalar() ? Value(acc).toString()
                                 : describeLayout(acc.layout)));
  std::string kWidth = "32 / element bits";
  requireDotOperand(gen, bound, "mma_v2", 0, a, acc, kWidth);
  requireDotOperand(gen, bound, "mma_v2", 1, b, acc, kWidth);
  if (a.dtype == DType::of(ScalarKind::U8) ||
      b.dtype == DType::of(ScalarKind::U8))
    gen.fail(bound.callLoc(), "not supported yet: mma_v2 of uint8 (int8 "
                              "multiplies as signed)");
  checkInputPrecision(gen, bound, a.dtype);
  std::string problem;
  if (!mlir::gluon::planMmaV2(a.value.getType(), b.value.getType(),
                              acc.value.getType(), problem))
    gen.fail(bound.callLoc(), problem);
  auto op = mlir::gluon::MmaV2Op::create(gen.getBuilder(),
                                         gen.getLoc(bound.callLoc()), a.value,
                                         b.value, acc.value);
  return RuntimeValue{op.getResult(), acc.dtype, acc.shape, acc.layout};
}

} // namespace

void gluonc::frontend::registerAmpereBuiltins(BuiltinTable &table) {
  const std::string ampere = "gl.nvidia.ampere.";
  const std::string copy = ampere + "async_copy.";
  const char *copySignature = "smem, pointer, mask=None, cache_modifier='', "
                              "eviction_policy='', volatile=False";
  table.addFunction({copy + "async_copy_global_to_shared"}, copySignature,
                    withIRGen(asyncCopyGlobalToShared));
  table.addFunction({copy + "async_load"}, copySignature,
                    withIRGen(asyncCopyGlobalToShared));
  table.addFunction({copy + "commit_group"}, "", withIRGen(commitGroup));
  table.addFunction({copy + "wait_group"}, "num_outstanding=0",
                    withIRGen(waitGroup));
  table.addFunction({copy + "mbarrier_arrive"},
                    "mbarrier, increment_count=True",
                    withIRGen(asyncCopyMBarrierArrive));
  table.addFunction({ampere + "mma_v2"}, "a, b, acc, input_precision=None",
                    withIRGen(mmaV2));
}
