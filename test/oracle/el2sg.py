#!/usr/bin/env python3
"""Writes a text edge list as a GAPBS serialized graph, for tests.

    el2sg.py IN.el OUT.sg   [--undirected] [--truncate N] [--bad-neighbor] [--unsorted]
                            [--asymmetric] [--bad-in-edges source|target|weight]
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
--asymmetric  with --undirected: leave out the reverse of the first edge that
              is not a self-loop (the file says undirected, but the first edge
              u->v has no v->u), for bad-input tests
--bad-in-edges KIND  directed: the in-edge (CSC) copy of the first edge u->v
              is wrong, the in-edges no longer the out-edges' transpose, for
              bad-input tests. source: it names (u+1) mod n as its source
              (every degree still right); target: it is stored in the list of
              (v+1) mod n instead of v's (two in-degrees wrong); weight (.wsg):
              it has weight w+1

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
    ap.add_argument("--asymmetric", action="store_true")
    ap.add_argument("--bad-in-edges", choices=["source", "target", "weight"])
    args = ap.parse_args(argv)
    if args.asymmetric and not args.undirected:
        ap.error("--asymmetric needs --undirected")
    if args.bad_in_edges and args.undirected:
        ap.error("--bad-in-edges needs a directed graph (an undirected one stores no in-edges)")
    weighted = os.path.splitext(args.output)[1] == ".wsg"
    n, edges = read_edges(args.input, os.path.splitext(args.input)[1] == ".wel")
    if args.undirected:
        mirrored = [(v, u, w) for u, v, w in edges if u != v]
        if args.asymmetric:
            mirrored = mirrored[1:]
        edges = edges + mirrored
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
        reverse = [(v, u, w) for u, v, w in edges]
        if args.bad_in_edges and reverse:
            v, u, w = reverse[0]
            if args.bad_in_edges == "source":
                reverse[0] = (v, (u + 1) % n, w)
            elif args.bad_in_edges == "target":
                reverse[0] = ((v + 1) % n, u, w)
            else:
                reverse[0] = (v, u, w + 1)
        in_offsets, in_flat = csr(n, reverse, args.unsorted)
        data += body(in_offsets, in_flat)
    if args.truncate:
        data = data[:-args.truncate]
    with open(args.output, "wb") as f:
        f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
