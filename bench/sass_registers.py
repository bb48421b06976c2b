#!/usr/bin/env python3
"""Registers per partition of a warp-specialized cubin, as ptxas allocated them.

  sass_registers.py KERNEL.json [KERNEL.json ...]

For each gluonc build (its JSON names the cubin beside it), runs cuobjdump
on the cubin and prints, next to the JSON's register plan (`partitions`):

  * the kernel's register count and stack from `--dump-resource-usage`
    (for a warp-specialized kernel the count is the entry `.maxnreg`);
  * each `USETMAXREG` (setmaxnreg) in the SASS with its register count;
    the plan is honoured when these are the plan's warpgroup budgets;
  * for the code from each `USETMAXREG` to the next (by address: the
    region a partition enters after its setmaxnreg, plus whatever exit
    code ptxas placed after it), the highest register it touches + 1.
    An operand `Rn` of a `.64` / `.WIDE` instruction counts 2 registers,
    of a `.128` one 4, and an HGMMA's accumulator the 64 x N fragment
    (N / 2 fp32 registers).

Needs cuobjdump (the CUDA toolkit's) on PATH.
"""

import json
import os
import re
import subprocess
import sys

INSTRUCTION = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(.*?);")
REGISTER = re.compile(r"\bR(\d+)\b")
SETMAXREG = re.compile(r"USETMAXREG\.(\w+)[.\w]*\s+(?:\S+,\s*)?(0x[0-9a-f]+|\d+)")
HGMMA_SHAPE = re.compile(r"HGMMA\.64x(\d+)x\d+\.(F32|F16)")


def operand_width(opcode):
    shape = HGMMA_SHAPE.search(opcode)
    if shape:
        n = int(shape.group(1))
        return n // 2 if shape.group(2) == "F32" else n // 4
    if ".128" in opcode:
        return 4
    if ".64" in opcode or ".WIDE" in opcode:
        return 2
    return 1


def highest_register(text):
    """The highest register index + 1 that one SASS instruction touches."""
    opcode = text.split()[0] if not text.startswith("@") else text.split()[1]
    width = operand_width(opcode)
    return max((int(r) + width for r in REGISTER.findall(text)), default=0)


def segments(sass):
    """[(setmaxnreg kind, count or None, highest register + 1)] in address order."""
    result = [["entry", None, 0]]
    for match in INSTRUCTION.finditer(sass):
        text = match.group(2).strip()
        setmax = SETMAXREG.search(text)
        if setmax:
            result.append([setmax.group(1), int(setmax.group(2), 0), 0])
            continue
        result[-1][2] = max(result[-1][2], highest_register(text))
    return result


def run(args):
    return subprocess.run(args, check=True, capture_output=True,
                          text=True).stdout


def report(json_path):
    with open(json_path) as handle:
        metadata = json.load(handle)
    cubin = os.path.join(os.path.dirname(json_path), metadata["image"]["file"])
    print(f"== {json_path}")
    for part in metadata.get("partitions", []):
        print(f"  plan: {part['name']:<9} warps {part['start_warp']:>2}"
              f"+{part['num_warps']:<2} requested "
              f"{str(part['requested_registers']):>4} granted "
              f"{part['granted_registers']}")
    usage = run(["cuobjdump", "--dump-resource-usage", cubin])
    for line in usage.splitlines():
        if "REG:" in line:
            print("  ptxas:", line.strip())
    for kind, count, highest in segments(run(["cuobjdump", "--dump-sass",
                                              cubin])):
        budget = f"setmaxnreg {kind.lower()} {count}" if count else "entry"
        print(f"  sass: {budget:<26} highest register used {highest}")


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    for path in sys.argv[1:]:
        report(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
