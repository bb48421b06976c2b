"""Prints one line per entry of a directory tree: its path, its kind, and
for a regular file its size and SHA-256, for a symlink its target. Two
digests of the same tree are equal exactly when nothing in it changed, so
a test takes one before and one after a command and diffs them.

    tree_digest.py DIR
"""
import hashlib
import os
import stat
import sys

root = sys.argv[1]
for folder, dirs, files in os.walk(root):
    dirs.sort()
    for name in sorted(dirs + files):
        path = os.path.join(folder, name)
        info = os.lstat(path)
        rel = os.path.relpath(path, root)
        if stat.S_ISLNK(info.st_mode):
            print(f"{rel} link {os.readlink(path)}")
        elif stat.S_ISREG(info.st_mode):
            with open(path, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            print(f"{rel} file {info.st_size} {digest}")
        elif stat.S_ISDIR(info.st_mode):
            print(f"{rel} dir")
        else:
            print(f"{rel} other {stat.S_IFMT(info.st_mode):o}")
