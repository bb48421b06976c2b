"""C = A @ B on Ampere's tensor cores: cp.async into a ring, mma_v2.

A is [M, K] and B is [K, N] (row-major, with row strides stride_am and
stride_bk), C is [M, N] (row stride stride_cm); each program computes one
BLOCK_M x BLOCK_N tile of C. The K loop runs over a ring of NUM_BUFFERS
shared-memory buffers of A and B tiles filled by asynchronous copies
(cp.async, 16 bytes per copy): the copies run NUM_BUFFERS - 1 tiles ahead,
one commit group per tile. Each iteration waits until its tile's group
has landed (wait_group leaves the younger NUM_BUFFERS - 2 in flight),
starts the copy of the tile NUM_BUFFERS - 1 further into the buffer the
previous iteration read (the barrier pass puts one barrier between the
wait and that copy, which also makes the landed tile visible to every
thread), then loads the tile's A and B from shared memory into the dot
operand layouts of the accumulator (ldmatrix for 16-bit elements; the
swizzled shared layouts keep the rows a warp reads in different banks) and
multiplies them with mma_v2 (mma.sync.m16n8k16 for 16-bit operands, the
accumulator in an NVMMADistributedLayout of version [2, 0]). The epilogue
converts the accumulator to C's dtype and stores it under a mask.

Rows and columns outside A and B are zero-filled by the copies' masks, so
any M works; N, K and the row strides must keep the rows 16-byte aligned
for 16-byte copies (multiples of 8 fp16: declare them `i32:8`; fewer
bytes make smaller copies, down to cp.async's 4), and the pointers too
(`*fp16:16`). Operands: fp16 or bf16
(fp32 accumulator, the default acc_dtype; fp16 also into fp16), fp32
(multiplied as tf32) or int8 (acc_dtype=gl.int32, C int32).

    gluonc samples/matmul_mma_v2.py -k matmul_kernel --arch sm_80 \\
        -s "*fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32:8, i32:8, \\
            i32:8, i32" -o out/

runs on a grid of cdiv(M, 128) * cdiv(N, 128) programs of 4 warps (-w:
the warps split the tile as evenly as they can, M first).
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.ampere import async_copy, mma_v2


@gluon.constexpr_function
def mma_warps(num_warps):
    # Warps split M and N as evenly as they can, M first.
    warps = [1, 1]
    while warps[0] * warps[1] < num_warps:
        if warps[0] <= warps[1]:
            warps[0] *= 2
        else:
            warps[1] *= 2
    return warps


@gluon.constexpr_function
def copy_layout(cols, bits, num_warps):
    # 16 bytes of consecutive elements (one cp.async) per thread, the lanes
    # of a warp across a row first.
    vec = 128 // bits
    lanes_n = min(32, cols // vec)
    return gl.BlockedLayout([1, vec], [32 // lanes_n, lanes_n],
                            [num_warps, 1], [1, 0])


@gluon.constexpr_function
def operand_smem_layout(cols, bits):
    # 16-byte chunks of each row XORed with the row (rows of fewer than 128
    # bytes share a phase), so that the 8 rows a warp reads of an operand
    # fall in different banks.
    per_phase = max(1, 1024 // (cols * bits))
    return gl.SwizzledSharedLayout(128 // bits, per_phase, 8 // per_phase,
                                   [1, 0])


@gluon.jit
def tile_origin(pid, M, N, BLOCK_M: gl.constexpr, BLOCK_N: gl.constexpr,
                GROUP_M: gl.constexpr):
    # Grouped order: GROUP_M rows of tiles, column by column.
    num_m = gl.cdiv(M, BLOCK_M)
    num_n = gl.cdiv(N, BLOCK_N)
    in_group = GROUP_M * num_n
    first_m = pid // in_group * GROUP_M
    group_m = min(num_m - first_m, GROUP_M)
    pid_m = first_m + (pid % in_group) % group_m
    pid_n = (pid % in_group) // group_m
    return pid_m * BLOCK_M, pid_n * BLOCK_N


@gluon.jit
def issue_copies(a_ptr, b_ptr, a_bufs, b_bufs, k_tile, rows, a_cols, b_rows,
                 cols, M, N, K, stride_am, stride_bk,
                 BLOCK_K: gl.constexpr, NUM_BUFFERS: gl.constexpr):
    # Tile k_tile of A ([BLOCK_M, BLOCK_K]) and B ([BLOCK_K, BLOCK_N]) into
    # ring slot k_tile % NUM_BUFFERS; what lies outside A or B (and every
    # tile past the last) is zero-filled. One commit group per tile.
    slot = k_tile % NUM_BUFFERS
    k0 = k_tile * BLOCK_K
    a_mask = (rows[:, None] < M) & (k0 + a_cols[None, :] < K)
    async_copy.async_copy_global_to_shared(
        a_bufs.index(slot),
        a_ptr + rows[:, None] * stride_am + (k0 + a_cols)[None, :],
        mask=a_mask)
    b_mask = (k0 + b_rows[:, None] < K) & (cols[None, :] < N)
    async_copy.async_copy_global_to_shared(
        b_bufs.index(slot),
        b_ptr + (k0 + b_rows)[:, None] * stride_bk + cols[None, :],
        mask=b_mask)
    async_copy.commit_group()


@gluon.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk,
                  stride_cm, BLOCK_M: gl.constexpr = 128,
                  BLOCK_N: gl.constexpr = 128, BLOCK_K: gl.constexpr = 32,
                  NUM_BUFFERS: gl.constexpr = 3, GROUP_M: gl.constexpr = 8,
                  acc_dtype: gl.constexpr = gl.float32):
    num_warps: gl.constexpr = gl.num_warps()
    dtype: gl.constexpr = a_ptr.dtype.element_ty
    bits: gl.constexpr = dtype.primitive_bitwidth
    off_m, off_n = tile_origin(gl.program_id(0), M, N, BLOCK_M, BLOCK_N,
                               GROUP_M)

    a_layout: gl.constexpr = copy_layout(BLOCK_K, bits, num_warps)
    b_layout: gl.constexpr = copy_layout(BLOCK_N, bits, num_warps)
    rows = off_m + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, a_layout))
    a_cols = gl.arange(0, BLOCK_K, layout=gl.SliceLayout(0, a_layout))
    b_rows = gl.arange(0, BLOCK_K, layout=gl.SliceLayout(1, b_layout))
    cols = off_n + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, b_layout))

    a_bufs = gl.allocate_shared_memory(dtype, [NUM_BUFFERS, BLOCK_M, BLOCK_K],
                                       operand_smem_layout(BLOCK_K, bits))
    b_bufs = gl.allocate_shared_memory(dtype, [NUM_BUFFERS, BLOCK_K, BLOCK_N],
                                       operand_smem_layout(BLOCK_N, bits))

    mma_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[2, 0], warps_per_cta=mma_warps(num_warps),
        instr_shape=[16, 8])
    # Each thread holds 32 bits of consecutive K elements per register.
    a_operand: gl.constexpr = gl.DotOperandLayout(
        operand_index=0, parent=mma_layout, k_width=32 // bits)
    b_operand: gl.constexpr = gl.DotOperandLayout(
        operand_index=1, parent=mma_layout, k_width=32 // bits)
    acc = gl.zeros((BLOCK_M, BLOCK_N), acc_dtype, mma_layout)

    num_k = gl.cdiv(K, BLOCK_K)
    for i in gl.static_range(NUM_BUFFERS - 1):
        issue_copies(a_ptr, b_ptr, a_bufs, b_bufs, i, rows, a_cols, b_rows,
                     cols, M, N, K, stride_am, stride_bk, BLOCK_K,
                     NUM_BUFFERS)
    for k in range(num_k):
        # Tile k's group has landed once at most NUM_BUFFERS - 2 younger
        # ones are in flight.
        async_copy.wait_group(NUM_BUFFERS - 2)
        # Into the slot iteration k - 1 read (a barrier goes before it).
        issue_copies(a_ptr, b_ptr, a_bufs, b_bufs, k + NUM_BUFFERS - 1, rows,
                     a_cols, b_rows, cols, M, N, K, stride_am, stride_bk,
                     BLOCK_K, NUM_BUFFERS)
        slot = k % NUM_BUFFERS
        a = a_bufs.index(slot).load(a_operand)
        b = b_bufs.index(slot).load(b_operand)
        acc = mma_v2(a, b, acc)
    async_copy.wait_group(0)

    rows_c = off_m + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, mma_layout))
    cols_c = off_n + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, mma_layout))
    c_mask = (rows_c[:, None] < M) & (cols_c[None, :] < N)
    gl.store(c_ptr + rows_c[:, None] * stride_cm + cols_c[None, :],
             acc.to(c_ptr.dtype.element_ty), mask=c_mask)
