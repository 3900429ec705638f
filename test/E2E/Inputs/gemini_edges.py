"""Prints a graph's edges, one "u v" or "u v w" line each, sorted: from a text
edge list (.el, .wel) or from Gemini's binary edge list (packed uint32 pairs;
with --weighted, each followed by a float32 weight), read independently of
polyrt.
usage: gemini_edges.py el FILE | gemini_edges.py gemini FILE [--weighted]"""
import struct
import sys


def from_el(path):
    edges = []
    for line in open(path):
        fields = line.split("#")[0].split()
        if len(fields) >= 2:
            edges.append(tuple([int(fields[0]), int(fields[1])] + [float(w) for w in fields[2:3]]))
    return edges


def from_gemini(path, weighted):
    data = open(path, "rb").read()
    record = "<IIf" if weighted else "<II"
    size = struct.calcsize(record)
    assert len(data) % size == 0, "the file is whole records of %d bytes" % size
    return [struct.unpack_from(record, data, at) for at in range(0, len(data), size)]


kind, path = sys.argv[1], sys.argv[2]
edges = from_el(path) if kind == "el" else from_gemini(path, "--weighted" in sys.argv[3:])
for e in sorted(edges):
    print(" ".join(("%g" % x) if isinstance(x, float) else str(x) for x in e))
