"""usage: limited.py MEGABYTES PROGRAM ARGS...: runs PROGRAM with its address
space limited to MEGABYTES MiB (RLIMIT_AS), so that a loader that allocates
what a hostile header claims fails the test instead of passing slowly."""
import resource
import subprocess
import sys

limit = int(sys.argv[1]) << 20
command = sys.argv[2:]
status = subprocess.run(
    command, preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit))).returncode
sys.exit(status if status >= 0 else 128 - status)
