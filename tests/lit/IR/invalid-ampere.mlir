// Verifiers of Ampere's ops (checkAsyncCopy in src/IR/AsyncOps.cpp,
// planMmaV2 in src/IR/MmaV2Ops.cpp, the functions the frontend reports
// with): an async copy reads global memory through pointers of the
// buffer's shape and element type, under a mask of the pointers' shape and
// layout, with cache "ca" or "cg"; the wait takes a count of groups.
// mma_v2's accumulator is a 2-D tensor in a version [2, 0]
// #gluon.nvidia_mma layout, its operands in that layout's dot operand
// layouts with kWidth 32 / element bits, the types a pair mma.sync has, the
// shapes a @ b + acc, the accumulator whole 16 x 8 tiles per warp and K
// whole instruction steps. A #gluon.dot_op of a version 2 parent with
// another kWidth or operand index is refused by the attribute
// (dot-operand-layout.mlir).
// RUN: %gluonc-opt %s -split-input-file -verify-diagnostics

#blocked = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @copy_shape(%p: tensor<32x32x!gluon.ptr<f16>, #blocked>) {
  %buf = gluon.local_alloc -> !gluon.memdesc<64x32xf16, #shared>
  // expected-error @+1 {{'gluon.async_copy_global_to_local' op an async copy's pointers tensor<32x32x!gluon.ptr<f16>, #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>> and shared memory !gluon.memdesc<64x32xf16, #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>> must have one shape}}
  gluon.async_copy_global_to_local %p, %buf : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<64x32xf16, #shared>
  return
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @copy_element(%p: tensor<32x32x!gluon.ptr<f32>, #blocked>) {
  %buf = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
  // expected-error @+1 {{an async copy's pointers point at f32, but the shared memory !gluon.memdesc<32x32xf16, #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>> holds f16}}
  gluon.async_copy_global_to_local %p, %buf : tensor<32x32x!gluon.ptr<f32>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
  return
}

// -----

// The mask is in the pointers' layout.
#blocked = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#other = #gluon.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @copy_mask(%p: tensor<32x32x!gluon.ptr<f16>, #blocked>, %m: tensor<32x32xi1, #other>) {
  %buf = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
  // expected-error @+1 {{an async copy's mask must be booleans in the pointers' shape and layout}}
  gluon.async_copy_global_to_local %p, %buf mask %m : tensor<32x32x!gluon.ptr<f16>, #blocked>, tensor<32x32xi1, #other> -> !gluon.memdesc<32x32xf16, #shared>
  return
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @copy_cache(%p: tensor<32x32x!gluon.ptr<f16>, #blocked>) {
  %buf = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
  // expected-error @+1 {{cp.async caches at all levels ("ca") or in L2 only ("cg"), got "cv"}}
  gluon.async_copy_global_to_local %p, %buf {cache = "cv"} : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
  return
}

// -----

// cp.async reads global memory (address space 1) only.
#blocked = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @copy_shared_pointers(%p: tensor<32x32x!gluon.ptr<f16, 3>, #blocked>) {
  %buf = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
  // expected-error @+1 {{an async copy reads global memory (address space 1), got tensor<32x32x!gluon.ptr<f16, 3>}}
  gluon.async_copy_global_to_local %p, %buf : tensor<32x32x!gluon.ptr<f16, 3>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
  return
}

// -----

func.func @wait_negative() {
  // expected-error @+1 {{attribute 'pendings' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0}}
  gluon.async_wait_group -1
  return
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
func.func @acc_blocked(%a: tensor<32x16xf16, #a>, %b: tensor<16x16xf16, #b>, %c: tensor<32x16xf32, #blocked>) {
  // expected-error @+1 {{'gluon.mma_v2' op mma_v2's accumulator must be a 2-D tensor in an NVMMADistributedLayout of version [2, 0], got tensor<32x16xf32, #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>}}
  %r = gluon.mma_v2 %a, %b, %c : tensor<32x16xf16, #a>, tensor<16x16xf16, #b> -> tensor<32x16xf32, #blocked>
  return
}

// -----

// wgmma's accumulator is not mma.sync's.
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 2}>
#bl = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @acc_v3(%a: tensor<64x16xf16, #a>, %b: tensor<16x64xf16, #bl>, %c: tensor<64x64xf32, #acc>) {
  // expected-error @+1 {{mma_v2's accumulator must be a 2-D tensor in an NVMMADistributedLayout of version [2, 0]}}
  %r = gluon.mma_v2 %a, %b, %c : tensor<64x16xf16, #a>, tensor<16x64xf16, #bl> -> tensor<64x64xf32, #acc>
  return
}

// -----

#mma = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
func.func @types(%a: tensor<32x16xf16, #a>, %b: tensor<16x16xf16, #b>, %c: tensor<32x16xi32, #mma>) {
  // expected-error @+1 {{mma_v2 multiplies f16 into f32 or f16, bf16 into f32, f32 (as tf32) into f32, or i8 into i32; got f16 x f16 into i32}}
  %r = gluon.mma_v2 %a, %b, %c : tensor<32x16xf16, #a>, tensor<16x16xf16, #b> -> tensor<32x16xi32, #mma>
  return
}

// -----

#mma = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
func.func @mixed(%a: tensor<32x16xf16, #a>, %b: tensor<16x16xbf16, #b>, %c: tensor<32x16xf32, #mma>) {
  // expected-error @+1 {{got f16 x bf16 into f32}}
  %r = gluon.mma_v2 %a, %b, %c : tensor<32x16xf16, #a>, tensor<16x16xbf16, #b> -> tensor<32x16xf32, #mma>
  return
}

// -----

// kWidth is 32 / element bits: 1 for tf32.
#mma = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
func.func @width(%a: tensor<32x16xf32, #a>, %b: tensor<16x16xf32, #b>, %c: tensor<32x16xf32, #mma>) {
  // expected-error @+1 {{mma_v2's `a` must be in DotOperandLayout(operand_index=0, parent=<the accumulator's layout>, k_width=1), got tensor<32x16xf32, #gluon.dot_op<{opIdx = 0, parent = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>}}
  %r = gluon.mma_v2 %a, %b, %c : tensor<32x16xf32, #a>, tensor<16x16xf32, #b> -> tensor<32x16xf32, #mma>
  return
}

// -----

// The operands' parent is the accumulator's very layout.
#mma = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#other = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #gluon.dot_op<{opIdx = 1, parent = #other, kWidth = 2}>
func.func @parent(%a: tensor<32x16xf16, #a>, %b: tensor<16x16xf16, #b>, %c: tensor<32x16xf32, #mma>) {
  // expected-error @+1 {{mma_v2's `b` must be in DotOperandLayout(operand_index=1, parent=<the accumulator's layout>, k_width=2)}}
  %r = gluon.mma_v2 %a, %b, %c : tensor<32x16xf16, #a>, tensor<16x16xf16, #b> -> tensor<32x16xf32, #mma>
  return
}

// -----

// `b` in A's layout.
#mma = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
func.func @swapped(%a: tensor<32x16xf16, #a>, %b: tensor<16x16xf16, #a>, %c: tensor<32x16xf32, #mma>) {
  // expected-error @+1 {{mma_v2's `b` must be in DotOperandLayout(operand_index=1}}
  %r = gluon.mma_v2 %a, %b, %c : tensor<32x16xf16, #a>, tensor<16x16xf16, #a> -> tensor<32x16xf32, #mma>
  return
}

// -----

#mma = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
func.func @shapes(%a: tensor<32x32xf16, #a>, %b: tensor<16x16xf16, #b>, %c: tensor<32x16xf32, #mma>) {
  // expected-error @+1 {{mma_v2's shapes do not match: a tensor<32x32xf16}}
  %r = gluon.mma_v2 %a, %b, %c : tensor<32x32xf16, #a>, tensor<16x16xf16, #b> -> tensor<32x16xf32, #mma>
  return
}

// -----

// 2 x 2 warps of 16 x 8 tiles cover 32 x 16; a 16-row accumulator is half
// of it.
#mma = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
func.func @tiles(%a: tensor<16x16xf16, #a>, %b: tensor<16x16xf16, #b>, %c: tensor<16x16xf32, #mma>) {
  // expected-error @+1 {{the accumulator [16, 16] is not a whole number of the layout's 32 x 16 tiles (16 rows and 8 columns per warp)}}
  %r = gluon.mma_v2 %a, %b, %c : tensor<16x16xf16, #a>, tensor<16x16xf16, #b> -> tensor<16x16xf32, #mma>
  return
}

// -----

// k = 32 for 8-bit operands.
#mma = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>
#b = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>
func.func @k_step(%a: tensor<32x16xi8, #a>, %b: tensor<16x16xi8, #b>, %c: tensor<32x16xi32, #mma>) {
  // expected-error @+1 {{K = 16 is not a multiple of mma.sync's k = 32 for s8 operands}}
  %r = gluon.mma_v2 %a, %b, %c : tensor<32x16xi8, #a>, tensor<16x16xi8, #b> -> tensor<32x16xi32, #mma>
  return
}
