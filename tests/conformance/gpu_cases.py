"""How tests/conformance/gpu_check.py launches each Hopper kernel of the conformance corpus: the grid and
the run-time arguments the upstream host code would pass for the signature cases.py gives (its constexprs,
num_warps), at sizes of at most a few MiB per buffer, read from each kernel's code and its host function or
test (see each note).
"""
# Each entry: (file, kernel) -> dict(
#   grid=(x,) or (x, y) or (x, y, z): ints, the launch grid the upstream host code would use for these sizes;
#   args=[...]: one entry per RUN-TIME parameter of the signature, in order (constexpr parameters are NOT listed):
#       ("rand", count)   a new buffer of `count` elements of the pointer's dtype, random (floats: standard normal; ints: 0..99)
#       ("zeros", count)  zero-filled buffer
#       ("empty", count)  buffer filled with 0xFF bytes (an output the kernel writes)
#       ("desc", [dim0, dim1, ...])  a tensor descriptor over a new random row-major tensor of that GLOBAL shape (dtype, block shape and layout come from the signature)
#       ("desc_empty", [dims...])    same, the tensor filled with 0xFF bytes (an output)
#       a Python int or float     the value of a scalar parameter
#   tol=(rtol, atol)   ONLY where two correct runs may round differently: float reductions in a different order, MMA/dot products, fast math (fast_expf etc.), divisions; omit for copies and exact integer/elementwise work
#   note="..."         optional: what was chosen and why (e.g. sizes from which parametrization)
#   ref="matmul"|"add" where Triton 3.6 cannot build the source: the torch reference of the last buffer
#                      (matmul: C = A @ B in fp32, stored in C's dtype; add: C = A + B)
#   skip="..."         a kernel upstream only compiles and that cannot run: why
# )
#
# Strides are in elements. TMA tensors keep every row a multiple of 16 bytes; where a TMA box runs past the
# tensor (sizes not multiples of the block), TMA zero-fills the load and clips the store, as upstream's
# tests rely on.

# fp16 matmul results stored as fp16: one fp16 rounding of an fp32 sum whose order may differ.
_MM_F16 = (1e-2, 1e-1)

GPU_CASES = {
    # ------------------------------------------------------------------ 01-intro.py (num_warps=1)
    ("01-intro.py", "copy_scalar_kernel"): dict(
        grid=(1,),
        args=[("rand", 1), ("empty", 1)],
        note="copy_scalar(): grid (1,); in_ptr, out_ptr each one element (test: a 1-element tensor)"),
    ("01-intro.py", "memcpy_kernel"): dict(
        grid=(8,),
        args=[("rand", 500), ("empty", 500), 500],
        note="test_memcpy xnumel=500, XBLOCK=64: grid cdiv(500, 64) = 8; the last program's loop is clamped "
             "to xnumel"),
    ("01-intro.py", "memcpy_kernel_autotune"): dict(
        grid=(5,),
        args=[("rand", 10000), ("empty", 10000), 10000],
        note="autotune config XBLOCK=2048 (the signature's): grid(META) = cdiv(10000, 2048) = 5; xnumel not a "
             "multiple of XBLOCK so the clamp runs"),
    # ------------------------------------------------------------------ 02-layouts.py (num_warps=4)
    ("02-layouts.py", "memcpy_1d_kernel"): dict(
        grid=(3,),
        args=[("rand", 5000), ("empty", 5000), 5000],
        note="memcpy_1d_impl with XBLOCK=2048 (the __main__ value in the signature): grid cdiv(5000, 2048) = 3; "
             "masked by offsets < xnumel"),
    ("02-layouts.py", "memcpy_2d_kernel"): dict(
        grid=(64, 2),
        args=[("rand", 64 * 3000), ("empty", 64 * 3000), 64, 3000, 3000, 3000],
        note="memcpy_2d_impl, XBLOCK=1, YBLOCK=2048 (signature), a contiguous [64, 3000] input and output: "
             "runtime args xnumel, ynumel, xstride_in, xstride_out (ystride_in = ystride_out = 1 are constexprs); "
             "grid (cdiv(64, 1), cdiv(3000, 2048)) = (64, 2); the y mask cuts the second block"),
    ("02-layouts.py", "memcpy_2d_inout_kernel"): dict(
        grid=(3, 4),
        args=[("rand", 300 * 400), ("empty", 300 * 400), 300, 400, 400, 300],
        note="test_memcpy_2d_inout (300, 400), transpose_in=False, transpose_out=True: input contiguous "
             "[300, 400] (strides 400, 1), output torch.empty((400, 300)).T (strides 1, 300), matching the "
             "signature's constexpr ystride_in = xstride_out = 1 and layouts; runtime args xnumel, ynumel, "
             "xstride_in=400, ystride_out=300; grid (cdiv(300, 128), cdiv(400, 128)) = (3, 4)"),
    # ------------------------------------------------------------------ 03-async-copy.py (num_warps=4)
    ("03-async-copy.py", "memcpy_1d_cpasync_kernel"): dict(
        grid=(3,),
        args=[("rand", 20000), ("empty", 20000), 20000],
        note="memcpy_1d_cpasync default XBLOCK=8192 (signature): grid cdiv(20000, 8192) = 3; masked cp.async"),
    ("03-async-copy.py", "elementwise_add_kernel"): dict(
        grid=(10,),
        args=[("rand", 300 * 1000), ("rand", 300 * 1000), ("empty", 300 * 1000), 300, 1000, 1000, 1000, 1000],
        note="elementwise_add defaults XBLOCK=32, YBLOCK=64 on contiguous [300, 1000] A, B, C (test uses "
             "[1000, 2000], 8 MiB a buffer): runtime args xnumel, ynumel, xstride_a, xstride_b, xstride_c (the "
             "y strides are the constexpr 1); grid cdiv(300, 32) = 10"),
    ("03-async-copy.py", "elementwise_add_cpasync_kernel"): dict(
        grid=(10,),
        args=[("rand", 300 * 1000), ("rand", 300 * 1000), ("empty", 300 * 1000), 300, 1000, 1000, 1000, 1000],
        note="as elementwise_add_kernel: XBLOCK=32, YBLOCK=64, contiguous [300, 1000]; grid cdiv(300, 32) = 10"),
    ("03-async-copy.py", "elementwise_add_pipelined_kernel"): dict(
        grid=(10,),
        args=[("rand", 300 * 1000), ("rand", 300 * 1000), ("empty", 300 * 1000), 300, 1000, 1000, 1000, 1000],
        note="elementwise_add_pipelined defaults XBLOCK=32, YBLOCK=64, num_buffers=2, contiguous [300, 1000]; "
             "grid cdiv(300, 32) = 10; cdiv(1000, 64) = 16 y blocks, the last masked"),
    # ------------------------------------------------------------------ 04-tma.py
    ("04-tma.py", "memcpy_1d_tma_kernel"): dict(
        grid=(8,),
        args=[("desc", [500]), ("desc_empty", [500])],
        note="test_memcpy_1d_tma XBLOCK=64, xnumel=500, num_warps=1: grid cdiv(500, 64) = 8; the last box "
             "runs past 500 (TMA zero-fills / clips)"),
    ("04-tma.py", "elementwise_add_tma_kernel"): dict(
        grid=(10,),
        args=[("desc", [300, 1000]), ("desc", [300, 1000]), ("desc_empty", [300, 1000]), 300, 1000],
        note="elementwise_add_tma XBLOCK=32, YBLOCK=64, num_buffers=2 on [300, 1000] fp32 (rows 4000 B): "
             "grid cdiv(300, 32) = 10; boxes past the edges are clipped by TMA"),
    # ------------------------------------------------------------------ 05-wgmma.py (num_warps=4)
    ("05-wgmma.py", "small_mma_kernel"): dict(
        grid=(1,),
        args=[("desc", [64, 32]), ("desc", [32, 32]), ("desc", [64, 32]), ("desc_empty", [64, 32])],
        tol=(1e-2, 1e-2),
        note="test_small_mma M, N, K = 64, 32, 32: each descriptor's block is its whole tensor (A [M, K] fp16, "
             "B [K, N] fp16, C and D [M, N] fp32); D = A @ B + C; grid (1,)"),
    ("05-wgmma.py", "blocked_matmul_kernel"): dict(
        grid=(2, 4),
        args=[("desc", [208, 304]), ("desc", [304, 416]), ("desc_empty", [208, 416])],
        tol=_MM_F16,
        note="test_blocked_matmul (M, N, K) = (208, 416, 304) (smaller than 512^3), blocks 128^3, "
             "TRANSPOSE_B=False: A [M, K], B [K, N], C [M, N] fp16; grid (cdiv(208, 128), cdiv(416, 128)) = "
             "(2, 4); edge boxes zero-filled / clipped by TMA"),
    ("05-wgmma.py", "blocked_matmul_pipelined_kernel"): dict(
        grid=(2, 4),
        args=[("desc", [208, 304]), ("desc", [304, 416]), ("desc_empty", [208, 416])],
        tol=_MM_F16,
        note="test_blocked_matmul_pipelined (208, 416, 304), blocks 128^3: grid (2, 4)"),
    # ------------------------------------------------------------------ 07-persistence.py (WGMMA, num_warps=8)
    ("07-persistence.py", "matmul_pipelined_kernel"): dict(
        grid=(4, 2),
        args=[("desc", [512, 512]), ("desc", [512, 512]), ("desc_empty", [512, 512])],
        tol=_MM_F16, ref="matmul",
        note="matmul_pipelined, M=N=K=512 (the test's 2000x1000x2000 is larger), blocks 128x256x64, "
             "num_buffers=3: grid (cdiv(512, 128), cdiv(512, 256)) = (4, 2)"),
    ("07-persistence.py", "persistent_matmul_kernel"): dict(
        grid=(8,),
        args=[("desc", [1024, 1024]), ("desc", [1024, 1024]), ("desc_empty", [1024, 1024])],
        tol=_MM_F16, ref="matmul",
        note="persistent_matmul, M=N=K=1024, blocks 128x256x64, num_buffers=3: 8 x 4 tiles on 8 programs "
             "(the host code would launch min(num_sms, tiles) = 32), so that each program loops over 4 tiles"),
    ("07-persistence.py", "persistent_matmul_pipelined_kernel"): dict(
        grid=(3,),
        args=[("desc", [1000, 304]), ("desc", [304, 416]), ("desc_empty", [1000, 416])],
        tol=_MM_F16,
        note="test_persistent_matmul_pipelined's K = 304 and N = 416 with M = 1000: 8 x 2 tiles of "
             "128x256x64, num_buffers=3 (STEALB=False), on 3 programs (the host code would launch "
             "min(132, 16) = 16), so that each loops over 5 or 6 tiles and M and N end mid-tile. As upstream, the last program's unpredicated prefetch for the tile after its last reads a "
             "box wholly past N (zero-filled by TMA)"),
    # ------------------------------------------------------------------ 08-warp-specialization.py
    ("08-warp-specialization.py", "elementwise_add_warp_specialized_kernel"): dict(
        grid=(10,),
        args=[("desc", [300, 1000]), ("desc", [300, 1000]), ("desc_empty", [300, 1000]), 300, 1000],
        ref="add",
        note="elementwise_add_warp_specialized XBLOCK=32, YBLOCK=64, 2 load / 2 store buffers, num_warps=4, "
             "maxnreg=128, on [300, 1000] fp32: grid cdiv(300, 32) = 10"),
    # ------------------------------------------------------------------ test_core.py
    ("test_core.py", "copy_kernel"): dict(
        grid=(4,),
        args=[("empty", 4 * 1024 - 7), ("rand", 4 * 1024 - 7), 4 * 1024 - 7],
        note="test_copy_kernel XBLOCK=1024, size_per_thread=[4], 4 warps: grid (4,) fixed, numel = XBLOCK*4 - 7 "
             "= 4089; parameters are (Out, In, numel): the output comes first"),
    ("test_core.py", "async_copy_mbarrier_kernel"): dict(
        grid=(1,),
        args=[("empty", 32 * 32), ("rand", 20 * 32), 20],
        note="test_async_copy_mbarrier: out [32, 32] (every element stored), inp [20, 32] (rows >= xnumel=20 "
             "masked, so out[20:] must be zeros); XBLOCK = YBLOCK = 32; grid (1,)"),
    ("test_core.py", "warpgroup_mma_kernel"): dict(
        grid=(1,),
        args=[("rand", 64 * 32), ("rand", 32 * 32), ("empty", 64 * 32)],
        tol=(1e-1, 3e-2),
        note="test_warpgroup_mma M, N, K = 64, 32, 32, ASYNC=True: a [M, K], b [K, N], out [M, N], all fp16, "
             "with an fp16 accumulator (rounding between the K steps); grid (1,)"),
    ("test_core.py", "test_math_fast_expf.fast_expf_kernel"): dict(
        grid=(1,),
        args=[("rand", 128), ("empty", 128)],
        tol=(1e-4, 1e-5),
        note="warp_size * num_warps = 32 * 4 = 128 elements (no mask); grid (1,); upstream's tolerance"),
    ("test_core.py", "test_math_fast_dividef.fast_dividef_kernel"): dict(
        grid=(1,),
        args=[("rand", 128), ("rand", 128), ("empty", 128)],
        tol=(1e-4, 1e-5),
        note="x, y, z of 128 elements (no mask); grid (1,); upstream replaces y == 0 by 1, which a standard "
             "normal draw gives with probability 0 (a tiny y only makes a large, still comparable, quotient)"),
    ("test_core.py", "test_slice_reinterpret.kernel"): dict(
        grid=(1,),
        args=[("rand", 256), ("empty", 256)],
        note="closure constexprs BLOCK=2048, SPLIT_BLOCK=1024, XBLOCK=32, YBLOCK=1024//4//32=8: in/out int32 "
             "[32, 8] = 256 elements; grid (1,)"),
    ("test_core.py", "test_tma_slice.kernel"): dict(
        grid=(1,),
        args=[("desc", [128, 128]), ("desc_empty", [128, 128])],
        note="XBLOCK = YBLOCK = 128: input and output [128, 128] fp32, each one whole box; grid (1,)"),
    # ------------------------------------------------------------------ test_frontend.py (IR tests upstream)
    ("test_frontend.py", "convert_layout_kernel"): dict(
        grid=(1,), args=[],
        note="constexpr parameters only (warmup grid (1,)); writes nothing: checked by running without fault"),
    ("test_frontend.py", "shared_memory_kernel"): dict(
        grid=(1,), args=[],
        note="constexpr parameters only (warmup 8, 32, ..., grid (1,)); writes nothing"),
    ("test_frontend.py", "shared_memory_index_kernel"): dict(
        grid=(1,), args=[],
        note="constexpr parameters only (warmup 256, ..., grid (1,)); loads each row of a [4, 256] buffer under "
             "a 128-byte swizzle and writes nothing"),
    ("test_frontend.py", "shared_memory_cast_kernel"): dict(
        grid=(1,), args=[],
        note="no parameters (run_parser only upstream); writes nothing"),
    ("test_frontend.py", "mbarrier_kernel"): dict(
        grid=(1,), args=[],
        skip="upstream only compiles it: it arrives once more than its barrier expects, then waits",
        note="no parameters (warmup grid (1,)). Upstream only compiles it; it cannot run correctly: "
             "mbarrier.expect(bar, 4) is an arrive.expect_tx (the one arrival a count-1 barrier expects) of 4 "
             "bytes no copy delivers, then mbarrier.arrive is a second, excess arrival, then wait(phase 0). On an "
             "H100 (2026-12-06) gluonc's build AND Triton 3.6's build of the same kernel (the same PTX) both "
             "failed with CUDA_ERROR_LAUNCH_FAILED: a launch failure here is the expected outcome, not a gluonc "
             "bug, and it spoils the CUDA context of the process that launched it"),
    ("test_frontend.py", "async_tma_kernel"): dict(
        grid=(1,),
        args=[("desc", [1024, 1024])],
        note="test_async_tma: fp16 [1024, 1024] input (2 MiB), XBLOCK=128, grid (1,): loads box [0, 0] and "
             "stores it back in place, so the tensor must come back unchanged"),
    ("test_frontend.py", "test_layout_mangling.kernel"): dict(
        grid=(1,), args=[],
        note="no parameters (run_parser only upstream); writes nothing"),
    ("test_frontend.py", "broadcast_kernel"): dict(
        grid=(1,), args=[], note="no parameters (warmup grid (1,)); writes nothing"),
    ("test_frontend.py", "math_kernel"): dict(
        grid=(1,), args=[], note="no parameters (warmup grid (1,)); results unused, writes nothing"),
    ("test_frontend.py", "reduce_kernel"): dict(
        grid=(1,),
        args=[("empty", 16)],
        note="warmup with one fp32 pointer, grid (1,): stores 16 floats (each 16 + 16 + 16 + 32 = 80; sums of "
             "1.0s and 2.0s are exact in any order, so no tolerance)"),
    ("test_frontend.py", "test_elementwise_core"): dict(
        grid=(1,), args=[], note="filecheck kernel without parameters; writes nothing"),
    ("test_frontend.py", "linear_layout_kernel"): dict(
        grid=(1,), args=[], note="no parameters (warmup grid (1,)); writes nothing"),
    ("test_frontend.py", "test_tensor_permute"): dict(
        grid=(1,), args=[], note="filecheck kernel without parameters; writes nothing"),
    ("test_frontend.py", "test_split_join"): dict(
        grid=(1,), args=[], note="filecheck kernel without parameters; writes nothing"),
    ("test_frontend.py", "test_tensor_reshape"): dict(
        grid=(1,), args=[], note="filecheck kernel without parameters; writes nothing"),
    ("test_frontend.py", "test_zeros"): dict(
        grid=(1,), args=[], note="filecheck kernel without parameters; writes nothing"),
    ("test_frontend.py", "test_barrier"): dict(
        grid=(1,), args=[], note="filecheck kernel without parameters; writes nothing"),
    ("test_frontend.py", "test_fence_async_shared"): dict(
        grid=(1,), args=[], note="filecheck kernel without parameters; writes nothing"),
    ("test_frontend.py", "test_inline_asm_elementwise"): dict(
        grid=(1,), args=[], note="filecheck kernel without parameters; result unused, writes nothing"),
}
