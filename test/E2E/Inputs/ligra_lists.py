"""Prints a graph's out-lists, one "u: v v ..." line per vertex, sorted: from
an edge list (.el) or from Ligra's binary format (BASE.config, BASE.adj,
BASE.idx, 32-bit), read independently of polyrt.
usage: ligra_lists.py el FILE | ligra_lists.py ligra BASE"""
import struct
import sys


def from_el(path):
    lists, n = {}, 0
    for line in open(path):
        line = line.split("#")[0].split()
        if len(line) < 2:
            continue
        u, v = int(line[0]), int(line[1])
        lists.setdefault(u, []).append(v)
        n = max(n, u + 1, v + 1)
    return n, lists


def from_ligra(base):
    n = int(open(base + ".config").read())
    adj = open(base + ".adj", "rb").read()
    idx = open(base + ".idx", "rb").read()
    m = len(adj) // 4
    assert len(idx) == 4 * n, "the .idx file holds one 32-bit offset per vertex"
    edges = struct.unpack("<%dI" % m, adj)
    starts = list(struct.unpack("<%dI" % n, idx)) + [m]
    return n, {u: list(edges[starts[u]:starts[u + 1]]) for u in range(n)}


kind, path = sys.argv[1], sys.argv[2]
n, lists = from_el(path) if kind == "el" else from_ligra(path)
for u in range(n):
    print("%d: %s" % (u, " ".join(map(str, sorted(lists.get(u, []))))))
