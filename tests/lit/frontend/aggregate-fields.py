# What an @aggregate class may declare and how instances are made:
# gl.constexpr fields (compile-time values that pick layouts, unroll
# loops and fold away), fields holding other aggregates (nested, read as
# `outer.inner.field`), class attributes, fields with defaults, the
# dataclass-style constructor of a class without __init__ (by position or
# keyword), a @gluon.jit __init__, isinstance() and an instance's repr.
# RUN: %gluonc %s -k kernel -s "*fp32, i32" --emit gluon-ir -o %t 2>&1 | FileCheck %s --check-prefix=PRINT
# RUN: FileCheck %s --input-file %t/kernel.sm_90a.gluon.mlir
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.language.core import _aggregate as aggregate


@aggregate
class Tile:
    BLOCK: gl.constexpr
    layout: gl.constexpr
    offset: gl.tensor
    REPEAT: gl.constexpr = 2
    SCALE = 0.5

    @gluon.jit
    def offsets(self):
        return self.offset + gl.arange(0, self.BLOCK, layout=self.layout)


@aggregate
class Window:
    tile: Tile
    limit: gl.tensor

    # A @gluon.jit __init__ is inlined like any helper; it may compute.
    @gluon.jit
    def __init__(self, tile, n):
        self.tile = tile
        self.limit = n * 2

    @gluon.jit
    def mask(self):
        return self.tile.offsets() < self.limit


# The layout field picks the tensors' layout, REPEAT (a default) unrolls
# two multiplications by the class attribute SCALE, and the jit __init__
# computes `limit`.
# CHECK: #blocked = #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
# CHECK-LABEL: func.func @kernel(
# CHECK: %[[OFFSET:.*]] = arith.muli %arg1, %{{.*}} : i32
# CHECK: %[[LIMIT:.*]] = arith.muli %arg1, %{{.*}} : i32
# CHECK: gluon.arange 0 to 256 : tensor<256xi32, #blocked>
# CHECK: gluon.splat %[[OFFSET]]
# CHECK: %[[BOUND:.*]] = gluon.splat %[[LIMIT]]
# CHECK: %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %[[BOUND]] : tensor<256xi32, #blocked>
# CHECK: %[[X:.*]] = gluon.load %{{.*}} mask %[[MASK]]
# CHECK: arith.constant 5.000000e-01 : f32
# CHECK: %[[ONCE:.*]] = arith.mulf %[[X]], %{{.*}}
# CHECK: %[[TWICE:.*]] = arith.mulf %[[ONCE]], %{{.*}}
# CHECK-NOT: arith.mulf
# CHECK: gluon.store %{{.*}}, %[[TWICE]] mask %[[MASK]]
@gluon.jit
def kernel(ptr, n):
    tile = Tile(256, layout=gl.BlockedLayout([2], [32], [4], [0]),
                offset=n * 8)
    gl.static_assert(isinstance(tile, Tile))
    gl.static_assert(tile.REPEAT == Tile.REPEAT)
    window = Window(tile, n)
    # PRINT: note: static_print: Window(tile=Tile(BLOCK=256, layout=BlockedLayout(size_per_thread=[2], threads_per_warp=[32], warps_per_cta=[4], order=[0]{{.*}}), offset=scalar<i32>, REPEAT=2), limit=scalar<i32>)
    gl.static_print(window)
    offs = window.tile.offsets()
    mask = window.mask()
    x = gl.load(ptr + offs, mask=mask)
    for r in gl.static_range(window.tile.REPEAT):
        x = x * window.tile.SCALE
    gl.store(ptr + offs, x, mask=mask)
