#!/usr/bin/env python3
"""wgmma GEMM: gluonc (through libgluonrt) against Triton and cuBLAS.

Runs on a GPU machine with PyTorch and Triton (3.6). For fp16 and bf16 and
each shape (M, N, K) it launches

  * gluonc's kernels (samples/matmul_wgmma.py, and samples/
    matmul_persistent.py and the warp-specialized samples/matmul_ws.py
    when built), compiled ahead of time, through
    libgluonrt loaded with ctypes, every tensor descriptor built by
    libgluonrt from the metadata alone;
  * Triton's own compilation of the SAME source files, with host
    TensorDescriptors of the same blocks and layouts and the same
    constexprs, warps and grid;
  * torch.matmul (cuBLAS) into a preallocated output;

checks each C against torch.matmul's (max |diff| / max |C|), then times all
candidates interleaved round by round (CUDA events around each launch, the
same way for every candidate). FLOPs per GEMM: 2 * M * N * K.

  matmul_wgmma_bench.py --kernels STAGE/bench --libgluonrt libgluonrt.so

where STAGE/bench holds matmul_wgmma_<dtype>/, matmul_persistent_<dtype>/ and
matmul_ws_<dtype>/ (scripts/gpu-stage.sh builds them). For warp-specialized
builds it also prints the register plan from the JSON's `partitions`.
"""

import argparse
import json
import os
import statistics
import sys

from gluonrt_bench import (GluonRuntime, PreparedLaunch, driver_version_text,
                           import_module, time_interleaved)


class GluoncGemm:
    """One ahead-of-time build of a GEMM sample and its metadata."""

    def __init__(self, runtime, json_path, device):
        self.runtime = runtime
        self.kernel = runtime.load(json_path, device)
        with open(json_path) as handle:
            self.metadata = json.load(handle)
        params = self.metadata["params"]
        self.blocks = [p["tensordesc"]["block_shape"] for p in params[:3]]
        self.constexprs = self.metadata["constexprs"]
        self.num_warps = self.metadata["launch"]["num_warps"]
        # The kernel's own num_warps, which a Triton launch takes: the
        # default partition's warps when the kernel is warp-specialized.
        self.partitions = self.metadata.get("partitions", [])
        self.kernel_warps = next((p["num_warps"] for p in self.partitions
                                  if p["name"] == "default"), self.num_warps)

    def grid(self, m, n, persistent, sms):
        tiles = (-(-m // self.blocks[2][0])) * (-(-n // self.blocks[2][1]))
        return min(tiles, sms) if persistent else tiles

    def launcher(self, tensors, grid, stream):
        descs = [self.runtime.tensor_desc(self.kernel, i, t)
                 for i, t in enumerate(tensors)]
        launch = PreparedLaunch(self.runtime, self.kernel, descs,
                                (grid, 1, 1), stream)
        launch.descs = descs
        return launch


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kernels", required=True,
                        help="folder of matmul_<kind>_<dtype>/ builds")
    parser.add_argument("--libgluonrt", required=True)
    parser.add_argument("--samples", default="samples")
    parser.add_argument("--shapes", default="8192x8192x8192,8192x8192x16384")
    parser.add_argument("--dtypes", default="float16,bfloat16")
    parser.add_argument("--reps", type=int, default=50)
    parser.add_argument("--device", type=int, default=0)
    parser.add_argument("--json", dest="json_out")
    parser.add_argument("--dump-dir",
                        help="write Triton's cubins and PTX here")
    args = parser.parse_args()

    import torch
    import triton
    from triton.experimental.gluon import language as gl
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor

    torch.cuda.set_device(args.device)
    device = torch.device("cuda", args.device)
    runtime = GluonRuntime(args.libgluonrt)
    info = runtime.device_info(args.device)
    sms = info.multiprocessors
    print(f"device: {info.name.decode()}, driver "
          f"{driver_version_text(runtime, args.device)}; torch "
          f"{torch.__version__}, triton {triton.__version__}")
    print(f"candidates timed interleaved, CUDA events around each launch, "
          f"{args.reps} rounds after 5 warm-up launches each")

    kinds = [("matmul_wgmma", "pipelined", False),
             ("matmul_persistent", "persistent", True),
             ("matmul_ws", "warp-specialized", True)]
    samples = {kind: import_module(os.path.join(args.samples, kind + ".py"),
                                   "gluonc_bench_" + kind)
               for kind, _, _ in kinds
               if os.path.exists(os.path.join(args.samples, kind + ".py"))}
    rows = []
    failed = False
    for dtype_name in args.dtypes.split(","):
        dtype = getattr(torch, dtype_name)
        short = {"float16": "fp16", "bfloat16": "bf16"}[dtype_name]
        gl_dtype = {torch.float16: gl.float16, torch.bfloat16: gl.bfloat16}[dtype]
        builds = {}
        for kind, label, persistent in kinds:
            path = os.path.join(args.kernels, f"{kind}_{short}",
                                "matmul_kernel.sm_90a.json")
            if kind in samples and os.path.exists(path):
                builds[label] = (GluoncGemm(runtime, path, args.device),
                                 samples[kind], persistent)
        for shape in args.shapes.split(","):
            m, n, k = (int(d) for d in shape.split("x"))
            torch.manual_seed(0)
            a = torch.randn(m, k, device=device).to(dtype)
            b = torch.randn(k, n, device=device).to(dtype)
            outs = {}
            candidates = {}
            stream = lambda: torch.cuda.current_stream(device).cuda_stream
            for label, (build, sample, persistent) in builds.items():
                grid = build.grid(m, n, persistent, sms)
                c = torch.empty(m, n, device=device, dtype=dtype)
                outs["gluonc " + label] = c
                candidates["gluonc " + label] = build.launcher(
                    [a, b, c], grid, stream)
                c_triton = torch.empty(m, n, device=device, dtype=dtype)
                outs["triton " + label] = c_triton
                descs = [TensorDescriptor.from_tensor(
                    t, block, gl.NVMMASharedLayout.get_default_for(block, gl_dtype))
                    for t, block in zip([a, b, c_triton], build.blocks)]
                constexprs = [build.constexprs[name]
                              for name in ("NUM_BUFFERS", "GROUP_M")]

                def triton_launch(sample=sample, grid=grid, descs=descs,
                                  constexprs=constexprs,
                                  warps=build.kernel_warps):
                    return sample.matmul_kernel[(grid,)](*descs, *constexprs,
                                                         num_warps=warps)

                candidates["triton " + label] = triton_launch
            c_ref = torch.empty(m, n, device=device, dtype=dtype)
            outs["cublas"] = c_ref
            candidates["cublas"] = lambda a=a, b=b, c=c_ref: torch.matmul(
                a, b, out=c)
            for out in outs.values():
                out.fill_(float("nan"))
            for name, fn in candidates.items():
                compiled = fn()
                if args.dump_dir and name.startswith("triton"):
                    os.makedirs(args.dump_dir, exist_ok=True)
                    kind = name.split(" ", 1)[1].replace("-", "_")
                    stem = os.path.join(args.dump_dir, f"triton_{kind}_{short}")
                    with open(stem + ".cubin", "wb") as handle:
                        handle.write(compiled.asm["cubin"])
                    with open(stem + ".ptx", "w") as handle:
                        handle.write(compiled.asm["ptx"])
            torch.cuda.synchronize()
            scale = c_ref.float().abs().max().item()
            errors = {name: (out.float() - c_ref.float()).abs().max().item()
                      / scale for name, out in outs.items()}
            timing = time_interleaved(torch, candidates, args.reps, 5)
            flops = 2.0 * m * n * k
            cublas = statistics.median(timing["cublas"])
            triton_medians = {label: statistics.median(timing["triton " + label])
                              for label in builds}
            print(f"\n{dtype_name} M={m} N={n} K={k}")
            print(f"{'name':<20} {'median ms':>10} {'min ms':>8} "
                  f"{'TFLOP/s':>8} {'vs cuBLAS':>10} {'vs Triton':>10} "
                  f"{'rel err':>9}")
            for name, times in timing.items():
                median = statistics.median(times)
                label = name.split(" ", 1)[-1]
                vs_triton = (triton_medians[label] / median * 100
                             if name.startswith("gluonc") else None)
                row = {"dtype": dtype_name, "m": m, "n": n, "k": k,
                       "name": name, "median_ms": median,
                       "min_ms": min(times),
                       "tflops": flops / (median * 1e-3) / 1e12,
                       "percent_of_cublas": cublas / median * 100,
                       "percent_of_triton": vs_triton,
                       "max_rel_error": errors[name]}
                rows.append(row)
                if not errors[name] <= 2e-2:
                    failed = True
                triton_text = (f"{vs_triton:>9.1f}%" if vs_triton is not None
                               else f"{'':>10}")
                print(f"{name:<20} {median:>10.3f} {min(times):>8.3f} "
                      f"{row['tflops']:>8.1f} {row['percent_of_cublas']:>9.1f}% "
                      f"{triton_text} {errors[name]:>9.2e}")
            for label, (build, _, persistent) in builds.items():
                print(f"  {label}: blocks {build.blocks[2]} x K "
                      f"{build.blocks[0][1]}, {build.constexprs}, "
                      f"{build.num_warps} warps, "
                      f"grid {build.grid(m, n, persistent, sms)}")
                for part in build.partitions:
                    print(f"    partition {part['name']} "
                          f"(warps {part['start_warp']}+{part['num_warps']}): "
                          f"requested {part['requested_registers']}, "
                          f"granted {part['granted_registers']}")
    if args.json_out:
        with open(args.json_out, "w") as handle:
            json.dump({"results": rows}, handle, indent=2, sort_keys=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
