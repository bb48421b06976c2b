"""Inline assembly, for tests/gpu/AsmGpuTest.cpp.

Each kernel covers BLOCK elements per program with masks; `layout` gives
every thread 4 consecutive elements (8 for the generator kernel), so the
registers that one call of the assembly sees are consecutive elements.
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl

L4 = gl.BlockedLayout([4], [32], [4], [0])
L8 = gl.BlockedLayout([8], [32], [4], [0])


@gluon.jit
def fma_kernel(a_ptr, b_ptr, c_ptr, out_ptr, n, BLOCK: gl.constexpr = 512,
               layout: gl.constexpr = L4):
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
    mask = offs < n
    a = gl.load(a_ptr + offs, mask=mask)
    b = gl.load(b_ptr + offs, mask=mask)
    c = gl.load(c_ptr + offs, mask=mask)
    d = gl.inline_asm_elementwise("fma.rn.f32 $0, $1, $2, $3;", "=r,r,r,r",
                                  [a, b, c], dtype=gl.float32, is_pure=True,
                                  pack=1)
    gl.store(out_ptr + offs, d, mask=mask)


@gluon.jit
def e4m3_pairs_kernel(x_ptr, out_ptr, n, BLOCK: gl.constexpr = 512,
                      layout: gl.constexpr = L4):
    # Elements 2k and 2k+1 both get e4m3(x[2k]) | e4m3(x[2k+1]) << 8.
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
    mask = offs < n
    x = gl.load(x_ptr + offs, mask=mask, other=0.0)
    pair = gl.inline_asm_elementwise(
        "{\n.reg .b16 p;\ncvt.rn.satfinite.e4m3x2.f32 p, $2, $1;\n"
        "mov.b32 $0, {p, p};\n}",
        "=r,r,r", [x], dtype=gl.int16, is_pure=True, pack=2)
    gl.store(out_ptr + offs, pair, mask=mask)


@gluon.jit
def byte_reverse_kernel(x_ptr, out_ptr, n, BLOCK: gl.constexpr = 512,
                        layout: gl.constexpr = L4):
    # Each group of 4 consecutive int8 reversed: one prmt per 4 elements.
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
    mask = offs < n
    x = gl.load(x_ptr + offs, mask=mask, other=0)
    y = gl.inline_asm_elementwise("prmt.b32 $0, $1, 0, 0x0123;", "=r,r", [x],
                                  dtype=gl.int8, is_pure=True, pack=4)
    gl.store(out_ptr + offs, y, mask=mask)


@gluon.jit
def wide_multiply_kernel(x_ptr, lo_ptr, hi_ptr, n, BLOCK: gl.constexpr = 512,
                         layout: gl.constexpr = L4):
    # Two results from one input: the low and high words of x * 2654435761.
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
    mask = offs < n
    x = gl.load(x_ptr + offs, mask=mask)
    lo, hi = gl.inline_asm_elementwise(
        "mul.lo.u32 $0, $2, 2654435761;\nmul.hi.u32 $1, $2, 2654435761;",
        "=r,=r,r", [x], dtype=(gl.int32, gl.int32), is_pure=True, pack=1)
    gl.store(lo_ptr + offs, lo, mask=mask)
    gl.store(hi_ptr + offs, hi, mask=mask)


@gluon.constexpr_function
def running_sum(outputs, inputs):
    # out[i] = bias + x[0] + ... + x[i] over the thread's registers.
    out, = outputs
    x, bias = inputs
    lines = [f"add.s32 {out[0]}, {x[0]}, {bias[0]};"]
    for i in range(1, len(out)):
        lines.append(f"add.s32 {out[i]}, {out[i - 1]}, {x[i]};")
    return "\n".join(lines)


@gluon.jit
def running_sum_kernel(x_ptr, out_ptr, bias, BLOCK: gl.constexpr = 1024,
                       layout: gl.constexpr = L8):
    # One assembly block per thread over its 8 registers.
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
    x = gl.load(x_ptr + offs)
    y = gl.inline_asm(running_sum, ("=&r", "r", "r"), [x, bias], x.type,
                      is_pure=True)
    gl.store(out_ptr + offs, y)


@gluon.constexpr_function
def gather_shared(outputs, inputs):
    # out[i] = the int at index idx[i] of the view that starts at base.
    out, = outputs
    base, idx = inputs
    lines = []
    for dst, i in zip(out, idx):
        lines.append("{\n.reg .b32 a;\n"
                     f"shl.b32 a, {i}, 2;\nadd.u32 a, a, {base[0]};\n"
                     f"ld.shared.b32 {dst}, [a];\n}}")
    return "\n".join(lines)


@gluon.jit
def shared_read_kernel(x_ptr, out_ptr, BLOCK: gl.constexpr = 512,
                       layout: gl.constexpr = L4):
    # out[i] = x[256 + (i * 7) % 256], read by ld.shared through the
    # descriptor of the upper half.
    offs = gl.arange(0, BLOCK, layout=layout)
    smem = gl.allocate_shared_memory(gl.int32, [BLOCK],
                                     gl.SwizzledSharedLayout(1, 1, 1, [0]))
    smem.store(gl.load(x_ptr + offs))
    gl.barrier()
    idx = (offs * 7) % 256
    y = gl.inline_asm(gather_shared, ("=r", "r", "r"), [smem.slice(256, 256), idx],
                      idx.type)
    gl.store(out_ptr + offs, y)


@gluon.jit
def replicated_kernel(x_ptr, out_ptr, BLOCK: gl.constexpr = 64,
                      layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])):
    # 64 elements in a 128-thread layout: every element in two threads, one
    # register each, so pack=4 pads every call with three zeros.
    offs = gl.arange(0, BLOCK, layout=layout)
    x = gl.load(x_ptr + offs)
    y = gl.inline_asm_elementwise(
        "add.s32 $0, $4, 1;\nadd.s32 $1, $5, 1;\nadd.s32 $2, $6, 1;\n"
        "add.s32 $3, $7, 1;",
        "=r,=r,=r,=r,r,r,r,r", [x], dtype=gl.int32, is_pure=True, pack=4)
    gl.store(out_ptr + offs, y)
