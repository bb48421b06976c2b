# Multi-buffered allocations of any depth: leading buffer dimensions need not
# be powers of two. A [3, 64, 64] fp16 ring takes exactly three 8 KiB
# buffers; .index(i) steps by one buffer. With two buffer dimensions the
# inner one is placed as if rounded up ([2, 3] buffers are placed as [2, 4]),
# and the allocation ends after its last real buffer (7 buffers' room).
# RUN: rm -rf %t
# RUN: %gluonc %s -k ring -s "*fp16:16, *fp32:16, 3" --emit gluon-ir,cubin,json -o %t
# RUN: FileCheck %s --input-file %t/ring.sm_90a.gluon.mlir --check-prefix=IR
# RUN: FileCheck %s --input-file %t/ring.sm_90a.json --check-prefix=JSON3
# RUN: %gluonc %s -k ring -s "*fp16:16, *fp32:16, 5" --emit cubin,json -o %t
# RUN: FileCheck %s --input-file %t/ring.sm_90a.json --check-prefix=JSON5
# RUN: %gluonc %s -k grid_of_buffers -s "*fp32:16" --emit cubin,json -o %t
# RUN: FileCheck %s --input-file %t/grid_of_buffers.sm_90a.json --check-prefix=GRID
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

LAYOUT = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])


@gluon.jit
def ring(x_ptr, out_ptr, NUM: gl.constexpr):
    smem_layout: gl.constexpr = gl.NVMMASharedLayout.get_default_for([64, 64], gl.float16)
    bufs = gl.allocate_shared_memory(gl.float16, [NUM, 64, 64], smem_layout)
    rows = gl.arange(0, 64, layout=gl.SliceLayout(1, LAYOUT))
    cols = gl.arange(0, 64, layout=gl.SliceLayout(0, LAYOUT))
    offs = rows[:, None] * 64 + cols[None, :]
    for i in range(NUM):
        bufs.index(i).store(gl.load(x_ptr + i * 4096 + offs))
    acc = gl.zeros([64, 64], gl.float32, LAYOUT)
    for i in range(NUM):
        acc += bufs.index(i).load(LAYOUT).to(gl.float32)
    gl.store(out_ptr + offs, acc)

# IR: gluon.local_alloc {{.*}}-> !gluon.memdesc<3x64x64xf16, #shared>
# IR: gluon.memdesc_index %{{.*}} : !gluon.memdesc<3x64x64xf16, #shared> -> !gluon.memdesc<64x64xf16, #shared>
# JSON3: "shared_bytes": 24576
# JSON5: "shared_bytes": 40960


@gluon.jit
def grid_of_buffers(out_ptr):
    plain: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, [1, 0])
    bufs = gl.allocate_shared_memory(gl.float32, [2, 3, 32, 32], plain)
    rows = gl.arange(0, 32, layout=gl.SliceLayout(1, LAYOUT))
    cols = gl.arange(0, 32, layout=gl.SliceLayout(0, LAYOUT))
    offs = rows[:, None] * 32 + cols[None, :]
    bufs.index(1).index(2).store(gl.full([32, 32], 1.0, gl.float32, LAYOUT))
    gl.store(out_ptr + offs, bufs.index(1).index(2).load(LAYOUT))

# 7 buffers of 32 * 32 * 4 bytes.
# GRID: "shared_bytes": 28672
