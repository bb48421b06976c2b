# Aggregates that hold shared memory descriptors, mbarriers and a tensor
# descriptor: a ring of staging buffers whose methods issue TMA copies and
# wait on the ring's barriers, and a barrier counter (index and phase, run-
# time scalars, with a gl.constexpr ring size) that the loop carries. The
# descriptors are not loop-carried: they stay the values allocated before
# the loop; only the counter's two fields become iter_args.
# RUN: %gluonc %s -k copy_rows -s "tensordesc<fp16[64, 64]>, tensordesc<fp16[64, 64]>, i32" --emit gluon-ir -o %t
# RUN: FileCheck %s --input-file %t/copy_rows.sm_90a.gluon.mlir
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (
    fence_async_shared, mbarrier, tma)
from triton.language.core import _aggregate as aggregate


# No __init__: the constructor takes the fields in order, as a dataclass's.
@aggregate
class Counter:
    index: gl.tensor
    phase: gl.tensor
    num_barriers: gl.constexpr

    @gluon.jit
    def create(phase, num_barriers: gl.constexpr):
        return Counter(gl.to_tensor(0), gl.to_tensor(phase), num_barriers)

    @gluon.jit
    def next(self):
        incr = self.index + 1
        rollover = incr == self.num_barriers
        index = gl.where(rollover, 0, incr)
        phase = gl.where(rollover, self.phase ^ 1, self.phase)
        return Counter(index, phase, self.num_barriers)


@aggregate
class Staging:
    desc: tma.tensor_descriptor
    bufs: gl.shared_memory_descriptor
    bars: gl.shared_memory_descriptor

    @gluon.jit
    def create(desc, NUM: gl.constexpr):
        bufs = gl.allocate_shared_memory(desc.dtype, [NUM, 64, 64],
                                         desc.layout)
        bars = gl.allocate_shared_memory(gl.int64, [NUM, 1],
                                         mbarrier.MBarrierLayout())
        for i in gl.static_range(NUM):
            mbarrier.init(bars.index(i), count=1)
        return Staging(desc, bufs, bars)

    @gluon.jit
    def fetch(self, state, row):
        bar = self.bars.index(state.index)
        mbarrier.expect(bar, self.desc.block_type.nbytes)
        tma.async_copy_global_to_shared(self.desc, [row, 0], bar,
                                        self.bufs.index(state.index))
        mbarrier.wait(bar, state.phase)
        return self.bufs.index(state.index)


# CHECK-LABEL: func.func @copy_rows(
# CHECK: %[[BUFS:.*]] = gluon.local_alloc -> !gluon.memdesc<2x64x64xf16
# CHECK: %[[BARS:.*]] = gluon.local_alloc -> !gluon.memdesc<2x1xi64
# CHECK-COUNT-2: gluon.init_barrier
# CHECK: scf.for %[[I:.*]] = %{{.*}} to %arg10 step %{{.*}} iter_args(%[[INDEX:.*]] = %{{.*}}, %[[PHASE:.*]] = %{{.*}}) -> (i32, i32)
# CHECK: %[[BAR:.*]] = gluon.memdesc_index %[[BARS]][%[[INDEX]]]
# CHECK: gluon.barrier_expect %[[BAR]], 8192
# CHECK: %[[BUF:.*]] = gluon.memdesc_index %[[BUFS]][%[[INDEX]]]
# CHECK: gluon.async_tma_load %arg0[%{{.*}}], %[[BUF]], %[[BAR]]
# CHECK: gluon.wait_barrier %[[BAR]], %[[PHASE]]
# CHECK: gluon.async_tma_store %arg5
# CHECK: %[[NEXT:.*]] = arith.addi %[[INDEX]], %{{.*}} : i32
# CHECK: %[[ROLL:.*]] = arith.cmpi eq, %[[NEXT]], %{{.*}} : i32
# CHECK: %[[NEW_INDEX:.*]] = arith.select %[[ROLL]], %{{.*}}, %[[NEXT]] : i32
# CHECK: %[[FLIP:.*]] = arith.xori %[[PHASE]], %{{.*}} : i32
# CHECK: %[[NEW_PHASE:.*]] = arith.select %[[ROLL]], %[[FLIP]], %[[PHASE]] : i32
# CHECK: scf.yield %[[NEW_INDEX]], %[[NEW_PHASE]] : i32, i32
@gluon.jit
def copy_rows(in_desc, out_desc, n):
    staging = Staging.create(in_desc, 2)
    state = Counter.create(0, 2)
    for i in range(n):
        buf = staging.fetch(state, i * 64)
        fence_async_shared()
        tma.async_copy_shared_to_global(out_desc, [i * 64, 0], buf)
        tma.store_wait(0)
        state = state.next()
