//===- AsyncCopy.cpp - CDNA's copies from global memory to LDS ------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gl.amd.cdna3.async_copy and gl.amd.cdna4.async_copy (Triton has the
// cdna4 module; gfx942 has the same instructions for 4-byte copies):
//
//   global_load_to_shared(dest, ptr, mask=None, other=None,
//       cache_modifier="")      -> gluon.async_copy_global_to_local
//   buffer_load_to_shared(dest, ptr, offsets, mask=None, other=None,
//       cache_modifier="")      -> gluon.buffer_load_to_local
//   commit_group(), wait_group(num_outstanding=0)
//   load_shared_relaxed(smem, layout): smem.load(layout) (gluonc's barrier
//       pass orders it after the wait in any case)
//
// The hardware writes zeros to LDS where a buffer copy reads out of range,
// and nothing where a global copy's lane is off; so `other` may only be
// zero, and a global copy takes no mask (the buffer form does). Which
// copies the layouts allow is decided by the AMD backend's copy planning
// (planLdsCopy and the gluon-amd-plan-lds-copies pass in
// backends/amd/AsyncCopyToLLVM.cpp), with a diagnostic at the call.
//
//===----------------------------------------------------------------------===//

#include "builtins/Arguments.h"

#include "gluonc/IR/AMDOps.h"
#include "gluonc/IR/Async.h"

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

/// Fails unless --arch copies global memory to LDS directly (gfx942,
/// gfx950).
void requireLdsCopies(IRGen &gen, const BoundArgs &bound) {
  if (!gen.getArch().features.asyncCopyToLdsBytes)
    gen.fail(bound.callLoc(),
             bound.getBuiltin().getName() +
                 " needs an AMD --arch that copies global memory to LDS "
                 "directly (gfx942, gfx950), not " +
                 gen.getArch().name);
}

/// Options gluonc does not implement, and `other`, which may only be the
/// zero the hardware writes.
void checkCopyOptions(IRGen &gen, const BoundArgs &bound,
                      const std::string &function) {
  rejectOption(gen, bound, function, "cache_modifier");
  if (!bound.has("other"))
    return;
  const Value &other = bound.get("other");
  const int64_t *asInt = other.getIf<int64_t>();
  const double *asFloat = other.getIf<double>();
  if ((asInt && *asInt == 0) || (asFloat && *asFloat == 0.0))
    return;
  gen.fail(bound.loc("other"),
           function + " writes zeros where the mask is false (the hardware's "
                      "out-of-range read): `other` may only be 0, got " +
               other.toString());
}

/// global_load_to_shared(dest, ptr, mask=None, other=None,
/// cache_modifier="")
Value globalLoadToShared(IRGen &gen, const BoundArgs &bound) {
  requireLdsCopies(gen, bound);
  const std::string function = bound.getBuiltin().getName();
  checkCopyOptions(gen, bound, function);
  const SharedMemoryValue &dest = requireSharedMemory(gen, bound, "dest");
  RuntimeValue ptr = gen.requireRuntime(bound.get("ptr"), bound.loc("ptr"),
                                        "the pointers of " + function);
  if (!ptr.dtype.isPointer || ptr.isScalar())
    gen.fail(bound.loc("ptr"), function + " needs a tensor of pointers, got " +
                                   Value(ptr).toString());
  if (bound.has("mask"))
    gen.fail(bound.loc("mask"),
             "not supported yet: a mask on " + function +
                 " (a lane that is off writes nothing to LDS); "
                 "buffer_load_to_shared takes one and writes zeros");
  auto dst = mlir::cast<mlir::gluon::MemDescType>(dest.value.getType());
  std::string problem =
      mlir::gluon::checkAsyncCopy(ptr.value.getType(), dst, mlir::Type());
  if (!problem.empty())
    gen.failWithNote(bound.callLoc(), problem, dest.loc,
                     "the shared memory descriptor is defined here");
  mlir::gluon::AsyncCopyGlobalToLocalOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), ptr.value, dest.value,
      mlir::Value(), mlir::StringAttr());
  return Value();
}

/// buffer_load_to_shared(dest, ptr, offsets, mask=None, other=None,
/// cache_modifier="")
Value bufferLoadToShared(IRGen &gen, const BoundArgs &bound) {
  requireLdsCopies(gen, bound);
  const std::string function = bound.getBuiltin().getName();
  checkCopyOptions(gen, bound, function);
  const SharedMemoryValue &dest = requireSharedMemory(gen, bound, "dest");
  auto [ptr, offsets] = requireBufferAddress(gen, bound, function);
  if (offsets.shape != dest.shape)
    gen.failWithNote(bound.loc("offsets"),
                     function + "'s offsets have shape " +
                         listText(offsets.shape) +
                         ", the shared memory descriptor " +
                         listText(dest.shape),
                     dest.loc, "the shared memory descriptor is defined here");
  if (ptr.dtype.pointee() != dest.dtype)
    gen.failWithNote(bound.loc("ptr"),
                     function + " copies " + ptr.dtype.pointee().getGluonName() +
                         " into shared memory of " + dest.dtype.getGluonName(),
                     dest.loc, "the shared memory descriptor is defined here");
  mlir::Value mask;
  if (bound.has("mask"))
    mask = requireMask(gen, bound, offsets, function);
  mlir::gluon::BufferLoadToLocalOp::create(gen.getBuilder(),
                                           gen.getLoc(bound.callLoc()),
                                           ptr.value, offsets.value,
                                           dest.value, mask);
  return Value();
}

/// commit_group()
Value commitGroup(IRGen &gen, const BoundArgs &bound) {
  requireLdsCopies(gen, bound);
  mlir::gluon::AsyncCommitGroupOp::create(gen.getBuilder(),
                                          gen.getLoc(bound.callLoc()));
  return Value();
}

/// wait_group(num_outstanding=0)
Value waitGroup(IRGen &gen, const BoundArgs &bound) {
  requireLdsCopies(gen, bound);
  createAsyncWaitGroup(gen, bound);
  return Value();
}

/// load_shared_relaxed(smem, layout)
Value loadSharedRelaxed(IRGen &gen, const BoundArgs &bound) {
  return loadSharedMemory(gen, requireSharedMemory(gen, bound, "smem"), bound);
}

} // namespace

void gluonc::frontend::registerAMDAsyncCopyBuiltins(BuiltinTable &table) {
  for (const char *set : {"gl.amd.cdna3.async_copy.",
                          "gl.amd.cdna4.async_copy."}) {
    const std::string prefix = set;
    table.addFunction({prefix + "global_load_to_shared"},
                      "dest, ptr, mask=None, other=None, cache_modifier=''",
                      withIRGen(globalLoadToShared));
    table.addFunction({prefix + "buffer_load_to_shared"},
                      "dest, ptr, offsets, mask=None, other=None, "
                      "cache_modifier=''",
                      withIRGen(bufferLoadToShared));
    table.addFunction({prefix + "commit_group"}, "", withIRGen(commitGroup));
    // async_wait is the older name of wait_group (upstream renamed it).
    table.addFunction({prefix + "wait_group", prefix + "async_wait"},
                      "num_outstanding=0", withIRGen(waitGroup));
    table.addFunction({prefix + "load_shared_relaxed"}, "smem, layout",
                      withIRGen(loadSharedRelaxed));
  }
}
