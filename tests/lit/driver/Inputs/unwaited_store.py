# A TMA store that no tma.store_wait follows (driver/shared-memory-plan.test).
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import fence_async_shared, tma


@gluon.jit
def unwaited_store(desc):
    smem = gl.allocate_shared_memory(desc.dtype, desc.block_type.shape, desc.layout)
    smem.store(gl.full([64, 64], 1.0, desc.dtype, gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])))
    fence_async_shared()
    tma.async_copy_shared_to_global(desc, [0, 0], smem)
