# gl.associative_scan, gl.cumsum, gl.cumprod and gl.cummax become gluon.scan
# with the combine function inlined in its region; permute, reshape, join and split
# get the layouts Gluon infers: blocked from blocked where one fits, the
# slice's parent when a join undoes a split, linear otherwise.
# RUN: %gluonc %s -k scans -s "*fp32, *i8, *bf16" --emit gluon-ir -o %t
# RUN: FileCheck %s --input-file %t/scans.sm_90a.gluon.mlir
# RUN: %gluonc %s -k shapes -s "*fp32" --emit gluon-ir -o %t
# RUN: FileCheck %s --check-prefix=SHAPE --input-file %t/shapes.sm_90a.gluon.mlir
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

ROWS = gl.BlockedLayout([1, 4], [1, 32], [4, 1], [1, 0])
PAIRS = gl.BlockedLayout([1, 2], [32, 1], [4, 1], [1, 0])


@gluon.jit
def add(a, b):
    return a + b


@gluon.jit
def argmax_combine(va, ia, vb, ib):
    take_b = vb >= va
    return gl.where(take_b, vb, va), gl.where(take_b, ib, ia)


@gluon.jit
def scans(x_ptr, i8_ptr, bf_ptr):
    rows = gl.arange(0, 8, layout=gl.SliceLayout(1, ROWS))
    cols = gl.arange(0, 128, layout=gl.SliceLayout(0, ROWS))
    offs = rows[:, None] * 128 + cols[None, :]
    # CHECK: %[[X:.*]] = gluon.load
    x = gl.load(x_ptr + offs)
    # CHECK: gluon.scan %[[X]] {axis = 1 : i32} : tensor<8x128xf32, #blocked> -> tensor<8x128xf32, #blocked> {
    # CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
    # CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
    # CHECK-NEXT: gluon.scan.return %[[S]] : f32
    a = gl.associative_scan(x, 1, add)
    # A negative axis counts from the end.
    # CHECK: gluon.scan %[[X]] {axis = 0 : i32, reverse}
    b = gl.associative_scan(x, -2, add, reverse=True)
    # A tuple scans together; the combine function sees the earlier values
    # first.
    # CHECK: gluon.scan %[[X]], %{{.*}} {axis = 1 : i32} : tensor<8x128xf32, #blocked>, tensor<8x128xi32, #blocked> -> tensor<8x128xf32, #blocked>, tensor<8x128xi32, #blocked> {
    # CHECK-NEXT: ^bb0(%[[VA:.*]]: f32, %[[IA:.*]]: i32, %[[VB:.*]]: f32, %[[IB:.*]]: i32):
    # CHECK-NEXT: %[[TAKE:.*]] = arith.cmpf oge, %[[VB]], %[[VA]] : f32
    # CHECK-NEXT: %[[V:.*]] = arith.select %[[TAKE]], %[[VB]], %[[VA]] : f32
    # CHECK-NEXT: %[[I:.*]] = arith.select %[[TAKE]], %[[IB]], %[[IA]] : i32
    # CHECK-NEXT: gluon.scan.return %[[V]], %[[I]] : f32, i32
    v, i = gl.associative_scan((x, offs), 1, argmax_combine)
    # cumsum accumulates narrow integers in 32 bits and bf16 in fp32, as
    # Triton's does; cumprod multiplies.
    # CHECK: %[[WIDE:.*]] = arith.extsi %{{.*}} : tensor<8x128xi8, #blocked> to tensor<8x128xi32, #blocked>
    # CHECK-NEXT: gluon.scan %[[WIDE]] {axis = 1 : i32} : tensor<8x128xi32, #blocked>
    # CHECK: arith.addi %{{.*}}, %{{.*}} : i32
    c = gl.cumsum(gl.load(i8_ptr + offs), axis=1)
    # CHECK: %[[F32:.*]] = arith.extf %{{.*}} : tensor<8x128xbf16, #blocked> to tensor<8x128xf32, #blocked>
    # CHECK-NEXT: gluon.scan %[[F32]] {axis = 0 : i32, reverse}
    d = gl.load(bf_ptr + offs).cumsum(0, reverse=True)
    # CHECK: gluon.scan %[[X]] {axis = 1 : i32}
    # CHECK-NEXT: ^bb0
    # CHECK-NEXT: arith.mulf
    e = x.cumprod(1)
    # CHECK: %[[F64:.*]] = arith.extf %[[X]] : tensor<8x128xf32, #blocked> to tensor<8x128xf64, #blocked>
    # CHECK-NEXT: gluon.scan %[[F64]] {axis = 1 : i32} : tensor<8x128xf64, #blocked>
    f = gl.cumsum(x, 1, dtype=gl.float64)
    # gl.cummax: NaN-ignoring on floats as gl.maximum, signed on integers.
    # CHECK: gluon.scan %[[X]] {axis = 0 : i32, reverse}
    # CHECK-NEXT: ^bb0
    # CHECK-NEXT: arith.maxnumf
    g = gl.cummax(x, 0, reverse=True)
    # CHECK: gluon.scan %{{.*}} {axis = 1 : i32} : tensor<8x128xi8, #blocked>
    # CHECK-NEXT: ^bb0
    # CHECK-NEXT: arith.maxsi %{{.*}}, %{{.*}} : i8
    h = gl.cummax(gl.load(i8_ptr + offs), axis=1)
    gl.store(x_ptr + offs, a + b + v + i + c + d + e + f + g + h)


@gluon.jit
def shapes(x_ptr):
    # SHAPE-DAG: #[[ROWS:blocked]] = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
    # SHAPE-DAG: #[[COLS:blocked[0-9]+]] = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
    # SHAPE-DAG: #[[JOINED:blocked[0-9]+]] = #gluon.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
    # SHAPE-DAG: #[[FLAT:blocked[0-9]+]] = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
    # SHAPE-DAG: #[[CUBE:blocked[0-9]+]] = #gluon.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
    # SHAPE-DAG: #[[PAIRS:blocked[0-9]+]] = #gluon.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
    # SHAPE-DAG: #[[COLUMNS:linear[0-9]*]] = #gluon.linear<{register = {{\[\[}}8], [16], [4]], lane = {{\[\[}}32], [64], [128], [256], [512]], warp = {{\[\[}}1], [2]], block = [], shape = [1024]}>
    rows = gl.arange(0, 8, layout=gl.SliceLayout(1, ROWS))
    cols = gl.arange(0, 128, layout=gl.SliceLayout(0, ROWS))
    # SHAPE: %[[X:.*]] = gluon.load
    x = gl.load(x_ptr + rows[:, None] * 128 + cols[None, :])
    # Permuting a blocked layout permutes its fields; x.trans() swaps two.
    # SHAPE: %[[T:.*]] = gluon.permute %[[X]] {order = array<i32: 1, 0>} : tensor<8x128xf32, #[[ROWS]]> -> tensor<128x8xf32, #[[COLS]]>
    # SHAPE: gluon.permute %[[X]] {order = array<i32: 1, 0>} : tensor<8x128xf32, #[[ROWS]]> -> tensor<128x8xf32, #[[COLS]]>
    t = gl.permute(x, (1, 0))
    u = x.trans()
    # join puts the pair in two registers of a thread; split takes it out.
    # SHAPE: %[[J:.*]] = gluon.join %[[X]], %{{.*}} : tensor<8x128xf32, #[[ROWS]]> -> tensor<8x128x2xf32, #[[JOINED]]>
    # SHAPE: %{{.*}}, %{{.*}} = gluon.split %[[J]] : tensor<8x128x2xf32, #[[JOINED]]> -> tensor<8x128xf32, #[[ROWS]]>
    j = gl.join(x, x + 1.0)
    first, second = gl.split(j)
    # Row-major reshapes of this layout are blocked; a column-major
    # flattening is not.
    # SHAPE: gluon.reshape %[[X]] : tensor<8x128xf32, #[[ROWS]]> -> tensor<1024xf32, #[[FLAT]]>
    # SHAPE: gluon.reshape %[[X]] : tensor<8x128xf32, #[[ROWS]]> -> tensor<8x4x32xf32, #[[CUBE]]>
    # SHAPE: gluon.reshape %[[T]] : tensor<128x8xf32, #[[COLS]]> -> tensor<1024xf32, #[[COLUMNS]]>
    flat = gl.reshape(x, [1024])
    cube = x.reshape(8, 4, 32)
    columns = t.reshape(1024)
    # Joining two halves of PAIRS's split gives PAIRS back.
    # SHAPE: gluon.join %{{.*}}, %{{.*}} : tensor<128xi32, #{{.*}}> -> tensor<128x2xi32, #[[PAIRS]]>
    half = gl.arange(0, 128, layout=gl.SliceLayout(1, PAIRS))
    pairs = gl.join(half, half * 2)
    # A same-shape reshape and an identity permute change nothing.
    # SHAPE-NOT: gluon.reshape
    # SHAPE-NOT: gluon.permute
    same = gl.permute(x.reshape(8, 128), 0, 1)
    gl.store(x_ptr + rows[:, None] * 128 + cols[None, :], first + second + same)
