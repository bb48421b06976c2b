#blocked = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.target = "sm_90a", gluon.threads_per_warp = 32 : i32} {
  func.func @add_kernel(%arg0: !gluon.ptr<f32> {gluon.divisibility = 16 : i64}, %arg1: !gluon.ptr<f32> {gluon.divisibility = 16 : i64}, %arg2: !gluon.ptr<f32> {gluon.divisibility = 16 : i64}, %arg3: i32 {gluon.divisibility = 16 : i64}) {
    %0 = gluon.program_id 0 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = gluon.arange 0 to 1024 : tensor<1024xi32, #blocked>
    %3 = gluon.splat %1 : i32 -> tensor<1024xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<1024xi32, #blocked>
    %5 = gluon.splat %arg3 : i32 -> tensor<1024xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<1024xi32, #blocked>
    %7 = gluon.splat %arg0 : !gluon.ptr<f32> -> tensor<1024x!gluon.ptr<f32>, #blocked>
    %8 = gluon.addptr %7, %4 : tensor<1024x!gluon.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %9 = gluon.load %8 mask %6 : (tensor<1024x!gluon.ptr<f32>, #blocked>, tensor<1024xi1, #blocked>) -> tensor<1024xf32, #blocked>
    %10 = gluon.splat %arg1 : !gluon.ptr<f32> -> tensor<1024x!gluon.ptr<f32>, #blocked>
    %11 = gluon.addptr %10, %4 : tensor<1024x!gluon.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %12 = gluon.load %11 mask %6 : (tensor<1024x!gluon.ptr<f32>, #blocked>, tensor<1024xi1, #blocked>) -> tensor<1024xf32, #blocked>
    %13 = gluon.splat %arg2 : !gluon.ptr<f32> -> tensor<1024x!gluon.ptr<f32>, #blocked>
    %14 = gluon.addptr %13, %4 : tensor<1024x!gluon.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %15 = arith.addf %9, %12 : tensor<1024xf32, #blocked>
    gluon.store %14, %15 mask %6 : (tensor<1024x!gluon.ptr<f32>, #blocked>, tensor<1024xf32, #blocked>, tensor<1024xi1, #blocked>) -> ()
    return
  }
}
