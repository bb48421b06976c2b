// gluon.warp_specialize: prints back as parsed, and its verifier rejects
// per-partition arrays of the wrong size, partition arguments that do not
// match the captures, tensor captures, a partition reading a value from
// outside, a yield whose types are not the results, and the task rules
// (gluonc::checkTasks): here a register request that is no multiple of 8
// and warps that are no power of two. A register request depends on the
// architecture: the verifier reads the module's gluon.target's facts
// (sm_80 has no setmaxnreg), and without one checks only the rules every
// target shares.
// RUN: %gluonc-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @round_trip
// CHECK: %[[R:.*]] = gluon.warp_specialize(%arg0) attributes {partitionNames = ["loader"], partitionNumWarps = array<i32: 1>, partitionReplicas = array<i32: 0>, partitionRequestedRegisters = array<i32: 24>} default {
// CHECK: gluon.warp_yield %{{.*}} : i32
// CHECK: } partition0(%{{.*}}: i32) {
// CHECK: gluon.warp_return
// CHECK: } : (i32) -> i32
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @round_trip(%n: i32) {
    %r = gluon.warp_specialize(%n) attributes {partitionNames = ["loader"], partitionNumWarps = array<i32: 1>, partitionReplicas = array<i32: 0>, partitionRequestedRegisters = array<i32: 24>} default {
      gluon.warp_yield %n : i32
    } partition0(%m: i32) {
      gluon.warp_return
    } : (i32) -> i32
    return
  }
}

// -----

module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @array_size(%n: i32) {
    // expected-error @below {{has 1 partition but 'partitionNumWarps' has 2 entries}}
    gluon.warp_specialize(%n) attributes {partitionNames = ["a"], partitionNumWarps = array<i32: 1, 1>, partitionReplicas = array<i32: 0>, partitionRequestedRegisters = array<i32: 0>} default {
      gluon.warp_yield
    } partition0(%m: i32) {
      gluon.warp_return
    } : (i32) -> ()
    return
  }
}

// -----

module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @arguments(%n: i32) {
    // expected-error @below {{partition 0's arguments do not match the captures}}
    gluon.warp_specialize(%n) attributes {partitionNames = ["a"], partitionNumWarps = array<i32: 1>, partitionReplicas = array<i32: 0>, partitionRequestedRegisters = array<i32: 0>} default {
      gluon.warp_yield
    } partition0(%m: i64) {
      gluon.warp_return
    } : (i32) -> ()
    return
  }
}

// -----

module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @outside(%n: i32) {
    // expected-error @below {{partition 0 uses a value defined outside it}}
    gluon.warp_specialize() attributes {partitionNames = ["a"], partitionNumWarps = array<i32: 1>, partitionReplicas = array<i32: 0>, partitionRequestedRegisters = array<i32: 0>} default {
      gluon.warp_yield
    } partition0() {
      %x = arith.addi %n, %n : i32
      gluon.warp_return
    } : () -> ()
    return
  }
}

// -----

module attributes {gluon.num_warps = 4 : i32, gluon.target = "sm_90a", gluon.threads_per_warp = 32 : i32} {
  func.func @registers(%n: i32) {
    // expected-error @below {{task 'a' asks for num_regs 30; setmaxnreg takes a multiple of 8 within [24, 256]}}
    gluon.warp_specialize(%n) attributes {partitionNames = ["a"], partitionNumWarps = array<i32: 1>, partitionReplicas = array<i32: 0>, partitionRequestedRegisters = array<i32: 30>} default {
      gluon.warp_yield
    } partition0(%m: i32) {
      gluon.warp_return
    } : (i32) -> ()
    return
  }
}

// -----

module attributes {gluon.num_warps = 4 : i32, gluon.target = "sm_80", gluon.threads_per_warp = 32 : i32} {
  func.func @no_setmaxnreg(%n: i32) {
    // expected-error @below {{task 'a' asks for num_regs 24, but this target has no setmaxnreg (setmaxnreg needs sm_90a or later)}}
    gluon.warp_specialize(%n) attributes {partitionNames = ["a"], partitionNumWarps = array<i32: 1>, partitionReplicas = array<i32: 0>, partitionRequestedRegisters = array<i32: 24>} default {
      gluon.warp_yield
    } partition0(%m: i32) {
      gluon.warp_return
    } : (i32) -> ()
    return
  }
}

// -----

// CHECK-LABEL: func.func @no_target
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @no_target(%n: i32) {
    gluon.warp_specialize(%n) attributes {partitionNames = ["a"], partitionNumWarps = array<i32: 1>, partitionReplicas = array<i32: 0>, partitionRequestedRegisters = array<i32: 30>} default {
      gluon.warp_yield
    } partition0(%m: i32) {
      gluon.warp_return
    } : (i32) -> ()
    return
  }
}

// -----

module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @warps(%n: i32) {
    // expected-error @below {{task 'a' has num_warps 3, which is not a power of two}}
    gluon.warp_specialize(%n) attributes {partitionNames = ["a"], partitionNumWarps = array<i32: 3>, partitionReplicas = array<i32: 0>, partitionRequestedRegisters = array<i32: 0>} default {
      gluon.warp_yield
    } partition0(%m: i32) {
      gluon.warp_return
    } : (i32) -> ()
    return
  }
}

// -----

module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @yield_types(%n: i32) {
    %r = gluon.warp_specialize(%n) attributes {partitionNames = ["a"], partitionNumWarps = array<i32: 1>, partitionReplicas = array<i32: 0>, partitionRequestedRegisters = array<i32: 0>} default {
      %c = arith.constant 1 : i64
      // expected-error @below {{yields 1 values whose types do not match the results of its gluon.warp_specialize}}
      gluon.warp_yield %c : i64
    } partition0(%m: i32) {
      gluon.warp_return
    } : (i32) -> i32
    return
  }
}
