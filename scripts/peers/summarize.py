#!/usr/bin/env python3
"""Makes docs/distributed-peers.md's table from the logs of run-pr.sh: the
median over repetitions of each system's own time per iteration (the fastest
and slowest in parentheses), and the
bytes per round the PMPI counter saw (every rank's p2p + collective bytes of a
20-iteration run less those of a 10-iteration run, over the rounds between).
    summarize.py LOGS        (LOGS/SYS.GRAPH.pP.rR.log; LOGS/bytes/ the same
                              names with .i10/.i20 for the byte runs)"""
import glob
import os
import re
import statistics
import sys

ITERS = 20


def seconds_per_iteration(system, text):
    if system.startswith("polyc"):  # its first output line: the timed loop's seconds / iterations
        return float(re.search(r"^([0-9.e+-]+)$", text, re.M).group(1))
    if system == "gemini":  # exec_time of each of its 6 computes, 20 iterations each
        times = [float(t) for t in re.findall(r"exec_time=([0-9.]+)", text)]
        return statistics.median(times) / ITERS
    # D-Galois: Timer_0 in ms, the largest over hosts
    return float(re.search(r"PageRank, Timer_0, HMAX, (\d+)", text).group(1)) / 1000 / ITERS


def pmpi_bytes(text):
    return sum(int(m.group(1)) + int(m.group(2)) for m in
               re.finditer(r"p2p_bytes (\d+) .*coll_bytes (\d+)", text))


# Rounds between a 10- and a 20-iteration run: Gemini runs its compute 6 times.
ROUNDS = {"polyc": 10, "polyc-float": 10, "polyc-cartesian": 10, "polyc-metis": 10, "gemini": 60,
          "galois": 10}


def main(logs):
    times = {}
    for path in glob.glob(os.path.join(logs, "*.log")):
        system, graph, p, _ = os.path.basename(path).split(".")[:4]
        try:
            times.setdefault((graph, p, system), []).append(
                seconds_per_iteration(system, open(path).read()))
        except (ValueError, AttributeError, IndexError):
            print("no time in", path, file=sys.stderr)
    rows = sorted({(g, p) for g, p, _ in times}, key=lambda k: (k[0], int(k[1][1:])))
    systems = ["polyc", "polyc-float", "polyc-cartesian", "polyc-metis", "gemini", "galois"]
    print("| graph | ranks | " + " | ".join("%s ms/iter" % s for s in systems) + " | " +
          " | ".join("%s KB/round" % s for s in systems) +
          " | polyc's own count KB/round, rounds 11-20 | polyc-float's | polyc-cartesian's"
          " | polyc-metis' |")
    print("|" + "---|" * (6 + 2 * len(systems)))
    for g, p in rows:
        cells = []
        for s in systems:
            v = times.get((g, p, s))
            cells.append("%.1f (%.1f-%.1f)" % (statistics.median(v) * 1000, min(v) * 1000,
                                               max(v) * 1000) if v else "-")
        for s in systems:
            a = os.path.join(logs, "bytes", "%s.%s.%s.i10.log" % (s, g, p))
            b = os.path.join(logs, "bytes", "%s.%s.%s.i20.log" % (s, g, p))
            if os.path.exists(a) and os.path.exists(b):
                d = (pmpi_bytes(open(b).read()) - pmpi_bytes(open(a).read())) / ROUNDS[s]
                cells.append("%.1f" % (d / 1000))
            else:
                cells.append("-")
        # polyc's --account-messages: its rows of rounds 11 to 20, every rank,
        # the same rounds as the difference above (a round sends only the
        # values that changed, so rounds differ).
        # (The Cartesian cut's calls are two rounds each: the refresh, the fold.)
        for s in ["polyc", "polyc-float", "polyc-cartesian", "polyc-metis"]:
            per_call = 2 if s == "polyc-cartesian" else 1
            acct = os.path.join(logs, "bytes", "%s-acct.%s.%s.log" % (s, g, p))
            rows_ = re.findall(r"^s1\s+\d+\s+(\d+)\s+\S+\s+\d+\s+\d+\s+(\d+)", open(acct).read(),
                               re.M) if os.path.exists(acct) else []
            late = [int(b) for r, b in rows_ if int(r) > per_call * ITERS // 2]
            cells.append("%.1f" % (sum(late) / (ITERS // 2) / 1000) if late else "-")
        print("| %s | %s | %s |" % (g, p[1:], " | ".join(cells)))


main(sys.argv[1])
