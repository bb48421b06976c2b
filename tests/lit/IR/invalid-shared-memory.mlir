// Shared memory verifiers: layouts that cannot lay out a shape, shape
// mismatches (with a note where the descriptor was made), views that would
// move elements.
// RUN: %gluonc-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{invalid swizzled shared layout: vec, per_phase and max_phase must be powers of two}}
#bad = #gluon.swizzled_shared<{vec = 3, perPhase = 1, maxPhase = 1, order = [1, 0]}>

// -----

// expected-error @+1 {{invalid NVMMA shared layout: swizzle_byte_width must be 0, 32, 64 or 128, got 48}}
#bad = #gluon.nvmma_shared<{swizzlingByteWidth = 48, elementBitWidth = 16, rank = 2, transposed = false}>

// -----

// expected-error @+1 {{invalid padded shared layout: interval 4 appears twice}}
#bad = #gluon.padded_shared<{intervalPaddings = [[4, 1], [4, 2]], order = [0]}>

// -----

// expected-error @+1 {{invalid shared linear layout: 2 offset bases for 2 elements, which need 1}}
#bad = #gluon.shared_linear<{offsetBases = [[1], [1]], alignment = 16}>

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
func.func @too_narrow() {
  // expected-error @+1 {{cannot lay out [8, 32]: a 128-byte swizzle of 16-bit elements needs at least 64 elements along dimension 1, got 32}}
  %a = gluon.local_alloc -> !gluon.memdesc<8x32xf16, #nvmma>
  return
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @store_shape(%x: tensor<32x32xf32, #blocked>) {
  // expected-note @+1 {{the descriptor is defined here}}
  %a = gluon.local_alloc -> !gluon.memdesc<32x64xf32, #shared>
  // expected-error @+1 {{shape mismatch: the stored value has shape [32, 32], the shared memory descriptor [32, 64]}}
  gluon.local_store %x, %a : tensor<32x32xf32, #blocked> -> !gluon.memdesc<32x64xf32, #shared>
  return
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @load_type(%a: !gluon.memdesc<32x64xf32, #shared>) {
  // expected-error @+1 {{element type mismatch: the result holds 'f16', the shared memory descriptor 'f32'}}
  %x = gluon.local_load %a : !gluon.memdesc<32x64xf32, #shared> -> tensor<32x64xf16, #blocked>
  return
}

// -----

#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @index_layout_dim(%a: !gluon.memdesc<32x64xf32, #shared>, %i: i32) {
  // expected-error @+1 {{cannot lay out [64]: a shape of rank 1 has fewer dimensions than the layout's 2}}
  %b = gluon.memdesc_index %a[%i] : !gluon.memdesc<32x64xf32, #shared> -> !gluon.memdesc<64xf32, #shared>
  return
}

// -----

#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @slice_unaligned(%a: !gluon.memdesc<32x64xf32, #shared>) {
  // expected-error @+1 {{the slice start 16 along dimension 1 is not a multiple of its length 32}}
  %b = gluon.memdesc_subslice %a [0, 16] : !gluon.memdesc<32x64xf32, #shared> -> !gluon.memdesc<32x32xf32, #shared, 32x64>
  return
}

// -----

// Rows 4-7 of this swizzle XOR their columns with 4: their block does not
// start at a fixed distance from its elements.
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 8, order = [1, 0]}>
func.func @slice_swizzled(%a: !gluon.memdesc<8x8xf32, #shared>) {
  // expected-error @+1 {{the layout swizzles the block's elements differently from the descriptor's}}
  %b = gluon.memdesc_subslice %a [4, 0] : !gluon.memdesc<8x8xf32, #shared> -> !gluon.memdesc<4x8xf32, #shared, 8x8>
  return
}

// -----

#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @permute_layout(%a: !gluon.memdesc<32x64xf32, #shared>) {
  // expected-error @+1 {{result type '!gluon.memdesc<64x32xf32, #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>>' should be '!gluon.memdesc<64x32xf32, #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>>'}}
  %b = gluon.memdesc_permute %a {order = array<i32: 1, 0>} : !gluon.memdesc<32x64xf32, #shared> -> !gluon.memdesc<64x32xf32, #shared>
  return
}

// -----

#swizzled = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
func.func @reinterpret_past_the_view() {
  %a = gluon.local_alloc -> !gluon.memdesc<64xi8, #swizzled>
  // expected-error @+1 {{the result spans 128 bytes, more than the 64 bytes of its source}}
  %b = gluon.memdesc_reinterpret %a : !gluon.memdesc<64xi8, #swizzled> -> !gluon.memdesc<32xf32, #swizzled>
  return
}

// -----

#swizzled = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
func.func @reinterpret_to_a_part() {
  %a = gluon.local_alloc -> !gluon.memdesc<64xi8, #swizzled>
  // expected-error @+1 {{the result must be a whole view (its shape its allocation shape)}}
  %b = gluon.memdesc_reinterpret %a : !gluon.memdesc<64xi8, #swizzled> -> !gluon.memdesc<8xi32, #swizzled, 16>
  return
}

// -----

// A row of a laid-out dimension: only local_load and local_store use one.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = false}>
func.func @row_view_returned(%a: !gluon.memdesc<4x256xi32, #nvmma>, %i: i32) -> !gluon.memdesc<256xi32, #nvmma, 4x256> {
  // expected-error @+1 {{is a row of a dimension the layout lays out: only gluon.local_load and gluon.local_store may use it, not func.return}}
  %r = gluon.memdesc_index %a[%i] : !gluon.memdesc<4x256xi32, #nvmma> -> !gluon.memdesc<256xi32, #nvmma, 4x256>
  return %r : !gluon.memdesc<256xi32, #nvmma, 4x256>
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = false}>
func.func @row_view_sliced(%a: !gluon.memdesc<4x256xi32, #nvmma>, %i: i32) {
  // expected-error @+1 {{only gluon.local_load and gluon.local_store may use it, not gluon.memdesc_subslice}}
  %r = gluon.memdesc_index %a[%i] : !gluon.memdesc<4x256xi32, #nvmma> -> !gluon.memdesc<256xi32, #nvmma, 4x256>
  %s = gluon.memdesc_subslice %r [0] : !gluon.memdesc<256xi32, #nvmma, 4x256> -> !gluon.memdesc<128xi32, #nvmma, 4x256>
  return
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = false}>
func.func @row_of_a_slice(%a: !gluon.memdesc<4x256xi32, #nvmma>, %i: i32) {
  %s = gluon.memdesc_subslice %a [0, 0] : !gluon.memdesc<4x256xi32, #nvmma> -> !gluon.memdesc<2x256xi32, #nvmma, 4x256>
  // expected-error @+1 {{not supported yet: indexing dimension 0, which the shared layout lays out, of a view of part of an allocation}}
  %r = gluon.memdesc_index %s[%i] : !gluon.memdesc<2x256xi32, #nvmma, 4x256> -> !gluon.memdesc<256xi32, #nvmma, 4x256>
  return
}
