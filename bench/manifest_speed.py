#!/usr/bin/env python3
"""Wall time of compiling bench/manifest_200.py's 200 specializations three
ways, on machines without hyperfine (the GPU machine): `gluonc build -j N`,
ptxas on gluonc's PTX of the same kernels N processes at a time, and
Triton 3.6 compiling the same Gluon kernels (GluonASTSource, a fresh cache
each run) in N worker processes. Each figure is the mean of --runs runs
after one warm-up; prints a Markdown table, figures only.

    bench/manifest_speed.py --gluonc GLUONC --samples DIR [--jobs 1 2 16]
        [--runs 3] [--ptxas PTXAS] [--no-triton]
"""
import argparse
import concurrent.futures
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(command, runs):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.mean(times)


def read_manifest(path):
    import tomllib
    with open(path, "rb") as f:
        return tomllib.load(f)["kernel"]


def triton_compile(kernel):
    """Compiles one manifest entry with Triton (in a worker process)."""
    import importlib.util
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.experimental.gluon._runtime import GluonASTSource
    spec = importlib.util.spec_from_file_location("k", kernel["source"])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    fn = getattr(module, kernel["name"])
    values = [v.strip() for v in kernel["signature"].split(",")]
    defines = kernel.get("defines", {})
    signature, constexprs, attrs = {}, {}, {}
    for i, param in enumerate(fn.params):
        if param.is_constexpr:
            signature[param.name] = "constexpr"
            if param.name in defines:
                value = eval(defines[param.name], vars(module))
            elif i < len(values):
                value = eval(values[i], vars(module))
            else:
                value = param.default
            constexprs[(i,)] = value
            continue
        text = values[i]
        kind, _, divisible = text.partition(":")
        signature[param.name] = kind
        if divisible:
            attrs[(i,)] = [["tt.divisibility", int(divisible)]]
    source = GluonASTSource(fn, signature, constexprs, attrs)
    triton.compile(source, target=GPUTarget("cuda", 90, 32),
                   options={"num_warps": kernel.get("num_warps", 4)})


def triton_all(kernels, jobs):
    cache = tempfile.mkdtemp()
    os.environ["TRITON_CACHE_DIR"] = cache
    try:
        start = time.perf_counter()
        with concurrent.futures.ProcessPoolExecutor(jobs) as pool:
            list(pool.map(triton_compile, kernels))
        return time.perf_counter() - start
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gluonc", required=True)
    parser.add_argument("--samples", required=True)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2, 16])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--ptxas", default=shutil.which("ptxas") or
                        "/usr/local/cuda/bin/ptxas")
    parser.add_argument("--no-triton", action="store_true")
    args = parser.parse_args()
    work = tempfile.mkdtemp()
    manifest = os.path.join(work, "m200.toml")
    ptx_manifest = os.path.join(work, "m200-ptx.toml")
    subprocess.run([sys.executable, os.path.join(HERE, "manifest_200.py"),
                    args.samples, manifest], check=True)
    subprocess.run([sys.executable, os.path.join(HERE, "manifest_200.py"),
                    args.samples, ptx_manifest, "--emit", "ptx"], check=True)
    subprocess.run([args.gluonc, "build", ptx_manifest, "-o",
                    os.path.join(work, "ptx")], check=True,
                   stdout=subprocess.DEVNULL)
    ptx = sorted(os.path.join(root, name)
                 for root, _, names in os.walk(os.path.join(work, "ptx"))
                 for name in names if name.endswith(".ptx"))
    count = len(ptx)
    with open(os.path.join(work, "ptx.list"), "w") as f:
        f.write("\n".join(ptx) + "\n")
    print("%d specializations, %d cores; %s" %
          (count, os.cpu_count(),
           subprocess.run([args.gluonc, "--version"], capture_output=True,
                          text=True).stdout.splitlines()[0]))
    print()
    print("| jobs | gluonc build | ptxas, N at a time | Triton 3.6 (Gluon), N processes |")
    print("|---:|---:|---:|---:|")
    kernels = read_manifest(manifest)
    for jobs in args.jobs:
        gluonc = timed([args.gluonc, "build", manifest, "-j", str(jobs), "-o",
                        os.path.join(work, "out%d" % jobs)], args.runs)
        ptxas = timed(["xargs", "-a", os.path.join(work, "ptx.list"), "-P",
                       str(jobs), "-I{}", args.ptxas, "-arch=sm_90a", "-O3",
                       "{}", "-o", "{}.cubin"], args.runs)
        triton = "not run"
        if not args.no_triton:
            try:
                triton_all(kernels[:jobs], jobs)  # warm-up: imports
                seconds = statistics.mean(triton_all(kernels, jobs)
                                          for _ in range(args.runs))
                triton = "%.2f s" % seconds
            except Exception as error:  # report, keep the other figures
                triton = "failed: %s" % str(error).splitlines()[0][:80]
        print("| %d | %.2f s | %.2f s | %s |" % (jobs, gluonc, ptxas, triton))
        sys.stdout.flush()
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
