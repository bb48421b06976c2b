# A kernel whose helpers live in other files: a package (lib), a relative
# import inside it (lib/tiles.py), an aggregate class of another file, and
# a package found through -I (include/sched).
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
import lib.helpers
import lib.helpers as h
from lib.helpers import twice, block_for
from lib.tiles import Tile
from sched import grouped
import sched.order as order

SCALE = 100.0


@gluon.jit
def imports_kernel(src_ptr, dst_ptr):
    pid = gl.program_id(0)
    x = gl.load(src_ptr + pid)
    gl.store(dst_ptr + pid, twice(x))
    gl.store(dst_ptr + pid + 1, h.twice(x) + lib.helpers.twice(x))
    gl.store(dst_ptr + pid + 2, x * block_for(3) + SCALE)
    gl.store(dst_ptr + pid + 3, Tile(pid).shifted() + grouped(pid) +
             order.grouped(pid))
