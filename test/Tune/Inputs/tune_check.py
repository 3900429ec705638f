#!/usr/bin/env python3
"""Checks of polyc-tune's results for the test/Tune suite (docs/tuning.md).

    tune_check.py study DB NAME                  # the trial table, one line per trial
    tune_check.py best DB NAME SCHED POLYC PROG OUT  # the chosen one is correct, reproducible
    tune_check.py faster DB NAME SCHED POLYC PROG GRAPH [args]
    tune_check.py rejected DB NAME               # the miscompiled trials lost
    tune_check.py infeasible DB NAME             # failed candidates told as infeasible
    tune_check.py enumerated OUT1 OUT2           # --enumerate's counts, consistent and stable
    tune_check.py interrupt DB -- polyc-tune ... # runs the tuner, kills it mid-study
    tune_check.py resumed BEFORE AFTER N         # `study` listings before and after

Reads the study through Optuna's own storage, as polyc-tune writes it.
"""
import os
import re
import signal
import statistics
import subprocess
import sys
import time

import optuna

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, os.pardir))
sys.path.insert(0, os.path.join(REPO, "tools", "polyc-tune"))
sys.path.insert(0, os.path.join(REPO, "test", "ScheduleEquivalence"))
import polyc_tune  # noqa: E402  the tuner's own digest of generated C++

optuna.logging.set_verbosity(optuna.logging.WARNING)


def fail(msg):
    print("tune_check: FAIL: " + msg)
    sys.exit(1)


def load(db, name):
    return optuna.load_study(study_name=name, storage="sqlite:///" + db)


def ok_trials(study):
    return [t for t in study.trials if t.user_attrs.get("status") == "ok"]


def best_of(study):
    ok = sorted(ok_trials(study), key=lambda t: (t.value, t.number))
    if not ok:
        fail("no correct trial")
    return ok[0]


def cmd_study(db, name):
    study = load(db, name)
    for t in study.trials:
        print("trial %d %s %s" % (t.number, t.state.name,
                                 t.user_attrs.get("status", "-")))
    print("counted: %d" % sum(1 for t in study.trials
                              if t.user_attrs.get("status") != "rejected"))


def chosen_trial(study, sched):
    """The trial the written .sched names ("% trial N of study ...")."""
    m = re.search(r"^% trial (\d+) of study", open(sched).read(), re.M)
    if not m:
        fail("%s names no trial" % sched)
    return study.trials[int(m.group(1))]


def cmd_best(db, name, sched, polyc, prog, out):
    study = load(db, name)
    best = chosen_trial(study, sched)
    default = study.trials[0]
    if default.user_attrs.get("schedule") != "schedule:\n":
        fail("trial 0 is not the default schedule: %r" % default.user_attrs.get("schedule"))
    if default.user_attrs.get("status") != "ok":
        fail("the default trial did not pass: %s" % default.user_attrs.get("reason"))
    if best.user_attrs.get("status") != "ok":
        fail("the chosen trial %d did not pass: %s" % (best.number, best.user_attrs))
    if best_of(study).value > default.value:
        fail("the search's best %.6f is slower than the default trial's %.6f"
             % (best_of(study).value, default.value))
    for t in study.trials:
        if t.state == optuna.trial.TrialState.COMPLETE and t.user_attrs.get("status") != "ok":
            fail("trial %d is complete but not ok" % t.number)
    # The confirmation times the default beside the candidates: the chosen
    # one is no slower than it there.
    m = re.search(r"^polyc-tune: confirmed: chosen trial (\d+) ([0-9.]+) s, default ([0-9.]+) s",
                  open(out).read(), re.M)
    if not m:
        fail("no confirmation line in %s" % out)
    if int(m.group(1)) != best.number:
        fail("confirmed trial %s, the .sched names %d" % (m.group(1), best.number))
    if float(m.group(2)) > float(m.group(3)):
        fail("the chosen schedule's confirmed time %s s is above the default's %s s"
             % (m.group(2), m.group(3)))
    # The written schedule generates the chosen trial's C++ again.
    p = subprocess.run([polyc, prog, "-s", sched, "--emit=cpp", "-o", "-"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        fail("the written schedule does not compile: " + p.stderr)
    digest = polyc_tune.digest_of(p.stdout)
    if digest != best.user_attrs.get("digest"):
        fail("the written schedule's C++ differs from the chosen trial's (%s vs %s)"
             % (digest[:12], best.user_attrs.get("digest", "")[:12]))
    print("best: trial %d, confirmed %s s against the default's %s s, C++ reproduced"
          % (best.number, m.group(2), m.group(3)))


def cmd_faster(db, name, sched, polyc, prog, graph, args):
    """Times the best schedule's program against the default's, interleaved,
    9 runs each, and compares the fastest run of each: on a loaded machine
    (2 cores shared by several builds) single runs of these millisecond
    programs vary from 0.2 to 80 ms, and only the minimum says what a program
    costs. The bound, 2x the default plus 20 ms (five scheduler ticks), only
    fails a tuner that chose a clearly slower schedule; the suite's lit.local.cfg
    sets OMP_WAIT_POLICY=passive, so that waiting threads do not spin against
    other processes for the CPUs."""
    study = load(db, name)
    best = chosen_trial(study, sched)
    work = os.path.dirname(os.path.abspath(db))
    bins = {}
    for what, text in (("default", "schedule:\n"), ("best", best.user_attrs["schedule"])):
        sched = os.path.join(work, "check-%s.sched" % what)
        with open(sched, "w") as f:
            f.write(text)
        out = os.path.join(work, "check-%s" % what)
        subprocess.run([polyc, prog, "-s", sched, "-o", out], check=True)
        bins[what] = out
    times = {"default": [], "best": []}
    env = dict(os.environ, POLYRT_REPORT_TIME="1")
    env.update(best.user_attrs.get("env") or {})
    for _ in range(9):
        for what in ("default", "best"):
            p = subprocess.run([bins[what], graph] + args, capture_output=True, text=True,
                               env=env, check=True)
            m = list(polyc_tune.TIME_RE.finditer(p.stderr))[-1]
            times[what].append(float(m.group(1)))
    d, b = min(times["default"]), min(times["best"])
    print("re-timed (fastest of 9): default %.6f s, best %.6f s" % (d, b))
    if b > 2 * d + 0.02:
        fail("the tuned schedule is slower than the default: %.6f s vs %.6f s" % (b, d))


def cmd_rejected(db, name):
    study = load(db, name)
    wrong = [t for t in study.trials if t.user_attrs.get("status") == "wrong"]
    if not wrong:
        fail("no trial was rejected for a wrong output")
    for t in ok_trials(study):
        if "parallel\"" in t.user_attrs["schedule"].replace("serial\"", ""):
            fail("trial %d with a miscompiled (parallel) schedule passed" % t.number)
    best = best_of(study)
    print("wrong outputs rejected: %d trials; best is trial %d, %.6f s"
          % (len(wrong), best.number, best.value))
    print("first reason: " + wrong[0].user_attrs["reason"][:120])


def cmd_infeasible(db, name):
    """Candidates that cannot work are told to TPE as pruned trials with a
    violated constraint (so that it models them), correct ones as complete
    and feasible."""
    study = load(db, name)
    bad = [t for t in study.trials
           if t.user_attrs.get("status") in ("rejected", "compile", "crash", "wrong")]
    if not bad:
        fail("no infeasible trial")
    for t in bad:
        if t.state != optuna.trial.TrialState.PRUNED or not t.constraints.get("works", 0) > 0:
            fail("trial %d (%s) is %s with constraints %s, want PRUNED and infeasible"
                 % (t.number, t.user_attrs["status"], t.state.name, t.constraints))
    for t in ok_trials(study):
        if t.state != optuna.trial.TrialState.COMPLETE or t.constraints.get("works") != 0:
            fail("correct trial %d is %s with constraints %s" % (t.number, t.state.name,
                                                                 t.constraints))
    print("infeasible: %d trials, all pruned with a violated constraint; %d correct, feasible"
          % (len(bad), len(ok_trials(study))))


def cmd_enumerated(first, second):
    """--enumerate's counts: distinct <= accepted <= combinations, some
    accepted, as many combinations as the space's (subset's) size, and the
    same counts from a second run."""
    counts = []
    for path in (first, second):
        text = open(path).read()
        got = {k: int(v) for k, v in re.findall(
            r"^(combinations|accepted by polyc|distinct programs): (\d+)$", text, re.M)}
        if len(got) != 3:
            fail("%s: the three counts are not all there" % path)
        size = re.search(r"enumerating a subset of (\d+)", text) or \
            re.search(r": (\d+) combinations$", text, re.M)
        if not size or int(size.group(1)) != got["combinations"]:
            fail("%s: %d combinations walked, not the size the space has" % (path,
                                                                           got["combinations"]))
        counts.append(got)
    c = counts[0]
    if not 0 < c["distinct programs"] <= c["accepted by polyc"] <= c["combinations"]:
        fail("inconsistent counts: %s" % c)
    if counts[0] != counts[1]:
        fail("two runs disagree: %s, %s" % tuple(counts))
    print("enumerated: %(combinations)d combinations, %(accepted by polyc)d accepted, "
          "%(distinct programs)d distinct" % c)


def finished(db):
    import sqlite3
    try:
        con = sqlite3.connect(db)
        n = con.execute("select count(*) from trials where state != 'RUNNING' "
                        "and state != 'WAITING'").fetchone()[0]
        con.close()
        return n
    except sqlite3.Error:
        return 0


def cmd_interrupt(db, argv):
    """Starts the tuner, kills it (SIGKILL: no chance to tidy up) once at
    least 4 trials are stored, and prints how many are."""
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while finished(db) < 4:
        if p.poll() is not None:
            fail("the tuner ended (status %d) before it was interrupted" % p.returncode)
        if time.monotonic() > deadline:
            p.kill()
            fail("no 4 trials in 120 s")
        time.sleep(0.05)
    p.send_signal(signal.SIGKILL)
    p.wait()
    print("interrupted with %d trials stored" % finished(db))


def cmd_resumed(before_path, after_path, total):
    """The second run kept every trial of the first (finished ones unchanged,
    the one left running recorded as failed, interrupted) and stopped at the
    budget."""
    before = open(before_path).read().splitlines()[:-1]
    after = open(after_path).read().splitlines()
    if after[-1] != "counted: %s" % total:
        fail("after resuming: %s, want %s trials" % (after[-1], total))
    if int(open(before_path).read().splitlines()[-1].split()[-1]) >= int(total):
        fail("the first run stored %d trials before it was killed; the test needs fewer"
             % len(before))
    for i, line in enumerate(before):
        if " RUNNING " in line:
            if after[i] != "trial %d FAIL interrupted" % i:
                fail("interrupted trial %d is now '%s', want FAIL interrupted" % (i, after[i]))
        elif after[i] != line:
            fail("trial %d was '%s', is now '%s'" % (i, line, after[i]))
    print("resumed: %d trials kept, %s in all" % (len(before), total))


def main():
    cmd = sys.argv[1]
    a = sys.argv[2:]
    if cmd == "study":
        cmd_study(*a)
    elif cmd == "best":
        cmd_best(*a)
    elif cmd == "faster":
        cmd_faster(a[0], a[1], a[2], a[3], a[4], a[5], a[6:])
    elif cmd == "rejected":
        cmd_rejected(*a)
    elif cmd == "infeasible":
        cmd_infeasible(*a)
    elif cmd == "enumerated":
        cmd_enumerated(*a)
    elif cmd == "resumed":
        cmd_resumed(*a)
    elif cmd == "interrupt":
        cmd_interrupt(a[0], a[a.index("--") + 1:])
    else:
        fail("unknown command " + cmd)


if __name__ == "__main__":
    main()
