// gluon.reduce and gluon.convert_layout print and parse back unchanged: a
// reduction's results are its sources' shape without the axis, in the
// layout sliced along it, or a scalar for a 1-D source; several sources
// reduce together; a slice can be reduced again.
// RUN: %gluonc-opt %s | %gluonc-opt | FileCheck %s

// CHECK-DAG: #[[B:blocked]] = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[T:blocked[0-9]+]] = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>
// CHECK-DAG: #[[ROWS:slice[0-9]*]] = #gluon.slice<{dim = 1, parent = #[[B]]}>
// CHECK-DAG: #[[COLS:slice[0-9]*]] = #gluon.slice<{dim = 0, parent = #[[B]]}>
// CHECK-DAG: #[[L:linear]] = #gluon.linear<{register = {{\[\[}}1, 0], [0, 1]], lane = {{\[\[}}2, 0], [4, 0], [8, 0], [0, 2], [0, 4]], warp = {{\[\[}}16, 0], [0, 8]], block = [], shape = [32, 16]}>
#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#transposed = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>
#rows = #gluon.slice<{dim = 1, parent = #blocked}>
#linear = #gluon.linear<{register = [[1, 0], [0, 1]], lane = [[2, 0], [4, 0], [8, 0], [0, 2], [0, 4]], warp = [[16, 0], [0, 8]], block = [], shape = [32, 16]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @reduce
  func.func @reduce(%x: tensor<32x16xf32, #blocked>, %i: tensor<32x16xi32, #blocked>) -> f32 {
    // CHECK: %[[S:.*]] = gluon.reduce %{{.*}} {axis = 1 : i32} : tensor<32x16xf32, #[[B]]> -> tensor<32xf32, #[[ROWS]]> {
    // CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[C:.*]]: f32):
    // CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[A]], %[[C]] : f32
    // CHECK-NEXT: gluon.reduce.return %[[SUM]] : f32
    // CHECK-NEXT: }
    %s = gluon.reduce %x {axis = 1 : i32} : tensor<32x16xf32, #blocked> -> tensor<32xf32, #rows> {
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      gluon.reduce.return %sum : f32
    }
    // Two sources, one result each: an argmax down the columns.
    // CHECK: gluon.reduce %{{.*}}, %{{.*}} {axis = 0 : i32} : tensor<32x16xf32, #[[B]]>, tensor<32x16xi32, #[[B]]> -> tensor<16xf32, #[[COLS]]>, tensor<16xi32, #[[COLS]]> {
    // CHECK: gluon.reduce.return %{{.*}}, %{{.*}} : f32, i32
    %m:2 = gluon.reduce %x, %i {axis = 0 : i32} : tensor<32x16xf32, #blocked>, tensor<32x16xi32, #blocked> -> tensor<16xf32, #gluon.slice<{dim = 0, parent = #blocked}>>, tensor<16xi32, #gluon.slice<{dim = 0, parent = #blocked}>> {
    ^bb0(%a: f32, %ia: i32, %b: f32, %ib: i32):
      %greater = arith.cmpf ogt, %b, %a : f32
      %v = arith.select %greater, %b, %a : f32
      %iv = arith.select %greater, %ib, %ia : i32
      gluon.reduce.return %v, %iv : f32, i32
    }
    // The 1-D slice reduces to a scalar.
    // CHECK: gluon.reduce %[[S]] {axis = 0 : i32} : tensor<32xf32, #[[ROWS]]> -> f32 {
    %t = gluon.reduce %s {axis = 0 : i32} : tensor<32xf32, #rows> -> f32 {
    ^bb0(%a: f32, %b: f32):
      %max = arith.maxnumf %a, %b : f32
      gluon.reduce.return %max : f32
    }
    return %t : f32
  }

  // CHECK-LABEL: func.func @convert_layout
  func.func @convert_layout(%x: tensor<32x16xf32, #blocked>, %r: tensor<32xi1, #rows>) {
    // CHECK: gluon.convert_layout %{{.*}} : tensor<32x16xf32, #[[B]]> -> tensor<32x16xf32, #[[T]]>
    %t = gluon.convert_layout %x : tensor<32x16xf32, #blocked> -> tensor<32x16xf32, #transposed>
    // CHECK: gluon.convert_layout %{{.*}} : tensor<32x16xf32, #[[T]]> -> tensor<32x16xf32, #[[L]]>
    %l = gluon.convert_layout %t : tensor<32x16xf32, #transposed> -> tensor<32x16xf32, #linear>
    // A slice converts to a blocked layout of its rank.
    // CHECK: gluon.convert_layout %{{.*}} : tensor<32xi1, #[[ROWS]]> -> tensor<32xi1, #{{.*}}>
    %b = gluon.convert_layout %r : tensor<32xi1, #rows> -> tensor<32xi1, #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
    return
  }
}
