#!/usr/bin/env bash
# Regenerates the golden files of tests/lit/samples/*.test with the gluonc of
# BUILD_DIR. The folders a manifest in tests/lit/golden (*.toml) lists are
# rewritten by `gluonc golden update`, the command users run on their own
# goldens; with NAMEs, a manifest is updated when it lists one of them
# (every changed file of it is rewritten). Each other
# `RUN: diff -ru [-x PATTERN ...] %golden/NAME %t[/SUB]` line
# names a golden folder (without the files matching PATTERN); the test's
# `%gluonc ... -o %t[/SUB]` line that writes the folder it is compared with
# is rerun into tests/lit/golden/NAME. With NAMEs, only those folders are
# rewritten (e.g. the IR goldens of a sample, leaving the PTX-only goldens
# of ptx-goldens.test as they are). Review the result with
# `git diff tests/lit/golden` before committing it.
#
#   scripts/update-goldens.sh [BUILD_DIR [NAME...]]    (default: build, all)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
shift $(($# > 0 ? 1 : 0))
gluonc=$root/$build/tools/gluonc/gluonc
[ -x "$gluonc" ] || { echo "no gluonc at $gluonc: build first" >&2; exit 2; }

for manifest in "$root"/tests/lit/golden/*.toml; do
  listed=$#
  for name in "$@"; do
    grep -q "^out = \"$name\"" "$manifest" && listed=0
  done
  if [ "$listed" -eq 0 ]; then
    "$gluonc" golden update --manifest "$manifest" --dir "$root/tests/lit/golden"
  fi
done

python3 - "$root" "$gluonc" "$@" <<'PY'
import pathlib, re, shlex, shutil, subprocess, sys

root, gluonc = pathlib.Path(sys.argv[1]), sys.argv[2]
wanted, seen = set(sys.argv[3:]), set()
for test in sorted((root / "tests/lit/samples").glob("*.test")):
    lines = [l[len("RUN: "):] for l in test.read_text().splitlines()
             if l.startswith("RUN: ")]
    for line in lines:
        diff = re.match(r"diff -ru ((?:-x \S+ )*)%golden/(\S+) %t(\S*)$", line)
        if not diff:
            continue
        excluded, name, sub = diff.groups()
        if wanted and name not in wanted:
            continue
        seen.add(name)
        excluded = shlex.split(excluded)[1::2]
        writer = next(l for l in lines
                      if "%gluonc " in l and re.search(rf"-o %t{re.escape(sub)}(\s|$)", l))
        command = writer.split("&& ", 1)[-1]
        out = root / "tests/lit/golden" / name
        shutil.rmtree(out, ignore_errors=True)
        command = (command.replace("%gluonc", shlex.quote(gluonc))
                   .replace("%samples", shlex.quote(str(root / "samples")))
                   .replace(f"%t{sub}", shlex.quote(str(out))))
        subprocess.run(command, shell=True, check=True, cwd=root)
        for pattern in excluded:  # what the test's diff leaves out
            for path in out.glob(pattern):
                path.unlink()
        print(f"updated tests/lit/golden/{name}")
for manifest in (root / "tests/lit/golden").glob("*.toml"):
    seen |= set(re.findall(r'^out = "(\S+)"', manifest.read_text(), re.M))
if wanted - seen:
    sys.exit("no golden folder named " + ", ".join(sorted(wanted - seen)))
PY
