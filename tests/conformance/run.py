#!/usr/bin/env python3
"""Compiles every kernel of a conformance corpus with gluonc and prints one
row per kernel: compiled, the error its upstream test expects, or the
first error with the corpus's one-line cause.

  tests/conformance/run.py [CORPUS] [--gluonc PATH] [--out DIR] [--tsv FILE]

CORPUS is a folder holding `cases.py` (a list CASES of rows: file, kernel,
signature, arch, warps, cause, notes[, extra]) and the upstream sources
under `src/`; the upstream code is not part of this repository. Without a
corpus the run is skipped, saying so, and exits 0. A kernel nested in a
function is named by its path (`test_fn.kernel`), as `-k` takes it.

Exits 1 when a compile crashes or times out (any exit status but 0 and
1): a failure to compile is a row of the table, a crash is a bug.
"""
import argparse
import collections
import importlib.util
import os
import re
import subprocess
import sys

ERROR = re.compile(r"error|PLEASE|UNREACHABLE|Assertion|Segmentation|LLVM ERROR|terminate called")


def load_cases(corpus):
    spec = importlib.util.spec_from_file_location("conformance_cases", os.path.join(corpus, "cases.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CASES


def compile_case(args, corpus, case):
    """(outcome, first error line, exit status) of one row."""
    source, kernel, signature, arch, warps = case[:5]
    extra = case[7] if len(case) > 7 else {}
    if "not run" in signature:
        return "skipped", "the corpus holds only part of the file", "-"
    command = [args.gluonc, os.path.join(corpus, "src", source.split(" ")[0]), "-k", kernel, "-s", signature,
               "--arch", arch, "-w", str(warps)] + extra.get("opts", []) + ["-o", args.out]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return "crashed", f"timed out after {args.timeout} s", "timeout"
    text = done.stdout + done.stderr
    errors = [line for line in text.splitlines() if ERROR.search(line)]
    first = errors[0] if errors else (text.strip().splitlines() or ["(no output)"])[-1]
    first = first.replace(os.path.join(corpus, "src") + "/", "")[:300]
    if done.returncode == 0:
        return "compiled", "", 0
    if done.returncode != 1:
        return "crashed", first, done.returncode
    expect = extra.get("expect")
    if expect and re.search(expect, first):
        return "expected error", first, 1
    return "failed", first, 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?")
    parser.add_argument("--gluonc", default="gluonc")
    parser.add_argument("--out", default="conformance-out")
    parser.add_argument("--tsv", help="also write the table here, tab-separated")
    parser.add_argument("--timeout", type=int, default=120, help="seconds per compile")
    args = parser.parse_args()
    if not args.corpus or not os.path.isfile(os.path.join(args.corpus, "cases.py")):
        print("conformance: skipped: no corpus given (a folder with cases.py and src/)")
        return 0
    corpus = os.path.abspath(args.corpus)
    os.makedirs(args.out, exist_ok=True)
    rows = []
    for case in load_cases(corpus):
        outcome, first, status = compile_case(args, corpus, case)
        cause = case[5] if outcome in ("failed", "crashed") else ""
        rows.append((case[0].split(" ")[0], case[1], case[3], outcome, status, first, cause))
        detail = f"  {first}" + (f"\n    cause: {cause}" if cause else "") if first and outcome != "compiled" else ""
        print(f"{outcome:15} {case[3]:8} {case[0].split(' ')[0]} {case[1]}{detail}", flush=True)
    if args.tsv:
        with open(args.tsv, "w") as table:
            table.write("file\tkernel\tarch\toutcome\texit\tfirst_error\tcause\n")
            for row in rows:
                table.write("\t".join(str(field).replace("\t", " ") for field in row) + "\n")
    conforming = ("compiled", "expected error")
    for title, selected in (("all", rows), ("non-Blackwell", [r for r in rows if not r[2].startswith("sm_10")])):
        counts = collections.Counter(r[3] for r in selected)
        good = sum(counts[o] for o in conforming)
        print(f"{title}: {good} of {len(selected)} conform ({100 * good // max(len(selected), 1)}%): " +
              ", ".join(f"{n} {o}" for o, n in sorted(counts.items())))
    crashed = [r for r in rows if r[3] == "crashed"]
    for row in crashed:
        print(f"conformance: error: {row[0]} {row[1]} crashed or timed out ({row[4]}): {row[5]}", file=sys.stderr)
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
