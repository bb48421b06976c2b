"""Vector addition in Gluon: out[i] = x[i] + y[i].

Each program adds one block of BLOCK elements. The layout gives every thread
four consecutive elements, so loads and stores are 16 bytes wide. A warp has
WARP_SIZE threads: 32 on NVIDIA, 64 on AMD CDNA (pass -D WARP_SIZE=64).

Compile with gluonc:
    gluonc samples/vector_add.py -k add_kernel \
        -s "*fp32:16, *fp32:16, *fp32:16, i32, 1024" --arch sm_90a -w 4 -o out/
    gluonc samples/vector_add.py -k add_kernel -D WARP_SIZE=64 \
        -s "*fp32:16, *fp32:16, *fp32:16, i32, 1024" --arch gfx942 -w 4 -o out/

Triton 3.6 runs the same file unchanged:
    add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024, num_warps=4)
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: gl.constexpr,
               WARP_SIZE: gl.constexpr = 32):
    layout: gl.constexpr = gl.BlockedLayout([4], [WARP_SIZE], [gl.num_warps()], [0])
    pid = gl.program_id(0)
    offs = pid * BLOCK + gl.arange(0, BLOCK, layout=layout)
    mask = offs < n
    x = gl.load(x_ptr + offs, mask=mask)
    y = gl.load(y_ptr + offs, mask=mask)
    gl.store(out_ptr + offs, x + y, mask=mask)
