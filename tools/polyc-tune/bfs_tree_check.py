"""BFS parent lists checked with NumPy, for polyc-tune.

The schedule equivalence suite checks a BFS output with the oracle's graph
reader and a vertex-by-vertex walk in Python (equivalence.compare_bfs): right
for its graphs of a few hundred vertices, but on the benchmark graphs (2^20
vertices, 33 M edges) reading the graph took minutes and each check seconds,
so the tuner spent more time checking BFS trials than running them. This
module checks the same three things with arrays:

1. every parent is -1, the vertex itself (a root) or a vertex;
2. each vertex has the same depth in the candidate's tree as in the
   default's (depths by pointer jumping: log2(depth) array steps; a cycle of
   parents or an unreached ancestor is no depth);
3. each parent is an in-neighbour: the edge parent -> vertex is in the graph
   (a binary search in the sorted edge keys src * n + dst).

It raises equivalence.Mismatch with the same wording as compare_bfs.
"""

import os

import numpy as np

import equivalence as eq

UNREACHED = -1
NO_DEPTH = -2  # a parent that is no vertex, a cycle, an unreached ancestor


class EdgeKeys:
    """The graph's edges as sorted keys src * n + dst."""

    def __init__(self, n, keys):
        self.n = n
        self.keys = keys

    def has_edges(self, srcs, dsts):
        wanted = srcs.astype(np.int64) * self.n + dsts
        at = np.searchsorted(self.keys, wanted)
        at[at == len(self.keys)] = 0
        return self.keys[at] == wanted if len(self.keys) else np.zeros(len(wanted), bool)


def _serialized_edge_keys(path, weighted):
    """A GAPBS serialized graph (.sg/.wsg; polyrt writes the same layout):
    a bool directed flag, int64 edge and vertex counts, int64 offsets[n + 1],
    then int32 neighbours (int32 pairs with weights); a directed graph's
    in-edges follow and are not needed."""
    with open(path, "rb") as f:
        header = f.read(17)
        if len(header) != 17:
            raise eq.Mismatch("%s: truncated header" % path)
        edges, n = np.frombuffer(header, dtype="<i8", count=2, offset=1)
        offsets = np.fromfile(f, dtype="<i8", count=n + 1)
        width = 2 if weighted else 1
        flat = np.fromfile(f, dtype="<i4", count=int(edges) * width)
    if len(offsets) != n + 1 or len(flat) != edges * width or offsets[-1] != edges:
        raise eq.Mismatch("%s: not a serialized graph of %d vertices" % (path, n))
    dsts = flat[::width].astype(np.int64)
    srcs = np.repeat(np.arange(n, dtype=np.int64), np.diff(offsets))
    return EdgeKeys(int(n), np.sort(srcs * n + dsts))


def edge_keys(path):
    """The graph's edge keys: read directly for .sg/.wsg, through the
    oracle's reader for the text formats (small graphs)."""
    ext = os.path.splitext(path)[1]
    if ext in (".sg", ".wsg"):
        return _serialized_edge_keys(path, ext == ".wsg")
    graph = eq._read_graph(path)
    keys = np.array([u * graph.n + v for u, v, _ in graph.edges], dtype=np.int64)
    return EdgeKeys(graph.n, np.sort(keys))


def parents_of(text):
    lines = eq._lines(text)
    try:
        return np.array([int(x) for x in lines], dtype=np.int64)
    except ValueError as err:
        raise eq.Mismatch("not a parent list: %s" % err)


def depths(parent):
    """Each vertex's depth in the tree: UNREACHED when its parent is -1,
    NO_DEPTH when it has none (as equivalence._depths, with arrays)."""
    n = len(parent)
    vertices = np.arange(n, dtype=np.int64)
    depth = np.full(n, NO_DEPTH, dtype=np.int64)
    depth[parent == -1] = UNREACHED
    depth[parent == vertices] = 0
    valid = (parent >= 0) & (parent < n) & (parent != vertices)
    # Pointer jumping over the valid parents: after k steps, `up` is the
    # 2^k-th ancestor (or the first settled one) and `hops` the distance.
    up = np.where(valid, parent, vertices)
    hops = valid.astype(np.int64)
    pending = np.flatnonzero(valid)
    for _ in range(64):
        if len(pending) == 0:
            break
        target = up[pending]
        settled = depth[target] != NO_DEPTH
        # The ancestor reached has a depth: root, unreached or a known one.
        done, d = pending[settled], depth[target[settled]]
        depth[done] = np.where(d >= 0, d + hops[done], NO_DEPTH)
        pending = pending[~settled]
        target = up[pending]
        stuck = ~valid[target]  # an invalid parent up the chain
        pending = pending[~stuck]
        target = up[pending]
        hops[pending] += hops[target]
        up[pending] = up[target]
    # Whatever is still pending is on or below a cycle: no depth.
    return depth


def _describe(d):
    if d == UNREACHED:
        return "-1"
    if d == NO_DEPTH:
        return "none"
    return str(d)


class BfsChecker:
    """compare(expected, got, graph_path) for one program's runs: the
    graphs' edge keys and the default's depths are computed once."""

    def __init__(self):
        self._edges = {}
        self._reference = {}

    def compare(self, expected, got, path):
        if path not in self._edges:
            self._edges[path] = edge_keys(path)
        key = (path, hash(expected))
        if key not in self._reference:
            ep = parents_of(expected)
            self._reference[key] = (ep, depths(ep))
        ep, ed = self._reference[key]
        gp = parents_of(got)
        if len(gp) != len(ep):
            raise eq.Mismatch("%d lines, the default printed %d" % (len(gp), len(ep)))
        gd = depths(gp)
        bad = np.flatnonzero(ed != gd)
        if len(bad):
            v = int(bad[0])
            raise eq.Mismatch("vertex %d: depth %s in the default's tree, %s in this one "
                              "(parents %d and %d); %d vertices differ"
                              % (v, _describe(ed[v]), _describe(gd[v]), ep[v], gp[v], len(bad)))
        vertices = np.arange(len(gp), dtype=np.int64)
        child = np.flatnonzero((gp != -1) & (gp != vertices))
        missing = child[~self._edges[path].has_edges(gp[child], child)]
        if len(missing):
            v = int(missing[0])
            raise eq.Mismatch("vertex %d: parent %d is not an in-neighbour (no edge %d->%d)"
                              % (v, gp[v], gp[v], v))
