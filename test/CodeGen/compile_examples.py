#!/usr/bin/env python3
"""Emits every example under its default and its hybrid parallel schedule and
compiles the C++ with -Wall -Wextra -Werror under g++ and clang++-19.

Exits non-zero, naming the file and compiler, on the first warning or error.
"""
import argparse
import os
import shutil
import subprocess
import sys

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))
EXAMPLES = ["pr", "prdelta", "bfs", "sssp", "cc"]
COMPILERS = ["g++", "clang++-19"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--polyc", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    include = os.path.join(REPO, "runtime", "include")
    compilers = [c for c in COMPILERS if shutil.which(c)]
    if len(compilers) != len(COMPILERS):
        sys.exit("missing compiler: need %s" % ", ".join(COMPILERS))
    checked = 0
    for example in EXAMPLES:
        source = os.path.join(REPO, "examples", example + ".gt")
        for schedule in (None, example + "_hybrid_parallel.sched"):
            cpp = os.path.join(args.out, "%s_%s.cpp" % (example, schedule or "default"))
            command = [args.polyc, source, "--emit=cpp", "-o", cpp]
            if schedule:
                command += ["-s", os.path.join(REPO, "examples", "schedules", schedule)]
            subprocess.run(command, check=True)
            for cxx in compilers:
                result = subprocess.run(
                    [cxx, "-std=c++20", "-fopenmp", "-Wall", "-Wextra", "-Werror",
                     "-fsyntax-only", "-I", include, cpp],
                    capture_output=True, text=True)
                if result.returncode != 0:
                    sys.exit("%s: %s reports:\n%s" % (cpp, cxx, result.stderr))
                checked += 1
    print("compiled %d generated files warning-free" % checked)


if __name__ == "__main__":
    main()
