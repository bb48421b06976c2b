// Verifiers reject malformed ops; layout mismatches name both layouts.
// RUN: %gluonc-opt %s -split-input-file -verify-diagnostics

#a = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @addptr_layouts(%p: tensor<128x!gluon.ptr<f32>, #a>, %o: tensor<128xi32, #b>) {
  // expected-error @+1 {{layout mismatch: ptr has layout #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>, offset has layout #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}}
  %r = gluon.addptr %p, %o : tensor<128x!gluon.ptr<f32>, #a>, tensor<128xi32, #b>
  return
}

// -----

#a = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @load_mask_layouts(%p: tensor<128x!gluon.ptr<f32>, #a>, %m: tensor<128xi1, #b>) {
  // expected-error @+1 {{layout mismatch: ptr has layout #gluon.blocked<{sizePerThread = [4]}}
  %r = gluon.load %p mask %m : (tensor<128x!gluon.ptr<f32>, #a>, tensor<128xi1, #b>) -> tensor<128xf32, #a>
  return
}

// -----

#a = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @store_value_layouts(%p: tensor<128x!gluon.ptr<f32>, #a>, %v: tensor<128xf32, #b>) {
  // expected-error @+1 {{layout mismatch: ptr has layout}}
  gluon.store %p, %v : (tensor<128x!gluon.ptr<f32>, #a>, tensor<128xf32, #b>) -> ()
  return
}

// -----

#a = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @load_result_type(%p: tensor<128x!gluon.ptr<f32>, #a>) {
  // expected-error @+1 {{result type 'tensor<128xf16, #gluon.blocked}}
  %r = gluon.load %p : (tensor<128x!gluon.ptr<f32>, #a>) -> tensor<128xf16, #a>
  return
}

// -----

#a = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @arange_length() {
  // expected-error @+1 {{range length 96 must be a power of two}}
  %r = gluon.arange 0 to 96 : tensor<96xi32, #a>
  return
}

// -----

#a = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#s = #gluon.slice<{dim = 1, parent = #b}>
func.func @expand_dims_parent(%x: tensor<32xi32, #s>) {
  // expected-error @+1 {{layout mismatch: the source layout must be a slice along 1 of the result layout}}
  %r = gluon.expand_dims %x {axis = 1 : i32} : tensor<32xi32, #s> -> tensor<32x1xi32, #a>
  return
}

// -----

#a = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
func.func @broadcast_layout(%x: tensor<32x1xi32, #a>) {
  // expected-error @+1 {{layout mismatch: source has layout}}
  %r = gluon.broadcast %x : tensor<32x1xi32, #a> -> tensor<32x16xi32, #b>
  return
}

// -----

#a = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @broadcast_shape(%x: tensor<32x2xi32, #a>) {
  // expected-error @+1 {{dimension 1 of size 2 cannot broadcast to 16}}
  %r = gluon.broadcast %x : tensor<32x2xi32, #a> -> tensor<32x16xi32, #a>
  return
}

// -----

func.func @splat_type(%x: i32) {
  // expected-error @+1 {{source type 'i32' differs from the result's element type 'f32'}}
  %r = gluon.splat %x : i32 -> tensor<128xf32, #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>>
  return
}

// -----

// expected-error @+1 {{invalid blocked layout: size_per_thread entries must be powers of two}}
#bad = #gluon.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// -----

// expected-error @+1 {{invalid blocked layout: order must be a permutation of 0..1}}
#bad = #gluon.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 1]}>

// -----

#a = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// expected-error @+1 {{slice dimension 1 is out of range for a parent of rank 1}}
#s = #gluon.slice<{dim = 1, parent = #a}>

// -----

llvm.func @predicated_fallback_type(%m: i1, %x: i32) -> i64 {
  // expected-error @+1 {{'gluon.predicated' op needs one fallback value per result, of its type}}
  %r = gluon.predicated %m else %x : (i32) -> i64 {
    %z = llvm.mlir.zero : i64
    gluon.predicated.yield %z : i64
  }
  llvm.return %r : i64
}

// -----

llvm.func @predicated_body_arguments(%m: i1, %x: i32) -> i32 {
  // expected-error @+1 {{'gluon.predicated' op region should have no arguments}}
  %r = "gluon.predicated"(%m, %x) ({
  ^bb0(%a: i32):
    "gluon.predicated.yield"(%a) : (i32) -> ()
  }) : (i1, i32) -> i32
  llvm.return %r : i32
}

// -----

llvm.func @predicated_yield_count(%m: i1, %x: i32) -> i32 {
  // expected-error @+1 {{'gluon.predicated' op body yields 0 values that do not match the results}}
  %r = gluon.predicated %m else %x : (i32) -> i32 {
    gluon.predicated.yield
  }
  llvm.return %r : i32
}

// -----

// gluon.extern_elementwise names a function of gluonc/IR/MathLibrary.h
// with its arity and a type it takes.
func.func @extern_unknown(%x: f32) -> f32 {
  // expected-error @+1 {{'gluon.extern_elementwise' op 'expf' is not a function of the device math library}}
  %r = gluon.extern_elementwise "expf"(%x) : (f32) -> f32
  return %r : f32
}

// -----

func.func @extern_arity(%x: f32) -> f32 {
  // expected-error @+1 {{'gluon.extern_elementwise' op 'pow' takes 2 arguments, got 1}}
  %r = gluon.extern_elementwise "pow"(%x) : (f32) -> f32
  return %r : f32
}

// -----

func.func @extern_fast_f64(%x: f64) -> f64 {
  // expected-error @+1 {{'gluon.extern_elementwise' op 'fast_expf' takes f32, got 'f64'}}
  %r = gluon.extern_elementwise "fast_expf"(%x) : (f64) -> f64
  return %r : f64
}

// -----

#b = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @extern_f16(%x: tensor<128xf16, #b>) -> tensor<128xf16, #b> {
  // expected-error @+1 {{'gluon.extern_elementwise' op 'exp' takes f32 or f64, got 'f16'}}
  %r = gluon.extern_elementwise "exp"(%x) : (tensor<128xf16, #b>) -> tensor<128xf16, #b>
  return %r : tensor<128xf16, #b>
}

// -----

#b = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @extern_types(%x: tensor<128xf32, #b>, %y: f32) -> tensor<128xf32, #b> {
  // expected-error @+1 {{'gluon.extern_elementwise' op requires the same type for all operands and results}}
  %r = gluon.extern_elementwise "pow"(%x, %y) : (tensor<128xf32, #b>, f32) -> tensor<128xf32, #b>
  return %r : tensor<128xf32, #b>
}
