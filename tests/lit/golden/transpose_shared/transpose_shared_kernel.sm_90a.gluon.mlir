#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #gluon.swizzled_shared<{vec = 4, perPhase = 4, maxPhase = 8, order = [1, 0]}>
#slice = #gluon.slice<{dim = 1, parent = #blocked}>
#slice1 = #gluon.slice<{dim = 0, parent = #blocked}>
#slice2 = #gluon.slice<{dim = 1, parent = #blocked1}>
#slice3 = #gluon.slice<{dim = 0, parent = #blocked1}>
module attributes {gluon.num_warps = 4 : i32, gluon.target = "sm_90a", gluon.threads_per_warp = 32 : i32} {
  func.func @transpose_shared_kernel(%arg0: !gluon.ptr<f32> {gluon.divisibility = 16 : i64}, %arg1: !gluon.ptr<f32> {gluon.divisibility = 16 : i64}, %arg2: i32, %arg3: i32, %arg4: i32 {gluon.divisibility = 16 : i64}, %arg5: i32 {gluon.divisibility = 16 : i64}) {
    %0 = gluon.program_id 0 : i32
    %1 = gluon.program_id 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %2 = arith.muli %0, %c64_i32 : i32
    %3 = gluon.arange 0 to 64 : tensor<64xi32, #slice>
    %4 = gluon.splat %2 : i32 -> tensor<64xi32, #slice>
    %5 = arith.addi %4, %3 : tensor<64xi32, #slice>
    %c64_i32_0 = arith.constant 64 : i32
    %6 = arith.muli %1, %c64_i32_0 : i32
    %7 = gluon.arange 0 to 64 : tensor<64xi32, #slice1>
    %8 = gluon.splat %6 : i32 -> tensor<64xi32, #slice1>
    %9 = arith.addi %8, %7 : tensor<64xi32, #slice1>
    %10 = gluon.expand_dims %5 {axis = 1 : i32} : tensor<64xi32, #slice> -> tensor<64x1xi32, #blocked>
    %11 = gluon.splat %arg2 : i32 -> tensor<64x1xi32, #blocked>
    %12 = arith.cmpi slt, %10, %11 : tensor<64x1xi32, #blocked>
    %13 = gluon.expand_dims %9 {axis = 0 : i32} : tensor<64xi32, #slice1> -> tensor<1x64xi32, #blocked>
    %14 = gluon.splat %arg3 : i32 -> tensor<1x64xi32, #blocked>
    %15 = arith.cmpi slt, %13, %14 : tensor<1x64xi32, #blocked>
    %16 = gluon.broadcast %12 : tensor<64x1xi1, #blocked> -> tensor<64x64xi1, #blocked>
    %17 = gluon.broadcast %15 : tensor<1x64xi1, #blocked> -> tensor<64x64xi1, #blocked>
    %18 = arith.andi %16, %17 : tensor<64x64xi1, #blocked>
    %19 = gluon.expand_dims %5 {axis = 1 : i32} : tensor<64xi32, #slice> -> tensor<64x1xi32, #blocked>
    %20 = gluon.splat %arg4 : i32 -> tensor<64x1xi32, #blocked>
    %21 = arith.muli %19, %20 : tensor<64x1xi32, #blocked>
    %22 = gluon.splat %arg0 : !gluon.ptr<f32> -> tensor<64x1x!gluon.ptr<f32>, #blocked>
    %23 = gluon.addptr %22, %21 : tensor<64x1x!gluon.ptr<f32>, #blocked>, tensor<64x1xi32, #blocked>
    %24 = gluon.expand_dims %9 {axis = 0 : i32} : tensor<64xi32, #slice1> -> tensor<1x64xi32, #blocked>
    %25 = gluon.broadcast %23 : tensor<64x1x!gluon.ptr<f32>, #blocked> -> tensor<64x64x!gluon.ptr<f32>, #blocked>
    %26 = gluon.broadcast %24 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %27 = gluon.addptr %25, %26 : tensor<64x64x!gluon.ptr<f32>, #blocked>, tensor<64x64xi32, #blocked>
    %28 = gluon.load %27 mask %18 : (tensor<64x64x!gluon.ptr<f32>, #blocked>, tensor<64x64xi1, #blocked>) -> tensor<64x64xf32, #blocked>
    %29 = gluon.local_alloc -> !gluon.memdesc<64x64xf32, #shared>
    gluon.local_store %28, %29 : tensor<64x64xf32, #blocked> -> !gluon.memdesc<64x64xf32, #shared>
    %30 = gluon.local_load %29 : !gluon.memdesc<64x64xf32, #shared> -> tensor<64x64xf32, #blocked1>
    %c64_i32_1 = arith.constant 64 : i32
    %31 = arith.muli %0, %c64_i32_1 : i32
    %32 = gluon.arange 0 to 64 : tensor<64xi32, #slice2>
    %33 = gluon.splat %31 : i32 -> tensor<64xi32, #slice2>
    %34 = arith.addi %33, %32 : tensor<64xi32, #slice2>
    %c64_i32_2 = arith.constant 64 : i32
    %35 = arith.muli %1, %c64_i32_2 : i32
    %36 = gluon.arange 0 to 64 : tensor<64xi32, #slice3>
    %37 = gluon.splat %35 : i32 -> tensor<64xi32, #slice3>
    %38 = arith.addi %37, %36 : tensor<64xi32, #slice3>
    %39 = gluon.expand_dims %34 {axis = 1 : i32} : tensor<64xi32, #slice2> -> tensor<64x1xi32, #blocked1>
    %40 = gluon.splat %arg2 : i32 -> tensor<64x1xi32, #blocked1>
    %41 = arith.cmpi slt, %39, %40 : tensor<64x1xi32, #blocked1>
    %42 = gluon.expand_dims %38 {axis = 0 : i32} : tensor<64xi32, #slice3> -> tensor<1x64xi32, #blocked1>
    %43 = gluon.splat %arg3 : i32 -> tensor<1x64xi32, #blocked1>
    %44 = arith.cmpi slt, %42, %43 : tensor<1x64xi32, #blocked1>
    %45 = gluon.broadcast %41 : tensor<64x1xi1, #blocked1> -> tensor<64x64xi1, #blocked1>
    %46 = gluon.broadcast %44 : tensor<1x64xi1, #blocked1> -> tensor<64x64xi1, #blocked1>
    %47 = arith.andi %45, %46 : tensor<64x64xi1, #blocked1>
    %48 = gluon.expand_dims %38 {axis = 0 : i32} : tensor<64xi32, #slice3> -> tensor<1x64xi32, #blocked1>
    %49 = gluon.splat %arg5 : i32 -> tensor<1x64xi32, #blocked1>
    %50 = arith.muli %48, %49 : tensor<1x64xi32, #blocked1>
    %51 = gluon.splat %arg1 : !gluon.ptr<f32> -> tensor<1x64x!gluon.ptr<f32>, #blocked1>
    %52 = gluon.addptr %51, %50 : tensor<1x64x!gluon.ptr<f32>, #blocked1>, tensor<1x64xi32, #blocked1>
    %53 = gluon.expand_dims %34 {axis = 1 : i32} : tensor<64xi32, #slice2> -> tensor<64x1xi32, #blocked1>
    %54 = gluon.broadcast %52 : tensor<1x64x!gluon.ptr<f32>, #blocked1> -> tensor<64x64x!gluon.ptr<f32>, #blocked1>
    %55 = gluon.broadcast %53 : tensor<64x1xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
    %56 = gluon.addptr %54, %55 : tensor<64x64x!gluon.ptr<f32>, #blocked1>, tensor<64x64xi32, #blocked1>
    gluon.store %56, %30 mask %47 : (tensor<64x64x!gluon.ptr<f32>, #blocked1>, tensor<64x64xf32, #blocked1>, tensor<64x64xi1, #blocked1>) -> ()
    return
  }
}
