#!/usr/bin/env python3
"""A polyc that goes wrong on purpose, for wrong.test: it runs the real polyc
(`polyc` on PATH) and then, for programs compiled with a schedule (-s) only,
does what WRONG_POLYC says:

  scale:LINE:FACTOR  the program prints line LINE multiplied by FACTOR
  set:LINE:VALUE     the program prints VALUE as line LINE
  exit:STATUS        the program exits with STATUS after printing
  crash              polyc dies of SIGSEGV
  unlocated          polyc prints an error without file:line:col and exits 1
  rejected:FUNCTION     polyc rejects the schedule's FUNCTION line (located)
  unsupported:FUNCTION  polyc says the schedule's FUNCTION line is not supported yet

The default schedule (no -s) compiles and runs as usual, so equivalence.py's
reference stays right and only the scheduled programs are wrong.
"""
import os
import shutil
import signal
import subprocess
import sys

args = sys.argv[1:]
mode = os.environ.get("WRONG_POLYC", "")
real = shutil.which("polyc")
scheduled = "-s" in args
sched = args[args.index("-s") + 1] if scheduled else None

if scheduled and mode == "crash":
    os.kill(os.getpid(), signal.SIGSEGV)
if scheduled and mode == "unlocated":
    sys.stderr.write("error: something went wrong\n")
    sys.exit(1)
kind, _, rest = mode.partition(":")
if scheduled and kind in ("rejected", "unsupported"):
    with open(sched) as f:
        lines = f.read().split("\n")
    for number, line in enumerate(lines, 1):
        if "->%s(" % rest in line:
            what = "is not supported yet" if kind == "unsupported" else "contradicts something"
            sys.stderr.write("%s:%d:10: error: '%s' %s\n" % (sched, number, rest, what))
            sys.exit(1)

status = subprocess.call([real] + args)
if status or not scheduled or "--emit=cpp" in args or "--emit=ir" in args:
    sys.exit(status)
exe = args[args.index("-o") + 1]
if kind not in ("scale", "set", "exit"):
    sys.exit(0)
os.rename(exe, exe + ".real")
if kind == "scale":
    line, factor = rest.split(":")
    edit = "NR==%s{printf \"%%.6g\\n\", $1*%s; next} {print}" % (line, factor)
elif kind == "set":
    line, value = rest.split(":")
    edit = "NR==%s{print \"%s\"; next} {print}" % (line, value)
else:
    edit = "{print} END{exit %s}" % rest
with open(exe, "w") as f:
    f.write("#!/bin/sh\n\"%s.real\" \"$@\" | awk '%s'\n" % (exe, edit))
os.chmod(exe, 0o755)
