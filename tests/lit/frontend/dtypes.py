# Element types beyond fp32: fp16 <-> bf16 through fp32, float8 moved as
# bytes (loads, stores, bitcasts), gl.where choosing between pointers.
# RUN: rm -rf %t
# RUN: %gluonc %s -k halfs -s "*fp16:16, *fp16:16" --emit gluon-ir,ptx -o %t
# RUN: FileCheck %s --check-prefix=HALF --input-file %t/halfs.sm_90a.gluon.mlir
# RUN: %gluonc %s -k fp8copy -s "*fp8e4nv:16, *fp8e4nv:16" --emit ptx -o %t
# RUN: FileCheck %s --check-prefix=FP8 --input-file %t/fp8copy.sm_90a.ptx
# RUN: %gluonc %s -k fp8bits -s "*fp8e5:16, *i8:16" --emit gluon-ir -o %t
# RUN: FileCheck %s --check-prefix=BITS --input-file %t/fp8bits.sm_90a.gluon.mlir
# RUN: %gluonc %s -k ptrwhere -s "*fp32:16, *fp32:16, i32" --emit gluon-ir,ptx -o %t
# RUN: FileCheck %s --check-prefix=WHERE --input-file %t/ptrwhere.sm_90a.gluon.mlir
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/halfs.sm_90a.ptx -o %t/a.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/fp8copy.sm_90a.ptx -o %t/b.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/ptrwhere.sm_90a.ptx -o %t/c.cubin %}
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

L: gl.constexpr = gl.BlockedLayout([4], [32], [4], [0])


@gluon.jit
def halfs(src, dst):
    offs = gl.arange(0, 512, layout=L)
    v = gl.load(src + offs)
    # HALF: %[[W:.*]] = arith.extf %{{.*}} : tensor<512xf16, #blocked> to tensor<512xf32, #blocked>
    # HALF-NEXT: %[[B:.*]] = arith.truncf %[[W]] : tensor<512xf32, #blocked> to tensor<512xbf16, #blocked>
    # HALF-NEXT: arith.extf %[[B]] : tensor<512xbf16, #blocked> to tensor<512xf32, #blocked>
    gl.store(dst + offs, v.to(gl.bfloat16).to(gl.float16))


@gluon.jit
def fp8copy(src, dst):
    offs = gl.arange(0, 512, layout=L)
    # Four fp8 elements a thread: one 4-byte access each way.
    # FP8: ld.global.b32
    # FP8: st.global.b32
    gl.store(dst + offs, gl.load(src + offs))


@gluon.jit
def fp8bits(src, dst):
    offs = gl.arange(0, 512, layout=L)
    v = gl.load(src + offs)
    # BITS: arith.bitcast %{{.*}} : tensor<512xf8E5M2, #blocked> to tensor<512xi8, #blocked>
    gl.store(dst + offs, v.to(gl.int8, bitcast=True))


@gluon.jit
def ptrwhere(a, b, n):
    offs = gl.arange(0, 512, layout=L)
    # WHERE: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<512xi1, #blocked>, tensor<512x!gluon.ptr<f32>, #blocked>
    p = gl.where(offs < n, a + offs, b + offs)
    gl.store(p, offs.to(gl.float32))
