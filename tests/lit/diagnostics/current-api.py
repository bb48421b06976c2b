# Names of upstream Gluon's current API that gluonc does not implement get
# "not supported yet" with the reason at their use, never "unknown name"
# (frontend/eval/Expressions.cpp, describeMissing).
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k map_elementwise -o %t 2>&1 | FileCheck %s --check-prefix=MAP
# RUN: %expect-exit 1 %gluonc %s -k device_descriptor -o %t 2>&1 | FileCheck %s --check-prefix=DESC
# RUN: %expect-exit 1 %gluonc %s -k tma_reduction -o %t 2>&1 | FileCheck %s --check-prefix=ATOMIC
# RUN: %expect-exit 1 %gluonc %s -k cluster_barrier -o %t 2>&1 | FileCheck %s --check-prefix=CLUSTER
# RUN: %expect-exit 1 %gluonc %s -k scaled_mfma --arch gfx950 -o %t 2>&1 | FileCheck %s --check-prefix=SCALED
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import tma
from triton.experimental.gluon.language.nvidia import hopper
from triton.experimental.gluon.language.amd import cdna4


@gluon.jit
def map_elementwise():
    f = gl.map_elementwise
    # MAP: current-api.py:[[@LINE-1]]:12: error: not supported yet: 'triton.experimental.gluon.language.map_elementwise' (elementwise functions of several tensors are not implemented; write them with tensor operators)


@gluon.jit
def device_descriptor():
    d = tma.make_tensor_descriptor
    # DESC: current-api.py:[[@LINE-1]]:13: error: not supported yet: 'triton.experimental.gluon.language.nvidia.hopper.tma.make_tensor_descriptor' (tensor descriptors made in the kernel are not implemented; pass a tensordesc<...> parameter, whose map the host encodes)


@gluon.jit
def tma_reduction():
    f = tma.async_atomic_add
    # ATOMIC: current-api.py:[[@LINE-1]]:13: error: not supported yet: 'triton.experimental.gluon.language.nvidia.hopper.tma.async_atomic_add' (TMA reductions are not implemented)


@gluon.jit
def cluster_barrier():
    hopper.cluster.barrier()
    # CLUSTER: current-api.py:[[@LINE-1]]:12: error: not supported yet: 'triton.experimental.gluon.language.nvidia.hopper.cluster' (gluonc compiles one CTA per cluster (multi-CTA))


@gluon.jit
def scaled_mfma():
    f = cdna4.mfma_scaled
    # SCALED: current-api.py:[[@LINE-1]]:15: error: not supported yet: 'triton.experimental.gluon.language.amd.cdna4.mfma_scaled' (scaled MFMA (mxfp) is not implemented)
