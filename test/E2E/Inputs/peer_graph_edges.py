"""Prints the edges of a graph written for GBBS or Galois, one "u v" or
"u v w" line each, sorted, read independently of polyrt: GBBS's and Ligra's
AdjacencyGraph text (.adj; WeightedAdjacencyGraph .wadj) or Galois's binary
graph, version 1 (.galois; .wgalois with uint32 weights). Checks the
header, the counts, the offsets and Galois's padding; exits non-zero on a
malformed file.
usage: peer_graph_edges.py adj|galois FILE"""
import struct
import sys


def from_adj(path):
    words = open(path).read().split()
    header, n, m = words[0], int(words[1]), int(words[2])
    weighted = header == "WeightedAdjacencyGraph"
    assert header in ("AdjacencyGraph", "WeightedAdjacencyGraph"), header
    assert len(words) == 3 + n + m * (2 if weighted else 1), "n + m (+ m) numbers"
    offsets = [int(w) for w in words[3:3 + n]] + [m]
    targets = [int(w) for w in words[3 + n:3 + n + m]]
    weights = [float(w) for w in words[3 + n + m:]] if weighted else None
    assert offsets[0] == 0 and offsets == sorted(offsets), "offsets from 0, non-decreasing"
    edges = []
    for u in range(n):
        for e in range(offsets[u], offsets[u + 1]):
            edges.append((u, targets[e]) + ((weights[e],) if weighted else ()))
    return edges


def from_galois(path):
    data = open(path, "rb").read()
    version, edge_bytes, n, m = struct.unpack_from("<4Q", data, 0)
    assert version == 1 and edge_bytes in (0, 4), (version, edge_bytes)
    ends = struct.unpack_from("<%dQ" % n, data, 32)
    at = 32 + 8 * n
    targets = struct.unpack_from("<%dI" % m, data, at)
    at += 4 * m + 4 * (m % 2)  # (padding to 8 bytes)
    weights = struct.unpack_from("<%dI" % m, data, at) if edge_bytes else None
    assert len(data) == at + edge_bytes * m, "nothing after the edge data"
    assert list(ends) == sorted(ends) and (n == 0 or ends[-1] == m), "list ends up to m"
    edges, begin = [], 0
    for u in range(n):
        for e in range(begin, ends[u]):
            edges.append((u, targets[e]) + ((float(weights[e]),) if edge_bytes else ()))
        begin = ends[u]
    return edges


kind, path = sys.argv[1], sys.argv[2]
edges = from_adj(path) if kind == "adj" else from_galois(path)
for e in sorted(edges):
    print(" ".join(("%g" % x) if isinstance(x, float) else str(x) for x in e))
