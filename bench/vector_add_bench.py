#!/usr/bin/env python3
"""Vector add: gluonc (through libgluonrt) against Triton and PyTorch.

Runs on a GPU machine with PyTorch and Triton (3.6). It launches

  * gluonc's add_kernel (the JSON + cubin gluonc wrote, built with n: i32:16),
    through libgluonrt loaded with ctypes, on torch tensors' data_ptr();
  * Triton's own compilation of the SAME source file (samples/vector_add.py,
    imported with importlib), add_kernel[grid](x, y, out, n, BLOCK=1024,
    num_warps=4);
  * torch.add(x, y, out=out);
  * a device-to-device copy, out.copy_(x), as the bandwidth reference;

checks that the three adds agree bitwise (each into its own output), then
times every candidate, all writing one output buffer, with CUDA events: the
median and minimum of REPS launches after a warm-up, with the candidates
interleaved round by round so that clock or thermal drift affects all of
them alike. Nothing is hard-coded: every figure printed is
measured in this run.

Bytes moved per launch: 3 * n * 4 for the adds (two reads, one write), 2 * n
* 4 for the copy. "vs Triton" is Triton's median time over the candidate's,
in percent (above 100 means faster than Triton).
"""

import argparse
import ctypes
import importlib.util
import json
import os
import statistics
import sys

from gluonrt_bench import (GluonRuntime, GluonRuntimeError, PreparedLaunch,
                           driver_version_text, time_interleaved)

def gluonc_add_launch(runtime, kernel, x, y, out, n, stream):
    """gluonc's add_kernel on torch tensors, as a prepared launch."""
    params = runtime.params(kernel)
    names = [p.name.decode() for p in params]
    if names != ["x_ptr", "y_ptr", "out_ptr", "n"]:
        raise GluonRuntimeError(
            f"unexpected parameters {names} (want x_ptr, y_ptr, out_ptr, n)")
    n_type = params[3].type.decode()
    n_ctype = {"i32": ctypes.c_int32, "i64": ctypes.c_int64,
               "u32": ctypes.c_uint32, "u64": ctypes.c_uint64}.get(n_type)
    if n_ctype is None:
        raise GluonRuntimeError(f"unexpected type {n_type} for n")
    values = [ctypes.c_uint64(t.data_ptr()) for t in (x, y, out)]
    values.append(n_ctype(n))
    block = runtime.constexpr_int(kernel, "BLOCK")
    return PreparedLaunch(runtime, kernel, values,
                          ((n + block - 1) // block, 1, 1), stream)


def import_add_kernel(source_path):
    """Imports add_kernel from the sample file the way a user would."""
    spec = importlib.util.spec_from_file_location(
        "gluonc_bench_sample", os.path.abspath(source_path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.add_kernel


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gluonc-json", required=True,
                        help="gluonc's add_kernel metadata (built with n: i32:16)")
    parser.add_argument("--libgluonrt", required=True,
                        help="path of libgluonrt.so")
    parser.add_argument("--source", default="samples/vector_add.py",
                        help="the Gluon source Triton compiles")
    parser.add_argument("--n", type=int, default=268435456)
    parser.add_argument("--reps", type=int, default=100)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--device", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", dest="json_out", help="write the figures here")
    args = parser.parse_args()

    import torch
    import triton

    torch.cuda.set_device(args.device)
    torch.cuda.init()
    device = torch.device("cuda", args.device)
    n = args.n
    generator = torch.Generator(device=device).manual_seed(args.seed)
    x = torch.rand(n, device=device, generator=generator) * 2 - 1
    y = torch.rand(n, device=device, generator=generator) * 2 - 1
    outputs = {name: torch.empty_like(x)
               for name in ("gluonc", "triton", "torch.add", "copy")}

    runtime = GluonRuntime(args.libgluonrt)
    kernel = runtime.load(args.gluonc_json, args.device)
    stream = torch.cuda.current_stream(device).cuda_stream
    add_kernel = import_add_kernel(args.source)
    triton_block = 1024
    triton_grid = (triton.cdiv(n, triton_block),)

    def candidates_into(outs):
        """Every candidate, each writing `outs[name]`."""
        gluonc_add = gluonc_add_launch(runtime, kernel, x, y, outs["gluonc"],
                                       n, stream)

        def triton_add():
            add_kernel[triton_grid](x, y, outs["triton"], n,
                                    BLOCK=triton_block, num_warps=4)

        return {
            "gluonc": gluonc_add,
            "triton": triton_add,
            "torch.add": lambda: torch.add(x, y, out=outs["torch.add"]),
            "copy": lambda: outs["copy"].copy_(x),
        }

    candidates = candidates_into(outputs)
    bytes_moved = {"gluonc": 3 * n * 4, "triton": 3 * n * 4,
                   "torch.add": 3 * n * 4, "copy": 2 * n * 4}

    # Correctness first: one launch each, outputs poisoned beforehand.
    for out in outputs.values():
        out.fill_(float("nan"))
    for fn in candidates.values():
        fn()
    torch.cuda.synchronize()
    reference = outputs["torch.add"].view(torch.int32)
    agreement = {
        name: bool(torch.equal(outputs[name].view(torch.int32), reference))
        for name in ("gluonc", "triton")}
    agreement["copy"] = bool(torch.equal(outputs["copy"].view(torch.int32),
                                         x.view(torch.int32)))

    # Timing: all candidates write one buffer. Where an output lies in
    # memory moves a bandwidth-bound kernel by a few tenths of a percent,
    # which would otherwise be charged to the compilers.
    timing_out = torch.empty_like(x)
    samples = time_interleaved(
        torch, candidates_into({name: timing_out for name in outputs}),
        args.reps, args.warmup)

    info = runtime.device_info(args.device)
    triton_median = statistics.median(samples["triton"])
    rows = []
    for name in candidates:
        median_ms = statistics.median(samples[name])
        min_ms = min(samples[name])
        rows.append({
            "name": name,
            "median_us": median_ms * 1e3,
            "min_us": min_ms * 1e3,
            "tb_per_s": bytes_moved[name] / (median_ms * 1e-3) / 1e12,
            "bytes": bytes_moved[name],
            "percent_of_triton": triton_median / median_ms * 100,
        })

    environment = {
        "device": info.name.decode(),
        "device_arch": info.arch.decode(),
        "driver": driver_version_text(runtime, args.device),
        "torch": torch.__version__,
        "torch_cuda": torch.version.cuda,
        "triton": triton.__version__,
        "libgluonrt": runtime.version(),
        "gluonc_kernel": os.path.abspath(args.gluonc_json),
        "gluonc_arch": runtime.lib.gluonrt_kernel_arch(kernel).decode(),
        "n": n,
        "reps": args.reps,
        "warmup": args.warmup,
    }
    print(f"device: {environment['device']} ({environment['device_arch']}), "
          f"driver {environment['driver']}")
    print(f"torch {environment['torch']} (CUDA {environment['torch_cuda']}), "
          f"triton {environment['triton']}, libgluonrt "
          f"{environment['libgluonrt']}")
    print(f"n = {n}, {args.reps} timed launches each after {args.warmup} "
          f"warm-up, interleaved")
    print(f"bitwise equal to torch.add: gluonc {agreement['gluonc']}, "
          f"triton {agreement['triton']}; copy equal to x: {agreement['copy']}")
    print()
    print(f"{'name':<10} {'median us':>10} {'min us':>10} {'TB/s':>8} "
          f"{'vs Triton':>10}")
    for row in rows:
        print(f"{row['name']:<10} {row['median_us']:>10.1f} "
              f"{row['min_us']:>10.1f} {row['tb_per_s']:>8.3f} "
              f"{row['percent_of_triton']:>9.1f}%")

    if args.json_out:
        with open(args.json_out, "w") as handle:
            json.dump({"environment": environment, "bitwise_equal": agreement,
                       "results": rows}, handle, indent=2, sort_keys=True)
            handle.write("\n")

    runtime.lib.gluonrt_kernel_unload(kernel)
    if not all(agreement.values()):
        print("error: the results differ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
