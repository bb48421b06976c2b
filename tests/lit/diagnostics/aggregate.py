# Misuses of @aggregate classes: each is an error at its source location,
# with a note at the declaration it concerns.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k unknown_field -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: %expect-exit 1 %gluonc %s -k assign_outside -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=ASSIGN
# RUN: %expect-exit 1 %gluonc %s -k missing_field -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: %expect-exit 1 %gluonc %s -k too_many -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=TOO-MANY
# RUN: %expect-exit 1 %gluonc %s -k too_many_fields -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=TOO-MANY-FIELDS
# RUN: %expect-exit 1 %gluonc %s -k missing_arg -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=MISSING-ARG
# RUN: %expect-exit 1 %gluonc %s -k unknown_keyword -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=KEYWORD
# RUN: %expect-exit 1 %gluonc %s -k not_aggregate -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=PLAIN
# RUN: %expect-exit 1 %gluonc %s -k undeclared -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=UNDECLARED
# RUN: %expect-exit 1 %gluonc %s -k constexpr_field -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=CONSTEXPR
# RUN: %expect-exit 1 %gluonc %s -k read_early -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=EARLY
# RUN: %expect-exit 1 %gluonc %s -k init_returns -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=RETURNS
# RUN: %expect-exit 1 %gluonc %s -k host_method -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=HOST
# RUN: %expect-exit 1 %gluonc %s -k base_class -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=BASE
# RUN: %expect-exit 1 %gluonc %s -k local_class -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=LOCAL
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.language.core import _aggregate as aggregate


@aggregate
class Pair:
    first: gl.tensor
    second: gl.tensor

    @gluon.constexpr_function
    def __init__(self, first, second):
        self.first = first
        self.second = second

    def helper(self):
        return self.first


@aggregate
class Point:
    x: gl.tensor
    y: gl.tensor


@gluon.jit
def unknown_field(n):
    p = Pair(n, n)
    q = p.frist
    # UNKNOWN: aggregate.py:[[@LINE-1]]:11: error: 'Pair' has no field or method 'frist'
    # UNKNOWN: note: 'Pair' is defined here


@gluon.jit
def assign_outside(n):
    p = Pair(n, n)
    p.first = n + 1
    # ASSIGN: aggregate.py:[[@LINE-1]]:7: error: cannot assign to field 'first' of 'Pair' outside its constructor: an aggregate never changes once made; make a new 'Pair' instead
    # ASSIGN: aggregate.py:{{[0-9]+}}:5: note: 'first' is declared here


@aggregate
class Partial:
    a: gl.tensor
    b: gl.tensor

    @gluon.constexpr_function
    def __init__(self, a):
        self.a = a


@gluon.jit
def missing_field(n):
    p = Partial(n)
    # MISSING: aggregate.py:[[@LINE-1]]:9: error: the constructor of 'Partial' did not set field 'b'
    # MISSING: aggregate.py:[[@LINE-11]]:5: note: 'b' is declared here


@gluon.jit
def too_many(n):
    p = Pair(n, n, n)
    # TOO-MANY: aggregate.py:[[@LINE-1]]:9: error: 'Pair' takes 2 arguments but 3 were given
    # TOO-MANY: note: 'Pair' is defined here


@gluon.jit
def too_many_fields(n):
    p = Point(n, n, n)
    # TOO-MANY-FIELDS: aggregate.py:[[@LINE-1]]:21: error: 'Point' takes 2 arguments (one for each field) but 3 were given


@gluon.jit
def missing_arg(n):
    p = Point(n)
    # MISSING-ARG: aggregate.py:[[@LINE-1]]:9: error: missing argument 'y' in call to 'Point'
    # MISSING-ARG: note: 'y' is declared here


@gluon.jit
def unknown_keyword(n):
    p = Point(x=n, z=n)
    # KEYWORD: aggregate.py:[[@LINE-1]]:20: error: 'Point' has no field 'z'; fields are the annotated names of the class body ('z: gl.tensor', 'z: gl.constexpr')


class Host:
    value: int


@gluon.jit
def not_aggregate(n):
    h = Host(n)
    # PLAIN: aggregate.py:[[@LINE-1]]:9: error: class 'Host' is not an @aggregate; kernels can use only classes decorated with @aggregate (from triton.language.core import _aggregate as aggregate)
    # PLAIN: aggregate.py:[[@LINE-8]]:7: note: 'Host' is defined here


@aggregate
class Loose:
    a: gl.tensor

    @gluon.constexpr_function
    def __init__(self, a):
        self.a = a
        self.extra = a


@gluon.jit
def undeclared(n):
    l = Loose(n)
    # UNDECLARED: aggregate.py:[[@LINE-6]]:14: error: 'Loose' has no field 'extra'; fields are the annotated names of the class body ('extra: gl.tensor', 'extra: gl.constexpr')
    # UNDECLARED: note: 'Loose' is defined here


@aggregate
class Config:
    BLOCK: gl.constexpr


@gluon.jit
def constexpr_field(n):
    c = Config(n)
    # CONSTEXPR: aggregate.py:[[@LINE-1]]:16: error: field 'BLOCK' of 'Config' is a gl.constexpr, but the value is a run-time scalar
    # CONSTEXPR: aggregate.py:[[@LINE-7]]:5: note: 'BLOCK' is declared here


@aggregate
class Early:
    a: gl.tensor
    b: gl.tensor

    @gluon.constexpr_function
    def __init__(self, a):
        self.a = self.b
        self.b = a


@gluon.jit
def read_early(n):
    e = Early(n)
    # EARLY: aggregate.py:[[@LINE-7]]:23: error: field 'b' of 'Early' is read before the constructor sets it


@aggregate
class Returns:
    a: gl.tensor

    @gluon.constexpr_function
    def __init__(self, a):
        self.a = a
        return a


@gluon.jit
def init_returns(n):
    r = Returns(n)
    # RETURNS: aggregate.py:[[@LINE-1]]:9: error: the __init__ of 'Returns' returned a scalar; it must return None


@gluon.jit
def host_method(n):
    p = Pair(n, n)
    p.helper()
    # HOST: aggregate.py:[[@LINE-1]]:5: error: 'helper' is not a @gluon.jit function


@aggregate
class Derived(Pair):
    extra: gl.tensor


@gluon.jit
def base_class(n):
    d = Derived(n)
    # BASE: aggregate.py:[[@LINE-7]]:15: error: not supported yet: base classes of a class
    # BASE: aggregate.py:[[@LINE-2]]:9: note: 'Derived' is used here


@gluon.jit
def local_class(n):
    @aggregate
    class Inner:
        a: gl.tensor
    # LOCAL: aggregate.py:[[@LINE-2]]:5: error: not supported yet: classes defined inside a function; define the @aggregate class at module level
