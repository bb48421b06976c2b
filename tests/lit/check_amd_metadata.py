#!/usr/bin/env python3
"""Compares a gluonc metadata JSON with its hsaco's NT_AMDGPU_METADATA note.

    check_amd_metadata.py KERNEL.hsaco KERNEL.json
    check_amd_metadata.py --all FOLDER      (every *.hsaco below FOLDER,
                                             each with the JSON beside it)

Reads the note with `llvm-readelf --notes` (on PATH) and checks that the
JSON's entry, resources, explicit parameter offsets and hidden parameters
are the code object's own. Prints what it compared; exits 1 on the first
disagreement.
"""

import json
import pathlib
import re
import subprocess
import sys

# JSON resource key -> note key.
RESOURCES = {
    "sgprs": ".sgpr_count",
    "vgprs": ".vgpr_count",
    "agprs": ".agpr_count",
    "sgpr_spills": ".sgpr_spill_count",
    "vgpr_spills": ".vgpr_spill_count",
    "kernarg_bytes": ".kernarg_segment_size",
    "kernarg_alignment": ".kernarg_segment_align",
    "lds_bytes": ".group_segment_fixed_size",
    "private_bytes": ".private_segment_fixed_size",
    "wavefront_size": ".wavefront_size",
    "max_flat_workgroup_size": ".max_flat_workgroup_size",
}


def read_note(hsaco):
    """The first kernel of the note: its scalar fields and its arguments."""
    text = subprocess.run(["llvm-readelf", "--notes", hsaco], check=True,
                          capture_output=True, text=True).stdout
    kernel, args, arg = {}, [], None
    for line in text.splitlines():
        field = re.match(r"^  (?:- |  )(\.\w+):\s+(\S+)$", line)
        arg_field = re.match(r"^      (- |  )(\.\w+):\s+(\S+)$", line)
        if arg_field:
            if arg_field.group(1) == "- ":
                arg = {}
                args.append(arg)
            arg[arg_field.group(2)] = arg_field.group(3)
        elif field:
            kernel[field.group(1)] = field.group(2)
    if not kernel:
        sys.exit(f"{hsaco}: no AMDGPU metadata note")
    return kernel, args


def check(hsaco, json_path):
    kernel, args = read_note(hsaco)
    with open(json_path) as f:
        meta = json.load(f)
    checks = 0

    def expect(what, got, want):
        nonlocal checks
        if str(got) != str(want):
            sys.exit(f"mismatch: {what}: JSON has {got}, the note {want}")
        checks += 1

    expect("entry", meta["entry"], kernel[".name"])
    expect("symbol", meta["target"]["kernel_descriptor"], kernel[".symbol"])
    for key, note_key in RESOURCES.items():
        # A target without AGPRs (gfx1250) leaves .agpr_count out: 0.
        want = kernel.get(note_key, "0" if key == "agprs" else None)
        expect(f"resources.{key}", meta["resources"][key], want)
    explicit = [a for a in args if not a[".value_kind"].startswith("hidden_")]
    hidden = [a for a in args if a[".value_kind"].startswith("hidden_")]
    expect("explicit parameter count", len(meta["params"]), len(explicit))
    for param, arg in zip(meta["params"], explicit):
        expect(f"offset of {param['name']}", param["offset"], arg[".offset"])
        expect(f"size of {param['name']}", param["size"], arg[".size"])
    json_hidden = meta.get("hidden_params", [])
    expect("hidden parameter count", len(json_hidden), len(hidden))
    for entry, arg in zip(json_hidden, hidden):
        expect("hidden kind", entry["kind"], arg[".value_kind"])
        expect(f"offset of {entry['kind']}", entry["offset"], arg[".offset"])
        expect(f"size of {entry['kind']}", entry["size"], arg[".size"])
    print(f"{meta['entry']}: the JSON agrees with the note on {checks} fields "
          f"({len(explicit)} parameters, {len(hidden)} hidden)")


def main():
    if sys.argv[1] == "--all":
        images = sorted(pathlib.Path(sys.argv[2]).rglob("*.hsaco"))
        if not images:
            sys.exit(f"no .hsaco below {sys.argv[2]}")
        for image in images:
            check(str(image), str(image.with_suffix(".json")))
        print(f"{len(images)} code objects agree with their JSON")
    else:
        check(sys.argv[1], sys.argv[2])


if __name__ == "__main__":
    main()
