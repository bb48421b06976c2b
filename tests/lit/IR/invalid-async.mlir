// Tensor descriptor and mbarrier verifiers: a descriptor's block must be one
// TMA can move (an untransposed NVMMA layout of its rank and element width,
// at least 16 bytes along the contiguous dimension), an mbarrier is one i64
// of shared memory, and a copy names one coordinate per dimension and a
// buffer that is exactly the descriptor's block.
// RUN: %gluonc-opt %s -split-input-file -verify-diagnostics

#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// expected-error @+1 {{a tensor descriptor's block is laid out by an NVMMASharedLayout, got #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}}
func.func private @swizzled(!gluon.tensordesc<128x64xf16, #shared>)

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{expected a shared layout, got #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}}
func.func private @distributed(!gluon.tensordesc<128x64xf16, #blocked>)

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = true}>
// expected-error @+1 {{not supported yet: a transposed NVMMASharedLayout for a tensor descriptor (permute the shared memory descriptor instead)}}
func.func private @transposed(!gluon.tensordesc<64x128xf16, #nvmma>)

// -----

// Four 16-bit elements are 8 bytes: TMA moves at least 16.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 0, elementBitWidth = 16, rank = 2, transposed = false}>
// expected-error @+1 {{TMA moves the contiguous dimension in multiples of 16 bytes; the block [64, 4] has 8 bytes there}}
func.func private @narrow(!gluon.tensordesc<64x4xf16, #nvmma>)

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 0, elementBitWidth = 8, rank = 3, transposed = false}>
// expected-error @+1 {{TMA moves the contiguous dimension in multiples of 16 bytes; the block [4, 32, 8] has 8 bytes there}}
func.func private @bytes(!gluon.tensordesc<4x32x8xi8, #nvmma>)

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
// expected-error @+1 {{a 128-byte swizzle of 16-bit elements needs at least 64 elements along dimension 1, got 32}}
func.func private @short_row(!gluon.tensordesc<128x32xf16, #nvmma>)

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = false}>
// expected-error @+1 {{the layout is for 32-bit elements, the block holds 16-bit ones}}
func.func private @width(!gluon.tensordesc<128x64xf16, #nvmma>)

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 3, transposed = false}>
// expected-error @+1 {{the layout has rank 3, the block [128, 64]}}
func.func private @rank(!gluon.tensordesc<128x64xf16, #nvmma>)

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 0, elementBitWidth = 16, rank = 6, transposed = false}>
// expected-error @+1 {{a tensor descriptor's block has 1 to 5 dimensions, got 6}}
func.func private @rank6(!gluon.tensordesc<2x2x2x2x2x64xf16, #nvmma>)

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
// expected-error @+1 {{a tensor descriptor cannot hold 'index'}}
func.func private @index(!gluon.tensordesc<128x64xindex, #nvmma>)

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
func.func @init_shape() {
  %bar = gluon.local_alloc -> !gluon.memdesc<2xi64, #bar>
  // expected-error @+1 {{'gluon.init_barrier' op an mbarrier is one int64 of shared memory (gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout()), or .index(i) of an [N, 1] one), got !gluon.memdesc<2xi64, #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>>}}
  gluon.init_barrier %bar, 1 : !gluon.memdesc<2xi64, #bar>
  return
}

// -----

#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
func.func @init_count() {
  %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
  // expected-error @+1 {{'gluon.init_barrier' op attribute 'count' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 1}}
  gluon.init_barrier %bar, 0 : !gluon.memdesc<1xi64, #bar>
  return
}

// -----

#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
func.func @expect_type() {
  %true = arith.constant true
  %bar = gluon.local_alloc -> !gluon.memdesc<1xi32, #bar>
  // expected-error @+1 {{'gluon.barrier_expect' op an mbarrier is one int64 of shared memory}}
  gluon.barrier_expect %bar, 64, %true : !gluon.memdesc<1xi32, #bar>
  return
}

// -----

#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @arrive_rank() {
  %true = arith.constant true
  %bar = gluon.local_alloc -> !gluon.memdesc<1x1xi64, #bar>
  // expected-error @+1 {{'gluon.arrive_barrier' op an mbarrier is one int64 of shared memory}}
  gluon.arrive_barrier %bar, 1, %true : !gluon.memdesc<1x1xi64, #bar>
  return
}

// -----

#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
func.func @copy_arrive_type() {
  %bar = gluon.local_alloc -> !gluon.memdesc<2xi64, #bar>
  // expected-error @+1 {{'gluon.async_copy_mbarrier_arrive' op an mbarrier is one int64 of shared memory}}
  gluon.async_copy_mbarrier_arrive %bar : !gluon.memdesc<2xi64, #bar>
  return
}

// -----

#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
func.func @wait_type(%phase: i32) {
  %true = arith.constant true
  %bar = gluon.local_alloc -> !gluon.memdesc<1xf64, #bar>
  // expected-error @+1 {{'gluon.wait_barrier' op an mbarrier is one int64 of shared memory}}
  gluon.wait_barrier %bar, %phase, %true : !gluon.memdesc<1xf64, #bar>
  return
}

// -----

#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
func.func @inval_type() {
  %bar = gluon.local_alloc -> !gluon.memdesc<4xi64, #bar>
  // expected-error @+1 {{'gluon.inval_barrier' op an mbarrier is one int64 of shared memory}}
  gluon.inval_barrier %bar : !gluon.memdesc<4xi64, #bar>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
func.func @load_barrier(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %x: i32) {
  %true = arith.constant true
  %smem = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
  %bar = gluon.local_alloc -> !gluon.memdesc<2xi64, #bar>
  // expected-error @+1 {{'gluon.async_tma_load' op an mbarrier is one int64 of shared memory}}
  gluon.async_tma_load %desc[%x, %x], %smem, %bar, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<2xi64, #bar>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
func.func @load_coords(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %x: i32) {
  %true = arith.constant true
  %smem = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
  %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
  // expected-error @+1 {{'gluon.async_tma_load' op takes 2 coordinates for a block of rank 2, got 1}}
  gluon.async_tma_load %desc[%x], %smem, %bar, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
func.func @store_coords(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %x: i32) {
  %smem = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
  // expected-error @+1 {{'gluon.async_tma_store' op takes 2 coordinates for a block of rank 2, got 3}}
  gluon.async_tma_store %desc[%x, %x, %x], %smem : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
func.func @load_shape(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %x: i32) {
  %true = arith.constant true
  %smem = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
  %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
  // expected-error @+1 {{'gluon.async_tma_load' op the shared memory !gluon.memdesc<64x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>> does not hold the descriptor's block !gluon.memdesc<128x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>>}}
  gluon.async_tma_load %desc[%x, %x], %smem, %bar, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
func.func @store_element_type(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %x: i32) {
  %smem = gluon.local_alloc -> !gluon.memdesc<128x64xbf16, #nvmma>
  // expected-error @+1 {{'gluon.async_tma_store' op the shared memory !gluon.memdesc<128x64xbf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>> does not hold the descriptor's block !gluon.memdesc<128x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>>}}
  gluon.async_tma_store %desc[%x, %x], %smem : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xbf16, #nvmma>
  return
}

// -----

// The same shape, swizzled by 64 bytes instead of 128: TMA would write the
// elements where the buffer's readers do not look.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#nvmma64 = #gluon.nvmma_shared<{swizzlingByteWidth = 64, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
func.func @load_layout(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %x: i32) {
  %true = arith.constant true
  %smem = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma64>
  %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
  // expected-error @+1 {{'gluon.async_tma_load' op the shared memory !gluon.memdesc<128x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 64, elementBitWidth = 16, rank = 2, transposed = false}>> is not laid out as the descriptor's block !gluon.memdesc<128x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>>}}
  gluon.async_tma_load %desc[%x, %x], %smem, %bar, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma64>, !gluon.memdesc<1xi64, #bar>
  return
}

// -----

// This swizzle places fp16 elements exactly as the 128-byte NVMMA one does,
// but its allocation is only 16-byte aligned: TMA swizzles by address bits
// up to bit 9 and needs the 1024-byte alignment NVMMA buffers get.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#shared = #gluon.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
func.func @store_swizzled(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %x: i32) {
  %smem = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #shared>
  // expected-error @+1 {{'gluon.async_tma_store' op the shared memory !gluon.memdesc<128x64xf16, #gluon.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>> is not laid out as the descriptor's block}}
  gluon.async_tma_store %desc[%x, %x], %smem : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #shared>
  return
}

// -----

// A quarter of a [256, 128] allocation swizzled by 64 bytes has the
// block's shape, but TMA would write each [128, 64] box of 128-byte rows
// where the allocation's layout does not put them.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#nvmma64 = #gluon.nvmma_shared<{swizzlingByteWidth = 64, elementBitWidth = 16, rank = 2, transposed = false}>
func.func @store_view(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %x: i32) {
  %a = gluon.local_alloc -> !gluon.memdesc<256x128xf16, #nvmma64>
  %h = gluon.memdesc_subslice %a [128, 64] : !gluon.memdesc<256x128xf16, #nvmma64> -> !gluon.memdesc<128x64xf16, #nvmma64, 256x128>
  // expected-error @+1 {{'gluon.async_tma_store' op the shared memory !gluon.memdesc<128x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 64, elementBitWidth = 16, rank = 2, transposed = false}>, 256x128> is not laid out as the descriptor's block !gluon.memdesc<128x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>>: the allocation lays out a TMA box of [128, 64] differently}}
  gluon.async_tma_store %desc[%x, %x], %h : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma64, 256x128>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
func.func @store_wait_negative() {
  // expected-error @+1 {{'gluon.tma_store_wait' op attribute 'pendings' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0}}
  gluon.tma_store_wait -1
  return
}
