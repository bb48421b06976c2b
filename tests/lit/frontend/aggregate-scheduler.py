# An @aggregate tile scheduler in the style of Triton's persistent-matmul
# tutorial: a static-method constructor (Cls.initialize) computes run-time
# fields once, methods (obj.get_tile) are inlined with `self` bound, and
# the scheduler's fields are plain SSA values in the loop that uses them.
# The class can also reach the kernel as a gl.constexpr argument (-D), as
# the tutorial passes SchedulerImpl.
# RUN: %gluonc %s -k tiles -s "*i32, i32, i32" --emit gluon-ir -o %t
# RUN: FileCheck %s --input-file %t/tiles.sm_90a.gluon.mlir
# RUN: %gluonc %s -k tiles_of -s "*i32, i32, i32" -D Scheduler=TileScheduler --emit gluon-ir -o %t/param
# RUN: FileCheck %s --check-prefix=PARAM --input-file %t/param/tiles_of.sm_90a.gluon.mlir
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.language.core import _aggregate as aggregate


@aggregate
class TileScheduler:
    first: gl.tensor
    last: gl.tensor
    tiles_m: gl.tensor

    @gluon.constexpr_function
    def __init__(self, first, last, tiles_m):
        self.first = first
        self.last = last
        self.tiles_m = tiles_m

    @gluon.jit
    def initialize(M, N, BLOCK_M: gl.constexpr, BLOCK_N: gl.constexpr):
        program = gl.program_id(axis=0)
        tiles_m = gl.cdiv(M, BLOCK_M)
        tiles = tiles_m * gl.cdiv(N, BLOCK_N)
        per_program = gl.cdiv(tiles, gl.num_programs(axis=0))
        first = program * per_program
        last = min(first + per_program, tiles)
        return TileScheduler(first, last, tiles_m)

    @gluon.jit
    def get_num_tiles(self):
        return self.last - self.first

    @gluon.jit
    def get_tile(self, idx):
        tile = self.first + idx
        return tile % self.tiles_m, tile // self.tiles_m


# The constructor's fields are the values initialize computed; the loop
# reads them from outside (they are not carried) and get_tile is inlined.
# CHECK-LABEL: func.func @tiles(
# CHECK: %[[PID:.*]] = gluon.program_id 0 : i32
# CHECK: %[[TILES_M:.*]] = arith.divsi %{{.*}} : i32
# CHECK: %[[FIRST:.*]] = arith.muli %[[PID]], %[[PER:.*]] : i32
# CHECK: %[[END:.*]] = arith.addi %[[FIRST]], %[[PER]] : i32
# CHECK: %[[LAST:.*]] = arith.minsi %[[END]], %{{.*}} : i32
# CHECK: %[[COUNT:.*]] = arith.subi %[[LAST]], %[[FIRST]] : i32
# CHECK: scf.for %[[IDX:.*]] = %{{.*}} to %[[COUNT]] step %{{.*}} : i32 {
# CHECK-NEXT: %[[TILE:.*]] = arith.addi %[[FIRST]], %[[IDX]] : i32
# CHECK-NEXT: %[[M:.*]] = arith.remsi %[[TILE]], %[[TILES_M]] : i32
# CHECK-NEXT: %[[N:.*]] = arith.divsi %[[TILE]], %[[TILES_M]] : i32
# CHECK: arith.muli %[[M]], %{{.*}} : i32
# CHECK: gluon.addptr %{{.*}}, %[[N]]
# CHECK: gluon.store %{{.*}}, %[[IDX]]
@gluon.jit
def tiles(out_ptr, M, N):
    scheduler = TileScheduler.initialize(M, N, 128, 64)
    for idx in range(scheduler.get_num_tiles()):
        pid_m, pid_n = scheduler.get_tile(idx)
        gl.store(out_ptr + pid_m * 1024 + pid_n, idx)


# PARAM-LABEL: func.func @tiles_of(
# PARAM: %[[PID:.*]] = gluon.program_id 0 : i32
# PARAM: arith.constant 64 : i32
# PARAM: %[[FIRST:.*]] = arith.muli %[[PID]], %{{.*}} : i32
# PARAM: arith.minsi
# PARAM: scf.for
# PARAM-NEXT: arith.addi %[[FIRST]]
@gluon.jit
def tiles_of(out_ptr, M, N, Scheduler: gl.constexpr):
    scheduler = Scheduler.initialize(M, N, 64, 64)
    for idx in range(scheduler.get_num_tiles()):
        pid_m, pid_n = scheduler.get_tile(idx)
        gl.store(out_ptr + pid_m * 1024 + pid_n, idx)
