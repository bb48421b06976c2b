"""Atomics, device assertions and float8 conversions, for
tests/gpu/OpsGpuTest.cpp."""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def histogram_kernel(keys_ptr, bins_ptr, old_ptr, n, BLOCK: gl.constexpr,
                     layout: gl.constexpr):
    # old[i] is the count bins[keys[i]] had before element i was added.
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
    mask = offs < n
    key = gl.load(keys_ptr + offs, mask=mask, other=0)
    old = gl.atomic_add(bins_ptr + key, 1, mask=mask)
    gl.store(old_ptr + offs, old, mask=mask)


@gluon.jit
def extrema_kernel(x_ptr, max_ptr, min_ptr, bits_ptr, n, BLOCK: gl.constexpr,
                   SLOTS: gl.constexpr, layout: gl.constexpr):
    # Float max and min, and integer and / or / xor, per slot i % SLOTS.
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
    mask = offs < n
    x = gl.load(x_ptr + offs, mask=mask)
    slot = offs % SLOTS
    gl.atomic_max(max_ptr + slot, x, mask=mask, sem="relaxed")
    gl.atomic_min(min_ptr + slot, x, mask=mask, scope="gpu")
    bits = x.to(gl.int32, bitcast=True)
    gl.atomic_and(bits_ptr + 3 * slot, bits, mask=mask)
    gl.atomic_or(bits_ptr + 3 * slot + 1, bits, mask=mask)
    gl.atomic_xor(bits_ptr + 3 * slot + 2, bits, mask=mask)


@gluon.jit
def ticket_kernel(counter_ptr, tickets_ptr):
    # One scalar atomic per program: the tickets are 0 .. programs - 1.
    ticket = gl.atomic_add(counter_ptr, 1)
    gl.store(tickets_ptr + gl.program_id(0), ticket)


@gluon.jit
def swap_kernel(x_ptr, y_ptr, old_x_ptr, old_y_ptr, BLOCK: gl.constexpr,
                layout: gl.constexpr):
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
    old = gl.atomic_xchg(x_ptr + offs, offs.to(gl.float32) * 0.5)
    gl.store(old_x_ptr + offs, old)
    # Swaps in -offs where y holds offs (the even elements, by the test).
    wide = offs.to(gl.int64)
    seen = gl.atomic_cas(y_ptr + offs, wide, -wide, sem="acquire")
    gl.store(old_y_ptr + offs, seen)


@gluon.jit
def assert_kernel(x_ptr, limit, BLOCK: gl.constexpr, layout: gl.constexpr):
    offs = gl.arange(0, BLOCK, layout=layout)
    x = gl.load(x_ptr + offs)
    gl.device_assert(x < limit, "x below limit")
    gl.store(x_ptr + offs, x + 1)


@gluon.jit
def float8_kernel(x_ptr, e4_ptr, e5_ptr, e4_back_ptr, e5_back_ptr, n,
                  BLOCK: gl.constexpr, layout: gl.constexpr):
    # fp32 -> float8 (both kinds) -> fp32; the bytes are stored too.
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
    mask = offs < n
    x = gl.load(x_ptr + offs, mask=mask)
    e4 = x.to(gl.float8e4nv)
    e5 = x.to(gl.float8e5)
    gl.store(e4_ptr + offs, e4.to(gl.uint8, bitcast=True), mask=mask)
    gl.store(e5_ptr + offs, e5.to(gl.uint8, bitcast=True), mask=mask)
    gl.store(e4_back_ptr + offs, e4.to(gl.float32), mask=mask)
    gl.store(e5_back_ptr + offs, e5.to(gl.float32), mask=mask)
