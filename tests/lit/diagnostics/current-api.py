# Names of upstream Gluon's current API that gluonc does not implement get
# "not supported yet" with the reason at their use, never "unknown name"
# (frontend/eval/Expressions.cpp, describeMissing).
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k map_elementwise -o %t 2>&1 | FileCheck %s --check-prefix=MAP
# RUN: %expect-exit 1 %gluonc %s -k device_descriptor -o %t 2>&1 | FileCheck %s --check-prefix=DESC
# RUN: %expect-exit 1 %gluonc %s -k tma_reduction -o %t 2>&1 | FileCheck %s --check-prefix=ATOMIC
# RUN: %expect-exit 1 %gluonc %s -k cluster_barrier -o %t 2>&1 | FileCheck %s --check-prefix=CLUSTER
# RUN: %expect-exit 1 %gluonc %s -k scaled_mfma --arch gfx950 -o %t 2>&1 | FileCheck %s --check-prefix=SCALED
# RUN: %expect-exit 1 %gluonc %s -k gather -o %t 2>&1 | FileCheck %s --check-prefix=GATHER
# RUN: %expect-exit 1 %gluonc %s -k histogram -o %t 2>&1 | FileCheck %s --check-prefix=HIST
# RUN: %expect-exit 1 %gluonc %s -k ordered_atomics -o %t 2>&1 | FileCheck %s --check-prefix=ATOMLOAD
# RUN: %expect-exit 1 %gluonc %s -k ordered_store -o %t 2>&1 | FileCheck %s --check-prefix=ATOMSTORE
# RUN: %expect-exit 1 %gluonc %s -k cache_policy -o %t 2>&1 | FileCheck %s --check-prefix=POLICY
# RUN: %expect-exit 1 %gluonc %s -k allocate_barrier -o %t 2>&1 | FileCheck %s --check-prefix=MBAR
# RUN: %expect-exit 1 %gluonc %s -k bulk_store -o %t 2>&1 | FileCheck %s --check-prefix=BULK
# RUN: %expect-exit 1 %gluonc %s -k gfx1250_module --arch gfx950 -o %t 2>&1 | FileCheck %s --check-prefix=CDNA5
# RUN: %expect-exit 1 %gluonc %s -k scale_layout --arch gfx950 -o %t 2>&1 | FileCheck %s --check-prefix=SCALELAYOUT
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import tma
from triton.experimental.gluon.language.nvidia import hopper
from triton.experimental.gluon.language.amd import cdna4
from triton.experimental.gluon.language import amd


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


@gluon.jit
def gather():
    f = gl.gather
    # GATHER: current-api.py:[[@LINE-1]]:12: error: not supported yet: 'triton.experimental.gluon.language.gather' (gathers along an axis are not implemented)


@gluon.jit
def histogram():
    f = gl.histogram
    # HIST: current-api.py:[[@LINE-1]]:12: error: not supported yet: 'triton.experimental.gluon.language.histogram' (histograms are not implemented)


@gluon.jit
def ordered_atomics():
    f = gl.atomic_load
    # ATOMLOAD: current-api.py:[[@LINE-1]]:12: error: not supported yet: 'triton.experimental.gluon.language.atomic_load' (ordered atomic loads are not implemented; gl.atomic_add(ptr, 0, sem=...) reads atomically)


@gluon.jit
def ordered_store():
    f = gl.atomic_store
    # ATOMSTORE: current-api.py:[[@LINE-1]]:12: error: not supported yet: 'triton.experimental.gluon.language.atomic_store' (ordered atomic stores are not implemented; gl.atomic_xchg stores atomically)


@gluon.jit
def cache_policy():
    f = gl.CachePolicy
    # POLICY: current-api.py:[[@LINE-1]]:12: error: not supported yet: 'triton.experimental.gluon.language.CachePolicy' (cache policies are not implemented; load and store take cache_modifier= and eviction_policy=)


@gluon.jit
def allocate_barrier():
    f = hopper.mbarrier.allocate_mbarrier
    # MBAR: current-api.py:[[@LINE-1]]:25: error: not supported yet: 'triton.experimental.gluon.language.nvidia.hopper.mbarrier.allocate_mbarrier' (use allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout()))


@gluon.jit
def bulk_store():
    f = hopper.bulk
    # BULK: current-api.py:[[@LINE-1]]:16: error: not supported yet: 'triton.experimental.gluon.language.nvidia.hopper.bulk' (bulk copies without a tensor map are not implemented; use tma)


@gluon.jit
def gfx1250_module():
    f = amd.cdna5
    # CDNA5: current-api.py:[[@LINE-1]]:13: error: not supported yet: 'triton.experimental.gluon.language.amd.cdna5' (gfx1250's module is not implemented; gfx1250 kernels use the core language and gl.amd)


@gluon.jit
def scale_layout():
    f = cdna4.get_mfma_scale_layout
    # SCALELAYOUT: current-api.py:[[@LINE-1]]:15: error: not supported yet: 'triton.experimental.gluon.language.amd.cdna4.get_mfma_scale_layout' (scaled MFMA (mxfp) is not implemented)
