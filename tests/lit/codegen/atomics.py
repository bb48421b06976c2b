# Atomics: one PTX atom per element a thread owns, under its mask bit, with
# Gluon's sem and scope; float max/min through integer atomics on the bits;
# a scalar atomic in thread 0, its old value shared through shared memory.
# RUN: rm -rf %t
# RUN: %gluonc %s -k histogram -s "*i32:16, *i32:16, *fp32:16, i32" --emit gluon-ir,ptx -o %t
# RUN: FileCheck %s --check-prefix=IR --input-file %t/histogram.sm_90a.gluon.mlir
# RUN: FileCheck %s --check-prefix=PTX --input-file %t/histogram.sm_90a.ptx
# RUN: %gluonc %s -k counter -s "*i32:16, *u32:16" --emit ptx,cubin,json -o %t
# RUN: FileCheck %s --check-prefix=SCALAR --input-file %t/counter.sm_90a.ptx
# RUN: FileCheck %s --check-prefix=JSON --input-file %t/counter.sm_90a.json
# RUN: %gluonc %s -k swap -s "*fp32:16, *i64:16" --emit ptx -o %t
# RUN: FileCheck %s --check-prefix=SWAP --input-file %t/swap.sm_90a.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/histogram.sm_90a.ptx -o %t/a.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/counter.sm_90a.ptx -o %t/b.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/swap.sm_90a.ptx -o %t/c.cubin %}
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

L: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])


@gluon.jit
def histogram(bins, keys, values, n):
    offs = gl.arange(0, 128, layout=L)
    mask = offs < n
    key = gl.load(keys + offs, mask=mask, other=0)
    old = gl.atomic_add(bins + key, 1, mask=mask)
    gl.atomic_max(values + key, offs.to(gl.float32) - 64.0, sem="relaxed",
                  scope="cta")
    gl.atomic_xor(bins + offs, old, sem="release", scope="sys")
    # IR: gluon.atomic_rmw "add" {{.*}} mask {{.*}} {scope = "gpu", sem = "acq_rel"}
    # IR: gluon.atomic_rmw "max" {{.*}} {scope = "cta", sem = "relaxed"}
    # IR: gluon.atomic_rmw "xor" {{.*}} {scope = "sys", sem = "release"}
    # PTX: @%p{{[0-9]+}} atom.acq_rel.gpu.global.add.u32 %r{{[0-9]+}}, [%rd{{[0-9]+}}], %r{{[0-9]+}};
    # A non-negative float is maxed as signed bits, a negative one minned
    # as unsigned bits.
    # PTX: atom.relaxed.cta.global.max.s32
    # PTX: atom.relaxed.cta.global.min.u32
    # PTX: atom.release.sys.global.xor.b32


@gluon.jit
def counter(count, ucount):
    ticket = gl.atomic_add(count, 1)
    gl.atomic_min(ucount, ticket.to(gl.uint32))
    gl.store(count + 1, ticket)
    # Thread 0 alone; then everyone reads the old value back.
    # SCALAR: setp.eq.b32 [[FIRST:%p[0-9]+]], %r{{[0-9]+}}, 0;
    # SCALAR: @[[FIRST]] atom.acq_rel.gpu.global.add.u32
    # SCALAR: st.shared
    # SCALAR: bar.sync 0;
    # SCALAR: ld.shared.b32
    # SCALAR: atom.acq_rel.gpu.global.min.u32
    # An old value nobody reads is not handed round.
    # SCALAR-NOT: bar.sync
    # JSON: "shared_bytes": 16


@gluon.jit
def swap(x, y):
    offs = gl.arange(0, 128, layout=L)
    gl.atomic_xchg(x + offs, 1.5)
    gl.atomic_cas(y + offs, offs.to(gl.int64), -1, sem="acquire")
    # SWAP: atom.acq_rel.gpu.global.exch.b32
    # SWAP: atom.acquire.gpu.global.cas.b64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}};
