#!/usr/bin/env python3
"""How much of GraphIt's own published code polyc handles (docs/testing.md,
"GraphIt conformance"). Python 3 standard library only.

    graphit_conformance.py CHECKOUT [--polyc PATH] [--jobs N]
                           [--only compile|cases] [--keep DIR] [-v]

1. Compile: `polyc FILE --emit=cpp` on every *.gt under CHECKOUT's test/input/
   and apps/; one line per failure, then "N/M compile".
2. Verified cases: the test_* methods of CHECKOUT/test/python/test_with_schedules.py
   that call a helper which runs the program and checks its answer. Each is
   compiled to an executable, run as GraphIt's helper runs it, and its answer
   checked: with polyc's oracle (test/oracle/check.py) where GraphIt uses one
   of its verifiers, by comparing printed numbers where GraphIt does. One line
   per failing case, then "N/M verified cases pass".

Exit status: 0 when the runner worked (whatever the counts), 2 on bad usage or a
missing checkout or polyc, 1 on an unexpected error.
"""

import argparse
import ast
import collections
import concurrent.futures
import os
import shutil
import signal
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE = os.path.join(REPO, "test", "oracle", "check.py")
COMPILE_DIRS = ("test/input", "apps")

CPP_TIMEOUT = 60     # polyc --emit=cpp, per file
BUILD_TIMEOUT = 600  # polyc to an executable: polyc plus the C++ compiler
RUN_TIMEOUT = 120
ORACLE_TIMEOUT = 600
REL_TOLERANCE = 1e-5  # GraphIt compares with float ==; we allow this relative slack
PQ_ERROR = "priority queues are not supported yet"
# GraphIt's test/python/test.py expects graphitc to reject the programs passed
# to this helper: polyc rejecting them is conformance, accepting them is not.
REJECT_HELPER = "basic_compile_test_graphit_compile_fail"
REJECT_TEST_FILE = "test/python/test.py"

# Cases polyc cannot pass by design, named with the reason: a program that
# indexes past its graph (polyc stops with an error where GraphIt writes past
# the end), and C++ files written against GraphIt's generated code and runtime
# rather than its language (docs/language.md, "Differences from GraphIt").
GRAPHIT_EXTERN_VECTOR = ("its C++ reads the program's vector through 'extern float *vector_a', "
                         "a raw pointer GraphIt's generated code defines; polyc's vectors are "
                         "polyrt::VertexArray objects of the program's namespace")
KNOWN_DIFFERENCES = {
    "test_closeness_centrality_unweighted_functor_parallel_for_hybrid_parallel":
        "the program starts a search at vertex 5 of the 5-vertex test.el and writes "
        "scores[5]; GraphIt writes past the end, polyc stops with an error",
    "test_simple_extern_functieon_sum":
        "its C++ takes the list as std::vector<int> *, GraphIt's calling convention; polyc "
        "passes a list to an extern function by reference",
    "test_extern_vertexset_apply": GRAPHIT_EXTERN_VECTOR,
    "test_extern_simple_edgeset_apply": GRAPHIT_EXTERN_VECTOR,
}
# Failures whose first error line says this are known differences too: C++
# files GraphIt's tests link in that include its runtime (astar's coordinate
# loader, set cover's extern function), and priority_update_eager_with_merge.gt,
# which schedules a label 's2' that astar.gt does not have (GraphIt ignores the
# call; polyc reports it, as it does a misspelt label).
KNOWN_DIFFERENCE_MESSAGES = {
    "intrinsics.h: No such file": "its C++ includes GraphIt's runtime header intrinsics.h",
    "no statement is labelled 's2' in the algorithm":
        "its schedule configures 's2', a label the program does not have: GraphIt ignores "
        "the call, polyc reports it",
}


def known_difference(name, message):
    """Why a failing case is a known difference, or None."""
    if name in KNOWN_DIFFERENCES:
        return KNOWN_DIFFERENCES[name]
    return next((why for part, why in KNOWN_DIFFERENCE_MESSAGES.items() if part in message), None)

PASS, COMPILE, RUN, WRONG, NOT_CHECKED = "pass", "compile", "run", "wrong answer", "not checked"

# GraphIt's tests run from build/bin; the helpers that os.chdir("..") first run
# from build/. Programs load "../test/graphs/..." from build/ and
# "../../test/graphs/..." from build/bin, so the scratch directory mirrors that:
# SCRATCH/test -> CHECKOUT/test, SCRATCH/build/bin.
BUILD, BIN = "build", os.path.join("build", "bin")


class UsageError(Exception):
    """Bad usage or a missing input: exit 2."""


# --------------------------------------------------------------------------
# Small utilities


def run(cmd, timeout, cwd=None, stdin_text=None):
    """(exit status or None on timeout, stdout, stderr). The command gets a
    session of its own so that a timeout also ends its children (polyc's C++
    compiler)."""
    with subprocess.Popen(cmd, cwd=cwd, text=True, errors="replace", start_new_session=True,
                          stdin=subprocess.DEVNULL if stdin_text is None else subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as p:
        try:
            out, err = p.communicate(stdin_text, timeout=timeout)
            return p.returncode, out, err
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
            return None, out, err


def first_error_line(text, fallback):
    """The first line saying "error:", else the first non-empty line."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return next((line for line in lines if "error:" in line), lines[0] if lines else fallback)


def failure_message(status, stdout, stderr, timeout):
    if status is None:
        return "timed out after %d s" % timeout
    return first_error_line(stderr + "\n" + stdout, "exit status %d" % status)


def reason_group(message):
    """What a failure message says without where: the text after "error:"."""
    text = message.split("error:", 1)[1] if "error:" in message else message
    return text.strip()


# --------------------------------------------------------------------------
# 1. Compile every .gt to C++


def gt_files(checkout):
    found = []
    for top in COMPILE_DIRS:
        for dirpath, _, names in os.walk(os.path.join(checkout, top)):
            found += [os.path.relpath(os.path.join(dirpath, n), checkout)
                      for n in names if n.endswith(".gt")]
    return sorted(found)


def compile_to_cpp(opts, rel):
    out = os.path.join(opts.scratch, "cpp", rel.replace(os.sep, "__") + ".cpp")
    status, stdout, stderr = run([opts.polyc, os.path.join(opts.checkout, rel),
                                  "--emit=cpp", "-o", out], CPP_TIMEOUT)
    if status == 0:
        return None
    return opts.shorten(failure_message(status, stdout, stderr, CPP_TIMEOUT))


def expected_rejections(checkout):
    """The files under test/input/ that GraphIt's own tests expect rejected."""
    path = os.path.join(checkout, REJECT_TEST_FILE)
    if not os.path.isfile(path):
        return set()
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    return {os.path.join("test/input", node.args[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == REJECT_HELPER and node.args
            and isinstance(node.args[0], ast.Constant)}


def compile_section(opts):
    files = gt_files(opts.checkout)
    rejected = expected_rejections(opts.checkout)
    os.makedirs(os.path.join(opts.scratch, "cpp"), exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
        errors = list(pool.map(lambda rel: compile_to_cpp(opts, rel), files))
    failures, pq, groups = 0, 0, collections.Counter()
    for rel, error in zip(files, errors):
        if rel in rejected:
            if error is None:
                failures += 1
                print("FAIL %s: accepted, but GraphIt's %s expects it rejected"
                      % (rel, REJECT_TEST_FILE))
            elif opts.verbose:
                print("ok   %s: rejected, as GraphIt's tests expect (%s)" % (rel, error))
            continue
        if error is None:
            if opts.verbose:
                print("ok   %s" % rel)
            continue
        failures += 1
        tag = ""
        if PQ_ERROR in error:  # another issue's work: tagged and counted apart
            pq += 1
            tag = " [needs priority queues]"
        groups[reason_group(error)] += 1
        print("FAIL %s: %s%s" % (rel, error, tag))
    print_groups(groups)
    print("%d failures, %d of them need priority queues" % (failures, pq))
    print("%d/%d compile, or are rejected where GraphIt's own tests expect it (%d such)"
          % (len(files) - failures, len(files), len(rejected & set(files))))


def print_groups(groups):
    if groups:
        print("failure reasons:")
        for reason, count in sorted(groups.items(), key=lambda kv: (-kv[1], kv[0])):
            print("  %3d  %s" % (count, reason))


# --------------------------------------------------------------------------
# 2. Reading GraphIt's test file


def evaluate(node, checkout):
    """The value of an argument in the test file: literals, lists, string +,
    and the few names GraphIt's tests build paths from."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, (ast.List, ast.Tuple)):
        return [evaluate(e, checkout) for e in node.elts]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return evaluate(node.left, checkout) + evaluate(node.right, checkout)
    if isinstance(node, ast.Name) and node.id == "GRAPHIT_SOURCE_DIRECTORY":
        return checkout
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
            and node.value.id == "self":
        dirs = {"root_test_input_dir": "test/input/",
                "root_test_input_with_schedules_dir": "test/input_with_schedules/"}
        if node.attr in dirs:
            return os.path.join(checkout, dirs[node.attr])
    raise ValueError("cannot evaluate %s" % ast.unparse(node))


def is_verified_helper(name):
    """Helpers that run the program and check its answer (not compile-only)."""
    return (name.endswith("_verified_test") or name.startswith("expect_output_val")
            or name.startswith("library_")
            or (name.startswith("closeness_centrality_") and name.endswith("_test")))


Call = collections.namedtuple("Call", "helper args condition")


def read_cases(checkout, suite):
    """[(test name, [Call])] for every test_* method of the suite's test file
    that calls one of its case helpers."""
    path = os.path.join(checkout, suite.test_file)
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    helpers, tests = {}, {}
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        for fn in (n for n in cls.body if isinstance(n, ast.FunctionDef)):
            # A later definition of a name replaces the earlier one, as in Python.
            (tests if fn.name.startswith("test_") else helpers)[fn.name] = fn
    cases = []
    for name, fn in tests.items():
        # GraphIt skips calls under "if self.numa_flags:" unless run with numa; we
        # run them and say so.
        condition = {}
        for node in ast.walk(fn):
            if isinstance(node, ast.If):
                for inner in ast.walk(node):
                    condition.setdefault(id(inner), ast.unparse(node.test))
        calls = []
        for node in sorted((n for n in ast.walk(fn) if isinstance(n, ast.Call)),
                           key=lambda n: (n.lineno, n.col_offset)):
            f = node.func
            if not (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
                    and f.value.id == "self" and f.attr in helpers
                    and suite.is_case(f.attr)):
                continue
            calls.append(Call(f.attr, bind(helpers[f.attr], node, checkout),
                              condition.get(id(node))))
        if calls:
            cases.append((name, calls))
    return cases


def bind(helper, call, checkout):
    """The helper's parameters (self left out) bound to the call's arguments and
    the helper's defaults; an argument we cannot evaluate binds to the error."""
    def value(node):
        try:
            return evaluate(node, checkout)
        except ValueError as e:
            return e
    params = [a.arg for a in helper.args.args[1:]]
    defaults = helper.args.defaults
    args = {p: value(d) for p, d in zip(params[len(params) - len(defaults):], defaults)}
    args.update(zip(params, map(value, call.args)))
    args.update((kw.arg, value(kw.value)) for kw in call.keywords)
    return args


# --------------------------------------------------------------------------
# Checks: each returns (status, message)


class Oracle:
    """Where GraphIt runs one of its verifiers: polyc's own oracle instead.
    Adaptation: GraphIt's verifiers read whitespace-separated values
    (readFileIntoVector), the oracle one value per line, so the output is
    re-split one value a line."""

    def __init__(self, algo, graph, source=None):
        self.algo, self.graph, self.source = algo, graph, source

    def __call__(self, stdout):
        cmd = [sys.executable, ORACLE, self.algo, self.graph, "-"]
        if self.source is not None:
            cmd += ["--source", str(self.source)]
        status, _, err = run(cmd, ORACLE_TIMEOUT, stdin_text="\n".join(stdout.split()) + "\n")
        return oracle_verdict(status, err)


def oracle_verdict(status, stderr):
    message = first_error_line(stderr, "oracle exit status %s" % status)
    if status == 0:
        return PASS, ""
    if status == 1:
        return WRONG, message
    return NOT_CHECKED, "not checked by this runner: " + message


class PointToPoint:
    """GraphIt's ppsp_verifier: the printed distance of `dest` (one value per
    vertex) must be Dijkstra's from `source`; the others are not looked at. The
    oracle has no ppsp: its sssp reference (--print-expected) gives the distance."""

    def __init__(self, graph, source, dest):
        self.graph, self.source, self.dest = graph, source, dest

    def __call__(self, stdout):
        status, out, err = run([sys.executable, ORACLE, "sssp", self.graph, "--print-expected",
                                "--source", str(self.source)], ORACLE_TIMEOUT)
        if status != 0:
            return oracle_verdict(2, err)
        expected, got = out.split()[self.dest], stdout.split()
        if len(got) <= self.dest:
            return WRONG, "printed %d values, none for vertex %d" % (len(got), self.dest)
        if got[self.dest] != expected:
            return WRONG, "distance %d -> %d: expected %s, got %s" % (
                self.source, self.dest, expected, got[self.dest])
        return PASS, ""


class PrintedNumbers:
    """GraphIt's assertEqual(float(lines[i].strip()), value) for each {i: value},
    within REL_TOLERANCE. strip: whether GraphIt strips the whole output before
    splitting it into lines."""

    def __init__(self, expected, strip=True):
        self.expected, self.strip = expected, strip

    def __call__(self, stdout):
        lines = (stdout.strip() if self.strip else stdout).split("\n")
        for i, want in sorted(self.expected.items()):
            if i >= len(lines):
                return WRONG, "printed %d lines, line %d should be %s" % (len(lines), i + 1, want)
            try:
                got = float(lines[i].strip())
            except ValueError:
                return WRONG, "line %d: '%s' is not a number (expected %s)" % (
                    i + 1, lines[i].strip(), want)
            if abs(got - want) > REL_TOLERANCE * abs(want):
                return WRONG, "line %d: expected %s, got %s" % (i + 1, want, lines[i].strip())
        return PASS, ""


class PrintedInts:
    """GraphIt's closeness parallel-for check: every line an int, line i == expected[i]."""

    def __init__(self, expected):
        self.expected = expected

    def __call__(self, stdout):
        lines = stdout.strip().split("\n")
        if len(lines) > len(self.expected):  # an IndexError in GraphIt's test
            return WRONG, "printed %d lines, expected %d" % (len(lines), len(self.expected))
        for i, line in enumerate(lines):
            try:
                got = int(line.strip())
            except ValueError:
                return WRONG, "line %d: '%s' is not an integer" % (i + 1, line.strip())
            if got != self.expected[i]:
                return WRONG, "line %d: expected %d, got %d" % (i + 1, self.expected[i], got)
        return PASS, ""


# --------------------------------------------------------------------------
# What each GraphIt helper compiles, runs and checks


# sources: (algorithm file, schedule file or None), relative to the checkout.
# cwd: BUILD or BIN. args: the program's arguments. extra_cpp: C++ files GraphIt
# links in (passed to polyc with --Xcxx). check: one of the classes above, or a
# string: the reason the runner cannot check this helper (nothing is compiled).
# library: None for a program with main; for a library, the Library its
# exported function is called with.
Plan = collections.namedtuple("Plan", "sources cwd args check extra_cpp library",
                              defaults=(None,))

# GraphIt's test/library_test_drivers/ load one graph and call the program's
# export_func with it. The runner does the same with polyc's API (docs/language.md,
# "export and library programs"): weight is the edgeset's C++ weight type.
Library = collections.namedtuple("Library", "graph weight")


def sources(a, algo_file):
    """use_separate_algo_file: test/input/<algo_file> with the schedule
    test/input_with_schedules/<input_file_name>; else that file alone
    (algorithm and schedule: section)."""
    schedule = "test/input_with_schedules/" + a["input_file_name"]
    if a.get("use_separate_algo_file"):
        return ("test/input/" + algo_file, schedule)
    return (schedule, None)


def plan(srcs, cwd, args, check, extra_cpp=()):
    return Plan(srcs, cwd, list(args), check, list(extra_cpp))


def closeness(algo_file, check):
    return lambda a, g: plan(sources(a, algo_file), BIN, [g("test.el")], check)


def bc(algo_file):
    return lambda a, g: plan(sources(a, algo_file), BUILD, [g("4.el")], Oracle("bc", g("4.el"), 3))


def astar(a, g):
    if not a["use_separate_algo_file"]:  # GraphIt's helper then checks nothing
        return plan(None, BIN, [], "not checked by this runner: GraphIt checks nothing "
                                   "without use_separate_algo_file")
    return plan(("test/input/" + a["graphit_file"],
                 "test/input_with_schedules/" + a["input_file_name"]), BIN,
                a["extra_exec_args"][:1], PointToPoint(g("monaco.bin"), 0, 4), a["extra_cpp_args"])


def library(graph, weight, check):
    """GraphIt's library_*_verified_test helpers: <input_file_directory>/<input_file_name>
    as a library, its export_func called with `graph` (run from build/)."""
    return lambda a, g: Plan((a["input_file_directory"].strip("/") + "/" + a["input_file_name"],
                              None), BUILD, [], check(g), [], Library(g(graph), weight))


PR_DELTA_LINES = {0: 1, 2: 5, 3: 0.566667, 5: 5, 8: 3, 11: 2, 12: 0.0261003, 14: 1}

# GraphIt's helpers, read off their definitions in test_with_schedules.py: each
# maps the call's bound arguments `a` (and g: graph name -> path) to a Plan. BUILD
# where the helper does os.chdir("..") before running the program.
HELPERS = {
    "bfs_verified_test": lambda a, g: plan(
        sources(a, "bfs_with_filename_arg.gt"), BUILD, [g("4.el")], Oracle("bfs", g("4.el"), 8)),
    "cc_verified_test": lambda a, g: plan(
        sources(a, "cc.gt"), BUILD, [], Oracle("cc", g("4.el"))),
    "bc_verified_test": bc("bc.gt"),
    "bc_functor_verified_test": bc("bc_functor.gt"),
    "sssp_verified_test": lambda a, g: plan(
        sources(a, "delta_stepping.gt" if a["use_delta_stepping"] else "sssp.gt"), BUILD,
        ["2"] if a["use_delta_from_argv"] else [], Oracle("sssp", g("4.wel"), 0)),
    "pr_verified_test": lambda a, g: plan(
        sources(a, "pagerank_with_filename_arg.gt"), BIN,
        [g("test.el")] + (["2"] if a["use_segment_argv"] else []),
        PrintedNumbers({0: 0.00289518}, strip=False)),
    "pr_delta_verified_test": lambda a, g: plan(
        sources(a, "pr_delta.gt"), BIN, [g("test.el")], PrintedNumbers(PR_DELTA_LINES)),
    "cf_verified_test": lambda a, g: plan(
        sources(a, "cf.gt"), BIN, [g("test_cf.wel")], PrintedNumbers({0: 7.49039})),
    "eigenvector_centrality_verified_test": lambda a, g: plan(
        sources(a, "eigenvector_centrality.gt"), BIN, [g("test.el")], PrintedNumbers({0: 3.2})),
    "closeness_centrality_unweighted_test": closeness(
        "closeness_centrality_unweighted.gt", PrintedNumbers({3: 3})),
    "closeness_centrality_weighted_test": closeness(
        "closeness_centrality_weighted.gt", PrintedNumbers({1: 15})),
    "closeness_centrality_unweighted_functor_test": closeness(
        "closeness_centrality_unweighted_functor.gt", PrintedNumbers({1: 3})),
    "closeness_centrality_unweighted_functor_parallel_for_test": closeness(
        "closeness_centrality_unweighted_functor_parallel_for.gt", PrintedInts([0, 3, 2, 3, 3])),
    "closeness_centrality_weighted_functor_test": closeness(
        "closeness_centrality_weighted_functor.gt", PrintedNumbers({1: 15})),
    "ppsp_verified_test": lambda a, g: plan(
        sources(a, "ppsp_delta_stepping.gt"), BIN, [g("4.wel")], PointToPoint(g("4.wel"), 0, 4)),
    "tc_verified_test": lambda a, g: plan(
        sources(a, "tc.gt"), BUILD, [g("4_sym.el")], Oracle("tc", g("4_sym.el"))),
    "astar_verified_test": astar,
    "library_pr_verified_test": library(
        "test.el", "polyrt::NoWeight", lambda g: PrintedNumbers({0: 0.00289518})),
    "library_sssp_verified_test": library(
        "4.wel", "int32_t", lambda g: Oracle("sssp", g("4.wel"), 0)),
    "library_cf_verified_test": library(
        "test_cf.wel", "int32_t", lambda g: PrintedNumbers({0: 7.49039})),
    "expect_output_val": lambda a, g: plan(
        ("test/input_with_schedules/" + a["input_file_name"], None), BIN, a["extra_exec_args"],
        PrintedNumbers({0: a["expected_output_val"]}, strip=False), a["extra_cpp_args"]),
    "expect_output_val_with_separate_schedule": lambda a, g: plan(
        ("test/input/" + a["algo_file"], "test/input_with_schedules/" + a["schedule_file"]), BIN,
        a["extra_exec_args"], PrintedNumbers({0: a["expected_output_val"]}, strip=False),
        a["extra_cpp_args"]),
}


class Runs:
    """GraphIt's basic_compile_exec_test: the program runs and exits with 0
    (run_call has checked that already)."""

    def __call__(self, stdout):
        return PASS, ""


# The helpers of GraphIt's test/python/test.py, whose programs are
# test/input/<input_file_name> with their own schedule: section, if any.
TEST_PY_HELPERS = {
    "expect_output_val": lambda a, g: plan(
        ("test/input/" + a["input_file_name"], None), BUILD, a["extra_exec_args"],
        PrintedNumbers({0: a["expected_output_val"]}, strip=False), a["extra_cpp_args"]),
    "basic_compile_exec_test": lambda a, g: plan(
        ("test/input/" + a["input_file_name"], None), BUILD, a["extra_exec_args"], Runs(),
        a["extra_cpp_args"]),
}

# A GraphIt test file the runner reads: which helpers make a case, and how
# each is compiled, run and checked. Tests with bodies of their own (no
# helper) are not cases.
Suite = collections.namedtuple("Suite", "test_file is_case helpers tag summary")
SUITES = (
    Suite("test/python/test_with_schedules.py", is_verified_helper, HELPERS, "ws",
          "verified cases pass"),
    Suite("test/python/test.py", lambda name: name in TEST_PY_HELPERS, TEST_PY_HELPERS, "t",
          "cases of test.py pass (expect_output_val: the printed value; "
          "basic_compile_exec_test: runs with exit status 0)"),
)


def plan_for(call, checkout, helpers):
    """The call's Plan, or a string saying why the runner cannot check it."""
    if call.helper not in helpers:
        return "not checked by this runner: it does not know GraphIt's %s" % call.helper
    bad = [v for v in call.args.values() if isinstance(v, Exception)]
    if bad:
        return "not checked by this runner: %s" % bad[0]
    try:
        p = helpers[call.helper](call.args,
                                 lambda name: os.path.join(checkout, "test", "graphs", name))
    except (KeyError, IndexError) as e:  # another GraphIt version's signature
        return "not checked by this runner: %s's arguments: %r" % (call.helper, e)
    return p.check if isinstance(p.check, str) else p


# --------------------------------------------------------------------------
# 2. Run the verified cases


def schedule_section(path, out):
    """GraphIt's graphitc.py -a ALGO -f FILE keeps only the lines of FILE from
    its "schedule:" line on (some of GraphIt's schedule files are whole
    programs), while polyc's -s reads a whole file as a schedule: write those
    lines to `out`, the others blanked so that line numbers stay FILE's. False
    when FILE has none (GraphIt then uses its default schedule)."""
    with open(path) as f:
        lines = f.readlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("schedule:")), None)
    if start is None:
        return False
    with open(out, "w") as f:
        f.writelines(["\n"] * start + lines[start:])
    return True


def build_library_driver(opts, lib, exe):
    """Links the library polyc emitted to exe.cpp with a main that does what
    GraphIt's library test driver does, using polyc's runtime from polyc's
    build: (status, stdout, stderr) of the C++ compiler."""
    with open(exe + "_driver.cpp", "w") as f:
        f.write("// The conformance runner's stand-in for GraphIt's library test driver.\n"
                '#include "%s"\n\n'
                'int main(int argc, char **argv) {\n'
                '  graphit_library::polyc_initialize(argc, argv);\n'
                '  auto graph = polyrt::loadGraph<%s>("%s");\n'
                '  graphit_library::export_func(graph);\n'
                '}\n' % (os.path.basename(exe) + ".cpp", lib.weight, lib.graph))
    return run([os.environ.get("CXX", "c++"), "-std=c++20", "-O2", "-fopenmp",
                "-I", os.path.join(REPO, "runtime", "include"), exe + "_driver.cpp", "-o", exe,
                opts.runtime_library, "-lnuma", "-lz"], BUILD_TIMEOUT)


def run_call(opts, call, exe, helpers):
    """(status, message) of one helper call."""
    p = plan_for(call, opts.checkout, helpers)
    if isinstance(p, str):
        return NOT_CHECKED, p
    algo, schedule = p.sources
    cmd = [opts.polyc, os.path.join(opts.checkout, algo), "-o", exe + ".cpp" if p.library else exe]
    if schedule and schedule_section(os.path.join(opts.checkout, schedule), exe + ".sched"):
        cmd += ["-s", exe + ".sched"]
    # A library's exports are in its namespace, which the driver names.
    cmd += (["--emit=cpp", "--namespace=graphit_library"] if p.library
            else ["--Xcxx=" + f for f in p.extra_cpp])
    status, out, err = run(cmd, BUILD_TIMEOUT)
    if status == 0 and p.library:
        status, out, err = build_library_driver(opts, p.library, exe)
    if status != 0:
        message = failure_message(status, out, err, BUILD_TIMEOUT)
        return COMPILE, opts.shorten(message.replace(exe + ".sched", schedule or ""))
    # Stricter than most GraphIt helpers, which ignore the exit status.
    status, out, err = run([exe] + p.args, RUN_TIMEOUT, cwd=os.path.join(opts.scratch, p.cwd))
    if status != 0:
        why = failure_message(status, "", err, RUN_TIMEOUT)
        if status is not None:
            why = "exit status %d: %s" % (status, why)
        return RUN, opts.shorten(why)
    status, message = p.check(out)
    return status, opts.shorten(message)


def run_case(opts, suite, case):
    name, calls = case
    for i, call in enumerate(calls):
        exe = os.path.join(opts.scratch, BIN, "%s_%s_%d" % (suite.tag, name, i))
        status, message = run_call(opts, call, exe, suite.helpers)
        if status != PASS:
            return status, message
    return PASS, ""


def cases_section(opts, suite):
    if not os.path.isfile(os.path.join(opts.checkout, suite.test_file)):
        print("%s: not in this checkout" % suite.test_file)
        return
    print("%s:" % suite.test_file)
    cases = read_cases(opts.checkout, suite)
    with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
        results = list(pool.map(lambda c: run_case(opts, suite, c), cases))
    passed, pq, known = 0, 0, 0
    by_status, groups = collections.Counter(), collections.Counter()
    for (name, calls), (status, message) in zip(cases, results):
        tags = ["[GraphIt runs it only if %s]" % c.condition for c in calls if c.condition]
        if status == PASS:
            passed += 1
            if opts.verbose:
                print(" ".join(["ok  ", name] + tags))
            continue
        if PQ_ERROR in message:
            pq += 1
            tags.insert(0, "[needs priority queues]")
        why = known_difference(name, message)
        if why:
            known += 1
            tags.insert(0, "[known difference: %s]" % why)
        by_status[status] += 1
        # A "not checked" message already starts with "not checked by this runner".
        what = message if message.startswith(status) else "%s: %s" % (status, message)
        reason = reason_group(message)
        groups[reason if reason.startswith(status) else "%s: %s" % (status, reason)] += 1
        print(" ".join(["FAIL %s: %s" % (name, what)] + tags))
    print_groups(groups)
    print("failing: %s; %d of the failures need priority queues, %d known differences"
          % (", ".join("%d %s" % (by_status[s], s) for s in (COMPILE, RUN, WRONG, NOT_CHECKED)),
             pq, known))
    print("%d/%d %s" % (passed, len(cases), suite.summary))


# --------------------------------------------------------------------------


def default_polyc():
    build = os.environ.get("POLYC_BUILD_DIR") or os.path.join(REPO, "build")
    return os.path.join(build, "bin", "polyc")


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Measure how much of GraphIt's published code "
                                             "polyc handles (docs/testing.md).")
    ap.add_argument("checkout", help="a GraphIt checkout (github.com/GraphIt-DSL/graphit)")
    ap.add_argument("--polyc", default=default_polyc(),
                    help="polyc to test (default: $POLYC_BUILD_DIR/bin/polyc, "
                         "else build/bin/polyc)")
    ap.add_argument("--jobs", type=int, default=2, help="parallel compiles (default 2)")
    ap.add_argument("--only", choices=["compile", "cases"], help="run one section only")
    ap.add_argument("--keep", metavar="DIR", help="use DIR as the scratch directory and keep it")
    ap.add_argument("-v", "--verbose", action="store_true", help="print passing items too")
    opts = ap.parse_args(argv)
    opts.checkout = os.path.abspath(opts.checkout)
    if not os.path.isdir(os.path.join(opts.checkout, "test", "input")):
        raise UsageError("%s is not a GraphIt checkout (no test/input/); get one with "
                         "git clone https://github.com/GraphIt-DSL/graphit" % opts.checkout)
    if opts.only != "compile" and not os.path.isfile(os.path.join(opts.checkout, SUITES[0].test_file)):
        raise UsageError("%s has no %s" % (opts.checkout, SUITES[0].test_file))
    opts.polyc = os.path.abspath(opts.polyc)
    if not os.access(opts.polyc, os.X_OK):
        raise UsageError("no polyc at %s (build it, or pass --polyc)" % opts.polyc)
    # Library cases link polyc's runtime themselves: the one next to polyc.
    opts.runtime_library = os.path.join(os.path.dirname(os.path.dirname(opts.polyc)), "lib",
                                        "libpolyrt.a")
    if opts.only != "compile" and not os.path.isfile(opts.runtime_library):
        raise UsageError("no %s next to polyc (library cases link it)" % opts.runtime_library)
    if opts.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    return opts


def make_scratch(opts):
    opts.scratch = os.path.abspath(opts.keep) if opts.keep else tempfile.mkdtemp(
        prefix="graphit-conformance-")
    os.makedirs(os.path.join(opts.scratch, BIN), exist_ok=True)
    link = os.path.join(opts.scratch, "test")
    if os.path.islink(link):  # a kept scratch directory may point elsewhere
        os.remove(link)
    os.symlink(os.path.join(opts.checkout, "test"), link)
    prefixes = [opts.checkout + os.sep, opts.scratch + os.sep]
    def shorten(message):
        for prefix in prefixes:
            message = message.replace(prefix, "")
        return message
    opts.shorten = shorten


def main(argv):
    try:
        opts = parse_args(argv)
    except UsageError as e:
        sys.stderr.write("graphit_conformance: error: %s\n" % e)
        return 2
    make_scratch(opts)
    try:
        if opts.only != "cases":
            compile_section(opts)
        if opts.only != "compile":
            for suite in SUITES:
                cases_section(opts, suite)
    finally:
        if opts.keep:
            sys.stderr.write("scratch kept in %s\n" % opts.scratch)
        else:
            shutil.rmtree(opts.scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
