#!/usr/bin/env python3
"""polyc-tune: searches the schedules of a GraphIt program for the fastest
correct one (docs/tuning.md).

    polyc-tune prog.gt --graph G [--graph G2 ...] [options] [-- program args]
    polyc-tune --enumerate prog.gt      # counts the space through polyc

The space is what `polyc prog.gt --emit=schedule-space` says the validator
accepts, for every labelled edge traversal and the loop schedules of labelled
for loops and traversals; the search is Optuna's TPE sampler with a median
pruner, every trial stored in SQLite, so that running the same command again
continues the same study. Each candidate is compiled with polyc (rejected ones
are recorded, never timed, and told to TPE as infeasible), binaries are shared by
schedules whose C++ is the same, and each binary runs per graph with
POLYRT_REPORT_TIME=1, --runs times and more until the runs add up to
--min-time: the trial's time is the sum over graphs of the median run, shown
with its spread. Every run's output is compared with the default schedule's
(test/ScheduleEquivalence/equivalence.py's comparators) before its time
counts; a candidate that fails to compile, crashes, times out (k times the
best time so far) or disagrees is recorded with the reason and never chosen.
A study is continued only with the program, graphs and arguments it was timed
on (study_key.py); Ctrl-C writes the best schedule so far. A library (no
main) is timed through one export function: --call (library_call.py).
"""

import argparse
import concurrent.futures
import hashlib
import itertools
import json
import math
import os
import re
import signal
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def find_repo():
    """The source tree: POLYC_TUNE_REPO (the build's launcher sets it), or the
    tree this file is in."""
    repo = os.environ.get("POLYC_TUNE_REPO")
    if repo:
        return repo
    return os.path.abspath(os.path.join(HERE, os.pardir, os.pardir))


REPO = find_repo()
sys.path.insert(0, os.path.join(REPO, "test", "ScheduleEquivalence"))
import equivalence as eq  # noqa: E402  the comparators the equivalence suite uses
import bfs_tree_check  # noqa: E402  compare_bfs's checks with arrays, for large graphs
import library_call  # noqa: E402  --call: a library timed through an export function
import study_key  # noqa: E402  what a stored study was timed on

TIME_RE = re.compile(r"^polyrt-time: seconds=([0-9.]+) load_seconds=([0-9.]+)$", re.M)
DEFAULT = "default"  # a dimension's value meaning "no call: polyc's default"
# The Optuna constraint of every trial: > 0 when the candidate cannot work,
# so that TPE learns where the infeasible schedules are (Tuner.told_state).
FEASIBLE = "works"
INFEASIBLE = ("rejected", "compile", "crash", "wrong")

# Numbers the tuner tries where the validator accepts any positive integer.
# The validator gives the lower bound; these grids are the tuner's choice.
THRESHOLDS = [2, 5, 10, 40, 80]       # hybrid switch divisor (polyc's default: 20)
VERTEX_THRESHOLDS = [4, 8, 16, 32]    # configHybridVertexThreshold (default: none)
GRAINS = [64, 256, 1024, 4096, 16384]  # parallel loop grain (default: 256 or per loop)
SEGMENTS = [2, 4, 8, 16]              # cache-blocking segments
PRIORITY_DELTAS = [2, 4, 8, 16, 64]   # bucket width (default: 1)
OPEN_BUCKETS = [64, 256, 4096]        # buckets held open (default: 1024)
MERGE_THRESHOLDS = [100, 400, 4000]   # bucket fusion's threshold (default: 1000)
NUMA_ALPHAS = [2, 4, 16, 32]          # Gemini's a in a|V_i| + |E_i| (default: 8(N-1))
NUMA_NODES = ["2", "4"]               # emulated nodes on a one-node machine
MERGE = "eager_priority_update_with_merge"  # the priority update with bucket fusion


class TuneError(Exception):
    pass


def log(msg):
    sys.stderr.write(msg + "\n")
    sys.stderr.flush()


# Ctrl-C is kept as a flag as well as raised: Python drops an exception
# raised while a weakref callback or finalizer runs ("Exception ignored
# in ..."), so a KeyboardInterrupt landing in a garbage collection would be
# lost and the search would go on. The loops check the flag between steps.
_interrupted = False


def on_sigint(signum, frame):
    global _interrupted
    _interrupted = True
    raise KeyboardInterrupt


def check_interrupt():
    """Raises KeyboardInterrupt if Ctrl-C came, even if its raise was lost."""
    if _interrupted:
        raise KeyboardInterrupt


def catch_sigint():
    """on_sigint for SIGINT, unless whoever started us ignores it."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, on_sigint)


# --------------------------------------------------------------------------
# The space


def run_polyc(polyc, args, timeout=600):
    try:
        p = subprocess.run([polyc] + args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 1, "", "polyc timed out after %d s" % timeout
    return p.returncode, p.stdout, p.stderr


def schedule_space(polyc, program):
    rc, out, err = run_polyc(polyc, [program, "--emit=schedule-space", "-o", "-"])
    if rc != 0:
        raise TuneError("polyc --emit=schedule-space failed:\n" + err)
    return json.loads(out)


def values_of(function, arg_name):
    for a in function["args"]:
        if a["name"] == arg_name:
            return a.get("values", [])
    return []


class Dim:
    """One choice of the search: a schedule function for one label, the
    values from the schedule space, and when it applies."""

    def __init__(self, label, key, function, values, when=None, grid=False):
        self.label = label
        self.key = key              # the Optuna parameter: "s1/direction"
        self.function = function    # the schedule function it calls
        self.values = values        # [DEFAULT, ...]
        self.when = when or (lambda chosen: True)
        self.grid = grid            # numbers from the tuner's grid, not polyc's values
        # A loop schedule (loop_transforms): its call's arguments, the labels
        # it replaces and those it makes.
        self.call_args = None
        self.consumes = ()
        self.makes = ()
        # A dimension of a label a loop schedule makes: the same dimension of
        # the label it copies (probe_dims keeps it when it keeps that one).
        self.origin = None

    @property
    def name(self):
        return "%s/%s" % (self.label, self.key)


def direction(chosen, label):
    d = chosen.get("%s/direction" % label, DEFAULT)
    return "SparsePush" if d == DEFAULT else d


YES = "yes"  # a loop schedule's value: the call is made


def scope_of(label):
    """"outer:" for "outer:l1", "" for "l1" (a new label is made in the
    scope of the labels it replaces)."""
    return label[:label.rfind(":") + 1]


def base_of(label):
    return label[label.rfind(":") + 1:]


def consumed(label, transform):
    """Whether a loop schedule replaces the label or the statement it is in."""
    return any(label == c or label.startswith(c + ":") for c in transform.consumes)


def overlaps(a, b):
    """Whether two loop schedules touch one statement (one replaces it or
    what it is in)."""
    return any(consumed(l, b) for l in a.consumes) or any(consumed(l, a) for l in b.consumes)


def chosen_transforms(chosen, transforms):
    return [t for t in transforms if chosen.get(t.name, DEFAULT) == YES]


def loop_transforms(space):
    """The loop schedules the search may choose, each a dimension of two
    values (DEFAULT, YES): fuseForLoop for each pair of for loops in one
    scope, fuseApplyFunctions for each pair of edge traversals in one scope,
    and splitForLoop of each for loop whose iteration count the space gives,
    with its first iteration apart (docs/schedule.md: a first round of
    another shape). Which pairs are adjacent and may fuse is polyc's to say
    (probe_dims). Two that touch the same statement are not combined: the
    second would name labels the first replaced."""
    entries = space["labels"]
    transforms = []

    def add(function, inputs, outputs, counts=()):
        first = inputs[0]
        t = Dim(first, "%s(%s)" % (function, ",".join(inputs[1:] + outputs)), function,
                [DEFAULT, YES])
        t.consumes = tuple(inputs)
        t.makes = tuple(scope_of(first) + o for o in outputs)
        t.call_args = ['"%s"' % l for l in inputs + outputs] + [str(n) for n in counts]
        earlier = list(transforms)
        t.when = lambda c, t=t, earlier=earlier: not any(
            overlaps(t, e) for e in chosen_transforms(c, earlier))
        transforms.append(t)

    def offering(kind, function):
        return [e["label"] for e in entries if e["kind"] == kind
                and any(f["function"] == function for f in e["functions"])]

    for function, kind in (("fuseForLoop", "for-loop"), ("fuseApplyFunctions", "edge-traversal")):
        for a, b in itertools.combinations(offering(kind, function), 2):
            if scope_of(a) == scope_of(b):
                add(function, [a, b], [base_of(a) + "_" + base_of(b)])
    for entry in entries:
        n = entry.get("iterations", 0)
        if entry["kind"] == "for-loop" and n >= 2 and \
                any(f["function"] == "splitForLoop" for f in entry["functions"]):
            b = base_of(entry["label"])
            add("splitForLoop", [entry["label"]], [b + "_first", b + "_rest"], (1, n - 1))
    return transforms


def renamed(label, transform):
    """The labels a chosen loop schedule gives a label it replaces: a copy
    of each nested label under each label it makes."""
    for c in transform.consumes:
        if label == c:
            return list(transform.makes)
        if label.startswith(c + ":"):
            return [m + label[len(c):] for m in transform.makes]
    return []


def traversal_entries(space, transforms):
    """The edge traversals to schedule, each with the condition that its
    label exists: the program's own while no chosen loop schedule replaced
    it, and the copies a loop schedule makes (scheduled after it, with the
    dimensions of the label copied) while that one is chosen."""
    entries = []
    for e in space["labels"]:
        if e["kind"] != "edge-traversal":
            continue
        entries.append((e, None, lambda c, l=e["label"]: not any(
            consumed(l, t) for t in chosen_transforms(c, transforms))))
        for t in transforms:
            for new in renamed(e["label"], t):
                if any(new == x["label"] for x, _, _ in entries):
                    continue  # fused traversals: one label, the first's dimensions
                entries.append((dict(e, label=new), e["label"],
                                lambda c, t=t: chosen_transforms(c, [t]) == [t]))
    return entries


def build_dims(space):
    """The dimensions of the loop schedules and of every edge traversal label,
    from the schedule space: the option values are polyc's; when an option
    applies (a threshold to a hybrid, cache blocking to a pull) follows
    docs/schedule.md. The loop schedules come first: they decide which
    traversal labels there are."""
    transforms = loop_transforms(space)
    dims = list(transforms)
    numa_used = []
    for entry, origin, exists in traversal_entries(space, transforms):
        label = entry["label"]
        fns = {f["function"]: f for f in entry["functions"]}

        def add(key, fname, arg, extra=(), when=None, default=True):
            if fname not in fns:
                return
            vals = list(extra) if arg is None else values_of(fns[fname], arg) + list(extra)
            if not vals:
                return
            d = Dim(label, key, fname, ([DEFAULT] if default else []) + vals,
                    lambda c, when=when or (lambda c: True), exists=exists:
                    exists(c) and when(c),
                    grid=arg is None)
            d.origin = origin and "%s/%s" % (origin, key)
            dims.append(d)

        lab = label
        add("direction", "configApplyDirection", "direction")
        add("threshold", "configApplyDirection", None, THRESHOLDS,
            when=lambda c, lab=lab: "-" in direction(c, lab))
        add("parallelization", "configApplyParallelization", "parallelization")
        add("grain", "configApplyParallelization", None, GRAINS,
            when=lambda c, lab=lab: c.get("%s/parallelization" % lab, DEFAULT)
            not in (DEFAULT, "serial"))
        hybrid = (lambda c, lab=lab: "-" in direction(c, lab))
        add("vertex-threshold", "configHybridVertexThreshold", None, VERTEX_THRESHOLDS,
            when=hybrid)
        # The pull side of SparsePush-DensePull with its own loop schedule
        # (the `dir` argument), written after the one for every variant.
        add("pull-parallelization", "configApplyParallelization", "parallelization",
            when=lambda c, lab=lab: direction(c, lab) == "SparsePush-DensePull")
        add("pull-grain", "configApplyParallelization", None, GRAINS, default=False,
            when=lambda c, lab=lab: direction(c, lab) == "SparsePush-DensePull"
            and c.get("%s/pull-parallelization" % lab, DEFAULT) != DEFAULT)
        add("set-apply", "setApply", "option")
        add("dense-set", "configApplyDenseVertexSet", "representation",
            when=lambda c, lab=lab: "Dense" in direction(c, lab))
        add("dense-set-role", "configApplyDenseVertexSet", "vertex set", default=False,
            when=lambda c, lab=lab: "Dense" in direction(c, lab)
            and c.get("%s/dense-set" % lab, DEFAULT) != DEFAULT)
        add("deduplication", "configApplyDeduplication", "deduplication")
        add("segments", "configApplyNumSSG", None, SEGMENTS,
            when=lambda c, lab=lab: "DensePull" in direction(c, lab))
        add("segmenting", "configApplyNumSSG", "segmenting", default=False,
            when=lambda c, lab=lab: c.get("%s/segments" % lab, DEFAULT) != DEFAULT)
        add("numa", "configApplyNUMA", "NUMA parallelization")
        if "configApplyNUMA" in fns:
            numa_used.append(label)
        numa_on = (lambda c, lab=lab: c.get("%s/numa" % lab, DEFAULT) not in (DEFAULT, "serial"))
        add("numa-partition", "configNUMAPartition", "partition", when=numa_on)
        add("agents", "configApplyAgents", "agents", when=numa_on)
        add("work-stealing", "configWorkStealing", "work stealing", when=numa_on)
        # An alpha weighs only the chunk-alpha partition (polyc rejects it
        # with the others).
        add("numa-alpha", "configNUMAAlpha", None, NUMA_ALPHAS,
            when=lambda c, lab=lab: c.get("%s/numa-partition" % lab) == "chunk-alpha")
        add("frontier", "configApplyFrontier", "frontier structure")
        add("update-sync", "configUpdateSync", "update sync")
        add("priority-update", "configApplyPriorityUpdate", "priority update")
        add("priority-delta", "configApplyPriorityUpdateDelta", None, PRIORITY_DELTAS)
        add("open-buckets", "configNumOpenBuckets", None, OPEN_BUCKETS)
        add("merge-threshold", "configBucketMergeThreshold", None, MERGE_THRESHOLDS,
            when=lambda c, lab=lab: c.get("%s/priority-update" % lab) == MERGE)
        add("intersection", "configIntersection", "intersection")
    return dims, numa_used


def call_of(dim, value, chosen):
    """The schedule line of one dimension's value, or None."""
    lab = dim.label
    if dim.call_args is not None:  # a loop schedule
        return None if value == DEFAULT else \
            "program->%s(%s);" % (dim.function, ", ".join(dim.call_args))
    if value == DEFAULT and dim.key not in ("segmenting", "dense-set-role", "pull-grain"):
        return None
    q = lambda s: '"%s"' % s  # noqa: E731
    if dim.key == "direction":
        t = chosen.get("%s/threshold" % lab, DEFAULT)
        args = [q(lab), q(value)] + ([] if t == DEFAULT else [str(t)])
    elif dim.key == "threshold":
        return None  # written with the direction
    elif dim.key == "parallelization":
        g = chosen.get("%s/grain" % lab, DEFAULT)
        args = [q(lab), q(value)] + ([] if g == DEFAULT else [str(g)])
    elif dim.key == "grain":
        return None  # written with the parallelization
    elif dim.key == "pull-parallelization":
        return None  # written with its grain
    elif dim.key == "pull-grain":
        args = [q(lab), q(chosen["%s/pull-parallelization" % lab]), str(value), q("DensePull")]
    elif dim.key == "dense-set":
        return None  # written with its role
    elif dim.key == "dense-set-role":
        args = [q(lab), q(chosen["%s/dense-set" % lab]), q(value)]
    elif dim.key == "segments":
        return None  # written with its method
    elif dim.key == "segmenting":
        args = [q(lab), q(value), str(chosen["%s/segments" % lab])]
    else:  # a number from a grid, or one of polyc's option values
        args = [q(lab), str(value) if isinstance(value, (int, float)) else q(value)]
    return "program->%s(%s);" % (dim.function, ", ".join(args))


def schedule_text(dims, chosen):
    lines = []
    for d in dims:
        if d.name in chosen:
            line = call_of(d, chosen[d.name], chosen)
            if line:
                lines.append(line)
    return "schedule:\n" + "".join(l + "\n" for l in lines)


def suggest(trial, dims, numa_nodes_dim):
    chosen = {}
    for d in dims:
        if d.when(chosen):
            chosen[d.name] = trial.suggest_categorical(d.name, d.values)
    env = {}
    if numa_nodes_dim and any(chosen.get("%s/numa" % l, DEFAULT) not in (DEFAULT, "serial")
                              for l in numa_nodes_dim):
        n = trial.suggest_categorical("POLYRT_NUMA_NODES", [DEFAULT] + NUMA_NODES)
        if n != DEFAULT:
            env["POLYRT_NUMA_NODES"] = n
    return chosen, env


def machine_numa_nodes():
    try:
        with open("/sys/devices/system/node/online") as f:
            text = f.read().strip()
    except OSError:
        return 1
    count = 0
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            count += int(b) - int(a) + 1
        elif part:
            count += 1
    return max(count, 1)


PROBE_BASES = [{}, {"direction": "DensePull"}, {"direction": "SparsePush-DensePull"},
               {"direction": "DensePush"}]


def probe_one(polyc, program, dims, d, path):
    """Whether polyc accepts dimension d's first value under one of the
    probe's directions (with the parent choices it needs), or, for a loop
    schedule, on its own. Not probed (True): the direction, the numbers
    that come with their option and the copies (their origin decides)."""
    def accepts(text):
        with open(path, "w") as f:
            f.write(text)
        rc, _, _ = run_polyc(polyc, [program, "-s", path, "--emit=cpp", "-o", os.devnull])
        return rc == 0

    if d.key in ("direction", "threshold", "grain", "segmenting", "dense-set-role",
                 "pull-grain") or d.origin:
        return True
    if d.call_args is not None:
        # Two loops that are not adjacent, or traversals that touch what the
        # other writes, do not fuse.
        return accepts(schedule_text([d], {d.name: YES}))
    value = next(v for v in d.values if v != DEFAULT)
    for base in PROBE_BASES:
        chosen = {"%s/%s" % (d.label, k): v for k, v in base.items()}
        chosen[d.name] = value
        if d.key == "dense-set":
            chosen["%s/dense-set-role" % d.label] = "both"
        if d.key == "segments":
            chosen["%s/segmenting" % d.label] = "fixed-vertex-count"
        if d.key == "pull-parallelization":
            chosen["%s/pull-grain" % d.label] = 256
        if d.key in ("numa-partition", "agents", "work-stealing", "numa-alpha"):
            chosen["%s/numa" % d.label] = "static-parallel"
        if d.key == "numa-alpha":
            chosen["%s/numa-partition" % d.label] = "chunk-alpha"
        if d.key == "merge-threshold":
            chosen["%s/priority-update" % d.label] = MERGE
        extra = [x for x in dims if x.label == d.label and x.name in chosen]
        if accepts(schedule_text(extra if d in extra else extra + [d], chosen)):
            return True
    return False


def probe_dims(polyc, program, dims, work, jobs=1):
    """Drops the dimensions polyc rejects for every direction: an option the
    passes never accept for this traversal (priority updates on a plain
    traversal, intersections outside triangle counting) would only fill the
    budget with rejected trials. Also the loop schedules polyc rejects."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        accepted = list(pool.map(
            lambda i: probe_one(polyc, program, dims, dims[i],
                                os.path.join(work, "probe%d.sched" % i)),
            range(len(dims))))
    kept = []
    for d, ok in zip(dims, accepted):
        if ok:
            kept.append(d)
        elif d.call_args is not None:
            log("polyc-tune: polyc rejects %s; left out" % call_of(d, YES, {}))
        else:
            log("polyc-tune: %s: polyc rejects %s for every direction; left out"
                % (d.label, d.function))
    names = {d.name for d in kept}
    # A dimension whose parent was dropped goes with it.
    parents = {"dense-set-role": "dense-set", "segmenting": "segments",
               "pull-grain": "pull-parallelization", "merge-threshold": "priority-update",
               "numa-alpha": "numa-partition"}
    names = {d.name for d in kept if d.key not in parents or
             "%s/%s" % (d.label, parents[d.key]) in names}
    made = {m for d in kept if d.call_args is not None for m in d.makes}

    def made_by_kept(label):
        return any(label == m or label.startswith(m + ":") for m in made)
    # A copy goes with the dimension it copies and the loop schedule that
    # makes its label.
    return [d for d in kept if d.name in names and
            (not d.origin or (d.origin in names and made_by_kept(d.label)))]


def describe_dims(dims):
    return "polyc-tune: %d dimensions over %d label(s): %s" % (
        len(dims), len({d.label for d in dims}), ", ".join(d.name for d in dims))


def searched_dims(polyc, program, work, jobs=1):
    """The dimensions the search samples: the schedule space's, less those
    polyc rejects for every direction. Also the labels with NUMA options."""
    dims, numa_labels = build_dims(schedule_space(polyc, program))
    dims = probe_dims(polyc, program, dims, work, jobs)
    if not dims:
        raise TuneError("%s has no labelled edge traversal to schedule" % program)
    return dims, numa_labels


# --------------------------------------------------------------------------
# The whole space (--enumerate)

# The keys a dimension's `when` reads (build_dims), besides the loop
# schedules' (which decide the labels there are): any other dimension
# multiplies the number of combinations without changing which dimensions
# apply after it, so count_space need not branch on it.
CONTROLS = {"direction", "parallelization", "pull-parallelization", "dense-set", "segments",
            "numa", "numa-partition", "priority-update"}


def walked_values(dim, fixed):
    """A dimension's values in the enumeration: a fixed one keeps only its
    first (polyc's default where the call is optional)."""
    return dim.values[:1] if dim.name in fixed else dim.values


def count_choices(dims, fixed, start=0, chosen=None):
    """The number of ways suggest() can choose the dimensions from `start`
    on, given `chosen`: a dimension counted only where its `when` holds."""
    chosen = chosen or {}
    total = 1
    for i in range(start, len(dims)):
        d = dims[i]
        if not d.when(chosen):
            continue
        values = walked_values(d, fixed)
        if d.key in CONTROLS or d.call_args is not None:
            return total * sum(count_choices(dims, fixed, i + 1, dict(chosen, **{d.name: v}))
                               for v in values)
        total *= len(values)
    return total


def count_space(dims, fixed):
    """The number of schedules the search can build. A label's dimensions
    depend only on one another and on the loop schedules, so for each choice
    of loop schedules the count is a product over the labels (one tree over
    all the labels' choices would grow as their product)."""
    transforms = [d for d in dims if d.call_args is not None]
    labels = []
    for d in dims:
        if d.call_args is None and d.label not in labels:
            labels.append(d.label)
    total = 0
    for chosen in walk_space(transforms, fixed):
        product = 1
        for label in labels:
            product *= count_choices([d for d in dims if d.call_args is None
                                      and d.label == label], fixed, 0, chosen)
        total += product
    return total


def walk_space(dims, fixed, start=0, chosen=None):
    """Every choice suggest() can make, as its dictionaries."""
    chosen = chosen or {}
    for i in range(start, len(dims)):
        d = dims[i]
        if d.when(chosen):
            for v in walked_values(d, fixed):
                yield from walk_space(dims, fixed, i + 1, dict(chosen, **{d.name: v}))
            return
    yield chosen


def subset_within(dims, limit):
    """The dimensions to fix so that at most `limit` combinations remain.
    Greedy, in the search's order, polyc's options before the tuner's
    numeric grids: a dimension is walked unless it would take the count over
    the limit (the options are what polyc decides on; a grid's numbers are
    usually accepted alike)."""
    fixed = {d.name for d in dims}
    for d in sorted(dims, key=lambda d: d.grid):
        fixed.discard(d.name)
        if count_space(dims, fixed) > limit:
            fixed.add(d.name)
    return fixed


def enumerate_space(o):
    """--enumerate: asks polyc for the C++ of every schedule of the search
    space and prints how many there are, how many polyc accepts and how many
    distinct programs (C++ digests, comments left out) they make."""
    program = os.path.abspath(o.program)
    name = os.path.splitext(os.path.basename(program))[0]
    work = os.path.abspath(o.work or "polyc-tune-" + name)
    os.makedirs(work, exist_ok=True)
    compiler = Compiler(o.polyc, program, work, o.polyc_flag or [])
    dims, numa_labels = searched_dims(o.polyc, program, work, o.jobs)
    full = count_space(dims, set())
    print(describe_dims(dims))
    print("polyc-tune: %s: %d combinations" % (name, full))
    fixed = subset_within(dims, o.enumerate_limit) if full > o.enumerate_limit else set()
    size = count_space(dims, fixed)
    if fixed:
        print("polyc-tune: more than --enumerate-limit %d; enumerating a subset of %d: %s "
              "left at polyc's default (or the grid's first value)"
              % (o.enumerate_limit, size, ", ".join(d.name for d in dims if d.name in fixed)))
    if numa_labels:
        print("polyc-tune: POLYRT_NUMA_NODES, set when the program runs, is not enumerated")
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=o.jobs) as pool:
        results = list(pool.map(
            lambda ic: compiler.emit("e%07d" % ic[0], schedule_text(dims, ic[1])),
            enumerate(walk_space(dims, fixed))))
    digests = [digest for _, digest, _ in results if digest]
    print("combinations: %d" % len(results))
    print("accepted by polyc: %d" % len(digests))
    print("distinct programs: %d" % len(set(digests)))
    print("polyc-tune: %d polyc calls in %s" % (len(results),
                                                 fmt_eta(time.monotonic() - started)))
    return 0 if len(results) == size else 1


# --------------------------------------------------------------------------
# Compiling


def digest_of(cpp):
    return hashlib.sha256(eq.strip_comments(cpp).encode()).hexdigest()


class Compiler:
    def __init__(self, polyc, program, work, extra_flags):
        self.polyc = polyc
        self.program = program
        self.work = work
        self.bins = os.path.join(work, "bin")
        os.makedirs(self.bins, exist_ok=True)
        self.extra = extra_flags

    def emit(self, name, text):
        """Writes the schedule WORK/sched/NAME.sched and asks polyc for its
        C++: (path, digest, None), or (path, None, reason) when polyc
        rejects it."""
        sched = os.path.join(self.work, "sched", name + ".sched")
        os.makedirs(os.path.dirname(sched), exist_ok=True)
        with open(sched, "w") as f:
            f.write(text)
        rc, cpp, err = run_polyc(self.polyc, [self.program, "-s", sched, "--emit=cpp", "-o", "-"]
                                 + self.extra)
        if rc != 0:
            first = next((l for l in err.splitlines() if "error" in l), err.strip()[:200])
            return sched, None, "rejected by polyc: " + first.strip()
        return sched, digest_of(cpp), None

    def compile(self, name, text):
        """(digest, binary, None) or (None, None, reason)."""
        sched, digest, reason = self.emit(name, text)
        if reason:
            return None, None, reason
        binary = os.path.join(self.bins, digest[:20])
        if os.path.exists(binary):
            return digest, binary, None
        tmp = binary + ".%d.tmp" % os.getpid() + name
        rc, _, err = run_polyc(self.polyc, [self.program, "-s", sched, "-o", tmp] + self.extra)
        if rc != 0 or not os.path.exists(tmp):
            return None, None, "failed to compile: " + err.strip().splitlines()[-1:][0] \
                if err.strip() else "failed to compile"
        os.replace(tmp, binary)  # atomic: concurrent jobs with the same C++ agree
        return digest, binary, None


# --------------------------------------------------------------------------
# Running and checking


class Failure(Exception):
    def __init__(self, kind, reason):
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


def comparator_for(name, reference_text):
    stem = name
    if stem in eq.INTEGER:
        return lambda e, g, path: eq.compare_integers(e, g)
    if stem in eq.FLOAT:
        return lambda e, g, path: eq.compare_floats(e, g)
    if stem in eq.BFS:
        return bfs_tree_check.BfsChecker().compare
    # Another program: integers compared exactly when every line is one,
    # floats within 1e-6 relative otherwise.
    try:
        for line in reference_text.split():
            int(line)
        return lambda e, g, path: eq.compare_integers(e, g)
    except ValueError:
        return lambda e, g, path: eq.compare_floats(e, g)


def run_once(binary, graph, args, env, timeout):
    full = dict(os.environ)
    full.update(env)
    full["POLYRT_REPORT_TIME"] = "1"
    start = time.monotonic()
    try:
        p = subprocess.run([binary, graph] + args, capture_output=True, text=True,
                           timeout=timeout, env=full)
    except subprocess.TimeoutExpired:
        raise Failure("timeout", "timed out after %.3g s on %s" % (timeout, os.path.basename(graph)))
    wall = time.monotonic() - start
    check_interrupt()
    if p.returncode == -signal.SIGINT:
        raise KeyboardInterrupt  # Ctrl-C reached the program before the tuner
    if p.returncode != 0:
        what = ("killed by signal %d" % -p.returncode) if p.returncode < 0 \
            else "exit status %d" % p.returncode
        msg = p.stderr.strip().splitlines()[-1:] or [""]
        raise Failure("crash", "%s on %s: %s" % (what, os.path.basename(graph), msg[0][:200]))
    m = None
    for m in TIME_RE.finditer(p.stderr):
        pass
    if not m:
        raise Failure("crash", "no polyrt-time line on %s" % os.path.basename(graph))
    return float(m.group(1)), wall, p.stdout


# --------------------------------------------------------------------------
# The tuner


def counted(study):
    """Trials that use up a budget in trials: all but those polyc rejected."""
    return sum(1 for t in study.trials if t.user_attrs.get("status") != "rejected"
               and t.state.name != "WAITING")


def parse_budget(text):
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(m|min|s)?\s*", text)
    if not m:
        raise argparse.ArgumentTypeError("budget is N (trials), Nm (minutes) or Ns (seconds)")
    n, unit = float(m.group(1)), m.group(2)
    if unit in ("m", "min"):
        return ("seconds", n * 60)
    if unit == "s":
        return ("seconds", n)
    return ("trials", int(n))


def fmt_time(s):
    if s is None or not math.isfinite(s):
        return "-"
    return "%.6f s" % s if s < 10 else "%.3f s" % s


def spread_of(runs):
    """The repeatability of a measurement from each graph's run times: the
    number of runs and their total per graph, and the sums over the graphs
    of each one's minimum, lower quartile, upper quartile and maximum run."""
    def quartiles(t):
        return statistics.quantiles(t, n=4, method="inclusive")[::2] if len(t) > 1 else [t[0]] * 2
    qs = [quartiles(t) for t in runs]
    return {"runs": [len(t) for t in runs], "totals": [sum(t) for t in runs],
            "min": sum(min(t) for t in runs), "q1": sum(q[0] for q in qs),
            "q3": sum(q[1] for q in qs), "max": sum(max(t) for t in runs)}


def fmt_spread(spread, value):
    """"n=12 IQR +-3%": the runs per graph and half the interquartile range
    as a share of the value."""
    if not spread or not value:
        return "-"
    n = spread["runs"]
    runs = "n=%d" % n[0] if len(set(n)) == 1 else "n=" + "+".join(map(str, n))
    return "%s IQR +-%.0f%%" % (runs, 50.0 * (spread["q3"] - spread["q1"]) / value)


def fmt_eta(seconds):
    if seconds is None:
        return "?"
    seconds = int(seconds)
    return "%dm%02ds" % (seconds // 60, seconds % 60)


def timed_program(o, source, name, work):
    """The program polyc compiles and the tuner runs, and its text: the
    source itself, or for --call the library with a main that makes the call
    (library_call.py), written to WORK/<name>.call.gt."""
    try:
        with open(source) as f:
            text = f.read()
    except OSError as e:
        raise TuneError("cannot read %s: %s" % (source, e.strerror))
    if not o.call:
        if not library_call.has_main(text):
            raise TuneError("%s is a library (no main): name the export function to time and "
                            "its arguments with --call, e.g. --call 'f(graph, 10)', where "
                            "`graph` is the --graph being timed (docs/tuning.md, "
                            "\"Libraries\")" % o.program)
        return source, text
    if library_call.has_main(text):
        raise TuneError("--call times a library (a program without main); %s has main: "
                        "tune it without --call" % o.program)
    rc, header, err = run_polyc(o.polyc, [source, "--emit=header", "-o", "-"])
    if rc != 0:
        raise TuneError("polyc --emit=header failed:\n" + err)
    try:
        text = library_call.wrapper(text, header, o.call)
    except library_call.CallError as e:
        raise TuneError(str(e))
    path = os.path.join(work, name + ".call.gt")
    with open(path, "w") as f:
        f.write(text)
    return path, text


class Tuner:
    def __init__(self, opts, optuna):
        self.o = opts
        self.optuna = optuna
        self.source = os.path.abspath(opts.program)
        self.name = os.path.splitext(os.path.basename(self.source))[0]
        self.work = os.path.abspath(opts.work or "polyc-tune-" + self.name)
        os.makedirs(self.work, exist_ok=True)
        self.program, self.program_text = timed_program(opts, self.source, self.name, self.work)
        self.graphs = [os.path.abspath(g) for g in opts.graph]
        self.compiler = Compiler(opts.polyc, self.program, self.work, opts.polyc_flag or [])
        self.reference = {}      # graph -> the default's output
        self.best_wall = {}      # graph -> best wall time of a run so far
        self.measured = {}       # digest -> (value, per-graph medians, walls, spread) or Failure
        self.compare = None
        self.confirmed_default = None
        self.default_time = None
        self.study = None        # set once the study is open and its key checked

    # The default schedule and the hand-picked one ---------------------------

    def more_runs(self, times):
        """Whether a graph gets another run: at least --runs, then more while
        the runs' total is under --min-time (a millisecond run is mostly the
        machine's noise; the median of many is what ranks), up to --max-runs."""
        if len(times) < self.o.runs:
            return True
        return sum(times) < self.o.min_time and len(times) < self.o.max_runs

    def measure(self, binary, env, check=True):
        """Sum of per-graph medians; raises Failure. Yields (step, partial
        value, whether it was the last run) after each run."""
        medians, walls, runs = [], [], []
        step = 0
        for gi, graph in enumerate(self.graphs):
            times, gwalls = [], []
            while self.more_runs(times):
                timeout = None
                if graph in self.best_wall and self.o.timeout_factor > 0:
                    timeout = max(self.o.timeout_factor * self.best_wall[graph],
                                  self.o.min_timeout)
                t, wall, out = run_once(binary, graph, self.o.args, env, timeout)
                if check:
                    try:
                        self.compare(self.reference[graph], out, graph)
                    except eq.Mismatch as m:
                        raise Failure("wrong", "wrong output on %s: %s"
                                      % (os.path.basename(graph), m))
                times.append(t)
                gwalls.append(wall)
                last = gi + 1 == len(self.graphs) and not self.more_runs(times)
                yield step, sum(medians) + statistics.median(times), last
                step += 1
            medians.append(statistics.median(times))
            walls.append(min(gwalls))
            runs.append(times)
        self._last = (sum(medians), medians, walls, spread_of(runs))

    def measure_all(self, binary, env, check=True, trial=None):
        """(value, per-graph medians, walls, spread): spread_of's summary."""
        for step, partial, last in self.measure(binary, env, check):
            if trial is not None:
                trial.report(partial, step)
                if not last and trial.should_prune():
                    raise Failure("pruned", "pruned after %d run(s): %s so far, slower "
                                  "than the median trial" % (step + 1, fmt_time(partial)))
        return self._last

    def note_walls(self, walls):
        for g, w in zip(self.graphs, walls):
            self.best_wall[g] = min(self.best_wall.get(g, w), w)

    def run_default(self):
        digest, binary, reason = self.compiler.compile("default", "schedule:\n")
        if not binary:
            raise TuneError("the default schedule does not compile: %s" % reason)
        self.default_digest = digest
        self.default_binary = binary
        for graph in self.graphs:
            _, _, out = run_once(binary, graph, self.o.args, {}, None)
            self.reference[graph] = out
        self.compare = comparator_for(self.name, next(iter(self.reference.values())))
        result = self.measure_all(binary, {}, check=True)
        value, _, walls, spread = result
        self.note_walls(walls)
        self.default_time = value
        self.default_spread = spread
        self.measured[(digest, ())] = result
        log("polyc-tune: default schedule: %s" % fmt_time(value))

    def run_benchmark(self):
        self.bench_time = None
        self.bench_note = None
        path = self.o.benchmark
        if path is None:
            path = os.path.join(REPO, "test", "benchmarks", "schedules", self.name + ".sched")
        if not path or not os.path.exists(path):
            self.bench_note = "no hand-picked schedule"
            return
        self.bench_path = path
        with open(path) as f:
            text = f.read()
        digest, binary, reason = self.compiler.compile("benchmark", text)
        if not binary:
            self.bench_note = "%s: %s" % (os.path.relpath(path, REPO), reason)
            log("polyc-tune: hand-picked schedule not usable: " + self.bench_note)
            return
        self.bench_binary = binary
        try:
            value, _, walls, self.bench_spread = self.measure_all(binary, {}, check=True)
        except Failure as f:
            self.bench_note = "%s: %s" % (os.path.relpath(path, REPO), f.reason)
            log("polyc-tune: hand-picked schedule: " + f.reason)
            return
        self.note_walls(walls)
        self.bench_time = value
        log("polyc-tune: hand-picked schedule %s: %s"
            % (os.path.relpath(path, REPO), fmt_time(value)))

    # The search ---------------------------------------------------------------

    def open_study(self):
        storage_path = os.path.abspath(self.o.storage or os.path.join(self.work, "study.db"))
        storage = self.optuna.storages.RDBStorage("sqlite:///" + storage_path)
        sampler = self.optuna.samplers.TPESampler(seed=self.o.seed, constant_liar=True,
                                                  n_startup_trials=self.o.startup)
        pruner = self.optuna.pruners.MedianPruner(n_startup_trials=5, n_warmup_steps=0)
        study = self.optuna.create_study(study_name=self.o.study or self.name, storage=storage,
                                         sampler=sampler, pruner=pruner,
                                         direction="minimize", load_if_exists=True)
        # Trials left running by a killed run: recorded as failed, so that
        # they count and are never chosen.
        self.storage = storage
        self.fail_running(study)
        self.storage_path = storage_path
        return study

    def fail_running(self, study):
        T = self.optuna.trial.TrialState
        for t in study.get_trials(deepcopy=False, states=(T.RUNNING,)):
            self.storage.set_trial_user_attr(t._trial_id, "status", "interrupted")
            self.storage.set_trial_user_attr(t._trial_id, "reason", "interrupted")
            self.storage.set_trial_state_values(t._trial_id, T.FAIL)

    def prepare(self):
        """The space and the study, before anything is timed: a stored study
        timed on other inputs is refused here (study_key.py)."""
        self.dims, numa_labels = searched_dims(self.o.polyc, self.program, self.work,
                                               self.o.jobs)
        self.numa_dim = numa_labels if machine_numa_nodes() == 1 else []
        log(describe_dims(self.dims))
        study = self.open_study()
        key = study_key.make_key(self.program_text, self.o.call, self.dims, self.graphs,
                                 self.o.args, self.o.polyc_flag or [])
        stored = study.user_attrs.get(study_key.ATTR)
        where = "the study '%s' in %s" % (study.study_name, self.storage_path)
        advice = ("use another --work (or --storage, or --study NAME) for this run, or run "
                  "with the study's own inputs to continue it")
        if stored is None and study.trials:
            raise TuneError("%s has %d trials but no record of the program, graphs and "
                            "arguments they were timed on (an earlier polyc-tune made it), so "
                            "its times cannot be compared with this run's: %s"
                            % (where, len(study.trials), advice))
        if stored is None:
            study.set_user_attr(study_key.ATTR, key)
        else:
            diff = study_key.differences(stored, key)
            if diff:
                raise TuneError("%s was timed on other inputs than this run's:\n%s\nIts times "
                                "cannot be compared with this run's: %s"
                                % (where, "\n".join(diff), advice))
        self.study = study

    def evaluate(self, trial, compiled, env):
        digest, binary, reason = compiled
        trial.set_user_attr("env", env)
        if not binary:
            raise Failure("rejected" if reason.startswith("rejected") else "compile", reason)
        trial.set_user_attr("digest", digest)
        key = (digest, tuple(sorted(env.items())))
        if key in self.measured:
            prior = self.measured[key]
            if isinstance(prior, Failure):
                raise Failure(prior.kind, "same C++ as an earlier trial: " + prior.reason)
            trial.set_user_attr("same_as_earlier", True)
            return prior
        try:
            result = self.measure_all(binary, env, check=True, trial=trial)
        except Failure as f:
            # A timeout stays one: the bound only falls as the best improves.
            # A pruned program may pass against later medians.
            if f.kind != "pruned":
                self.measured[key] = f
            raise
        self.measured[key] = result
        self.note_walls(result[2])
        return result

    def search(self):
        optuna = self.optuna
        T = optuna.trial.TrialState
        study, dims, numa_dim = self.study, self.dims, self.numa_dim
        if not study.trials:
            # The default first: the sampler then knows where it starts.
            study.enqueue_trial({d.name: DEFAULT for d in dims if DEFAULT in d.values})
        for t in study.trials:  # an earlier run's walls bound this run's timeouts
            if t.state == T.COMPLETE and "walls" in t.user_attrs:
                self.note_walls(t.user_attrs["walls"])

        kind, amount = self.o.budget
        start = time.monotonic()
        asked_here = [0]

        def remaining():
            if kind == "trials":
                # Candidates polyc rejects cost a --emit=cpp call, not a
                # run: they are recorded but do not use up the budget. (A
                # space where almost everything is rejected still ends.)
                if asked_here[0] >= 20 * amount:
                    return 0
                return amount - counted(study)
            return 1 if time.monotonic() - start < amount else 0

        pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, self.o.jobs))
        try:
            self.search_loop(study, dims, numa_dim, pool, remaining, asked_here, start)
        finally:
            # On Ctrl-C, compiles not started are dropped (those running end
            # with their polyc).
            pool.shutdown(wait=False, cancel_futures=True)
        return study

    def search_loop(self, study, dims, numa_dim, pool, remaining, asked_here, start):
        done_here = 0
        kind = self.o.budget[0]
        while remaining() > 0:
            check_interrupt()
            batch = []
            for _ in range(min(self.o.jobs, remaining()) if kind == "trials" else self.o.jobs):
                trial = study.ask()
                asked_here[0] += 1
                chosen, env = suggest(trial, dims, numa_dim)
                text = schedule_text(dims, chosen)
                trial.set_user_attr("schedule", text)
                batch.append((trial, env, pool.submit(self.compiler.compile,
                                                      "t%05d" % trial.number, text)))
            # Every compile of the batch ends before the first run: a compile
            # beside a timed run would take CPU from it.
            concurrent.futures.wait([fut for _, _, fut in batch])
            for trial, env, fut in batch:
                try:
                    value, medians, walls, spread = self.evaluate(trial, fut.result(), env)
                    trial.set_user_attr("status", "ok")
                    trial.set_user_attr("medians", medians)
                    trial.set_user_attr("walls", walls)
                    trial.set_user_attr("spread", spread)
                    trial.set_constraint(FEASIBLE, 0.0)
                    study.tell(trial, value)
                    verdict = "%s (%s)" % (fmt_time(value), fmt_spread(spread, value))
                except Failure as f:
                    trial.set_user_attr("status", f.kind)
                    trial.set_user_attr("reason", f.reason)
                    study.tell(trial, state=self.told_state(trial, f.kind))
                    verdict = f.kind + ": " + f.reason
                done_here += 1
                self.progress(study, trial.number, verdict, start, done_here)
                check_interrupt()

    def told_state(self, trial, kind):
        """The state a failed candidate is told to Optuna in. TPE models
        only complete and pruned trials, so a candidate that cannot work
        (polyc rejects it, it does not compile, crashes or prints a wrong
        result) is told as pruned with a violated constraint: TPE puts the
        infeasible trials with its bad ones and learns to avoid the options
        that do not combine, where a failed trial would teach it nothing. A
        timeout is a slow candidate cut short: pruned, feasible."""
        T = self.optuna.trial.TrialState
        if kind in INFEASIBLE:
            trial.set_constraint(FEASIBLE, 1.0)
            return T.PRUNED
        if kind in ("pruned", "timeout"):
            return T.PRUNED
        return T.FAIL

    def progress(self, study, number, verdict, start, done_here):
        kind, amount = self.o.budget
        n = counted(study)
        elapsed = time.monotonic() - start
        if kind == "trials":
            eta = elapsed / done_here * max(0, amount - n)
            total = "%d/%d" % (n, amount)
        else:
            eta = max(0, amount - elapsed)
            total = "%d" % n
        best = self.best(study)
        width = 20
        frac = min(1.0, (n / amount) if kind == "trials" else elapsed / amount)
        bar = "#" * int(frac * width) + "." * (width - int(frac * width))
        best_text = "-" if not best else "%s (x%.2f of default, trial %d)" % (
            fmt_time(best.value), best.value / self.default_time, best.number)
        log("[%s] %s best %s | ETA %s | trial %d: %s"
            % (bar, total, best_text, fmt_eta(eta), number, verdict[:160]))

    def best(self, study, k=1):
        """The k fastest correct trials, one per program (digest and
        environment): trials that share a program share its measurement."""
        T = self.optuna.trial.TrialState
        done = [t for t in study.get_trials(deepcopy=False, states=(T.COMPLETE,))
                if t.user_attrs.get("status") == "ok" and t.value is not None]
        done.sort(key=lambda t: (t.value, t.number))
        seen, unique = set(), []
        for t in done:
            key = (t.user_attrs.get("digest"), json.dumps(t.user_attrs.get("env") or {},
                                                          sort_keys=True))
            if key not in seen:
                seen.add(key)
                unique.append(t)
        if k == 1:
            return unique[0] if unique else None
        return unique[:k]

    # Results ------------------------------------------------------------------

    def report(self, study):
        T = self.optuna.trial.TrialState
        top = self.best(study, k=self.o.top)
        counts = {}
        for t in study.trials:
            s = t.user_attrs.get("status", t.state.name.lower())
            counts[s] = counts.get(s, 0) + 1
        distinct = len({t.user_attrs["digest"] for t in study.trials if "digest" in t.user_attrs})
        print("polyc-tune: %s, study '%s' in %s: %d trials (%s; %d in all with those polyc "
              "rejected), %d distinct programs"
              % (self.name, study.study_name, self.storage_path, counted(study),
                 ", ".join("%d %s" % (v, k) for k, v in sorted(counts.items())),
                 len(study.trials), distinct))
        print()
        row = "%-4s %-7s %-14s %-19s %-11s %-11s %s"
        hdr = row % ("rank", "trial", "time", "spread", "/default", "/hand-picked", "schedule")
        print(hdr)
        print("-" * len(hdr))
        print(row % (
            "", "", fmt_time(self.default_time),
            fmt_spread(self.default_spread, self.default_time), "1.000",
            "%.3f" % (self.default_time / self.bench_time) if self.bench_time else "-",
            "(default: no schedule)"))
        if self.bench_time:
            print(row % (
                "", "", fmt_time(self.bench_time), fmt_spread(self.bench_spread, self.bench_time),
                "%.3f" % (self.bench_time / self.default_time),
                "1.000", "(hand-picked: %s)" % os.path.relpath(self.bench_path, REPO)))
        for i, t in enumerate(top):
            calls = [l.strip() for l in t.user_attrs.get("schedule", "").splitlines()[1:]]
            env = t.user_attrs.get("env") or {}
            desc = "; ".join(c.replace("program->", "").rstrip(";") for c in calls) or "(default)"
            if env:
                desc += "  [%s]" % " ".join("%s=%s" % kv for kv in env.items())
            print(row % (
                i + 1, t.number, fmt_time(t.value), fmt_spread(t.user_attrs.get("spread"), t.value),
                "%.3f" % (t.value / self.default_time),
                "%.3f" % (t.value / self.bench_time) if self.bench_time else "-", desc))
        if self.bench_note:
            print("hand-picked: %s" % self.bench_note)
        failures = [t for t in study.trials if t.user_attrs.get("status") not in (None, "ok")]
        if failures and self.o.verbose_failures:
            print()
            for t in failures:
                print("trial %d: %s: %s" % (t.number, t.user_attrs.get("status"),
                                            t.user_attrs.get("reason")))
        if not top:
            return None
        best, value = top[0], top[0].value
        reference = self.default_time
        if self.o.confirm > 0:
            best, value = self.confirm(study, top[:self.o.confirm])
            reference = self.confirmed_default or reference
        out = self.write_schedule(study, best, value, reference, "the fastest correct schedule")
        print()
        print("best schedule written to %s" % out)
        self.plot(study)
        return best

    def write_schedule(self, study, best, value, reference, what):
        out = self.o.output or os.path.join(self.work, self.name + ".best.sched")
        env = best.user_attrs.get("env") or {}
        with open(out, "w") as f:
            f.write("%% polyc-tune: %s of %s.gt%s\n"
                    % (what, self.name, " through --call %s" % self.o.call if self.o.call else ""))
            f.write("%% trial %d of study '%s': %s%s\n"
                    % (best.number, study.study_name, fmt_time(value),
                       ", %.3f of the default's time" % (value / reference) if reference else ""))
            if env:
                f.write("%% run with %s\n" % " ".join("%s=%s" % kv for kv in env.items()))
            f.write("%% C++ digest %s\n" % best.user_attrs.get("digest"))
            f.write(best.user_attrs["schedule"])
        return out

    def interrupted(self):
        """Ctrl-C: the trials being evaluated are told failed (interrupted),
        and the best schedule so far is written, as the search measured it
        (no confirmation)."""
        study = self.study
        if study is None:
            log("polyc-tune: interrupted before the search started: no schedule written")
            return
        # The trials asked and not told (one may be half-made by study.ask).
        self.fail_running(study)
        best = self.best(study)
        if best is None:
            log("polyc-tune: interrupted before a trial was timed: no schedule written; run the "
                "same command again to continue the study")
            return
        out = self.write_schedule(study, best, best.value, self.default_time,
                                  "interrupted: the best schedule so far (not confirmed)")
        log("polyc-tune: interrupted; the best schedule so far (trial %d, %s, not confirmed) "
            "written to %s; run the same command again to continue the study"
            % (best.number, fmt_time(best.value), out))

    def binary_of(self, trial):
        binary = os.path.join(self.compiler.bins, trial.user_attrs["digest"][:20])
        if not os.path.exists(binary):  # a resumed study in another work directory
            _, binary, reason = self.compiler.compile("t%05d" % trial.number,
                                                      trial.user_attrs["schedule"])
            if not binary:
                raise Failure("compile", reason)
        return binary

    def confirm(self, study, top):
        """Times the best few programs again, with the default and the
        hand-picked one, in interleaved rounds (--confirm-runs), and chooses
        by those medians: the search's best is partly the luckiest of many
        noisy measurements, and interleaving exposes every candidate to the
        same moments of the machine. Every run's output is checked again."""
        default = next((t for t in study.trials if t.user_attrs.get("status") == "ok"
                        and t.user_attrs.get("schedule") == "schedule:\n"), None)
        cands = list(top)
        if default is not None and all(t.number != default.number for t in cands):
            cands.append(default)
        entries = []
        for t in cands:
            try:
                entries.append(("trial %d" % t.number, t, self.binary_of(t),
                                t.user_attrs.get("env") or {}))
            except Failure as f:
                print("confirmation: trial %d: %s" % (t.number, f.reason))
        if self.bench_time:
            entries.append(("hand-picked", None, self.bench_binary, {}))
        times = {e[0]: [[] for _ in self.graphs] for e in entries}
        failed = {}
        rounds = self.confirm_rounds()
        for _ in range(rounds):
            for name, t, binary, env in entries:
                if name in failed:
                    continue
                for gi, graph in enumerate(self.graphs):
                    try:
                        sec, _, out = run_once(binary, graph, self.o.args, env, None)
                        self.compare(self.reference[graph], out, graph)
                    except Failure as f:
                        failed[name] = f.reason
                        break
                    except eq.Mismatch as m:
                        failed[name] = "wrong output on %s: %s" % (os.path.basename(graph), m)
                        break
                    times[name][gi].append(sec)
        value = {n: sum(statistics.median(g) for g in v) for n, v in times.items()
                 if n not in failed}
        spread = {n: spread_of(v) for n, v in times.items() if n not in failed}
        d = value.get("trial %d" % default.number) if default is not None else None
        h = value.get("hand-picked")
        self.confirmed_default = d
        print()
        print("confirmation: %d interleaved rounds of the best %d programs, the default and "
              "the hand-picked schedule" % (rounds, len(top)))
        for name, t, _, _ in entries:
            if name in failed:
                print("  %-12s %s" % (name, failed[name]))
                continue
            tag = " (default)" if default is not None and t is not None and \
                t.number == default.number else ""
            print("  %-12s %-14s %-19s /default %-7s /hand-picked %-7s%s" % (
                name, fmt_time(value[name]), fmt_spread(spread[name], value[name]),
                "%.3f" % (value[name] / d) if d else "-",
                "%.3f" % (value[name] / h) if h else "-", tag))
        ok = [(value[n], t.number, t) for n, t, _, _ in entries if t is not None and n in value]
        if not ok:
            print("confirmation: every candidate failed; the search's best is kept")
            return top[0], top[0].value
        v, _, chosen = min(ok, key=lambda x: (x[0], x[1]))
        print("polyc-tune: confirmed: chosen trial %d %.6f s, default %s, hand-picked %s"
              % (chosen.number, v, "%.6f s" % d if d else "-", "%.6f s" % h if h else "-"))
        return chosen, v

    def confirm_rounds(self):
        """--confirm-runs rounds, more where the default's runs are short:
        as many as make its runs total --min-time, up to --max-runs."""
        rounds = self.o.confirm_runs
        if self.default_time and self.o.min_time > 0:
            needed = math.ceil(self.o.min_time / self.default_time)
            rounds = max(rounds, min(needed, self.o.max_runs))
        return rounds

    def plot(self, study):
        path = self.o.plot or os.path.join(self.work, self.name + ".search.png")
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("no plot: matplotlib is not installed (scripts/install-deps.sh)")
            return
        xs, ys, bx, by, fx = [], [], [], [], []
        best = math.inf
        for t in study.trials:
            if t.user_attrs.get("status") == "ok" and t.value is not None:
                xs.append(t.number)
                ys.append(t.value)
                best = min(best, t.value)
            elif t.user_attrs.get("status") not in (None, "ok"):
                fx.append(t.number)
            if math.isfinite(best):
                bx.append(t.number)
                by.append(best)
        fig, ax = plt.subplots(figsize=(8, 4.5))
        ax.scatter(xs, ys, s=12, label="correct trial")
        ax.step(bx, by, where="post", color="C2", label="best so far")
        ax.axhline(self.default_time, color="C3", ls="--", label="default schedule")
        if self.bench_time:
            ax.axhline(self.bench_time, color="C1", ls=":", label="hand-picked schedule")
        if fx:
            top = max(ys + [self.default_time, self.bench_time or 0]) * 1.05
            ax.scatter(fx, [top] * len(fx), marker="x", color="gray",
                       label="rejected / failed / pruned")
        ax.set_xlabel("trial")
        ax.set_ylabel("seconds (sum of per-graph medians)")
        ax.set_title("polyc-tune %s" % self.name)
        ax.legend(fontsize="small")
        fig.tight_layout()
        fig.savefig(path, dpi=100)
        print("plot of the search written to %s" % path)


def parse_args(argv):
    if "--" in argv:
        i = argv.index("--")
        argv, prog_args = argv[:i], argv[i + 1:]
    else:
        prog_args = []
    p = argparse.ArgumentParser(
        prog="polyc-tune",
        description="Searches the schedules of a GraphIt program for the fastest correct one.",
        epilog="Arguments after -- go to the program after the graph (bfs: the start vertex).")
    p.add_argument("program", help="the algorithm (.gt)")
    p.add_argument("--graph", action="append",
                   help="a graph to time on (repeat for several; times are summed)")
    p.add_argument("--enumerate", action="store_true",
                   help="no search: ask polyc for the C++ of every schedule the search can "
                        "build and print how many there are, how many polyc accepts and how "
                        "many distinct programs they make (no graph needed)")
    p.add_argument("--enumerate-limit", type=int, default=20000,
                   help="a space larger than this is enumerated without the tuner's numeric "
                        "grids (default 20000)")
    p.add_argument("--budget", type=parse_budget, default=("trials", 50),
                   help="N trials in the study (a resumed study counts its earlier trials; "
                        "schedules polyc rejects are not counted), or Nm minutes / Ns "
                        "seconds of this run (default: 50)")
    p.add_argument("--jobs", type=int, default=1,
                   help="candidates compiled in parallel; runs are timed one at a time")
    p.add_argument("--runs", type=int, default=3,
                   help="runs per graph per trial at least; the median counts (default 3)")
    p.add_argument("--min-time", type=float, default=0.5,
                   help="seconds: a graph's runs are repeated until their measured times add "
                        "up to this, so that short runs are ranked by the median of many "
                        "(default 0.5; 0: --runs runs)")
    p.add_argument("--max-runs", type=int, default=30,
                   help="the most runs per graph per trial that --min-time asks for "
                        "(default 30)")
    p.add_argument("--call",
                   help="for a library (no main): the call of an export function to time, "
                        "`graph` standing for the --graph, e.g. 'pagerank(graph, 20)'")
    p.add_argument("--study", help="study name (default: the program's name)")
    p.add_argument("--storage", help="SQLite file of the study (default: WORK/study.db)")
    p.add_argument("--work", help="directory for schedules and binaries "
                                  "(default: ./polyc-tune-<program>)")
    p.add_argument("--output", help="the best schedule (default: WORK/<program>.best.sched)")
    p.add_argument("--plot", help="PNG of the search (default: WORK/<program>.search.png)")
    p.add_argument("--benchmark", help="the hand-picked schedule to compare with "
                                       "(default: test/benchmarks/schedules/<program>.sched)")
    p.add_argument("--timeout-factor", type=float, default=3.0,
                   help="a run slower than this times the best run so far fails (default 3)")
    p.add_argument("--min-timeout", type=float, default=1.0,
                   help="seconds no run is cut before (default 1)")
    p.add_argument("--seed", type=int, default=None, help="the sampler's seed")
    p.add_argument("--startup", type=int, default=10,
                   help="random trials before TPE models the results (default 10)")
    p.add_argument("--top", type=int, default=5, help="schedules in the final table")
    p.add_argument("--confirm", type=int, default=3,
                   help="the best N programs are timed again, interleaved with the default "
                        "and the hand-picked schedule, and the best of those is chosen "
                        "(0: choose the search's best; default 3)")
    p.add_argument("--confirm-runs", type=int, default=5,
                   help="interleaved rounds of the confirmation (default 5)")
    p.add_argument("--polyc", default=os.environ.get("POLYC_TUNE_POLYC", "polyc"),
                   help="the polyc to use (default: the build's)")
    p.add_argument("--polyc-flag", action="append", help="an extra polyc option (repeatable)")
    p.add_argument("--verbose-failures", action="store_true",
                   help="list every failed trial with its reason at the end")
    o = p.parse_args(argv)
    o.args = prog_args
    if o.jobs < 1 or o.runs < 1 or o.max_runs < o.runs:
        p.error("--jobs and --runs take positive numbers, --max-runs at least --runs")
    if o.min_time < 0:
        p.error("--min-time takes a number of seconds, 0 or more")
    if not o.graph and not o.enumerate:
        p.error("--graph is required (except with --enumerate)")
    for g in o.graph or []:
        if not os.path.exists(g):
            p.error("graph %s does not exist" % g)
    return o


def main(argv):
    o = parse_args(argv)
    if o.enumerate:
        try:
            return enumerate_space(o)
        except TuneError as e:
            log("polyc-tune: error: %s" % e)
            return 1
    try:
        import optuna
    except ImportError:
        log("polyc-tune: needs optuna: python3 -m pip install optuna matplotlib "
            "(or run scripts/install-deps.sh)")
        return 2
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    catch_sigint()
    started = time.monotonic()
    tuner = None
    try:
        tuner = Tuner(o, optuna)
        tuner.prepare()
        tuner.run_default()
        tuner.run_benchmark()
        study = tuner.search()
        best = tuner.report(study)
    except TuneError as e:
        log("polyc-tune: error: %s" % e)
        return 1
    except Failure as f:
        log("polyc-tune: error: the default schedule: %s" % f.reason)
        return 1
    except KeyboardInterrupt:
        if tuner is None:
            log("polyc-tune: interrupted")
        else:
            tuner.interrupted()
        return 130
    print("polyc-tune: this run took %s (default, hand-picked and search)"
          % fmt_eta(time.monotonic() - started))
    return 0 if best else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
