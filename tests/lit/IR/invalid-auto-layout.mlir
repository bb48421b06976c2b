// The verifier of gluon.set_auto_layout and the parser of #gluon.auto.
// RUN: %gluonc-opt %s -split-input-file -verify-diagnostics

#a = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @source_not_auto() {
    %x = gluon.arange 0 to 128 : tensor<128xi32, #a>
    // expected-error @+1 {{source must be in #gluon.auto}}
    %y = gluon.set_auto_layout %x : tensor<128xi32, #a> -> tensor<128xi32, #a>
    return
  }
}

// -----

module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @result_auto() {
    %x = gluon.arange 0 to 128 : tensor<128xi32, #gluon.auto>
    // expected-error @+1 {{result needs a concrete layout, got #gluon.auto}}
    %y = gluon.set_auto_layout %x : tensor<128xi32, #gluon.auto> -> tensor<128xi32, #gluon.auto<coalesced>>
    return
  }
}

// -----

#a = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @shape_changes() {
    %x = gluon.arange 0 to 128 : tensor<128xi32, #gluon.auto>
    // expected-error @+1 {{only the layout may change}}
    %y = gluon.set_auto_layout %x : tensor<128xi32, #gluon.auto> -> tensor<128xi64, #a>
    return
  }
}

// -----

#b = #gluon.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @wrong_rank() {
    %x = gluon.arange 0 to 128 : tensor<128xi32, #gluon.auto>
    // expected-error @+1 {{is not of rank 1}}
    %y = gluon.set_auto_layout %x : tensor<128xi32, #gluon.auto> -> tensor<128xi32, #b>
    return
  }
}

// -----

module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @bad_flag() {
    // expected-error @+1 {{expected 'coalesced'}}
    %x = gluon.arange 0 to 128 : tensor<128xi32, #gluon.auto<packed>>
    return
  }
}
