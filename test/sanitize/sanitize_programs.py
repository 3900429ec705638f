#!/usr/bin/env python3
"""Sanitized generated programs: the ctest label sanitize-programs.

For one example of examples/*.gt: compile it under one parallel schedule (the
push-parallel one where there is one, else another parallel one, else the
default) three times, plainly, with `polyc --sanitize=address,undefined` and
with `polyc --sanitize=thread`; for an example that runs distributed, a fourth
time with `--sanitize=address,undefined` under configDistribution("chunk-alpha")
alone (asan-mpi), run by mpirun at 3 ranks on the Kronecker graph only; run all three on the example's small test
graphs (the runs of the schedule-equivalence suite, RUNS in
test/ScheduleEquivalence/equivalence.py, which follow the E2E plans) and on a
generated Kronecker graph of 2^11 vertices, large enough that the parallel
loops really run in parallel (below polyrt::kSerialWork = 2048 units of work a
traversal runs serially, so the small graphs alone would show TSan nothing);
and require of every sanitized run: exit status 0, no sanitizer report on
stderr, and the plain program's output (compared as the equivalence suite
compares schedules: integers exactly, floats within 1e-6 relative, BFS trees by
depth; set_cover's covers by the oracle, as any valid cover may come out).

usage: sanitize_programs.py --example bfs --polyc build/bin/polyc
           --polyrt-gen build/bin/polyrt-gen --work DIR [--sanitizers asan,tsan,asan-mpi]
Exit status 0 when every run is clean, 1 otherwise (each finding printed).
"""

import argparse
import glob
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, os.pardir, os.pardir))
sys.path.insert(0, os.path.join(REPO, "test", "ScheduleEquivalence"))
import equivalence as eq  # noqa: E402  (RUNS, comparators, graph conversion)

EXAMPLES = os.path.join(REPO, "examples")
SCHEDULES = os.path.join(EXAMPLES, "schedules")
GRAPHS = os.path.join(REPO, "test", "graphs")

RUN_TIMEOUT = 600
COMPILE_TIMEOUT = 900

# Every report is fatal and says so on stderr; the exit status 66 tells a
# sanitizer's stop from a program's own error (status 1).
SANITIZER_ENV = {
    "ASAN_OPTIONS": "halt_on_error=1:detect_leaks=1:exitcode=66",
    "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1:exitcode=66",
    "TSAN_OPTIONS": "halt_on_error=1:exitcode=66:ignore_noninstrumented_modules=1:"
                    "history_size=4:suppressions=" + os.path.join(HERE, "known_races.supp"),
}
# Single-precision sums in a different order (pr_float's parallel atomic adds
# on the Kronecker graph) differ by some 20 float ulps after 20 iterations:
# 2e-8 on 1e-2, 2e-6 relative. The double examples keep 1e-6.
FLOAT_REL = {"pr_float": 1e-5}
DEFAULT_FLOAT_REL = eq.FLOAT_REL
REPORT_RE = re.compile(r"ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:|"
                       r"WARNING: ThreadSanitizer|ERROR: ThreadSanitizer|"
                       r"SUMMARY: (Address|Thread|UndefinedBehavior)Sanitizer")

SANITIZE_FLAGS = {"asan": "--sanitize=address,undefined", "tsan": "--sanitize=thread",
                  "asan-mpi": "--sanitize=address,undefined"}
# The examples configDistribution runs (docs/distributed.md), and how asan-mpi
# runs them: 3 ranks, boundaries on 256 vertices so that the Kronecker graph's
# 2^11 split over all three.
DISTRIBUTED = {"pr", "pr_float", "prdelta", "bfs", "cc", "sssp", "kcore", "spmv", "bp", "cf",
               "eigenvector", "coloring"}
MPIRUN = ["mpirun", "--allow-run-as-root", "--oversubscribe", "--bind-to", "none", "-np", "3"]

# The examples RUNS does not cover (their E2E tests: ppsp.test, set_cover.test).
EXTRA_RUNS = {
    "ppsp": [("random30.wel", [0, 29], []), ("random30.wel", [29, 3], []),
             ("disconnected.wel", [0, 12], [])],
    "set_cover": [(g, [], []) for g in ["random30_sym.el", "simple64_sym.el", "hubs_sym.el",
                                        "triangles_sym.el", "disconnected_sym.el"]],
    "astar_grid": [],  # grids only, below
}
EXTRA_CXX = {"set_cover": [os.path.join(EXAMPLES, "set_cover_extern.cpp")]}
INTEGER_EXTRA = {"ppsp", "astar_grid"}

# The generated graphs: (file name, polyrt-gen arguments).
GENERATED = {
    "kron.sg": ["kron", "-s", "11"],
    "kron.u.sg": ["kron", "-s", "11", "-u"],
    "kron.wsg": ["kron", "-s", "11"],
    "kron.u.wsg": ["kron", "-s", "11", "-u"],
    "kron.simple.u.sg": ["kron", "-s", "11", "-u", "--simple"],
    "grid.wsg": ["grid", "--rows", "40", "--cols", "25", "--seed", "3", "-u"],
}
# Which generated graph (and arguments) each example runs on. SRC: the vertex
# of the largest out-degree (Kronecker ids are permuted, and vertex 0 may reach
# nothing).
SRC = "SRC"
KRON = {
    "pr": ("kron.sg", []), "pr_float": ("kron.sg", []), "prdelta": ("kron.sg", []),
    "bfs": ("kron.sg", [SRC]), "sssp": ("kron.wsg", [SRC]), "sssp_delta": ("kron.wsg", [SRC]),
    "ppsp": ("kron.wsg", [SRC, 77]), "cc": ("kron.u.sg", []), "cc_sv": ("kron.u.sg", []),
    "cc_afforest": ("kron.u.sg", []), "eigenvector": ("kron.sg", []),
    "spmv": ("kron.wsg", []), "bp": ("kron.u.wsg", []), "cf": ("kron.wsg", []),
    "tc": ("kron.simple.u.sg", []), "kcore": ("kron.u.sg", []),
    "kcore_ordered": ("kron.u.sg", []), "coloring": ("kron.u.sg", []),
    "bc": ("kron.sg", [SRC]), "bc_multi": ("kron.sg", [SRC, 8]),
    "set_cover": ("kron.u.sg", []), "astar_grid": ("grid.wsg", [25, 0, 999]),
}


def schedule_for(example):
    """The push-parallel schedule, else a parallel one (not NUMA), else none."""
    push = os.path.join(SCHEDULES, example + "_push_parallel.sched")
    if os.path.exists(push):
        return push
    for pattern in ("_hybrid_parallel.sched", "_pull_parallel.sched", "*parallel*.sched"):
        found = sorted(glob.glob(os.path.join(SCHEDULES, example + pattern)))
        if found:
            return found[0]
    return None


def compile_program(polyc, example, sched, exe, extra):
    cmd = [polyc, os.path.join(EXAMPLES, example + ".gt"), "-o", exe] + extra
    if sched:
        cmd += ["-s", sched]
    cmd += ["--Xcxx=%s" % f for f in EXTRA_CXX.get(example, [])]
    start = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, timeout=COMPILE_TIMEOUT)
    return p.returncode, p.stdout, time.time() - start


def run_program(exe, graph, args, env, launcher=()):
    p = subprocess.run(list(launcher) + [exe, graph] + [str(a) for a in args],
                       stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True, env=env,
                       timeout=RUN_TIMEOUT)
    return p.returncode, p.stdout, p.stderr


def compare(example, expected, got, graph, work):
    """None when `got` is as good as `expected`, else what differs."""
    try:
        if example == "set_cover":
            out = os.path.join(work, "set_cover.out")
            with open(out, "w") as f:
                f.write(got)
            p = subprocess.run([sys.executable, eq.ORACLE, "set_cover", graph, out],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               universal_newlines=True)
            return None if p.returncode == 0 else "oracle: " + p.stdout.strip()
        eq.FLOAT_REL = FLOAT_REL.get(example, DEFAULT_FLOAT_REL)
        if example in INTEGER_EXTRA:
            eq.compare_integers(expected, got)
        else:
            eq.comparator(example)(expected, got, graph)
    except eq.Mismatch as m:
        return str(m)
    return None


def graph_runs(example, work, polyrt_gen):
    runs = []
    for graph, args, _ in eq.RUNS.get(example, EXTRA_RUNS.get(example, [])):
        if isinstance(graph, tuple):
            src, ext, flags = graph
            path = os.path.join(work, "graphs",
                                os.path.splitext(src)[0] + (".u" if flags else "") + ext)
            if not os.path.exists(path):
                os.makedirs(os.path.dirname(path), exist_ok=True)
                subprocess.run([sys.executable, eq.EL2SG] + (flags.split() if flags else []) +
                               [os.path.join(GRAPHS, src), path], check=True)
        else:
            path = os.path.join(GRAPHS, graph)
        runs.append((path, list(args)))
    name, args = KRON[example]
    path = os.path.join(work, "graphs", name)
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        subprocess.run([polyrt_gen] + GENERATED[name] + ["-o", path], check=True,
                       stdout=subprocess.DEVNULL)
    if SRC in args:
        out = eq._read_graph(path).out
        hub = max(range(len(out)), key=lambda v: len(out[v]))
        args = [hub if a == SRC else a for a in args]
    runs.append((path, args))
    return runs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--example", required=True)
    ap.add_argument("--polyc", required=True)
    ap.add_argument("--polyrt-gen", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--sanitizers", default="asan,tsan,asan-mpi")
    ap.add_argument("--threads", default="2")
    args = ap.parse_args()

    example = args.example
    work = os.path.join(args.work, example)
    os.makedirs(work, exist_ok=True)
    sched = schedule_for(example)
    print("%s: schedule %s" % (example, os.path.basename(sched) if sched else "default"))
    runs = graph_runs(example, work, args.polyrt_gen)

    env = {k: v for k, v in os.environ.items()
           if not k.startswith("POLYRT_") and not k.endswith("SAN_OPTIONS")}
    env["OMP_NUM_THREADS"] = args.threads
    env["OMP_WAIT_POLICY"] = "passive"
    env.update(SANITIZER_ENV)

    plain = os.path.join(work, "plain.exe")
    rc, out, secs = compile_program(args.polyc, example, sched, plain, [])
    if rc != 0:
        print("FAIL: the plain program does not compile:\n" + out)
        return 1
    expected = []
    for graph, a in runs:
        rc, out, err = run_program(plain, graph, a, env)
        if rc != 0:
            print("FAIL: the plain program fails on %s %s (exit %d):\n%s" % (graph, a, rc, err))
            return 1
        expected.append(out)

    findings = 0
    for san in args.sanitizers.split(","):
        exe = os.path.join(work, "%s.exe" % san)
        san_sched, san_runs, san_env, launcher = sched, runs, env, ()
        if san == "asan-mpi":
            if example not in DISTRIBUTED:
                continue
            san_sched = os.path.join(work, "distributed.sched")
            with open(san_sched, "w") as f:
                f.write('program->configDistribution("chunk-alpha");\n')
            san_runs, launcher = runs[-1:], MPIRUN
            san_env = dict(env, POLYRT_RANK_GRANULE="256")
        rc, out, secs = compile_program(args.polyc, example, san_sched, exe,
                                        [SANITIZE_FLAGS[san]])
        if rc != 0:
            print("FAIL: %s: does not compile:\n%s" % (SANITIZE_FLAGS[san], out))
            findings += 1
            continue
        start = time.time()
        for (graph, a), want in zip(san_runs, expected[len(runs) - len(san_runs):]):
            what = "%s %s %s" % (san, os.path.basename(graph), " ".join(map(str, a)))
            try:
                rc, out, err = run_program(exe, graph, a, san_env, launcher)
            except subprocess.TimeoutExpired:
                print("FAIL: %s: timed out after %d s" % (what, RUN_TIMEOUT))
                findings += 1
                continue
            if rc != 0 or REPORT_RE.search(err):
                print("FAIL: %s: exit status %d, stderr:\n%s" % (what, rc, err))
                findings += 1
                continue
            diff = compare(example, want, out, graph, work)
            if diff:
                print("FAIL: %s: output differs from the plain program's: %s" % (what, diff))
                findings += 1
        print("%s (%s): compiled in %.0f s, %d runs in %.1f s" % (
            SANITIZE_FLAGS[san], san, secs, len(san_runs), time.time() - start))
    print("%s: %s" % (example, "clean" if not findings else "%d findings" % findings))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
