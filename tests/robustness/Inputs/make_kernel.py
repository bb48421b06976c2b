"""Writes a kernel metadata JSON (gluonc.kernel/1, the document of
docs/metadata.md for `add_kernel(x_ptr, n)`) and its image, so that the
runtime's robustness cases need neither gluonc nor a GPU. The image is 64
bytes that are not a cubin; gluon-run --info and everything before device
selection only check its size and SHA-256.

    make_kernel.py JSON [--image-file NAME] [--image-from PATH]
                        [--set KEY.PATH=JSON]... [--params N]
                        [--tensordesc SPEC]... [--fake-cubin]
                        [--static-shared BYTES]
                        [--container FORMAT [--empty-entry]]
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
--tensordesc SPEC  appends a TMA tensor descriptor parameter, laid out as
                   docs/metadata.md says (the map at the next multiple of
                   64 bytes): NAME=DTYPE:BLOCK[:box=BOX][:swizzle=BYTES]
                   [:padding=nan], e.g. a_desc=fp16:128x64; the swizzle
                   defaults to NVMMASharedLayout.get_default_for's and the
                   box to the block, its innermost dimension cut to the
                   swizzle's width
--fake-cubin       the image is one the stand-in CUDA driver
                   (tests/support/FakeCuda.cpp) reads: the entry and its
                   parameters' sizes (a descriptor's map, shape and strides
                   each), with --static-shared BYTES of static shared memory
--container FORMAT the image goes into a container, add_kernel.FORMAT,
                   which image.file and image.format name: "fatbin", a
                   CUDA fat binary as backends/nvidia/Fatbin.cpp lays one
                   out (an sm_80 cubin of the same bytes, then target.arch's
                   cubin), or "hipfb", a clang offload bundle (the empty
                   host entry, then target.arch's code object)
--empty-entry      the container's entry for target.arch is empty (0 bytes)
--nest N           a constexpr NESTED holding N nested arrays
--replace OLD NEW  replaces text in the written JSON (after sorting keys)
"""
import argparse
import hashlib
import json
import os
import struct

parser = argparse.ArgumentParser()
parser.add_argument("json_path")
DEFAULT_IMAGE = "add_kernel.sm_90a.cubin"
parser.add_argument("--image-file", default=DEFAULT_IMAGE)
parser.add_argument("--image-from")
parser.add_argument("--set", action="append", default=[])
parser.add_argument("--params", type=int)
parser.add_argument("--nest", type=int)
parser.add_argument("--replace", nargs=2, action="append", default=[])
parser.add_argument("--tensordesc", action="append", default=[])
parser.add_argument("--fake-cubin", action="store_true")
parser.add_argument("--static-shared", type=int, default=0)
parser.add_argument("--container", choices=["fatbin", "hipfb"])
parser.add_argument("--empty-entry", action="store_true")
options = parser.parse_args()

folder = os.path.dirname(os.path.abspath(options.json_path))
os.makedirs(folder, exist_ok=True)
image = bytes(range(64))
if options.image_from:
    with open(options.image_from, "rb") as f:
        image = f.read()

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

# dtype: (bytes, CUtensorMapDataType)
TMA_TYPES = {"i8": (1, 0), "u8": (1, 0), "fp8e4nv": (1, 0), "fp8e5": (1, 0),
             "i16": (2, 1), "u16": (2, 1), "u32": (4, 2), "i32": (4, 3),
             "u64": (8, 4), "i64": (8, 5), "fp16": (2, 6), "fp32": (4, 7),
             "fp64": (8, 8), "bf16": (2, 9)}


def dims(text):
    return [int(x) for x in text.split("x")]


def tensordesc_param(spec, offset):
    name, fields = spec.split("=", 1)
    dtype, block, *extra = fields.split(":")
    block = dims(block)
    keys = dict(field.split("=", 1) for field in extra)
    element_bytes, tma_type = TMA_TYPES[dtype]
    inner = block[-1] * element_bytes
    swizzle = next((w for w in (128, 64, 32) if inner >= w and inner % w == 0),
                   0)
    swizzle = int(keys.get("swizzle", swizzle))
    if "box" in keys:
        box = dims(keys["box"])
    else:
        box = [min(d, 256) for d in block]
        if swizzle:
            box[-1] = min(box[-1], swizzle // element_bytes)
    rank = len(block)
    offset = (offset + 63) // 64 * 64
    shape_offset = offset + 128
    strides_offset = (shape_offset + 4 * rank + 7) // 8 * 8
    block_text = ", ".join(str(d) for d in block)
    return {
        "alignment": 64, "divisibility": 16, "element_type": dtype,
        "kind": "tensordesc", "name": name, "offset": offset,
        "size": strides_offset + 8 * rank - offset,
        "tensordesc": {
            "block_shape": block, "box_shape": box,
            "element_bytes": element_bytes,
            "layout": f"NVMMASharedLayout(swizzle_byte_width={swizzle}, "
                      f"element_bitwidth={8 * element_bytes}, rank={rank}, "
                      "transposed=False)",
            "map_offset": offset, "padding": keys.get("padding", "zero"),
            "rank": rank, "shape_offset": shape_offset,
            "strides_offset": strides_offset, "swizzle_bytes": swizzle,
            "tma_data_type": tma_type,
            "tma_swizzle": {0: 0, 32: 1, 64: 2, 128: 3}[swizzle]},
        "type": f"tensordesc<{dtype}[{block_text}]>"}


for spec in options.tensordesc:
    end = max((p["offset"] + p["size"] for p in params), default=0)
    params.append(tensordesc_param(spec, end))

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



def param_sizes(param):
    if param["kind"] != "tensordesc":
        return [param["size"]]
    rank = param["tensordesc"]["rank"]
    return [128] + [4] * rank + [8] * rank


if options.fake_cubin:
    sizes = [size for param in document["params"]
             for size in param_sizes(param)]
    body = (f"kernel {document['entry']} static_shared "
            f"{options.static_shared} params "
            + " ".join(str(size) for size in sizes) + "\n")
    size = len(body)
    while len(f"gluonc-fake-cubin {size}\n") + len(body) != size:
        size = len(f"gluonc-fake-cubin {size}\n") + len(body)
    image = f"gluonc-fake-cubin {size}\n{body}".encode()
    touched = {a.split("=", 1)[0] for a in options.set}
    if "image.size" not in touched:
        document["image"]["size"] = len(image)
    if "image.sha256" not in touched:
        document["image"]["sha256"] = hashlib.sha256(image).hexdigest()


def fatbin_entry(image, arch):
    """A cubin entry (gluonc/ABI/Containers.h): the header, the image padded
    to 8 bytes."""
    capability = int(arch[3:].rstrip("af"))
    flags = 0x11 | (0x100000 if arch.endswith("a") else 0)
    padded = image + bytes(-len(image) % 8)
    return struct.pack("<HHIQIIHHIIIQQQ", 2, 0x101, 64, len(padded), 0, 0, 0,
                       0, capability, 0, 0, flags, 0, 0) + padded


def container_of(image, arch, kind):
    entry = b"" if options.empty_entry else image
    if kind == "fatbin":
        body = fatbin_entry(image, "sm_80") + fatbin_entry(entry, arch)
        return struct.pack("<IHHQ", 0xBA55ED50, 1, 16, len(body)) + body
    ids = [b"host-x86_64-unknown-linux-gnu-",
           b"hipv4-amdgcn-amd-amdhsa--" + arch.encode()]
    start = 32 + sum(24 + len(i) for i in ids)
    headers = struct.pack("<QQQ", start, 0, len(ids[0])) + ids[0]
    headers += struct.pack("<QQQ", start, len(entry), len(ids[1])) + ids[1]
    return (b"__CLANG_OFFLOAD_BUNDLE__" + struct.pack("<Q", 2) + headers
            + entry)


if options.container:
    image = container_of(image, document["target"]["arch"], options.container)
    options.image_file = f"add_kernel.{options.container}"
    document["image"].update({
        "file": options.image_file, "format": options.container,
        "sha256": hashlib.sha256(image).hexdigest(), "size": len(image)})
    with open(os.path.join(folder, options.image_file), "wb") as f:
        f.write(image)

if not options.image_from and options.image_file == DEFAULT_IMAGE:
    with open(os.path.join(folder, options.image_file), "wb") as f:
        f.write(image)

text = json.dumps(document, sort_keys=True)
if options.nest is not None:
    text = text.replace('"@NESTED@"', "[" * options.nest + "]" * options.nest)
for old, new in options.replace:
    assert old in text, f"'{old}' is not in the document"
    text = text.replace(old, new)
with open(options.json_path, "w") as f:
    f.write(text)
