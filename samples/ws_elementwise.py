"""out = x * scale + shift, in three warp-specialized tasks: load, compute, store.

A persistent kernel: program p handles blocks p, p + P, p + 2P, ... The
loader task (one warp) copies each block of x into a ring of NUM_BUFFERS
shared-memory buffers, the default task (the kernel's warps) computes from
them into a second ring, and the storer task (one warp) writes that ring
out. Each ring slot has two mbarriers, `ready` (filled) and `empty`
(consumed): a task waits on one and arrives on the other, so the three run
at the same time on their own warps with their own register budgets:

    gluonc samples/ws_elementwise.py -k ws_elementwise_kernel -w 4 \\
        -s "*fp32:16, *fp32:16, i32, fp32, fp32, 1024, 2" -o out/

The launch has 8 warps (4 default, the two workers, two padding warps that
fill their warpgroup); the JSON's `partitions` says where each task runs.
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import mbarrier


@gluon.constexpr_function
def block_layout(BLOCK, num_warps):
    # A task's layout spans its own warps: gl.num_warps() inside a task.
    return gl.BlockedLayout([BLOCK // (32 * num_warps)], [32], [num_warps],
                            [0])


@gluon.jit
def compute_task(in_bufs, out_bufs, in_ready, in_empty, out_ready, out_empty,
                 n, scale, shift, BLOCK: gl.constexpr,
                 NUM_BUFFERS: gl.constexpr):
    layout: gl.constexpr = block_layout(BLOCK, gl.num_warps())
    my_blocks = gl.cdiv(gl.cdiv(n, BLOCK) - gl.program_id(0),
                        gl.num_programs(0))
    for i in range(my_blocks):
        slot = i % NUM_BUFFERS
        phase = (i // NUM_BUFFERS) & 1
        mbarrier.wait(in_ready.index(slot), phase)
        x = in_bufs.index(slot).load(layout)
        mbarrier.arrive(in_empty.index(slot), count=1)
        y = x * scale + shift
        mbarrier.wait(out_empty.index(slot), phase ^ 1)
        out_bufs.index(slot).store(y)
        mbarrier.arrive(out_ready.index(slot), count=1)


@gluon.jit
def load_task(x_ptr, in_bufs, in_ready, in_empty, n, BLOCK: gl.constexpr,
              NUM_BUFFERS: gl.constexpr):
    layout: gl.constexpr = block_layout(BLOCK, gl.num_warps())
    pid = gl.program_id(0)
    num_programs = gl.num_programs(0)
    my_blocks = gl.cdiv(gl.cdiv(n, BLOCK) - pid, num_programs)
    for i in range(my_blocks):
        slot = i % NUM_BUFFERS
        offsets = (pid + i * num_programs) * BLOCK + gl.arange(0, BLOCK,
                                                               layout)
        x = gl.load(x_ptr + offsets, mask=offsets < n, other=0.0)
        mbarrier.wait(in_empty.index(slot), ((i // NUM_BUFFERS) & 1) ^ 1)
        in_bufs.index(slot).store(x)
        mbarrier.arrive(in_ready.index(slot), count=1)


@gluon.jit
def store_task(out_ptr, out_bufs, out_ready, out_empty, n,
               BLOCK: gl.constexpr, NUM_BUFFERS: gl.constexpr):
    layout: gl.constexpr = block_layout(BLOCK, gl.num_warps())
    pid = gl.program_id(0)
    num_programs = gl.num_programs(0)
    my_blocks = gl.cdiv(gl.cdiv(n, BLOCK) - pid, num_programs)
    for i in range(my_blocks):
        slot = i % NUM_BUFFERS
        mbarrier.wait(out_ready.index(slot), (i // NUM_BUFFERS) & 1)
        y = out_bufs.index(slot).load(layout)
        mbarrier.arrive(out_empty.index(slot), count=1)
        offsets = (pid + i * num_programs) * BLOCK + gl.arange(0, BLOCK,
                                                               layout)
        gl.store(out_ptr + offsets, y, mask=offsets < n)


@gluon.jit
def ws_elementwise_kernel(x_ptr, out_ptr, n, scale, shift,
                          BLOCK: gl.constexpr, NUM_BUFFERS: gl.constexpr):
    smem_layout: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, [0])
    in_bufs = gl.allocate_shared_memory(gl.float32, [NUM_BUFFERS, BLOCK],
                                        smem_layout)
    out_bufs = gl.allocate_shared_memory(gl.float32, [NUM_BUFFERS, BLOCK],
                                         smem_layout)
    bar_layout: gl.constexpr = mbarrier.MBarrierLayout()
    in_ready = gl.allocate_shared_memory(gl.int64, [NUM_BUFFERS, 1], bar_layout)
    in_empty = gl.allocate_shared_memory(gl.int64, [NUM_BUFFERS, 1], bar_layout)
    out_ready = gl.allocate_shared_memory(gl.int64, [NUM_BUFFERS, 1],
                                          bar_layout)
    out_empty = gl.allocate_shared_memory(gl.int64, [NUM_BUFFERS, 1],
                                          bar_layout)
    for i in gl.static_range(NUM_BUFFERS):
        mbarrier.init(in_ready.index(i), count=1)
        mbarrier.init(in_empty.index(i), count=1)
        mbarrier.init(out_ready.index(i), count=1)
        mbarrier.init(out_empty.index(i), count=1)

    gl.warp_specialize([
        (compute_task, (in_bufs, out_bufs, in_ready, in_empty, out_ready,
                        out_empty, n, scale, shift, BLOCK, NUM_BUFFERS)),
        (load_task, (x_ptr, in_bufs, in_ready, in_empty, n, BLOCK,
                     NUM_BUFFERS)),
        (store_task, (out_ptr, out_bufs, out_ready, out_empty, n, BLOCK,
                      NUM_BUFFERS)),
    ], [1, 1], [40, 40])

    for i in gl.static_range(NUM_BUFFERS):
        mbarrier.invalidate(in_ready.index(i))
        mbarrier.invalidate(in_empty.index(i))
        mbarrier.invalidate(out_ready.index(i))
        mbarrier.invalidate(out_empty.index(i))
