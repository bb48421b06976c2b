//===- Passes.td - AMD's own passes ------------------------*- tablegen -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// AMD's own passes. The plans its instruction scheduling needs, made on
// gluon IR, and the lowering passes that read them or prepare the
// conversion. Each reads the architecture from the module's gluon.target;
// a plan is written as attributes on the ops the lowering turns into
// s_barrier, s_setprio and sched_group_barrier (WarpPipelineToROCDL.cpp) or
// into copies to LDS (AsyncCopyToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_AMD_PASSES
#define GLUONC_BACKENDS_AMD_PASSES

include "mlir/Pass/PassBase.td"

def GluonAMDPlanWarpPipelines
    : Pass<"gluon-amd-plan-warp-pipelines", "mlir::ModuleOp"> {
  let dependentDialects = ["mlir::gluon::GluonDialect"];
  let summary = "Plan the borders and priorities of each warp-pipelined "
                "loop";
  let description = [{
    Runs in the membar stage before gluon-insert-barriers. For each loop
    whose body holds `gluon.warp_pipeline_border` ops, gathers each
    stage's LDS accesses, plans (gluonc::planInterWave) which borders must
    also order LDS given the two wave groups' lag, and marks them
    (`gluon.orders_lds`), with the loop's wave groups
    (`gluon.pipeline_group_waves`) and the stages' priorities
    (`gluon.first_priority`, `gluon.next_priority`). The barrier pass
    clears what is pending at a marked border and inserts nothing inside
    the loop.
  }];
}

def GluonAMDPlanIntraWave : Pass<"gluon-amd-plan-intra-wave", "mlir::ModuleOp"> {
  let dependentDialects = ["mlir::gluon::GluonDialect"];
  let summary = "Plan the interleave of each intra-wave region's memory "
                "reads with its MFMAs (sched_group_barrier steps)";
  let description = [{
    The schedule stage. IntraWaveSchedule.cpp states the algorithm; the
    steps go on the region's last `gluon.intra_wave_end`
    (`gluon.intra_wave_steps`, `gluon.intra_wave_sync_id`).
  }];
}

def GluonAMDPlanLdsCopies
    : Pass<"gluon-amd-plan-lds-copies", "mlir::ModuleOp"> {
  let dependentDialects = ["mlir::gluon::GluonDialect"];
  let summary = "Choose the vectors of CDNA's copies to LDS and the vmcnt of "
                "the waits for them";
  let description = [{
    The first pass of the lower stage on CDNA, before control flow is
    lowered. Checks every copy from global memory to LDS
    (`gluon.async_copy_global_to_local`, `gluon.buffer_load_to_local`)
    against the architecture's widest copy (4 bytes on gfx942, 16 on
    gfx950; none on gfx90a, where a copy is an error), records its vector
    width (`gluon.lds_copy_bytes`) and gives each `gluon.async_wait_group` the
    vmcnt (`gluon.vmcnt`) that waits for the copies it covers
    (AsyncCopyToLLVM.cpp).
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "The architecture (default: the module's gluon.target)">
  ];
}

def GluonAMDLowerWarpPipeline
    : Pass<"gluon-amd-lower-warp-pipeline", "mlir::ModuleOp"> {
  let dependentDialects = ["mlir::ROCDL::ROCDLDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
  let summary = "Lower planned warp pipelines and intra-wave regions to "
                "s_setprio, sched_barrier, sched_group_barrier and s_barrier";
  let description = [{
    The lower stage, before structured control flow becomes branches. A
    warp-pipelined loop (planned by gluon-amd-plan-warp-pipelines) gets the
    rendezvous of its two wave groups, s_setprio at its borders and
    s_barrier where a border orders LDS; an intra-wave region (planned by
    gluon-amd-plan-intra-wave) gets sched_barrier around it and its
    sched_group_barrier steps (WarpPipelineToROCDL.cpp). The wave size is
    the architecture's.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "The architecture (default: the module's gluon.target)">
  ];
}

def GluonAMDScopeLdsCopies
    : Pass<"gluon-amd-scope-lds-copies", "mlir::ModuleOp"> {
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
  let summary = "Give CDNA's copies to LDS an alias scope that the other "
                "LDS accesses do not alias";
  let description = [{
    After the conversion to the LLVM dialect. Without it LLVM's AMDGPU
    backend assumes any LDS access may touch a copy in flight and waits
    for all of them before the first ds_read after the copies; gluonc's
    rule (a copy's destination is touched only after a wait_group that
    covers it) makes the scopes true (AsyncCopyToLLVM.cpp).
  }];
}

#endif // GLUONC_BACKENDS_AMD_PASSES
