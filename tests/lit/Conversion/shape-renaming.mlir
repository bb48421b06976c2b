// permute, join, split and reshape keep every element in its thread: each
// lowers to choosing, per result register, the source register that holds
// its element; no shuffles, no shared memory.
// RUN: %gluonc-opt %s --gluon-to-nvvm | FileCheck %s

// Each thread holds a 2x2 tile, row-major in its registers.
#a = #gluon.blocked<{sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#flat = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#pairs = #gluon.blocked<{sizePerThread = [2, 2, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // Transposed into the same layout: registers 1 and 2 trade places.
  // CHECK-LABEL: llvm.func @permute
  // CHECK: %[[X0:.*]] = llvm.extractvalue %arg1[0]
  // CHECK: %[[X1:.*]] = llvm.extractvalue %arg1[1]
  // CHECK: %[[X2:.*]] = llvm.extractvalue %arg1[2]
  // CHECK: %[[X3:.*]] = llvm.extractvalue %arg1[3]
  // CHECK-NOT: nvvm.shfl
  // CHECK: {{[ ,]}}%[[X0]]{{[ ,]}}
  // CHECK: {{[ ,]}}%[[X2]]{{[ ,]}}
  // CHECK: {{[ ,]}}%[[X1]]{{[ ,]}}
  // CHECK: {{[ ,]}}%[[X3]]{{[ ,]}}
  // CHECK: llvm.return
  func.func @permute(%p: tensor<2x2x!gluon.ptr<i32>, #a>, %x: tensor<2x2xi32, #a>) {
    %t = gluon.permute %x {order = array<i32: 1, 0>} : tensor<2x2xi32, #a> -> tensor<2x2xi32, #a>
    gluon.store %p, %t : (tensor<2x2x!gluon.ptr<i32>, #a>, tensor<2x2xi32, #a>) -> ()
    return
  }

  // The second half of the join of x and y is y, register for register.
  // CHECK-LABEL: llvm.func @join_split
  // CHECK: %[[Y0:.*]] = llvm.extractvalue %arg2[0]
  // CHECK: %[[Y1:.*]] = llvm.extractvalue %arg2[1]
  // CHECK: %[[Y2:.*]] = llvm.extractvalue %arg2[2]
  // CHECK: %[[Y3:.*]] = llvm.extractvalue %arg2[3]
  // CHECK-NOT: %arg1
  // CHECK: {{[ ,]}}%[[Y0]]{{[ ,]}}
  // CHECK: {{[ ,]}}%[[Y1]]{{[ ,]}}
  // CHECK: {{[ ,]}}%[[Y2]]{{[ ,]}}
  // CHECK: {{[ ,]}}%[[Y3]]{{[ ,]}}
  // CHECK: llvm.return
  func.func @join_split(%p: tensor<2x2x!gluon.ptr<i32>, #a>, %x: tensor<2x2xi32, #a>, %y: tensor<2x2xi32, #a>) {
    %j = gluon.join %x, %y : tensor<2x2xi32, #a> -> tensor<2x2x2xi32, #pairs>
    %l, %r = gluon.split %j : tensor<2x2x2xi32, #pairs> -> tensor<2x2xi32, #a>
    gluon.store %p, %r : (tensor<2x2x!gluon.ptr<i32>, #a>, tensor<2x2xi32, #a>) -> ()
    return
  }

  // Row-major flattening of a row-major tile keeps the register order.
  // CHECK-LABEL: llvm.func @reshape
  // CHECK: %[[F0:.*]] = llvm.extractvalue %arg1[0]
  // CHECK: %[[F1:.*]] = llvm.extractvalue %arg1[1]
  // CHECK: %[[F2:.*]] = llvm.extractvalue %arg1[2]
  // CHECK: %[[F3:.*]] = llvm.extractvalue %arg1[3]
  // CHECK: {{[ ,]}}%[[F0]]{{[ ,]}}
  // CHECK: {{[ ,]}}%[[F1]]{{[ ,]}}
  // CHECK: {{[ ,]}}%[[F2]]{{[ ,]}}
  // CHECK: {{[ ,]}}%[[F3]]{{[ ,]}}
  func.func @reshape(%p: tensor<4x!gluon.ptr<i32>, #flat>, %x: tensor<2x2xi32, #a>) {
    %f = gluon.reshape %x : tensor<2x2xi32, #a> -> tensor<4xi32, #flat>
    gluon.store %p, %f : (tensor<4x!gluon.ptr<i32>, #flat>, tensor<4xi32, #flat>) -> ()
    return
  }
}
