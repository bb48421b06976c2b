# Kernels that once ran away at compile time (issue 12, finding 7); each
# RUN line of limits-*.test picks one with -k.
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def print_a_lot(x_ptr):
    s: gl.constexpr = "x" * (1 << 20)
    for i in gl.static_range(3000):
        gl.static_print(s)


@gluon.jit
def repeat_a_string(x_ptr):
    s: gl.constexpr = "x" * (1 << 20)
    big: gl.constexpr = [s] * 10000
    gl.static_assert(len(big) == 10000)


@gluon.constexpr_function
def distinct_strings(n):
    strings = []
    for i in range(n):
        strings.append("x" * ((1 << 20) - 8) + str(i))
    return len(strings)


@gluon.jit
def many_strings(x_ptr):
    n: gl.constexpr = distinct_strings(300)


@gluon.constexpr_function
def fill(s):
    d = {}
    for i in range(100000):
        d[s] = i
    return len(d)


@gluon.jit
def hash_a_lot(x_ptr):
    n: gl.constexpr = fill("x" * (1 << 20))


@gluon.constexpr_function
def search(n):
    hay = "a" * (1 << 20)
    needle = "a" * (1 << 19) + "b"
    total = 0
    for i in range(n):
        total += hay.find(needle)
    return total


@gluon.jit
def search_a_lot(x_ptr):
    n: gl.constexpr = search(300)


@gluon.jit
def unroll_a_lot(x_ptr, N: gl.constexpr = 20000):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    offs = gl.arange(0, 128, layout=layout)
    acc = gl.zeros([128], gl.float32, layout)
    for i in gl.static_range(N):
        acc += gl.load(x_ptr + offs + i * 128)
    gl.store(x_ptr + offs, acc)
