# Kernels with inter-wave warp pipelines (tests/lit/amd/warp-pipeline.test).
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
import triton.language.extra.tlx as tlx


@gluon.jit
def ring_kernel(a_ptr, out_ptr, n):
    # Stage "load" writes a slot of a 2-slot ring, stage "compute" reads
    # one: the slot index is a run-time value, so the barrier pass sees
    # the whole ring in both stages.
    layout: gl.constexpr = gl.BlockedLayout([1, 8], [16, 4], [gl.num_warps(), 1], [1, 0])
    ring = gl.allocate_shared_memory(gl.float16, [2, 64, 64],
                                     gl.SwizzledSharedLayout(1, 1, 1, [1, 0]))
    rows = gl.arange(0, 64, gl.SliceLayout(1, layout))
    cols = gl.arange(0, 64, gl.SliceLayout(0, layout))
    offsets = rows[:, None] * 64 + cols[None, :]
    acc = gl.zeros([64, 64], gl.float32, layout)
    for i in range(n):
        with gl.amd.warp_pipeline_stage("load", priority=1):
            ring.index(i % 2).store(gl.load(a_ptr + i * 4096 + offsets))
        with gl.amd.warp_pipeline_stage("compute", priority=0):
            acc += ring.index(i % 2).load(layout).to(gl.float32)
    gl.store(out_ptr + offsets, acc)


@gluon.jit
def registers_kernel(a_ptr, out_ptr, n):
    # No shared memory: every border is a plain rendezvous (TLX spelling,
    # no priorities).
    layout: gl.constexpr = gl.BlockedLayout([4], [64], [gl.num_warps()], [0])
    offsets = gl.arange(0, 1024, layout)
    acc = gl.zeros([1024], gl.float32, layout)
    for i in range(n):
        with tlx.warp_pipeline_stage("load"):
            x = gl.load(a_ptr + i * 1024 + offsets)
        with tlx.warp_pipeline_stage("math"):
            acc = acc * 0.5 + x
    gl.store(out_ptr + offsets, acc)
