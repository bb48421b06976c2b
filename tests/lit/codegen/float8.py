# float8 conversions: through fp32 with sm_89's cvt (round to nearest,
# saturating to the finite range), one register at a time; refused with a
# diagnostic for older targets.
# RUN: rm -rf %t
# RUN: %gluonc %s -k quantize -s "*bf16:16, *fp8e4nv:16, *fp8e5:16, *fp32:16" --emit gluon-ir,ptx -o %t
# RUN: FileCheck %s --check-prefix=IR --input-file %t/quantize.sm_90a.gluon.mlir
# RUN: FileCheck %s --check-prefix=PTX --input-file %t/quantize.sm_90a.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/quantize.sm_90a.ptx -o %t/a.cubin %}
# RUN: %expect-exit 1 %gluonc %s -k quantize -s "*bf16:16, *fp8e4nv:16, *fp8e5:16, *fp32:16" --arch sm_80 -o %t/old 2>&1 | FileCheck %s --check-prefix=OLD
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

L: gl.constexpr = gl.BlockedLayout([4], [32], [4], [0])


@gluon.jit
def quantize(x_ptr, e4_ptr, e5_ptr, out_ptr):
    offs = gl.arange(0, 512, layout=L)
    x = gl.load(x_ptr + offs)
    e4 = x.to(gl.float8e4nv)
    # OLD: float8.py:[[@LINE-1]]:10: error: converting gl.bfloat16 to gl.float8e4nv needs sm_89 or newer, not sm_80
    gl.store(e4_ptr + offs, e4)
    gl.store(e5_ptr + offs, x.to(gl.float8e5))
    gl.store(out_ptr + offs, e4.to(gl.float32) + gl.load(e5_ptr + offs).to(gl.float32))
    # IR: arith.extf %{{.*}} : tensor<512xbf16, #blocked> to tensor<512xf32, #blocked>
    # IR-NEXT: gluon.fp_to_fp %{{.*}} : tensor<512xf32, #blocked> -> tensor<512xf8E4M3FN, #blocked>
    # IR: gluon.fp_to_fp %{{.*}} : tensor<512xf32, #blocked> -> tensor<512xf8E5M2, #blocked>
    # IR: gluon.fp_to_fp %{{.*}} : tensor<512xf8E4M3FN, #blocked> -> tensor<512xf32, #blocked>
    # IR: gluon.fp_to_fp %{{.*}} : tensor<512xf8E5M2, #blocked> -> tensor<512xf32, #blocked>
    # PTX-COUNT-4: cvt.rn.satfinite.e4m3x2.f32
    # PTX: cvt.rn.satfinite.e5m2x2.f32
    # PTX: cvt.rn.f16x2.e4m3x2
    # PTX: cvt.rn.f16x2.e5m2x2
