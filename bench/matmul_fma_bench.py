#!/usr/bin/env python3
"""FMA matrix multiply: gluonc against Triton on the same Gluon source.

Runs on a GPU machine with PyTorch and Triton 3.6. samples/matmul_fma.py
(fp32, c = a @ b on the CUDA cores with gl.dot_fma, 64 x 64 tiles, 4
warps) runs

  * as gluonc compiled it (the JSON given by --gluonc, through libgluonrt),
    and as gluonc compiled it with --no-occupancy-tuning (--untuned);
  * as Triton compiles the same file, with the same constexprs and warps;
  * torch.matmul in fp32 with TF32 off (cuBLAS on the CUDA cores) for
    reference.

The gluonc and Triton results must be equal bitwise (both accumulate each
element over k in order with fused multiply-adds) and close to torch's.
Timing: CUDA events around CUDA-graph replays, median of REPS, candidates
interleaved and all writing one output buffer. TFLOP/s counts 2 * M * N * K.
"""

import argparse
import ctypes
import importlib.util
import json
import os
import statistics
import sys

from gluonrt_bench import (GluonRuntime, PreparedLaunch, compile_with_triton,
                           driver_version_text, time_graphs)

SIZES = ((2048, 2048, 2048), (4096, 4096, 4096))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gluonc", required=True,
                        help="matmul_fma_kernel.sm_90a.json built by gluonc")
    parser.add_argument("--untuned",
                        help="the same built with --no-occupancy-tuning")
    parser.add_argument("--libgluonrt", required=True)
    parser.add_argument("--source", default="samples/matmul_fma.py")
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--json", dest="json_out")
    parser.add_argument("--dump-dir",
                        help="write Triton's PTX and cubin here "
                             "(triton_matmul_fma.*)")
    args = parser.parse_args()

    import torch
    import triton

    spec = importlib.util.spec_from_file_location(
        "gluonc_matmul_fma", os.path.abspath(args.source))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    triton_kernel = module.matmul_fma_kernel

    torch.backends.cuda.matmul.allow_tf32 = False
    torch.manual_seed(0)
    device = torch.device("cuda", 0)
    runtime = GluonRuntime(args.libgluonrt)
    kernels = {"gluonc": runtime.load(args.gluonc, 0)}
    if args.untuned:
        kernels["untuned"] = runtime.load(args.untuned, 0)
    block_m = runtime.constexpr_int(kernels["gluonc"], "BLOCK_M")
    block_n = runtime.constexpr_int(kernels["gluonc"], "BLOCK_N")
    info = runtime.device_info(0)
    print(f"device: {info.name.decode()} ({info.arch.decode()}), driver "
          f"{driver_version_text(runtime, 0)}")
    print(f"torch {torch.__version__}, triton {triton.__version__}, "
          f"median of {args.reps} CUDA-graph replays of 20 launches each")
    print(f"{'M':>5} {'N':>5} {'K':>5} {'name':8} {'median us':>10} "
          f"{'TFLOP/s':>8} {'vs Triton':>10}")

    def stream():
        return torch.cuda.current_stream(device).cuda_stream

    results, ok = [], True
    for m, n, k in SIZES:
        a = torch.randn(m, k, device=device)
        b = torch.randn(k, n, device=device)
        outs = {name: torch.empty(m, n, device=device)
                for name in ("gluonc", "untuned", "triton", "torch")}
        grid = ((m + block_m - 1) // block_m, (n + block_n - 1) // block_n, 1)

        def candidates_into(outs):
            """Every candidate, each writing `outs[name]`."""
            candidates = {}
            for name, kernel in kernels.items():
                values = [ctypes.c_uint64(a.data_ptr()),
                          ctypes.c_uint64(b.data_ptr()),
                          ctypes.c_uint64(outs[name].data_ptr()),
                          ctypes.c_int32(m), ctypes.c_int32(n),
                          ctypes.c_int32(k), ctypes.c_int32(k),
                          ctypes.c_int32(n), ctypes.c_int32(n)]
                candidates[name] = PreparedLaunch(runtime, kernel, values,
                                                  grid, stream)
            candidates["triton"] = lambda: triton_kernel[grid[:2]](
                a, b, outs["triton"], m, n, k, k, n, n, num_warps=4)
            candidates["torch"] = lambda: torch.matmul(a, b, out=outs["torch"])
            return candidates

        candidates = candidates_into(outs)
        run_triton = candidates["triton"]
        compiled = compile_with_triton(triton_kernel, 0, run_triton)
        if compiled is not None:
            print(f"  triton registers: {compiled.n_regs}, spills: "
                  f"{compiled.n_spills}")
            if args.dump_dir:
                os.makedirs(args.dump_dir, exist_ok=True)
                stem = os.path.join(args.dump_dir, "triton_matmul_fma")
                with open(stem + ".ptx", "w") as f:
                    f.write(compiled.asm["ptx"])
                with open(stem + ".cubin", "wb") as f:
                    f.write(compiled.asm["cubin"])
        for fn in candidates.values():
            fn()
        torch.cuda.synchronize()
        bitwise = {name: bool(torch.equal(outs[name], outs["triton"]))
                   for name in kernels}
        close = bool(torch.allclose(outs["gluonc"], outs["torch"], rtol=1e-3,
                                    atol=1e-2))
        ok &= all(bitwise.values()) and close
        # Timing: all candidates write one buffer (where an output lies in
        # memory can move a kernel by a few tenths of a percent).
        c_time = torch.empty(m, n, device=device)
        times = time_graphs(torch, candidates_into(
            {name: c_time for name in outs}), args.reps)
        medians = {name: statistics.median(t) for name, t in times.items()}
        for name, median in medians.items():
            tflops = 2 * m * n * k / (median * 1e-3) / 1e12
            results.append({"m": m, "n": n, "k": k, "name": name,
                            "median_us": median * 1e3, "tflops": tflops,
                            "vs_triton": medians["triton"] / median})
            print(f"{m:>5} {n:>5} {k:>5} {name:8} {median * 1e3:>10.1f} "
                  f"{tflops:>8.2f} {100 * medians['triton'] / median:>9.1f}%")
        print(f"  bitwise equal to Triton: {bitwise}; close to torch: {close}")
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump({"results": results, "ok": ok}, f, indent=2,
                      sort_keys=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
