#!/usr/bin/env python3
"""Emits every example (examples/*.gt) under its default schedule and its most
demanding ones, and compiles the C++ with -Wall -Wextra -Werror under g++ and
clang++-19, with the C++ files of examples/ (extern functions) too.

The most demanding schedule of an example is examples/schedules/
<example>_hybrid_parallel.sched (both variants, atomics, frontiers) when it
exists; otherwise <example>_push_parallel.sched (atomics; an example whose
traversals cover all vertices has no hybrid schedule, a hybrid over all
vertices being a pull), otherwise every <example>_*_parallel.sched. Every
<example>_options_*.sched is compiled too: those use the less common options
(edge-aware and edge-parallel loops, bitvectors, sliding queues, segments,
numbers read from argv); so is every <example>_*numa*.sched, also with
--account-accesses.

Exits non-zero, naming the file and compiler, on the first warning or error.
"""
import argparse
import concurrent.futures
import glob
import os
import shutil
import subprocess
import sys

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))
COMPILERS = ["g++", "clang++-19"]


def schedules(example):
    directory = os.path.join(REPO, "examples", "schedules")
    options = sorted(os.path.basename(p)
                     for p in glob.glob(os.path.join(directory, example + "_options_*.sched")))
    numa = sorted(os.path.basename(p)
                  for p in glob.glob(os.path.join(directory, example + "_*numa*.sched")))
    return demanding(example, directory) + options + numa


def demanding(example, directory):
    for preferred in ("_hybrid_parallel.sched", "_push_parallel.sched"):
        if os.path.exists(os.path.join(directory, example + preferred)):
            return [example + preferred]
    found = sorted(os.path.basename(p)
                   for p in glob.glob(os.path.join(directory, example + "_*_parallel.sched")))
    # bc_*_parallel also matches bc_multi_*: keep the example's own schedules.
    return [s for s in found if s[len(example) + 1:].count("_") == 1]


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
    examples = sorted(os.path.splitext(os.path.basename(p))[0]
                      for p in glob.glob(os.path.join(REPO, "examples", "*.gt")))
    if not examples:
        sys.exit("no example in %s" % os.path.join(REPO, "examples"))
    jobs = []
    for example in examples:
        source = os.path.join(REPO, "examples", example + ".gt")
        for schedule in [None] + schedules(example):
            name = os.path.splitext(schedule)[0] if schedule else example + "_default"
            cpp = os.path.join(args.out, name + ".cpp")
            command = [args.polyc, source, "--emit=cpp", "-o", cpp]
            if schedule:
                command += ["-s", os.path.join(REPO, "examples", "schedules", schedule)]
            subprocess.run(command, check=True)
            jobs += [(cpp, cxx) for cxx in compilers]
            if schedule and "numa" in schedule:
                # and counting its accesses (--account-accesses)
                counted = os.path.join(args.out, name + "_accounted.cpp")
                command[command.index(cpp)] = counted
                subprocess.run(command + ["--account-accesses"], check=True)
                jobs += [(counted, cxx) for cxx in compilers]
    # The C++ an example links in (set_cover's extern function), with the
    # same warnings.
    jobs += [(cpp, cxx) for cpp in sorted(glob.glob(os.path.join(REPO, "examples", "*.cpp")))
             for cxx in compilers]
    if os.environ.get("POLYC_TEST_SANITIZED_POLYC"):
        # Run with the sanitized polyc, the point is polyc emitting every
        # example; compiling that C++ again checks g++ and clang, not polyc.
        print("emitted %d generated files (the sanitized run does not compile them)"
              % (len(jobs) // len(compilers)))
        return

    def compile_one(job):
        cpp, cxx = job
        return subprocess.run(
            [cxx, "-std=c++20", "-fopenmp", "-Wall", "-Wextra", "-Werror",
             "-fsyntax-only", "-I", include, cpp],
            capture_output=True, text=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for (cpp, cxx), result in zip(jobs, pool.map(compile_one, jobs)):
            if result.returncode != 0:
                sys.exit("%s: %s reports:\n%s" % (cpp, cxx, result.stderr))
    print("compiled %d generated files of %d examples warning-free"
          % (len(jobs), len(examples)))


if __name__ == "__main__":
    main()
