# gl.inline_asm and gl.inline_asm_elementwise check their arguments at the
# call (docs/inline-asm.md): the operands the constraints name, the
# constraint tuple's length, what may be an argument and a result type, the
# asm generator, purity with a shared memory descriptor, pack.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k count -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=COUNT
# RUN: %expect-exit 1 %gluonc %s -k tuple_length -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=TUPLE
# RUN: %expect-exit 1 %gluonc %s -k no_layout -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=LAYOUT
# RUN: %expect-exit 1 %gluonc %s -k bad_result -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=RESULT
# RUN: %expect-exit 1 %gluonc %s -k bad_argument -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=ARG
# RUN: %expect-exit 1 %gluonc %s -k jit_generator -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=JIT
# RUN: %expect-exit 1 %gluonc %s -k not_a_string -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=STRING
# RUN: %expect-exit 1 %gluonc %s -k pure_descriptor -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=PURE
# RUN: %expect-exit 1 %gluonc %s -k elementwise_count -s "*fp16" -o %t 2>&1 | FileCheck %s --check-prefix=ECOUNT
# RUN: %expect-exit 1 %gluonc %s -k elementwise_pack -s "*i8" -o %t 2>&1 | FileCheck %s --check-prefix=EPACK
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

L: gl.constexpr = gl.BlockedLayout([4], [32], [4], [0])


@gluon.jit
def count(x_ptr):
    x = gl.load(x_ptr + gl.arange(0, 512, layout=L))
    y = gl.inline_asm("mov.b32 $0, $1;", "=r,r", [x], x.type)
    # COUNT: inline-asm.py:[[@LINE-1]]:42: error: the constraints name 2 operands, but the assembly has 8 (outputs first, one per register)


@gluon.jit
def tuple_length(x_ptr):
    x = gl.load(x_ptr + gl.arange(0, 512, layout=L))
    y = gl.inline_asm("", ("=r",), [x], x.type)
    # TUPLE: inline-asm.py:[[@LINE-1]]:27: error: the constraint tuple has 1 entries, one per logical output and input needs 2


@gluon.jit
def no_layout(x_ptr):
    y = gl.inline_asm("", "=r", [], gl.distributed_type(gl.int32, [512], None))
    # LAYOUT: inline-asm.py:[[@LINE-1]]:74: error: expected a distributed layout such as gl.BlockedLayout(...), got NoneType None


@gluon.jit
def bad_result(x_ptr):
    y = gl.inline_asm("", "=r", [], 3)
    # RESULT: inline-asm.py:[[@LINE-1]]:37: error: a gl.inline_asm result type is a dtype or a distributed type (a tensor's .type or gl.distributed_type(...)), got int 3


@gluon.jit
def bad_argument(x_ptr):
    y = gl.inline_asm("", "=r,r", [[1, 2]], gl.int32)
    # ARG: inline-asm.py:[[@LINE-1]]:35: error: gl.inline_asm arguments are tensors, scalars and shared memory descriptors, got list [1, 2]


@gluon.jit
def jit_helper(outputs, inputs):
    return ""


@gluon.jit
def jit_generator(x_ptr):
    y = gl.inline_asm(jit_helper, "=r", [], gl.int32)
    # JIT: inline-asm.py:[[@LINE-1]]:23: error: gl.inline_asm's asm generator must be a @gluon.constexpr_function: it runs at compile time


@gluon.constexpr_function
def counts(outputs, inputs):
    return len(outputs)


@gluon.jit
def not_a_string(x_ptr):
    y = gl.inline_asm(counts, "=r", [], gl.int32)
    # STRING: inline-asm.py:[[@LINE-1]]:23: error: gl.inline_asm's asm generator must return a string, returned int 1


@gluon.jit
def pure_descriptor(x_ptr):
    smem = gl.allocate_shared_memory(gl.int32, [512], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    y = gl.inline_asm("ld.shared.b32 $0, [$1];", "=r,r", [smem], gl.int32, is_pure=True)
    # PURE: inline-asm.py:[[@LINE-1]]:76: error: gl.inline_asm with a shared memory descriptor argument must not be is_pure=True: the assembly may write through it


@gluon.jit
def elementwise_count(x_ptr):
    x = gl.load(x_ptr + gl.arange(0, 512, layout=L))
    y = gl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r,r", [x], gl.float16, True, 2)
    # ECOUNT: inline-asm.py:[[@LINE-1]]:54: error: the constraints name 3 operands, but each call of the assembly has 2 (outputs first; elements narrower than 32 bits share a register)


@gluon.jit
def elementwise_pack(x_ptr):
    x = gl.load(x_ptr + gl.arange(0, 512, layout=L))
    y = gl.inline_asm_elementwise("", "=r,r", [x], gl.int8, True, 6)
    # EPACK: inline-asm.py:[[@LINE-1]]:67: error: pack 6 does not fill whole 32-bit registers of gl.int8
