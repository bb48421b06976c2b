# warp_pipeline_stage's rules, each with its diagnostic at the source and
# no output written: a priority within 0-3, no pair on an inter-wave stage,
# no priority on an intra-wave one, one scope per loop (an intra-wave
# stage may only be inside an inter-wave one), an AMD CDNA target, stages
# directly in a run-time loop's body and not nested, no loop or barrier inside a stage, at least two
# stages per loop, no reduction through shared memory inside a stage, and
# no shared memory conflict within one stage.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k priority_range -s "*fp32, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=PRIORITY
# RUN: %expect-exit 1 %gluonc %s -k pair_inter -s "*fp32, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=PAIR
# RUN: %expect-exit 1 %gluonc %s -k priority_intra -s "*fp32, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=INTRAPRIO
# RUN: %expect-exit 1 %gluonc %s -k mixed -s "*fp32, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=MIXED
# RUN: %expect-exit 1 %gluonc %s -k two_stages -s "*fp32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=NVIDIA
# RUN: %expect-exit 1 %gluonc %s -k two_stages -s "*fp32, i32" --arch gfx1250 -o %t 2>&1 | FileCheck %s --check-prefix=GFX1250
# RUN: %expect-exit 1 %gluonc %s -k outside_loop -s "*fp32, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=OUTSIDE
# RUN: %expect-exit 1 %gluonc %s -k in_if -s "*fp32, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=INIF
# RUN: %expect-exit 1 %gluonc %s -k nested -s "*fp32, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=NESTED
# RUN: %expect-exit 1 %gluonc %s -k barrier_inside -s "*fp32, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=BARRIER
# RUN: %expect-exit 1 %gluonc %s -k loop_inside -s "*fp32, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: %expect-exit 1 %gluonc %s -k one_stage -s "*fp32, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=ONE
# RUN: %expect-exit 1 %gluonc %s -k reduce_inside -s "*fp32, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=REDUCE
# RUN: %expect-exit 1 %gluonc %s -k conflict_inside -s "*fp32, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=CONFLICT
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
import triton.language.extra.tlx as tlx


@gluon.jit
def priority_range(x_ptr, n):
    for i in range(n):
        with gl.amd.warp_pipeline_stage("a", priority=4):
            # PRIORITY: warp-pipeline.py:[[@LINE-1]]:46: error: priority 4 is outside 0-3 (s_setprio's range)
            gl.store(x_ptr + i, 1.0)
        with gl.amd.warp_pipeline_stage("b"):
            gl.store(x_ptr + i, 2.0)


@gluon.jit
def pair_inter(x_ptr, n):
    for i in range(n):
        with tlx.warp_pipeline_stage("a", pair=0):
            # PAIR: warp-pipeline.py:[[@LINE-1]]:43: error: pair= joins two intra-wave stages; an inter-wave stage takes none
            gl.store(x_ptr + i, 1.0)


@gluon.jit
def priority_intra(x_ptr, n):
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave", priority=1):
            # INTRAPRIO: warp-pipeline.py:[[@LINE-1]]:63: error: priority= sets the wave priority of an inter-wave stage; an intra-wave stage takes none
            gl.store(x_ptr + i, 1.0)


@gluon.jit
def mixed(x_ptr, n):
    for i in range(n):
        with tlx.warp_pipeline_stage("a"):
            gl.store(x_ptr + i, 1.0)
        with tlx.warp_pipeline_stage("b", scope="intra_wave"):
            # MIXED: warp-pipeline.py:[[@LINE-1]]:9: error: stage 'b' is intra_wave but stage 'a' of the same loop is inter_wave; a loop's stages have one scope
            x = gl.load(x_ptr + i)
        with tlx.warp_pipeline_stage("c"):
            gl.store(x_ptr + i, x)


@gluon.jit
def two_stages(x_ptr, n):
    for i in range(n):
        with gl.amd.warp_pipeline_stage("a"):
            # NVIDIA: warp-pipeline.py:[[@LINE-1]]:14: error: gl.amd.warp_pipeline_stage needs an AMD CDNA --arch (gfx90a, gfx942, gfx950), not sm_90a
            # GFX1250: warp-pipeline.py:[[@LINE-2]]:14: error: gl.amd.warp_pipeline_stage needs an AMD CDNA --arch (gfx90a, gfx942, gfx950), not gfx1250
            gl.store(x_ptr + i, 1.0)
        with gl.amd.warp_pipeline_stage("b"):
            gl.store(x_ptr + i, 2.0)


@gluon.jit
def outside_loop(x_ptr, n):
    with gl.amd.warp_pipeline_stage("a"):
        # OUTSIDE: warp-pipeline.py:[[@LINE-1]]:5: error: a warp_pipeline_stage block must be directly in the body of a run-time 'for' loop (not in an 'if', a static_range or outside a loop): its stages split that loop's body
        gl.store(x_ptr, 1.0)


@gluon.jit
def in_if(x_ptr, n):
    for i in range(n):
        if i > 2:
            with gl.amd.warp_pipeline_stage("a"):
                # INIF: warp-pipeline.py:[[@LINE-1]]:13: error: a warp_pipeline_stage block must be directly in the body of a run-time 'for' loop
                gl.store(x_ptr + i, 1.0)


@gluon.jit
def nested(x_ptr, n):
    for i in range(n):
        with gl.amd.warp_pipeline_stage("a"):
            with gl.amd.warp_pipeline_stage("b"):
                # NESTED: warp-pipeline.py:[[@LINE-1]]:13: error: warp_pipeline_stage blocks do not nest: each is one stage of the loop around it
                gl.store(x_ptr + i, 1.0)


@gluon.jit
def barrier_inside(x_ptr, n):
    for i in range(n):
        with gl.amd.warp_pipeline_stage("a"):
            # BARRIER: warp-pipeline.py:[[@LINE-1]]:9: error: a barrier or an mbarrier wait cannot be inside a warp pipeline stage: the waves meet only at the stages' borders, which are barriers themselves
            gl.store(x_ptr + i, 1.0)
            gl.barrier()
        with gl.amd.warp_pipeline_stage("b"):
            gl.store(x_ptr + i, 2.0)


@gluon.jit
def loop_inside(x_ptr, n):
    for i in range(n):
        with gl.amd.warp_pipeline_stage("a"):
            # LOOP: warp-pipeline.py:[[@LINE-1]]:9: error: a loop cannot be inside a warp pipeline stage
            for j in range(n):
                gl.store(x_ptr + j, 1.0)
        with gl.amd.warp_pipeline_stage("b"):
            gl.store(x_ptr + i, 2.0)


@gluon.jit
def one_stage(x_ptr, n):
    for i in range(n):
        with gl.amd.warp_pipeline_stage("a"):
            # ONE: warp-pipeline.py:[[@LINE-1]]:9: error: 'gluon.warp_pipeline_border' op an inter-wave pipeline needs at least 2 stages, this loop has 1 (each `with warp_pipeline_stage` block is one stage)
            gl.store(x_ptr + i, 1.0)


@gluon.jit
def reduce_inside(x_ptr, n):
    layout: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])
    for i in range(n):
        with gl.amd.warp_pipeline_stage("a"):
            x = gl.load(x_ptr + gl.arange(0, 256, layout))
            total = gl.sum(x, axis=0)
            # REDUCE: warp-pipeline.py:[[@LINE-1]]:{{[0-9]+}}: error: a reduction, scan or layout conversion through shared memory cannot be inside a warp pipeline stage: it waits at a barrier of its own
        with gl.amd.warp_pipeline_stage("b"):
            gl.store(x_ptr + i, total)


@gluon.jit
def conflict_inside(x_ptr, n):
    layout: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])
    smem = gl.allocate_shared_memory(gl.float32, [256], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    for i in range(n):
        with gl.amd.warp_pipeline_stage("a"):
            smem.store(gl.load(x_ptr + gl.arange(0, 256, layout)))
            y = smem.load(layout)
            # CONFLICT: warp-pipeline.py:[[@LINE-1]]:{{[0-9]+}}: error: this shared memory access conflicts with an earlier one of the same warp pipeline stage (or one no border orders): a barrier between them would be inside the stage; split the stage there
        with gl.amd.warp_pipeline_stage("b"):
            gl.store(x_ptr + gl.arange(0, 256, layout), y)
