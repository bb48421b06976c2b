# `while` with a run-time condition is an scf.while carrying what the body
# changes; with a compile-time condition it is unrolled. break / continue
# work in unrolled loops and are refused in run-time ones, as in Triton.
# RUN: rm -rf %t
# RUN: %gluonc %s -k runtime_while -s "*fp32:16, i32" --emit gluon-ir,ptx -o %t
# RUN: FileCheck %s --check-prefix=WHILE --input-file %t/runtime_while.sm_90a.gluon.mlir
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/runtime_while.sm_90a.ptx -o %t/a.cubin %}
# RUN: %gluonc %s -k unrolled_while -s "*fp32:16, i32" --emit gluon-ir -o %t
# RUN: FileCheck %s --check-prefix=UNROLLED --input-file %t/unrolled_while.sm_90a.gluon.mlir
# RUN: %expect-exit 1 %gluonc %s -k runtime_break -s "*fp32:16, i32" -o %t 2>&1 | FileCheck %s --check-prefix=BREAK
# RUN: %expect-exit 1 %gluonc %s -k while_else -s "*fp32:16, i32" -o %t 2>&1 | FileCheck %s --check-prefix=ELSE
# RUN: %expect-exit 1 %gluonc %s -k tensor_condition -s "*fp32:16, i32" -o %t 2>&1 | FileCheck %s --check-prefix=TENSOR
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

L: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])


@gluon.jit
def runtime_while(p, n):
    offs = gl.arange(0, 128, layout=L)
    acc = gl.load(p + offs)
    i = 0
    while i < n:
        acc = acc * 2.0
        i += 3
    gl.store(p + offs, acc)
    # WHILE: %[[R:.*]]:2 = scf.while (%[[ACC:.*]] = %{{.*}}, %[[I:.*]] = %{{.*}}) : (tensor<128xf32, #blocked>, i32) -> (tensor<128xf32, #blocked>, i32) {
    # WHILE-NEXT: %[[C:.*]] = arith.cmpi slt, %[[I]], %arg1 : i32
    # WHILE-NEXT: scf.condition(%[[C]]) %[[ACC]], %[[I]]
    # WHILE: } do {
    # WHILE: arith.mulf
    # WHILE: arith.addi
    # WHILE: scf.yield
    # WHILE: gluon.store %{{.*}}, %[[R]]#0


@gluon.jit
def unrolled_while(p, n):
    offs = gl.arange(0, 128, layout=L)
    acc = gl.load(p + offs)
    k = 0
    while k < 10:
        k += 1
        if k % 2 == 0:
            continue
        if k == 7:
            break
        acc = acc + k
    gl.store(p + offs, acc)
    # k = 1, 3, 5 add; 7 breaks.
    # UNROLLED-COUNT-3: arith.addf
    # UNROLLED-NOT: arith.addf
    # UNROLLED-NOT: scf.while


@gluon.jit
def runtime_break(p, n):
    i = 0
    while i < n:
        i += 1
        if i == 5:
            break
    # BREAK: while-loops.py:[[@LINE-1]]:13: error: not supported yet: 'break' in a run-time loop
    gl.store(p, i.to(gl.float32))


@gluon.jit
def while_else(p, n):
    i = 0
    while i < n:
        i += 1
    else:
        i = 0
    # ELSE: while-loops.py:[[@LINE-4]]:5: error: not supported yet: 'while ... else' on a run-time loop
    gl.store(p, i.to(gl.float32))


@gluon.jit
def tensor_condition(p, n):
    offs = gl.arange(0, 128, layout=L)
    while offs < n:
        offs += 1
    # TENSOR: while-loops.py:[[@LINE-2]]:11: error: the condition of a 'while' loop must be a scalar, got
