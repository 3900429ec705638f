#!/usr/bin/env python3
"""Distributed equivalence: an example compiled with configDistribution and run
under mpirun prints what the undistributed program prints.

    distributed.py --example pr --work DIR [--polyc polyc] [--polyrt-gen polyrt-gen]
                   [--mpirun mpirun] [--full | --overlap | --cartesian | --metis]

(--overlap: only a DensePull by mirrors over the ring, which the
mirror-overlap pass overlaps with its refresh, at 1-4 ranks x 1-2 threads;
it fails unless the generated C++ begins and finishes the refresh.
--cartesian: configDistribution("cartesian"), the 2-D cut, under DensePull
at 1-4 and 6 ranks x 1-2 threads and SparsePush at 2 and 4; 4 ranks are a
2 x 2 grid, 6 a 2 x 3 one whose last ranks own nothing.
--metis: configDistribution("metis"), each rank's vertices as the graph's
partition file says (written first by `polyrt-gen metis`), under the hybrid
at 1-4 ranks x 1-2 threads and the forced direction at 2-4.)

What it does (docs/distributed.md, "Tests"):

1. Makes the example's graphs: a Kronecker graph of 2^14 vertices (symmetrized
   for the examples that need it, weighted .wsg for those that read weights),
   which splits over up to 4 ranks on the 4096-vertex boundaries, a grid of
   100 x 100 vertices, and a small graph of test/graphs, where every vertex
   falls to rank 0 and the other ranks own none.
2. Compiles the example without a schedule: the reference.
3. Gives every edge traversal the hybrid direction (SparsePush-DensePull,
   which runs both modes as the frontier grows and shrinks), then one forced
   direction (SparsePush or DensePull, alternating between examples) with
   configApplyNUMA on every traversal (NUMA inside the ranks; with agents
   for some), adds
   configDistribution with a strategy, message combining and communication
   taken in turn from SETTINGS (so that the examples together run every
   value; hash for the forced direction of the examples in HASH_TURNS) and
   compiles each.
4. Runs each distributed binary with `mpirun -np P` for P = 1, 2, 3, 4 and
   OMP_NUM_THREADS 1 and 2 (the hybrid on every count; the forced direction
   on fewer), some with POLYRT_NUMA_NODES=2 inside the ranks (the NUMA
   schedule's runs mostly), and compares
   every output with the reference's as the schedule-equivalence suite does
   (integers equal, floating point within its tolerance, BFS a valid tree
   with the reference's depths).

--full runs all three directions on every combination. Exit status 0 when every
run matched.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, os.pardir, os.pardir))
sys.path.insert(0, os.path.join(REPO, "test", "ScheduleEquivalence"))
import equivalence  # noqa: E402  (its comparators)

GRAPHS = os.path.join(REPO, "test", "graphs")
EXAMPLES = os.path.join(REPO, "examples")
RUN_TIMEOUT = 300

# What each example reads: weights, a symmetric graph, a start vertex.
WEIGHTED = {"sssp", "spmv", "bp", "cf"}
SYMMETRIC = {"cc", "kcore", "coloring"}
SOURCED = {"bfs", "sssp"}
SMALL = {"sssp": "random30.wel", "spmv": "random30.wel", "bp": "random30.wel",
         "cf": "ratings.wel", "cc": "random30_sym.el", "kcore": "random30_sym.el",
         "coloring": "random30_sym.el"}

# Examples of many rounds (each a few collective calls, slow among
# oversubscribed ranks) run on a Kronecker graph of 2^12 vertices instead,
# split on 256-vertex boundaries (POLYRT_RANK_GRANULE) so that 4 ranks own some.
SMALLER = {"coloring": ("12", "256")}

DIRECTIONS = ["SparsePush-DensePull", "SparsePush", "DensePull"]
# The examples of test/Distributed, in order: which forced direction and
# which settings an example takes rotate along this list.
EXAMPLES_IN_TURN = ["pr", "bfs", "cc", "sssp", "kcore", "pr_float", "prdelta", "spmv", "bp",
                    "cf", "eigenvector", "coloring"]
# One distribution setting per direction, so that each value runs somewhere.
SETTINGS = [
    ('"chunk-alpha"', "mirrors", "ring"),
    ('"edge-balanced"', "batched", "alltoallv"),
    ('"vertex-balanced"', "per-update", "ring"),
]
# The forced direction of every third example (cc, pr_float, bp: SparsePush
# and DensePull, at 2-4 ranks) is split by hash (v mod p) instead, its
# combining and communication kept: every example keeps its runs and times.
HASH_TURNS = (2, 5, 8)

# configApplyNUMA's forms inside the ranks, in turn along the examples:
# (parallelization, agents).
NUMA = [("static-parallel", False), ("dynamic-parallel", False), ("static-parallel", True)]


def run(cmd, env=None, timeout=RUN_TIMEOUT):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                           timeout=timeout, universal_newlines=True)
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %d s" % timeout
    return p.returncode, p.stdout, p.stderr


class Driver:
    def __init__(self, args):
        self.args = args
        self.example = args.example
        self.work = os.path.abspath(args.work)
        os.makedirs(self.work, exist_ok=True)
        self.compare = equivalence.comparator(self.example)
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("POLYRT_")}
        self.env["OMP_WAIT_POLICY"] = "passive"
        if self.example in SMALLER:
            self.env["POLYRT_RANK_GRANULE"] = SMALLER[self.example][1]
        self.failures = []

    def graphs(self):
        """(path, args) of every graph the example runs on, largest first."""
        weighted = self.example in WEIGHTED
        ext = ".wsg" if weighted else ".sg"
        sym = ["-u"] if self.example in SYMMETRIC else []
        made = []
        scale = SMALLER[self.example][0] if self.example in SMALLER else "14"
        for name, gen in [("kron" + scale, ["kron", "-s", scale, "-d", "4"]),
                          ("grid100", ["grid", "--rows", "100", "--cols", "100"])]:
            path = os.path.join(self.work, name + ("u" if sym else "") + ext)
            if not os.path.exists(path):
                rc, out, err = run([self.args.polyrt_gen] + gen + sym + ["-o", path])
                if rc != 0:
                    raise SystemExit("FAIL: polyrt-gen %s: %s" % (" ".join(gen), err))
            made.append(path)
        small = os.path.join(GRAPHS, SMALL.get(self.example, "random30.el"))
        if self.args.metis:  # (its partition files go beside it, not into test/graphs)
            copy = os.path.join(self.work, os.path.basename(small))
            shutil.copyfile(small, copy)
            small = copy
        made.append(small)
        if self.args.metis:
            for path in made:
                rc, out, err = run([self.args.polyrt_gen, "metis", path, "--ranks", "2,3,4"])
                if rc != 0:
                    raise SystemExit("FAIL: polyrt-gen metis %s: %s" % (path, err))
        starts = {0: ["5"], 1: ["5050"], 2: ["3"]}
        return [(p, starts[i] if self.example in SOURCED else []) for i, p in enumerate(made)]

    def labels(self):
        with open(os.path.join(EXAMPLES, self.example + ".gt")) as f:
            return re.findall(r"#(\w+)#", f.read())

    def compile(self, name, schedule_text):
        exe = os.path.join(self.work, name + ".exe")
        cmd = [self.args.polyc, os.path.join(EXAMPLES, self.example + ".gt"), "-o", exe]
        if schedule_text is not None:
            sched = os.path.join(self.work, name + ".sched")
            with open(sched, "w") as f:
                f.write(schedule_text)
            cmd += ["-s", sched]
        rc, out, err = run(cmd)
        if rc != 0:
            raise SystemExit("FAIL: polyc %s (exit %s):\n%s%s" % (name, rc, out, err))
        return exe

    def schedule(self, direction, setting, numa):
        how, combining, communication = setting
        lines = ["program->configDistribution(%s)" % how]
        for label in self.labels():
            lines.append('->configApplyDirection("%s", "%s")' % (label, direction))
            if numa:
                lines.append('->configApplyNUMA("%s", "%s")' % (label, numa[0]))
                if numa[1]:
                    lines.append('->configApplyAgents("%s", "on")' % label)
            lines.append('->configMessageCombining("%s", "%s")' % (label, combining))
            lines.append('->configCommunication("%s", "%s")' % (label, communication))
        return "schedule:\n" + "\n    ".join(lines) + ";\n"

    def runs_of(self, index, graphs):
        """(graph, args, ranks, threads, numa nodes) for direction `index`."""
        main, rest = graphs[0], graphs[1:]
        plan = []
        if self.args.cartesian:
            counts = [(p, t) for p in (1, 2, 3, 4) for t in (1, 2)] + [(6, 1)] if index == 0 \
                else [(2, 2), (4, 1), (4, 2)]
            return [(main, p, t, 0) for p, t in counts] + [(g, 4, 2, 0) for g in rest]
        if self.args.metis:
            counts = [(p, t) for p in (1, 2, 3, 4) for t in (1, 2)] if index == 0 \
                else [(2, 2), (3, 1), (4, 2)]
            return [(main, p, t, 0) for p, t in counts] + [(g, 3, 2, 0) for g in rest]
        if index == 0 or self.args.full:
            for ranks in (1, 2, 3, 4):
                for threads in (1, 2):
                    plan.append((main, ranks, threads, 2 if (ranks, threads) == (2, 2) else 0))
        else:  # the NUMA schedule: mostly on two emulated nodes
            plan += [(main, 2, 2, 2), (main, 3, 1, 2), (main, 4, 2, 0)]
        for g in rest:
            plan.append((g, 3 if index != 1 else 2, 2, 2 if index else 0))
        return plan

    def require_overlap(self, name, schedule_text):
        """--overlap: the schedule's pull must begin its refresh and finish it
        inside the loops (the mirror-overlap pass), or the runs test nothing new."""
        sched = os.path.join(self.work, name + ".overlap.sched")
        with open(sched, "w") as f:
            f.write(schedule_text)
        rc, out, err = run([self.args.polyc, os.path.join(EXAMPLES, self.example + ".gt"), "-s",
                            sched, "--emit=cpp", "-o", "-"])
        if rc != 0 or "beginRefreshMirrors" not in out or "finishRefreshMirrors" not in out:
            raise SystemExit("FAIL: %s's DensePull over the ring does not overlap its refresh "
                             "(exit %s)%s" % (self.example, rc, err))

    def check(self, what, expected, rc, out, err, graph):
        if rc != 0:
            self.failures.append("%s: exit %s\n%s" % (what, rc, err[-2000:]))
            return
        try:
            self.compare(expected, out, graph)
        except equivalence.Mismatch as m:
            self.failures.append("%s: output differs from the reference: %s" % (what, m))

    def main(self):
        graphs = self.graphs()
        reference = self.compile("reference", None)
        expected = {}
        for path, args in graphs:
            rc, out, err = run([reference, path] + args, env=dict(self.env, OMP_NUM_THREADS="2"))
            if rc != 0:
                raise SystemExit("FAIL: the reference failed on %s: %s" % (path, err))
            expected[path] = out
        count = 0
        turn = EXAMPLES_IN_TURN.index(self.example) if self.example in EXAMPLES_IN_TURN else 0
        directions = DIRECTIONS if self.args.full else [DIRECTIONS[0], DIRECTIONS[1 + turn % 2]]
        if self.args.overlap:
            directions = ["DensePull"]
        if self.args.cartesian:
            directions = ["DensePull", "SparsePush"]
        for index, direction in enumerate(directions):
            name = "dist-%s" % direction
            setting = SETTINGS[(turn + index) % len(SETTINGS)]
            numa = NUMA[turn % len(NUMA)] if index and not self.args.full else None
            if index == 1 and turn in HASH_TURNS:
                setting = ('"hash"',) + setting[1:]
                numa = None  # (hash gives a rank no range for NUMA nodes to split)
            if self.args.overlap:
                setting = SETTINGS[0]  # chunk-alpha, mirrors, ring: what the overlap needs
            if self.args.cartesian:
                setting = ('"cartesian"',) + SETTINGS[index][1:]
                numa = None  # (not supported with the Cartesian cut yet)
            if self.args.metis:
                setting = ('"metis"',) + setting[1:]
                numa = None  # (a rank's list is no range for NUMA nodes to split)
            text = self.schedule(direction, setting, numa)
            if self.args.overlap:
                self.require_overlap(name, text)
            exe = self.compile(name, text)
            for (path, args), ranks, threads, nodes in self.runs_of(index, graphs):
                env = dict(self.env, OMP_NUM_THREADS=str(threads))
                if nodes:
                    env["POLYRT_NUMA_NODES"] = str(nodes)
                cmd = [self.args.mpirun, "--allow-run-as-root", "--oversubscribe", "--bind-to",
                       "none", "-np", str(ranks), exe, path] + args
                rc, out, err = run(cmd, env=env)
                what = "%s on %s, %d ranks x %d threads%s" % (
                    name, os.path.basename(path), ranks, threads,
                    ", POLYRT_NUMA_NODES=%d" % nodes if nodes else "")
                self.check(what, expected[path], rc, out, err, path)
                count += 1
                print("%s %s" % ("FAIL" if self.failures and self.failures[-1].startswith(what)
                                 else "PASS", what))
        if self.failures:
            print("\n%d of %d distributed runs failed:" % (len(self.failures), count))
            for f in self.failures:
                print("  " + f)
            return 1
        print("all %d distributed runs of %s print the reference's output" % (count, self.example))
        return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--example", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--polyc", default="polyc")
    ap.add_argument("--polyrt-gen", dest="polyrt_gen", default="polyrt-gen")
    ap.add_argument("--mpirun", default="mpirun")
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--overlap", action="store_true",
                    help="only a DensePull by mirrors over the ring, which overlaps its refresh "
                         "with the pull (the mirror-overlap pass), at 1-4 ranks x 1-2 threads")
    ap.add_argument("--cartesian", action="store_true",
                    help="only configDistribution(\"cartesian\"), the 2-D cut: DensePull at "
                         "1-4 and 6 ranks x 1-2 threads, SparsePush at 2 and 4")
    ap.add_argument("--metis", action="store_true",
                    help="only configDistribution(\"metis\"), owners from partition files "
                         "polyrt-gen metis writes: the hybrid at 1-4 ranks x 1-2 threads, the "
                         "forced direction at 2-4")
    return Driver(ap.parse_args()).main()


if __name__ == "__main__":
    sys.exit(main())
