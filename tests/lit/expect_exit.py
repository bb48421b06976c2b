"""Runs a command and succeeds only if it exits with the given status.

    expect_exit.py STATUS COMMAND [ARGS...]

The command's output passes through, so it can be piped into FileCheck.
A crash (death by a signal) never matches.
"""
import subprocess
import sys

expected = int(sys.argv[1])
result = subprocess.run(sys.argv[2:])
if result.returncode != expected:
    sys.stderr.write(f"expect_exit: '{' '.join(sys.argv[2:])}' exited with "
                     f"{result.returncode}, expected {expected}\n")
    sys.exit(1)
