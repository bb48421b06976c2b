#!/usr/bin/env python3
"""Lists and checks gluonc's multi-arch containers (lit's %check-containers).

  check_containers.py fatbin FILE [--extract ARCH KIND OUT]
  check_containers.py bundle FILE [--extract ID OUT]

Prints one line per image (fatbin: kind, arch, flags, version, size;
bundle: id, offset, size) after checking the structure that
backends/nvidia/Fatbin.cpp and backends/amd/OffloadBundle.cpp describe:
magic numbers, sizes that add up to the file, 8-byte padding (fatbin) or
4096-byte alignment (bundle), and that every cubin / code object is an
ELF file. --extract writes one image's bytes (a PTX entry without its
trailing NUL and padding) for a comparison. Exits 1 on a broken file.
"""
import struct
import sys


def fail(message):
    print(f"check_containers: {message}", file=sys.stderr)
    sys.exit(1)


def read_fatbin(data):
    if len(data) < 16:
        fail("too short for a fatbin header")
    magic, version, header_size, body = struct.unpack_from("<IHHQ", data, 0)
    if magic != 0xBA55ED50 or version != 1 or header_size != 16:
        fail(f"bad fatbin header {magic:#x} {version} {header_size}")
    if header_size + body != len(data):
        fail(f"the header says {body} bytes of entries, the file has "
             f"{len(data) - header_size}")
    entries, offset = [], header_size
    while offset < len(data):
        (kind, entry_version, entry_header, size, compressed, options,
         minor, major, arch, _, _, flags) = struct.unpack_from(
             "<HHIQIIHHIIIQ", data, offset)
        if kind not in (1, 2) or entry_version != 0x0101:
            fail(f"entry at {offset:#x}: kind {kind}, version "
                 f"{entry_version:#x}")
        if size % 8 or entry_header % 8 or compressed:
            fail(f"entry at {offset:#x}: unpadded or compressed")
        start = offset + entry_header
        image = data[start:start + size]
        if len(image) != size:
            fail(f"entry at {offset:#x} runs past the end")
        if kind == 2 and not image.startswith(b"\x7fELF"):
            fail(f"entry at {offset:#x}: the cubin is not an ELF file")
        if kind == 1:
            image = image.rstrip(b"\0")
            if b"\0" in image or b".version" not in image:
                fail(f"entry at {offset:#x}: not PTX text")
        entries.append({"kind": "cubin" if kind == 2 else "ptx",
                        "arch": arch, "flags": flags,
                        "version": f"{major}.{minor}", "size": size,
                        "options": options, "image": image})
        offset = start + size
    return entries


def read_bundle(data):
    magic = b"__CLANG_OFFLOAD_BUNDLE__"
    if not data.startswith(magic):
        fail("no __CLANG_OFFLOAD_BUNDLE__ magic")
    (count,) = struct.unpack_from("<Q", data, len(magic))
    offset, entries = len(magic) + 8, []
    for _ in range(count):
        start, size, id_size = struct.unpack_from("<QQQ", data, offset)
        offset += 24
        name = data[offset:offset + id_size].decode()
        offset += id_size
        if start % 4096:
            fail(f"{name} starts at {start}, not on a 4096-byte boundary")
        image = data[start:start + size]
        if len(image) != size:
            fail(f"{name} runs past the end")
        if size and not image.startswith(b"\x7fELF"):
            fail(f"{name} is not an ELF code object")
        entries.append({"id": name, "offset": start, "size": size,
                        "image": image})
    end = max(e["offset"] + e["size"] for e in entries) if entries else offset
    if end != len(data):
        fail(f"the entries end at {end}, the file at {len(data)}")
    return entries


def main(argv):
    if len(argv) < 3 or argv[1] not in ("fatbin", "bundle"):
        fail(__doc__.strip().splitlines()[2])
    data = open(argv[2], "rb").read()
    extract = argv[argv.index("--extract") + 1:] if "--extract" in argv else []
    if argv[1] == "fatbin":
        entries = read_fatbin(data)
        for e in entries:
            print(f"{e['kind']} sm={e['arch']} flags={e['flags']:#x} "
                  f"version={e['version']} options={e['options']:#x}")
        if extract:
            arch, kind, out = extract
            match = [e for e in entries
                     if str(e["arch"]) == arch and e["kind"] == kind]
            if len(match) != 1:
                fail(f"no single {kind} entry for {arch}")
            open(out, "wb").write(match[0]["image"])
    else:
        entries = read_bundle(data)
        for e in entries:
            print(f"{e['id']} offset={e['offset']} size={e['size']}")
        if extract:
            name, out = extract
            match = [e for e in entries if e["id"] == name]
            if len(match) != 1:
                fail(f"no entry {name}")
            open(out, "wb").write(match[0]["image"])


if __name__ == "__main__":
    main(sys.argv)
