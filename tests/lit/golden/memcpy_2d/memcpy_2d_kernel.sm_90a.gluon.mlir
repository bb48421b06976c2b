#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #gluon.slice<{dim = 1, parent = #blocked}>
#slice1 = #gluon.slice<{dim = 0, parent = #blocked}>
module attributes {gluon.num_warps = 4 : i32, gluon.target = "sm_90a", gluon.threads_per_warp = 32 : i32} {
  func.func @memcpy_2d_kernel(%arg0: !gluon.ptr<f32> {gluon.divisibility = 16 : i64}, %arg1: !gluon.ptr<f32> {gluon.divisibility = 16 : i64}, %arg2: i32, %arg3: i32 {gluon.divisibility = 16 : i64}, %arg4: i32 {gluon.divisibility = 16 : i64}, %arg5: i32 {gluon.divisibility = 16 : i64}) {
    %0 = gluon.program_id 0 : i32
    %1 = gluon.program_id 1 : i32
    %c32_i32 = arith.constant 32 : i32
    %2 = arith.muli %0, %c32_i32 : i32
    %3 = gluon.arange 0 to 32 : tensor<32xi32, #slice>
    %4 = gluon.splat %2 : i32 -> tensor<32xi32, #slice>
    %5 = arith.addi %4, %3 : tensor<32xi32, #slice>
    %c128_i32 = arith.constant 128 : i32
    %6 = arith.muli %1, %c128_i32 : i32
    %7 = gluon.arange 0 to 128 : tensor<128xi32, #slice1>
    %8 = gluon.splat %6 : i32 -> tensor<128xi32, #slice1>
    %9 = arith.addi %8, %7 : tensor<128xi32, #slice1>
    %10 = gluon.expand_dims %5 {axis = 1 : i32} : tensor<32xi32, #slice> -> tensor<32x1xi32, #blocked>
    %11 = gluon.splat %arg2 : i32 -> tensor<32x1xi32, #blocked>
    %12 = arith.cmpi slt, %10, %11 : tensor<32x1xi32, #blocked>
    %13 = gluon.expand_dims %9 {axis = 0 : i32} : tensor<128xi32, #slice1> -> tensor<1x128xi32, #blocked>
    %14 = gluon.splat %arg3 : i32 -> tensor<1x128xi32, #blocked>
    %15 = arith.cmpi slt, %13, %14 : tensor<1x128xi32, #blocked>
    %16 = gluon.broadcast %12 : tensor<32x1xi1, #blocked> -> tensor<32x128xi1, #blocked>
    %17 = gluon.broadcast %15 : tensor<1x128xi1, #blocked> -> tensor<32x128xi1, #blocked>
    %18 = arith.andi %16, %17 : tensor<32x128xi1, #blocked>
    %19 = gluon.expand_dims %5 {axis = 1 : i32} : tensor<32xi32, #slice> -> tensor<32x1xi32, #blocked>
    %20 = gluon.splat %arg4 : i32 -> tensor<32x1xi32, #blocked>
    %21 = arith.muli %19, %20 : tensor<32x1xi32, #blocked>
    %22 = gluon.expand_dims %9 {axis = 0 : i32} : tensor<128xi32, #slice1> -> tensor<1x128xi32, #blocked>
    %23 = gluon.broadcast %21 : tensor<32x1xi32, #blocked> -> tensor<32x128xi32, #blocked>
    %24 = gluon.broadcast %22 : tensor<1x128xi32, #blocked> -> tensor<32x128xi32, #blocked>
    %25 = arith.addi %23, %24 : tensor<32x128xi32, #blocked>
    %26 = gluon.expand_dims %5 {axis = 1 : i32} : tensor<32xi32, #slice> -> tensor<32x1xi32, #blocked>
    %27 = gluon.splat %arg5 : i32 -> tensor<32x1xi32, #blocked>
    %28 = arith.muli %26, %27 : tensor<32x1xi32, #blocked>
    %29 = gluon.expand_dims %9 {axis = 0 : i32} : tensor<128xi32, #slice1> -> tensor<1x128xi32, #blocked>
    %30 = gluon.broadcast %28 : tensor<32x1xi32, #blocked> -> tensor<32x128xi32, #blocked>
    %31 = gluon.broadcast %29 : tensor<1x128xi32, #blocked> -> tensor<32x128xi32, #blocked>
    %32 = arith.addi %30, %31 : tensor<32x128xi32, #blocked>
    %33 = gluon.splat %arg0 : !gluon.ptr<f32> -> tensor<32x128x!gluon.ptr<f32>, #blocked>
    %34 = gluon.addptr %33, %25 : tensor<32x128x!gluon.ptr<f32>, #blocked>, tensor<32x128xi32, #blocked>
    %35 = gluon.load %34 mask %18 : (tensor<32x128x!gluon.ptr<f32>, #blocked>, tensor<32x128xi1, #blocked>) -> tensor<32x128xf32, #blocked>
    %36 = gluon.splat %arg1 : !gluon.ptr<f32> -> tensor<32x128x!gluon.ptr<f32>, #blocked>
    %37 = gluon.addptr %36, %32 : tensor<32x128x!gluon.ptr<f32>, #blocked>, tensor<32x128xi32, #blocked>
    gluon.store %37, %35 mask %18 : (tensor<32x128x!gluon.ptr<f32>, #blocked>, tensor<32x128xf32, #blocked>, tensor<32x128xi1, #blocked>) -> ()
    return
  }
}
