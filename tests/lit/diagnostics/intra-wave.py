# The rules of intra-wave stages (tlx.warp_pipeline_stage(scope=
# "intra_wave")), each with its diagnostic at the source and no output
# written. The scheduling pass (backends/amd/IntraWaveSchedule.cpp)
# refuses writes, async commits, control flow (a run-time if, a masked
# gl.load, which is a branch on AMD), scalar gl.loads (maybe s_loads),
# other side effects (a barrier) and
# dataflow between the memory reads and the MFMAs; the frontend refuses
# volatile loads anywhere, nesting other than an intra-wave stage in an
# inter-wave one, and pairs of three or not adjacent; the verifier a
# pair's missing partner; the pass a pair that is not one stage of reads
# and one of MFMAs. Priorities and mixed scopes: warp-pipeline.py.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k write_inside -s "*fp16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=WRITE
# RUN: %expect-exit 1 %gluonc %s -k commit_inside -s "*fp16:16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=COMMIT
# RUN: %expect-exit 1 %gluonc %s -k volatile_inside -s "*fp16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=VOLATILE
# RUN: %expect-exit 1 %gluonc %s -k if_inside -s "*fp16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=IF
# RUN: %expect-exit 1 %gluonc %s -k masked_inside -s "*fp16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=MASKED
# RUN: %expect-exit 1 %gluonc %s -k scalar_inside -s "*fp16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=SCALAR
# RUN: %expect-exit 1 %gluonc %s -k barrier_inside -s "*fp16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=BARRIER
# RUN: %expect-exit 1 %gluonc %s -k dataflow -s "*fp16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=DATAFLOW
# RUN: %expect-exit 1 %gluonc %s -k dataflow_back -s "*fp32, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=BACK
# RUN: %expect-exit 1 %gluonc %s -k nested_intra -s "*fp16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=NESTED
# RUN: %expect-exit 1 %gluonc %s -k lonely_pair -s "*fp16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=LONELY
# RUN: %expect-exit 1 %gluonc %s -k three_in_pair -s "*fp16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=THREE
# RUN: %expect-exit 1 %gluonc %s -k pair_apart -s "*fp16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=APART
# RUN: %expect-exit 1 %gluonc %s -k pair_both_reads -s "*fp16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=BOTHREADS
# RUN: %expect-exit 1 %gluonc %s -k pair_mixed_stage -s "*fp16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=PAIRMIXED
# RUN: %expect-exit 1 %gluonc %s -k outside_loop -s "*fp16, i32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=OUTSIDE
# RUN: %expect-exit 1 %gluonc %s -k if_inside -s "*fp16, i32" --arch gfx1250 -o %t 2>&1 | FileCheck %s --check-prefix=GFX1250
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
import triton.language.extra.tlx as tlx

MFMA: gl.constexpr = gl.amd.AMDMFMALayout(3, [32, 32, 8], False, [2, 2])
A: gl.constexpr = gl.DotOperandLayout(0, MFMA, 4)
B: gl.constexpr = gl.DotOperandLayout(1, MFMA, 4)
SMEM: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, [1, 0])
ROWS: gl.constexpr = gl.BlockedLayout([1, 1], [4, 16], [4, 1], [1, 0])
L1: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])


@gluon.jit
def write_inside(x_ptr, n):
    smem = gl.allocate_shared_memory(gl.float16, [64, 16], SMEM)
    x = gl.zeros([64, 16], gl.float16, ROWS)
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave"):
            smem.store(x)
            # WRITE: intra-wave.py:[[@LINE-1]]:{{[0-9]+}}: error: an intra-wave region reads memory only: this 'gluon.local_store' writes memory, and region 'a' cannot hold it (the interleave would reorder it with the reads)


@gluon.jit
def commit_inside(x_ptr, n):
    smem = gl.allocate_shared_memory(gl.float16, [64, 16], SMEM)
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave"):
            gl.amd.cdna3.async_copy.commit_group()
            # COMMIT: intra-wave.py:[[@LINE-1]]:{{[0-9]+}}: error: an async commit_group cannot be in intra-wave region 'a': it closes a group of copies in program order, which the interleave does not keep; commit outside the region
        gl.amd.cdna3.async_copy.wait_group(0)


@gluon.jit
def volatile_inside(x_ptr, n):
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave"):
            x = gl.load(x_ptr + i, volatile=True)
            # VOLATILE: intra-wave.py:[[@LINE-1]]:{{[0-9]+}}: error: {{.*}}volatile
        gl.store(x_ptr, x)


@gluon.jit
def if_inside(x_ptr, n):
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave"):
            # GFX1250: intra-wave.py:[[@LINE-1]]:14: error: tlx.warp_pipeline_stage needs an AMD CDNA --arch (gfx90a, gfx942, gfx950), not gfx1250
            x = gl.load(x_ptr + i + gl.arange(0, 256, L1))
            if i > 2:
                # IF: intra-wave.py:[[@LINE-1]]:{{[0-9]+}}: error: control flow cannot be in intra-wave region 'a': the interleave orders the instructions of one basic block
                x = x + 1
        gl.store(x_ptr + gl.arange(0, 256, L1), x)


@gluon.jit
def masked_inside(x_ptr, n):
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave"):
            x = gl.load(x_ptr + i, mask=i < n)
            # MASKED: intra-wave.py:[[@LINE-1]]:{{[0-9]+}}: error: a masked gl.load becomes a branch on AMD, and control flow cannot be in intra-wave region 'a'; use gl.amd.cdna3/cdna4.buffer_load, whose mask is a select
        gl.store(x_ptr, x)


@gluon.jit
def barrier_inside(x_ptr, n):
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave"):
            x = gl.load(x_ptr + i + gl.arange(0, 256, L1))
            gl.barrier()
            # BARRIER: intra-wave.py:[[@LINE-1]]:{{[0-9]+}}: error: a barrier cannot be in intra-wave region 'a' (gl.barrier(), or one the barrier pass placed between this shared memory access and a conflicting one before it: order them before the region)
        gl.store(x_ptr + gl.arange(0, 256, L1), x)


@gluon.jit
def scalar_inside(x_ptr, n):
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave"):
            x = gl.load(x_ptr + i)
            # SCALAR: intra-wave.py:[[@LINE-1]]:{{[0-9]+}}: error: a scalar gl.load cannot be in intra-wave region 'a': LLVM may make it a scalar-memory load (s_load), which no planned group counts; load it before the region
        gl.store(x_ptr, x)


@gluon.jit
def dataflow(x_ptr, n):
    a_smem = gl.allocate_shared_memory(gl.float16, [64, 16], SMEM)
    b_smem = gl.allocate_shared_memory(gl.float16, [16, 64], SMEM)
    acc = gl.zeros([64, 64], gl.float32, MFMA)
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave"):
            a = a_smem.load(A)
            b = b_smem.load(B)
            acc = gl.amd.cdna3.mfma(a, b, acc)
            # DATAFLOW: intra-wave.py:[[@LINE-1]]:{{[0-9]+}}: error: in intra-wave region 'a' this MFMA uses a value the region's memory reads load (line [[@LINE-3]]): the two streams must be independent for the scheduler to interleave them; load it an iteration (or a stage) earlier
    gl.store(x_ptr, gl.sum(gl.sum(acc, 1), 0).to(gl.float16))


@gluon.jit
def dataflow_back(x_ptr, n):
    a_smem = gl.allocate_shared_memory(gl.float16, [64, 16], SMEM)
    b_smem = gl.allocate_shared_memory(gl.float16, [16, 64], SMEM)
    a = a_smem.load(A)
    b = b_smem.load(B)
    acc = gl.zeros([64, 64], gl.float32, MFMA)
    y = gl.zeros([64, 64], gl.float32, MFMA)
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave"):
            acc = gl.amd.cdna3.mfma(a, b, acc)
            y = gl.amd.cdna3.buffer_load(x_ptr, acc.to(gl.int32))
            # BACK: intra-wave.py:[[@LINE-1]]:{{[0-9]+}}: error: in intra-wave region 'a' this memory read depends on an MFMA of the region (line [[@LINE-2]]): the two streams must be independent
    gl.store(x_ptr, gl.sum(gl.sum(y, 1), 0))


@gluon.jit
def nested_intra(x_ptr, n):
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave"):
            with tlx.warp_pipeline_stage("b", scope="intra_wave"):
                # NESTED: intra-wave.py:[[@LINE-1]]:13: error: warp_pipeline_stage blocks do not nest: each is one stage of the loop around it (only an intra-wave stage may be inside an inter-wave one)
                x = gl.load(x_ptr + i)


@gluon.jit
def lonely_pair(x_ptr, n):
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave", pair=0):
            # LONELY: intra-wave.py:[[@LINE-1]]:9: error: 'gluon.intra_wave_begin' op pair 0 has no partner: a pair joins two adjacent intra-wave stages, one of memory operations and one of MFMAs
            x = gl.load(x_ptr + i)
        gl.store(x_ptr, x)


@gluon.jit
def three_in_pair(x_ptr, n):
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave", pair=1):
            x = gl.load(x_ptr + i)
        with tlx.warp_pipeline_stage("b", scope="intra_wave", pair=1):
            y = gl.load(x_ptr + i + 1)
        with tlx.warp_pipeline_stage("c", scope="intra_wave", pair=1):
            # THREE: intra-wave.py:[[@LINE-1]]:9: error: pair 1 has 3 stages; a pair joins two
            z = gl.load(x_ptr + i + 2)
        gl.store(x_ptr, x + y + z)


@gluon.jit
def pair_apart(x_ptr, n):
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave", pair=1):
            x = gl.load(x_ptr + i)
        with tlx.warp_pipeline_stage("b", scope="intra_wave"):
            y = gl.load(x_ptr + i + 1)
        with tlx.warp_pipeline_stage("c", scope="intra_wave", pair=1):
            # APART: intra-wave.py:[[@LINE-1]]:9: error: the two stages of pair 1 are not adjacent
            z = gl.load(x_ptr + i + 2)
        gl.store(x_ptr, x + y + z)


@gluon.jit
def pair_both_reads(x_ptr, n):
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave", pair=2):
            x = gl.load(x_ptr + i + gl.arange(0, 256, L1))
        with tlx.warp_pipeline_stage("b", scope="intra_wave", pair=2):
            # BOTHREADS: intra-wave.py:[[@LINE-1]]:9: error: pair 2 needs one stage of memory reads and one of MFMAs; its stages hold no MFMAs
            y = gl.load(x_ptr + i + 1 + gl.arange(0, 256, L1))
        gl.store(x_ptr + gl.arange(0, 256, L1), x + y)


@gluon.jit
def pair_mixed_stage(x_ptr, n):
    a_smem = gl.allocate_shared_memory(gl.float16, [64, 16], SMEM)
    b_smem = gl.allocate_shared_memory(gl.float16, [16, 64], SMEM)
    a = a_smem.load(A)
    b = b_smem.load(B)
    acc = gl.zeros([64, 64], gl.float32, MFMA)
    x = gl.load(x_ptr + gl.arange(0, 256, L1))
    for i in range(n):
        with tlx.warp_pipeline_stage("a", scope="intra_wave", pair=0):
            # PAIRMIXED: intra-wave.py:[[@LINE-1]]:9: error: stage 'a' of pair 0 holds both memory reads and MFMAs: a pair is one stage of reads and one of MFMAs (or write one stage without pair=)
            x = gl.load(x_ptr + i + gl.arange(0, 256, L1))
            acc = gl.amd.cdna3.mfma(a, b, acc)
        with tlx.warp_pipeline_stage("b", scope="intra_wave", pair=0):
            acc = gl.amd.cdna3.mfma(a, b, acc)
    gl.store(x_ptr, gl.sum(gl.sum(acc, 1), 0).to(gl.float16) + gl.sum(x, 0))


@gluon.jit
def outside_loop(x_ptr, n):
    with tlx.warp_pipeline_stage("a", scope="intra_wave"):
        # OUTSIDE: intra-wave.py:[[@LINE-1]]:5: error: a warp_pipeline_stage block must be directly in the body of a run-time 'for' loop
        x = gl.load(x_ptr)
    gl.store(x_ptr, x)
