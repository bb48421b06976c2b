# Finding 3 of issue 12: LLVM's assembler obeys `.incbin` and `.include`,
# so AMD inline assembly could copy a host file into the hsaco, print it in
# a diagnostic, read /dev/zero until memory ran out, or hang on a FIFO.
# Directives that read files, and those that can build their names
# (.macro, .irp, .irpc), are refused on both vendors, in any case.
# RUN: rm -rf %t && mkdir -p %t/out
# RUN: mkfifo %t/fifo
# RUN: %expect-exit 1 timeout 60 %gluonc %s -k kernel -s "*i32" -D 'ASM=".incbin \"/etc/passwd\""' -D WARP=64 --arch gfx942 -o %t/out 2>&1 | FileCheck %s --check-prefix=INCBIN
# RUN: %expect-exit 1 timeout 60 %gluonc %s -k kernel -s "*i32" -D 'ASM=".incbin \"/etc/passwd\""' -o %t/out 2>&1 | FileCheck %s --check-prefix=INCBIN
# RUN: %expect-exit 1 timeout 60 %gluonc %s -k kernel -s "*i32" -D 'ASM=".incbin \"/dev/zero\""' -D WARP=64 --arch gfx942 -o %t/out 2>&1 | FileCheck %s --check-prefix=INCBIN
# RUN: %expect-exit 1 timeout 60 %gluonc %s -k kernel -s "*i32" -D 'ASM=".include \"%t/fifo\""' -D WARP=64 --arch gfx942 -o %t/out 2>&1 | FileCheck %s --check-prefix=INCLUDE
# RUN: %expect-exit 1 timeout 60 %gluonc %s -k kernel -s "*i32" -D 'ASM="s_nop 0\n  .INCLUDE \"/etc/passwd\""' -D WARP=64 --arch gfx942 -o %t/out 2>&1 | FileCheck %s --check-prefix=UPPER
# RUN: %expect-exit 1 timeout 60 %gluonc %s -k kernel -s "*i32" -D 'ASM=".irp d, incbin\n.\\d \"/etc/passwd\"\n.endr"' -D WARP=64 --arch gfx942 -o %t/out 2>&1 | FileCheck %s --check-prefix=IRP
# RUN: %expect-exit 1 timeout 60 %gluonc %s -k kernel -s "*i32" -D 'ASM=".macro m d\n.\\d \"/etc/passwd\"\n.endm\nm incbin"' -D WARP=64 --arch gfx942 -o %t/out 2>&1 | FileCheck %s --check-prefix=MACRO
# RUN: test -z "$(ls -A %t/out)"
# An instruction modifier that merely starts like one is not a directive.
# RUN: %gluonc %s -k kernel -s "*i32" -D 'ASM="// .includes .macros"' --emit ptx -o %t/ok
from triton.experimental import gluon
from triton.experimental.gluon import language as gl



@gluon.jit
def kernel(x_ptr, ASM: gl.constexpr, WARP: gl.constexpr = 32):
    layout: gl.constexpr = gl.BlockedLayout([1], [WARP], [4], [0])
    offsets = gl.arange(0, 4 * WARP, layout=layout)
    x = gl.load(x_ptr + offsets)
    gl.inline_asm(ASM, "r", [x])
    # INCBIN: inline-asm-files.py:[[@LINE-1]]:19: error: gl.inline_asm's asm: the directive '.incbin' is not allowed in inline assembly: it reads a file of the machine that compiles
    # INCLUDE: error: gl.inline_asm's asm: the directive '.include' is not allowed in inline assembly: it reads a file of the machine that compiles
    # UPPER: error: gl.inline_asm's asm: the directive '.include' is not allowed
    # IRP: error: gl.inline_asm's asm: the directive '.irp' is not allowed in inline assembly: its body can build directives that read files
    # MACRO: error: gl.inline_asm's asm: the directive '.macro' is not allowed in inline assembly: its body can build directives that read files
