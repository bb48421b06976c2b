//===- Passes.td - AMD's planning passes -------------------*- tablegen -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The plans AMD's instruction scheduling needs, made on gluon IR. Each
// reads the architecture from the module's gluon.target and writes its plan
// as attributes on the ops the lowering turns into s_barrier, s_setprio and
// sched_group_barrier (WarpPipelineToROCDL.cpp).
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

#endif // GLUONC_BACKENDS_AMD_PASSES
