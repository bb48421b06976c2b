"""Writes a kernel metadata JSON (gluonc.kernel/1, the document of
docs/metadata.md for `add_kernel(x_ptr, n)`) and its image, so that the
runtime's robustness cases need neither gluonc nor a GPU. The image is 64
bytes that are not a cubin; gluon-run --info and everything before device
selection only check its size and SHA-256.

    make_kernel.py JSON [--image-file NAME] [--image-from PATH]
                        [--set KEY.PATH=JSON]... [--params N]
                        [--replace OLD NEW] [--nest N]

--image-file NAME  image.file as written in the JSON; the image is written
                   beside the JSON only under the default name,
                   add_kernel.sm_90a.cubin (another may be a FIFO or a
                   symlink leading out)
--image-from PATH  hash and size this existing file instead of the 64
                   bytes of the default image
--set K=V          sets the dotted key path K ("launch.num_ctas",
                   "params.0.divisibility") to the JSON value V
--params N         replaces the parameters by N i32 scalars
--nest N           a constexpr NESTED holding N nested arrays
--replace OLD NEW  replaces text in the written JSON (after sorting keys)
"""
import argparse
import hashlib
import json
import os

parser = argparse.ArgumentParser()
parser.add_argument("json_path")
DEFAULT_IMAGE = "add_kernel.sm_90a.cubin"
parser.add_argument("--image-file", default=DEFAULT_IMAGE)
parser.add_argument("--image-from")
parser.add_argument("--set", action="append", default=[])
parser.add_argument("--params", type=int)
parser.add_argument("--nest", type=int)
parser.add_argument("--replace", nargs=2, action="append", default=[])
options = parser.parse_args()

folder = os.path.dirname(os.path.abspath(options.json_path))
os.makedirs(folder, exist_ok=True)
image = bytes(range(64))
if options.image_from:
    with open(options.image_from, "rb") as f:
        image = f.read()
elif options.image_file == DEFAULT_IMAGE:
    with open(os.path.join(folder, options.image_file), "wb") as f:
        f.write(image)

params = [
    {"alignment": 8, "divisibility": 16, "element_type": "fp32",
     "kind": "pointer", "name": "x_ptr", "offset": 0, "size": 8,
     "type": "*fp32"},
    {"alignment": 4, "divisibility": 1, "kind": "scalar", "name": "n",
     "offset": 8, "size": 4, "type": "i32"},
]
if options.params is not None:
    params = [{"alignment": 4, "divisibility": 1, "kind": "scalar",
               "name": f"p{i}", "offset": 4 * i, "size": 4, "type": "i32"}
              for i in range(options.params)]

document = {
    "compiler": {"name": "gluonc", "version": "0.1.0"},
    "constexprs": {"BLOCK": 1024},
    "entry": "add_kernel",
    "image": {"file": options.image_file, "format": "cubin",
              "sha256": hashlib.sha256(image).hexdigest(),
              "size": len(image)},
    "launch": {"block_dims": [128, 1, 1], "cluster_dims": [1, 1, 1],
               "num_ctas": 1, "num_warps": 4, "shared_bytes": 0,
               "shared_static_bytes": 0},
    "params": params,
    "partitions": [],
    "resources": {"registers": 16},
    "schema": "gluonc.kernel/1",
    "scratch": {"global_alignment": 1, "global_bytes": 0},
    "source": {"kernel": "add_kernel", "path": "vector_add.py"},
    "target": {"arch": "sm_90a", "backend": "nvidia", "warp_size": 32},
}
if options.nest is not None:  # spliced in as text: json.dumps recurses
    document["constexprs"]["NESTED"] = "@NESTED@"

for assignment in options.set:
    path, value = assignment.split("=", 1)
    keys = path.split(".")
    target = document
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    last = keys[-1]
    if isinstance(target, list):
        target[int(last)] = json.loads(value)
    else:
        target[last] = json.loads(value)

text = json.dumps(document, sort_keys=True)
if options.nest is not None:
    text = text.replace('"@NESTED@"', "[" * options.nest + "]" * options.nest)
for old, new in options.replace:
    assert old in text, f"'{old}' is not in the document"
    text = text.replace(old, new)
with open(options.json_path, "w") as f:
    f.write(text)
