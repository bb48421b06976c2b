// Every gluon op and attribute prints and parses back unchanged.
// RUN: %gluonc-opt %s | %gluonc-opt | FileCheck %s

// CHECK: #[[B:blocked[0-9]*]] = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #gluon.slice<{dim = 1, parent = #blocked}>
#cols = #gluon.slice<{dim = 0, parent = #blocked}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @ops
  func.func @ops(%p: !gluon.ptr<f16>, %q: !gluon.ptr<f32, 3>, %n: i32) {
    // CHECK: gluon.program_id 1 : i32
    %pid = gluon.program_id 1 : i32
    // CHECK: gluon.num_programs 2 : i32
    %np = gluon.num_programs 2 : i32
    // CHECK: gluon.arange 0 to 32 : tensor<32xi32, #slice>
    %r = gluon.arange 0 to 32 : tensor<32xi32, #rows>
    %c = gluon.arange 16 to 32 : tensor<16xi32, #cols>
    // CHECK: gluon.expand_dims %{{.*}} {axis = 1 : i32} : tensor<32xi32, #slice> -> tensor<32x1xi32, #[[B]]>
    %r2 = gluon.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #rows> -> tensor<32x1xi32, #blocked>
    %c2 = gluon.expand_dims %c {axis = 0 : i32} : tensor<16xi32, #cols> -> tensor<1x16xi32, #blocked>
    // CHECK: gluon.broadcast %{{.*}} : tensor<32x1xi32, #[[B]]> -> tensor<32x16xi32, #[[B]]>
    %rb = gluon.broadcast %r2 : tensor<32x1xi32, #blocked> -> tensor<32x16xi32, #blocked>
    %cb = gluon.broadcast %c2 : tensor<1x16xi32, #blocked> -> tensor<32x16xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<32x16xi32, #blocked>
    // CHECK: gluon.splat %{{.*}} : !gluon.ptr<f16> -> tensor<32x16x!gluon.ptr<f16>, #[[B]]>
    %ps = gluon.splat %p : !gluon.ptr<f16> -> tensor<32x16x!gluon.ptr<f16>, #blocked>
    // CHECK: gluon.addptr %{{.*}}, %{{.*}} : tensor<32x16x!gluon.ptr<f16>, #[[B]]>, tensor<32x16xi32, #[[B]]>
    %ptrs = gluon.addptr %ps, %off : tensor<32x16x!gluon.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
    %ns = gluon.splat %n : i32 -> tensor<32x16xi32, #blocked>
    %mask = arith.cmpi slt, %off, %ns : tensor<32x16xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<32x16xf16, #blocked>
    // CHECK: gluon.load %{{.*}} mask %{{.*}} other %{{.*}} : (tensor<32x16x!gluon.ptr<f16>, #[[B]]>, tensor<32x16xi1, #[[B]]>, tensor<32x16xf16, #[[B]]>) -> tensor<32x16xf16, #[[B]]>
    %v = gluon.load %ptrs mask %mask other %zero : (tensor<32x16x!gluon.ptr<f16>, #blocked>, tensor<32x16xi1, #blocked>, tensor<32x16xf16, #blocked>) -> tensor<32x16xf16, #blocked>
    // CHECK: gluon.store %{{.*}}, %{{.*}} mask %{{.*}} :
    gluon.store %ptrs, %v mask %mask : (tensor<32x16x!gluon.ptr<f16>, #blocked>, tensor<32x16xf16, #blocked>, tensor<32x16xi1, #blocked>) -> ()
    // Scalar pointers, and a pointer outside global memory.
    // CHECK: gluon.addptr %{{.*}}, %{{.*}} : !gluon.ptr<f32, 3>, i32
    %q1 = gluon.addptr %q, %n : !gluon.ptr<f32, 3>, i32
    // CHECK: gluon.load %{{.*}} : (!gluon.ptr<f32, 3>) -> f32
    %s = gluon.load %q1 : (!gluon.ptr<f32, 3>) -> f32
    gluon.store %q1, %s : (!gluon.ptr<f32, 3>, f32) -> ()
    // A device math library function on a scalar and on a tensor.
    // CHECK: gluon.extern_elementwise "fast_expf"(%{{.*}}) : (f32) -> f32
    %e = gluon.extern_elementwise "fast_expf"(%s) : (f32) -> f32
    %vf = arith.extf %v : tensor<32x16xf16, #blocked> to tensor<32x16xf32, #blocked>
    // CHECK: gluon.extern_elementwise "pow"(%{{.*}}, %{{.*}}) : (tensor<32x16xf32, #[[B]]>, tensor<32x16xf32, #[[B]]>) -> tensor<32x16xf32, #[[B]]>
    %pw = gluon.extern_elementwise "pow"(%vf, %vf) : (tensor<32x16xf32, #blocked>, tensor<32x16xf32, #blocked>) -> tensor<32x16xf32, #blocked>
    return
  }
}
