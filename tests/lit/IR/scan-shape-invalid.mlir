// The verifiers of gluon.scan and the shape ops: shapes, element types,
// permutations, and result layouts that would move elements between
// threads.
// RUN: %gluonc-opt %s -split-input-file -verify-diagnostics

#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @scan_axis(%x: tensor<8x128xf32, #rows>) {
  // expected-error @+1 {{axis 2 is out of range for 'tensor<8x128xf32, #gluon.blocked}}
  %s = gluon.scan %x {axis = 2 : i32} : tensor<8x128xf32, #rows> -> tensor<8x128xf32, #rows> {
  ^bb0(%a: f32, %b: f32):
    gluon.scan.return %a : f32
  }
  return
}

// -----

#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @scan_result(%x: tensor<8x128xf32, #rows>) {
  // expected-error @+1 {{result type 'tensor<8x128xf16, #gluon.blocked}}
  %s = gluon.scan %x {axis = 1 : i32} : tensor<8x128xf32, #rows> -> tensor<8x128xf16, #rows> {
  ^bb0(%a: f32, %b: f32):
    gluon.scan.return %a : f32
  }
  return
}

// -----

#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @scan_region(%x: tensor<8x128xf32, #rows>) {
  // expected-error @+1 {{combine arguments for source 0 must be 'f32'}}
  %s = gluon.scan %x {axis = 1 : i32} : tensor<8x128xf32, #rows> -> tensor<8x128xf32, #rows> {
  ^bb0(%a: f32, %b: i32):
    gluon.scan.return %a : f32
  }
  return
}

// -----

#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @permute_order(%x: tensor<8x128xf32, #rows>) {
  // expected-error @+1 {{order is not a permutation of 0..1}}
  %t = gluon.permute %x {order = array<i32: 1, 1>} : tensor<8x128xf32, #rows> -> tensor<128x8xf32, #rows>
  return
}

// -----

#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#other = #gluon.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
func.func @permute_layout(%x: tensor<8x128xf32, #rows>) {
  // expected-error @+1 {{would move elements between threads from the source layout}}
  %t = gluon.permute %x {order = array<i32: 1, 0>} : tensor<8x128xf32, #rows> -> tensor<128x8xf32, #other>
  return
}

// -----

#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#flat = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @reshape_count(%x: tensor<8x128xf32, #rows>) {
  // expected-error @+1 {{cannot reshape 1024 elements into 512}}
  %f = gluon.reshape %x : tensor<8x128xf32, #rows> -> tensor<512xf32, #flat>
  return
}

// -----

#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#pairs = #gluon.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
func.func @join_shape(%x: tensor<8x128xf32, #rows>) {
  // expected-error @+1 {{result shape must be the operands' with a last dimension of 2}}
  %j = gluon.join %x, %x : tensor<8x128xf32, #rows> -> tensor<8x128x4xf32, #pairs>
  return
}

// -----

#lanes = #gluon.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#half = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @split_lanes(%x: tensor<64x2xf32, #lanes>) {
  // expected-error @+1 {{would move elements between threads from the source layout}}
  %l, %r = gluon.split %x : tensor<64x2xf32, #lanes> -> tensor<64xf32, #half>
  return
}

// -----

// expected-error @+1 {{invalid linear layout: a lane basis entry must be zero or a power of two inside the shape, got 3 in dimension 0 of size 32}}
#bad = #gluon.linear<{register = [], lane = [[3]], warp = [], block = [], shape = [32]}>
func.func private @bad_linear(tensor<32xf32, #bad>)
