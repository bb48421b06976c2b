#!/usr/bin/env python3
"""Runs the conformance corpus's Hopper kernels on a GPU through gluon-run
(libgluonrt) and through Triton on the same inputs, and compares what
each wrote.

  gpu_check.py compile CORPUS --gluonc PATH --out DIR
      (here, with gluonc) compiles every sm_90a row of CORPUS/cases.py that
      tests/conformance/gpu_cases.py can launch into DIR/<n>/, and copies
      the corpus's sources and the launch table beside them (DIR/plan.json).
      Exits 1 when the table disagrees with a kernel gluonc built (the
      number and kinds of its run-time parameters, a tensor descriptor
      smaller than its block): scripts/test.sh runs this part in CI.
  gpu_check.py run DIR --gluon-run PATH [--only SUBSTRING]
      (on the GPU machine, with torch and Triton) for each kernel: makes its
      inputs from the table (seeded), launches gluonc's build with gluon-run
      (inputs from files, every buffer saved after the launch), launches the
      same source through Triton with copies of the same inputs, and
      compares every buffer: bitwise, or within the table's tolerance where
      two correct runs may round differently. Prints one row per kernel and
      the totals; exits 1 when a kernel's results differ or gluonc's build
      fails to run.

The upstream sources are imported as modules; a name they import that the
installed Triton lacks is bound to None first (that Triton then refuses
only the kernels that use it). A kernel nested in a test function
(`test_fn.kernel`) is hoisted: a module is written with the file's text,
then the function's assignments and definitions up to the kernel, dedented.
Where Triton cannot compile or run a kernel, the row says why and
compares nothing: such a kernel is checked only by running without fault.
"""
import argparse
import ast
import importlib.util
import json
import math
import os
import re
import shutil
import subprocess
import sys
import textwrap
import types
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))


def split_top_level(text):
    """The comma-separated entries of a signature, brackets respected."""
    entries, depth, current = [], 0, ""
    for ch in text:
        if ch in "([<{":
            depth += 1
        elif ch in ")]>}":
            depth -= 1
        if ch == "," and depth == 0:
            entries.append(current.strip())
            current = ""
        else:
            current += ch
    if current.strip():
        entries.append(current.strip())
    return entries


# ---------------------------------------------------------------- compile (here)

def compile_all(args):
    sys.path.insert(0, args.corpus)
    import cases as corpus_cases  # noqa: E402  (the corpus's own table)
    sys.path.insert(0, HERE)
    from gpu_cases import GPU_CASES  # noqa: E402
    if os.path.exists(args.out):
        shutil.rmtree(args.out)
    os.makedirs(args.out)
    shutil.copytree(os.path.join(args.corpus, "src"), os.path.join(args.out, "src"))
    plan = []
    for row in corpus_cases.CASES:
        source, kernel, signature, arch, warps = row[:5]
        key = (source.split(" ")[0], kernel)
        if arch != "sm_90a" or key not in GPU_CASES:
            continue
        folder = os.path.join(args.out, str(len(plan)))
        opts = row[7].get("opts", []) if len(row) > 7 else []
        command = [args.gluonc, os.path.join(args.corpus, "src", key[0]), "-k", kernel, "-s", signature,
                   "--arch", arch, "-w", str(warps)] + opts + ["-o", folder]
        done = subprocess.run(command, capture_output=True, text=True)
        entry = dict(file=key[0], kernel=kernel, signature=signature, warps=warps, folder=str(len(plan)),
                     launch=GPU_CASES[key], compiled=done.returncode == 0,
                     opts=opts)
        if done.returncode != 0:
            entry["error"] = (done.stderr.strip().splitlines() or ["?"])[0]
        plan.append(entry)
    with open(os.path.join(args.out, "plan.json"), "w") as f:
        json.dump(plan, f, indent=1)
    problems = [p for entry in plan if entry["compiled"] for p in check_launch(entry, args.out)]
    for problem in problems:
        print("launch table: " + problem)
    print(f"compiled {sum(e['compiled'] for e in plan)} of {len(plan)} kernels into {args.out}")
    return 1 if problems else 0


def check_launch(entry, root):
    """What in gpu_cases.py's entry disagrees with the kernel gluonc built:
    one argument per run-time parameter, of its kind, and tensor
    descriptors at least one block large."""
    case = Case(entry, root)
    label = f"{entry['file']} {entry['kernel']}"
    launch = entry["launch"]
    params, specs = case.meta["params"], launch["args"]
    if len(params) != len(specs):
        return [f"{label}: {len(specs)} arguments for {len(params)} run-time parameters"]
    problems = []
    for param, spec in zip(params, specs):
        is_scalar = isinstance(spec, (int, float))
        kind = None if is_scalar else spec[0]
        expected = {"scalar": is_scalar, "pointer": kind in ("rand", "zeros", "empty"),
                    "tensordesc": kind in ("desc", "desc_empty")}[param["kind"]]
        if not expected:
            problems.append(f"{label}: {param['name']} is a {param['kind']}, the table gives {spec!r}")
        elif param["kind"] == "tensordesc":
            block = param["tensordesc"]["block_shape"]
            if len(spec[1]) != len(block) or any(d < b for d, b in zip(spec[1], block)):
                problems.append(f"{label}: {param['name']}'s tensor {spec[1]} is smaller than its block {block}")
    if not 1 <= len(launch["grid"]) <= 3:
        problems.append(f"{label}: a grid of {len(launch['grid'])} dimensions")
    return problems


# ---------------------------------------------------------------- run (on the GPU)

TORCH_DTYPES = {
    "fp16": "float16", "bf16": "bfloat16", "fp32": "float32", "fp64": "float64",
    "i1": "bool", "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64", "u8": "uint8",
    "f16": "float16", "f32": "float32", "f64": "float64",
}


def torch_dtype(torch, name):
    return getattr(torch, TORCH_DTYPES[name])


def import_with_missing_names(path, name):
    """Imports `path` as module `name`, binding names the installed Triton
    lacks to None (retried until the import succeeds or fails otherwise)."""
    patched = []
    # Tutorials load their siblings (importlib.import_module("05-wgmma")).
    folder = os.path.dirname(os.path.abspath(path))
    if folder not in sys.path:
        sys.path.insert(0, folder)
    for _ in range(50):
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
            return module, patched
        except ModuleNotFoundError as error:
            # A test-only module the machine lacks (expecttest): an empty one.
            if error.name is None or error.name.startswith("triton"):
                raise
            stub = types.ModuleType(error.name)
            stub.__getattr__ = lambda attribute: None
            sys.modules[error.name] = stub
            patched.append(error.name)
        except ImportError as error:
            match = re.search(r"cannot import name '(\w+)' from '([\w.]+)'", str(error))
            if not match:
                raise
            missing, owner = match.groups()
            setattr(importlib.import_module(owner), missing, None)
            patched.append(f"{owner}.{missing}")
    raise RuntimeError("too many missing names")


def hoist(source_path, qualified, out_dir):
    """A module file holding `source_path`'s text and, for `test_fn.kernel`,
    the test function's statements up to the kernel's definition."""
    with open(source_path) as f:
        text = f.read()
    outer, inner = qualified.split(".")
    tree = ast.parse(text)
    function = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == outer)
    lines = []
    for statement in function.body:
        segment = ast.get_source_segment(text, statement, padded=True)
        if isinstance(statement, (ast.FunctionDef, ast.ClassDef)):
            start = min([d.lineno for d in statement.decorator_list] + [statement.lineno])
            segment = "\n".join(text.splitlines()[start - 1:statement.end_lineno])
        if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.FunctionDef, ast.ClassDef, ast.Import,
                                  ast.ImportFrom)):
            lines.append(textwrap.dedent(segment))
        if isinstance(statement, ast.FunctionDef) and statement.name == inner:
            break
    path = os.path.join(out_dir, f"hoisted_{outer}.py")
    with open(path, "w") as f:
        f.write(text + "\n\n# hoisted from " + outer + "\n" + "\n".join(lines) + "\n")
    return path


class Case:
    def __init__(self, entry, root):
        self.entry = entry
        self.root = root
        self.folder = os.path.join(root, entry["folder"])
        meta_files = [n for n in os.listdir(self.folder) if n.endswith(".json")]
        with open(os.path.join(self.folder, meta_files[0])) as f:
            self.meta = json.load(f)
        self.meta_path = os.path.join(self.folder, meta_files[0])
        self.signature = split_top_level(entry["signature"])


def make_inputs(torch, case, seed):
    """One host tensor (or scalar) per run-time parameter, from the table."""
    generator = torch.Generator().manual_seed(seed)
    values = []
    for param, spec in zip(case.meta["params"], case.entry["launch"]["args"]):
        if param["kind"] == "scalar":
            values.append(spec)
            continue
        kind, size = spec
        dtype = torch_dtype(torch, param["element_type"])
        shape = list(size) if isinstance(size, (list, tuple)) else [size]
        if kind in ("rand", "desc"):
            if dtype.is_floating_point:
                tensor = torch.randn(shape, generator=generator).to(dtype)
            elif dtype == torch.bool:
                tensor = torch.randint(0, 2, shape, generator=generator).bool()
            else:
                tensor = torch.randint(0, 100, shape, generator=generator).to(dtype)
        elif kind == "zeros":
            tensor = torch.zeros(shape, dtype=dtype)
        elif kind in ("empty", "desc_empty"):
            size = math.prod(shape) * torch.empty([], dtype=dtype).element_size()
            tensor = torch.full([size], 0xFF, dtype=torch.uint8).view(dtype).reshape(shape)
        else:
            raise ValueError(f"unknown argument kind {kind}")
        values.append(tensor.contiguous())
    return values


def raw_bytes(torch, tensor):
    return tensor.contiguous().view(torch.uint8).cpu().numpy().tobytes() if tensor.dim() else b""


def run_gluonc(torch, case, inputs, gluon_run, work):
    command = [gluon_run, case.meta_path, "--grid", ",".join(str(g) for g in case.entry["launch"]["grid"])]
    saved = {}
    for param, value in zip(case.meta["params"], inputs):
        name = param["name"]
        if param["kind"] == "scalar":
            command += ["--arg", f"{name}={value}"]
            continue
        path = os.path.join(work, f"{name}.in")
        with open(path, "wb") as f:
            f.write(raw_bytes(torch, value))
        out = os.path.join(work, f"{name}.out")
        if param["kind"] == "tensordesc":
            shape = "x".join(str(d) for d in value.shape)
            command += ["--arg", f"{name}=file:{param['element_type']}:{shape}:{path}"]
        else:
            command += ["--arg", f"{name}=file:{path}"]
        command += ["--save", f"{name}={out}"]
        saved[name] = out
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError("gluon-run: " + (done.stderr.strip().splitlines() or ["?"])[-1])
    results = {}
    for name, path in saved.items():
        with open(path, "rb") as f:
            results[name] = f.read()
    return results


def triton_kernel(case, modules):
    path = os.path.join(case.root, "src", case.entry["file"])
    kernel = case.entry["kernel"]
    if "." in kernel:
        path = hoist(path, kernel, case.folder)
        kernel = kernel.split(".")[1]
    if path not in modules:
        modules[path] = import_with_missing_names(path, "conformance_" + re.sub(r"\W", "_", path))
    module, patched = modules[path]
    from triton.runtime.jit import JITFunction
    function = getattr(module, kernel)
    # The JIT function under Triton's autotuner (.fn) or a test decorator
    # (__wrapped__, or the function its wrapper closes over).
    while not isinstance(function, JITFunction):
        cells = [c.cell_contents for c in (getattr(function, "__closure__", None) or ())]
        inner = getattr(function, "fn", None) or getattr(function, "__wrapped__", None) or \
            next((c for c in cells if isinstance(c, JITFunction)), None)
        if inner is None:
            break
        function = inner
    return function, module, patched


def run_triton(torch, case, inputs, modules):
    kernel, module, _ = triton_kernel(case, modules)
    from triton.experimental import gluon
    from triton.experimental.gluon import language as gl
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor
    namespace = dict(vars(module), gl=gl, ttgl=gl, gluon=gluon)
    runtime = iter(zip(case.meta["params"], inputs))
    arguments, buffers = [], {}
    for text in case.signature:
        is_runtime = text.startswith("*") or text.startswith("tensordesc<") or \
            re.fullmatch(r"(i1|i8|i16|i32|i64|u8|u32|u64|fp16|bf16|fp32|fp64)(:\d+)?", text)
        if not is_runtime:
            arguments.append(eval(text, namespace))
            continue
        param, value = next(runtime)
        if param["kind"] == "scalar":
            arguments.append(value)
            continue
        device = value.cuda()
        buffers[param["name"]] = device
        if param["kind"] == "tensordesc":
            desc = param["tensordesc"]
            layout = eval("gl." + desc["layout"], namespace)
            arguments.append(TensorDescriptor.from_tensor(device, list(desc["block_shape"]), layout))
        else:
            arguments.append(device)
    # By name: a kernel may declare num_warps as a parameter, which Triton
    # takes only as the launch option.
    named = dict(zip(kernel.arg_names, arguments))
    named.pop("num_warps", None)
    options = dict(num_warps=case.entry["warps"])
    opts = case.entry.get("opts", [])
    if "--maxnreg" in opts:
        options["maxnreg"] = int(opts[opts.index("--maxnreg") + 1])
    grid = tuple(case.entry["launch"]["grid"])
    kernel[grid](**named, **options)
    torch.cuda.synchronize()
    return {name: raw_bytes(torch, tensor) for name, tensor in buffers.items()}


def compare(torch, case, gluonc, triton):
    """'bitwise', 'within tolerance ...' or None with the difference."""
    if all(gluonc[name] == triton[name] for name in gluonc):
        return "bitwise", None
    tol = case.entry["launch"].get("tol")
    worst = []
    for param in case.meta["params"]:
        name = param["name"]
        if name not in gluonc or gluonc[name] == triton[name]:
            continue
        dtype = torch_dtype(torch, param["element_type"])
        a = torch.frombuffer(bytearray(gluonc[name]), dtype=dtype)
        b = torch.frombuffer(bytearray(triton[name]), dtype=dtype)
        differing = int((a != b).sum())
        if tol and dtype.is_floating_point:
            close = torch.isclose(a.double(), b.double(), rtol=tol[0], atol=tol[1], equal_nan=True)
            err = float((a.double() - b.double()).abs().nan_to_num(0).max())
            if bool(close.all()):
                worst.append(f"{name}: {differing} of {a.numel()} differ, max abs {err:.3g}")
                continue
            return None, f"{name}: {int((~close).sum())} of {a.numel()} beyond rtol {tol[0]} atol {tol[1]} " \
                         f"(max abs {err:.3g})"
        first = int((a != b).nonzero()[0])
        return None, f"{name}: {differing} of {a.numel()} differ (first at {first}: gluonc {a[first].item()}, " \
                     f"Triton {b[first].item()})"
    return "within tolerance (" + "; ".join(worst) + ")", None


class NothingToCompare(Exception):
    """A kernel without buffers (upstream's IR tests): it ran, and that is all."""


# Torch references for the kernels Triton 3.6 cannot build (gpu_cases.py's
# `ref`): the last buffer from the first two.
REFERENCES = {
    "matmul": lambda a, b, c: (a.float() @ b.float()).to(c.dtype),
    "add": lambda a, b, c: a + b,
}


def compare_with_reference(torch, case, inputs, gluonc):
    tensors = [v for v in inputs if not isinstance(v, (int, float))]
    expected = REFERENCES[case.entry["launch"]["ref"]](*tensors[:3])
    name = [p["name"] for p in case.meta["params"] if p["kind"] != "scalar"][2]
    return compare(torch, case, {name: gluonc[name]}, {name: raw_bytes(torch, expected)})


def run_all(args):
    import torch
    import triton
    with open(os.path.join(args.dir, "plan.json")) as f:
        plan = json.load(f)
    print(f"torch {torch.__version__}, Triton {triton.__version__}, {torch.cuda.get_device_name()}")
    modules, totals, failed = {}, {}, False
    work = os.path.join(args.dir, "work")
    os.makedirs(work, exist_ok=True)
    for index, entry in enumerate(plan):
        label = f"{entry['file']} {entry['kernel']}"
        if args.only and args.only not in label:
            continue
        if not entry["compiled"]:
            outcome, detail = "not compiled", entry.get("error", "")
        elif "skip" in entry["launch"]:
            outcome, detail = "not run", entry["launch"]["skip"]
        else:
            case = Case(entry, args.dir)
            inputs = make_inputs(torch, case, seed=index)
            try:
                gluonc = run_gluonc(torch, case, inputs, args.gluon_run, work)
                if not gluonc:
                    raise NothingToCompare()
            except NothingToCompare:
                outcome, detail = "ran (no buffers)", None
            except Exception as error:  # a fault or a bad launch of gluonc's build
                outcome, detail = "gluonc FAILED", str(error).splitlines()[0]
                failed = True
            else:
                try:
                    triton_out = run_triton(torch, case, inputs, modules)
                except Exception as error:
                    lines = [l for l in traceback.format_exception_only(type(error), error) if l.strip()]
                    why = lines[-1].strip()[:160]
                    if "ref" in case.entry["launch"]:
                        outcome, detail = compare_with_reference(torch, case, inputs, gluonc)
                        outcome = (outcome + " vs torch") if outcome else None
                        detail = f"Triton: {why}" if outcome else detail
                        if outcome is None:
                            outcome, failed = "DIFFER from torch", True
                    else:
                        outcome, detail = "ran; no Triton reference", why
                else:
                    outcome, detail = compare(torch, case, gluonc, triton_out)
                    if outcome is None:
                        outcome, failed = "DIFFER", True
        totals[outcome.split(" (")[0]] = totals.get(outcome.split(" (")[0], 0) + 1
        print(f"{outcome:28} {label}" + (f"  -- {detail}" if detail else ""), flush=True)
    print("totals: " + ", ".join(f"{k}: {v}" for k, v in sorted(totals.items())))
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="mode", required=True)
    c = sub.add_parser("compile")
    c.add_argument("corpus")
    c.add_argument("--gluonc", required=True)
    c.add_argument("--out", required=True)
    r = sub.add_parser("run")
    r.add_argument("dir")
    r.add_argument("--gluon-run", required=True)
    r.add_argument("--only")
    args = parser.parse_args()
    return compile_all(args) if args.mode == "compile" else run_all(args)


if __name__ == "__main__":
    sys.exit(main())
