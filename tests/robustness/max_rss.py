"""Runs a command and fails when it used more memory than allowed.

    max_rss.py MEGABYTES COMMAND [ARGS...]

Exits with the command's status, or 1 when its peak resident memory
(getrusage of the child) passed MEGABYTES. The command's output passes
through.
"""
import resource
import subprocess
import sys

limit_mb = int(sys.argv[1])
result = subprocess.run(sys.argv[2:])
peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
if peak_mb > limit_mb:
    sys.stderr.write(f"max_rss: '{' '.join(sys.argv[2:])}' used {peak_mb} MB,"
                     f" more than {limit_mb} MB\n")
    sys.exit(1)
sys.exit(result.returncode)
