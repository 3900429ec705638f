#!/usr/bin/env python3
"""Writes a test graph (.el or .wel) in another format, independently of polyrt.

graph_formats.py FORMAT INPUT OUTPUT
  txt       SNAP: '#' header lines, tab-separated ids (and weights)
  edgelist  NetworkX's write_edgelist of a MultiDiGraph: 'u v {}' or
            "u v {'weight': w}" (every edge, duplicates and self-loops too)
  mtx       Matrix Market coordinate general (pattern or integer), 1-based
  gr        DIMACS shortest paths: 'p sp N M', 'a U V W', 1-based
  skew      OUTPUT.mtx, a real skew-symmetric matrix of the input's distinct
            off-diagonal pairs (each once, below the diagonal, weight 1), and
            OUTPUT.el, the same graph as an edge list (both directions)
"""
import sys


def read(path):
    weighted = path.endswith(".wel")
    edges = []
    for line in open(path):
        t = line.split()
        if not t or t[0][0] in "#%":
            continue
        edges.append((int(t[0]), int(t[1]), t[2] if weighted else None))
    n = max([max(u, v) for u, v, _ in edges], default=-1) + 1
    return n, edges, weighted


def main(fmt, src, out):
    n, edges, weighted = read(src)
    if fmt == "txt":
        with open(out, "w") as f:
            f.write("# Directed graph: %s\n# Nodes: %d Edges: %d\n" % (src, n, len(edges)))
            f.write("# FromNodeId\tToNodeId%s\n" % ("\tWeight" if weighted else ""))
            for u, v, w in edges:
                f.write("%d\t%d%s\n" % (u, v, "\t" + w if weighted else ""))
    elif fmt == "edgelist":
        import networkx as nx
        g = nx.MultiDiGraph()
        for u, v, w in edges:
            if weighted:
                g.add_edge(u, v, weight=int(w))
            else:
                g.add_edge(u, v)
        nx.write_edgelist(g, out)
    elif fmt == "mtx":
        with open(out, "w") as f:
            f.write("%%%%MatrixMarket matrix coordinate %s general\n%% from %s\n"
                    % ("integer" if weighted else "pattern", src))
            f.write("%d %d %d\n" % (n, n, len(edges)))
            for u, v, w in edges:
                f.write("%d %d%s\n" % (u + 1, v + 1, " " + w if weighted else ""))
    elif fmt == "gr":
        with open(out, "w") as f:
            f.write("c from %s\np sp %d %d\n" % (src, n, len(edges)))
            for u, v, w in edges:
                f.write("a %d %d %s\n" % (u + 1, v + 1, w if weighted else "1"))
    elif fmt == "skew":
        pairs = sorted({(max(u, v), min(u, v)) for u, v, _ in edges if u != v})
        m = max([i for i, _ in pairs], default=-1) + 1
        with open(out + ".mtx", "w") as f:
            f.write("%%MatrixMarket matrix coordinate real skew-symmetric\n")
            f.write("%d %d %d\n" % (m, m, len(pairs)))
            for i, j in pairs:
                f.write("%d %d 1.0\n" % (i + 1, j + 1))
        with open(out + ".el", "w") as f:
            for i, j in pairs:
                f.write("%d %d\n%d %d\n" % (i, j, j, i))
    else:
        sys.exit("unknown format " + fmt)


if __name__ == "__main__":
    main(*sys.argv[1:])
