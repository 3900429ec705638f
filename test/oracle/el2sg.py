#!/usr/bin/env python3
"""Writes a text edge list as a GAPBS serialized graph, for tests.

    el2sg.py IN.el OUT.sg   [--undirected] [--truncate N] [--bad-neighbor] [--unsorted]
    el2sg.py IN.wel OUT.wsg ...

Format (GAPBS): bool directed (1 byte), int64 num_edges, int64 num_nodes,
int64 offsets[num_nodes+1], num_edges int32 neighbours (.sg) or
{int32 v, int32 w} pairs (.wsg); when directed the in-edges (offsets and
neighbours) follow. num_edges counts the neighbour entries. Every edge is kept
as given (self-loops, duplicates); neighbour lists are sorted by id.

--undirected  store each edge in both directions (self-loops once), directed=0
--truncate N  drop the last N bytes (a truncated file, for bad-input tests)
--bad-neighbor  make the last out-neighbour num_nodes + 7 (an id beyond the
                declared vertex count, for bad-input tests)
--unsorted    write every neighbour list (out and in) in descending order, as
              a writer other than GAPBS might (polyrt must sort them)

Shares no code with polyrt: this is what the tests compare polyrt's loader to.
"""

import argparse
import os
import struct
import sys


def read_edges(path, weighted):
    edges, n = [], 0
    with open(path) as f:
        for line in f:
            s = line.strip()
            if not s or s[0] in "#%":
                continue
            tok = s.split()
            u, v = int(tok[0]), int(tok[1])
            w = int(tok[2]) if weighted else 0
            edges.append((u, v, w))
            n = max(n, u + 1, v + 1)
    return n, edges


def csr(n, edges, descending=False):
    lists = [[] for _ in range(n)]
    for u, v, w in edges:
        lists[u].append((v, w))
    offsets, flat = [0], []
    for l in lists:
        l.sort(key=lambda e: e[0], reverse=descending)
        flat.extend(l)
        offsets.append(len(flat))
    return offsets, flat


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--undirected", action="store_true")
    ap.add_argument("--truncate", type=int, default=0)
    ap.add_argument("--bad-neighbor", action="store_true")
    ap.add_argument("--unsorted", action="store_true")
    args = ap.parse_args(argv)
    weighted = os.path.splitext(args.output)[1] == ".wsg"
    n, edges = read_edges(args.input, os.path.splitext(args.input)[1] == ".wel")
    if args.undirected:
        edges = edges + [(v, u, w) for u, v, w in edges if u != v]
    offsets, flat = csr(n, edges, args.unsorted)
    if args.bad_neighbor:
        v, w = flat[-1]
        flat[-1] = (n + 7, w)

    def body(offsets, flat):
        out = struct.pack("<%dq" % len(offsets), *offsets)
        if weighted:
            out += b"".join(struct.pack("<ii", v, w) for v, w in flat)
        else:
            out += struct.pack("<%di" % len(flat), *[v for v, _ in flat])
        return out

    data = struct.pack("<?qq", not args.undirected, len(flat), n) + body(offsets, flat)
    if not args.undirected:
        in_offsets, in_flat = csr(n, [(v, u, w) for u, v, w in edges], args.unsorted)
        data += body(in_offsets, in_flat)
    if args.truncate:
        data = data[:-args.truncate]
    with open(args.output, "wb") as f:
        f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
