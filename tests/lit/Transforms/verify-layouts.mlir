// The verify stage checks layouts against the kernel's warps and the warp
// size, and tensor shapes.
// RUN: %gluonc-opt %s -split-input-file -gluon-verify-layouts -verify-diagnostics

#a = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @warps() {
    // expected-error @+1 {{spreads over 8 warps, but the kernel runs with 4 (num_warps)}}
    %r = gluon.arange 0 to 1024 : tensor<1024xi32, #a>
    return
  }
}

// -----

#a = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @warp_size() {
    // expected-error @+1 {{assumes 64 threads per warp, but the target has 32}}
    %r = gluon.arange 0 to 1024 : tensor<1024xi32, #a>
    return
  }
}

// -----

#a = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @shape() {
    // expected-error @+1 {{dimensions must be powers of two up to 2^30}}
    %r = arith.constant dense<0> : tensor<96xi32, #a>
    return
  }
}

// -----

// expected-error @+1 {{a gluon module needs the 'gluon.num_warps' and 'gluon.threads_per_warp' attributes}}
module {
}

// -----

module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @auto() {
    // expected-error @+1 {{has a layout left to inference; gluon-resolve-auto-layouts resolves it}}
    %r = gluon.arange 0 to 128 : tensor<128xi32, #gluon.auto>
    return
  }
}
