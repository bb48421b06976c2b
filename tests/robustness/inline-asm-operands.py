# Finding 1 of issue 12: a `$` the AsmPrinter cannot read made LLVM abort
# ("LLVM ERROR: Bad $ operand number", a stack dump, exit 134) on both
# vendors. The template is checked at the call, against the operands it has.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k elementwise -s "*i32" -D 'ASM="mov.b32 $0, $-1;"' -o %t 2>&1 | FileCheck %s --check-prefix=NEGATIVE
# RUN: %expect-exit 1 %gluonc %s -k elementwise -s "*i32" -D 'ASM="mov.b32 $0, $-1;"' -D WARP=64 --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=NEGATIVE
# RUN: %expect-exit 1 %gluonc %s -k elementwise -s "*i32" -D 'ASM="mov.b32 $0, $99;"' -o %t 2>&1 | FileCheck %s --check-prefix=RANGE
# RUN: %expect-exit 1 %gluonc %s -k elementwise -s "*i32" -D 'ASM="mov.b32 $0, $99;"' -D WARP=64 --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=RANGE
# RUN: %expect-exit 1 %gluonc %s -k elementwise -s "*i32" -D 'ASM="mov.b32 $0, $x;"' -o %t 2>&1 | FileCheck %s --check-prefix=LETTER
# RUN: %expect-exit 1 %gluonc %s -k elementwise -s "*i32" -D 'ASM="mov.b32 $0, ${"' -o %t 2>&1 | FileCheck %s --check-prefix=BRACE
# RUN: %expect-exit 1 %gluonc %s -k elementwise -s "*i32" -D 'ASM="mov.b32 $0, $1; $"' -o %t 2>&1 | FileCheck %s --check-prefix=TRAILING
# RUN: %expect-exit 1 %gluonc %s -k elementwise -s "*i32" -D 'ASM="mov.b32 $0, $4294967296;"' -o %t 2>&1 | FileCheck %s --check-prefix=HUGE
# RUN: %expect-exit 1 %gluonc %s -k elementwise -s "*i32" -D 'ASM="mov.b32 ${0:c}, $1;"' -o %t 2>&1 | FileCheck %s --check-prefix=MODIFIER
# RUN: %expect-exit 1 %gluonc %s -k elementwise -s "*i32" -D 'ASM="${:bogus} mov.b32 $0, $1;"' -o %t 2>&1 | FileCheck %s --check-prefix=SPECIAL
# RUN: %expect-exit 1 %gluonc %s -k elementwise -s "*i32" -D 'ASM="$( $( $) $)"' -o %t 2>&1 | FileCheck %s --check-prefix=NESTED
# RUN: %expect-exit 1 %gluonc %s -k block -s "*i32" -D 'ASM="mov.b32 $0, $8;"' -o %t 2>&1 | FileCheck %s --check-prefix=BLOCK
# RUN: test ! -e %t
# What the grammar allows compiles: $$, ${N}, ${:uid}, variants.
# RUN: %gluonc %s -k elementwise -s "*i32" -D 'ASM="// $$ ${:uid} $(a$|b$)\nmov.b32 ${0}, $1;"' --emit ptx -o %t
# RUN: FileCheck %s --check-prefix=GOOD < %t/elementwise.sm_90a.ptx
from triton.experimental import gluon
from triton.experimental.gluon import language as gl



@gluon.jit
def elementwise(x_ptr, ASM: gl.constexpr, WARP: gl.constexpr = 32):
    layout: gl.constexpr = gl.BlockedLayout([1], [WARP], [4], [0])
    offsets = gl.arange(0, 4 * WARP, layout=layout)
    x = gl.load(x_ptr + offsets)
    y = gl.inline_asm_elementwise(ASM, "=r,r", [x], dtype=gl.int32, is_pure=True, pack=1)
    # NEGATIVE: inline-asm-operands.py:[[@LINE-1]]:35: error: gl.inline_asm_elementwise's asm: '$' starts an operand reference ($0, ${0}) or an escape ($$ for a literal '$'); got '$-'
    # RANGE: inline-asm-operands.py:[[@LINE-2]]:35: error: gl.inline_asm_elementwise's asm: '$99' names no operand: the assembly has 2 ($0 to $1, outputs first)
    # LETTER: error: gl.inline_asm_elementwise's asm: '$' starts an operand reference ($0, ${0}) or an escape ($$ for a literal '$'); got '$x'
    # BRACE: error: gl.inline_asm_elementwise's asm: '$' starts an operand reference ($0, ${0}) or an escape ($$ for a literal '$'); got '${'
    # TRAILING: error: gl.inline_asm_elementwise's asm: '$' starts an operand reference ($0, ${0}) or an escape ($$ for a literal '$'); got '$'
    # HUGE: error: gl.inline_asm_elementwise's asm: '$4294967296' names no operand: the assembly has 2 ($0 to $1, outputs first)
    # MODIFIER: error: gl.inline_asm_elementwise's asm: operand modifiers ('${0:...}') are not supported: every operand is a register
    # SPECIAL: error: gl.inline_asm_elementwise's asm: '${:bogus}' is not one of ${:uid}, ${:comment} and ${:private}
    # NESTED: error: gl.inline_asm_elementwise's asm: '$(' inside a '$(...$)' group: assembler variants do not nest
    # GOOD: mov.b32 {{%r[0-9]+}}, {{%r[0-9]+}};
    gl.store(x_ptr + offsets, y)


@gluon.jit
def block(x_ptr, ASM: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([4], [32], [4], [0])
    offsets = gl.arange(0, 512, layout=layout)
    x = gl.load(x_ptr + offsets)
    # Four registers out, four in: $0 to $7.
    y = gl.inline_asm(ASM, "=r,=r,=r,=r,r,r,r,r", [x], x.type, is_pure=True)
    # BLOCK: inline-asm-operands.py:[[@LINE-1]]:23: error: gl.inline_asm's asm: '$8' names no operand: the assembly has 8 ($0 to $7, outputs first)
    gl.store(x_ptr + offsets, y)
