#!/usr/bin/env python3
"""The --account-messages table of a distributed PageRank equals the model of
`polyrt-gen --rank-model`, exactly, in the first full exchange.

    check_accounting.py --work DIR [--ranks 2,3,4,8] [--polyc polyc]
                        [--polyrt-gen polyrt-gen] [--mpirun mpirun]

examples/pr.gt is compiled with configDistribution("chunk-alpha"), its edge
traversal s1 pulling (DensePull), once per combining level (mirrors over a
ring, batched over alltoallv, per-update over a ring), with --account-messages.
Mirrors runs under mpirun on a Kronecker graph of 2^15 vertices (8 granules
of 4096: up to 8 non-empty ranks) at --ranks, batched on it at 3 and 8 ranks;
per-update, one MPI message per record, on a 64 x 128 grid (two granules) at
2 and 3 ranks (one empty). Then with configDistribution("hash"): mirrors over
alltoallv on the Kronecker graph at 4 ranks, batched over a ring on the grid
at 3. Then with configDistribution("cartesian") (the 2-D cut), mirrors over a
ring on the Kronecker graph at 4 and 8 ranks (2 x 2 and 2 x 4 grids) and
batched over alltoallv at 4: there each call of s1 is two rounds, the refresh
and the fold of partial sums into their owners (foldPartials), which the
model's rows count together. Then with configDistribution("metis") (owners
from the partition files `polyrt-gen metis` writes), mirrors over a ring on
the grid at 2, 4 and 8 ranks and batched over alltoallv on the Kronecker
graph at 3. PR refreshes contrib (double: per peer, mirrors sends a 1-byte header
and 8 bytes per value of the shared list, the per-edge levels a 12-byte
record per cut edge) before every s1; its first refresh sends every mirror,
since no value was sent
before, so round 1 of s1 must carry, rank by rank, the records, MPI messages and
bytes the model (-v rows) gives for one exchange where every value changed, and
their sums the model's summary row (messages, bytes per edge). Exit status 0
when every count matched.
"""

import argparse
import os
import subprocess
import sys

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, os.pardir))
LEVELS = ["mirrors", "batched", "per-update"]  # the model's -v columns, in order
# combining, communication, graph, rank counts (None: --ranks). Per-update sends
# every record as its own message, too slow for the Kronecker graph's cut under
# mpirun on a loaded machine; the grid's cut is its two middle rows.
# Batched and per-update at fewer counts, to keep the test short.
CASES = [("chunk-alpha", "mirrors", "ring", "kron", None),
         ("chunk-alpha", "batched", "alltoallv", "kron", [3, 8]),
         ("chunk-alpha", "per-update", "ring", "grid", [2, 3]),
         ("hash", "mirrors", "alltoallv", "kron", [4]),
         ("hash", "batched", "ring", "grid", [3]),
         ("cartesian", "mirrors", "ring", "kron", [4, 8]),
         ("cartesian", "batched", "alltoallv", "kron", [4]),
         ("metis", "mirrors", "ring", "grid", [2, 4, 8]),
         ("metis", "batched", "alltoallv", "kron", [3])]
VALUE_BYTES = 8  # contrib is a vector of double


def run(cmd, env=None):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                       universal_newlines=True, timeout=300)
    if p.returncode != 0:
        sys.exit("FAIL: %s (exit %d):\n%s%s" % (" ".join(cmd), p.returncode, p.stdout, p.stderr))
    return p.stdout, p.stderr


def compile_pr(args, strategy, combining, communication):
    sched = os.path.join(args.work, "pr-%s-%s.sched" % (strategy, combining))
    with open(sched, "w") as f:
        f.write('schedule:\n    program->configDistribution("%s")\n'
                '    ->configApplyDirection("s1", "DensePull")\n'
                '    ->configMessageCombining("s1", "%s")\n'
                '    ->configCommunication("s1", "%s");\n' % (strategy, combining, communication))
    exe = os.path.join(args.work, "pr-%s-%s.exe" % (strategy, combining))
    run([args.polyc, os.path.join(REPO, "examples", "pr.gt"), "-s", sched, "--account-messages",
         "-o", exe])
    return exe


def measured_round(stderr, ranks, rounds=("1",)):
    """{rank: (records, messages, bytes)} of the one traversal's first call: its
    round 1, with round 2 added under the Cartesian cut (rounds ("1", "2"))."""
    lines = stderr.splitlines()
    if "polyrt message accounting" not in lines:
        sys.exit("FAIL: no accounting table in:\n" + stderr)
    rows = [l.split() for l in lines[lines.index("polyrt message accounting") + 2:]]
    names = {r[0] for r in rows}
    if len(names) != 1:
        sys.exit("FAIL: expected one traversal in the table, got %s" % sorted(names))
    first = {}
    for r in rows:
        if r[1] != "all" and r[2] in rounds:
            counts = first.get(int(r[1]), (0, 0, 0))
            first[int(r[1])] = tuple(c + int(x) for c, x in zip(counts, r[4:7]))
    if sorted(first) != list(range(ranks)):
        sys.exit("FAIL: round 1 rows for ranks %s, expected 0..%d" % (sorted(first), ranks - 1))
    return first


def modelled(args, graph, ranks, strategy, communication):
    """{rank: {level: (records, messages, bytes)}} from polyrt-gen --rank-model -v."""
    out, _ = run([args.polyrt_gen, "--rank-model", graph, "--ranks", str(ranks), "-v",
                  "--strategy", strategy, "--value-bytes", str(VALUE_BYTES),
                  "--communication", communication])
    model, summary = {}, None
    for line in out.splitlines():
        fields = line.split()
        # "  P rank |V_i| |E_i| |V'_i| cut then records messages bytes per level"
        if line.startswith("  ") and len(fields) == 15 and fields[0].isdigit():
            counts = [int(x) for x in fields[6:]]
            model[int(fields[1])] = {name: tuple(counts[3 * i:3 * i + 3])
                                     for i, name in enumerate(LEVELS)}
        # "P mirrors/|V| imbalance rec/E rec/E B/E B/E msgs msgs msgs"
        elif len(fields) == 10 and fields[0] == str(ranks):
            summary = fields
    if sorted(model) != list(range(ranks)):
        sys.exit("FAIL: the model printed ranks %s, expected 0..%d:\n%s" % (sorted(model), ranks - 1, out))
    if summary is None:
        sys.exit("FAIL: no summary row for %d ranks:\n%s" % (ranks, out))
    # Total messages per level, and bytes per edge (mirrors, then per-edge).
    messages = dict(zip(LEVELS, [int(x) for x in summary[7:10]]))
    bytes_per_edge = {"mirrors": float(summary[5]), "batched": float(summary[6]),
                      "per-update": float(summary[6])}
    return model, messages, bytes_per_edge


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work", required=True)
    ap.add_argument("--ranks", default="2,3,4,8")
    ap.add_argument("--polyc", default="polyc")
    ap.add_argument("--polyrt-gen", dest="polyrt_gen", default="polyrt-gen")
    ap.add_argument("--mpirun", default="mpirun")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    graphs, edges = {}, {}
    for name, cmd in [("kron", ["kron", "-s", "15", "-d", "8"]),
                      ("grid", ["grid", "--rows", "64", "--cols", "128", "-u"])]:
        graphs[name] = os.path.join(args.work, name + ".sg")
        out, _ = run([args.polyrt_gen] + cmd + ["-o", graphs[name]])
        edges[name] = int(out.split(" edges")[0].split()[-1])  # "FILE: N vertices, M edges, ..."
        run([args.polyrt_gen, "metis", graphs[name], "--ranks", "2,3,4,8"])  # (metis's cases)
    env = {k: v for k, v in os.environ.items() if not k.startswith("POLYRT_")}
    env.update(OMP_NUM_THREADS="1", OMP_WAIT_POLICY="passive")
    failures = 0
    for strategy, combining, communication, name, counts in CASES:
        exe = compile_pr(args, strategy, combining, communication)
        graph = graphs[name]
        for ranks in counts or [int(p) for p in args.ranks.split(",")]:
            _, stderr = run([args.mpirun, "--allow-run-as-root", "--oversubscribe", "--bind-to",
                             "none", "-np", str(ranks), exe, graph], env=env)
            got = measured_round(stderr, ranks,
                                 ("1", "2") if strategy == "cartesian" else ("1",))
            model, messages, bytes_per_edge = modelled(args, graph, ranks, strategy, communication)
            want = {r: levels[combining] for r, levels in model.items()}
            total = tuple(sum(c[i] for c in got.values()) for i in range(3))
            if total[1] != messages[combining] or \
                    abs(total[2] / edges[name] - bytes_per_edge[combining]) > 6e-5:
                failures += 1
                print("FAIL: %s, %s, %s, %d ranks: measured %d messages, %.6f bytes/edge in all; "
                      "the model's summary %d, %.4f" % (
                          strategy, combining, name, ranks, total[1], total[2] / edges[name],
                          messages[combining], bytes_per_edge[combining]))
            if got != want:
                failures += 1
                print("FAIL: %s, %s, %s, %d ranks: round 1 of s1 (records, messages, bytes) per rank\n"
                      "  measured %s\n  modelled %s" % (strategy, combining, name, ranks, got, want))
            else:
                print("ok: %s, %s, %s, %d ranks: %d records, %d messages, %d bytes" % (
                    (strategy, combining, name, ranks) + total))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
