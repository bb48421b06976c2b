# Aggregates through run-time control flow: a `for` loop carries the fields
# of an aggregate that it reassigns (only those that change; a field the
# loop leaves alone stays the value from before the loop), nested loops
# carry it through both, an `if` yields the fields its branches set
# differently, a `while` loop carries it through its condition and body,
# and tuples are carried element by element the same way.
# RUN: %gluonc %s -k accumulate -s "*fp32, i32" --emit gluon-ir -o %t
# RUN: FileCheck %s --check-prefix=FOR --input-file %t/accumulate.sm_90a.gluon.mlir
# RUN: %gluonc %s -k nested -s "*fp32, i32, i32" --emit gluon-ir -o %t
# RUN: FileCheck %s --check-prefix=NESTED --input-file %t/nested.sm_90a.gluon.mlir
# RUN: %gluonc %s -k choose -s "*fp32, i32" --emit gluon-ir -o %t
# RUN: FileCheck %s --check-prefix=IF --input-file %t/choose.sm_90a.gluon.mlir
# RUN: %gluonc %s -k countdown -s "*i32, i32" --emit gluon-ir -o %t
# RUN: FileCheck %s --check-prefix=WHILE --input-file %t/countdown.sm_90a.gluon.mlir
# RUN: %gluonc %s -k pairs -s "*i32, i32" --emit gluon-ir -o %t
# RUN: FileCheck %s --check-prefix=TUPLE --input-file %t/pairs.sm_90a.gluon.mlir
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.language.core import _aggregate as aggregate

LAYOUT = gl.BlockedLayout([4], [32], [4], [0])


@aggregate
class Accumulator:
    acc: gl.tensor
    steps: gl.tensor
    base: gl.tensor

    @gluon.constexpr_function
    def __init__(self, acc, steps, base):
        self.acc = acc
        self.steps = steps
        self.base = base

    @gluon.jit
    def zeros(base):
        return Accumulator(gl.zeros([512], gl.float32, LAYOUT),
                           gl.to_tensor(0), base)

    @gluon.jit
    def add(self, ptr):
        offs = gl.arange(0, 512, layout=LAYOUT)
        values = gl.load(ptr + self.base + offs)
        return Accumulator(self.acc + values, self.steps + 1, self.base)


# `base` does not change: it stays the value computed before the loop.
# FOR-LABEL: func.func @accumulate(
# FOR: %[[BASE:.*]] = arith.muli %arg1, %{{.*}} : i32
# FOR: %[[ZEROS:.*]] = gluon.splat
# FOR: %[[ZERO:.*]] = arith.constant 0 : i32
# FOR: %[[LOOP:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %arg1 step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZEROS]], %[[STEPS:.*]] = %[[ZERO]]) -> (tensor<512xf32, #blocked>, i32)
# FOR: gluon.addptr %arg0, %[[BASE]]
# FOR: %[[SUM:.*]] = arith.addf %[[ACC]], %{{.*}} : tensor<512xf32, #blocked>
# FOR: %[[COUNT:.*]] = arith.addi %[[STEPS]], %{{.*}} : i32
# FOR: scf.yield %[[SUM]], %[[COUNT]] : tensor<512xf32, #blocked>, i32
# FOR: gluon.store %{{.*}}, %[[LOOP]]#0
# FOR: arith.sitofp %[[LOOP]]#1
@gluon.jit
def accumulate(ptr, n):
    state = Accumulator.zeros(n * 512)
    for i in range(n):
        state = state.add(ptr)
    gl.store(ptr + gl.arange(0, 512, layout=LAYOUT), state.acc)
    gl.store(ptr, state.steps.to(gl.float32))


# NESTED-LABEL: func.func @nested(
# NESTED: %[[OUTER:.*]]:2 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[STEPS:.*]] = %{{.*}}) -> (tensor<512xf32, #blocked>, i32)
# NESTED: %[[INNER:.*]]:2 = scf.for {{.*}} iter_args(%[[IACC:.*]] = %[[ACC]], %[[ISTEPS:.*]] = %[[STEPS]]) -> (tensor<512xf32, #blocked>, i32)
# NESTED: arith.addf %[[IACC]]
# NESTED: arith.addi %[[ISTEPS]]
# NESTED: scf.yield
# NESTED: %[[HALF:.*]] = arith.mulf %[[INNER]]#0, %{{.*}} : tensor<512xf32, #blocked>
# NESTED: scf.yield %[[HALF]], %[[INNER]]#1 : tensor<512xf32, #blocked>, i32
# NESTED: gluon.store %{{.*}}, %[[OUTER]]#0
@gluon.jit
def nested(ptr, n, m):
    state = Accumulator.zeros(0)
    for i in range(n):
        for j in range(m):
            state = state.add(ptr)
        state = Accumulator(state.acc * 0.5, state.steps, state.base)
    gl.store(ptr + gl.arange(0, 512, layout=LAYOUT), state.acc)


# Both branches change `acc` (one of them to the same value) and `steps`:
# two results; `base` is the same compile-time 0 in both.
# IF-LABEL: func.func @choose(
# IF: %[[ZEROS:.*]] = gluon.splat
# IF: %[[IF:.*]]:2 = scf.if %{{.*}} -> (tensor<512xf32, #blocked>, i32) {
# IF: %[[SUM:.*]] = arith.addf %[[ZEROS]], %{{.*}}
# IF: %[[ONE:.*]] = arith.addi
# IF: scf.yield %[[SUM]], %[[ONE]] : tensor<512xf32, #blocked>, i32
# IF: } else {
# IF: %[[TWO:.*]] = arith.addi
# IF: scf.yield %[[ZEROS]], %[[TWO]] : tensor<512xf32, #blocked>, i32
# IF: gluon.store %{{.*}}, %[[IF]]#0
# IF: arith.sitofp %[[IF]]#1
@gluon.jit
def choose(ptr, n):
    state = Accumulator.zeros(0)
    if n > 4:
        state = state.add(ptr)
    else:
        state = Accumulator(state.acc, state.steps + 2, state.base)
    gl.store(ptr + gl.arange(0, 512, layout=LAYOUT), state.acc)
    gl.store(ptr, state.steps.to(gl.float32))


@aggregate
class Countdown:
    left: gl.tensor
    total: gl.tensor

    @gluon.jit
    def step(self):
        return Countdown(self.left - 1, self.total + self.left)


# WHILE-LABEL: func.func @countdown(
# WHILE: %[[LOOP:.*]]:2 = scf.while (%[[LEFT:.*]] = %arg1, %[[TOTAL:.*]] = %{{.*}}) : (i32, i32) -> (i32, i32) {
# WHILE: %[[TEST:.*]] = arith.cmpi sgt, %[[LEFT]], %{{.*}} : i32
# WHILE: scf.condition(%[[TEST]]) %[[LEFT]], %[[TOTAL]] : i32, i32
# WHILE: ^bb0(%[[L:.*]]: i32, %[[T:.*]]: i32):
# WHILE: %[[DEC:.*]] = arith.subi %[[L]], %{{.*}} : i32
# WHILE: %[[ADD:.*]] = arith.addi %[[T]], %[[L]] : i32
# WHILE: scf.yield %[[DEC]], %[[ADD]] : i32, i32
# WHILE: gluon.store %arg0, %[[LOOP]]#1
@gluon.jit
def countdown(ptr, n):
    c = Countdown(n, gl.to_tensor(0))
    while c.left > 0:
        c = c.step()
    gl.store(ptr, c.total)


# Only the tuple's first element changes: one i32 carried.
# TUPLE-LABEL: func.func @pairs(
# TUPLE: %[[LOOP:.*]] = scf.for %[[I:.*]] = {{.*}} iter_args(%[[FIRST:.*]] = %{{.*}}) -> (i32)
# TUPLE: %[[NEXT:.*]] = arith.addi %[[FIRST]], %[[I]] : i32
# TUPLE: scf.yield %[[NEXT]] : i32
# TUPLE: arith.addi %[[LOOP]], %arg1 : i32
@gluon.jit
def pairs(ptr, n):
    pair = (gl.to_tensor(0), n, 7)
    for i in range(n):
        pair = (pair[0] + i, pair[1], pair[2])
    gl.store(ptr, pair[0] + pair[1] + pair[2])
