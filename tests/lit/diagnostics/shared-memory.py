# Shared memory mistakes are reported where they are made, naming the shapes
# and layouts involved, with a note at the descriptor's definition.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k store_shape -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=STORE --strict-whitespace
# RUN: %expect-exit 1 %gluonc %s -k store_dtype -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=DTYPE
# RUN: %expect-exit 1 %gluonc %s -k init_shape -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=INIT
# RUN: %expect-exit 1 %gluonc %s -k distributed_for_shared -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=NOTSHARED
# RUN: %expect-exit 1 %gluonc %s -k shared_for_tensor -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=NOTDIST
# RUN: %expect-exit 1 %gluonc %s -k too_narrow -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=NARROW
# RUN: %expect-exit 1 %gluonc %s -k index_range -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=INDEX
# RUN: %expect-exit 1 %gluonc %s -k ring_index_range -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=RINGINDEX
# RUN: %expect-exit 1 %gluonc %s -k ring_laid_out_dim -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=RINGDIM
# RUN: %expect-exit 1 %gluonc %s -k zero_buffers -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=ZERO
# RUN: %expect-exit 1 %gluonc %s -k index_layout_dim -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=INDEXDIM
# RUN: %expect-exit 1 %gluonc %s -k index_part_layout_dim -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=INDEXPART
# RUN: %expect-exit 1 %gluonc %s -k index_i64 -s "*fp32, i64" -o %t 2>&1 | FileCheck %s --check-prefix=INDEX64
# RUN: %expect-exit 1 %gluonc %s -k slice_swizzled -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=SLICE
# RUN: %expect-exit 1 %gluonc %s -k load_rank -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=LOAD
# RUN: %expect-exit 1 %gluonc %s -k too_big -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=BIG
# RUN: %expect-exit 1 %gluonc %s -k lds_limit -s "*fp32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=LDS
# RUN: %gluonc %s -k lds_limit -s "*fp32" --arch gfx950 --emit gluon-ir -o %t-gfx950
# RUN: %expect-exit 1 %gluonc %s -k lds_limit -s "*fp32" --arch sm_120a -o %t 2>&1 | FileCheck %s --check-prefix=SM120
# RUN: %expect-exit 1 %gluonc %s -k lds_limit -s "*fp32" --arch sm_75 -o %t 2>&1 | FileCheck %s --check-prefix=SM75
# RUN: %expect-exit 1 %gluonc %s -k two_allocations -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=TOTAL
# RUN: %expect-exit 1 %gluonc %s -k conflicts_args -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=CONFLICTS
# RUN: %expect-exit 1 %gluonc %s -k multi_cta -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=CTA
# RUN: %expect-exit 1 %gluonc %s -k fp4 -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=FP4
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

ROWS = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])
PLAIN = gl.SwizzledSharedLayout(1, 1, 1, [1, 0])


@gluon.jit
def store_shape(x_ptr):
    smem = gl.allocate_shared_memory(gl.float32, [64, 64], PLAIN)
    x = gl.zeros([32, 64], gl.float32, ROWS)
    smem.store(x)
    # STORE: shared-memory.py:[[@LINE-1]]:16: error: shape mismatch: the stored value has shape [32, 64], the shared memory descriptor has shape [64, 64]
    # STORE-NEXT: {{^}}    smem.store(x){{$}}
    # STORE-NEXT: {{^}}               ^{{$}}
    # STORE-NEXT: shared-memory.py:[[@LINE-6]]:12: note: the shared memory descriptor is defined here


@gluon.jit
def store_dtype(x_ptr):
    smem = gl.allocate_shared_memory(gl.float16, [64, 64], PLAIN)
    smem.store(gl.zeros([64, 64], gl.float32, ROWS))
    # DTYPE: shared-memory.py:[[@LINE-1]]:16: error: dtype mismatch: the stored value holds gl.float32, the shared memory descriptor gl.float16
    # DTYPE: shared-memory.py:[[@LINE-3]]:12: note: the shared memory descriptor is defined here


@gluon.jit
def init_shape(x_ptr):
    gl.allocate_shared_memory(gl.float32, [64, 64], PLAIN, gl.zeros([64, 32], gl.float32, ROWS))
    # INIT: shared-memory.py:[[@LINE-1]]:60: error: shape mismatch: the initial value has shape [64, 32], the shared memory descriptor has shape [64, 64]


@gluon.jit
def distributed_for_shared(x_ptr):
    gl.allocate_shared_memory(gl.float32, [64, 64], ROWS)
    # NOTSHARED: shared-memory.py:[[@LINE-1]]:53: error: expected a shared layout such as gl.SwizzledSharedLayout(...), got layout BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[4, 8], warps_per_cta=[4, 1], order=[1, 0])


@gluon.jit
def shared_for_tensor(x_ptr):
    gl.zeros([64, 64], gl.float32, PLAIN)
    # NOTDIST: shared-memory.py:[[@LINE-1]]:36: error: expected a distributed layout such as gl.BlockedLayout(...), got the shared layout SwizzledSharedLayout(vec=1, per_phase=1, max_phase=1, order=[1, 0])


@gluon.jit
def too_narrow(x_ptr):
    gl.allocate_shared_memory(gl.float16, [64, 32], gl.NVMMASharedLayout(128, 16))
    # NARROW: shared-memory.py:[[@LINE-1]]:43: error: NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, rank=2, transposed=False, fp4_padded=False) cannot lay out shared memory of shape [64, 32]: a 128-byte swizzle of 16-bit elements needs at least 64 elements along dimension 1, got 32


@gluon.jit
def ring_index_range(x_ptr):
    # Buffer dimensions may have any size; the index is still checked.
    smem = gl.allocate_shared_memory(gl.float32, [3, 64, 64], PLAIN)
    smem.index(2)
    smem.index(3)
    # RINGINDEX: shared-memory.py:[[@LINE-1]]:16: error: index 3 is out of range for a descriptor of shape [3, 64, 64]


@gluon.jit
def ring_laid_out_dim(x_ptr):
    gl.allocate_shared_memory(gl.float32, [3, 48, 64], PLAIN)
    # RINGDIM: shared-memory.py:[[@LINE-1]]:43: error: SwizzledSharedLayout(vec=1, per_phase=1, max_phase=1, order=[1, 0]) cannot lay out shared memory of shape [3, 48, 64]: dimension 1 (48) is laid out by the layout and must be a power of two; only the leading buffer dimensions may have any size


@gluon.jit
def zero_buffers(x_ptr):
    gl.allocate_shared_memory(gl.float32, [0, 64, 64], PLAIN)
    # ZERO: shared-memory.py:[[@LINE-1]]:43: error: shape [0, 64, 64]: dimensions must be between 1 and 2^30


@gluon.jit
def index_range(x_ptr):
    smem = gl.allocate_shared_memory(gl.float32, [2, 64, 64], PLAIN)
    smem.index(2)
    # INDEX: shared-memory.py:[[@LINE-1]]:16: error: index 2 is out of range for a descriptor of shape [2, 64, 64]
    # INDEX: shared-memory.py:[[@LINE-3]]:12: note: the shared memory descriptor is defined here


@gluon.jit
def index_layout_dim(x_ptr):
    # A row of a laid-out dimension: only loads and stores take one.
    smem = gl.allocate_shared_memory(gl.float32, [2, 64, 64], gl.SwizzledSharedLayout(1, 1, 1, [2, 1, 0]))
    smem.index(1).slice(0, 32)
    # INDEXDIM: shared-memory.py:[[@LINE-1]]:5: error: cannot slice shared_memory_descriptor<fp32, [64, 64], SwizzledSharedLayout(vec=1, per_phase=1, max_phase=1, order=[2, 1, 0]), [2, 64, 64]>: not supported yet: a view of a row of a dimension the layout lays out (only .load() and .store() take one)


@gluon.jit
def index_part_layout_dim(x_ptr):
    smem = gl.allocate_shared_memory(gl.float32, [2, 64, 64], gl.SwizzledSharedLayout(1, 1, 1, [2, 1, 0]))
    smem.slice(0, 1).index(0)
    # INDEXPART: shared-memory.py:[[@LINE-1]]:5: error: cannot index shared_memory_descriptor<fp32, [1, 64, 64], SwizzledSharedLayout(vec=1, per_phase=1, max_phase=1, order=[2, 1, 0]), [2, 64, 64]>: not supported yet: indexing dimension 0, which the shared layout lays out, of a view of part of an allocation


@gluon.jit
def index_i64(x_ptr, i):
    smem = gl.allocate_shared_memory(gl.float32, [2, 64, 64], PLAIN)
    smem.index(i)
    # INDEX64: shared-memory.py:[[@LINE-1]]:16: error: the index of a shared memory descriptor must be an int32 scalar, got scalar<i64>


@gluon.jit
def slice_swizzled(x_ptr):
    smem = gl.allocate_shared_memory(gl.float32, [8, 8], gl.SwizzledSharedLayout(1, 1, 8, [1, 0]))
    smem.slice(4, 4)
    # SLICE: shared-memory.py:[[@LINE-1]]:5: error: cannot slice shared_memory_descriptor<fp32, [8, 8], SwizzledSharedLayout(vec=1, per_phase=1, max_phase=8, order=[1, 0]), [8, 8]>: the layout swizzles the block's elements differently from the descriptor's: its start offset 36 shares bits with offsets inside the block


@gluon.jit
def load_rank(x_ptr):
    smem = gl.allocate_shared_memory(gl.float32, [2, 64, 64], PLAIN)
    smem.load(ROWS)
    # LOAD: shared-memory.py:[[@LINE-1]]:15: error: a descriptor of shape [2, 64, 64] cannot be loaded in the rank-2 layout BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[4, 8], warps_per_cta=[4, 1], order=[1, 0])


@gluon.jit
def too_big(x_ptr):
    gl.allocate_shared_memory(gl.float32, [256, 256], PLAIN)
    # BIG: shared-memory.py:[[@LINE-1]]:5: error: allocating 262144 bytes of shared memory, more than the 232448 a block of sm_90a can use


@gluon.jit
def lds_limit(x_ptr):
    # 128 KiB: more than gfx942's 64 KiB of LDS per workgroup, within
    # gfx950's 160 KiB.
    gl.allocate_shared_memory(gl.float32, [128, 256], PLAIN)
    # LDS: shared-memory.py:[[@LINE-1]]:5: error: allocating 131072 bytes of shared memory, more than the 65536 a block of gfx942 can use
    # SM120: shared-memory.py:[[@LINE-2]]:5: error: allocating 131072 bytes of shared memory, more than the 101376 a block of sm_120a can use
    # SM75: shared-memory.py:[[@LINE-3]]:5: error: allocating 131072 bytes of shared memory, more than the 65536 a block of sm_75 can use


@gluon.jit
def two_allocations(x_ptr):
    # TOTAL: shared-memory.py:[[@LINE-1]]:5: error: the kernel needs 262144 bytes of shared memory (allocations and the scratch of reductions, scans and layout conversions), more than the 232448 a block of sm_90a can use
    a = gl.allocate_shared_memory(gl.float32, [256, 128], PLAIN)
    b = gl.allocate_shared_memory(gl.float32, [256, 128], PLAIN)
    a.store(gl.zeros([256, 128], gl.float32, ROWS))
    b.store(gl.zeros([256, 128], gl.float32, ROWS))


@gluon.jit
def conflicts_args(x_ptr):
    smem = gl.allocate_shared_memory(gl.float32, [64, 64], PLAIN)
    gl.bank_conflicts(ROWS, smem.type)
    # CONFLICTS: shared-memory.py:[[@LINE-1]]:23: error: distr_ty must be a distributed_type (a tensor's .type or gl.distributed_type(...)), got layout BlockedLayout(


@gluon.jit
def multi_cta(x_ptr):
    gl.SwizzledSharedLayout(1, 1, 1, [1, 0], ctas_per_cga=[2, 1])
    # CTA: shared-memory.py:[[@LINE-1]]:46: error: not supported yet: ctas_per_cga other than 1 in SwizzledSharedLayout (multi-CTA layouts)


@gluon.jit
def fp4(x_ptr):
    gl.NVMMASharedLayout(128, 8, fp4_padded=True)
    # FP4: shared-memory.py:[[@LINE-1]]:34: error: not supported yet: fp4_padded shared layouts (gluonc has no fp4 type)
