// gluon.scan, the register-renaming shape ops and #gluon.linear print and
// parse back unchanged.
// RUN: %gluonc-opt %s | %gluonc-opt | FileCheck %s

// CHECK-DAG: #[[B:blocked]] = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[T:blocked[0-9]+]] = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[J:blocked[0-9]+]] = #gluon.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-DAG: #[[L:linear]] = #gluon.linear<{register = {{\[\[}}8], [16], [4]], lane = {{\[\[}}32], [64], [128], [256], [512]], warp = {{\[\[}}1], [2]], block = [], shape = [1024]}>
#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#pairs = #gluon.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#columns = #gluon.linear<{register = [[8], [16], [4]], lane = [[32], [64], [128], [256], [512]], warp = [[1], [2]], block = [], shape = [1024]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @ops
  func.func @ops(%x: tensor<8x128xf32, #rows>, %i: tensor<8x128xi32, #rows>) {
    // CHECK: gluon.scan %{{.*}}, %{{.*}} {axis = 1 : i32, reverse} : tensor<8x128xf32, #[[B]]>, tensor<8x128xi32, #[[B]]> -> tensor<8x128xf32, #[[B]]>, tensor<8x128xi32, #[[B]]> {
    // CHECK: gluon.scan.return %{{.*}}, %{{.*}} : f32, i32
    %s:2 = gluon.scan %x, %i {axis = 1 : i32, reverse} : tensor<8x128xf32, #rows>, tensor<8x128xi32, #rows> -> tensor<8x128xf32, #rows>, tensor<8x128xi32, #rows> {
    ^bb0(%a: f32, %ia: i32, %b: f32, %ib: i32):
      %sum = arith.addf %a, %b : f32
      gluon.scan.return %sum, %ib : f32, i32
    }
    // CHECK: %[[P:.*]] = gluon.permute %{{.*}} {order = array<i32: 1, 0>} : tensor<8x128xf32, #[[B]]> -> tensor<128x8xf32, #[[T]]>
    %t = gluon.permute %x {order = array<i32: 1, 0>} : tensor<8x128xf32, #rows> -> tensor<128x8xf32, #cols>
    // CHECK: gluon.reshape %[[P]] : tensor<128x8xf32, #[[T]]> -> tensor<1024xf32, #[[L]]>
    %f = gluon.reshape %t : tensor<128x8xf32, #cols> -> tensor<1024xf32, #columns>
    // CHECK: %[[JOINED:.*]] = gluon.join %{{.*}}, %{{.*}} : tensor<8x128xf32, #[[B]]> -> tensor<8x128x2xf32, #[[J]]>
    %j = gluon.join %x, %s#0 : tensor<8x128xf32, #rows> -> tensor<8x128x2xf32, #pairs>
    // CHECK: %{{.*}}, %{{.*}} = gluon.split %[[JOINED]] : tensor<8x128x2xf32, #[[J]]> -> tensor<8x128xf32, #[[B]]>
    %l, %r = gluon.split %j : tensor<8x128x2xf32, #pairs> -> tensor<8x128xf32, #rows>
    return
  }
}
