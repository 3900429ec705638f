"""polyc-tune's array BFS check (tools/polyc-tune/bfs_tree_check.py) against
the equivalence suite's compare_bfs: on a graph and a reference parent list,
the reference itself, a different valid tree, and broken trees (a parent
that is no in-neighbour, one that is no vertex, a cycle, an unreached vertex,
a vertex reached that the reference leaves unreached, a missing line), both
must accept or reject alike.

usage: bfs_check_agrees.py REPO GRAPH REFERENCE_OUTPUT
"""
import os
import random
import sys

repo, graph_path, reference_path = sys.argv[1:4]
sys.path.insert(0, os.path.join(repo, "test", "ScheduleEquivalence"))
sys.path.insert(0, os.path.join(repo, "tools", "polyc-tune"))
import equivalence as eq  # noqa: E402
import bfs_tree_check  # noqa: E402

reference = open(reference_path).read()
parents = [int(x) for x in reference.split()]
graph = eq._read_graph(graph_path)
n = len(parents)
rng = random.Random(7)
depth = eq._depths(parents)
reached = [v for v in range(n) if parents[v] not in (-1, v)]
assert len(reached) > 10, "the reference reaches too few vertices to test"


def variant(change):
    p = list(parents)
    change(p)
    return "\n".join(map(str, p)) + "\n"


def other_parent(p):
    # Another in-neighbour one level closer, where some vertex has one.
    for v in reached:
        for u, _ in graph.inn[v]:
            if u != p[v] and depth[u] == depth[v] - 1:
                p[v] = u
                return
    raise SystemExit("no vertex with two parents to choose from")


def not_a_neighbour(p):
    v = rng.choice(reached)
    ins = {u for u, _ in graph.inn[v]}
    p[v] = next(u for u in range(n) if u not in ins and u != v and depth[u] == depth[v] - 1)


def cycle(p):
    a, b = reached[0], reached[1]
    p[a], p[b] = b, a


def unreach(p):
    p[reached[-1]] = -1


def reach_unreached(p):
    v = next(v for v in range(n) if parents[v] == -1)
    p[v] = v  # a second root


cases = {
    "reference": reference,
    "another valid tree": variant(other_parent),
    "parent not an in-neighbour": variant(not_a_neighbour),
    "parent not a vertex": variant(lambda p: p.__setitem__(reached[2], n + 5)),
    "cycle": variant(cycle),
    "unreached": variant(unreach),
    "extra root": variant(reach_unreached) if -1 in parents else None,
    "missing line": "\n".join(map(str, parents[:-1])) + "\n",
}
checker = bfs_tree_check.BfsChecker()
failed = False
for name, text in cases.items():
    if text is None:
        continue
    verdicts = []
    for check in (lambda: eq.compare_bfs(reference, text, graph),
                  lambda: checker.compare(reference, text, graph_path)):
        try:
            check()
            verdicts.append("accepts")
        except eq.Mismatch as err:
            verdicts.append("rejects (%s)" % str(err).split(";")[0])
    same = verdicts[0].split()[0] == verdicts[1].split()[0]
    failed |= not same
    print("%-28s compare_bfs %s | arrays %s%s" % (name, verdicts[0], verdicts[1],
                                                 "" if same else "   <-- DISAGREE"))
print("DISAGREE" if failed else "AGREE")
sys.exit(1 if failed else 0)
