// gluon.intra_wave_begin / intra_wave_end: a region is a begin and the
// next end of the same block, directly in a loop body and within one
// inter-wave stage; a begin with no end before the next begin, an end with
// no begin before it, a negative pair, a region outside a loop or across
// a border, and pairs of one or three regions are refused
// (WarpPipelinePlan's checkStageArguments and checkLoopStages). Also
// gluon.buffer_load_to_local's operand rules.
// RUN: %gluonc-opt %s -split-input-file -verify-diagnostics

func.func @regions(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    gluon.intra_wave_begin "prefetch" pair 0
    gluon.intra_wave_end
    gluon.intra_wave_begin "mfma" pair 0
    gluon.intra_wave_end
    gluon.intra_wave_begin "both"
    gluon.intra_wave_end
  }
  return
}

// -----

func.func @in_stages(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    gluon.warp_pipeline_border "load"
    gluon.intra_wave_begin "both"
    gluon.intra_wave_end
    gluon.warp_pipeline_border "compute"
  }
  return
}

// -----

func.func @unclosed(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{must be closed by a gluon.intra_wave_end in the same block before the next region begins}}
    gluon.intra_wave_begin "a"
    gluon.intra_wave_begin "b"
    gluon.intra_wave_end
  }
  return
}

// -----

func.func @stray_end() {
  // expected-error @+1 {{closes no region: no gluon.intra_wave_begin precedes it in the block}}
  gluon.intra_wave_end
  return
}

// -----

func.func @negative_pair(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{pair -1 is negative}}
    gluon.intra_wave_begin "a" pair -1
    gluon.intra_wave_end
  }
  return
}

// -----

func.func @outside_loop() {
  // expected-error @+1 {{must be directly in the body of a loop (scf.for): an intra-wave region is a stage of one loop body}}
  gluon.intra_wave_begin "a"
  gluon.intra_wave_end
  return
}

// -----

func.func @across_border(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    gluon.warp_pipeline_border "load"
    // expected-error @+1 {{crosses a warp pipeline border: an intra-wave region lies within one inter-wave stage}}
    gluon.intra_wave_begin "a"
    gluon.warp_pipeline_border "compute"
    gluon.intra_wave_end
  }
  return
}

// -----

func.func @lonely_pair(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{pair 3 has no partner}}
    gluon.intra_wave_begin "a" pair 3
    gluon.intra_wave_end
  }
  return
}

// -----

func.func @three_in_pair(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    gluon.intra_wave_begin "a" pair 1
    gluon.intra_wave_end
    gluon.intra_wave_begin "b" pair 1
    gluon.intra_wave_end
    // expected-error @+1 {{pair 1 has 3 stages; a pair joins two}}
    gluon.intra_wave_begin "c" pair 1
    gluon.intra_wave_end
  }
  return
}

// -----

#rows = #gluon.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @buffer_copy(%p: !gluon.ptr<f16>, %o: tensor<16x32xi32, #rows>, %m: tensor<16x32xi1, #rows>) {
  %s = gluon.local_alloc -> !gluon.memdesc<16x32xf16, #shared>
  gluon.buffer_load_to_local %p[%o], %s mask %m : !gluon.ptr<f16>, tensor<16x32xi32, #rows>, tensor<16x32xi1, #rows> -> !gluon.memdesc<16x32xf16, #shared>
  return
}

// -----

#rows = #gluon.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @buffer_copy_element(%p: !gluon.ptr<f32>, %o: tensor<16x32xi32, #rows>) {
  %s = gluon.local_alloc -> !gluon.memdesc<16x32xf16, #shared>
  // expected-error @+1 {{the pointer's element type 'f32' is not the data's 'f16'}}
  gluon.buffer_load_to_local %p[%o], %s : !gluon.ptr<f32>, tensor<16x32xi32, #rows> -> !gluon.memdesc<16x32xf16, #shared>
  return
}

// -----

#rows = #gluon.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @buffer_copy_shape(%p: !gluon.ptr<f16>, %o: tensor<16x32xi32, #rows>) {
  %s = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
  // expected-error @+1 {{must have one shape}}
  gluon.buffer_load_to_local %p[%o], %s : !gluon.ptr<f16>, tensor<16x32xi32, #rows> -> !gluon.memdesc<32x32xf16, #shared>
  return
}
