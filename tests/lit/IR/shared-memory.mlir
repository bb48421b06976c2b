// Shared layouts, descriptor types and the shared memory ops print and
// parse back unchanged; views carry the layout that keeps every element in
// place.
// RUN: %gluonc-opt %s | %gluonc-opt | FileCheck %s

// CHECK-DAG: #gluon.swizzled_shared<{vec = 4, perPhase = 4, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #gluon.swizzled_shared<{vec = 4, perPhase = 4, maxPhase = 8, order = [0, 1]}>
// CHECK-DAG: #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
// CHECK-DAG: #gluon.padded_shared<{intervalPaddings = {{\[\[}}32, 4], [64, 8]], order = [1, 0]}>
// CHECK-DAG: #gluon.padded_shared<{intervalPaddings = {{\[\[}}2, 2]], offsetBases = {{\[\[}}2], [1], [4]], shape = [8]}>
// CHECK-DAG: #gluon.shared_linear<{offsetBases = {{\[\[}}0, 1], [1, 1]], alignment = 16}>
#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#swizzled = #gluon.swizzled_shared<{vec = 4, perPhase = 4, maxPhase = 8, order = [1, 0]}>
#swizzled_t = #gluon.swizzled_shared<{vec = 4, perPhase = 4, maxPhase = 8, order = [0, 1]}>
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#padded = #gluon.padded_shared<{intervalPaddings = [[32, 4], [64, 8]], order = [1, 0]}>
#explicit = #gluon.padded_shared<{intervalPaddings = [[2, 2]], offsetBases = [[2], [1], [4]], shape = [8]}>
#linear = #gluon.shared_linear<{offsetBases = [[0, 1], [1, 1]], alignment = 16}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @ops
  func.func @ops(%x: tensor<32x64xf32, #blocked>, %i: i32) {
    // CHECK: %[[A:.*]] = gluon.local_alloc -> !gluon.memdesc<2x32x64xf32, #[[S:shared[0-9]*]]>
    %a = gluon.local_alloc -> !gluon.memdesc<2x32x64xf32, #swizzled>
    // CHECK: %[[B:.*]] = gluon.memdesc_index %[[A]][%{{.*}}] : !gluon.memdesc<2x32x64xf32, #[[S]]> -> !gluon.memdesc<32x64xf32, #[[S]]>
    %b = gluon.memdesc_index %a[%i] : !gluon.memdesc<2x32x64xf32, #swizzled> -> !gluon.memdesc<32x64xf32, #swizzled>
    // CHECK: gluon.local_store %{{.*}}, %[[B]] : tensor<32x64xf32, #{{.*}}> -> !gluon.memdesc<32x64xf32, #[[S]]>
    gluon.local_store %x, %b : tensor<32x64xf32, #blocked> -> !gluon.memdesc<32x64xf32, #swizzled>
    // A view of part of an allocation prints its allocation's shape.
    // CHECK: gluon.memdesc_subslice %[[B]] [0, 32] : !gluon.memdesc<32x64xf32, #[[S]]> -> !gluon.memdesc<32x32xf32, #[[S]], 32x64>
    %c = gluon.memdesc_subslice %b [0, 32] : !gluon.memdesc<32x64xf32, #swizzled> -> !gluon.memdesc<32x32xf32, #swizzled, 32x64>
    // CHECK: gluon.memdesc_permute %{{.*}} {order = array<i32: 1, 0>} : !gluon.memdesc<32x32xf32, #[[S]], 32x64> -> !gluon.memdesc<32x32xf32, #{{shared[0-9]*}}, 64x32>
    %d = gluon.memdesc_permute %c {order = array<i32: 1, 0>} : !gluon.memdesc<32x32xf32, #swizzled, 32x64> -> !gluon.memdesc<32x32xf32, #swizzled_t, 64x32>
    // CHECK: gluon.local_load %{{.*}} : !gluon.memdesc<32x32xf32, #{{shared[0-9]*}}, 64x32> -> tensor<32x32xf32, #{{.*}}>
    %e = gluon.local_load %d : !gluon.memdesc<32x32xf32, #swizzled_t, 64x32> -> tensor<32x32xf32, #blocked>
    // CHECK: gluon.local_alloc %{{.*}} : tensor<32x64xf32, #{{.*}}> -> !gluon.memdesc<32x64xf32, #{{.*}}>
    %f = gluon.local_alloc %x : tensor<32x64xf32, #blocked> -> !gluon.memdesc<32x64xf32, #padded>
    // CHECK: gluon.memdesc_reshape %{{.*}} : !gluon.memdesc<2x32x64xf32, #[[S]]> -> !gluon.memdesc<64x64xf32, #[[S]]>
    %g = gluon.memdesc_reshape %a : !gluon.memdesc<2x32x64xf32, #swizzled> -> !gluon.memdesc<64x64xf32, #swizzled>
    // CHECK: gluon.memdesc_reinterpret %{{.*}} : !gluon.memdesc<2x32x64xf32, #[[S]]> -> !gluon.memdesc<64x64xf16, #[[S]]>
    %g2 = gluon.memdesc_reinterpret %a : !gluon.memdesc<2x32x64xf32, #swizzled> -> !gluon.memdesc<64x64xf16, #swizzled>
    %h = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %j = gluon.local_alloc -> !gluon.memdesc<8xf16, #explicit>
    %k = gluon.local_alloc -> !gluon.memdesc<2x2xf16, #linear>
    return
  }
}
