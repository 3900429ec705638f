#!/usr/bin/env python3
"""Schedule equivalence: one example under many schedules prints what it prints
under the default schedule.

    equivalence.py --example pr --mode ci --work DIR [--polyc polyc] [--jobs 2]
    equivalence.py --example bfs --mode exhaustive --work DIR [--cxx-flag=-O1]
    equivalence.py --example pr --mode ci --list          # print the schedules only
    equivalence.py --self-test                            # the comparators' own tests

What it does, for examples/<example>.gt (docs/testing.md, "Schedule equivalence"):

1. Labels the example. The examples label their edge traversals (#s1#); their
   vertex traversals (vertices.apply(f), frontier.filter(f)) have no label, so a
   schedule cannot name them. The driver asks `polyc --emit=ir` for the
   traversals, writes a copy of the example with every unlabelled one labelled
   (#v1#, #v2#, ... in program order; labels do not change what a program
   computes) and checks with --emit=ir that the copy has exactly those labels.
   The IR also says what each traversal is: an edge traversal with a `from`
   frontier reads an input set, one with applyModified builds an output set.
   That decides which options of OPTIONS (below) apply to it.
2. Reads the option values polyc's validator accepts from `polyc --emit=schedule-space`
   on the labelled copy (read_schedule_space: the value lists of OPTIONS are
   polyc's, in this file's order), then generates schedules (DIR/sNNN.sched),
   one schedule call per line:
   - ci: a covering set (every value of every option that applies appears in
     at least one schedule, several options per schedule, constraints between
     them respected: a source-set representation needs a dense variant, a
     threshold a hybrid direction, NumSSG a DensePull variant, ...); for pr,
     bfs and sssp its first 25 schedules are the direction x parallelization
     pairs.
   - exhaustive: the full cross product direction x parallelization x
     source-set representation x destination-set representation x
     deduplication (each only where it applies; all edge traversals of the
     example get the same values), then threshold, grain, per-variant
     parallelization, NumSSG, NUMA, agents, frontier-structure, update-sync,
     vertex-traversal and fuseFields variants on top of a few bases.
3. Compiles the unlabelled example without a schedule (the default) and runs
   it on every graph of the example's plan (RUNS); each default output is
   checked once by the independent oracle (test/oracle/check.py).
4. For each schedule: `polyc --emit=cpp` first. An error located in the
   schedule file that says "not supported yet" drops that line and tries again
   (the dropped option is reported as SKIPPED-UNSUPPORTED; with
   POLYC_EQUIV_REQUIRE_ALL=1 or --require-all that is a failure). Any other
   located error in the schedule is a failure in ci mode (the table says the
   option applies) and a SKIPPED-REJECTED contradiction in exhaustive mode
   (listed). A crash, an "internal error" or an unlocated error is always a
   failure. Schedules whose C++ is the same (comments aside) share one binary.
   Each binary runs on every graph with OMP_NUM_THREADS=2, and on the first
   graph also with POLYRT_NUMA_NODES=2 and with OMP_NUM_THREADS=1.
5. Compares every output with the default's: integer outputs equal; floating
   point within 1e-6 relative (plus the rounding of the printed digits, and
   1e-9 of the largest magnitude for values near 0); bfs: a valid BFS tree
   (parent an in-neighbour one level closer) with the default's depths.

Exit status: 0 when every schedule passed (or was skipped as allowed), 1
otherwise. The summary names every failure with its schedule file.
"""

import argparse
import collections
import concurrent.futures
import hashlib
import itertools
import math
import os
import re
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, os.pardir, os.pardir))
EXAMPLES = os.path.join(REPO, "examples")
GRAPHS = os.path.join(REPO, "test", "graphs")
ORACLE_DIR = os.path.join(REPO, "test", "oracle")
ORACLE = os.path.join(ORACLE_DIR, "check.py")
EL2SG = os.path.join(ORACLE_DIR, "el2sg.py")

RUN_TIMEOUT = 120      # seconds per program run
COMPILE_TIMEOUT = 600  # seconds per polyc call
FLOAT_REL = 1e-6       # the requirement: within 1e-6 relative
NEAR_ZERO = 1e-9       # absolute, times the largest magnitude of the output

# --------------------------------------------------------------------------
# The options (target spelling of /work/shared/spec/schedule.md).
#
# The value lists below are the order the covering sets use; which values
# there are is polyc's: read_schedule_space() replaces each list with the
# values `polyc --emit=schedule-space` says the validator accepts (in this
# order, values new to polyc at the end) before any schedule is made. Only
# --self-test runs without polyc.

DIRECTIONS = ["SparsePush", "DensePush", "DensePull", "SparsePush-DensePull",
              "SparsePush-DensePush"]
VARIANTS = {"SparsePush": ["SparsePush"], "DensePush": ["DensePush"],
            "DensePull": ["DensePull"], "SparsePush-DensePull": ["SparsePush", "DensePull"],
            "SparsePush-DensePush": ["SparsePush", "DensePush"]}
HYBRIDS = ["SparsePush-DensePull", "SparsePush-DensePush"]
PARALLELIZATIONS = ["serial", "dynamic-vertex-parallel", "static-vertex-parallel",
                    "edge-aware-dynamic-vertex-parallel", "edge-parallel"]
VERTEX_PARALLELIZATIONS = ["serial", "static-vertex-parallel", "dynamic-vertex-parallel"]
NUMA_PARALLELIZATIONS = ["serial", "static-parallel", "dynamic-parallel"]
NUMA_PARTITIONS = ["vertex-balanced", "edge-balanced", "chunk-alpha"]
WORK_STEALING = ["none", "intra-node", "mini-chunk", "inter-node"]
DATA_PLACEMENTS = ["node-local", "interleaved", "replicated"]
FRONTIER_STRUCTURES = ["bool-array", "bitvector", "sparse-queue", "adaptive"]
# A NUMA schedule runs on the first graph under every node count and
# thread count (unset: the machine's nodes).
NUMA_NODES = [None, "1", "2", "3", "4", "8"]
NUMA_THREADS = ["1", "2", "5"]
DENSE = ("bool-array", "bitvector")
SPARSE = ("sparse-queue", "sliding-queue")
# The output set each variant builds when no option says otherwise.
DEFAULT_DST = {"SparsePush": "sparse-queue", "DensePush": "bool-array",
               "DensePull": "bool-array"}
ARGV = "argv"  # an option value read from the program's command line


def direction_of(chosen):
    return chosen.get("direction", "SparsePush")


def variants_of(chosen):
    """The variants the traversal runs: a hybrid over all vertices (no input
    frontier; chosen["_all"]) is resolved to its dense side."""
    d = direction_of(chosen)
    if chosen.get("_all") and d in HYBRIDS:
        return VARIANTS[d][1:]
    return VARIANTS[d]


def is_hybrid(chosen):
    return len(variants_of(chosen)) == 2


def has_variant(chosen, *variants):
    return any(v in variants_of(chosen) for v in variants)


class Value:
    """One value of an option: the arguments after the label, the variant it is
    restricted to (the `dir` argument), and which sets it changes."""

    def __init__(self, function, args, dir=None, sets=(), defers=False, sums=False,
                 fuses=False):
        self.function = function
        self.args = list(args)
        self.dir = dir
        self.sets = sets        # "src", "dst": the frontier sets it changes
        self.defers = defers    # configUpdateSync htm or merge: reductions only
        self.sums = sums        # constant_sum_reduce_before_update: constant sums only
        self.fuses = fuses      # eager_priority_update_with_merge: plain ordered loops only

    def key(self):
        a = [str(x) for x in self.args] + ([self.dir] if self.dir else [])
        return "%s(%s)" % (self.function, ", ".join(a))


def _dense_variants(v, chosen):
    """The variants a frontier option reaches, for the dedup constraint."""
    variants = variants_of(chosen)
    if v.dir:
        return [x for x in variants if x == v.dir]
    if v.function == "configApplyDenseVertexSet":
        return [x for x in variants if x != "SparsePush"]
    return variants


def src_ok(v, chosen):
    # A source set is read sparse by SparsePush: a representation reaches
    # the dense variants only, so the direction must have one.
    if v.dir:
        return has_variant(chosen, v.dir)
    return has_variant(chosen, "DensePush", "DensePull")


def dst_ok(v, chosen):
    src = chosen.get("src")
    if src is not None and "dst" in src.sets and \
            not set(_dense_variants(src, chosen)) - set(_dense_variants(v, chosen)):
        # it would override the output set of every variant the "both" value
        # just set, which then reaches no variant: polyc calls that an error
        return False
    if v.dir:
        return has_variant(chosen, v.dir)
    if v.function == "configApplyDenseVertexSet":
        return has_variant(chosen, "DensePush", "DensePull")
    return True


def effective_dst(chosen):
    """The output set of each variant of the chosen direction, after the
    chosen src ("both") and dst options, in schedule order."""
    out = {v: DEFAULT_DST[v] for v in variants_of(chosen)}
    for dim in ("src", "dst"):
        val = chosen.get(dim)
        if val is None or "dst" not in val.sets:
            continue
        for variant in _dense_variants(val, chosen):
            out[variant] = val.args[0].replace("_", "-")  # setApply's sliding_queue
    return out


def pull_parallelization(chosen):
    """The parallelization of the DensePull variant."""
    vp = chosen.get("variant-parallelization")
    if vp is not None and vp.dir == "DensePull":
        return vp.args[0]
    return chosen.get("parallelization", "serial")


def fusion_ok(chosen):
    # Bucket fusion drains the current bucket after a sparse push over the
    # frontier's list in vertex tasks (not edge-aware, edge-parallel or NUMA).
    vp = chosen.get("variant-parallelization")
    sparse = vp.args[0] if vp is not None and vp.dir == "SparsePush" else \
        chosen.get("parallelization", "serial")
    return has_variant(chosen, "SparsePush") and sparse in VERTEX_PARALLELIZATIONS and \
        "numa" not in chosen


def numssg_ok(v, chosen):
    # Cache blocking splits the pull loop by source segments, each destination
    # staying with one thread: an edge-parallel pull loop contradicts it.
    return has_variant(chosen, "DensePull") and pull_parallelization(chosen) != "edge-parallel"


def numa_ok(v, chosen):
    reached = [x for x in variants_of(chosen) if not v.dir or x == v.dir]
    vp = chosen.get("variant-parallelization")
    return bool(reached) and "numssg" not in chosen and \
        chosen.get("parallelization") != "edge-parallel" and \
        not (vp is not None and vp.args[0] == "edge-parallel" and vp.dir in reached)


def uses_numa(schedule_text):
    return "configApplyNUMA" in schedule_text or "configDataPlacement" in schedule_text or \
        "configUpdateSync" in schedule_text


def placement_call(source, how):
    """configDataPlacement of the program's first per-vertex vector; for
    replicated, of the first one read at a source and never written at a
    destination (so that its traversal reads the copies), if any."""
    names = [n for group in vertex_vectors(source).values() for n in group]
    chosen = names[0]
    if how == "replicated":
        with open(source) as f:
            text = f.read()
        for n in names:
            read = re.search(r"\b%s\[src\]" % n, text)
            written = re.search(r"\b%s\[dst\](\[[^\]]*\])?\s*(\+|-|\*|min|max)?=[^=]" % n, text)
            if read and not written:
                chosen = n
                break
    return 'program->configDataPlacement("%s", "%s");' % (chosen, how)


def dedup_ok(v, chosen):
    # Without deduplication the output must be a queue somewhere: a dense set
    # holds every vertex once, so "disable" contradicts an all-dense output.
    if v.args[0] == "enable":
        return True
    return any(r in SPARSE for r in effective_dst(chosen).values())


class Dim:
    """An option dimension: the values it takes and the traversals it applies to."""

    def __init__(self, name, values, applies, ok=None):
        self.name = name
        self.values = values
        self.applies = applies   # predicate on the traversal
        self.ok = ok             # predicate (value, chosen) -> bool

    def compatible(self, value, chosen, t):
        if "dst" in value.sets and not (t.kind == "edge" and t.has_output):
            return False  # a value that changes the output set needs one
        if value.defers and not t.reductions_only:
            return False  # polyc defers only reductions nothing else touches
        if value.sums and not t.constant_sums:
            return False  # the priority-update pass checks the sums are constant
        if value.fuses and not (t.fusable and fusion_ok(chosen)):
            return False  # bucket fusion: its loop and a sparse push in vertex tasks
        return self.ok is None or self.ok(value, chosen)


def _is_edge(t):
    return t.kind == "edge"


def _has_input(t):
    return t.kind == "edge" and t.has_input


def _has_output(t):
    return t.kind == "edge" and t.has_output


def _both(t):
    return t.kind == "edge" and t.has_input and t.has_output


def _parallel(chosen):
    return chosen.get("parallelization", "serial") != "serial"


# The one table of options. Order matters: a dimension's constraint reads the
# values chosen before it. Every value is written as the schedule call's
# arguments after the label; ARGV becomes "argv[N]" with the next free N.
def build_options():
    """The table, from the value lists as they are now (read_schedule_space
    builds it again from polyc's)."""
    return [
    Dim("direction", [Value("configApplyDirection", [d]) for d in DIRECTIONS], _is_edge),
    # configApplyDirection's third argument: the hybrid threshold divisor.
    Dim("threshold", [Value("configApplyDirection", ["<direction>", 8]),
                      Value("configApplyDirection", ["<direction>", ARGV])],
        _has_input, ok=lambda v, c: direction_of(c) in HYBRIDS),
    # configHybridVertexThreshold: a hybrid also goes dense above |V|/n vertices.
    Dim("vertex-threshold", [Value("configHybridVertexThreshold", [2]),
                             Value("configHybridVertexThreshold", [ARGV])],
        _has_input, ok=lambda v, c: direction_of(c) in HYBRIDS),
    Dim("parallelization",
        [Value("configApplyParallelization", [p]) for p in PARALLELIZATIONS], _is_edge),
    # configApplyParallelization's third argument.
    Dim("grain", [Value("configApplyParallelization", ["<parallelization>", 64]),
                  Value("configApplyParallelization", ["<parallelization>", ARGV])],
        _is_edge, ok=lambda v, c: _parallel(c)),
    # configApplyParallelization's fourth argument: one variant of a hybrid.
    Dim("variant-parallelization",
        [Value("configApplyParallelization", ["static-vertex-parallel", 128], dir="SparsePush"),
         Value("configApplyParallelization", ["edge-aware-dynamic-vertex-parallel", 512],
               dir="DensePush"),
         Value("configApplyParallelization", ["edge-parallel", 128], dir="DensePull")],
        # (a call for the only variant a traversal runs would override the
        # call without `dir`, which then reaches nothing: an error; a hybrid
        # over all vertices runs its dense variant only)
        _has_input, ok=lambda v, c: is_hybrid(c) and has_variant(c, v.dir)),
    # How the dense variants read the input frontier. Together with "dst"
    # below, every function (configApplyDenseVertexSet, configApplyDataStructure,
    # setVertexSet, setApply) appears with each of its representations, each
    # `which` and a `dir`. Values that say "both" change the output set too,
    # so they need a traversal that has one.
    Dim("src",
        [Value("configApplyDenseVertexSet", ["bitvector", "src-vertexset"], dir="DensePull",
               sets=("src",)),
         Value("configApplyDataStructure", ["bool-array", "src-vertexset"], sets=("src",)),
         Value("setVertexSet", ["bitvector", "src-vertexset"], sets=("src",)),
         Value("configApplyDenseVertexSet", ["bool-array"], sets=("src", "dst")),
         Value("configApplyDataStructure", ["bitvector", "both"], sets=("src", "dst")),
         Value("setVertexSet", ["bool-array", "both"], sets=("src", "dst"))],
        _has_input, ok=lambda v, c: src_ok(v, c)),
    # How the output frontier is built.
    Dim("dst",
        [Value("configApplyDataStructure", ["sparse-queue"], sets=("dst",)),
         Value("configApplyDataStructure", ["sliding-queue", "dst-vertexset"], sets=("dst",)),
         Value("setVertexSet", ["sliding-queue"], sets=("dst",)),
         Value("setVertexSet", ["sparse-queue", "dst-vertexset"], sets=("dst",)),
         Value("setApply", ["sliding_queue"], sets=("dst",)),
         Value("configApplyDenseVertexSet", ["bitvector", "dst-vertexset"], dir="DensePush",
               sets=("dst",))],
        _has_output, ok=lambda v, c: dst_ok(v, c)),
    Dim("dedup", [Value("configApplyDeduplication", ["enable"]),
                  Value("configApplyDeduplication", ["disable"])],
        _has_output, ok=lambda v, c: dedup_ok(v, c)),
    # Cache blocking of the pull loop: each segmenting, a fixed count and one
    # read from argv, with and without `dir`.
    Dim("numssg",
        [Value("configApplyNumSSG", ["fixed-vertex-count", 4]),
         Value("configApplyNumSSG", ["edge-aware-vertex-count", ARGV], dir="DensePull")],
        _is_edge, ok=numssg_ok),
    # NUMA: a variant's owners split over the nodes. Not with cache blocking
    # (only the merge form takes it: the exhaustive part tries it) or an
    # edge-parallel loop (polyc rejects those).
    Dim("numa",
        [Value("configApplyNUMA", [p]) for p in NUMA_PARALLELIZATIONS] +
        [Value("configApplyNUMA", ["dynamic-parallel"], dir="DensePull")],
        _is_edge, ok=lambda v, c: numa_ok(v, c)),
    Dim("numa-partition",
        [Value("configNUMAPartition", [how]) for how in NUMA_PARTITIONS],
        _is_edge, ok=lambda v, c: "numa" in c),
    Dim("numa-alpha", [Value("configNUMAAlpha", [2.5])], _is_edge,
        ok=lambda v, c: "numa" in c and c.get("numa-partition") is not None and
        c["numa-partition"].args[0] == "chunk-alpha"),
    Dim("stealing",
        [Value("configWorkStealing", [how]) for how in WORK_STEALING] +
        [Value("configWorkStealing", ["mini-chunk", 128])],
        _is_edge, ok=lambda v, c: "numa" in c),
    # Agents: NUMA variants walk per-node subgraphs of local edges. Not with
    # cache blocking (polyc rejects it).
    Dim("agents", [Value("configApplyAgents", ["on"]), Value("configApplyAgents", ["off"])],
        _is_edge, ok=lambda v, c: "numa" in c and "numssg" not in c),
    # Frontiers held node by node: needs configApplyNUMA, and decides the
    # frontier forms itself (no src or dst option beside it).
    Dim("frontier-structure",
        [Value("configApplyFrontier", [how]) for how in FRONTIER_STRUCTURES] +
        [Value("configApplyFrontier", ["adaptive", 2]),
         Value("configApplyFrontier", ["adaptive", ARGV])],
        lambda t: t.kind == "edge" and (t.has_input or t.has_output),
        ok=lambda v, c: "numa" in c and "src" not in c and "dst" not in c),
    # How writes other threads share are made safe. htm and merge defer
    # reductions; polyc rejects them elsewhere (a located error).
    Dim("update-sync",
        [Value("configUpdateSync", [how]) for how in ("atomic", "lock")] +
        [Value("configUpdateSync", ["merge"], defers=True),
         Value("configUpdateSync", ["htm"], defers=True),
         Value("configUpdateSync", ["htm", 1], defers=True),
         Value("configUpdateSync", ["htm", ARGV], defers=True)],
        _is_edge),
    # Ordered traversals (applyUpdatePriority): how updates reach the queue's
    # buckets, the bucket width and the buckets held open.
    Dim("priority-update",
        [Value("configApplyPriorityUpdate", [u])
         for u in ("eager_priority_update", "lazy_priority_update")] +
        [Value("configApplyPriorityUpdate", ["constant_sum_reduce_before_update"], sums=True),
         Value("configApplyPriorityUpdate", ["eager_priority_update_with_merge"], fuses=True)],
        lambda t: t.updates_priority),
    # (not where the program reads the current priority: polyc keeps delta 1)
    Dim("priority-delta", [Value("configApplyPriorityUpdateDelta", [3]),
                           Value("configApplyPriorityUpdateDelta", [ARGV])],
        lambda t: t.updates_priority and not t.current_priority_read),
    Dim("open-buckets", [Value("configNumOpenBuckets", [2]),
                         Value("configNumOpenBuckets", [ARGV])],
        lambda t: t.updates_priority),
    # Vertex traversals (set.apply(f), set.filter(f)).
    Dim("vertex-parallelization",
        [Value("configApplyParallelization", [p]) for p in VERTEX_PARALLELIZATIONS],
        lambda t: t.kind == "vertex"),
    Dim("parfor-grain", [Value("configParForGrainSize", [32]),
                         Value("configParForGrainSize", [ARGV])],
        lambda t: t.kind == "vertex",
        ok=lambda v, c: c.get("vertex-parallelization", "static-vertex-parallel") != "serial"),
]


OPTIONS = build_options()
DIMS = {d.name: d for d in OPTIONS}


def _ordered(polyc_values, preferred):
    """polyc's values, in the order of the hand-kept list, new ones last."""
    return [v for v in preferred if v in polyc_values] + \
        [v for v in polyc_values if v not in preferred]


def read_schedule_space(polyc, gt):
    """Takes the option values from polyc's schedule space for the labelled
    example `gt`: the values the validator accepts, not a copy of them.
    Semantics that the space does not describe (which variants a direction
    runs, which update-sync values defer reductions) stay here; a direction
    this file does not know is an error rather than a guess."""
    global DIRECTIONS, PARALLELIZATIONS, VERTEX_PARALLELIZATIONS, NUMA_PARALLELIZATIONS
    global NUMA_PARTITIONS, WORK_STEALING, DATA_PLACEMENTS, FRONTIER_STRUCTURES, HYBRIDS
    global OPTIONS, DIMS
    p = subprocess.run([polyc, gt, "--emit=schedule-space", "-o", "-"],
                       capture_output=True, text=True, timeout=COMPILE_TIMEOUT)
    if p.returncode != 0:
        raise SystemExit("equivalence.py: polyc --emit=schedule-space failed:\n" + p.stderr)
    import json
    space = json.loads(p.stdout)

    def values(kind, function, arg):
        entries = [l for l in space["labels"] if l["kind"] == kind]
        fns = space["program_functions"] if kind is None else \
            [f for l in entries[:1] for f in l["functions"]]
        for f in fns:
            if f["function"] == function:
                for a in f["args"]:
                    if a["name"] == arg:
                        return a["values"]
        return None

    def take(current, kind, function, arg):
        got = values(kind, function, arg)
        return current if got is None else _ordered(got, current)

    DIRECTIONS = take(DIRECTIONS, "edge-traversal", "configApplyDirection", "direction")
    unknown = [d for d in DIRECTIONS if d not in VARIANTS]
    if unknown:
        raise SystemExit("equivalence.py: polyc accepts direction(s) %s; say in VARIANTS "
                         "which variants they run" % ", ".join(unknown))
    HYBRIDS = [d for d in DIRECTIONS if len(VARIANTS[d]) == 2]
    PARALLELIZATIONS = take(PARALLELIZATIONS, "edge-traversal", "configApplyParallelization",
                            "parallelization")
    # Vertex loops run the vertex-parallel ones only (edge-aware and edge
    # parallel mean nothing there): a chosen subset of polyc's values.
    vertex = values("statement", "configApplyParallelization", "parallelization")
    if vertex is not None:
        VERTEX_PARALLELIZATIONS = [v for v in VERTEX_PARALLELIZATIONS if v in vertex]
    NUMA_PARALLELIZATIONS = take(NUMA_PARALLELIZATIONS, "edge-traversal", "configApplyNUMA",
                                 "NUMA parallelization")
    NUMA_PARTITIONS = take(NUMA_PARTITIONS, "edge-traversal", "configNUMAPartition",
                           "partition")
    WORK_STEALING = take(WORK_STEALING, "edge-traversal", "configWorkStealing",
                         "work stealing")
    FRONTIER_STRUCTURES = take(FRONTIER_STRUCTURES, "edge-traversal", "configApplyFrontier",
                               "frontier structure")
    DATA_PLACEMENTS = take(DATA_PLACEMENTS, None, "configDataPlacement", "placement")
    OPTIONS = build_options()
    # Update-sync values polyc has and the table does not: plain ones.
    syncs = values("edge-traversal", "configUpdateSync", "update sync") or []
    sync_dim = next(d for d in OPTIONS if d.name == "update-sync")
    known = {v.args[0] for v in sync_dim.values}
    sync_dim.values = [v for v in sync_dim.values if v.args[0] in syncs or not syncs] + \
        [Value("configUpdateSync", [how]) for how in syncs if how not in known]
    DIMS = {d.name: d for d in OPTIONS}
# Dimensions whose values only apply after a value of another: the greedy
# cover picks one of those for them while they are uncovered.
NEEDED_BY = {"numa": ("numa-partition", "numa-alpha", "stealing", "agents",
                     "frontier-structure"),
             "numa-partition": ("numa-alpha",)}
# Numbers that "argv[N]" options read, per option (ARGV in the table).
ARGV_VALUES = {"threshold": "15", "vertex-threshold": "4", "grain": "32", "numssg": "3", "parfor-grain": "16",
               "update-sync": "5", "frontier-structure": "3", "priority-delta": "7",
               "open-buckets": "1"}

# --------------------------------------------------------------------------
# The graphs each example runs on (those of test/E2E/lit.local.cfg).
# A run: (graph, program arguments after the graph, oracle options). A graph
# is a file of test/graphs or (file, extension, el2sg flags): a GAPBS
# conversion made once per driver run.

UNWEIGHTED = ["disconnected.el", "selfloops_dups.el", "isolated.el", "random30.el"]
WEIGHTED = ["disconnected.wel", "selfloops_dups.wel", "isolated.wel", "random30.wel"]
SYMMETRIC = ["disconnected_sym.el", "selfloops_dups_sym.el", "isolated_sym.el",
             "random30_sym.el"]
SIMPLE = ["triangles_sym.el", "simple64_sym.el", "disconnected_sym.el", "isolated_sym.el"]
SOURCES = {"disconnected": [0, 6], "selfloops_dups": [0, 5], "isolated": [1, 10],
           "random30": [0, 29]}


def _each(graphs):
    return [(g, [], []) for g in graphs]


def _sourced(graphs, extra=()):
    runs = []
    for g in graphs:
        for s in SOURCES[os.path.splitext(g)[0]]:
            runs.append((g, [s], ["--source", str(s)]))
    return runs + [(g, [s], ["--source", str(s)]) for g, s in extra]


RUNS = {
    "pr": _each(["random30.el"] + UNWEIGHTED[:3] + [("random30.el", ".sg", "--undirected")]),
    "pr_float": _each(["random30.el"] + UNWEIGHTED[:3] +
                      [("random30.el", ".sg", "--undirected")]),
    "prdelta": _each(["random30.el"] + UNWEIGHTED[:3] + [("selfloops_dups.el", ".sg", "")]),
    "bfs": _sourced(["random30.el"] + UNWEIGHTED[:3],
                    [("random30_sym.el", 3), (("isolated.el", ".sg", ""), 1)]),
    "sssp": _sourced(["random30.wel"] + WEIGHTED[:3],
                     [("negative.wel", 0), (("disconnected.wel", ".wsg", "--undirected"), 7)]),
    "sssp_delta": _sourced(["random30.wel"] + WEIGHTED[:3],
                           [("negative.wel", 0),
                            (("disconnected.wel", ".wsg", "--undirected"), 7)]),
    "cc": [(g, [], ["--exact-labels"]) for g in
           ["random30_sym.el"] + SYMMETRIC[:3] + ["disconnected.el",
                                                  ("isolated.el", ".sg", "--undirected")]],
    "cc_sv": _each(["random30.el", "random30_sym.el", "disconnected.el", "isolated.el",
                    "triangles_sym.el", ("isolated.el", ".sg", "--undirected")]),
    "cc_afforest": _each(["random30_sym.el", "disconnected_sym.el", "isolated_sym.el",
                          "simple64_sym.el", ("random30.el", ".sg", "--undirected")]),
    "eigenvector": _each(["random30.el", "random30_sym.el", "disconnected.el",
                          "simple64_sym.el", ("random30.el", ".sg", "--undirected")]),
    "spmv": _each(["random30_float.wel", "random30.wel", "ratings.wel", "selfloops_dups.wel",
                   ("random30.wel", ".wsg", "")]),
    "bp": _each(["random30.wel", "ratings.wel", "disconnected.wel",
                 ("disconnected.wel", ".wsg", "--undirected")]),
    "cf": _each(["ratings.wel", "random30.wel", "selfloops_dups.wel",
                 ("ratings.wel", ".wsg", "")]),
    "tc": _each(["simple64_sym.el", "triangles_sym.el", "disconnected_sym.el",
                 ("triangles_sym.el", ".sg", "")]),
    "kcore": _each(["simple64_sym.el", "random30_sym.el", "triangles_sym.el",
                    "selfloops_dups_sym.el", ("isolated.el", ".sg", "--undirected")]),
    "kcore_ordered": _each(["simple64_sym.el", "random30_sym.el", "triangles_sym.el",
                            "selfloops_dups_sym.el", ("isolated.el", ".sg", "--undirected")]),
    "coloring": _each(["random30_sym.el", "simple64_sym.el", "triangles_sym.el",
                       "selfloops_dups_sym.el", ("random30.el", ".sg", "--undirected")]),
    "bc": _sourced(["random30.el"] + UNWEIGHTED[:3],
                   [("random30_sym.el", 3), ("simple64_sym.el", 7),
                    (("isolated.el", ".sg", "--undirected"), 1)]),
    "bc_multi": [(g, [s, k], ["--source", str(s), "--count", str(k)])
                 for g, s, k in [("random30.el", 0, 30), ("disconnected.el", 0, 13),
                                 ("selfloops_dups.el", 0, 8), ("simple64_sym.el", 10, 20),
                                 ("random30_sym.el", 0, 30)]],
}

# The oracle's name for an example that computes what another does.
ORACLE_ALGORITHM = {"sssp_delta": "sssp", "kcore_ordered": "kcore", "pr_float": "pr"}

# How outputs compare with the default's.
INTEGER = {"cc", "cc_sv", "cc_afforest", "sssp", "sssp_delta", "tc", "kcore", "kcore_ordered", "coloring"}
FLOAT = {"pr", "pr_float", "prdelta", "cf", "bc", "bc_multi", "spmv", "bp", "eigenvector"}
BFS = {"bfs"}
# Examples whose every direction x parallelization pair runs in ci mode.
PAIRS = {"pr", "bfs", "sssp", "sssp_delta"}

# --------------------------------------------------------------------------
# Comparing outputs


class Mismatch(Exception):
    pass


def _lines(text):
    lines = [l.strip() for l in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _sig_digits(token):
    mantissa = token.lower().split("e")[0].lstrip("+-").replace(".", "").lstrip("0")
    return max(len(mantissa), 1)


def compare_integers(expected, got):
    e, g = _lines(expected), _lines(got)
    if len(e) != len(g):
        raise Mismatch("%d lines, the default printed %d" % (len(g), len(e)))
    bad = [i for i in range(len(e)) if e[i] != g[i]]
    if bad:
        i = bad[0]
        raise Mismatch("line %d: default %s, got %s; %d of %d lines differ"
                       % (i + 1, e[i], g[i], len(bad), len(e)))


def compare_floats(expected, got):
    """Within FLOAT_REL relative of the default, plus one unit in the last
    printed digit (both sides are rounded when printed: std::cout keeps 6
    significant digits), and NEAR_ZERO times the largest magnitude for values
    near 0 (a sum that cancels to ~0 may come out as 1e-17 or 0)."""
    e, g = _lines(expected), _lines(got)
    if len(e) != len(g):
        raise Mismatch("%d lines, the default printed %d" % (len(g), len(e)))
    digits = max([_sig_digits(t) for t in e + g] + [6])
    ev, gv = [], []
    for i in range(len(e)):
        try:
            ev.append(float(e[i]))
            gv.append(float(g[i]))
        except ValueError:
            if e[i] != g[i]:
                raise Mismatch("line %d: default '%s', got '%s'" % (i + 1, e[i], g[i]))
            ev.append(0.0)
            gv.append(0.0)
    finite = [abs(x) for x in ev if math.isfinite(x)]
    atol = NEAR_ZERO * (max(finite) if finite else 0.0)
    bad = []
    for i, (a, b) in enumerate(zip(ev, gv)):
        if math.isnan(a) or math.isnan(b) or math.isinf(a) or math.isinf(b):
            if not (a == b or (math.isnan(a) and math.isnan(b))):
                bad.append(i)
            continue
        big = max(abs(a), abs(b))
        unit = 10.0 ** (math.floor(math.log10(big)) - (digits - 1)) if big > 0 else 0.0
        if abs(a - b) > FLOAT_REL * big + unit + atol:
            bad.append(i)
    if bad:
        i = bad[0]
        raise Mismatch("line %d: default %s, got %s (|diff| %.3g); %d of %d lines differ"
                       % (i + 1, e[i], g[i], abs(ev[i] - gv[i]), len(bad), len(e)))


_oracle_module = None


def _read_graph(path):
    global _oracle_module
    if _oracle_module is None:
        sys.path.insert(0, ORACLE_DIR)
        import check as _check  # the oracle's own graph reader
        _oracle_module = _check
    return _oracle_module.read_graph(path)


def _depths(parent):
    """Depth of each vertex in the tree the parents describe: -1 when its
    parent is -1 (not reached), or a string when there is no depth: a parent
    that is no vertex, a cycle, an ancestor that is not reached."""
    n = len(parent)
    depth = [None] * n
    for v in range(n):
        path = []
        u = v
        while depth[u] is None:
            p = parent[u]
            if p == -1:
                depth[u] = -1
            elif p < 0 or p >= n:
                depth[u] = "none (parent %d is not a vertex)" % p
            elif p == u:
                depth[u] = 0
            elif u in path:
                for w in path[path.index(u):]:
                    depth[w] = "none (on a cycle of parents)"
            else:
                path.append(u)
                u = p
        for w in reversed(path):
            if depth[w] is not None:
                continue
            d = depth[parent[w]]
            if isinstance(d, int) and d >= 0:
                depth[w] = d + 1
            else:
                depth[w] = "none (ancestor %d is not reached)" % parent[w] \
                    if d == -1 else d
    return depth


def compare_bfs(expected, got, graph):
    e, g = _lines(expected), _lines(got)
    if len(e) != len(g):
        raise Mismatch("%d lines, the default printed %d" % (len(g), len(e)))
    try:
        ep = [int(x) for x in e]
        gp = [int(x) for x in g]
    except ValueError as err:
        raise Mismatch("not a parent list: %s" % err)
    ed, gd = _depths(ep), _depths(gp)
    bad = [v for v in range(len(ed)) if ed[v] != gd[v]]
    if bad:
        v = bad[0]
        raise Mismatch("vertex %d: depth %s in the default's tree, %s in this one "
                       "(parents %d and %d); %d vertices differ"
                       % (v, ed[v], gd[v], ep[v], gp[v], len(bad)))
    ins = graph.inn
    for v, p in enumerate(gp):
        if p in (-1, v):
            continue
        if all(u != p for u, _ in ins[v]):
            raise Mismatch("vertex %d: parent %d is not an in-neighbour (no edge %d->%d)"
                           % (v, p, p, v))


def comparator(example):
    if example in INTEGER:
        return lambda e, g, path: compare_integers(e, g)
    if example in FLOAT:
        return lambda e, g, path: compare_floats(e, g)
    if example in BFS:
        return lambda e, g, path: compare_bfs(e, g, _read_graph(path))
    raise SystemExit("equivalence.py: no comparison for example '%s'" % example)

# --------------------------------------------------------------------------
# The example's traversals


class Traversal:
    def __init__(self, kind, label, expr):
        self.kind = kind      # "edge" or "vertex"
        self.label = label
        self.expr = expr
        self.has_input = kind == "edge" and ".from(" in expr
        self.has_output = kind == "edge" and "applyModified(" in expr
        # Every write of its applied function is a reduction (+=, min=, max=)
        # on a vector the traversal does not track: configUpdateSync htm and
        # merge apply (set by label_example from the IR).
        self.reductions_only = False
        self.updates_priority = kind == "edge" and "applyUpdatePriority(" in expr
        # Its updates are sums of one constant (the IR says so; set by
        # label_example): constant_sum_reduce_before_update applies.
        self.constant_sums = False
        # The program reads its queue's current priority: the delta stays 1.
        self.current_priority_read = False
        # The loop around it allows bucket fusion (the IR says so).
        self.fusable = False

    def describe(self):
        if self.kind == "vertex":
            return "vertex traversal"
        return "edge traversal, %s, %s" % (
            "input frontier" if self.has_input else "all vertices",
            "output frontier" if self.has_output else "no output")


TRAVERSAL_RE = re.compile(r"^\s*(edge|vertex)-traversal @(\S+): (.*)$")


def parse_ir(text):
    """(kind, name, expr, label or None) for every traversal of --emit=ir."""
    out = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = TRAVERSAL_RE.match(line)
        if not m:
            continue
        label = None
        for follow in lines[i + 1:i + 3]:
            lm = re.match(r"^\s*label: (.*)$", follow)
            if lm:
                label = None if lm.group(1).strip() == "(none)" else lm.group(1).strip()
                break
        out.append((m.group(1), m.group(2), m.group(3).strip(), label))
    return out


def run_polyc(polyc, args, timeout=COMPILE_TIMEOUT):
    try:
        p = subprocess.run([polyc] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, universal_newlines=True)
    except subprocess.TimeoutExpired:
        return None, "", "polyc timed out after %d s" % timeout
    return p.returncode, p.stdout, p.stderr


def label_example(polyc, source, work):
    """Writes work/<example>.gt with every traversal labelled; returns its path
    and the traversals."""
    rc, ir, err = run_polyc(polyc, [source, "--emit=ir", "-o", "-"])
    if rc != 0:
        raise SystemExit("polyc --emit=ir %s failed (exit %s):\n%s" % (source, rc, err))
    traversals = parse_ir(ir)
    if not traversals:
        raise SystemExit("no traversal in the IR of %s:\n%s" % (source, ir))
    with open(source) as f:
        lines = f.read().split("\n")
    taken = {t[3] for t in traversals if t[3]}
    pos = 0
    counter = {"edge": 0, "vertex": 0}
    expected = []
    for kind, _name, expr, label in traversals:
        if label:
            expected.append((kind, label, expr))
            # keep the search position after the labelled statement
            for j in range(pos, len(lines)):
                if ("#%s#" % label) in lines[j]:
                    pos = j + 1
                    break
            continue
        while True:
            counter[kind] += 1
            new = ("v%d" if kind == "vertex" else "e%d") % counter[kind]
            if new not in taken:
                break
        for j in range(pos, len(lines)):
            code = lines[j].split("%", 1)[0]
            if expr in code and not re.search(r"#[\w:]+#", code):
                indent = len(code) - len(code.lstrip())
                lines[j] = lines[j][:indent] + "#%s# " % new + lines[j][indent:]
                pos = j + 1
                break
        else:
            raise SystemExit("cannot find the statement of '%s' in %s to label it"
                             % (expr, source))
        expected.append((kind, new, expr))
    labelled = os.path.join(work, os.path.basename(source))
    with open(labelled, "w") as f:
        f.write("\n".join(lines))
    rc, ir2, err = run_polyc(polyc, [labelled, "--emit=ir", "-o", "-"])
    if rc != 0:
        raise SystemExit("polyc --emit=ir on the labelled copy %s failed:\n%s" % (labelled, err))
    got = [(k, lab, e) for k, _n, e, lab in parse_ir(ir2)]
    if got != expected:
        raise SystemExit("the labelled copy %s has traversals %s, expected %s"
                         % (labelled, got, expected))
    traversals = [Traversal(k, lab, e) for k, lab, e in expected]
    with open(labelled) as f:
        text = f.read()
    for t in traversals:
        t.reductions_only = t.kind == "edge" and not t.has_output and \
            deferrable(applied_function_of(ir2, t.label), text)
        t.constant_sums = "(sums of one constant)" in traversal_ir(ir2, t.label)
        t.current_priority_read = "(its current priority read" in traversal_ir(ir2, t.label)
        t.fusable = "(bucket fusion possible)" in traversal_ir(ir2, t.label)
    return labelled, traversals


def traversal_ir(ir, label):
    """The IR lines of the traversal labelled `label`."""
    out, current = [], None
    for line in ir.splitlines():
        if TRAVERSAL_RE.match(line):
            current = None
        lm = re.match(r"^\s*label: (.*)$", line)
        if lm:
            current = lm.group(1).strip()
        if current == label:
            out.append(line)
    return "\n".join(out)


def applied_function_of(ir, label):
    """The name of the function the traversal labelled `label` applies."""
    current = None
    for line in ir.splitlines():
        lm = re.match(r"^\s*label: (.*)$", line)
        if lm:
            current = lm.group(1).strip()
        am = re.match(r"^\s*apply: (\w+)", line)
        if am and current == label:
            return am.group(1)
    return None


def deferrable(func, text):
    """Whether configUpdateSync htm and merge apply to a traversal applying
    `func`: each statement of its body that writes a global vector element is
    `x[i] op= value` with op +=, min= or max=, and nothing else in the body
    (nor the values) names x. The body is read from the program's text; a
    call to another function counts as touching everything."""
    if not func:
        return False
    m = re.search(r"^func %s\(.*?\n(.*?)^end\b" % re.escape(func), text, re.M | re.S)
    if not m:
        return False
    body = [l.split("%", 1)[0].strip() for l in m.group(1).splitlines()]
    body = [l for l in body if l]
    reduced = {}
    for line in body:
        w = re.match(r"^(\w+)\[\w+\]\s*(\+=|min=|max=)\s*(.*?);?$", line)
        if w:
            reduced.setdefault(w.group(1), set()).add(w.group(2))
    if not reduced or any(len(ops) > 1 for ops in reduced.values()):
        return False
    for line in body:
        w = re.match(r"^(\w+)\[\w+\]\s*(\+=|min=|max=)\s*(.*?);?$", line)
        rest = w.group(3) if w else line
        if re.search(r"\b\w+\s*\(", rest) and not w:
            return False  # a call (or a statement polyc may not see through)
        if any(re.search(r"\b%s\b" % re.escape(x), rest) for x in reduced):
            return False
    return True


def vertex_vectors(source):
    """{element type: [names]} of the per-vertex vectors declared in the program."""
    groups = collections.OrderedDict()
    with open(source) as f:
        for line in f:
            m = re.match(r"^\s*const\s+(\w+)\s*:\s*vector\{\w+\}\(", line)
            if not m:
                continue
            start = m.end()
            depth, i = 1, start
            while i < len(line) and depth:
                depth += {"(": 1, ")": -1}.get(line[i], 0)
                i += 1
            groups.setdefault(line[start:i - 1].strip(), []).append(m.group(1))
    return groups


def first_free_argv(source):
    with open(source) as f:
        used = [int(n) for n in re.findall(r"argv\[(\d+)\]", f.read())]
    return max(used + [0]) + 1

# --------------------------------------------------------------------------
# Schedules


class Schedule:
    """Per label, the chosen value of each dimension; plus program options."""

    def __init__(self, name, why):
        self.name = name
        self.why = why
        self.choices = collections.OrderedDict()  # label -> {dim: value or str}
        self.program = []                          # fuseFields calls

    def render(self, first_argv):
        """(text, extra program arguments, [(line, coverage keys)])."""
        lines, extra, keys = [], [], []
        argv = [first_argv]

        def arg(x, dim):
            if x == ARGV:
                n = argv[0]
                argv[0] += 1
                extra.append(ARGV_VALUES[dim])
                return '"argv[%d]"' % n
            if isinstance(x, (int, float)):
                return str(x)
            return '"%s"' % x

        for label, chosen in self.choices.items():
            d = chosen.get("direction")
            if d is not None:
                args = [d]
                k = ["direction=" + key_of("direction", d)]
                if "threshold" in chosen:
                    args.append(chosen["threshold"].args[1])
                    k.append("threshold=" + key_of("threshold", chosen["threshold"]))
                lines.append(("configApplyDirection", label, args, None,
                              ["threshold" if i == 1 else None for i in range(len(args))], k))
            for pdim, gdim in (("parallelization", "grain"),
                               ("vertex-parallelization", None)):
                p = chosen.get(pdim)
                if p is None:
                    continue
                args = [p]
                k = ["%s=%s" % (pdim, key_of(pdim, p))]
                if gdim and gdim in chosen:
                    args.append(chosen[gdim].args[1])
                    k.append("%s=%s" % (gdim, key_of(gdim, chosen[gdim])))
                lines.append(("configApplyParallelization", label, args, None,
                              [None, gdim], k))
            for dim in ("vertex-threshold", "variant-parallelization", "src", "dst", "dedup",
                        "numssg", "numa",
                        "numa-partition", "numa-alpha", "stealing", "agents",
                        "frontier-structure",
                        "update-sync",
                        "priority-update", "priority-delta", "open-buckets",
                        "parfor-grain"):
                v = chosen.get(dim)
                if v is None:
                    continue
                lines.append((v.function, label, v.args, v.dir, [dim] * len(v.args),
                              ["%s=%s" % (dim, v.key())]))
        text = []
        for function, label, args, dir_, dims, k in lines:
            a = ['"%s"' % label] + [arg(x, dims[i] if i < len(dims) else None)
                                    for i, x in enumerate(args)]
            if dir_:
                a.append('"%s"' % dir_)
            text.append("program->%s(%s);" % (function, ", ".join(a)))
            keys.append((len(text), ["%s: %s" % (label, x) for x in k]))
        for entry in self.program:
            if isinstance(entry, str):  # a whole call (configDataPlacement)
                text.append(entry)
                keys.append((len(text), [entry]))
                continue
            text.append("program->fuseFields(%s);" % ", ".join('"%s"' % v for v in entry))
            keys.append((len(text), ["fuseFields(%s)" % ", ".join(entry)]))
        return "\n".join(text) + "\n", extra, keys


SCALAR_DIMS = {"direction", "parallelization", "vertex-parallelization"}


def value_name(dim, v):
    """What a schedule's choices hold: the spelling for the scalar dimensions
    (direction, parallelization), the Value for the others."""
    return v.args[0] if dim in SCALAR_DIMS else v


def key_of(dim, chosen_value):
    """The coverage key of a chosen value: the table value's key()."""
    if dim in SCALAR_DIMS:
        return "%s(%s)" % (DIMS[dim].values[0].function, chosen_value)
    return chosen_value.key()


def applicable(t):
    return [d for d in OPTIONS if d.applies(t)]


def coverage_keys(t):
    """Every (dim, value key) the traversal must see in ci mode."""
    keys = []
    for d in applicable(t):
        for v in d.values:
            if "dst" in v.sets and not t.has_output:
                continue  # changes the output set, and there is none
            if v.defers and not t.reductions_only:
                continue  # htm and merge defer reductions only
            if v.sums and not t.constant_sums:
                continue  # constant sums only where the IR says so
            if v.fuses and not t.fusable:
                continue  # bucket fusion only where the IR says so
            keys.append((d.name, v.key()))
    return keys


def greedy_choice(t, uncovered, k, force=None):
    """One schedule's choices for traversal t: the forced values ({dim:
    spelling}), then per dimension the first compatible value not seen yet,
    else a cycling compatible one (direction and parallelization) or nothing."""
    chosen = {"_all": t.kind == "edge" and not t.has_input}
    picked = []
    force = force or {}
    for d in applicable(t):
        if d.name in force:
            chosen[d.name] = force[d.name]
            picked.append((d.name, key_of(d.name, force[d.name])))
            continue
        candidates = [v for v in d.values if d.compatible(v, chosen, t)]
        if not candidates:
            continue
        fresh = [v for v in candidates if (d.name, v.key()) in uncovered]
        if fresh:
            v = fresh[0]
        elif d.name in ("direction", "parallelization", "vertex-parallelization"):
            v = candidates[k % len(candidates)]
        elif d.name in NEEDED_BY and any(u[0] in NEEDED_BY[d.name] for u in uncovered):
            # A later dimension still to cover needs a value of this one.
            wanted = [c for c in candidates if NEEDED_BY[d.name][0] != "numa-alpha" or
                      c.args[0] == "chunk-alpha"]
            v = (wanted or candidates)[0]
        else:
            continue
        chosen[d.name] = value_name(d.name, v)
        picked.append((d.name, v.key()))
    return chosen, picked


def covering_choices(t, start=0, forced=()):
    """Per-schedule choices for traversal t that cover every value: first one
    schedule per entry of forced ({dim: spelling}, e.g. a direction x
    parallelization pair) with the other dimensions filled greedily, then as
    many more as needed."""
    uncovered = set(coverage_keys(t))
    plans = []
    k = start
    for force in forced:
        chosen, picked = greedy_choice(t, uncovered, k, force)
        uncovered -= set(picked)
        plans.append(chosen)
        k += 1
    while uncovered:
        best = None
        # Pick the direction that covers the most values not seen yet.
        directions = [None] if t.kind != "edge" else DIRECTIONS
        # The cycling parallelization can block a value (edge-parallel blocks
        # cache blocking and NUMA): try the next ones too.
        for direction, shift in itertools.product(directions, range(len(PARALLELIZATIONS))):
            chosen, picked = greedy_choice(t, uncovered, k + shift,
                                           {"direction": direction} if direction else None)
            gain = len(uncovered & set(picked))
            if best is None or gain > best[0]:
                best = (gain, chosen, picked)
        gain, chosen, picked = best
        if gain == 0:
            raise SystemExit("options %s can never apply to %s '%s' (a table bug)"
                             % (sorted(uncovered), t.describe(), t.label))
        uncovered -= set(picked)
        plans.append(chosen)
        k += 1
    return plans


def fusions(source):
    return [names for names in vertex_vectors(source).values() if len(names) >= 2]


def ci_schedules(example, traversals, source):
    """The covering set. For pr, bfs and sssp its first 25 schedules are the
    direction x parallelization pairs (of every edge traversal), each also
    carrying values of the other options."""
    pairs = list(itertools.product(DIRECTIONS, PARALLELIZATIONS)) if example in PAIRS else []
    forced = [{"direction": d, "parallelization": p} for d, p in pairs]
    per_label = {t.label: covering_choices(t, i, forced if t.kind == "edge" else ())
                 for i, t in enumerate(traversals)}
    fuse = fusions(source)
    count = max([len(v) for v in per_label.values()] + [len(fuse)])
    schedules = []
    for k in range(count):
        why = "pair %s x %s" % pairs[k] if k < len(pairs) else "covering %d" % k
        s = Schedule("s%03d" % k, why)
        for t in traversals:
            plans = per_label[t.label]
            if k < len(plans):
                s.choices[t.label] = plans[k]
            else:
                # covered already: keep varying direction and parallelization
                s.choices[t.label] = greedy_choice(t, set(), k)[0]
        if k < len(fuse):
            s.program.append(fuse[k])
        schedules.append(s)
    # Each lowered data placement once, on a schedule without field fusion.
    for s, how in zip(reversed(schedules[len(fuse):]), DATA_PLACEMENTS):
        s.program.append(placement_call(source, how))
    return schedules


def exhaustive_schedules(example, traversals, source):
    """The full cross product of the frontier options, then extras."""
    edge = [t for t in traversals if t.kind == "edge"]
    vertex = [t for t in traversals if t.kind == "vertex"]
    any_input = any(t.has_input for t in edge)
    any_output = any(t.has_output for t in edge)
    # Every value of each frontier option, through one function, and unset:
    # an unset source set is bool-array for the dense variants and a queue
    # for SparsePush (which takes no source representation: setting one
    # there is rejected), an unset output set a queue for SparsePush and
    # bool-array for the dense variants (unlike any single value).
    # Deduplication is enabled unless disabled.
    srcs = [None] + [Value("configApplyDenseVertexSet", [r, "src-vertexset"], sets=("src",))
                     for r in DENSE] if any_input else [None]
    dsts = [None] + [Value("configApplyDataStructure", [r, "dst-vertexset"], sets=("dst",))
                     for r in ("sparse-queue", "sliding-queue", "bool-array", "bitvector")] \
        if any_output else [None]
    dedups = DIMS["dedup"].values if any_output else [None]
    schedules = []

    def add(why, per_edge, per_vertex=None, program=None):
        s = Schedule("s%04d" % len(schedules), why)
        for t in edge:
            c = {}
            for dim, v in per_edge.items():
                if v is None or not DIMS[dim].applies(t) or \
                        (isinstance(v, Value) and v.defers and not t.reductions_only) or \
                        (isinstance(v, Value) and v.sums and not t.constant_sums):
                    continue
                c[dim] = v
            fusion = c.get("priority-update")
            if fusion is not None and fusion.fuses and not (t.fusable and fusion_ok(c)):
                del c["priority-update"]  # polyc rejects fusion there: nothing to compare
            s.choices[t.label] = c
        for t in vertex:
            if per_vertex:
                s.choices[t.label] = dict(per_vertex)
        if program:
            s.program.append(program)
        schedules.append(s)

    for d, p, src, dst, dd in itertools.product(DIRECTIONS, PARALLELIZATIONS, srcs, dsts,
                                                dedups):
        add("product", {"direction": d, "parallelization": p, "src": src, "dst": dst,
                        "dedup": dd})
    # Per-variant parallelization of each hybrid: every pair (traversals over
    # all vertices run one variant of a hybrid: they get the first only).
    for d in HYBRIDS if any_input else []:
        dense = VARIANTS[d][1]
        for p1, p2 in itertools.product(PARALLELIZATIONS, PARALLELIZATIONS):
            add("variant parallelization", {"direction": d, "parallelization": p1})
            for t in edge:
                if DIMS["variant-parallelization"].applies(t):
                    schedules[-1].choices[t.label]["variant-parallelization"] = Value(
                        "configApplyParallelization", [p2, 256], dir=dense)
    # Ordered traversals: every priority update strategy on every direction x
    # parallelization, with deltas and open buckets on a few of them.
    if any(t.updates_priority for t in edge):
        for u, d, p in itertools.product(DIMS["priority-update"].values, DIRECTIONS,
                                         PARALLELIZATIONS):
            add("priority update", {"direction": d, "parallelization": p, "priority-update": u})
        for u in DIMS["priority-update"].values:
            for delta, open_ in ((2, 1), (16, 2), (ARGV, ARGV), (1000, 4096)):
                per = {"direction": "SparsePush-DensePull",
                       "parallelization": "dynamic-vertex-parallel", "priority-update": u,
                       "open-buckets": Value("configNumOpenBuckets", [open_])}
                if not any(t.current_priority_read for t in edge):
                    per["priority-delta"] = Value("configApplyPriorityUpdateDelta", [delta])
                add("priority delta", per)
    # Thresholds, grains and cache blocking on a few bases.
    for d in HYBRIDS:
        for th in (1, 5, 1000, ARGV):
            for p in ("serial", "dynamic-vertex-parallel"):
                add("threshold", {"direction": d, "parallelization": p,
                                  "threshold": Value("configApplyDirection", [d, th])})
        for vth in (1, 3, 1000, ARGV):
            add("vertex threshold", {"direction": d, "parallelization": "dynamic-vertex-parallel",
                                     "vertex-threshold": Value("configHybridVertexThreshold",
                                                               [vth])})
    for d in ("SparsePush-DensePull", "DensePush"):
        for p in PARALLELIZATIONS[1:]:
            for gr in (1, 4096, ARGV):
                add("grain", {"direction": d, "parallelization": p,
                              "grain": Value("configApplyParallelization", [p, gr])})
    for d in ("DensePull", "SparsePush-DensePull"):
        for p in ("serial", "dynamic-vertex-parallel", "edge-parallel"):
            for v in [Value("configApplyNumSSG", [how, n]) for how in
                      ("fixed-vertex-count", "edge-aware-vertex-count") for n in (1, 5, ARGV)]:
                add("numssg", {"direction": d, "parallelization": p, "numssg": v})
    # NUMA: every parallelization, partition and stealing method on each
    # direction with a dense variant (and alpha on chunk-alpha).
    numa_dirs = DIRECTIONS
    for d, np_, part, steal in itertools.product(numa_dirs, NUMA_PARALLELIZATIONS,
                                                 NUMA_PARTITIONS, WORK_STEALING):
        per = {"direction": d, "parallelization": "dynamic-vertex-parallel",
               "numa": Value("configApplyNUMA", [np_]),
               "numa-partition": Value("configNUMAPartition", [part]),
               "stealing": Value("configWorkStealing", [steal])}
        if part == "chunk-alpha" and steal == "mini-chunk":
            per["numa-alpha"] = Value("configNUMAAlpha", [0.5])
        add("numa", per)
    # Cache blocking inside the nodes (the merge form; other pulls reject it).
    for d in ("DensePull", "SparsePush-DensePull"):
        for v in (Value("configApplyNumSSG", ["fixed-vertex-count", 3]),
                  Value("configApplyNumSSG", ["edge-aware-vertex-count", ARGV], dir="DensePull")):
            add("numa", {"direction": d, "parallelization": "dynamic-vertex-parallel",
                         "numssg": v, "numa": Value("configApplyNUMA", ["static-parallel"])})
    for d in numa_dirs:
        for p in ("serial", "static-vertex-parallel", "edge-aware-dynamic-vertex-parallel"):
            add("numa", {"direction": d, "parallelization": p,
                         "numa": Value("configApplyNUMA", ["dynamic-parallel"]),
                         "stealing": Value("configWorkStealing", ["inter-node", 64])})
    # Agents on every direction and NUMA parallelization, alone, with node
    # frontiers and with each update synchronisation.
    for d, np_ in itertools.product(DIRECTIONS, NUMA_PARALLELIZATIONS):
        for extra in ({}, {"frontier-structure": Value("configApplyFrontier", ["adaptive"])},
                      {"update-sync": Value("configUpdateSync", ["lock"])},
                      {"update-sync": Value("configUpdateSync", ["merge"], defers=True)},
                      {"update-sync": Value("configUpdateSync", ["htm", 4], defers=True)}):
            add("agents", dict({"direction": d, "parallelization": "dynamic-vertex-parallel",
                                "numa": Value("configApplyNUMA", [np_]),
                                "agents": Value("configApplyAgents", ["on"])}, **extra))
    # Frontiers held node by node: every structure on every direction, with
    # each NUMA parallelization and partition in turn.
    for i, (v, d) in enumerate(itertools.product(DIMS["frontier-structure"].values, DIRECTIONS)):
        add("frontier structure", {"direction": d, "parallelization": "dynamic-vertex-parallel",
                                   "frontier-structure": v,
                                   "numa": Value("configApplyNUMA", [NUMA_PARALLELIZATIONS[i % 3]]),
                                   "numa-partition": Value("configNUMAPartition",
                                                           [NUMA_PARTITIONS[i % 3]])})
    # Update synchronisation: every value on every direction, with vertex-
    # and edge-parallel loops, and over NUMA nodes (merge and htm only where
    # the traversal's writes are reductions: elsewhere they are left unset).
    for sync, d in itertools.product(DIMS["update-sync"].values, DIRECTIONS):
        for p in ("dynamic-vertex-parallel", "edge-parallel"):
            add("update sync", {"direction": d, "parallelization": p, "update-sync": sync})
        add("update sync", {"direction": d, "parallelization": "dynamic-vertex-parallel",
                            "update-sync": sync,
                            "numa": Value("configApplyNUMA", ["dynamic-parallel"]),
                            "numa-partition": Value("configNUMAPartition", ["edge-balanced"])})
    # Vertex traversals: parallelization x grain.
    if vertex:
        for p in VERTEX_PARALLELIZATIONS:
            for gr in (None, 1, 100, ARGV):
                pv = {"vertex-parallelization": p}
                if gr is not None:
                    pv["parfor-grain"] = Value("configParForGrainSize", [gr])
                for base in ({}, {"direction": "SparsePush-DensePull",
                                  "parallelization": "dynamic-vertex-parallel"}):
                    add("vertex", base, pv)
    # Field fusion, alone and with parallel bases.
    for names in fusions(source):
        groups = [names] + ([names[:2]] if len(names) > 2 else [])
        for g in groups:
            for d in DIRECTIONS:
                add("fusion", {"direction": d, "parallelization": "dynamic-vertex-parallel"},
                    program=g)
    return schedules

# --------------------------------------------------------------------------
# Compiling and running


LOCATED_RE = re.compile(r"^(.+?):(\d+):(\d+): (error|warning|note): (.*)$")


def classify_errors(stderr, sched_path):
    """[(line in the schedule or None, message)] of polyc's errors."""
    out = []
    base = os.path.basename(sched_path)
    for line in stderr.splitlines():
        m = LOCATED_RE.match(line)
        if m and m.group(4) == "error":
            where = m.group(1)
            in_sched = os.path.basename(where) == base
            out.append((int(m.group(2)) if in_sched else None, m.group(5), where))
    return out


def strip_comments(cpp):
    out = []
    for line in cpp.split("\n"):
        i = line.find("//")
        if i >= 0 and line[:i].count('"') % 2 == 0:
            line = line[:i].rstrip()
        if line:
            out.append(line)
    return "\n".join(out)


class Result:
    def __init__(self, schedule):
        self.schedule = schedule
        self.status = None      # PASS, FAIL, SKIPPED-UNSUPPORTED (partly), SKIPPED-REJECTED
        self.messages = []
        self.dropped = []       # (line text, message): not supported yet
        self.unsupported_keys = []
        self.keys = []
        self.text = ""
        self.extra = []
        self.digest = None
        self.same_as = None


class Driver:
    def __init__(self, args):
        self.args = args
        self.example = args.example
        self.polyc = args.polyc
        self.work = os.path.abspath(args.work)
        self.jobs = args.jobs
        self.compare = comparator(self.example)
        self.lock = threading.Lock()
        self.binaries = {}   # digest -> (event, exe path or None, error)
        self.default_exe = None
        self.outcomes = {}   # (digest, extra) -> (ok, messages)
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("POLYRT_")}
        self.env["OMP_NUM_THREADS"] = "2"
        # Waiting threads sleep instead of spinning: on a loaded two-core
        # machine (lit and ctest run tests side by side) spinning makes a
        # run of a few milliseconds take half a second. The parallel loops
        # still run on two threads.
        self.env["OMP_WAIT_POLICY"] = "passive"
        if args.ranks:
            self.env["POLYRT_RANK_GRANULE"] = "4"

    # -- graphs and the default ------------------------------------------------

    def prepare_graphs(self):
        runs = []
        made = {}
        for graph, args, oracle_args in RUNS[self.example]:
            if isinstance(graph, tuple):
                src, ext, flags = graph
                path = os.path.join(self.work, "graphs",
                                    os.path.splitext(src)[0] + (".u" if flags else "") + ext)
                if path not in made:
                    os.makedirs(os.path.dirname(path), exist_ok=True)
                    cmd = [sys.executable, EL2SG] + (flags.split() if flags else []) + \
                        [os.path.join(GRAPHS, src), path]
                    subprocess.run(cmd, check=True)
                    made[path] = True
            else:
                path = os.path.join(GRAPHS, graph)
            runs.append((path, [str(a) for a in args], oracle_args))
        return runs

    def compile(self, gt, sched, exe):
        cmd = [gt, "-o", exe] + (["-s", sched] if sched else [])
        cmd += ["--Xcxx=%s" % f for f in self.args.cxx_flag]
        return run_polyc(self.polyc, cmd)

    def run_program(self, exe, path, args, extra, env_extra=None):
        env = dict(self.env)
        env.update(env_extra or {})
        mpirun = (["mpirun", "--allow-run-as-root", "--oversubscribe", "--bind-to", "none",
                   "-np", str(self.args.ranks)] if self.args.ranks and exe != self.default_exe
                  else [])
        try:
            p = subprocess.run(mpirun + [exe, path] + args + extra, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=RUN_TIMEOUT, env=env,
                               universal_newlines=True)
        except subprocess.TimeoutExpired:
            return None, "", "timed out after %d s" % RUN_TIMEOUT
        return p.returncode, p.stdout, p.stderr

    def run_default(self, runs):
        exe = self.default_exe = os.path.join(self.work, "default.%s.exe" % self.example)
        source = os.path.join(EXAMPLES, self.example + ".gt")
        if self.args.reuse_default and os.path.exists(exe):
            rc, err = 0, ""
        else:
            rc, out, err = run_polyc(self.polyc, [source, "-o", exe])
            err = out + err
        if rc != 0:
            raise SystemExit("FAIL: the default schedule does not compile (exit %s):\n%s"
                             % (rc, err))
        outputs = []
        for i, (path, args, oracle_args) in enumerate(runs):
            rc, out, err = self.run_program(exe, path, args, [])
            if rc != 0:
                raise SystemExit("FAIL: the default program failed on %s %s (exit %s):\n%s"
                                 % (path, " ".join(args), rc, err))
            outputs.append(out)
            out_path = os.path.join(self.work, "default.%d.out" % i)
            with open(out_path, "w") as f:
                f.write(out)
            if not self.args.no_oracle:
                oc = subprocess.run([sys.executable, ORACLE,
                                     ORACLE_ALGORITHM.get(self.example, self.example),
                                     path, out_path]
                                    + oracle_args, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, universal_newlines=True)
                if oc.returncode != 0:
                    raise SystemExit("FAIL: the oracle rejects the default's output on %s %s:"
                                     "\n%s" % (path, " ".join(args), oc.stdout))
        return outputs

    # -- one schedule ------------------------------------------------------------

    def emit(self, gt, res):
        """--emit=cpp, dropping lines that are not supported yet. Returns the
        schedule path to compile with, or None (res says why)."""
        sched = os.path.join(self.work, res.schedule.name + ".sched")
        lines = res.text.rstrip("\n").split("\n")
        alive = list(range(len(lines)))     # indices into lines still in the file
        while True:
            with open(sched, "w") as f:
                f.write("\n".join(lines[i] for i in alive) + "\n")
            cpp = os.path.join(self.work, res.schedule.name + ".cpp")
            rc, _out, err = run_polyc(self.polyc, [gt, "-s", sched, "--emit=cpp", "-o", cpp])
            if rc == 0:
                with open(cpp) as f:
                    res.digest = hashlib.sha1(strip_comments(f.read()).encode()).hexdigest()
                os.remove(cpp)
                return sched
            if rc is None or rc < 0 or rc > 1 or "internal error" in err or \
                    "Stack dump" in err or "PLEASE submit" in err:
                res.status = "FAIL"
                res.messages.append("polyc crashed or failed badly (exit %s):\n%s" % (rc, err))
                return None
            errors = classify_errors(err, sched)
            if not errors:
                res.status = "FAIL"
                res.messages.append("polyc failed (exit %s) without a located error:\n%s"
                                    % (rc, err))
                return None
            unsupported = sorted({ln for ln, msg, _w in errors
                                  if ln is not None and "not supported yet" in msg})
            if self.args.ranks and res.dropped and not unsupported:
                # --ranks: options that configured what was dropped (the NUMA
                # options of a dropped configApplyNUMA) go with it.
                unsupported = sorted({ln for ln, _m, _w in errors if ln is not None})
            if any("configDistribution" in lines[alive[ln - 1]] for ln in unsupported):
                # --ranks: without its distribution the schedule tests nothing new.
                res.status = "SKIPPED-UNSUPPORTED"
                res.dropped += [(lines[alive[ln - 1]], m) for ln, m, _w in errors
                                if ln in unsupported]
                return None
            if unsupported:
                # Drop what is not supported yet and try again: the rest of
                # the schedule still gets compiled and checked.
                for ln in unsupported:
                    index = alive[ln - 1]
                    msg = [m for l, m, _w in errors if l == ln][0]
                    res.dropped.append((lines[index], msg))
                    res.unsupported_keys += [k for line_no, ks in res.keys
                                             if line_no == index + 1 for k in ks]
                drop = {alive[ln - 1] for ln in unsupported}
                alive = [i for i in alive if i not in drop]
                continue
            res.messages.append("polyc rejects the schedule:\n%s" % err)
            if any("not supported yet" in m for _l, m, _w in errors):
                # not supported, but not located in the schedule: the whole
                # schedule is skipped
                res.status = "SKIPPED-UNSUPPORTED"
                res.dropped += [("(whole schedule)", m) for _l, m, _w in errors
                                if "not supported yet" in m]
            elif self.args.mode == "exhaustive" and all(ln is not None for ln, _m, _w in errors):
                res.status = "SKIPPED-REJECTED"
            else:
                res.status = "FAIL"
            return None

    def build_and_run(self, gt, res, sched, runs, defaults):
        with self.lock:
            entry = self.binaries.get(res.digest)
            owner = entry is None
            if owner:
                entry = [threading.Event(), None, None, res.schedule.name]
                self.binaries[res.digest] = entry
        if owner:
            exe = os.path.join(self.work, res.schedule.name + ".exe")
            rc, _out, err = self.compile(gt, sched, exe)
            if rc != 0:
                entry[2] = "the C++ compile failed (exit %s):\n%s" % (rc, err)
            else:
                entry[1] = exe
            entry[0].set()
        else:
            entry[0].wait()
            res.same_as = entry[3]
        if entry[1] is None:
            res.status = "FAIL"
            res.messages.append(entry[2])
            return
        numa = uses_numa(res.text)
        key = (res.digest, tuple(res.extra), numa)
        with self.lock:
            cached = self.outcomes.get(key)
        if cached is None:
            cached = self.check_runs(entry[1], runs, defaults, res.extra, numa)
            with self.lock:
                self.outcomes[key] = cached
        ok, messages = cached
        res.status = "PASS" if ok else "FAIL"
        if len(messages) > 4:
            messages = messages[:4] + ["... and %d more runs went wrong" % (len(messages) - 4)]
        res.messages += messages

    def check_runs(self, exe, runs, defaults, extra, numa=False):
        messages = []
        for i, (path, args, _oracle) in enumerate(runs):
            envs = [({}, "")]
            if i == 0 and numa:
                for nodes, threads in itertools.product(NUMA_NODES, NUMA_THREADS):
                    env = {"OMP_NUM_THREADS": threads}
                    if nodes:
                        env["POLYRT_NUMA_NODES"] = nodes
                    envs.append((env, " with " + " ".join(
                        "%s=%s" % kv for kv in sorted(env.items()))))
            elif i == 0:
                envs += [({"POLYRT_NUMA_NODES": "2"}, " with POLYRT_NUMA_NODES=2"),
                         ({"OMP_NUM_THREADS": "1"}, " with OMP_NUM_THREADS=1")]
            for env, what in envs:
                cmd = " ".join([os.path.basename(exe), path] + args + extra) + what
                rc, out, err = self.run_program(exe, path, args, extra, env)
                if rc != 0:
                    messages.append("%s: exit %s\n%s" % (cmd, rc, err))
                    continue
                try:
                    self.compare(defaults[i], out, path)
                except Mismatch as m:
                    messages.append("%s: differs from the default: %s" % (cmd, m))
        return not messages, messages

    def one(self, gt, res, runs, defaults):
        sched = self.emit(gt, res)
        if sched is None:
            return res
        if self.args.emit_only:
            res.status = "PASS"
        else:
            self.build_and_run(gt, res, sched, runs, defaults)
        if res.status == "PASS" and res.dropped:
            res.status = "PASS-PARTLY"
        return res

    # -- everything ------------------------------------------------------------

    def main(self):
        start = time.time()
        os.makedirs(self.work, exist_ok=True)
        source = os.path.join(EXAMPLES, self.example + ".gt")
        if self.example not in RUNS:
            raise SystemExit("equivalence.py: unknown example '%s'" % self.example)
        gt, traversals = label_example(self.polyc, source, self.work)
        read_schedule_space(self.polyc, gt)
        if self.args.mode == "ci":
            schedules = ci_schedules(self.example, traversals, source)
        else:
            schedules = exhaustive_schedules(self.example, traversals, source)
        if self.args.limit:
            schedules = schedules[:self.args.limit]
        first_argv = first_free_argv(source)
        results = []
        for s in schedules:
            r = Result(s)
            r.text, r.extra, r.keys = s.render(first_argv)
            if self.args.ranks:
                r.text += 'program->configDistribution("chunk-alpha");\n'
            results.append(r)
        print("%s: %d traversals (%s)" % (self.example, len(traversals), "; ".join(
            "%s: %s" % (t.label, t.describe()) for t in traversals)))
        if self.args.list:
            for r in results:
                print("--- %s (%s)%s" % (r.schedule.name, r.schedule.why,
                                        " args " + " ".join(r.extra) if r.extra else ""))
                sys.stdout.write(r.text)
            print("%d schedules" % len(results))
            return 0
        runs = self.prepare_graphs()
        defaults = [] if self.args.emit_only else self.run_default(runs)
        print("%d schedules, %d runs each, %d jobs" % (len(results), len(runs) + 2, self.jobs))
        sys.stdout.flush()
        with concurrent.futures.ThreadPoolExecutor(self.jobs) as pool:
            done = list(pool.map(lambda r: self.one(gt, r, runs, defaults), results))
        self.clean(done)
        return self.report(done, traversals, time.time() - start)

    def clean(self, results):
        """Removes the binaries of schedules that passed (the exhaustive part
        makes hundreds); failing ones stay for a look."""
        failed = {r.digest for r in results if r.status == "FAIL"}
        for digest, entry in self.binaries.items():
            if entry[1] and digest not in failed and os.path.exists(entry[1]):
                os.remove(entry[1])

    def report(self, results, traversals, seconds):
        counts = collections.Counter(r.status for r in results)
        failed = [r for r in results if r.status == "FAIL"]
        rejected = [r for r in results if r.status == "SKIPPED-REJECTED"]
        unsupported = collections.OrderedDict()
        for r in results:
            for line, msg in r.dropped:
                m = re.match(r"program->(\w+)\(", line)
                unsupported.setdefault(msg, set()).add(m.group(1) if m else line)
        covered, seen_unsupported = set(), set()
        for r in results:
            if r.status in ("PASS", "PASS-PARTLY"):
                dropped_lines = {l for l, _m in r.dropped}
                lines = r.text.rstrip("\n").split("\n")
                for line_no, ks in r.keys:
                    if lines[line_no - 1] not in dropped_lines:
                        covered.update(ks)
            seen_unsupported.update(r.unsupported_keys)
        for r in failed:
            print("FAIL %s (%s)%s%s\n  schedule %s:\n%s  %s" % (
                r.schedule.name, r.schedule.why,
                " args " + " ".join(r.extra) if r.extra else "",
                ", the same program as %s" % r.same_as if r.same_as else "",
                os.path.join(self.work, r.schedule.name + ".sched"),
                "".join("    " + l + "\n" for l in r.text.rstrip("\n").split("\n")),
                "\n  ".join(m.rstrip().replace("\n", "\n    ") for m in r.messages)))
        if rejected:
            print("SKIPPED-REJECTED (the compiler calls the combination contradictory, "
                  "with a located error): %d schedules" % len(rejected))
            reasons = collections.Counter()
            for r in rejected:
                for m in r.messages:
                    for line in m.splitlines():
                        lm = LOCATED_RE.match(line)
                        if lm and lm.group(4) == "error":
                            reasons[re.sub(r"'[^']*'", "'...'", lm.group(5))] += 1
            for reason, n in reasons.most_common():
                print("  %4d x %s" % (n, reason))
            if self.args.verbose:
                for r in rejected:
                    print("  %s: %s" % (r.schedule.name, r.text.strip().replace("\n", " ")))
        for msg, functions in unsupported.items():
            print("SKIPPED-UNSUPPORTED (%s): %s" % (", ".join(sorted(functions)), msg))
        missing = set()
        if self.args.mode == "ci":
            for t in traversals:
                for dim, key in coverage_keys(t):
                    missing.add("%s: %s=%s" % (t.label, dim, key))
            missing -= covered
            if missing:
                print("NOT COVERED (%d option values; unsupported or failed):" % len(missing))
                for m in sorted(missing):
                    print("  " + m)
        distinct = len({r.digest for r in results if r.digest})
        print("%s %s: %d schedules in %.0f s: %d passed (%d with options dropped as "
              "unsupported), %d failed, %d rejected; %d distinct programs"
              % (self.example, self.args.mode, len(results), seconds,
                 counts["PASS"] + counts["PASS-PARTLY"], counts["PASS-PARTLY"],
                 counts["FAIL"], counts["SKIPPED-REJECTED"], distinct))
        status = 0
        if failed:
            status = 1
        if unsupported and self.args.require_all:
            print("FAIL: options are not supported yet and POLYC_EQUIV_REQUIRE_ALL is set")
            status = 1
        if missing and self.args.require_all:
            print("FAIL: option values not covered and POLYC_EQUIV_REQUIRE_ALL is set")
            status = 1
        return status

# --------------------------------------------------------------------------
# Self-test of the comparisons (lit runs it: a check that cannot fail is
# worthless).


def self_test():
    def fails(f, *a):
        try:
            f(*a)
        except Mismatch:
            return True
        return False

    checks = [
        (not fails(compare_integers, "1\n2\n", "1\n2\n"), "equal integers"),
        (fails(compare_integers, "1\n2\n", "1\n3\n"), "one integer differs"),
        (fails(compare_integers, "1\n2\n", "1\n"), "a line missing"),
        (fails(compare_integers, "1\n2\n", "1\n2\n3\n"), "a line too many"),
        (not fails(compare_floats, "0.0880701\n", "0.0880702\n"), "last printed digit"),
        (fails(compare_floats, "0.0880701\n", "0.0880721\n"), "2e-5 relative"),
        (not fails(compare_floats, "1.23456789012\n", "1.23456789912\n"), "1e-9 at 12 digits"),
        (fails(compare_floats, "1.23456789012\n", "1.23457789012\n"), "1e-5 at 12 digits"),
        (not fails(compare_floats, "26\n0\n", "26\n1e-17\n"), "near zero"),
        (fails(compare_floats, "26\n0\n", "26\n0.001\n"), "not near zero"),
        (not fails(compare_floats, "inf\n", "inf\n"), "inf"),
        (fails(compare_floats, "inf\n", "-inf\n"), "inf vs -inf"),
        (fails(compare_floats, "nan\n", "1\n"), "nan vs 1"),
        (fails(compare_floats, "1\n", "x\n"), "not a number"),
    ]
    # bfs on a small graph: 0->1, 0->2, 1->3, 2->3, 3->4; vertex 5 unreachable.

    class G:
        inn = [[], [(0, None)], [(0, None)], [(1, None), (2, None)], [(3, None)], []]
    good = "0\n0\n0\n1\n3\n-1\n"
    cmp_bfs = lambda e, g: compare_bfs(e, g, G)
    checks += [
        (not fails(cmp_bfs, good, good), "same tree"),
        (not fails(cmp_bfs, good, "0\n0\n0\n2\n3\n-1\n"), "another valid parent"),
        (fails(cmp_bfs, good, "0\n0\n0\n4\n3\n-1\n"), "a parent cycle"),
        (fails(cmp_bfs, good, "0\n0\n1\n1\n3\n-1\n"), "a deeper vertex (no edge 1->2)"),
        (fails(cmp_bfs, good, "0\n0\n0\n0\n3\n-1\n"), "a parent that is no in-neighbour"),
        (fails(cmp_bfs, good, "0\n0\n0\n1\n3\n4\n"), "an unreachable vertex reached"),
        (fails(cmp_bfs, good, "0\n0\n0\n1\n-1\n-1\n"), "a reachable vertex not reached"),
        (fails(cmp_bfs, good, "0\n0\n0\n1\n3\n"), "a line missing"),
    ]
    bad = [what for ok, what in checks if not ok]
    for what in bad:
        print("self-test FAILED: %s" % what)
    print("self-test: %d checks, %d failed" % (len(checks), len(bad)))
    return 1 if bad else 0


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--example")
    p.add_argument("--mode", choices=["ci", "exhaustive"], default="ci")
    p.add_argument("--work", help="directory for schedules, binaries and outputs")
    p.add_argument("--polyc", default="polyc")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--cxx-flag", action="append", default=[],
                   help="passed to polyc as --Xcxx=FLAG (e.g. -O1)")
    p.add_argument("--require-all", action="store_true",
                   default=os.environ.get("POLYC_EQUIV_REQUIRE_ALL") == "1",
                   help="fail if an option is not supported yet (POLYC_EQUIV_REQUIRE_ALL=1)")
    p.add_argument("--no-require-all", dest="require_all", action="store_false",
                   help="report unsupported options without failing, even if --require-all "
                   "came earlier")
    p.add_argument("--emit-only", action="store_true",
                   help="only run polyc --emit=cpp on every schedule (for the sanitized polyc)")
    p.add_argument("--no-emit-only", dest="emit_only", action="store_false",
                   help="compile and run even if --emit-only came earlier")
    p.add_argument("--no-oracle", action="store_true",
                   help="do not check the default's outputs with the oracle")
    p.add_argument("--reuse-default", action="store_true",
                   help="reuse the default schedule's program of an earlier run in --work")
    p.add_argument("--list", action="store_true", help="print the schedules and stop")
    p.add_argument("--limit", type=int, default=0, help="only the first N schedules")
    p.add_argument("--ranks", type=int, default=0,
                   help="add configDistribution to every schedule and run it under mpirun with "
                   "this many ranks (POLYRT_RANK_GRANULE=4, so that the small graphs split); a "
                   "schedule whose configDistribution is not supported yet is skipped "
                   "(docs/distributed.md)")
    p.add_argument("--verbose", action="store_true")
    p.add_argument("--self-test", action="store_true")
    args = p.parse_args(argv)
    if args.self_test:
        return self_test()
    if not args.example or (not args.work and not args.list):
        p.error("--example and --work are required")
    if not args.work:
        args.work = os.path.join("/tmp", "equivalence-list")
    polyc = shutil.which(args.polyc)
    if not polyc:
        p.error("no polyc: %s" % args.polyc)
    args.polyc = polyc
    return Driver(args).main()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
