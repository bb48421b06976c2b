#!/usr/bin/env python3
"""Checks an hsaco's machine code against the schedule gluonc planned.

    check_amd_schedule.py KERNEL.hsaco KERNEL.json [--stage LABEL=MNEMONIC]...
    check_amd_schedule.py KERNEL.hsaco --none

Disassembles the code object (`llvm-objdump -d`, on PATH) and finds the
kernel's loops (a backward s_branch / s_cbranch). With a JSON whose
`schedule` has one inter-wave pipeline, the loop holding the most
s_barriers must match it:

- the body has one s_barrier per stage (the borders), each preceded, since
  the previous instruction of the body that is neither s_setprio nor
  s_waitcnt, by `s_setprio P` with the priority of the stage after it
  (when the stages have priorities) and, where the border orders LDS,
  by an s_waitcnt with lgkmcnt(0);
- before the loop: `s_setprio` of stage 0 and a conditional barrier (an
  s_cbranch that jumps over exactly one s_barrier); after it: `s_setprio
  0` and another conditional barrier;
- `--stage LABEL=MNEMONIC`: every instruction of the loop whose mnemonic
  starts with MNEMONIC lies in stage LABEL (the code between the border
  before it and its own; stage 0 also holds the code after the last
  border, which the loop runs before the next iteration's first border),
  and there is at least one.

Each intra-wave region of the loop (the JSON's `intra_wave`) is checked
in its stage (the whole body when the loop has no inter-wave stages): the
stage's v_mfma and memory reads of the groups the plan names (ds_read*;
buffer_load* and global_load* that do not write LDS) are read as runs of
one group, which must be the plan's steps one for one, each run's count
within one of the planned count, and the totals exact: the reads sit
between the MFMAs with the planned cover.

With --none the kernel must have no s_setprio and no conditional barrier:
the build without stages (the check must be able to fail).

Prints what it checked; exits 1 on the first disagreement.
"""

import json
import re
import subprocess
import sys

LINE = re.compile(r"^\s+(\S+)(.*?)//\s*([0-9A-Fa-f]+):")
TARGET = re.compile(r"<[^>+]+\+0x([0-9a-f]+)>")


def fail(message):
    print("error: " + message)
    sys.exit(1)


def disassemble(hsaco):
    out = subprocess.run(["llvm-objdump", "-d", hsaco], check=True,
                         capture_output=True, text=True).stdout
    code, base = [], None
    for line in out.splitlines():
        header = re.match(r"^([0-9a-f]+) <(.+)>:$", line)
        if header:
            base = int(header.group(1), 16)
            continue
        match = LINE.match(line)
        if not match or base is None:
            continue
        mnemonic, operands, address = match.groups()
        target = TARGET.search(line)
        code.append({
            "mnemonic": mnemonic,
            "operands": operands.strip(),
            "address": int(address, 16),
            "target": base + int(target.group(1), 16) if target else None,
        })
    return code


def index_of(code, address):
    for i, inst in enumerate(code):
        if inst["address"] == address:
            return i
    fail("no instruction at 0x%x" % address)


def loops(code):
    """(first, last) instruction indices of each loop, by backward branch."""
    found = []
    for i, inst in enumerate(code):
        if inst["mnemonic"].startswith(("s_branch", "s_cbranch")) and \
                inst["target"] is not None and inst["target"] < inst["address"]:
            found.append((index_of(code, inst["target"]), i))
    return found


def conditional_barriers(code, first, last):
    """Indices of s_cbranch instructions in [first, last) that jump over
    exactly one s_barrier."""
    found = []
    for i in range(first, last):
        inst = code[i]
        if not inst["mnemonic"].startswith("s_cbranch") or inst["target"] is None:
            continue
        if i + 2 < len(code) and code[i + 1]["mnemonic"] == "s_barrier" and \
                code[i + 2]["address"] == inst["target"]:
            found.append(i)
    return found


def setprio_values(code, first, last):
    return [int(code[i]["operands"], 0) for i in range(first, last)
            if code[i]["mnemonic"] == "s_setprio"]


def border_prefix(code, barrier, start):
    """The s_setprio / s_waitcnt instructions right before `barrier`."""
    prefix, i = [], barrier - 1
    while i >= start and code[i]["mnemonic"] in ("s_setprio", "s_waitcnt"):
        prefix.append(code[i])
        i -= 1
    return prefix


def check_pipeline(code, schedule, stage_checks):
    stages = schedule["stages"]
    candidates = loops(code)
    if not candidates:
        fail("no loop in the kernel")
    first, last = max(candidates, key=lambda loop: sum(
        code[i]["mnemonic"] == "s_barrier" for i in range(loop[0], loop[1])))
    barriers = [i for i in range(first, last + 1)
                if code[i]["mnemonic"] == "s_barrier"]
    if len(barriers) != len(stages):
        fail("the loop has %d s_barrier, the plan %d borders"
             % (len(barriers), len(stages)))
    print("loop: %d instructions, %d borders" % (last - first + 1, len(barriers)))
    with_priorities = any("priority" in stage for stage in stages)
    for k, barrier in enumerate(barriers):
        after = stages[(k + 1) % len(stages)]
        prefix = border_prefix(code, barrier, first)
        priorities = [int(p["operands"], 0) for p in prefix
                      if p["mnemonic"] == "s_setprio"]
        if with_priorities and priorities != [after.get("priority", 0)]:
            fail("border %d sets priorities %s, the plan %d" %
                 (k, priorities, after.get("priority", 0)))
        if not with_priorities and priorities:
            fail("border %d sets a priority the plan has not" % k)
        orders = any(p["mnemonic"] == "s_waitcnt" and "lgkmcnt(0)" in p["operands"]
                     for p in prefix)
        if orders != (after["border_before"] == "lds"):
            fail("border %d %s LDS, the plan says %s" %
                 (k, "orders" if orders else "does not order",
                  after["border_before"]))
        print("border before '%s': priority %s, %s" %
              (after["label"], priorities[0] if priorities else "-",
               "lds" if orders else "execution"))
    before = conditional_barriers(code, 0, first)
    after_loop = conditional_barriers(code, last + 1, len(code))
    if not before or not after_loop:
        fail("expected a conditional barrier before and after the loop, "
             "found %d and %d" % (len(before), len(after_loop)))
    if with_priorities:
        if stages[0].get("priority", 0) not in setprio_values(code, 0, first):
            fail("no s_setprio %d before the loop" % stages[0].get("priority", 0))
        if 0 not in setprio_values(code, last + 1, len(code)):
            fail("no s_setprio 0 after the loop")
    print("conditional barriers: before the loop and after it")
    labels = [stage["label"] for stage in stages]
    for check in stage_checks:
        label, mnemonic = check.split("=", 1)
        if label not in labels:
            fail("no stage '%s'" % label)
        want = labels.index(label)
        count = 0
        for i in range(first, last + 1):
            if not code[i]["mnemonic"].startswith(mnemonic):
                continue
            passed = sum(b < i for b in barriers)
            stage = passed % len(stages)
            if stage != want:
                fail("%s at 0x%x is in stage '%s', not '%s'" %
                     (code[i]["mnemonic"], code[i]["address"], labels[stage],
                      label))
            count += 1
        if count == 0:
            fail("no %s in the loop" % mnemonic)
        print("stage '%s': all %d %s" % (label, count, mnemonic))


def instruction_group(inst):
    """The sched_group_barrier group of an instruction, or None."""
    mnemonic = inst["mnemonic"]
    if mnemonic.startswith("v_mfma"):
        return "mfma"
    if mnemonic.startswith("ds_read"):
        return "ds_read"
    if mnemonic.startswith(("buffer_load", "global_load")) and \
            not re.search(r"\blds\b", inst["operands"]) and "_lds_" not in mnemonic:
        return "vmem_read"
    return None


def runs(groups):
    found = []
    for group in groups:
        if found and found[-1][0] == group:
            found[-1][1] += 1
        else:
            found.append([group, 1])
    return found


def loop_with_most_mfmas(code):
    candidates = loops(code)
    if not candidates:
        fail("no loop in the kernel")
    return max(candidates, key=lambda loop: sum(
        code[i]["mnemonic"].startswith("v_mfma") for i in range(loop[0], loop[1])))


def check_interleave(code, loop, region, stages):
    first, last = loop
    members = range(first, last + 1)
    if region["stage"] is not None:
        labels = [stage["label"] for stage in stages]
        barriers = [i for i in members if code[i]["mnemonic"] == "s_barrier"]
        want = labels.index(region["stage"])
        members = [i for i in members
                   if sum(b < i for b in barriers) % len(labels) == want]
    planned = [[step["group"], step["count"]] for step in region["steps"]]
    wanted = {group for group, _ in planned}
    groups = [instruction_group(code[i]) for i in members]
    actual = runs([g for g in groups if g in wanted])
    shown = ", ".join("%s x%d" % (g, c) for g, c in actual)
    print("region '%s': planned %s" % (region["label"], region["sequence"]))
    print("region '%s': found   %s" % (region["label"], shown))
    for group in wanted:
        total = sum(c for g, c in planned if g == group)
        found = sum(c for g, c in actual if g == group)
        if total != found:
            fail("region '%s' has %d %s instructions, the plan %d"
                 % (region["label"], found, group, total))
    if len(actual) != len(planned):
        fail("region '%s' interleaves in %d runs, the plan in %d"
             % (region["label"], len(actual), len(planned)))
    for k, ((group, count), (want_group, want_count)) in \
            enumerate(zip(actual, planned)):
        if group != want_group or abs(count - want_count) > 1:
            fail("region '%s', step %d: %s x%d, the plan %s x%d"
                 % (region["label"], k, group, count, want_group, want_count))
    print("region '%s': %d steps as planned (counts within one)"
          % (region["label"], len(planned)))


def main(argv):
    if len(argv) < 2:
        fail(__doc__)
    code = disassemble(argv[0])
    if argv[1] == "--none":
        if setprio_values(code, 0, len(code)):
            fail("s_setprio in a kernel without stages")
        if conditional_barriers(code, 0, len(code)):
            fail("a conditional barrier in a kernel without stages")
        print("no s_setprio, no conditional barrier")
        return
    schedule = json.load(open(argv[1])).get("schedule", [])
    if len(schedule) != 1:
        fail("expected one scheduled loop in the JSON's schedule")
    stage_checks = []
    rest = argv[2:]
    while rest:
        if rest[0] != "--stage" or len(rest) < 2:
            fail("unknown argument " + rest[0])
        stage_checks.append(rest[1])
        rest = rest[2:]
    loop = schedule[0]
    if loop["stages"]:
        check_pipeline(code, loop, stage_checks)
    elif stage_checks:
        fail("--stage needs inter-wave stages")
    for region in loop.get("intra_wave", []):
        check_interleave(code, loop_with_most_mfmas(code), region,
                         loop["stages"])


if __name__ == "__main__":
    main(sys.argv[1:])
