"""Copy a 2-D tensor through shared memory with TMA: out[:, :] = in[:, :].

Each program moves one block: a TMA load into shared memory, tracked by an
mbarrier (the barrier expects the block's bytes; the load counts them down),
then a TMA store of the same buffer. Out-of-bounds rows and columns of the
last blocks read zeros and are not written, so any shape works. The two
descriptors carry the block shape, the dtype and the NVMMA layout:

    gluonc samples/tma_copy.py -k tma_copy_kernel \\
        -s "tensordesc<fp16[128, 128]>, tensordesc<fp16[128, 128]>" -o out/

Triton runs the same kernel with host TensorDescriptors of that block.
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import mbarrier, tma


@gluon.jit
def tma_copy_kernel(in_desc, out_desc):
    BLOCK_M: gl.constexpr = in_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = in_desc.block_type.shape[1]
    off_m = gl.program_id(0) * BLOCK_M
    off_n = gl.program_id(1) * BLOCK_N

    smem = gl.allocate_shared_memory(in_desc.dtype, in_desc.block_type.shape,
                                     in_desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)

    mbarrier.expect(bar, in_desc.block_type.nbytes)
    tma.async_copy_global_to_shared(in_desc, [off_m, off_n], bar, smem)
    mbarrier.wait(bar, phase=0)
    mbarrier.invalidate(bar)

    tma.async_copy_shared_to_global(out_desc, [off_m, off_n], smem)
    tma.store_wait(pendings=0)
