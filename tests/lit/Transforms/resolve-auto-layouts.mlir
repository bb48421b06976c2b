// gluon-resolve-auto-layouts: layouts carried from gluon.set_auto_layout
// forwards and backwards through elementwise ops, expand_dims and loops;
// the errors are in resolve-auto-layouts-invalid.mlir.
// RUN: %gluonc-opt %s -split-input-file -gluon-resolve-auto-layouts | FileCheck %s
// RUN: %gluonc-opt %s -split-input-file -gluon-resolve-auto-layouts -gluon-verify-layouts -o /dev/null

// Backwards through addptr, broadcast and expand_dims: the two aranges get
// the slices of the layout given to the pointers, and the constant its
// layout too.
// CHECK-DAG: #[[B:.*]] = #gluon.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[S1:.*]] = #gluon.slice<{dim = 1, parent = #[[B]]}>
// CHECK-DAG: #[[S0:.*]] = #gluon.slice<{dim = 0, parent = #[[B]]}>
// CHECK-LABEL: func.func @offsets
// CHECK: gluon.arange 0 to 32 : tensor<32xi32, #[[S1]]>
// CHECK: gluon.expand_dims {{.*}} -> tensor<32x1xi32, #[[B]]>
// CHECK: arith.constant dense<8> : tensor<32x1xi32, #[[B]]>
// CHECK: gluon.arange 0 to 8 : tensor<8xi32, #[[S0]]>
// CHECK: gluon.load {{.*}} -> tensor<32x8xi32, #[[B]]>
// CHECK-NOT: set_auto_layout
// CHECK-NOT: #gluon.auto
#b = #gluon.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @offsets(%ptr: !gluon.ptr<i32>) {
    %rows = gluon.arange 0 to 32 : tensor<32xi32, #gluon.auto>
    %r = gluon.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #gluon.auto> -> tensor<32x1xi32, #gluon.auto>
    %c8 = arith.constant dense<8> : tensor<32x1xi32, #gluon.auto>
    %rs = arith.muli %r, %c8 : tensor<32x1xi32, #gluon.auto>
    %cols = gluon.arange 0 to 8 : tensor<8xi32, #gluon.auto>
    %c = gluon.expand_dims %cols {axis = 0 : i32} : tensor<8xi32, #gluon.auto> -> tensor<1x8xi32, #gluon.auto>
    %rb = gluon.broadcast %rs : tensor<32x1xi32, #gluon.auto> -> tensor<32x8xi32, #gluon.auto>
    %cb = gluon.broadcast %c : tensor<1x8xi32, #gluon.auto> -> tensor<32x8xi32, #gluon.auto>
    %offs = arith.addi %rb, %cb : tensor<32x8xi32, #gluon.auto>
    %base = gluon.splat %ptr : !gluon.ptr<i32> -> tensor<32x8x!gluon.ptr<i32>, #gluon.auto>
    %ptrs = gluon.addptr %base, %offs : tensor<32x8x!gluon.ptr<i32>, #gluon.auto>, tensor<32x8xi32, #gluon.auto>
    %p = gluon.set_auto_layout %ptrs : tensor<32x8x!gluon.ptr<i32>, #gluon.auto> -> tensor<32x8x!gluon.ptr<i32>, #b>
    %v = gluon.load %p : (tensor<32x8x!gluon.ptr<i32>, #b>) -> tensor<32x8xi32, #b>
    return
  }
}

// -----

// Forwards and through a loop: the accumulator's init, iteration argument,
// yield and result all get the layout the store's pointers have.
// CHECK-LABEL: func.func @loop
// CHECK: %[[INIT:.*]] = gluon.splat {{.*}} -> tensor<128xf32, #[[L:.*]]>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (tensor<128xf32, #[[L]]>)
// CHECK: scf.yield {{.*}} : tensor<128xf32, #[[L]]>
#l = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @loop(%ptr: !gluon.ptr<f32>, %x: f32) {
    %c0 = arith.constant 0 : i32
    %c4 = arith.constant 4 : i32
    %c1 = arith.constant 1 : i32
    %init = gluon.splat %x : f32 -> tensor<128xf32, #gluon.auto>
    %acc = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (tensor<128xf32, #gluon.auto>) : i32 {
      %d = arith.addf %a, %a : tensor<128xf32, #gluon.auto>
      scf.yield %d : tensor<128xf32, #gluon.auto>
    }
    %offs = gluon.arange 0 to 128 : tensor<128xi32, #l>
    %base = gluon.splat %ptr : !gluon.ptr<f32> -> tensor<128x!gluon.ptr<f32>, #l>
    %ptrs = gluon.addptr %base, %offs : tensor<128x!gluon.ptr<f32>, #l>, tensor<128xi32, #l>
    %v = gluon.set_auto_layout %acc : tensor<128xf32, #gluon.auto> -> tensor<128xf32, #l>
    gluon.store %ptrs, %v : (tensor<128x!gluon.ptr<f32>, #l>, tensor<128xf32, #l>) -> ()
    return
  }
}

// -----

// Forwards through expand_dims: a source that is a slice makes the result
// its parent; an scf.if's result takes what its branches yield, and the
// store what it stores.
// CHECK-LABEL: func.func @forwards
// CHECK: gluon.expand_dims {{.*}} -> tensor<1x64xi32, #[[P:.*]]>
// CHECK: scf.if {{.*}} -> (tensor<1x64xi32, #[[P]]>)
#p = #gluon.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#s = #gluon.slice<{dim = 0, parent = #p}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @forwards(%cond: i1, %ptr: !gluon.ptr<i32>) {
    %a = gluon.arange 0 to 64 : tensor<64xi32, #gluon.auto>
    %s = gluon.set_auto_layout %a : tensor<64xi32, #gluon.auto> -> tensor<64xi32, #s>
    %e = gluon.expand_dims %a {axis = 0 : i32} : tensor<64xi32, #gluon.auto> -> tensor<1x64xi32, #gluon.auto>
    %r = scf.if %cond -> (tensor<1x64xi32, #gluon.auto>) {
      scf.yield %e : tensor<1x64xi32, #gluon.auto>
    } else {
      %d = arith.addi %e, %e : tensor<1x64xi32, #gluon.auto>
      scf.yield %d : tensor<1x64xi32, #gluon.auto>
    }
    %base = gluon.splat %ptr : !gluon.ptr<i32> -> tensor<1x64x!gluon.ptr<i32>, #gluon.auto>
    %ptrs = gluon.addptr %base, %r : tensor<1x64x!gluon.ptr<i32>, #gluon.auto>, tensor<1x64xi32, #gluon.auto>
    gluon.store %ptrs, %r : (tensor<1x64x!gluon.ptr<i32>, #gluon.auto>, tensor<1x64xi32, #gluon.auto>) -> ()
    return
  }
}

// -----

// Unused tensors in #gluon.auto without effects are erased, not errors.
// CHECK-LABEL: func.func @unused
// CHECK-NEXT: return
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @unused() {
    %x = gluon.arange 0 to 128 : tensor<128xi32, #gluon.auto>
    %y = arith.addi %x, %x : tensor<128xi32, #gluon.auto>
    return
  }
}

// -----

// #gluon.auto<coalesced> pointers: a load seeds them with the coalesced
// BlockedLayout (16 bytes of i32 per thread along the contiguous range),
// carried to the offsets and the store.
// CHECK: #[[C:.*]] = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: func.func @coalesced
// CHECK: gluon.arange 0 to 512 : tensor<512xi32, #[[C]]>
// CHECK: gluon.load {{.*}} -> tensor<512xi32, #[[C]]>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @coalesced(%src: !gluon.ptr<i32> {gluon.divisibility = 16 : i64}, %dst: !gluon.ptr<i32> {gluon.divisibility = 16 : i64}) {
    %offs = gluon.arange 0 to 512 : tensor<512xi32, #gluon.auto<coalesced>>
    %a = gluon.splat %src : !gluon.ptr<i32> -> tensor<512x!gluon.ptr<i32>, #gluon.auto<coalesced>>
    %p = gluon.addptr %a, %offs : tensor<512x!gluon.ptr<i32>, #gluon.auto<coalesced>>, tensor<512xi32, #gluon.auto<coalesced>>
    %v = gluon.load %p : (tensor<512x!gluon.ptr<i32>, #gluon.auto<coalesced>>) -> tensor<512xi32, #gluon.auto<coalesced>>
    %b = gluon.splat %dst : !gluon.ptr<i32> -> tensor<512x!gluon.ptr<i32>, #gluon.auto<coalesced>>
    %q = gluon.addptr %b, %offs : tensor<512x!gluon.ptr<i32>, #gluon.auto<coalesced>>, tensor<512xi32, #gluon.auto<coalesced>>
    gluon.store %q, %v : (tensor<512x!gluon.ptr<i32>, #gluon.auto<coalesced>>, tensor<512xi32, #gluon.auto<coalesced>>) -> ()
    return
  }
}
