# Kernels whose parameters mix tensor descriptors with other parameters, for
# the metadata tests (tests/lit/driver/tensordesc.test).
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import mbarrier, tma


@gluon.jit
def load_block(desc, coord):
    smem = gl.allocate_shared_memory(desc.dtype, desc.block_type.shape, desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    mbarrier.expect(bar, desc.block_type.nbytes)
    tma.async_copy_global_to_shared(desc, coord, bar, smem)
    mbarrier.wait(bar, 0)
    mbarrier.invalidate(bar)


@gluon.jit
def two_descs(a_desc, n, b_desc, out, BLOCK: gl.constexpr):
    load_block(a_desc, [n, 0])
    load_block(b_desc, [0, n])
    gl.store(out + gl.arange(0, BLOCK, gl.BlockedLayout([1], [32], [4], [0])), a_desc.shape[0])


# Triton main's names: tma.async_load / async_store, mbarrier.expect's
# bytes_per_cta.
@gluon.jit
def main_names(in_desc, out_desc):
    smem = gl.allocate_shared_memory(in_desc.dtype, in_desc.block_type.shape, in_desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    mbarrier.expect(bar, bytes_per_cta=in_desc.block_type.nbytes)
    tma.async_load(in_desc, [0, 0], bar, smem)
    mbarrier.wait(bar, 0)
    mbarrier.invalidate(bar)
    tma.async_store(out_desc, [0, 0], smem)
    tma.store_wait(0)


@gluon.jit
def rank3(desc, n):
    load_block(desc, [n, n, 0])
