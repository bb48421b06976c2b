"""A matrix multiply on the CUDA cores: c = a @ b with gl.dot_fma.

Each program computes one BLOCK_M x BLOCK_N tile of c. Per step of
BLOCK_K, it loads a [BLOCK_M, BLOCK_K] tile of a and a [BLOCK_K, BLOCK_N]
tile of b with coalesced loads, stages them in shared memory, and loads
them back in the dot operand layouts of the accumulator's layout: there
every thread holds the whole BLOCK_K extent of the rows and columns its
accumulator elements need, so gl.dot_fma is fused multiply-adds in
registers (k in increasing order, so the result is exactly that of a
sequential fused multiply-add loop). a and b may be fp16, bf16 or fp32;
the accumulation is fp32 and c takes the output pointer's type.

    gluonc samples/matmul_fma.py -k matmul_fma_kernel \
        -s "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32:16, i32:16, i32:16" -o out/
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl

# 4 warps: each thread accumulates 4 x 4 elements twice (64 x 32 repeated
# along N for a 64 x 64 tile).
ACC = gl.BlockedLayout([4, 4], [4, 8], [4, 1], [1, 0])
A_LOAD = gl.BlockedLayout([1, 4], [16, 2], [4, 1], [1, 0])
B_LOAD = gl.BlockedLayout([1, 4], [2, 16], [4, 1], [1, 0])
SMEM = gl.SwizzledSharedLayout(1, 1, 1, [1, 0])


@gluon.jit
def matmul_fma_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                      stride_am, stride_bk, stride_cm,
                      BLOCK_M: gl.constexpr = 64, BLOCK_N: gl.constexpr = 64,
                      BLOCK_K: gl.constexpr = 16,
                      acc_layout: gl.constexpr = ACC,
                      a_layout: gl.constexpr = A_LOAD,
                      b_layout: gl.constexpr = B_LOAD):
    pid_m = gl.program_id(0)
    pid_n = gl.program_id(1)
    rows = pid_m * BLOCK_M + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, a_layout))
    ka = gl.arange(0, BLOCK_K, layout=gl.SliceLayout(0, a_layout))
    kb = gl.arange(0, BLOCK_K, layout=gl.SliceLayout(1, b_layout))
    cols = pid_n * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, b_layout))

    a_smem = gl.allocate_shared_memory(a_ptr.dtype.element_ty, [BLOCK_M, BLOCK_K], SMEM)
    b_smem = gl.allocate_shared_memory(b_ptr.dtype.element_ty, [BLOCK_K, BLOCK_N], SMEM)
    a_operand: gl.constexpr = gl.DotOperandLayout(0, acc_layout, 0)
    b_operand: gl.constexpr = gl.DotOperandLayout(1, acc_layout, 0)
    acc = gl.zeros([BLOCK_M, BLOCK_N], gl.float32, acc_layout)
    for k0 in range(0, K, BLOCK_K):
        a_mask = (rows[:, None] < M) & (k0 + ka[None, :] < K)
        a = gl.load(a_ptr + rows[:, None] * stride_am + (k0 + ka)[None, :],
                    mask=a_mask, other=0.0)
        b_mask = (k0 + kb[:, None] < K) & (cols[None, :] < N)
        b = gl.load(b_ptr + (k0 + kb)[:, None] * stride_bk + cols[None, :],
                    mask=b_mask, other=0.0)
        a_smem.store(a)
        b_smem.store(b)
        acc = gl.dot_fma(a_smem.load(a_operand), b_smem.load(b_operand), acc)

    rows_c = pid_m * BLOCK_M + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, acc_layout))
    cols_c = pid_n * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, acc_layout))
    c_mask = (rows_c[:, None] < M) & (cols_c[None, :] < N)
    gl.store(c_ptr + rows_c[:, None] * stride_cm + cols_c[None, :],
             acc.to(c_ptr.dtype.element_ty), mask=c_mask)
