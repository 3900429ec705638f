"""Reference answers for the later examples (cc_sv, cc_afforest, cf, bc, bc_multi, tc, kcore,
spmv, bp, eigenvector, coloring, ppsp, set_cover), used by check.py.

Like check.py this shares no code with polyc or polyrt: each reference is plain
Python (or NetworkX where it has the algorithm) over check.py's Graph (n, edges
as (u, v, w) triples in file order, out/inn adjacency lists with one entry per
edge, is_symmetric()). Each ALGORITHMS entry says how the program prints its
answer and how check.py compares it; check.py's docstring says what "right"
means for each.

Floating-point tolerances. The programs sum in whatever order the schedule
visits the edges (push, pull, several threads), so a sum of k terms may differ
from the reference's by a few units in the last place times k. The examples
iterate at most 30 times and normalise (bp, eigenvector) or damp (cf, step
1e-3) what they iterate, so such differences stay below 1e-12 relative; spmv
does not normalise, and its values grow large (1e5 on the test graphs, far
more on Kronecker graphs), hence also a relative tolerance there; its absolute
one covers values that cancel to about 0 (negative weights). TOLERANCE (absolute) and REL_TOLERANCE are far above that and
far below the effect of any real mistake (a missing or doubled edge moves a
value by more than 1e-3 on the test graphs). check.py adds the 6-significant-
digit rounding of std::cout on top.
"""

import collections
import heapq

CF_K = 20
CF_ITERATIONS = 10
CF_STEP = 0.001
CF_LAMBDA = 0.001
SPMV_ITERATIONS = 4
BP_ITERATIONS = 10
EIGEN_ITERATIONS = 30

TOLERANCE = {"cf": 1e-9, "bc": 1e-9, "bc_multi": 1e-9, "spmv": 1e-9, "bp": 1e-9,
             "eigenvector": 1e-9}
REL_TOLERANCE = {"spmv": 1e-9}


class CannotCheck(Exception):
    """The oracle cannot check this graph (check.py exits 2)."""


Spec = collections.namedtuple("Spec", "kind values_per_vertex single reference checker")
# kind: int or float, the type of each printed value.
# values_per_vertex: lines per vertex (cf prints a whole latent vector).
# single: the program prints one value for the whole graph (tc).
# reference(g, args) -> expected values, compared exactly (int) or within the
#   tolerance (float); or checker(g, got, args) -> None when right, else the
#   reason it is wrong.


# --------------------------------------------------------------------------
# Graph properties


def duplicate_edge(g):
    """An edge (u, v) that appears more than once, or None."""
    seen = set()
    for u, v, _ in g.edges:
        if (u, v) in seen:
            return (u, v)
        seen.add((u, v))
    return None


def need_symmetric(g, algo):
    if not g.is_symmetric():
        raise CannotCheck("%s needs a symmetric graph (every edge in both directions); %s is "
                          "not" % (algo, g.path))


def need_weights(g, algo):
    if not g.weighted:
        raise CannotCheck("%s needs a weighted graph (.wel, .wsg), got %s" % (algo, g.path))


def nx_digraph(g):
    import networkx as nx
    dg = nx.DiGraph()
    dg.add_nodes_from(range(g.n))
    dg.add_edges_from((u, v) for u, v, _ in g.edges)
    return dg


def nx_simple_graph(g):
    """The undirected simple graph of a symmetric graph, without self-loops."""
    import networkx as nx
    ug = nx.Graph()
    ug.add_nodes_from(range(g.n))
    ug.add_edges_from((u, v) for u, v, _ in g.edges if u != v)
    return ug


# --------------------------------------------------------------------------
# References


def ref_cc_sv(g, args):
    """The smallest vertex id of each weakly connected component (NetworkX)."""
    import networkx as nx
    label = [None] * g.n
    for comp in nx.weakly_connected_components(nx_digraph(g)):
        m = min(comp)
        for v in comp:
            label[v] = m
    return label


def ref_cc_afforest(g, args):
    """cc_sv's answer; Afforest skips the largest component's edges, which is
    only sound on a symmetric graph."""
    need_symmetric(g, "cc_afforest")
    return ref_cc_sv(g, args)


def ref_cf(g, args):
    need_weights(g, "cf")
    n, k = g.n, CF_K
    latent = [[0.5 + 0.01 * ((v + i) % 7) for i in range(k)] for v in range(n)]
    for _ in range(CF_ITERATIONS):
        error = [[0.0] * k for _ in range(n)]
        for u, v, rating in g.edges:
            estimate = sum(latent[u][i] * latent[v][i] for i in range(k))
            err = rating - estimate
            for i in range(k):
                error[v][i] += latent[u][i] * err
        for v in range(n):
            for i in range(k):
                latent[v][i] += CF_STEP * (-CF_LAMBDA * latent[v][i] + error[v][i])
    return [x for vec in latent for x in vec]


def brandes(g, s):
    """Brandes' dependencies delta_s(v) with one path step per edge entry
    (duplicate edges are distinct paths; self-loops never lie on a shortest
    path). delta_s(s) is the number of other vertices s reaches."""
    dist = [-1] * g.n
    sigma = [0] * g.n
    dist[s], sigma[s] = 0, 1
    order = [s]
    i = 0
    while i < len(order):
        u = order[i]
        i += 1
        for v, _ in g.out[u]:
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                order.append(v)
            if dist[v] == dist[u] + 1:
                sigma[v] += sigma[u]
    delta = [0.0] * g.n
    for v in reversed(order):
        for w, _ in g.out[v]:
            if dist[w] == dist[v] + 1:
                delta[v] += sigma[v] / sigma[w] * (1.0 + delta[w])
    return delta, sum(1 for d in dist if d >= 0) - 1


def check_source(g, args, count=1):
    if count < 1:
        raise CannotCheck("--count must be at least 1, got %d" % count)
    if not (0 <= args.source and args.source + count <= g.n):
        raise CannotCheck("sources %d..%d are not all vertices of %s (%d vertices)"
                          % (args.source, args.source + count - 1, g.path, g.n))


def ref_bc(g, args):
    """NetworkX's single-source betweenness (subset betweenness from {source} to
    every vertex, unnormalised) when the graph has no duplicate edge, for every
    vertex but the source; the source's own dependency is the number of other
    vertices it reaches. With duplicate edges, plain Brandes counting them."""
    check_source(g, args)
    s = args.source
    delta, reached = brandes(g, s)
    if duplicate_edge(g) is None:
        import networkx as nx
        bc = nx.betweenness_centrality_subset(nx_digraph(g), sources=[s], targets=list(range(g.n)),
                                              normalized=False)
        delta = [bc[v] for v in range(g.n)]
    delta[s] = float(reached)
    return delta


def ref_bc_multi(g, args):
    """Betweenness from sources source..source+count-1 to every vertex
    (NetworkX's subset betweenness, unnormalised, without duplicate edges;
    plain Brandes counting them otherwise)."""
    check_source(g, args, args.count)
    sources = list(range(args.source, args.source + args.count))
    if duplicate_edge(g) is None:
        import networkx as nx
        bc = nx.betweenness_centrality_subset(nx_digraph(g), sources=sources,
                                              targets=list(range(g.n)), normalized=False)
        return [bc[v] for v in range(g.n)]
    total = [0.0] * g.n
    for s in sources:
        delta, _ = brandes(g, s)
        for v in range(g.n):
            if v != s:
                total[v] += delta[v]
    return total


def ref_tc(g, args):
    """The number of triangles (NetworkX), on a symmetric graph without
    duplicate edges; self-loops are not part of any triangle."""
    need_symmetric(g, "tc")
    dup = duplicate_edge(g)
    if dup is not None:
        raise CannotCheck("tc needs a graph without duplicate edges; %s has %d->%d twice"
                          % (g.path, dup[0], dup[1]))
    import networkx as nx
    return [sum(nx.triangles(nx_simple_graph(g)).values()) // 3]


def ref_ppsp(g, args):
    """ppsp.gt and astar_grid.gt: the length of a shortest path from --source to
    --target (Dijkstra with a heap; weights must not be negative), 2147483647
    when the target is unreachable."""
    if args.target is None or not 0 <= args.target < g.n:
        raise CannotCheck("ppsp needs --target, a vertex of the graph")
    if not g.weighted or any(w < 0 for _, _, w in g.edges):
        raise CannotCheck("ppsp needs a weighted graph without negative weights")
    out = [[] for _ in range(g.n)]
    for u, v, w in g.edges:
        out[u].append((v, w))
    dist = {args.source: 0}
    heap = [(0, args.source)]
    while heap:
        d, u = heapq.heappop(heap)
        if u == args.target:
            return [d]
        if d > dist[u]:
            continue
        for v, w in out[u]:
            if d + w < dist.get(v, float("inf")):
                dist[v] = d + w
                heapq.heappush(heap, (d + w, v))
    return [2147483647]


def ref_kcore(g, args):
    """Coreness on a symmetric graph, self-loops not counted: NetworkX's
    core_number without duplicate edges; with them (a duplicate edge counts
    as many times as it appears in the degree), plain peeling."""
    need_symmetric(g, "kcore")
    if duplicate_edge(g) is None:
        import networkx as nx
        core = nx.core_number(nx_simple_graph(g))
        return [core[v] for v in range(g.n)]
    degree = [sum(1 for w, _ in g.out[v] if w != v) for v in range(g.n)]
    alive = [True] * g.n
    core = [0] * g.n
    remaining, k = g.n, 0
    while remaining:
        stack = [v for v in range(g.n) if alive[v] and degree[v] <= k]
        for v in stack:
            alive[v] = False
        while stack:
            v = stack.pop()
            core[v] = k
            remaining -= 1
            for w, _ in g.out[v]:
                if alive[w]:
                    degree[w] -= 1
                    if degree[w] <= k:
                        alive[w] = False
                        stack.append(w)
        k += 1
    return core


def ref_spmv(g, args):
    need_weights(g, "spmv")
    x = [1.0 / (v + 1) for v in range(g.n)]
    for _ in range(SPMV_ITERATIONS):
        y = [0.0] * g.n
        for u, v, w in g.edges:
            y[v] += x[u] * w
        x = y
    return x


def ref_bp(g, args):
    need_weights(g, "bp")
    prior = []
    for v in range(g.n):
        p = 0.55 + 0.1 * (v % 4)
        prior.append([p, 1.0 - p] if v % 2 == 0 else [1.0 - p, p])
    belief = [list(b) for b in prior]
    for _ in range(BP_ITERATIONS):
        product = [[1.0, 1.0] for _ in range(g.n)]
        for u, v, w in g.edges:
            same = 1.0 + 1.0 / (10.0 * w)
            m0 = same * belief[u][0] + belief[u][1]
            m1 = belief[u][0] + same * belief[u][1]
            largest = max(m0, m1)
            product[v][0] *= m0 / largest
            product[v][1] *= m1 / largest
        for v in range(g.n):
            b = [prior[v][s] * product[v][s] for s in range(2)]
            total = b[0] + b[1]
            belief[v] = [b[0] / total, b[1] / total]
    return [b[0] for b in belief]


def ref_eigenvector(g, args):
    """Power iteration on A + I from x = 1/n with Euclidean normalisation,
    EIGEN_ITERATIONS times: NetworkX's eigenvector_centrality iteration (which
    also counts each neighbour once, here every edge entry counts), stopped
    after a fixed count instead of at convergence."""
    x = [1.0 / g.n] * g.n
    for _ in range(EIGEN_ITERATIONS):
        y = list(x)
        for u, v, _ in g.edges:
            y[v] += x[u]
        norm = sum(t * t for t in y) ** 0.5
        x = [t / norm for t in y]
    return x


def check_coloring(g, colors, args):
    """A proper colouring: every vertex has a colour c >= 0, no edge joins two
    distinct vertices of the same colour, and, as any first-fit colouring,
    c(v) is at most the number of distinct neighbours of v."""
    neighbours = [set() for _ in range(g.n)]
    for u, v, _ in g.edges:
        if u != v:
            neighbours[u].add(v)
            neighbours[v].add(u)
    for v, c in enumerate(colors):
        if c < 0:
            return "vertex %d has no colour (%d)" % (v, c)
        if c > len(neighbours[v]):
            return ("vertex %d has colour %d, more than its %d distinct neighbours "
                    "(a greedy colour is the smallest one no neighbour has)"
                    % (v, c, len(neighbours[v])))
    for u, v, _ in g.edges:
        if u != v and colors[u] == colors[v]:
            return "edge %d->%d joins two vertices of colour %d" % (u, v, colors[u])
    return None


def summary_coloring(g, colors):
    return "%d colours" % (max(colors) + 1 if colors else 0)



SET_COVER_EPSILON = 0.01  # examples/set_cover.gt's epsilon


def _neighbour_sets(g):
    """Each vertex's set: the distinct vertices it has an edge to."""
    sets = [set() for _ in range(g.n)]
    for u, v, _ in g.edges:
        sets[u].add(v)
    return sets


def _greedy_cover_size(sets, universe):
    """The sequential greedy cover's size (at least the fewest sets possible)."""
    left, size = set(universe), 0
    while left:
        best = max(range(len(sets)), key=lambda s: len(sets[s] & left))
        left -= sets[best]
        size += 1
    return size


def check_set_cover(g, chosen, args):
    """A cover: every vertex that some set holds (a neighbour of some vertex)
    is in a chosen set; each value 0 or 1; and no more sets than the
    algorithm's bound, (1 + epsilon) H(max set size) times the fewest possible,
    checked against the greedy cover (which is at least the fewest)."""
    sets = _neighbour_sets(g)
    for v, c in enumerate(chosen):
        if c not in (0, 1):
            return "vertex %d prints %d, not 0 or 1" % (v, c)
    covered = set()
    for s, c in enumerate(chosen):
        if c:
            covered |= sets[s]
    universe = set().union(*sets) if sets else set()
    missing = sorted(universe - covered)
    if missing:
        return "vertex %d is in no chosen set (%d uncovered)" % (missing[0], len(missing))
    largest = max((len(s) for s in sets), default=0)
    harmonic = sum(1.0 / k for k in range(1, largest + 1))
    greedy = _greedy_cover_size(sets, universe)
    bound = (1 + SET_COVER_EPSILON) * harmonic * greedy
    if sum(chosen) > bound + 1e-9:
        return "%d sets, more than the bound %.1f ((1+eps) H(%d) x greedy's %d)" % (
            sum(chosen), bound, largest, greedy)
    return None


def summary_set_cover(g, chosen):
    return "%d sets" % sum(chosen)


ALGORITHMS = {
    "cc_sv": Spec(int, 1, False, ref_cc_sv, None),
    "cc_afforest": Spec(int, 1, False, ref_cc_afforest, None),
    "cf": Spec(float, CF_K, False, ref_cf, None),
    "bc": Spec(float, 1, False, ref_bc, None),
    "bc_multi": Spec(float, 1, False, ref_bc_multi, None),
    "tc": Spec(int, 1, True, ref_tc, None),
    "ppsp": Spec(int, 1, True, ref_ppsp, None),
    "kcore": Spec(int, 1, False, ref_kcore, None),
    "spmv": Spec(float, 1, False, ref_spmv, None),
    "bp": Spec(float, 1, False, ref_bp, None),
    "eigenvector": Spec(float, 1, False, ref_eigenvector, None),
    "coloring": Spec(int, 1, False, None, check_coloring),
    "set_cover": Spec(int, 1, False, None, check_set_cover),
}
# What check.py adds to "ok" for the checked (not compared) algorithms.
SUMMARIES = {"coloring": summary_coloring, "set_cover": summary_set_cover}
