# Triton's rules: a literal takes the type of the run-time operand beside it;
# mixed operands are promoted; '/' on integers is a float division; '//' and
# '%' on integers are C-style (divsi/remsi).
# RUN: %gluonc %s -k kernel -s "*i64, i32, u32, fp16" --emit gluon-ir -o %t
# RUN: FileCheck %s --input-file %t/kernel.sm_90a.gluon.mlir
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def kernel(out_ptr, a, b, h):
    # CHECK: %[[C3:.*]] = arith.constant 3 : i32
    # CHECK: arith.addi %arg1, %[[C3]] : i32
    x = a + 3
    # i32 with u32 is u32: comparisons become unsigned.
    # CHECK: arith.cmpi ult, %{{.*}}, %arg2 : i32
    lt = x < b
    # CHECK: arith.sitofp %arg1 : i32 to f32
    # CHECK: arith.sitofp %{{.*}} : i32 to f32
    # CHECK: arith.divf
    q = a / 2
    # CHECK: arith.divsi
    # CHECK: arith.remsi
    r = a // 4 + a % 4
    # fp16 with a Python float stays fp16.
    # CHECK: arith.constant 5.000000e-01 : f16
    # CHECK: arith.mulf %arg3, %{{.*}} : f16
    y = h * 0.5
    # CHECK: arith.extsi %{{.*}} : i32 to i64
    gl.store(out_ptr, r)
    # CHECK: arith.extui %{{.*}} : i1 to i64
    gl.store(out_ptr + 1, lt)
    # CHECK: arith.fptosi %{{.*}} : f16 to i64
    gl.store(out_ptr + 2, y.to(gl.int64))
