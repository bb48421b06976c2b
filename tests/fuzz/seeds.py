#!/usr/bin/env python3
"""Gathers a fuzz target's seed inputs from the source tree into a folder.

The seeds are the project's own files, read where they live at run time, so
that the repository never carries copies of them (tests/fuzz/README.md):

  fuzz-frontend  every tracked `.py` file under PYTHON_FOLDERS: the kernels
                 of samples/, tests/gpu, tests/lit and tests/robustness,
                 and the Python tools beside them and in bench/, whose
                 statements the parser and interpreter take too; each
                 whole and cut into windows of WINDOW_LINES lines every
                 WINDOW_STEP lines;
  fuzz-metadata  the documents tests/robustness/Inputs/make_kernel.py writes
                 for the `%make-kernel` lines of tests/robustness/*.test and
                 tests/lit/runtime/*.test
                 (run again here, with %t a scratch folder), plus every kernel
                 JSON (`"schema": "gluonc.kernel/...`) below each --build
                 folder given, such as a normal build's tests/gpu and lit
                 outputs.

    seeds.py TARGET OUT_DIR [--build DIR]... [--replace]

OUT_DIR must not exist or be empty; --replace empties it first. A seed is named after where it came from, so that a
crash report can be traced back; identical contents are kept once. Inputs
larger than MAX_SEED_BYTES are left out: libFuzzer sizes its mutations by the
largest seed, and the robustness suite's 200,000-parameter documents would
slow every execution.
"""
import argparse
import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
PYTHON_FOLDERS = ["bench", "samples", "tests/gpu", "tests/lit",
                  "tests/robustness"]
# A window starts and ends mid-construct, as a careless edit does, and
# reaches the parser's recovery and the interpreter's undefined-name paths
# that whole files never do. Measured coverage (libFuzzer `cov` after one
# replay): the kernels alone 3,454; all 64 files 3,871; with their windows
# of 32 lines every 8 lines (454 inputs) 4,838, replayed in 1.5 s; every
# window of 1 to 16 lines instead (32,687 inputs) 4,786, in 13 s.
WINDOW_LINES = 32
WINDOW_STEP = 8
MAKE_KERNEL = os.path.join(ROOT, "tests", "robustness", "Inputs",
                           "make_kernel.py")
# The largest kernel seed is 9 KB, the largest build JSON 4 KB.
MAX_SEED_BYTES = 64 * 1024


def tracked_files(folders):
    """The files git tracks below `folders` (relative to ROOT); every file
    there when the tree is not a git checkout (a source archive)."""
    try:
        listing = subprocess.run(
            ["git", "-C", ROOT, "ls-files", "-z", "--"] + folders,
            check=True, capture_output=True).stdout
        return sorted(p for p in listing.decode().split("\0") if p)
    except (OSError, subprocess.CalledProcessError):
        found = []
        for folder in folders:
            for parent, _, names in os.walk(os.path.join(ROOT, folder)):
                found += [os.path.relpath(os.path.join(parent, n), ROOT)
                          for n in names]
        return sorted(found)


class SeedFolder:
    """OUT_DIR: seeds by name, each content once."""

    def __init__(self, path, replace):
        self.path = path
        self.digests = set()
        if replace:
            shutil.rmtree(path, ignore_errors=True)
        os.makedirs(path, exist_ok=True)
        if os.listdir(path):
            sys.exit(f"seeds.py: {path} is not empty (--replace empties it)")

    def add(self, name, data):
        digest = hashlib.sha1(data).digest()
        if len(data) > MAX_SEED_BYTES or digest in self.digests:
            return
        self.digests.add(digest)
        with open(os.path.join(self.path, name.replace("/", "_")), "wb") as f:
            f.write(data)


def frontend_seeds(seeds):
    for path in tracked_files(PYTHON_FOLDERS):
        if not path.endswith(".py"):
            continue
        with open(os.path.join(ROOT, path), "rb") as f:
            data = f.read()
        seeds.add(path, data)
        lines = data.split(b"\n")
        for start in range(0, len(lines) - WINDOW_LINES + 1, WINDOW_STEP):
            end = start + WINDOW_LINES
            seeds.add(f"{path}.L{start + 1}-{end}",
                      b"\n".join(lines[start:end]) + b"\n")


def make_kernel_lines():
    """The `%make-kernel` lines of the robustness suite and of the runtime's
    lit tests (tensor descriptors, shared memory), as (test file, the text
    after `%make-kernel`)."""
    for path in tracked_files(["tests/robustness", "tests/lit/runtime"]):
        if not path.endswith(".test"):
            continue
        with open(os.path.join(ROOT, path)) as f:
            for line in f:
                at = line.find("%make-kernel")
                if "RUN:" in line and at >= 0:
                    yield path, line[at + len("%make-kernel"):]


def make_kernel_arguments(text, folder):
    """The arguments of one `%make-kernel` line, %t being `folder`, up to
    the end of its command; None when it needs another lit substitution.
    An --image-from file the test made first is left out: the document
    then keeps its image.file and the default image's hash."""
    words = []
    lexer = shlex.shlex(text.replace("%t", folder), posix=True,
                        punctuation_chars=True)
    lexer.wordchars += ":"  # --tensordesc a_desc=fp16:128x64
    for word in lexer:
        if word in ("&&", "||", "|", ";"):
            break
        words.append(word)
    if not words or any("%" in w for w in words):
        return None
    if "--image-from" in words:
        at = words.index("--image-from")
        if at + 1 < len(words) and not os.path.exists(words[at + 1]):
            del words[at:at + 2]
    return words


def metadata_seeds(seeds, builds):
    with tempfile.TemporaryDirectory() as scratch:
        for number, (test, text) in enumerate(make_kernel_lines()):
            # Each line in a folder of its own: %t/NAME.json and the image
            # make_kernel.py writes beside it.
            folder = os.path.join(scratch, str(number))
            args = make_kernel_arguments(text, folder)
            if not args:
                continue
            result = subprocess.run([sys.executable, MAKE_KERNEL] + args,
                                    capture_output=True)
            if result.returncode != 0 or not os.path.isfile(args[0]):
                continue
            with open(args[0], "rb") as f:
                name = os.path.basename(test) + "-" + os.path.basename(args[0])
                seeds.add(name, f.read())
    for build in builds:
        for parent, folders, names in os.walk(build):
            # The test suites' scratch (lit's Output/) holds hostile trees,
            # such as a package 1,900 folders deep, that os.walk's
            # recursion cannot descend; the kernels the build compiled are
            # elsewhere.
            folders[:] = [f for f in folders if f != "Output"]
            for name in sorted(names):
                path = os.path.join(parent, name)
                if not name.endswith(".json") or os.path.islink(path):
                    continue
                if os.path.getsize(path) > MAX_SEED_BYTES:
                    continue
                with open(path, "rb") as f:
                    data = f.read()
                if b'"schema": "gluonc.kernel/' in data:
                    seeds.add("build-" + os.path.relpath(path, build), data)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("target", choices=["fuzz-frontend", "fuzz-metadata"])
    parser.add_argument("out_dir")
    parser.add_argument("--build", action="append", default=[],
                        help="a build folder whose kernel JSON files are "
                        "metadata seeds (may be repeated)")
    parser.add_argument("--replace", action="store_true",
                        help="empty OUT_DIR first")
    options = parser.parse_args()
    seeds = SeedFolder(options.out_dir, options.replace)
    if options.target == "fuzz-frontend":
        frontend_seeds(seeds)
    else:
        metadata_seeds(seeds, [b for b in options.build if os.path.isdir(b)])
    print(f"seeds: {len(seeds.digests)} for {options.target} in "
          f"{options.out_dir}")


if __name__ == "__main__":
    main()
