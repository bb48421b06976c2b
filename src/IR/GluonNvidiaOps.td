//===- GluonNvidiaOps.td - Operations only NVIDIA lowers ---*- tablegen -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The gluon ops that only backends/nvidia lowers: mbarriers, TMA copies
// and the async-proxy fence (Hopper), mma.sync (Ampere) and warpgroup MMA
// (Hopper's wgmma). Their declarations are in gluonc/IR/NvidiaOps.h,
// their definitions in NvidiaOps.cpp; the ops every target lowers are in
// GluonOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef GLUON_NVIDIA_OPS
#define GLUON_NVIDIA_OPS

include "GluonDialect.td"
include "GluonTypes.td"
include "GluonAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// mbarriers and the async-proxy fence (NVIDIA Hopper; NvidiaOps.cpp)
//===----------------------------------------------------------------------===//

class Gluon_MBarrierOp<string mnemonic, list<Trait> traits = []>
    : Gluon_Op<mnemonic, traits> {
  let hasVerifier = 1;
}

def Gluon_InitBarrierOp : Gluon_MBarrierOp<"init_barrier",
    [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "initialize an mbarrier";
  let description = [{
    `gluon.init_barrier %bar, 1 : !gluon.memdesc<1xi64, #shared>`: one
    thread sets the mbarrier (one i64 of shared memory) to phase 0,
    expecting `count` arrivals per phase. Other threads use it only after a
    barrier (the barrier pass inserts it).
  }];
  let arguments = (ins Gluon_MemDesc:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<1>]>:$count);
  let assemblyFormat = [{
    $barrier `,` $count attr-dict `:` qualified(type($barrier))
  }];
}

def Gluon_InvalidateBarrierOp : Gluon_MBarrierOp<"inval_barrier",
    [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "end an mbarrier's life, so its memory can be reused";
  let description = [{
    `gluon.inval_barrier %bar : !gluon.memdesc<1xi64, #shared>`: one thread
    invalidates the mbarrier (mbarrier.inval), after which its shared
    memory may hold other data.
  }];
  let arguments = (ins Gluon_MemDesc:$barrier);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
}

def Gluon_BarrierExpectOp : Gluon_MBarrierOp<"barrier_expect",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "arrive on an mbarrier, expecting bytes of async copies";
  let description = [{
    `gluon.barrier_expect %bar, 16384, %true : !gluon.memdesc<1xi64,
    #shared>`: where `pred` holds, one thread arrives on the mbarrier and
    raises the bytes its current phase waits for by `bytes` (mbarrier's
    arrive.expect_tx). TMA loads that name the barrier count their bytes
    down; the phase completes when all arrivals and bytes are in.
  }];
  let arguments = (ins Gluon_MemDesc:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<0>]>:$bytes,
                       I1:$pred);
  let assemblyFormat = [{
    $barrier `,` $bytes `,` $pred attr-dict `:` qualified(type($barrier))
  }];
}

def Gluon_ArriveBarrierOp : Gluon_MBarrierOp<"arrive_barrier",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "arrive on an mbarrier";
  let description = [{
    `gluon.arrive_barrier %bar, 1, %true : !gluon.memdesc<1xi64, #shared>`:
    where `pred` holds, one thread arrives `count` times.
  }];
  let arguments = (ins Gluon_MemDesc:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<1>]>:$count,
                       I1:$pred);
  let assemblyFormat = [{
    $barrier `,` $count `,` $pred attr-dict `:` qualified(type($barrier))
  }];
}

def Gluon_WaitBarrierOp : Gluon_MBarrierOp<"wait_barrier",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "wait until an mbarrier's phase of the given parity ends";
  let description = [{
    `gluon.wait_barrier %bar, %phase, %true : !gluon.memdesc<1xi64,
    #shared>`: every thread where `pred` holds waits until the phase whose
    parity is `phase & 1` has completed. What the async copies of that
    phase wrote to shared memory is then visible to the thread.
  }];
  let arguments = (ins Gluon_MemDesc:$barrier, I32:$phase, I1:$pred);
  let assemblyFormat = [{
    $barrier `,` $phase `,` $pred attr-dict `:` qualified(type($barrier))
  }];
}

def Gluon_AsyncCopyMBarrierArriveOp
    : Gluon_MBarrierOp<"async_copy_mbarrier_arrive",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "arrive on an mbarrier once this thread's async copies end";
  let description = [{
    `gluon.async_copy_mbarrier_arrive %bar : !gluon.memdesc<1xi64,
    #shared>`: every thread arrives on the mbarrier once all the
    gluon.async_copy_global_to_local ops it started before have written
    shared memory (Ampere's cp.async.mbarrier.arrive), committed or not.
    A thread that waits for the phase then sees what they wrote. By
    default each thread first raises the phase's pending count by one, so
    the arrivals cancel out and `count` of init_barrier need not include
    them; with `no_increment` (`.noinc`) they count towards it.
  }];
  let arguments = (ins Gluon_MemDesc:$barrier, UnitAttr:$no_increment);
  let assemblyFormat = [{
    $barrier (`no_increment` $no_increment^)? attr-dict `:`
    qualified(type($barrier))
  }];
}

def Gluon_FenceAsyncSharedOp : Gluon_Op<"fence_async_shared",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "order this thread's shared memory accesses with async ones";
  let description = [{
    `gluon.fence_async_shared`: shared memory this thread wrote before the
    fence is visible to the async proxy (TMA stores, wgmma) after it.
    `gluon.fence_async_shared cluster` extends the fence to the cluster's
    shared memory.
  }];
  let arguments = (ins UnitAttr:$cluster);
  let assemblyFormat = "(`cluster` $cluster^)? attr-dict";
}

//===----------------------------------------------------------------------===//
// TMA copies between global tensors and shared memory (NVIDIA Hopper;
// NvidiaOps.cpp)
//===----------------------------------------------------------------------===//

def Gluon_AsyncTMALoadOp : Gluon_Op<"async_tma_load",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "copy a block of a global tensor to shared memory with TMA";
  let description = [{
    `gluon.async_tma_load %desc[%x, %y], %smem, %bar, %true :
    !gluon.tensordesc<...>, !gluon.memdesc<...>, !gluon.memdesc<1xi64,
    ...>`: where `pred` holds, starts copying the block at coordinates
    `coords` (elements, dimension 0 first; out of bounds reads zero) into
    `dst`, which has the descriptor's block shape and layout. The copy
    counts its bytes down on `barrier`; wait on the barrier before reading.
  }];
  let arguments = (ins Gluon_TensorDesc:$desc, Variadic<I32>:$coords,
                       Gluon_MemDesc:$dst, Gluon_MemDesc:$barrier,
                       I1:$pred);
  let assemblyFormat = [{
    $desc `[` $coords `]` `,` $dst `,` $barrier `,` $pred attr-dict `:`
    qualified(type($desc)) `,` qualified(type($dst)) `,`
    qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def Gluon_AsyncTMAStoreOp : Gluon_Op<"async_tma_store",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "copy a block of shared memory to a global tensor with TMA";
  let description = [{
    `gluon.async_tma_store %desc[%x, %y], %smem : !gluon.tensordesc<...>,
    !gluon.memdesc<...>`: starts copying `src` (the descriptor's block shape
    and layout) to the block at `coords`; elements out of bounds are not
    written. `src` must not change until gluon.tma_store_wait says the copy
    has read it; what threads wrote to `src` must be fenced
    (gluon.fence_async_shared) before.
  }];
  let arguments = (ins Gluon_TensorDesc:$desc, Variadic<I32>:$coords,
                       Gluon_MemDesc:$src);
  let assemblyFormat = [{
    $desc `[` $coords `]` `,` $src attr-dict `:` qualified(type($desc)) `,`
    qualified(type($src))
  }];
  let hasVerifier = 1;
}

def Gluon_TMAStoreWaitOp : Gluon_Op<"tma_store_wait",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "wait until at most N TMA stores still read shared memory";
  let description = [{
    `gluon.tma_store_wait 0`: waits until at most `pendings` of the
    gluon.async_tma_store ops before it (one bulk group each) still read
    their shared memory (cp.async.bulk.wait_group.read); the sources of
    the others may then be overwritten.
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>]>:$pendings);
  let assemblyFormat = "$pendings attr-dict";
}

//===----------------------------------------------------------------------===//
// mma.sync (NVIDIA Ampere; MmaV2Ops.cpp)
//===----------------------------------------------------------------------===//

def Gluon_MmaV2Op : Gluon_Op<"mma_v2",
    [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "acc + a @ b on Ampere's tensor cores (mma.sync)";
  let description = [{
    `%r = gluon.mma_v2 %a, %b, %acc : tensor<64x32xf16, #dot_a>,
    tensor<32x64xf16, #dot_b> -> tensor<64x64xf32, #mma>`: the accumulator
    and the result are [M, N] in a `#gluon.nvidia_mma` layout of version
    [2, 0]; `a` ([M, K]) and `b` ([K, N]) are in its dot operand layouts
    (opIdx 0 and 1, kWidth 32 / element bits). Each warp issues one
    mma.sync.aligned.m16n8k(8 kWidth) per 16 x 8 tile of the accumulator it
    holds and per K step, its registers taken where the layouts put them.
    Operands and accumulator: f16 x f16 into f32 or f16, bf16 x bf16 into
    f32, f32 x f32 (multiplied as tf32) into f32, i8 x i8 (signed) into i32.
    The result has the accumulator's type.
  }];
  let arguments = (ins Gluon_ValueTensor:$a, Gluon_ValueTensor:$b,
                       Gluon_ValueTensor:$acc);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `->` type($acc)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Warpgroup MMA (NVIDIA Hopper; WarpgroupMmaOps.cpp)
//===----------------------------------------------------------------------===//

def Gluon_WarpgroupMmaOp : Gluon_Op<"warpgroup_mma",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>,
     AllTypesMatch<["acc", "result"]>]> {
  let summary = "start acc + a @ b on Hopper's tensor cores (wgmma)";
  let description = [{
    `gluon.warpgroup_mma %a, %b, %acc, %use_acc : !gluon.memdesc<128x64xf16,
    #nvmma>, !gluon.memdesc<64x128xf16, #nvmma> -> tensor<128x128xf32,
    #gluon.nvidia_mma<{version = [3, 0], ...}>>`: each warpgroup (4 warps)
    issues one wgmma.mma_async per 64-row tile, instruction-wide column
    tile and K step of the accumulator's #gluon.nvidia_mma layout (version
    3), reading `b` ([K, N]) and `a` ([M, K]) from shared memory through
    matrix descriptors, or `a` from registers in the accumulator's dot
    operand layout (opIdx 0, kWidth 32 / element bits). Where `use_acc` is
    false the accumulator starts at zero. The result is not ready, and the
    operands must not change, until a gluon.warpgroup_mma_wait that passes
    the result says the group has completed. Operands: f16 or bf16 (f32
    accumulators), f32 (as tf32) or f8E4M3FN / f8E5M2 (K-major only).
  }];
  let arguments = (ins AnyTypeOf<[Gluon_MemDesc, Gluon_ValueTensor]>:$a,
                       Gluon_MemDesc:$b, Gluon_ValueTensor:$acc, I1:$useAcc);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc `,` $useAcc attr-dict `:` qualified(type($a)) `,`
    qualified(type($b)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Gluon_WarpgroupMmaWaitOp : Gluon_Op<"warpgroup_mma_wait",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>,
     DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "wait until at most N warpgroup MMA groups are in flight";
  let description = [{
    `%r = gluon.warpgroup_mma_wait 1, %acc : tensor<...>`:
    each warpgroup waits until at most `pendings` of its gluon.warpgroup_mma
    ops are still running. The results are the operands (`deps`), ready to
    use: pass the results of the MMAs waited for, and the buffers they read
    when later code overwrites them.
  }];
  let arguments = (ins Variadic<AnyType>:$deps,
                       ConfinedAttr<I32Attr, [IntMinValue<0>]>:$pendings);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $pendings (`,` $deps^ `:` qualified(type($deps)))? attr-dict
  }];
  let hasVerifier = 1;
}

#endif // GLUON_NVIDIA_OPS
