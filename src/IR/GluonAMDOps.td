//===- GluonAMDOps.td - Operations only AMD lowers ---------*- tablegen -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The gluon ops that only backends/amd lowers: MFMA, accesses through
// buffer resources (to registers and to LDS) and the markers of warp
// pipelines. Their declarations are in gluonc/IR/AMDOps.h, their
// definitions in AMDOps.cpp; the ops every target lowers are in
// GluonOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef GLUON_AMD_OPS
#define GLUON_AMD_OPS

include "GluonDialect.td"
include "GluonTypes.td"
include "GluonAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Matrix cores (MFMA; AMDOps.cpp)
//===----------------------------------------------------------------------===//

def Gluon_MfmaOp : Gluon_Op<"mfma",
    [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "acc + a @ b on AMD's matrix cores";
  let description = [{
    `%r = gluon.mfma %a, %b, %acc : tensor<64x32xf16, #dot_a>,
    tensor<32x64xf16, #dot_b> -> tensor<64x64xf32, #mfma>`: `acc` and the
    result are [M, N] fp32 in a `#gluon.amd_mfma` layout; `a` ([M, K]) and
    `b` ([K, N]) are fp16 or bf16 in its dot operand layouts (opIdx 0 and
    1, both kWidth 4 or both 8). Each warp issues one MFMA instruction per
    tile and K step.
  }];
  let arguments = (ins Gluon_ValueTensor:$a, Gluon_ValueTensor:$b,
                       Gluon_ValueTensor:$acc);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Buffer accesses: one base pointer and i32 offsets (AMDOps.cpp)
//===----------------------------------------------------------------------===//

def Gluon_BufferLoadOp : Gluon_Op<"buffer_load", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "load through an AMD buffer resource: base plus offsets";
  let description = [{
    `%r = gluon.buffer_load %base[%offsets] mask %m other %o :
    (!gluon.ptr<f32>, tensor<512xi32, #blocked>, tensor<512xi1, #blocked>,
    tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked>`: the element
    at `ptr + offsets` (element offsets, i32) for every element of
    `offsets`; where `mask` is false nothing is read and the result is
    `other` (zero without it). The pointer is one base for the whole
    program; the offsets must stay below 2^31 bytes.
  }];
  let arguments = (ins Gluon_PointerType:$ptr, Gluon_IntTensor:$offsets,
                       Optional<Gluon_BoolTensor>:$mask,
                       Optional<Gluon_ValueTensor>:$other);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = [{
    $ptr `[` $offsets `]` (`mask` $mask^)? (`other` $other^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Gluon_BufferStoreOp : Gluon_Op<"buffer_store", [
    MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "store through an AMD buffer resource: base plus offsets";
  let description = [{
    `gluon.buffer_store %v, %base[%offsets] mask %m : (tensor<512xf32,
    #blocked>, !gluon.ptr<f32>, tensor<512xi32, #blocked>, tensor<512xi1,
    #blocked>) -> ()`: writes each element of `value` to `ptr + offsets`
    (element offsets, i32), where `mask` holds; addressed as
    gluon.buffer_load is, `value`, `offsets` and `mask` in one shape and
    layout.
  }];
  let arguments = (ins Gluon_ValueTensor:$value, Gluon_PointerType:$ptr,
                       Gluon_IntTensor:$offsets,
                       Optional<Gluon_BoolTensor>:$mask);
  let assemblyFormat = [{
    $value `,` $ptr `[` $offsets `]` (`mask` $mask^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Gluon_BufferLoadToLocalOp : Gluon_Op<"buffer_load_to_local",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "start copying global memory to shared memory through an AMD "
                "buffer resource";
  let description = [{
    `gluon.buffer_load_to_local %base[%offsets], %smem mask %m :
    !gluon.ptr<f16>, tensor<64x32xi32, #blocked>, tensor<64x32xi1, #blocked>
    -> !gluon.memdesc<64x32xf16, #shared>`: the asynchronous copy of
    gluon.async_copy_global_to_local, addressed like gluon.buffer_load
    (one base for the program, i32 element offsets below 2^31 bytes):
    element `base + offsets[i, j]` goes to element (i, j) of `dst`. Where
    `mask` is false nothing is read and zeros are written. The copies join
    the thread's current group (gluon.async_commit_group), and
    gluon.async_wait_group waits for them. On CDNA each copy is a
    `buffer_load_dword* ... lds`, which writes the LDS words of a wave's
    lanes consecutively, so `dst`'s layout must place them so.
  }];
  let arguments = (ins Gluon_PointerType:$ptr, Gluon_IntTensor:$offsets,
                       Gluon_MemDesc:$dst, Optional<Gluon_BoolTensor>:$mask);
  let assemblyFormat = [{
    $ptr `[` $offsets `]` `,` $dst (`mask` $mask^)? attr-dict `:`
    qualified(type($ptr)) `,` type($offsets) (`,` type($mask)^)? `->`
    qualified(type($dst))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Warp pipelines (WarpPipelineOps.cpp)
//===----------------------------------------------------------------------===//

def Gluon_WarpPipelineBorderOp : Gluon_Op<"warp_pipeline_border",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "the end of one stage of an AMD warp pipeline";
  let description = [{
    Ends a stage of an inter-wave warp pipeline (`with
    warp_pipeline_stage(label, priority=...)` in Gluon and TLX). A stage is
    the ops of a loop body from the previous border (or the body's start)
    to its border; ops after the last border run at the start of the next
    iteration, with stage 0. The block's waves run in two groups one stage
    apart (gluonc/Plan/WarpPipelinePlan.h): every border lowers to an
    s_barrier both groups reach, with s_setprio and sched_barrier fences
    around it, and the barrier pass decides which borders also order LDS.

    `priority` (0-3) is the stage's wave priority; a stage without one runs
    at 0 when another stage of the loop has one.

    Example:

    ```mlir
    scf.for %i = %c0 to %n step %c1 {
      %a = gluon.load %ptrs : tensor<256x!gluon.ptr<f16>, #blocked>
      gluon.local_store %a, %buf : ...
      gluon.warp_pipeline_border "load" priority 1
      %x = gluon.local_load %buf : ...
      gluon.warp_pipeline_border "compute"
    }
    ```
  }];
  let arguments = (ins StrAttr:$label, OptionalAttr<I32Attr>:$priority);
  let assemblyFormat = "$label (`priority` $priority^)? attr-dict";
  let hasVerifier = 1;
}

def Gluon_IntraWaveBeginOp : Gluon_Op<"intra_wave_begin",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "the start of an AMD intra-wave interleaving region";
  let description = [{
    The ops from this op to the next gluon.intra_wave_end of the same block
    form one region of `with warp_pipeline_stage(label,
    scope="intra_wave", pair=...)` (TLX). Without `pair` the region holds
    both streams, memory reads and MFMAs, which must not depend on each
    other; two adjacent regions with the same `pair` are one memory-only
    and one MFMA-only region. The scheduling pass counts each stream's
    machine instructions and asks the AMDGPU scheduler (through
    sched_group_barrier) to interleave them.

    Example:

    ```mlir
    gluon.intra_wave_begin "prefetch"
    %a = gluon.local_load %next : ...
    %acc2 = gluon.mfma %x, %y, %acc : ...
    gluon.intra_wave_end
    ```
  }];
  let arguments = (ins StrAttr:$label, OptionalAttr<I32Attr>:$pair);
  let assemblyFormat = "$label (`pair` $pair^)? attr-dict";
  let hasVerifier = 1;
}

def Gluon_IntraWaveEndOp : Gluon_Op<"intra_wave_end",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "the end of an AMD intra-wave interleaving region";
  let description = [{
    `gluon.intra_wave_end`: closes the region the previous
    gluon.intra_wave_begin of the block opened (see its example).
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // GLUON_AMD_OPS
