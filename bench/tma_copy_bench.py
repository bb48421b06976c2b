#!/usr/bin/env python3
"""TMA copy: gluonc (through libgluonrt) against Triton and the device copy.

Runs on a GPU machine with PyTorch and Triton (3.6). It launches

  * gluonc's tma_copy_kernel (samples/tma_copy.py, compiled ahead of time
    for one block shape and ring depth), through libgluonrt loaded with
    ctypes, with both tensor descriptors built by libgluonrt from the
    metadata alone (gluonrt_tensordesc_encode);
  * Triton's own compilation of the SAME source file, with host
    TensorDescriptors of the same block and layout;
  * a device-to-device copy, out.copy_(x), the bandwidth reference;

checks that every copy equals the input bitwise, then times the candidates
as CUDA graphs of 20 launches, interleaved round by round, all writing one
output buffer. Both kernels are persistent: one program per SM.

Bytes moved per launch: 2 * M * N * element size. "vs copy" is the device
copy's median time over the candidate's, in percent.
"""

import argparse
import json
import statistics
import sys

from gluonrt_bench import (GluonRuntime, PreparedLaunch, driver_version_text,
                           import_module, time_graphs)


def launch_grid(choice, sms, tiles):
    """The number of programs the --grid choice asks for."""
    if choice == "sms":
        return sms
    if choice == "balanced":
        return max(g for g in range(1, sms + 1) if tiles % g == 0)
    return int(choice)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gluonc-json", required=True,
                        help="gluonc's tma_copy_kernel metadata")
    parser.add_argument("--libgluonrt", required=True)
    parser.add_argument("--source", default="samples/tma_copy.py")
    parser.add_argument("--shape", default="8192x8192")
    parser.add_argument("--dtype", default="float16")
    parser.add_argument("--reps", type=int, default=50)
    parser.add_argument("--device", type=int, default=0)
    parser.add_argument("--grid", default="sms",
                        help="programs: a number, 'sms' (one per SM, the "
                        "default) or 'balanced' (the most programs, at most "
                        "one per SM, that split the tiles evenly)")
    parser.add_argument("--json", dest="json_out")
    args = parser.parse_args()

    import torch
    import triton
    from triton.experimental.gluon import language as gl
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor

    torch.cuda.set_device(args.device)
    device = torch.device("cuda", args.device)
    dtype = getattr(torch, args.dtype)
    m, n = (int(d) for d in args.shape.split("x"))
    if dtype.is_floating_point:
        x = torch.randn(m, n, device=device).to(dtype)
    else:
        # A copy moves bits: 8-byte elements let a box row span 2 KiB
        # (256 elements, no swizzle) where fp16 boxes stop at 128-256 B.
        info = torch.iinfo(dtype)
        x = torch.randint(info.min, info.max, (m, n), device=device,
                          dtype=dtype)
    outputs = {name: torch.empty_like(x) for name in ("gluonc", "triton", "copy")}

    runtime = GluonRuntime(args.libgluonrt)
    kernel = runtime.load(args.gluonc_json, args.device)
    with open(args.gluonc_json) as handle:
        metadata = json.load(handle)
    block = metadata["params"][0]["tensordesc"]["block_shape"]
    num_buffers = metadata["constexprs"]["NUM_BUFFERS"]
    stores_in_flight = metadata["constexprs"]["STORES_IN_FLIGHT"]
    num_warps = metadata["launch"]["num_warps"]
    sms = runtime.device_info(args.device).multiprocessors
    tiles = triton.cdiv(m, block[0]) * triton.cdiv(n, block[1])
    grid = min(launch_grid(args.grid, sms, tiles), tiles)
    sample = import_module(args.source, "gluonc_bench_tma_copy")
    # Triton's descriptors take the layout gluonc compiled for (for the
    # fp16 blocks, get_default_for's).
    desc = metadata["params"][0]["tensordesc"]
    layout = gl.NVMMASharedLayout(
        swizzle_byte_width=desc["swizzle_bytes"],
        element_bitwidth=8 * desc["element_bytes"], rank=len(block))

    def candidates_into(outs):
        stream = lambda: torch.cuda.current_stream(device).cuda_stream
        descs = [runtime.tensor_desc(kernel, 0, x),
                 runtime.tensor_desc(kernel, 1, outs["gluonc"])]
        gluonc = PreparedLaunch(runtime, kernel, descs, (grid, 1, 1), stream)
        gluonc.descs = descs
        in_desc = TensorDescriptor.from_tensor(x, block, layout)
        out_desc = TensorDescriptor.from_tensor(outs["triton"], block, layout)

        def triton_copy():
            sample.tma_copy_kernel[(grid,)](in_desc, out_desc, num_buffers,
                                            stores_in_flight,
                                            num_warps=num_warps)

        return {"gluonc": gluonc, "triton": triton_copy,
                "copy": lambda: outs["copy"].copy_(x)}

    for out in outputs.values():
        out.fill_(float("nan") if dtype.is_floating_point else -1)
    candidates = candidates_into(outputs)
    for fn in candidates.values():
        fn()
    torch.cuda.synchronize()
    bits = {torch.float16: torch.int16, torch.bfloat16: torch.int16,
            torch.float32: torch.int32, torch.int64: torch.int64}[dtype]
    equal = {name: bool(torch.equal(out.view(bits), x.view(bits)))
             for name, out in outputs.items()}

    timing_out = torch.empty_like(x)
    samples = time_graphs(torch, candidates_into(
        {name: timing_out for name in outputs}), args.reps)
    bytes_moved = 2 * x.numel() * x.element_size()
    copy_median = statistics.median(samples["copy"])
    triton_median = statistics.median(samples["triton"])
    info = runtime.device_info(args.device)
    print(f"device: {info.name.decode()}, driver "
          f"{driver_version_text(runtime, args.device)}; torch "
          f"{torch.__version__}, triton {triton.__version__}")
    print(f"{args.dtype} [{m}, {n}], block {block}, {num_buffers} buffers "
          f"({stores_in_flight} for stores), "
          f"{num_warps} warps, grid {grid}; CUDA graphs of 20 launches x "
          f"{args.reps}, interleaved")
    print(f"bitwise equal to the input: {equal}")
    rows = []
    print(f"{'name':<8} {'median us':>10} {'min us':>10} {'TB/s':>8} "
          f"{'vs copy':>8} {'vs Triton':>10}")
    for name in candidates:
        median = statistics.median(samples[name])
        row = {"name": name, "median_us": median * 1e3,
               "min_us": min(samples[name]) * 1e3,
               "tb_per_s": bytes_moved / (median * 1e-3) / 1e12,
               "percent_of_copy": copy_median / median * 100,
               "percent_of_triton": triton_median / median * 100}
        rows.append(row)
        print(f"{name:<8} {row['median_us']:>10.1f} {row['min_us']:>10.1f} "
              f"{row['tb_per_s']:>8.3f} {row['percent_of_copy']:>7.1f}% "
              f"{row['percent_of_triton']:>9.1f}%")
    if args.json_out:
        with open(args.json_out, "w") as handle:
            json.dump({"equal": equal, "results": rows}, handle, indent=2,
                      sort_keys=True)
    runtime.lib.gluonrt_kernel_unload(kernel)
    return 0 if all(equal.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
