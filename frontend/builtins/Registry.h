//===- Registry.h - Gluon's builtins, family by family ----------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The builtin table a kernel sees (eval/Builtins.h) is Python's builtins
// and the families below; each family's file registers its entries with
// their names, signatures and handlers. Adding a builtin is one entry in its
// family's register function and one handler.
//
//   Language.cpp      constexpr, jit, static_*, program_id, dtypes, cdiv
//   Layouts.cpp       BlockedLayout, SliceLayout, DistributedLinearLayout,
//                     DotOperandLayout
//   Tensor.cpp        arange, full, load, store, where, math, casts,
//                     convert_layout, barriers, dot_fma
//   ReduceScan.cpp    reduce, sum, max, ..., associative_scan, cumsum, ...
//   Shape.cpp         expand_dims, reshape, permute, join, split
//   SharedMemory.cpp  shared layouts, allocate_shared_memory, descriptors
//   Atomics.cpp       atomic_*, device_assert
//   InlineAsm.cpp     inline_asm, inline_asm_elementwise
//   amd/              AMDMFMALayout, cdna3/cdna4 mfma; buffer_load/store;
//                     warp_pipeline_stage; async copies to LDS
//   nvidia/           NVMMADistributedLayout; ampere: async copies
//                     (cp.async), mma_v2; hopper: TMA copies, mbarriers,
//                     tensor descriptors, fence_async_shared (and ampere's
//                     mbarrier module), warpgroup_mma
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_BUILTINS_REGISTRY_H
#define GLUONC_FRONTEND_BUILTINS_REGISTRY_H

#include "eval/Builtins.h"
#include "irgen/IRGen.h"

namespace gluonc::frontend {

/// Every builtin of a kernel: Python's and Gluon's. Built once.
const BuiltinTable &getGluonBuiltins();

/// A handler of a builtin that generates IR. It refuses a tensor in
/// AutoLayout among the arguments: its checks and its op need layouts.
template <typename Handler> BuiltinHandler withIRGen(Handler handler) {
  return [handler](Interpreter &interpreter, const BoundArgs &args) {
    IRGen &gen = IRGen::of(interpreter, args);
    gen.refuseAutoLayouts(args);
    return handler(gen, args);
  };
}

/// A handler of a builtin that makes tensors or computes elementwise, whose
/// tensors may be in AutoLayout: gluon-resolve-auto-layouts sees through
/// the ops it makes.
template <typename Handler>
BuiltinHandler withIRGenOnAutoLayouts(Handler handler) {
  return [handler](Interpreter &interpreter, const BoundArgs &args) {
    return handler(IRGen::of(interpreter, args), args);
  };
}

void registerLanguageBuiltins(BuiltinTable &table);
void registerLayoutBuiltins(BuiltinTable &table);
void registerTensorBuiltins(BuiltinTable &table);
void registerTaskBuiltins(BuiltinTable &table);
void registerReduceScanBuiltins(BuiltinTable &table);
void registerShapeBuiltins(BuiltinTable &table);
void registerSharedMemoryBuiltins(BuiltinTable &table);
void registerAtomicBuiltins(BuiltinTable &table);
void registerInlineAsmBuiltins(BuiltinTable &table);
void registerAMDMfmaBuiltins(BuiltinTable &table);
void registerAMDBufferBuiltins(BuiltinTable &table);
void registerAMDWarpPipelineBuiltins(BuiltinTable &table);
void registerAMDAsyncCopyBuiltins(BuiltinTable &table);
void registerAmpereBuiltins(BuiltinTable &table);
void registerHopperBuiltins(BuiltinTable &table);
void registerNvidiaMmaBuiltins(BuiltinTable &table);
void registerWarpgroupMmaBuiltins(BuiltinTable &table);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_BUILTINS_REGISTRY_H
