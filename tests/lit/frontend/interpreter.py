# Compile-time code runs in gluonc's own interpreter, with Python's meaning:
# arbitrary-precision ints, strings (f-strings, %, format, join, split),
# containers, slicing, comprehensions, generator expressions, builtins and
# assert; no file, process or module access.
# RUN: rm -rf %t
# RUN: %gluonc %s -k show -s "*i32" -o %t 2>&1 | FileCheck %s --check-prefix=SHOW
# RUN: %expect-exit 1 %gluonc %s -k failed_assert -s "*i32" -o %t 2>&1 | FileCheck %s --check-prefix=ASSERT
# RUN: %expect-exit 1 %gluonc %s -k reads_file -s "*i32" -o %t 2>&1 | FileCheck %s --check-prefix=OPEN
# RUN: %expect-exit 1 %gluonc %s -k imports -s "*i32" -o %t 2>&1 | FileCheck %s --check-prefix=IMPORT
# RUN: %expect-exit 1 %gluonc %s -k runaway -s "*i32" -o %t 2>&1 | FileCheck %s --check-prefix=STEPS
# RUN: %expect-exit 1 %gluonc %s -k hoarder -s "*i32" -o %t 2>&1 | FileCheck %s --check-prefix=MEMORY
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.constexpr_function
def everything():
    big = 2 ** 100 // 3
    text = (f"{7:04d}|{'x'.join(['a', 'b'])}|{3.5:.2f}" + " %d-%s" % (5, "q") +
            " {}+{}".format(1, 2))
    parts = "a,b,,c".split(",")
    squares = {k: k * k for k in range(4)}
    threes = [x for x in range(10) if x % 3 == 0]
    doubled = tuple(i * 2 for i in range(3))
    sliced = threes[1:3] + threes[::-1][:1]
    pairs = [(i, c) for i, c in enumerate("xy")] + list(zip([1], "z"))
    folds = (sum(v for v in squares.values()), min(3, 1, 2), max(threes),
             abs(-4), len(parts), all([1, 1]), any([0, 0]))
    kinds = isinstance(3, int) and isinstance(gl.float32, gl.dtype)
    return (big, text, parts, squares, threes, doubled, sliced, pairs, folds,
            kinds, "yes" if big > 10 else "no", None)


@gluon.jit
def show(p):
    gl.static_print(everything())
    # SHOW: note: static_print: (422550200076076467165567735125, '0007|axb|3.50 5-q 1+2', ['a', 'b', '', 'c'], {0: 0, 1: 1, 2: 4, 3: 9}, [0, 3, 6, 9], (0, 2, 4), [3, 6, 9], [(0, 'x'), (1, 'y'), (1, 'z')], (14, 1, 9, 4, 4, True, False), True, 'yes', None)
    gl.store(p, 1)


@gluon.constexpr_function
def at_least_four(n):
    assert n > 3, f"n is {n}"
    return n


@gluon.jit
def failed_assert(p):
    N: gl.constexpr = at_least_four(2)
    # ASSERT: interpreter.py:[[@LINE-7]]:5: error: assertion failed: n is 2
    gl.store(p, N)


@gluon.constexpr_function
def read_passwords():
    return open("/etc/passwd").read()
    # OPEN: interpreter.py:[[@LINE-1]]:12: error: unknown name 'open'


@gluon.jit
def reads_file(p):
    X: gl.constexpr = read_passwords()
    gl.store(p, 1)


@gluon.jit
def imports(p):
    X: gl.constexpr = __import__("os")
    # IMPORT: interpreter.py:[[@LINE-1]]:23: error: unknown name '__import__'
    gl.store(p, 1)


@gluon.constexpr_function
def forever(n):
    while True:
        n += 1
    # STEPS: interpreter.py:[[@LINE-1]]:14: error: compile-time evaluation took more than 5000000 steps
    return n


@gluon.jit
def runaway(p):
    X: gl.constexpr = forever(0)
    gl.store(p, X)


@gluon.constexpr_function
def grow():
    x = [0]
    while True:
        x = x + x
    # MEMORY: interpreter.py:[[@LINE-1]]:15: error: compile-time tuples, lists, dicts and sets would hold more than 1048576 elements in total
    return x


@gluon.jit
def hoarder(p):
    X: gl.constexpr = grow()
    gl.store(p, 1)
