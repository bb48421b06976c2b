# TMA and mbarrier mistakes: malformed tensordesc<...> signature entries
# point into the signature; a block TMA cannot move, a target without TMA,
# a wrong mbarrier or buffer, coordinates of the wrong length and the forms
# gluonc does not have yet are reported at the kernel's source.
# RUN: rm -rf %t
#
# Signature entries.
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16[128, 64]" -o %t 2>&1 | FileCheck %s --check-prefix=CLOSE --strict-whitespace
# CLOSE: <signature>:1:25: error: expected '>' to end the tensordesc in the signature entry for 'desc'
# CLOSE-NEXT: {{^}}tensordesc<fp16[128, 64]{{$}}
# CLOSE-NEXT: {{^}}                        ^{{$}}
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16>" -o %t 2>&1 | FileCheck %s --check-prefix=NODIMS
# NODIMS: <signature>:1:12: error: expected the block as DTYPE[D0, D1, ...] in the signature entry for 'desc' (e.g. tensordesc<fp16[128, 64]>)
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16[128, 0]>" -o %t 2>&1 | FileCheck %s --check-prefix=ZERO
# ZERO: <signature>:1:22: error: block dimensions must be positive integers, got '0' in the signature entry for 'desc'
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16[128, N]>" -o %t 2>&1 | FileCheck %s --check-prefix=NAME
# NAME: <signature>:1:22: error: block dimensions must be positive integers, got 'N' in the signature entry for 'desc'
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16[128,, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=EMPTYDIM
# EMPTYDIM: <signature>:1:21: error: block dimensions must be positive integers, got '' in the signature entry for 'desc'
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<half[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=DTYPE
# DTYPE: <signature>:1:12: error: unknown type 'half' in the signature entry for 'desc' (expected fp16, bf16, fp32, fp64, i8, i16, i32, i64, u8, u16, u32, u64, fp8e4nv or fp8e5)
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16[128, 64], padding=\"one\">" -o %t 2>&1 | FileCheck %s --check-prefix=PADDING
# PADDING: <signature>:1:27: error: padding must be "zero" or "nan", got 'one' in the signature entry for 'desc'
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<i16[128, 64], padding=\"nan\">" -o %t 2>&1 | FileCheck %s --check-prefix=NANINT
# NANINT: <signature>:1:26: error: padding="nan" needs a floating-point element type, got i16 (the signature entry for 'desc')
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16[128, 64], NVMMASharedLayout(128, 16), NVMMASharedLayout(64, 16)>" -o %t 2>&1 | FileCheck %s --check-prefix=TWO
# TWO: <signature>:1:55: error: a tensordesc takes one layout in the signature entry for 'desc'
#
# A layout that is not NVMMA, one that TMA cannot use, and blocks it cannot move.
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16[128, 64], gl.SwizzledSharedLayout(1, 1, 1, [1, 0])>" -o %t 2>&1 | FileCheck %s --check-prefix=NOTNVMMA
# NOTNVMMA: <signature>:1:27: error: a tensor descriptor's layout must be an NVMMASharedLayout, got SwizzledSharedLayout(vec=1, per_phase=1, max_phase=1, order=[1, 0]) (the signature entry for 'desc')
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16[128, 64], 42>" -o %t 2>&1 | FileCheck %s --check-prefix=NOTLAYOUT
# NOTLAYOUT: <signature>:1:27: error: expected an NVMMASharedLayout, got int 42 (the signature entry for 'desc')
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16[64, 128], NVMMASharedLayout(128, 16, transposed=True)>" -o %t 2>&1 | FileCheck %s --check-prefix=TRANSPOSED
# TRANSPOSED: <signature>:1:1: error: invalid tensor descriptor: not supported yet: a transposed NVMMASharedLayout for a tensor descriptor (permute the shared memory descriptor instead) (the signature entry for 'desc')
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16[64, 4]>" -o %t 2>&1 | FileCheck %s --check-prefix=NARROW
# NARROW: <signature>:1:1: error: invalid tensor descriptor: TMA moves the contiguous dimension in multiples of 16 bytes; the block [64, 4] has 8 bytes there (the signature entry for 'desc')
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16[128, 32], NVMMASharedLayout(128, 16)>" -o %t 2>&1 | FileCheck %s --check-prefix=SWIZZLE
# SWIZZLE: <signature>:1:1: error: invalid tensor descriptor: a 128-byte swizzle of 16-bit elements needs at least 64 elements along dimension 1, got 32 (the signature entry for 'desc')
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<i32[4, 256], NVMMASharedLayout(128, 32)>" -o %t 2>&1 | FileCheck %s --check-prefix=SHORT
# SHORT: tma.py:{{[0-9]+}}:{{[0-9]+}}: error: not supported yet: TMA boxes of fewer than 8 rows under a 128-byte swizzle, other than one box at the start of an allocation (TMA swizzles by shared memory address bits, so a box that does not start on a multiple of 1024 bytes would not be laid out as the NVMMASharedLayout says)
# RUN: %expect-exit 1 %gluonc %s -k short_box_view -s "tensordesc<fp16[4, 64], NVMMASharedLayout(128, 16)>" -o %t 2>&1 | FileCheck %s --check-prefix=SHORTVIEW
# RUN: %expect-exit 1 %gluonc %s -k short_box_index -s "tensordesc<fp16[4, 64], NVMMASharedLayout(128, 16)>" -o %t 2>&1 | FileCheck %s --check-prefix=SHORTINDEX
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp32[128, 64], NVMMASharedLayout(128, 16)>" -o %t 2>&1 | FileCheck %s --check-prefix=WIDTH
# WIDTH: <signature>:1:1: error: invalid tensor descriptor: the layout is for 16-bit elements, the block holds 32-bit ones (the signature entry for 'desc')
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16[2, 2, 2, 2, 2, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=RANK6
# RANK6: <signature>:1:1: error: invalid tensor descriptor: a tensor descriptor's block has 1 to 5 dimensions, got 6 (the signature entry for 'desc')
#
# Targets without TMA.
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16[128, 64]>" --arch sm_80 -o %t 2>&1 | FileCheck %s --check-prefix=SM80
# SM80: <signature>:1:1: error: tensor descriptors need TMA, which sm_80 does not have (sm_90 or newer) (the signature entry for 'desc')
# RUN: %expect-exit 1 %gluonc %s -k copy -s "tensordesc<fp16[128, 64]>" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=GFX942
# GFX942: <signature>:1:1: error: tensor descriptors need TMA, which gfx942 does not have (sm_90 or newer) (the signature entry for 'desc')
# RUN: %expect-exit 1 %gluonc %s -k expect_sm80 -s "i32" --arch sm_80 -o %t 2>&1 | FileCheck %s --check-prefix=EXPECT80
#
# The kernel's calls.
# RUN: %expect-exit 1 %gluonc %s -k barrier_shape -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=BARSHAPE --strict-whitespace
# RUN: %expect-exit 1 %gluonc %s -k barrier_dtype -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=BARDTYPE
# RUN: %expect-exit 1 %gluonc %s -k barrier_not_shared -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=BARTENSOR
# RUN: %expect-exit 1 %gluonc %s -k buffer_shape -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=BUFSHAPE
# RUN: %expect-exit 1 %gluonc %s -k buffer_layout -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=BUFLAYOUT
# RUN: %expect-exit 1 %gluonc %s -k buffer_swizzled -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=BUFSWIZZLED
# RUN: %expect-exit 1 %gluonc %s -k store_buffer_dtype -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=BUFDTYPE
# RUN: %expect-exit 1 %gluonc %s -k coord_length -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=COORD
# RUN: %expect-exit 1 %gluonc %s -k coord_not_list -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=COORDINT
# RUN: %expect-exit 1 %gluonc %s -k coord_float -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=COORDFLOAT
# RUN: %expect-exit 1 %gluonc %s -k not_desc -s "*fp16" -o %t 2>&1 | FileCheck %s --check-prefix=NOTDESC
# RUN: %expect-exit 1 %gluonc %s -k store_wait_write -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=WAITWRITE
# RUN: %expect-exit 1 %gluonc %s -k store_wait_range -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=WAITRANGE
# RUN: %expect-exit 1 %gluonc %s -k multicast -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=MULTICAST
# RUN: %expect-exit 1 %gluonc %s -k from_cta -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=FROMCTA
# RUN: %expect-exit 1 %gluonc %s -k fallback_count -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=FALLBACK
# RUN: %expect-exit 1 %gluonc %s -k expect_twice -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=TWICE
# RUN: %expect-exit 1 %gluonc %s -k expect_none -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: %expect-exit 1 %gluonc %s -k expect_range -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=EXPECTRANGE
# RUN: %expect-exit 1 %gluonc %s -k init_count -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=INITCOUNT
# RUN: %expect-exit 1 %gluonc %s -k arrive_count -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=ARRIVECOUNT
# RUN: %expect-exit 1 %gluonc %s -k pred_tensor -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=PRED
# RUN: %expect-exit 1 %gluonc %s -k ampere_arrive_count -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=AMPERE
# RUN: %expect-exit 1 %gluonc %s -k barrier_layout_cga -s "tensordesc<fp16[128, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=CGA
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import fence_async_shared, mbarrier, tma
from triton.experimental.gluon.language.nvidia import ampere

ROWS = gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])


@gluon.jit
def copy(desc):
    smem = gl.allocate_shared_memory(desc.dtype, desc.block_type.shape, desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    mbarrier.expect(bar, desc.block_type.nbytes)
    tma.async_copy_global_to_shared(desc, [0, 0], bar, smem)
    mbarrier.wait(bar, 0)
    mbarrier.invalidate(bar)


# One 4-row box is fine at the start of an allocation, not as its second
# box (512 bytes in, off the 1024-byte swizzle period).
@gluon.jit
def short_box_view(desc):
    smem = gl.allocate_shared_memory(desc.dtype, [4, 128], desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    mbarrier.expect(bar, desc.block_type.nbytes)
    tma.async_load(desc, [0, 0], bar, smem.slice(64, 64, dim=1))
    # SHORTVIEW: tma.py:[[@LINE-1]]:39: error: not supported yet: TMA boxes of fewer than 8 rows under a 128-byte swizzle, other than one box at the start of an allocation
    mbarrier.wait(bar, 0)


# Buffer 1 of two 4-row buffers starts 512 bytes in: its type is a whole
# [4, 64] buffer, but it is no allocation's start.
@gluon.jit
def short_box_index(desc):
    smem = gl.allocate_shared_memory(desc.dtype, [2, 4, 64], desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    mbarrier.expect(bar, desc.block_type.nbytes)
    tma.async_load(desc, [0, 0], bar, smem.index(1))
    # SHORTINDEX: tma.py:[[@LINE-1]]:39: error: not supported yet: TMA boxes of fewer than 8 rows under a 128-byte swizzle, other than one box at the start of an allocation
    mbarrier.wait(bar, 0)


@gluon.jit
def expect_sm80(n):
    bar = gl.allocate_shared_memory(gl.int64, [1], ampere.mbarrier.MBarrierLayout())
    mbarrier.expect(bar, 1024)
    # EXPECT80: tma.py:[[@LINE-1]]:5: error: expect needs TMA and mbarrier transaction counts, which sm_80 does not have (sm_90 or newer)


@gluon.jit
def barrier_shape(desc):
    bar = gl.allocate_shared_memory(gl.int64, [2], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    # BARSHAPE: tma.py:[[@LINE-1]]:19: error: an mbarrier is one int64 of shared memory (gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout()), or .index(i) of an [N, 1] one), got !gluon.memdesc<2xi64, #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>>
    # BARSHAPE-NEXT: {{^}}    mbarrier.init(bar, count=1){{$}}
    # BARSHAPE-NEXT: {{^}}                  ^{{$}}
    # BARSHAPE-NEXT: tma.py:[[@LINE-5]]:11: note: the shared memory descriptor is defined here


@gluon.jit
def barrier_dtype(desc):
    bar = gl.allocate_shared_memory(gl.int32, [1], mbarrier.MBarrierLayout())
    mbarrier.wait(bar, 0)
    # BARDTYPE: tma.py:[[@LINE-1]]:19: error: an mbarrier is one int64 of shared memory


@gluon.jit
def barrier_not_shared(desc):
    mbarrier.arrive(gl.zeros([1], gl.int64, gl.BlockedLayout([1], [32], [4], [0])))
    # BARTENSOR: tma.py:[[@LINE-1]]:21: error: mbarrier must be a shared memory descriptor, got


@gluon.jit
def buffer_shape(desc):
    smem = gl.allocate_shared_memory(gl.float16, [64, 64], desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    tma.async_copy_global_to_shared(desc, [0, 0], bar, smem)
    # BUFSHAPE: tma.py:[[@LINE-1]]:56: error: the shared memory !gluon.memdesc<64x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>> does not hold the descriptor's block !gluon.memdesc<128x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>>
    # BUFSHAPE: tma.py:[[@LINE-4]]:12: note: the shared memory descriptor is defined here


@gluon.jit
def buffer_layout(desc):
    smem = gl.allocate_shared_memory(gl.float16, [128, 64], gl.NVMMASharedLayout(64, 16))
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    tma.async_load(desc, [0, 0], bar, smem)
    # BUFLAYOUT: tma.py:[[@LINE-1]]:39: error: the shared memory !gluon.memdesc<128x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 64, elementBitWidth = 16, rank = 2, transposed = false}>> is not laid out as the descriptor's block


# The same bytes as the descriptor's 128-byte swizzle, but not an NVMMA
# buffer: only those get the 1024-byte alignment TMA's swizzle needs.
@gluon.jit
def buffer_swizzled(desc):
    smem = gl.allocate_shared_memory(gl.float16, [128, 64], gl.SwizzledSharedLayout(8, 1, 8, [1, 0]))
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    tma.async_copy_global_to_shared(desc, [0, 0], bar, smem)
    # BUFSWIZZLED: tma.py:[[@LINE-1]]:56: error: the shared memory !gluon.memdesc<128x64xf16, #gluon.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>> is not laid out as the descriptor's block


@gluon.jit
def store_buffer_dtype(desc):
    smem = gl.allocate_shared_memory(gl.bfloat16, [128, 64], desc.layout)
    tma.async_copy_shared_to_global(desc, [0, 0], smem)
    # BUFDTYPE: tma.py:[[@LINE-1]]:51: error: the shared memory !gluon.memdesc<128x64xbf16, {{.*}}> does not hold the descriptor's block


@gluon.jit
def coord_length(desc):
    smem = gl.allocate_shared_memory(desc.dtype, desc.block_type.shape, desc.layout)
    tma.async_store(desc, [0, 0, 0], smem)
    # COORD: tma.py:[[@LINE-1]]:27: error: coord must list 2 coordinates, one per dimension of the block [128, 64], got [0, 0, 0]


@gluon.jit
def coord_not_list(desc):
    smem = gl.allocate_shared_memory(desc.dtype, desc.block_type.shape, desc.layout)
    tma.async_store(desc, 0, smem)
    # COORDINT: tma.py:[[@LINE-1]]:27: error: coord must list 2 coordinates, one per dimension of the block [128, 64], got 0


@gluon.jit
def coord_float(desc):
    smem = gl.allocate_shared_memory(desc.dtype, desc.block_type.shape, desc.layout)
    tma.async_store(desc, [0, 1.5], smem)
    # COORDFLOAT: tma.py:[[@LINE-1]]:27: error: coordinate 1 must be an integer scalar, got 1.5


@gluon.jit
def not_desc(ptr):
    smem = gl.allocate_shared_memory(gl.float16, [128, 64], gl.NVMMASharedLayout(128, 16))
    tma.async_store(ptr, [0, 0], smem)
    # NOTDESC: tma.py:[[@LINE-1]]:21: error: tensor_desc must be a tensor descriptor (a tensordesc<...> kernel parameter), got


@gluon.jit
def store_wait_write(desc):
    tma.store_wait(0, read_only=False)
    # WAITWRITE: tma.py:[[@LINE-1]]:23: error: not supported yet: store_wait(read_only=False)


@gluon.jit
def store_wait_range(desc):
    tma.store_wait(64)
    # WAITRANGE: tma.py:[[@LINE-1]]:20: error: pendings must be between 0 and 63, got 64


@gluon.jit
def multicast(desc):
    smem = gl.allocate_shared_memory(desc.dtype, desc.block_type.shape, desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    tma.async_copy_global_to_shared(desc, [0, 0], bar, smem, multicast=True)
    # MULTICAST: tma.py:[[@LINE-1]]:62: error: not supported yet: async_copy_global_to_shared(multicast=...)


@gluon.jit
def from_cta(desc):
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.arrive(bar, from_cta=1)
    # FROMCTA: tma.py:[[@LINE-1]]:26: error: not supported yet: from_cta (mbarriers shared across the CTAs of a cluster)


@gluon.jit
def fallback_count(desc):
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, 1, fallback_count=2)
    # FALLBACK: tma.py:[[@LINE-1]]:27: error: not supported yet: fallback_count (mbarriers shared across the CTAs of a cluster)


@gluon.jit
def expect_twice(desc):
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.expect(bar, 1024, bytes_per_cta=1024)
    # TWICE: tma.py:[[@LINE-1]]:5: error: mbarrier.expect takes the byte count once, as bytes or bytes_per_cta


@gluon.jit
def expect_none(desc):
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.expect(bar)
    # NONE: tma.py:[[@LINE-1]]:5: error: mbarrier.expect takes the byte count once, as bytes or bytes_per_cta


@gluon.jit
def expect_range(desc):
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.expect(bar, bytes_per_cta=1 << 20)
    # EXPECTRANGE: tma.py:[[@LINE-1]]:26: error: bytes_per_cta must be between 0 and 2^20 - 1, got 1048576


@gluon.jit
def init_count(desc):
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=0)
    # INITCOUNT: tma.py:[[@LINE-1]]:24: error: count must be between 1 and 2^20 - 1, got 0


@gluon.jit
def arrive_count(desc):
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.arrive(bar, count=1 << 20)
    # ARRIVECOUNT: tma.py:[[@LINE-1]]:26: error: count must be between 1 and 2^20 - 1, got 1048576


@gluon.jit
def pred_tensor(desc):
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.wait(bar, 0, pred=gl.arange(0, 32, gl.BlockedLayout([1], [32], [4], [0])) < 4)
    # PRED: tma.py:[[@LINE-1]]:27: error: pred must be a boolean scalar, got


# Ampere's arrive is one arrival.
@gluon.jit
def ampere_arrive_count(desc):
    bar = gl.allocate_shared_memory(gl.int64, [1], ampere.mbarrier.MBarrierLayout())
    ampere.mbarrier.arrive(bar, count=2)
    # AMPERE: tma.py:[[@LINE-1]]:33: error: arrive() got an unexpected keyword argument 'count'


@gluon.jit
def barrier_layout_cga(desc):
    gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout(cga_layout=[[1]]))
    # CGA: tma.py:[[@LINE-1]]:70: error: not supported yet: cga_layout in MBarrierLayout (multi-CTA layouts)
