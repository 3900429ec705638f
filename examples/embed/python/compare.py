#!/usr/bin/env python3
"""Calls the polyc PageRank and BFS modules (built by CMakeLists.txt here) on
graphs made with NetworkX, passed as a SciPy CSR matrix and as NumPy edge
arrays, and compares with NetworkX. Prints one line per check; exit status 1
on the first difference.

    PYTHONPATH=<module build dir> python3 compare.py
"""
import sys

import networkx as nx
import numpy as np

import bfs
import pagerank


def fail(message):
    sys.exit("compare.py: FAILED: " + message)


# A directed random graph in which every vertex has an out-edge (a ring
# added), so PageRank loses no rank and NetworkX's PageRank is the same fixed
# point as examples/pr.gt's iteration.
n = 300
g = nx.gnp_random_graph(n, 0.02, seed=7, directed=True)
g.add_edges_from((v, (v + 1) % n) for v in range(n))
csr = nx.to_scipy_sparse_array(g, nodelist=range(n), format="csr")
src = np.array([u for u, _ in g.edges()], dtype=np.int64)
dst = np.array([v for _, v in g.edges()], dtype=np.int64)

# PageRank: 100 iterations (0.85^100 < 1e-7) against NetworkX to 1e-12.
expected = nx.pagerank(g, alpha=0.85, tol=1e-12, max_iter=1000)
expected = np.array([expected[v] for v in range(n)])
for name, graph in (("csr", csr), ("edge arrays", (src, dst, n))):
    ranks = pagerank.pagerank(graph, 100)
    if not isinstance(ranks, np.ndarray) or ranks.dtype != np.float64 or ranks.shape != (n,):
        fail("pagerank(%s) returned %r" % (name, type(ranks)))
    worst = np.max(np.abs(ranks - expected) / expected)
    if worst > 1e-6:
        fail("pagerank(%s): relative difference %g from NetworkX" % (name, worst))
    print("pagerank(%s): %d ranks, largest relative difference from NetworkX %.1e" % (name, n, worst))

# BFS: parents from 0 on a sparser graph, which 0 does not reach entirely.
h = nx.gnp_random_graph(n, 0.006, seed=3, directed=True)
csr_h = nx.to_scipy_sparse_array(h, nodelist=range(n), format="csr")
depth = nx.single_source_shortest_path_length(h, 0)
for name, graph in (("csr", csr_h),
                    ("edge arrays", (np.array([u for u, _ in h.edges()], dtype=np.int32),
                                     np.array([v for _, v in h.edges()], dtype=np.int32), n))):
    parents = bfs.bfs(graph, 0)
    if parents.dtype != np.int32 or parents.shape != (n,):
        fail("bfs(%s) returned %r of %r" % (name, parents.dtype, parents.shape))
    for v in range(n):
        p = int(parents[v])
        if v not in depth:
            if p != -1:
                fail("bfs(%s): %d is unreachable from 0 but has parent %d" % (name, v, p))
        elif v == 0:
            if p != 0:
                fail("bfs(%s): the source's parent is %d" % (name, p))
        elif not h.has_edge(p, v) or depth.get(p) != depth[v] - 1:
            fail("bfs(%s): parent %d of %d is not one level closer along an edge" % (name, p, v))
    print("bfs(%s): %d vertices, %d reached, every parent one level closer (NetworkX)"
          % (name, n, len(depth)))
if not 1 < len(depth) < n:
    fail("the BFS graph should leave some vertices unreachable and reach some")

# What is not a graph says so.
try:
    pagerank.pagerank([1, 2, 3], 10)
    fail("a list was taken as a graph")
except TypeError as e:
    print("not a graph: TypeError: %s" % e)
# A kernel's error is a Python exception naming the place in the .gt file,
# and the module works after it.
try:
    bfs.bfs(csr_h, n + 7)
    fail("a start vertex outside the graph was accepted")
except RuntimeError as e:
    if "bfs.gt:" not in str(e) or "start vertex %d" % (n + 7) not in str(e):
        fail("the error does not name the place and the vertex: %s" % e)
    print("bad start vertex: RuntimeError: %s" % e)
if int(bfs.bfs(csr_h, 0)[0]) != 0:
    fail("bfs after an error: the source's parent is not itself")
print("compare.py: ok")
