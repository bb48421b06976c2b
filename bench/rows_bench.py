#!/usr/bin/env python3
"""Row softmax and layer norm: gluonc against Triton on the same Gluon source.

Runs on a GPU machine with PyTorch and Triton 3.6. For every size, gluonc's
kernels (compiled ahead of time by scripts/gpu-stage.sh into
KERNELS/softmax_<cols>/ and KERNELS/layernorm_<cols>/, with the same layout
and warp count) run through libgluonrt; Triton compiles and runs the same
functions from samples/softmax.py and samples/layernorm.py with the same
constexprs and num_warps; torch.softmax / torch.nn.functional.layer_norm are
shown for reference; with --untuned-kernels, gluonc's kernels built with
--no-occupancy-tuning run too ("untuned"). Results are checked against each
other (each compiler writing its own outputs), then every candidate is timed,
all writing the same output buffers, with CUDA events around CUDA-graph
replays of about a millisecond each (median of REPS, rounds interleaved), so
that host-side launch overhead does not count.

GB/s counts the bytes each kernel must move: softmax reads and writes the
rows x cols matrix (fp32); layer norm also reads w and b and writes the
per-row mean and 1/std.
"""

import argparse
import ctypes
import importlib.util
import json
import math
import os
import statistics
import sys

from gluonrt_bench import (GluonRuntime, PreparedLaunch, compile_with_triton,
                           driver_version_text, time_graphs)

ROWS = (4096, 16384)
COLS = (1024, 4096, 16384)


def num_warps_for(cols):
    """Warps per program for a row of `cols` (elements per thread <= 32)."""
    return 4 if cols <= 1024 else 8 if cols <= 4096 else 16


def import_sample(path, name):
    spec = importlib.util.spec_from_file_location(
        "gluonc_" + name, os.path.abspath(path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def i32(value):
    return ctypes.c_int32(value)


def ptr(tensor):
    return ctypes.c_uint64(tensor.data_ptr())


def bench_size(torch, gl, runtime, kernels, samples, rows, cols, args):
    device = torch.device("cuda", args.device)
    warps = num_warps_for(cols)
    layout = gl.BlockedLayout([4], [32], [warps], [0])
    x = torch.randn(rows, cols, device=device)
    w = torch.randn(cols, device=device)
    b = torch.randn(cols, device=device)
    eps = 1e-5
    out = {name: torch.empty_like(x) for name in ("gluonc", "triton")}
    ln = {name: (torch.empty_like(x), torch.empty(rows, device=device),
                 torch.empty(rows, device=device))
          for name in ("gluonc", "triton")}

    def stream():
        return torch.cuda.current_stream(device).cuda_stream

    def load(folder, kernel_name):
        return runtime.load(
            os.path.join(folder, f"{kernel_name}_{cols}",
                         f"{kernel_name}_kernel.sm_90a.json"), args.device)

    # gluonc's builds, and the same sources built with --no-occupancy-tuning
    # when given ("untuned": what the register budget changes).
    builds = {"gluonc": kernels}
    if args.untuned_kernels:
        builds["untuned"] = args.untuned_kernels
    softmax_kernels = {name: load(folder, "softmax")
                       for name, folder in builds.items()}
    layernorm_kernels = {name: load(folder, "layernorm")
                         for name, folder in builds.items()}

    def softmax_candidates(o):
        """Every candidate, writing softmax(x) into `o`."""
        candidates = {
            name: PreparedLaunch(runtime, kernel,
                                 [ptr(o), ptr(x), i32(cols), i32(cols),
                                  i32(cols)], (rows, 1, 1), stream)
            for name, kernel in softmax_kernels.items()}
        candidates["triton"] = lambda: samples["softmax"][(rows,)](
            o, x, cols, cols, cols, BLOCK=cols, layout=layout,
            num_warps=warps)
        candidates["torch"] = lambda: torch.softmax(x, dim=1, out=o)
        return candidates

    def layernorm_candidates(y, mean, rstd):
        """Every candidate, writing the layer norm of x into y, mean, rstd
        (torch allocates its own output)."""
        candidates = {
            name: PreparedLaunch(runtime, kernel,
                                 [ptr(x), ptr(y), ptr(w), ptr(b), ptr(mean),
                                  ptr(rstd), i32(cols), i32(cols),
                                  ctypes.c_float(eps)], (rows, 1, 1), stream)
            for name, kernel in layernorm_kernels.items()}
        candidates["triton"] = lambda: samples["layernorm"][(rows,)](
            x, y, w, b, mean, rstd, cols, cols, eps, BLOCK=cols,
            layout=layout, num_warps=warps)
        candidates["torch"] = lambda: torch.nn.functional.layer_norm(
            x, (cols,), w, b, eps)
        return candidates

    # What Triton made of the kernels (compiled here, before anything else
    # runs them): registers and spills, and the PTX and cubin when asked.
    resources = {}
    for kernel_name, launch in (
            ("softmax", softmax_candidates(out["triton"])["triton"]),
            ("layernorm", layernorm_candidates(*ln["triton"])["triton"])):
        compiled = compile_with_triton(samples[kernel_name], args.device,
                                       launch)
        if compiled is None:
            continue
        resources[kernel_name] = {"triton_registers": compiled.n_regs,
                                  "triton_spills": compiled.n_spills}
        if args.dump_dir and rows == ROWS[0]:
            os.makedirs(args.dump_dir, exist_ok=True)
            stem = os.path.join(args.dump_dir, f"triton_{kernel_name}_{cols}")
            with open(stem + ".ptx", "w") as f:
                f.write(compiled.asm["ptx"])
            with open(stem + ".cubin", "wb") as f:
                f.write(compiled.asm["cubin"])

    # Agreement first, each compiler into its own outputs.
    for name in ("gluonc", "triton"):
        softmax_candidates(out[name])[name]()
        layernorm_candidates(*ln[name])[name]()
    torch.cuda.synchronize()
    reference = torch.softmax(x, dim=1)
    ln_reference = torch.nn.functional.layer_norm(x, (cols,), w, b, eps)
    agree = {
        "softmax_gluonc": bool(torch.allclose(out["gluonc"], reference,
                                              rtol=1e-4, atol=1e-6)),
        "softmax_triton": bool(torch.allclose(out["triton"], reference,
                                              rtol=1e-4, atol=1e-6)),
        "layernorm_gluonc": bool(torch.allclose(ln["gluonc"][0], ln_reference,
                                                rtol=1e-4, atol=1e-4)),
        "layernorm_triton": bool(torch.allclose(ln["triton"][0], ln_reference,
                                                rtol=1e-4, atol=1e-4)),
    }

    matrix = rows * cols * 4
    bytes_moved = {"softmax": 2 * matrix,
                   "layernorm": 2 * matrix + 2 * cols * 4 + 2 * rows * 4}
    # Timing: every candidate writes the same buffers. Where an output lies
    # in memory moves these kernels by up to 0.4% (measured: the same
    # cubin, writing two different buffers), which would otherwise be
    # charged to the compilers.
    results = []
    for kernel, candidates in (
            ("softmax", softmax_candidates(out["gluonc"])),
            ("layernorm", layernorm_candidates(*ln["gluonc"]))):
        # Each replay should last about a millisecond, so that the few
        # microseconds of a graph launch and the clock's ramp do not weigh
        # on the 6 µs kernels: launches per graph from the time the bytes
        # take at a nominal 4 TB/s (only the replay length depends on it).
        launches = max(20, math.ceil(1e-3 * 4e12 / bytes_moved[kernel]))
        times = time_graphs(torch, candidates, args.reps, launches)
        medians = {name: statistics.median(t) for name, t in times.items()}
        for name, median in medians.items():
            results.append({
                "kernel": kernel, "rows": rows, "cols": cols, "name": name,
                "num_warps": warps, "median_us": median * 1e3,
                "min_us": min(times[name]) * 1e3,
                "gb_per_s": bytes_moved[kernel] / (median * 1e-3) / 1e9,
                "vs_triton": medians["triton"] / median,
            })
    return results, agree, resources


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kernels", required=True,
                        help="folder of gluonc's compiled bench kernels")
    parser.add_argument("--libgluonrt", required=True)
    parser.add_argument("--samples", default="samples")
    parser.add_argument("--reps", type=int, default=50)
    parser.add_argument("--device", type=int, default=0)
    parser.add_argument("--json", dest="json_out")
    parser.add_argument("--untuned-kernels",
                        help="the same kernels built with "
                             "--no-occupancy-tuning, timed as 'untuned'")
    parser.add_argument("--dump-dir",
                        help="write Triton's PTX and cubin of each kernel and "
                             "row length here (triton_<kernel>_<cols>.*)")
    args = parser.parse_args()

    import torch
    import triton
    from triton.experimental.gluon import language as gl

    torch.manual_seed(0)
    torch.cuda.set_device(args.device)
    runtime = GluonRuntime(args.libgluonrt)
    samples = {
        "softmax": import_sample(os.path.join(args.samples, "softmax.py"),
                                 "softmax_kernel"),
        "layernorm": import_sample(os.path.join(args.samples, "layernorm.py"),
                                   "layernorm_kernel"),
    }
    info = runtime.device_info(args.device)
    print(f"device: {info.name.decode()} ({info.arch.decode()}), driver "
          f"{driver_version_text(runtime, args.device)}")
    print(f"torch {torch.__version__}, triton {triton.__version__}, "
          f"median of {args.reps} CUDA-graph replays of >= 20 launches "
          f"(about 1 ms) each")
    print()
    print(f"{'kernel':10} {'rows':>6} {'cols':>6} {'w':>3} {'name':8} "
          f"{'median us':>10} {'GB/s':>8} {'vs Triton':>10}")
    all_results, all_agree = [], {}
    for rows in ROWS:
        for cols in COLS:
            results, agree, resources = bench_size(
                torch, gl, runtime, args.kernels, samples, rows, cols, args)
            all_results += results
            all_agree[f"{rows}x{cols}"] = agree
            for r in results:
                print(f"{r['kernel']:10} {rows:>6} {cols:>6} "
                      f"{r['num_warps']:>3} {r['name']:8} "
                      f"{r['median_us']:>10.1f} {r['gb_per_s']:>8.0f} "
                      f"{100 * r['vs_triton']:>9.1f}%")
            print(f"  triton resources: {resources}")
            if not all(agree.values()):
                print(f"  MISMATCH at {rows}x{cols}: {agree}")
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump({"results": all_results, "agree": all_agree}, f,
                      indent=2, sort_keys=True)
    return 0 if all(all(a.values()) for a in all_agree.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
