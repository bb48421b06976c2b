// Warpgroup MMA verifiers (gluon::planWarpgroupMma, src/IR/WarpgroupMmaOps.cpp):
// the accumulator is a 2-D fp32 tensor (fp16 for fp16 and fp8 operands) in
// an NVMMADistributedLayout of version [3, 0]; `b` and a shared `a` are whole rank-2 NVMMA buffers of
// one element type wgmma multiplies (an `a` in registers is in the
// accumulator's dot operand layout: opIdx 0, that very parent, kWidth
// 32 / element bits); the shapes make a @ b + acc; the
// instruction's k is 32 bytes of operand; the accumulator is whole tiles
// of 64 rows per warpgroup and K whole k steps; and a matrix descriptor
// reads every tile where the shared layout puts it (8-bit and fp32
// operands cannot be transposed: they are K-major). What the
// NVMMADistributedLayout attribute or the op's declaration already refuses
// (an instr_shape [8, ...] or an N that is not a power of two, warps that
// do not make warpgroups, a `b` in registers) is reported there; so is a
// #gluon.dot_op that wgmma has no registers for (dot-operand-layout.mlir).
// The wait takes tensors and shared memory descriptors.
// RUN: %gluonc-opt %s -split-input-file -verify-diagnostics

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @acc_blocked(%acc: tensor<64x64xf32, #blocked>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op warpgroup_mma's accumulator must be a 2-D tensor in an NVMMADistributedLayout of version [3, 0], got tensor<64x64xf32, #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #blocked>
  return
}

// -----

// Ampere's mma.sync accumulator is not wgmma's.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [4, 1], instrShape = [16, 8]}>
func.func @acc_version2(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op warpgroup_mma's accumulator must be a 2-D tensor in an NVMMADistributedLayout of version [3, 0], got tensor<64x64xf32, #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [4, 1], instrShape = [16, 8]}>>}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @acc_f16_bf16(%acc: tensor<64x64xf16, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xbf16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xbf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op wgmma accumulates bf16 operands in fp32 only, got an fp16 accumulator}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xbf16, #nvmma>, !gluon.memdesc<64x64xbf16, #nvmma> -> tensor<64x64xf16, #acc>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @acc_bf16(%acc: tensor<64x64xbf16, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op wgmma accumulates in fp32 or fp16, got bf16}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xbf16, #acc>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @result_type(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op failed to verify that all of {acc, result} have same type}}
  %r = "gluon.warpgroup_mma"(%a, %b, %acc, %use) : (!gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma>, tensor<64x64xf32, #acc>, i1) -> tensor<64x128xf32, #acc>
  return
}

// -----

// `b` is read from shared memory: the op's declaration takes a descriptor.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @b_in_registers(%acc: tensor<64x64xf32, #acc>, %b: tensor<64x64xf16, #blocked>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op operand #1 must be shared memory descriptor, but got 'tensor<64x64xf16, #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>'}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, tensor<64x64xf16, #blocked> -> tensor<64x64xf32, #acc>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @a_scalar(%acc: tensor<64x64xf32, #acc>, %a: f16, %use: i1) {
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op operand #0 must be shared memory descriptor or tensor of}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : f16, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @a_in_registers(%acc: tensor<64x64xf32, #acc>, %a: tensor<64x64xf16, #blocked>, %use: i1) {
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // `a` in registers, in a layout that is not the accumulator's dot operand
  // layout: wgmma's A registers have one fixed fragment layout.
  // expected-error @+1 {{'gluon.warpgroup_mma' op warpgroup_mma's `a` in registers must be in DotOperandLayout(operand_index=0, parent=<the accumulator's layout>, k_width=2), got tensor<64x64xf16, #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : tensor<64x64xf16, #blocked>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

// The FMA dot's operand layout (a blocked parent) is not wgmma's either.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dot = #gluon.dot_op<{opIdx = 0, parent = #blocked, kWidth = 0}>
func.func @a_fma_operand(%acc: tensor<64x64xf32, #acc>, %a: tensor<64x64xf16, #dot>, %use: i1) {
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{warpgroup_mma's `a` in registers must be in DotOperandLayout(operand_index=0, parent=<the accumulator's layout>, k_width=2), got tensor<64x64xf16, #gluon.dot_op<{opIdx = 0, parent = #gluon.blocked<}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : tensor<64x64xf16, #dot>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

// k_width is 32 / element bits (one 32-bit register of elements along K):
// 4 for fp8, not the 2 of 16-bit operands.
#nvmma8 = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 8, rank = 2, transposed = false}>
#nvmma8T = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 8, rank = 2, transposed = true}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#dot = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 2}>
func.func @a_kwidth_fp8(%acc: tensor<64x64xf32, #acc>, %a: tensor<64x128xf8E4M3FN, #dot>, %use: i1) {
  %bt = gluon.local_alloc -> !gluon.memdesc<64x128xf8E4M3FN, #nvmma8>
  %b = gluon.memdesc_permute %bt {order = array<i32: 1, 0>} : !gluon.memdesc<64x128xf8E4M3FN, #nvmma8> -> !gluon.memdesc<128x64xf8E4M3FN, #nvmma8T>
  // expected-error @+1 {{'gluon.warpgroup_mma' op warpgroup_mma's `a` in registers must be in DotOperandLayout(operand_index=0, parent=<the accumulator's layout>, k_width=4), got tensor<64x128xf8E4M3FN, #gluon.dot_op<{opIdx = 0, parent = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>, kWidth = 2}>>}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : tensor<64x128xf8E4M3FN, #dot>, !gluon.memdesc<128x64xf8E4M3FN, #nvmma8T> -> tensor<64x64xf32, #acc>
  return
}

// -----

// And 2 for f16, not 4 (a valid attribute: the k_width of fp8).
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#dot = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 4}>
func.func @a_kwidth_f16(%acc: tensor<64x64xf32, #acc>, %a: tensor<64x64xf16, #dot>, %use: i1) {
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{warpgroup_mma's `a` in registers must be in DotOperandLayout(operand_index=0, parent=<the accumulator's layout>, k_width=2), got tensor<64x64xf16, #gluon.dot_op<{opIdx = 0, parent = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = 4}>>}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : tensor<64x64xf16, #dot>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

// The dot operand's parent must be the accumulator's layout itself, not
// another wgmma layout (here n = 32 instead of 64).
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#other = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#dot = #gluon.dot_op<{opIdx = 0, parent = #other, kWidth = 2}>
func.func @a_other_parent(%acc: tensor<64x64xf32, #acc>, %a: tensor<64x64xf16, #dot>, %use: i1) {
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op warpgroup_mma's `a` in registers must be in DotOperandLayout(operand_index=0, parent=<the accumulator's layout>, k_width=2), got tensor<64x64xf16, #gluon.dot_op<{opIdx = 0, parent = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>, kWidth = 2}>>}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : tensor<64x64xf16, #dot>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

// In registers or not, `a` and `b` have one element type and make
// a @ b + acc, and K is whole k steps.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#dot = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 2}>
func.func @a_registers_element_types(%acc: tensor<64x64xf32, #acc>, %a: tensor<64x64xbf16, #dot>, %use: i1) {
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op warpgroup_mma's operands have different element types: bf16 and f16}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : tensor<64x64xbf16, #dot>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#dot = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 2}>
func.func @a_registers_shapes(%acc: tensor<64x64xf32, #acc>, %a: tensor<64x32xf16, #dot>, %use: i1) {
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op warpgroup_mma's shapes do not match: a tensor<64x32xf16, #gluon.dot_op<{opIdx = 0, parent = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = 2}>>, b !gluon.memdesc<64x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>>, accumulator tensor<64x64xf32, #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : tensor<64x32xf16, #dot>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 0, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#dot = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 2}>
func.func @a_registers_partial_k(%acc: tensor<64x64xf32, #acc>, %a: tensor<64x8xf16, #dot>, %use: i1) {
  %b = gluon.local_alloc -> !gluon.memdesc<8x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op K = 8 is not a multiple of wgmma's k = 16}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : tensor<64x8xf16, #dot>, !gluon.memdesc<8x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

#nvmma3 = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 3, transposed = false}>
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @a_rank3(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<2x64x64xf16, #nvmma3>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op warpgroup_mma's `a` must have rank 2, got !gluon.memdesc<2x64x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 3, transposed = false}>>}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<2x64x64xf16, #nvmma3>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

// The same bytes as a 128-byte NVMMA swizzle, but only NVMMA buffers are
// aligned to the swizzle's 1024-byte period.
#shared = #gluon.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @b_swizzled(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #shared>
  // expected-error @+1 {{'gluon.warpgroup_mma' op warpgroup_mma's `b` must be in an NVMMASharedLayout, got !gluon.memdesc<64x64xf16, #gluon.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>>}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #shared> -> tensor<64x64xf32, #acc>
  return
}

// -----

// An unswizzled row-major buffer: no descriptor reads its 8 x 16-byte core
// matrices (they are not 128 contiguous bytes).
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @a_unswizzled(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #shared>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op warpgroup_mma's `a` must be in an NVMMASharedLayout, got !gluon.memdesc<64x64xf16, #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>>}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #shared>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @b_subslice(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  %big = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
  %b = gluon.memdesc_subslice %big [64, 0] : !gluon.memdesc<128x64xf16, #nvmma> -> !gluon.memdesc<64x64xf16, #nvmma, 128x64>
  // expected-error @+1 {{'gluon.warpgroup_mma' op not supported yet: a subslice as warpgroup_mma's `b` (!gluon.memdesc<64x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>, 128x64>)}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma, 128x64> -> tensor<64x64xf32, #acc>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @element_types(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xbf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op warpgroup_mma's operands have different element types: f16 and bf16}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xbf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @int16(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xi16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xi16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op wgmma multiplies f16, bf16, f32 (as tf32), f8E4M3FN or f8E5M2 operands, got i16}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xi16, #nvmma>, !gluon.memdesc<64x64xi16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 64, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @f64(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xf64, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf64, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op wgmma multiplies f16, bf16, f32 (as tf32), f8E4M3FN or f8E5M2 operands, got f64}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf64, #nvmma>, !gluon.memdesc<64x64xf64, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

// a is [64, 128], b [64, 64]: K differs.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @shapes(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x128xf16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op warpgroup_mma's shapes do not match: a !gluon.memdesc<64x128xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>>, b !gluon.memdesc<64x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>>, accumulator tensor<64x64xf32, #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x128xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

// The accumulator has 128 columns, b 64.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @shapes_n(%acc: tensor<64x128xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{warpgroup_mma's shapes do not match}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x128xf32, #acc>
  return
}

// -----

// k is 32 bytes of operand: 16 fp16 elements, not 32.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
func.func @instr_k(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op wgmma's k (instr_shape[2]) is 256 / 16 = 16 for 16-bit operands, got 32}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

// 8 for fp32 (tf32), not 16.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @instr_k_tf32(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x32xf32, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<32x64xf32, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op wgmma's k (instr_shape[2]) is 256 / 32 = 8 for 32-bit operands, got 16}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x32xf32, #nvmma>, !gluon.memdesc<32x64xf32, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

// The layout attribute itself refuses an M other than 16, an N that is not
// a power of two from 8 to 256, and warps that do not make warpgroups.
// expected-error @+1 {{invalid NVMMADistributedLayout: a wgmma's instr_shape is [16, N, K]}}
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [8, 64, 16]}>
func.func private @instr_m(tensor<64x64xf32, #acc>)

// -----

// expected-error @+1 {{invalid NVMMADistributedLayout: a wgmma's N (instr_shape[1]) must be a power of two from 8 to 256, got 96}}
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 96, 16]}>
func.func private @instr_n(tensor<64x96xf32, #acc>)

// -----

// expected-error @+1 {{invalid NVMMADistributedLayout: a wgmma accumulator is computed by warpgroups of 4 warps along M: warps_per_cta[0] must be a multiple of 4, got 2}}
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [2, 2], instrShape = [16, 64, 16]}>
func.func private @warps(tensor<64x64xf32, #acc>)

// -----

// 4 warps of 16 rows: a warpgroup's tile is 64 rows.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @partial_tile(%acc: tensor<32x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<32x64xf16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op the accumulator [32, 64] is not a whole number of the layout's 64 x 64 tiles (16 rows per warp along M, instr_shape[1] columns per warp along N)}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<32x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<32x64xf32, #acc>
  return
}

// -----

// Two warps along N of 128 columns each: 256 columns per tile.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 2], instrShape = [16, 128, 16]}>
func.func @partial_tile_n(%acc: tensor<64x128xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x128xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op the accumulator [64, 128] is not a whole number of the layout's 64 x 256 tiles}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x128xf16, #nvmma> -> tensor<64x128xf32, #acc>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 0, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @partial_k(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x8xf16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<8x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op K = 8 is not a multiple of wgmma's k = 16}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x8xf16, #nvmma>, !gluon.memdesc<8x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

// fp32 B as [K, N] row-major is N-major, and tf32 cannot be transposed:
// no K-major descriptor reads its 8 x 64 tiles.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
func.func @tf32_n_major(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x32xf32, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<32x64xf32, #nvmma>
  // expected-error @+1 {{'gluon.warpgroup_mma' op warpgroup_mma's `b` (!gluon.memdesc<32x64xf32, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = false}>>): wgmma cannot read this shared layout: no matrix descriptor (swizzle of 128, 64 or 32 bytes, K- or MN-major, or 16-byte core matrices) reads its 8x64 tiles where the layout places them (wgmma transposes only 16-bit operands: 8- and 32-bit ones must be contiguous along K)}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x32xf32, #nvmma>, !gluon.memdesc<32x64xf32, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

// The same for 8-bit operands: an M-major A (the permuted view of a [K, M]
// buffer).
#nvmma8 = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 8, rank = 2, transposed = false}>
#nvmma8T = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 8, rank = 2, transposed = true}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
func.func @fp8_m_major(%acc: tensor<128x64xf32, #acc>, %use: i1) {
  %at = gluon.local_alloc -> !gluon.memdesc<128x128xf8E4M3FN, #nvmma8>
  %a = gluon.memdesc_permute %at {order = array<i32: 1, 0>} : !gluon.memdesc<128x128xf8E4M3FN, #nvmma8> -> !gluon.memdesc<128x128xf8E4M3FN, #nvmma8T>
  %bt = gluon.local_alloc -> !gluon.memdesc<64x128xf8E4M3FN, #nvmma8>
  %b = gluon.memdesc_permute %bt {order = array<i32: 1, 0>} : !gluon.memdesc<64x128xf8E4M3FN, #nvmma8> -> !gluon.memdesc<128x64xf8E4M3FN, #nvmma8T>
  // expected-error @+1 {{'gluon.warpgroup_mma' op warpgroup_mma's `a` (!gluon.memdesc<128x128xf8E4M3FN, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 8, rank = 2, transposed = true}>>): wgmma cannot read this shared layout: no matrix descriptor (swizzle of 128, 64 or 32 bytes, K- or MN-major, or 16-byte core matrices) reads its 64x32 tiles where the layout places them (wgmma transposes only 16-bit operands: 8- and 32-bit ones must be contiguous along K)}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<128x128xf8E4M3FN, #nvmma8T>, !gluon.memdesc<128x64xf8E4M3FN, #nvmma8T> -> tensor<128x64xf32, #acc>
  return
}

// -----

// An unswizzled NVMMA buffer is row-major over the whole block (128-byte
// rows here): its core matrices are not 128 contiguous bytes either.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 0, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @nvmma_unswizzled(%acc: tensor<64x64xf32, #acc>, %use: i1) {
  %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{warpgroup_mma's `a` (!gluon.memdesc<64x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 0, elementBitWidth = 16, rank = 2, transposed = false}>>): wgmma cannot read this shared layout: no matrix descriptor (swizzle of 128, 64 or 32 bytes, K- or MN-major, or 16-byte core matrices) reads its 64x16 tiles where the layout places them}}
  %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
  return
}

// -----

func.func @wait_scalar(%x: i32) {
  // expected-error @+1 {{'gluon.warpgroup_mma_wait' op warpgroup_mma_wait's dependencies are tensors and shared memory descriptors, got i32}}
  %r = gluon.warpgroup_mma_wait 0, %x : i32
  return
}

// -----

#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @wait_pointer(%acc: tensor<64x64xf32, #acc>, %p: !gluon.ptr<f32>) {
  // expected-error @+1 {{'gluon.warpgroup_mma_wait' op warpgroup_mma_wait's dependencies are tensors and shared memory descriptors, got !gluon.ptr<f32>}}
  %r:2 = gluon.warpgroup_mma_wait 0, %acc, %p : tensor<64x64xf32, #acc>, !gluon.ptr<f32>
  return
}

// -----

#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
func.func @wait_result(%acc: tensor<64x64xf32, #acc>) {
  // expected-error @+2 {{'gluon.warpgroup_mma_wait' op failed to infer returned types}}
  // expected-error @+1 {{'gluon.warpgroup_mma_wait' op inferred type(s) 'tensor<64x64xf32, #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>' are incompatible with return type(s) of operation 'tensor<64x128xf32, #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>'}}
  %r = "gluon.warpgroup_mma_wait"(%acc) {pendings = 0 : i32} : (tensor<64x64xf32, #acc>) -> tensor<64x128xf32, #acc>
  return
}

// -----

func.func @wait_negative() {
  // expected-error @+1 {{'gluon.warpgroup_mma_wait' op attribute 'pendings' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0}}
  gluon.warpgroup_mma_wait -1
  return
}
