#!/usr/bin/env python3
"""Registers per partition of a warp-specialized cubin, as ptxas allocated them.

  sass_registers.py KERNEL.json|KERNEL.cubin ...

For each gluonc build (its JSON names the cubin beside it) or cubin (of
any compiler: Triton's for comparison), runs cuobjdump on the cubin and
prints, after the JSON's register plan (`partitions`) if there is one:

  * the kernel's register count and stack from `--dump-resource-usage`
    (for a warp-specialized kernel the count is the entry `.maxnreg`);
  * each `USETMAXREG` (setmaxnreg) in the SASS with its register count;
    the plan is honoured when these are the plan's warpgroup budgets;
  * for the code each `USETMAXREG` leads to (followed through branches
    and fall-through up to an EXIT or the next `USETMAXREG`: the code a
    partition runs under that budget), the highest register it touches
    + 1. An operand `Rn` of a `.64` / `.WIDE` instruction counts 2
    registers, of a `.128` one 4, and an HGMMA's accumulator the 64 x N
    fragment (N / 2 fp32 registers).

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


BRANCH = re.compile(r"\bBRA(?:\.\w+)*\s+(?:`\()?(0x[0-9a-f]+)")


def parse(sass):
    """{address: instruction text} of the SASS listing, in address order."""
    return {int(m.group(1), 16): m.group(2).strip()
            for m in INSTRUCTION.finditer(sass)}


def successors(address, text, addresses):
    """Where control goes after the instruction at `address`."""
    predicated = text.startswith("@")
    opcode = text.split()[1 if predicated else 0]
    result = []
    branch = BRANCH.search(text)
    if branch:
        result.append(int(branch.group(1), 16))
    ends = opcode.startswith(("BRA", "EXIT", "RET", "BRX", "JMX"))
    if predicated or not ends:
        later = [a for a in addresses if a > address]
        if later:
            result.append(later[0])
    return result


def segments(sass):
    """[(setmaxnreg kind, count, highest register + 1)] per USETMAXREG, over
    the code it reaches before the next USETMAXREG or an EXIT."""
    code = parse(sass)
    addresses = sorted(code)
    result = []
    for address in addresses:
        setmax = SETMAXREG.search(code[address])
        if not setmax:
            continue
        highest, seen = 0, set()
        stack = successors(address, code[address], addresses)
        while stack:
            at = stack.pop()
            if at in seen or at not in code or SETMAXREG.search(code[at]):
                continue
            seen.add(at)
            highest = max(highest, highest_register(code[at]))
            stack.extend(successors(at, code[at], addresses))
        result.append((setmax.group(1), int(setmax.group(2), 0), highest))
    return result


def run(args):
    return subprocess.run(args, check=True, capture_output=True,
                          text=True).stdout


def report(path):
    print(f"== {path}")
    if path.endswith(".cubin"):
        cubin, metadata = path, {}
    else:
        with open(path) as handle:
            metadata = json.load(handle)
        cubin = os.path.join(os.path.dirname(path), metadata["image"]["file"])
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
        print(f"  sass: setmaxnreg {kind.lower():<9} {count:>3}: the code "
              f"after it uses registers up to {highest}")


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    for path in sys.argv[1:]:
        report(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
