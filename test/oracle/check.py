#!/usr/bin/env python3
"""Independent oracle for polyc's example programs.

    check.py ALGO GRAPH OUTPUT [--source S] [--count K] [--target T] [--tolerance T]
    check.py ALGO GRAPH --print-expected [--source S] [--count K]

ALGO is one of pr, prdelta, bfs, sssp, cc, and cc_sv, cc_afforest, cf, bc, bc_multi, tc,
kcore, spmv, bp, eigenvector, coloring, ppsp, set_cover (the programs in examples/; the
references of the second group are in more_algorithms.py). GRAPH is the graph
file the program ran on (.el, .wel, .sg, .wsg). OUTPUT is a file holding what
the program printed (one value per vertex, in vertex order; cf prints 20 per
vertex, tc one for the graph), or '-' for standard input. The oracle reads the
graph itself, computes the answer with plain Python and NetworkX, and compares.
It shares no code with polyc or polyrt.

Exit status: 0 when the output is right, 1 when it is wrong (the message names
the first differing vertex, expected and got), 2 when the oracle cannot check
(bad arguments, unreadable graph).

What "right" means, per algorithm:
  pr       examples/pr.gt's PageRank: ranks start at 1/n, 20 iterations of
           new[v] = (1-0.85)/n + 0.85 * sum over edges (u,v) of old[u]/outdeg(u),
           every edge counted (self-loops and duplicates too). A vertex with no
           out-edge divides by zero in the program (contrib = inf) but no edge
           reads it: its rank simply leaks, as in GraphIt's pr.gt. Each value
           within 1e-6 absolute (plus the 6-significant-digit rounding of
           std::cout, 5e-6 relative, which is below 1e-6 for every rank < 0.2).
  prdelta  examples/prdelta.gt's PageRank-Delta, simulated step by step (10
           rounds, epsilon2 = 0.1). The program's sums run in another order, which
           moves values by ~1e-16: far inside the 1e-6 tolerance, and a
           threshold decision could only flip for a delta within that of
           0.1*rank, which the test graphs do not have.
  bfs      a valid BFS tree from the source: parent[source] == source, parent
           -1 exactly for the vertices the source cannot reach, and for every
           other vertex v an in-neighbour p (an edge p->v) one level closer to
           the source. Any valid parent is accepted.
  sssp     exact shortest-path distances from the source (Dijkstra; Bellman-Ford
           if a weight is negative); unreachable vertices print 2147483647.
  ppsp     one number: the distance from --source to --target (Dijkstra;
           weights must not be negative), 2147483647 when unreachable.
  cc       the same partition as NetworkX's weakly connected components
           (labels may differ) when the graph is symmetric. On a graph that is
           not symmetric, label propagation computes for each v the smallest id
           that reaches v; the oracle checks that partition instead. With
           --exact-labels the labels must also be exactly those (cc.gt's
           labels do not depend on the schedule: the smallest id reaching v).
  cc_sv    exactly the smallest vertex id of each weakly connected component
           (NetworkX), on any graph: the program hooks along both directions.
  cc_afforest  the same, on a symmetric graph only (examples/cc_afforest.gt).
  cf       examples/cf.gt's gradient descent simulated step by step (K = 20
           factors, 10 iterations, step 1e-3, lambda 1e-3), K values per
           vertex, each within 1e-9 absolute.
  bc       --source S: the dependency of every vertex on S (NetworkX's
           unnormalised subset betweenness from {S} to all vertices) within
           1e-9 absolute; S itself must print the number of other vertices it
           reaches. A duplicate edge is a second shortest path in the program,
           so on a graph with duplicate edges the reference is plain Brandes
           that counts them.
  bc_multi --source S --count K: the sum of the dependencies on sources
           S..S+K-1, each source's own excluded (NetworkX's unnormalised subset
           betweenness; plain Brandes with duplicate edges), within 1e-9.
  tc       the number of triangles (NetworkX), on a symmetric graph without
           duplicate edges (others cannot be checked: exit 2); self-loops are
           in no triangle.
  kcore    exact coreness on a symmetric graph, self-loops not counted
           (NetworkX's core_number; with duplicate edges, which count in the
           degree as often as they appear, plain peeling).
  spmv     4 iterations of x = A^T x from x[v] = 1/(v+1), every edge counted,
           each value within 1e-9 relative plus 1e-9 absolute.
  bp       examples/bp.gt's belief propagation simulated step by step (10
           iterations), the belief in state 0 within 1e-9 absolute.
  eigenvector  30 power iterations on A + I from 1/n with Euclidean
           normalisation (NetworkX's eigenvector_centrality iteration, a fixed
           count), within 1e-9 absolute.
  coloring a proper colouring: every vertex coloured (>= 0), no edge between two
           distinct vertices of one colour, and no vertex's colour above its
           number of distinct neighbours (true of any first-fit colouring);
           the ok line reports the number of colours.
  set_cover 0 or 1 per vertex (its set, the vertices it has an edge to, chosen):
           every vertex some set holds is in a chosen one, and no more sets
           than (1 + 0.01) H(largest set) times the sequential greedy cover's
           (the algorithm's bound, greedy being at least the fewest); the ok
           line reports the number of sets.
  Why these floating-point tolerances suffice: see more_algorithms.py.

Graph files, as polyrt reads them:
  .el/.wel  text, "u v" / "u v w" per line, '#' and '%' lines are comments; the
  .txt      vertex count is the largest id + 1, or N if the comments before the
            first edge have a line "# Nodes: N" (SNAP's header) and N is larger;
            every edge is kept as given, and also reversed (a self-loop once)
            when those comments have a line "# Undirected graph..." or with
            --symmetrize (POLYRT_SYMMETRIZE=1).
  .sg/.wsg  GAPBS serialized graphs: bool directed (1 byte), int64 num_edges,
            int64 num_nodes, int64 offsets[num_nodes+1], then num_edges int32
            neighbours (.sg) or {int32 v, int32 w} pairs (.wsg); in-edges follow
            when directed (checked for size, not used). An undirected graph stores both
            directions of each edge in its out-lists.
"""

import argparse
import heapq
import math
import os
import struct
import sys

import more_algorithms

INT_MAX = 2147483647
PR_ITERATIONS = 20
PRDELTA_ROUNDS = 10
DAMP = 0.85
EPSILON2 = 0.1
DEFAULT_TOLERANCE = {"pr": 1e-6, "prdelta": 1e-6}
PRINT_REL = 5e-6  # std::cout prints doubles with 6 significant digits


class OracleError(Exception):
    """The oracle cannot check (bad graph, bad arguments): exit 2."""


class Mismatch(Exception):
    """The program's output is wrong: exit 1."""


# --------------------------------------------------------------------------
# Graphs


class Graph:
    def __init__(self, n, edges, weighted, path):
        self.n = n
        self.edges = edges  # list of (u, v, w); w is None when unweighted
        self.weighted = weighted
        self.path = path
        self.out = [[] for _ in range(n)]
        self.inn = [[] for _ in range(n)]
        for u, v, w in edges:
            self.out[u].append((v, w))
            self.inn[v].append((u, w))

    def out_degree(self, v):
        return len(self.out[v])

    def is_symmetric(self):
        from collections import Counter
        fwd = Counter((u, v) for u, v, _ in self.edges)
        return all(fwd[(v, u)] >= 1 for (u, v) in fwd)


def parse_weight(token):
    """An integer weight stays exact; polyrt also reads floating-point ones."""
    try:
        return int(token)
    except ValueError:
        w = float(token)
        if not math.isfinite(w):
            raise ValueError(token)
        return w


def read_text(path, weighted, symmetrize=False):
    edges = []
    n = 0
    want = 3 if weighted else 2
    header = True  # in the comments before the first edge
    with open(path, "r") as f:
        for lineno, line in enumerate(f, 1):
            s = line.strip()
            if header and s[:1] in ("#", "%"):
                words = s[1:].split()
                if len(words) >= 2 and words[0].lower() == "undirected" and \
                        words[1].lower().startswith("graph"):
                    symmetrize = True
                if len(words) >= 2 and words[0].lower() == "nodes:" and words[1].isdigit():
                    n = max(n, int(words[1]))
            if not s or s[0] in "#%":
                continue
            header = False
            tok = s.split()
            if len(tok) < want:
                raise OracleError("%s:%d: expected %d numbers, got '%s'" % (path, lineno, want, s))
            try:
                u, v = int(tok[0]), int(tok[1])
                w = parse_weight(tok[2]) if weighted else None
            except ValueError:
                raise OracleError("%s:%d: bad token in '%s'" % (path, lineno, s))
            if u < 0 or v < 0:
                raise OracleError("%s:%d: negative vertex id" % (path, lineno))
            edges.append((u, v, w))
            n = max(n, u + 1, v + 1)
    if symmetrize:
        edges += [(v, u, w) for u, v, w in edges if u != v]
    return Graph(n, edges, weighted, path)


def read_serialized(path, weighted):
    with open(path, "rb") as f:
        data = f.read()
    pos = 0

    def take(fmt, count=1):
        nonlocal pos
        size = struct.calcsize("<" + fmt) * count
        if pos + size > len(data):
            raise OracleError("%s: truncated at byte %d (need %d more)" % (path, pos, size))
        vals = struct.unpack_from("<%d%s" % (count, fmt), data, pos)
        pos += size
        return vals

    (directed,) = take("?")
    num_edges, num_nodes = take("q", 2)
    if num_nodes < 0 or num_edges < 0:
        raise OracleError("%s: negative size in header" % path)
    offsets = take("q", num_nodes + 1)
    if offsets[0] != 0 or any(offsets[i] > offsets[i + 1] for i in range(num_nodes)):
        raise OracleError("%s: offsets are not a CSR index" % path)
    m = offsets[-1]
    if m != num_edges:
        raise OracleError("%s: header says %d edges, offsets %d" % (path, num_edges, m))
    if weighted:
        flat = take("i", 2 * m)
        nbrs, wts = flat[0::2], flat[1::2]
    else:
        nbrs, wts = take("i", m), [None] * m
    if directed:  # the in-edges (CSC) follow; read them to catch a short file
        in_offsets = take("q", num_nodes + 1)
        if in_offsets[-1] != m:
            raise OracleError("%s: %d in-edges, %d out-edges" % (path, in_offsets[-1], m))
        take("i", 2 * m if weighted else m)
    if pos != len(data):
        raise OracleError("%s: %d bytes after the graph" % (path, len(data) - pos))
    edges = []
    for u in range(num_nodes):
        for e in range(offsets[u], offsets[u + 1]):
            v = nbrs[e]
            if v < 0 or v >= num_nodes:
                raise OracleError("%s: neighbour %d of vertex %d out of range" % (path, v, u))
            edges.append((u, v, wts[e]))
    return Graph(num_nodes, edges, weighted, path)


def read_graph(path, symmetrize=False):
    ext = os.path.splitext(path)[1]
    if ext in (".el", ".txt"):
        return read_text(path, False, symmetrize)
    if ext == ".wel":
        return read_text(path, True, symmetrize)
    if ext == ".sg":
        return read_serialized(path, False)
    if ext == ".wsg":
        return read_serialized(path, True)
    raise OracleError("%s: unknown graph format '%s' (want .el .wel .txt .sg .wsg)" % (path, ext))


# --------------------------------------------------------------------------
# References


def ref_pr(g):
    n = g.n
    old = [1.0 / n] * n
    beta = (1.0 - DAMP) / n
    for _ in range(PR_ITERATIONS):
        contrib = [old[v] / g.out_degree(v) if g.out_degree(v) else math.inf for v in range(n)]
        new = [0.0] * n
        for u, v, _ in g.edges:
            new[v] += contrib[u]
        old = [beta + DAMP * x for x in new]
    return old


def ref_prdelta(g):
    n = g.n
    cur = [0.0] * n
    ngh = [0.0] * n
    delta = [1.0 / n] * n
    beta = (1.0 - DAMP) / n
    frontier = [True] * n
    for rnd in range(1, PRDELTA_ROUNDS + 1):
        for u, v, _ in g.edges:
            if frontier[u]:
                ngh[v] += delta[u] / g.out_degree(u)
        for v in range(n):
            if rnd == 1:
                delta[v] = DAMP * ngh[v] + beta
                cur[v] += delta[v]
                delta[v] = delta[v] - 1.0 / n
            else:
                delta[v] = ngh[v] * DAMP
                cur[v] += delta[v]
            ngh[v] = 0.0
            frontier[v] = abs(delta[v]) > EPSILON2 * cur[v]
    return cur


def bfs_levels(g, source):
    import networkx as nx
    dg = nx.DiGraph()
    dg.add_nodes_from(range(g.n))
    dg.add_edges_from((u, v) for u, v, _ in g.edges)
    return nx.single_source_shortest_path_length(dg, source)


def ref_sssp(g, source):
    dist = [math.inf] * g.n
    dist[source] = 0
    if all(w >= 0 for _, _, w in g.edges):
        heap = [(0, source)]
        while heap:
            d, u = heapq.heappop(heap)
            if d > dist[u]:
                continue
            for v, w in g.out[u]:
                if d + w < dist[v]:
                    dist[v] = d + w
                    heapq.heappush(heap, (d + w, v))
    else:
        for _ in range(g.n):
            changed = False
            for u, v, w in g.edges:
                if dist[u] + w < dist[v]:
                    dist[v] = dist[u] + w
                    changed = True
            if not changed:
                break
        else:
            raise OracleError("%s: negative cycle reachable from %d" % (g.path, source))
    return [INT_MAX if d == math.inf else d for d in dist]


def ref_cc_min_labels(g):
    """Label propagation's fixed point: the smallest id with a path to v."""
    label = [None] * g.n
    for s in range(g.n):  # ascending: the first source to reach v is the smallest
        if label[s] is not None:
            continue
        label[s] = s
        stack = [s]
        while stack:
            u = stack.pop()
            for v, _ in g.out[u]:
                if label[v] is None:
                    label[v] = s
                    stack.append(v)
    return label


def ref_cc_partition(g):
    """A list giving each vertex a canonical component label (smallest member)."""
    import networkx as nx
    if g.is_symmetric():
        dg = nx.DiGraph()
        dg.add_nodes_from(range(g.n))
        dg.add_edges_from((u, v) for u, v, _ in g.edges)
        label = [None] * g.n
        for comp in nx.weakly_connected_components(dg):
            m = min(comp)
            for v in comp:
                label[v] = m
        return label, "weakly connected components"
    # Not symmetric: the label of v is the smallest id with a path to v.
    return ref_cc_min_labels(g), "smallest id reaching each vertex (graph is not symmetric)"


# --------------------------------------------------------------------------
# Checks


def parse_output(text, n, kind, source_name, per_vertex=1):
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) != n * per_vertex:
        raise Mismatch("%s has %d lines, the graph has %d vertices (%s per vertex expected)"
                       % (source_name, len(lines), n,
                          "one value" if per_vertex == 1 else "%d values" % per_vertex))
    vals = []
    for i, line in enumerate(lines):
        s = line.strip()
        try:
            vals.append(kind(s))
        except ValueError:
            raise Mismatch("%s: line %d (vertex %d): '%s' is not a%s %s"
                           % (source_name, i + 1, i, s, "n" if kind is int else "",
                              "integer" if kind is int else "number"))
    return vals


def fmt(x):
    return repr(x) if isinstance(x, float) else str(x)


def compare_floats(expected, got, tol, what, rel=0.0, per_vertex=1):
    bad = [v for v in range(len(expected))
           if not (abs(got[v] - expected[v]) <= tol + (rel + PRINT_REL) * abs(expected[v]))]
    if bad:
        v = bad[0]
        where = "vertex %d" % v if per_vertex == 1 else \
            "vertex %d, value %d" % (v // per_vertex, v % per_vertex)
        limit = "tolerance %g" % tol if not rel else "relative tolerance %g" % rel
        raise Mismatch("%s: %s: expected %s, got %s (|diff| %.3g > %s); "
                       "%d of %d %s differ"
                       % (what, where, fmt(expected[v]), fmt(got[v]), abs(got[v] - expected[v]),
                          limit, len(bad), len(expected),
                          "vertices" if per_vertex == 1 else "values"))


def compare_exact(expected, got, what):
    bad = [v for v in range(len(expected)) if expected[v] != got[v]]
    if bad:
        v = bad[0]
        raise Mismatch("%s: vertex %d: expected %s, got %s; %d of %d vertices differ"
                       % (what, v, expected[v], got[v], len(bad), len(expected)))


def check_bfs(g, source, parent):
    level = bfs_levels(g, source)
    if parent[source] != source:
        raise Mismatch("bfs: vertex %d: the source must be its own parent, got %d"
                       % (source, parent[source]))
    for v in range(g.n):
        p = parent[v]
        if v == source:
            continue
        if v not in level:
            if p != -1:
                raise Mismatch("bfs: vertex %d: unreachable from %d, expected parent -1, got %d"
                               % (v, source, p))
            continue
        if p == -1:
            raise Mismatch("bfs: vertex %d: reachable from %d (level %d), got parent -1"
                           % (v, source, level[v]))
        if p < 0 or p >= g.n or all(u != p for u, _ in g.inn[v]):
            raise Mismatch("bfs: vertex %d: parent %d is not an in-neighbour (no edge %d->%d)"
                           % (v, p, p, v))
        if level.get(p) != level[v] - 1:
            raise Mismatch("bfs: vertex %d: level %d, its parent %d has level %s, expected %d"
                           % (v, level[v], p, level.get(p), level[v] - 1))


def check_partition(expected, got, how):
    fwd, back = {}, {}
    for v in range(len(expected)):
        e, l = expected[v], got[v]
        if e in fwd and fwd[e] != l:
            u = next(x for x in range(v) if expected[x] == e)
            raise Mismatch("cc: vertex %d: same component as vertex %d (%s), but labelled %d "
                           "and %d" % (v, u, how, l, got[u]))
        if l in back and back[l] != e:
            u = next(x for x in range(v) if got[x] == l)
            raise Mismatch("cc: vertex %d: different component from vertex %d (%s), but both "
                           "labelled %d" % (v, u, how, l))
        fwd[e], back[l] = l, e


def check_more(algo, g, text, name, args):
    """The algorithms of more_algorithms.py: parse, then compare or check."""
    spec = more_algorithms.ALGORITHMS[algo]
    if spec.single:
        lines = text.split()
        if len(lines) != 1:
            raise Mismatch("%s holds %d values, expected one for the whole graph"
                           % (name, len(lines)))
    got = parse_output(text, 1 if spec.single else g.n, spec.kind, name,
                       spec.values_per_vertex)
    if spec.checker:
        problem = spec.checker(g, got, args)
        if problem:
            raise Mismatch("%s: %s" % (algo, problem))
        return more_algorithms.SUMMARIES[algo](g, got)
    expected = spec.reference(g, args)
    if spec.single:
        if expected != got:
            raise Mismatch("%s: expected %s, got %s" % (algo, expected[0], got[0]))
        return "%s = %s" % (algo, got[0])
    if spec.kind is int:
        compare_exact(expected, got, algo)
    else:
        tol = args.tolerance if args.tolerance is not None else more_algorithms.TOLERANCE[algo]
        compare_floats(expected, got, tol, algo, more_algorithms.REL_TOLERANCE.get(algo, 0.0),
                       spec.values_per_vertex)
    return None


def expected_values(algo, g, source):
    if algo == "pr":
        return ref_pr(g)
    if algo == "prdelta":
        return ref_prdelta(g)
    if algo == "sssp":
        return ref_sssp(g, source)
    if algo == "cc":
        return ref_cc_partition(g)[0]
    if algo == "bfs":  # one valid tree
        level = bfs_levels(g, source)
        parent = [-1] * g.n
        for v in level:
            if v == source:
                parent[v] = source
            else:
                parent[v] = min(u for u, _ in g.inn[v] if level.get(u) == level[v] - 1)
        return parent
    raise AssertionError(algo)


def main(argv):
    ap = argparse.ArgumentParser(description="Check an example program's output.")
    ap.add_argument("algo", choices=["pr", "prdelta", "bfs", "sssp", "cc"] +
                    sorted(more_algorithms.ALGORITHMS))
    ap.add_argument("graph")
    ap.add_argument("output", nargs="?", help="the program's output file, or - for stdin")
    ap.add_argument("--source", type=int, default=0,
                    help="start vertex (bfs, sssp, bc), first source (bc_multi)")
    ap.add_argument("--count", type=int, default=1, help="number of sources (bc_multi)")
    ap.add_argument("--target", type=int, default=None,
                    help="ppsp: the vertex whose distance from --source is printed")
    ap.add_argument("--tolerance", type=float, default=None,
                    help="absolute tolerance for floating-point outputs (default 1e-6 for "
                         "pr and prdelta, more_algorithms.TOLERANCE for the others)")
    ap.add_argument("--exact-labels", action="store_true",
                    help="cc: labels must be label propagation's own (the smallest id "
                         "reaching each vertex), not just the same partition")
    ap.add_argument("--symmetrize", action="store_true",
                    help="read a text graph with every edge also reversed, as "
                         "POLYRT_SYMMETRIZE=1 has polyrt load it")
    ap.add_argument("--print-expected", action="store_true",
                    help="print the reference answer instead of checking")
    args = ap.parse_args(argv)
    prog = "check.py %s" % args.algo
    try:
        g = read_graph(args.graph, args.symmetrize)
        if g.n == 0:
            raise OracleError("%s: the graph has no vertex" % args.graph)
        if args.algo in ("bfs", "sssp") and not 0 <= args.source < g.n:
            raise OracleError("source %d is not a vertex of %s (%d vertices)"
                              % (args.source, args.graph, g.n))
        if args.algo == "sssp" and not g.weighted:
            raise OracleError("sssp needs a weighted graph (.wel, .wsg), got %s" % args.graph)
        more = more_algorithms.ALGORITHMS.get(args.algo)
        if args.print_expected:
            if more and not more.reference:
                raise OracleError("%s has no single right answer to print" % args.algo)
            values = more.reference(g, args) if more else \
                expected_values(args.algo, g, args.source)
            for x in values:
                print(x)
            return 0
        if args.output is None:
            raise OracleError("no program output given")
        if args.output == "-":
            text, name = sys.stdin.read(), "<stdin>"
        else:
            with open(args.output, "r") as f:
                text, name = f.read(), args.output
        summary = None
        if more:
            summary = check_more(args.algo, g, text, name, args)
        else:
            kind = float if args.algo in ("pr", "prdelta") else int
            got = parse_output(text, g.n, kind, name)
        if more:
            pass  # checked above
        elif args.algo in ("pr", "prdelta"):
            tol = args.tolerance if args.tolerance is not None else DEFAULT_TOLERANCE[args.algo]
            compare_floats(expected_values(args.algo, g, args.source), got, tol, args.algo)
        elif args.algo == "sssp":
            compare_exact(ref_sssp(g, args.source), got, "sssp")
        elif args.algo == "bfs":
            check_bfs(g, args.source, got)
        else:
            expected, how = ref_cc_partition(g)
            check_partition(expected, got, how)
            if args.exact_labels:
                compare_exact(ref_cc_min_labels(g), got, "cc (exact labels)")
    except Mismatch as e:
        sys.stderr.write("%s: error: wrong output for %s: %s\n" % (prog, args.graph, e))
        return 1
    except (OracleError, more_algorithms.CannotCheck, OSError) as e:
        sys.stderr.write("%s: error: cannot check: %s\n" % (prog, e))
        return 2
    print("%s: ok: %s, %d vertices%s" % (prog, os.path.basename(args.graph), g.n,
                                         ", " + summary if summary else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
