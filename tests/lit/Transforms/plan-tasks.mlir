// The tasks pass run alone (gluonc-opt has no Target): it plans with the
// facts of the module's gluon.target, and refuses a module that names no
// architecture gluonc compiles for. On sm_90a, 4 default warps and a
// one-warp worker with num_regs 24 (padded to warps 4-7) start at maxnreg
// 248 (65536 registers over 256 threads, below .maxnreg's 255); the
// worker's warpgroup takes 24, the default's the rest, capped at 256.
// RUN: %gluonc-opt %s -split-input-file -gluon-plan-tasks -verify-diagnostics | FileCheck %s

// CHECK: module attributes {gluon.maxnreg = 248 : i32, gluon.num_warps = 4 : i32, gluon.target = "sm_90a", gluon.threads_per_warp = 32 : i32, gluon.total_num_warps = 8 : i32}
// CHECK: gluon.warp_group_registers = array<i32: 256, 24>
// CHECK-SAME: grantedRegisters = array<i32: 256, 24>
// CHECK-SAME: partitionStartWarps = array<i32: 4>
module attributes {gluon.num_warps = 4 : i32, gluon.target = "sm_90a", gluon.threads_per_warp = 32 : i32} {
  func.func @hopper(%n: i32) {
    gluon.warp_specialize(%n) attributes {partitionNames = ["loader"], partitionNumWarps = array<i32: 1>, partitionReplicas = array<i32: 0>, partitionRequestedRegisters = array<i32: 24>} default {
      gluon.warp_yield
    } partition0(%m: i32) {
      gluon.warp_return
    } : (i32) -> ()
    return
  }
}

// -----

// expected-error @below {{the tasks pass needs the architecture: the module's 'gluon.target' names none gluonc compiles for}}
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @no_target(%n: i32) {
    gluon.warp_specialize(%n) attributes {partitionNames = ["loader"], partitionNumWarps = array<i32: 1>, partitionReplicas = array<i32: 0>, partitionRequestedRegisters = array<i32: 0>} default {
      gluon.warp_yield
    } partition0(%m: i32) {
      gluon.warp_return
    } : (i32) -> ()
    return
  }
}
