# gl.NVMMADistributedLayout: the accumulator layout of mma.sync ([2, 0]) and
# wgmma ([3, 0]). Tensors take it like any layout (its linear layout is the
# PTX ISA's fragment; tests/unit/Layout checks it), convert to others and
# print as Gluon writes it. Misuse is reported at the call.
# RUN: rm -rf %t
# RUN: %gluonc %s -k accumulate -s "*fp32:16" --emit gluon-ir,ptx -o %t
# RUN: FileCheck %s --input-file %t/accumulate.sm_90a.gluon.mlir --check-prefix=IR
# RUN: %gluonc %s -k show -s "*fp32:16" -o %t 2>&1 | FileCheck %s --check-prefix=PRINT
# RUN: %expect-exit 1 %gluonc %s -k bad_version -s "*fp32:16" -o %t 2>&1 | FileCheck %s --check-prefix=VERSION
# RUN: %expect-exit 1 %gluonc %s -k bad_n -s "*fp32:16" -o %t 2>&1 | FileCheck %s --check-prefix=N
# RUN: %expect-exit 1 %gluonc %s -k half_warpgroup -s "*fp32:16" -w 2 -o %t 2>&1 | FileCheck %s --check-prefix=WARPGROUP
# RUN: %expect-exit 1 %gluonc %s -k accumulate -s "*fp32:16" -w 8 -o %t 2>&1 | FileCheck %s --check-prefix=WARPS
# RUN: %expect-exit 1 %gluonc %s -k accumulate -s "*fp32:16" -w 1 --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=AMD
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

ACC = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 64, 16])
ROWS = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])


@gluon.jit
def accumulate(out_ptr):
    acc = gl.full([64, 64], 1.0, gl.float32, ACC)
    out = gl.convert_layout(acc, ROWS)
    rows = gl.arange(0, 64, layout=gl.SliceLayout(1, ROWS))
    cols = gl.arange(0, 64, layout=gl.SliceLayout(0, ROWS))
    gl.store(out_ptr + rows[:, None] * 64 + cols[None, :], out)

# IR: #nvmma = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
# IR: tensor<64x64xf32, #nvmma>


@gluon.jit
def show(out_ptr):
    gl.static_print(ACC)
    # PRINT: NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 64, 16])


@gluon.jit
def bad_version(out_ptr):
    gl.NVMMADistributedLayout(version=[1, 0], warps_per_cta=[4, 1], instr_shape=[16, 8])
    # VERSION: nvmma-layout.py:[[@LINE-1]]:5: error: invalid NVMMADistributedLayout: not supported yet: NVMMADistributedLayout version other than [2, 0] (Ampere's mma) or [3, 0] (Hopper's wgmma)


@gluon.jit
def bad_n(out_ptr):
    gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 96, 16])
    # N: nvmma-layout.py:[[@LINE-1]]:5: error: invalid NVMMADistributedLayout: a wgmma's N (instr_shape[1]) must be a power of two from 8 to 256, got 96


@gluon.jit
def half_warpgroup(out_ptr):
    gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[2, 1], instr_shape=[16, 64, 16])
    # WARPGROUP: nvmma-layout.py:[[@LINE-1]]:5: error: invalid NVMMADistributedLayout: a wgmma accumulator is computed by warpgroups of 4 warps along M: warps_per_cta[0] must be a multiple of 4, got 2

# WARPS: nvmma-layout.py:17:49: error: warps_per_cta multiplies to 4, but the kernel is compiled with 8 warps (--num-warps)
# AMD: nvmma-layout.py:17:7: error: an NVMMADistributedLayout needs 32-thread warps (an NVIDIA --arch), but gfx942 has 64-thread waves
