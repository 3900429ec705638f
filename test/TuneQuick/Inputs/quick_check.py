#!/usr/bin/env python3
"""Checks for the test/TuneQuick suite (docs/tuning.md, "Tests").

    quick_check.py trials DB NAME            # one line per trial: number, state, status
    quick_check.py repeats WORK              # measure() against a fake program with set times
    quick_check.py spread DB NAME RUNS MIN_TIME MAX_RUNS  # every timed trial followed the rule
    quick_check.py interrupt DB OUT ERR -- polyc-tune ...  # Ctrl-C once a trial is stored
    quick_check.py lost-interrupt            # Ctrl-C during a weakref callback

Reads studies through Optuna's storage, as polyc-tune writes them.
"""
import argparse
import os
import signal
import sqlite3
import stat
import subprocess
import sys
import time

import optuna

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, os.pardir))
sys.path.insert(0, os.path.join(REPO, "tools", "polyc-tune"))
import polyc_tune  # noqa: E402

optuna.logging.set_verbosity(optuna.logging.WARNING)


def fail(msg):
    print("quick_check: FAIL: " + msg)
    sys.exit(1)


def load(db, name):
    return optuna.load_study(study_name=name, storage="sqlite:///" + db)


def cmd_trials(db, name):
    for t in load(db, name).trials:
        print("trial %d %s %s" % (t.number, t.state.name, t.user_attrs.get("status", "-")))


# A program whose every run takes the next time of a list (wrapping round),
# printed as the runtime's POLYRT_REPORT_TIME line, with a fixed output.
FAKE = """#!/bin/sh
n=$(cat "{counter}" 2>/dev/null || echo 0)
echo $((n + 1)) > "{counter}"
set -- {times}
shift $((n % $#))
echo 42
echo "polyrt-time: seconds=$1 load_seconds=0.000000" >&2
"""


def fake_program(work, name, times):
    path = os.path.join(work, name)
    with open(path, "w") as f:
        f.write(FAKE.format(counter=path + ".count", times=" ".join(times)))
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


def measured(work, name, times, runs, min_time, max_runs):
    """(runs made, value, spread) of Tuner.measure_all on a fake program."""
    tuner = polyc_tune.Tuner.__new__(polyc_tune.Tuner)
    tuner.o = argparse.Namespace(runs=runs, min_time=min_time, max_runs=max_runs, args=[],
                                 timeout_factor=0, min_timeout=1)
    graph = os.path.join(work, "graph.el")
    tuner.graphs, tuner.best_wall = [graph], {}
    tuner.reference = {graph: "42\n"}
    tuner.compare = lambda expected, got, path: None
    binary = fake_program(work, name, times)
    value, _, _, spread = tuner.measure_all(binary, {}, check=True)
    with open(binary + ".count") as f:
        return int(f.read()), value, spread


def cmd_repeats(work):
    """Runs are repeated until their times add up to --min-time (at least
    --runs, at most --max-runs); the median of them is the value."""
    os.makedirs(work, exist_ok=True)
    cases = [  # name, run times, --runs, --min-time, --max-runs, runs expected, value
        ("short", ["0.25"], 1, 1.0, 30, 4, 0.25),
        ("capped", ["0.25"], 1, 1.0, 3, 3, 0.25),
        ("long", ["0.75"], 1, 1.0, 30, 2, 0.75),
        ("at-least-runs", ["0.75"], 3, 1.0, 30, 3, 0.75),
        ("no-min-time", ["0.25"], 2, 0.0, 30, 2, 0.25),
        ("noisy", ["0.125", "0.5", "0.125", "0.125", "0.25"], 1, 1.0, 30, 5, 0.125),
    ]
    for name, times, runs, min_time, max_runs, want_runs, want_value in cases:
        got_runs, value, spread = measured(work, name, times, runs, min_time, max_runs)
        print("%s: %d runs, median %g, %s" % (name, got_runs, value,
                                             polyc_tune.fmt_spread(spread, value)))
        if got_runs != want_runs or value != want_value or spread["runs"] != [want_runs]:
            fail("%s: %d runs and %g, expected %d and %g" % (name, got_runs, value, want_runs,
                                                              want_value))
    # The confirmation's rounds: --confirm-runs, more for a short default.
    tuner = polyc_tune.Tuner.__new__(polyc_tune.Tuner)
    for default, want in ((0.001, 30), (0.05, 10), (0.2, 5), (None, 5)):
        tuner.o = argparse.Namespace(confirm_runs=5, min_time=0.5, max_runs=30)
        tuner.default_time = default
        if tuner.confirm_rounds() != want:
            fail("confirmation rounds for a default of %s s: %d, expected %d"
                 % (default, tuner.confirm_rounds(), want))
    print("repeats: ok")


def cmd_spread(db, name, runs, min_time, max_runs):
    """Every timed trial of a real search has its spread stored and followed
    the rule: at least RUNS runs per graph, more while under MIN_TIME."""
    runs, min_time, max_runs = int(runs), float(min_time), int(max_runs)
    timed = [t for t in load(db, name).trials if t.user_attrs.get("status") == "ok"]
    if not timed:
        fail("no timed trial")
    for t in timed:
        spread = t.user_attrs.get("spread")
        if not spread:
            fail("trial %d has no spread" % t.number)
        for n, total in zip(spread["runs"], spread["totals"]):
            if n < runs or n > max_runs or (total < min_time and n < max_runs):
                fail("trial %d: %d runs totalling %g s (--runs %d, --min-time %g, --max-runs %d)"
                     % (t.number, n, total, runs, min_time, max_runs))
        if not spread["min"] <= spread["q1"] <= t.value <= spread["q3"] <= spread["max"]:
            fail("trial %d: its median %g is not within its spread %s" % (t.number, t.value, spread))
    print("spread: %d timed trials follow the rule" % len(timed))


def completed_trials(db):
    """Trials stored as complete, read with one read-only query: loading the
    study through Optuna every poll is slow on a loaded machine, long enough
    for a short study to finish before the interrupt is sent."""
    if not os.path.exists(db):
        return 0
    try:
        with sqlite3.connect("file:%s?mode=ro" % db, uri=True, timeout=1) as c:
            return c.execute("SELECT count(*) FROM trials WHERE state = 'COMPLETE'").fetchone()[0]
    except sqlite3.Error:  # the tuner is still creating the tables, or writing
        return 0


def cmd_interrupt(db, out, err, cmd):
    """Starts the tuner in its own process group, and once a trial is stored
    as complete sends SIGINT to the group, as Ctrl-C in a terminal does."""
    with open(out, "w") as o, open(err, "w") as e:
        # SIGINT as a terminal leaves it: a runner that started this test in
        # the background may have set it ignored, and children inherit that.
        p = subprocess.Popen(cmd, stdout=o, stderr=e, start_new_session=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and p.poll() is None:
            time.sleep(0.2)
            if completed_trials(db) > 0:
                break
        if p.poll() is not None:
            fail("the tuner ended (status %d) before a trial was stored" % p.returncode)
        if time.monotonic() >= deadline:
            os.killpg(p.pid, signal.SIGKILL)
            fail("no trial was stored within 300 s")
        os.killpg(p.pid, signal.SIGINT)
        try:
            status = p.wait(timeout=120)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            fail("the tuner did not stop within 120 s of SIGINT")
    print("exit status %d" % status)


def sigint_in_weakref_callback():
    """Sends SIGINT to this process from inside a weakref callback, where
    Python drops the KeyboardInterrupt its handler raises. Returns whether
    the interrupt got out of the callback."""
    import weakref

    class Thing:
        pass

    def callback(_):
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(1000):  # the handler runs at the next bytecode check
            pass

    thing = Thing()
    ref = weakref.ref(thing, callback)
    try:
        del thing  # the callback runs here
        return False
    except KeyboardInterrupt:
        return True
    finally:
        del ref


def cmd_lost_interrupt():
    """Python's own handler loses a Ctrl-C that lands in a weakref callback;
    polyc-tune's keeps it as a flag its loops check."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print("default handler: %s" % ("raised" if sigint_in_weakref_callback() else "lost"))
    polyc_tune.catch_sigint()
    raised = sigint_in_weakref_callback()
    try:
        polyc_tune.check_interrupt()
        kept = False
    except KeyboardInterrupt:
        kept = True
    print("polyc-tune's handler: %s, %s" % ("raised" if raised else "lost",
                                            "kept" if kept else "not kept"))


def main(argv):
    if not argv:
        fail("usage: see the docstring")
    cmd, rest = argv[0], argv[1:]
    if cmd == "trials":
        cmd_trials(*rest)
    elif cmd == "repeats":
        cmd_repeats(*rest)
    elif cmd == "spread":
        cmd_spread(*rest)
    elif cmd == "lost-interrupt":
        cmd_lost_interrupt()
    elif cmd == "interrupt":
        i = rest.index("--")
        cmd_interrupt(*rest[:i], rest[i + 1:])
    else:
        fail("unknown command " + cmd)


if __name__ == "__main__":
    main(sys.argv[1:])
