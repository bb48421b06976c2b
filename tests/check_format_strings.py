#!/usr/bin/env python3
# Checks the format strings of libgluonrt and gluon-run at compile time.
#
#   check_format_strings.py BUILD_DIR SOURCE_DIR
#
# fmt 9 checks a format string against its arguments when it is built as a
# fmt::format_string, but only where `consteval` exists: under C++20. The
# project builds as C++17, where a wrong argument count or a bad spec is a
# run-time fmt::format_error, that is an exception in the middle of
# reporting another failure. This compiles each of the runtime's sources
# (runtime/, tools/gluon-run/, src/Support/) again with the flags the build
# uses (compile_commands.json), as -std=c++20 -fsyntax-only, so that fmt
# checks every call; warnings are the normal build's business and are left
# out (-w). A probe with a wrong argument count must then fail to compile,
# so that a toolchain on which the check has no teeth fails the test rather
# than passing it.

import concurrent.futures
import json
import os
import shlex
import subprocess
import sys
import tempfile

CHECKED_FOLDERS = ("runtime", os.path.join("tools", "gluon-run"),
                   os.path.join("src", "Support"))

# fail() is the runtime's fmt-forwarding error helper (runtime/Error.h):
# the check must see through it as through fmt::format itself.
PROBE = """#include "Error.h"
gluonrt_status probe() {
  return gluonrt::fail(GLUONRT_ERROR_IO, "{} of {}", 1);
}
"""


def syntax_only(arguments):
    """The compile command `arguments` as a C++20 syntax check."""
    command = []
    skip = False
    for argument in arguments:
        if skip:
            skip = False
            continue
        if argument in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if argument in ("-c", "-MD", "-MMD", "-Werror") or \
                argument.startswith("-std="):
            continue
        command.append(argument)
    return command + ["-std=c++20", "-fsyntax-only", "-w"]


def run(command, directory):
    result = subprocess.run(command, cwd=directory, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    return result.returncode, result.stdout


def main():
    build, source = sys.argv[1], os.path.realpath(sys.argv[2])
    with open(os.path.join(build, "compile_commands.json")) as file:
        entries = json.load(file)
    folders = [os.path.join(source, folder) + os.sep
               for folder in CHECKED_FOLDERS]
    checks = {}
    for entry in entries:
        path = os.path.realpath(
            os.path.join(entry["directory"], entry["file"]))
        if path in checks or not any(path.startswith(f) for f in folders):
            continue
        arguments = entry.get("arguments") or shlex.split(entry["command"])
        checks[path] = (syntax_only(arguments), entry["directory"])
    if not checks:
        print("check_format_strings: no runtime sources in "
              f"{build}/compile_commands.json")
        return 1

    failures = 0
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        results = {path: pool.submit(run, command, directory)
                   for path, (command, directory) in checks.items()}
        for path, future in sorted(results.items()):
            status, output = future.result()
            if status != 0:
                failures += 1
                print(f"FAIL {os.path.relpath(path, source)}\n{output}")
    print(f"check_format_strings: {len(checks) - failures} of {len(checks)} "
          "sources have well-formed format strings")

    # The probe, compiled as runtime/Error.cpp is.
    error_cpp = os.path.join(source, "runtime", "Error.cpp")
    command, directory = checks[error_cpp]
    with tempfile.TemporaryDirectory() as scratch:
        probe = os.path.join(scratch, "probe.cpp")
        with open(probe, "w") as file:
            file.write(PROBE)
        command = [probe if os.path.realpath(
            os.path.join(directory, argument)) == error_cpp else argument
            for argument in command]
        command += ["-I", os.path.join(source, "runtime")]
        status, output = run(command, directory)
    if status == 0 or "argument not found" not in output:
        print("FAIL the probe, a call with one argument for two '{}', "
              "compiled: this compiler and fmt check no format string "
              f"(status {status})\n{output}")
        failures += 1
    else:
        print("check_format_strings: the probe's wrong argument count is "
              "refused at compile time")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
