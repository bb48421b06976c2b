// gluon-resolve-auto-layouts' errors: two layouts for one tensor, a
// tensor no set_auto_layout reaches, an op inference does not see through,
// an expand_dims whose source is inferred to be no slice.
// RUN: %gluonc-opt %s -split-input-file -gluon-resolve-auto-layouts -verify-diagnostics

#a = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @conflict() {
    %x = gluon.arange 0 to 128 : tensor<128xi32, #gluon.auto>
    // expected-note @+1 {{the first comes from this set_auto_layout}}
    %a = gluon.set_auto_layout %x : tensor<128xi32, #gluon.auto> -> tensor<128xi32, #a>
    // expected-error @+2 {{conflicting layouts inferred for a tensor in AutoLayout}}
    // expected-note @+1 {{the second from this set_auto_layout}}
    %b = gluon.set_auto_layout %x : tensor<128xi32, #gluon.auto> -> tensor<128xi32, #b>
    return
  }
}

// -----

module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @unreached(%ptr: !gluon.ptr<i32>) {
    // expected-error @+1 {{cannot infer the layout of this tensor in AutoLayout: no gl.set_auto_layout reaches it}}
    %x = gluon.arange 0 to 128 : tensor<128xi32, #gluon.auto>
    %base = gluon.splat %ptr : !gluon.ptr<i32> -> tensor<128x!gluon.ptr<i32>, #gluon.auto>
    %ptrs = gluon.addptr %base, %x : tensor<128x!gluon.ptr<i32>, #gluon.auto>, tensor<128xi32, #gluon.auto>
    gluon.store %ptrs, %x : (tensor<128x!gluon.ptr<i32>, #gluon.auto>, tensor<128xi32, #gluon.auto>) -> ()
    return
  }
}

// -----

module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @unsupported(%c: i1, %ptr: !gluon.ptr<i32>) {
    %x = gluon.arange 0 to 128 : tensor<128xi32, #gluon.auto>
    // expected-error @+1 {{'scf.while' cannot take a tensor in AutoLayout: give it a layout first with gl.set_auto_layout}}
    %y = scf.while (%a = %x) : (tensor<128xi32, #gluon.auto>) -> tensor<128xi32, #gluon.auto> {
      scf.condition(%c) %a : tensor<128xi32, #gluon.auto>
    } do {
    ^bb0(%b: tensor<128xi32, #gluon.auto>):
      scf.yield %b : tensor<128xi32, #gluon.auto>
    }
    %base = gluon.splat %ptr : !gluon.ptr<i32> -> tensor<128x!gluon.ptr<i32>, #gluon.auto>
    %ptrs = gluon.addptr %base, %y : tensor<128x!gluon.ptr<i32>, #gluon.auto>, tensor<128xi32, #gluon.auto>
    gluon.store %ptrs, %y : (tensor<128x!gluon.ptr<i32>, #gluon.auto>, tensor<128xi32, #gluon.auto>) -> ()
    return
  }
}

// -----

#a = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @not_a_slice(%ptr: !gluon.ptr<i32>) {
    %x = gluon.arange 0 to 128 : tensor<128xi32, #gluon.auto>
    // expected-note @+1 {{that layout comes from this set_auto_layout}}
    %a = gluon.set_auto_layout %x : tensor<128xi32, #gluon.auto> -> tensor<128xi32, #a>
    // expected-error @+1 {{expand_dims along 1 needs its source in a SliceLayout along 1, but inference gives it}}
    %e = gluon.expand_dims %x {axis = 1 : i32} : tensor<128xi32, #gluon.auto> -> tensor<128x1xi32, #gluon.auto>
    %base = gluon.splat %ptr : !gluon.ptr<i32> -> tensor<128x1x!gluon.ptr<i32>, #gluon.auto>
    %ptrs = gluon.addptr %base, %e : tensor<128x1x!gluon.ptr<i32>, #gluon.auto>, tensor<128x1xi32, #gluon.auto>
    gluon.store %ptrs, %e : (tensor<128x1x!gluon.ptr<i32>, #gluon.auto>, tensor<128x1xi32, #gluon.auto>) -> ()
    return
  }
}
