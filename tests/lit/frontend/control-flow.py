# Compile-time conditions pick a branch; run-time ones become scf.if with the
# changed names as results; range loops carry what they change.
# RUN: %gluonc %s -k kernel -s "*fp32:16, i32, 1" --emit gluon-ir -o %t
# RUN: FileCheck %s --input-file %t/kernel.sm_90a.gluon.mlir
# RUN: %gluonc %s -k counter -s "*i32, i32" --emit gluon-ir -o %t
# RUN: FileCheck %s --check-prefix=COUNTER --input-file %t/counter.sm_90a.gluon.mlir
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

LAYOUT = gl.BlockedLayout([4], [32], [4], [0])


@gluon.jit
def scaled(x, factor: gl.constexpr):
    if factor == 1:
        return x
    return x * factor


@gluon.jit
def kernel(x_ptr, n, MODE: gl.constexpr):
    offs = gl.arange(0, 512, layout=LAYOUT)
    acc = gl.zeros([512], gl.float32, LAYOUT)
    # CHECK: %[[LOOP:.*]] = scf.for %[[I:.*]] = %{{.*}} to %arg1 step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<512xf32, #blocked>)  : i32
    for i in range(0, n, 2):
        acc = acc + gl.load(x_ptr + i * 512 + offs)
        # CHECK: %[[IF:.*]] = scf.if %{{.*}} -> (tensor<512xf32, #blocked>)
        if i > 10:
            acc = acc * 2.0
        # CHECK: scf.yield %{{.*}} : tensor<512xf32, #blocked>
        # CHECK: } else {
        # CHECK: scf.yield
        # CHECK: scf.yield %[[IF]] : tensor<512xf32, #blocked>
    # MODE is 1: the other branch is never looked at, not even its names.
    if MODE == 1:
        out = scaled(acc, 1)
    else:
        out = undefined_name * 3
    # CHECK-NOT: arith.mulf %[[LOOP]]
    # CHECK: gluon.store %{{.*}}, %[[LOOP]]
    gl.store(x_ptr + offs, out)


# A Python number the loop updates becomes a run-time value it carries.
@gluon.jit
def counter(out_ptr, n):
    count = 0
    for i in range(n):
        count += 2
    # COUNTER: %[[R:.*]] = scf.for {{.*}} iter_args(%[[C:.*]] = %{{.*}}) -> (i32)
    # COUNTER: arith.addi %[[C]], %{{.*}} : i32
    # COUNTER: gluon.store %arg0, %[[R]]
    gl.store(out_ptr, count)
