#!/usr/bin/env python3
"""Runs a program compiled without a schedule and the same program compiled
with others on each graph, and fails, showing the first difference, unless
every run prints exactly the same. For test programs whose output does not
depend on the order of parallel updates (no oracle knows what they compute).

usage: same_output.py BASE OTHER... -- GRAPH...
"""
import subprocess
import sys


def main():
    args = sys.argv[1:]
    if "--" not in args:
        sys.exit(__doc__)
    split = args.index("--")
    programs, graphs = args[:split], args[split + 1:]
    if len(programs) < 2 or not graphs:
        sys.exit(__doc__)
    for graph in graphs:
        outputs = [subprocess.run([p, graph], check=True, capture_output=True, text=True).stdout
                   for p in programs]
        for program, output in zip(programs[1:], outputs[1:]):
            if output != outputs[0]:
                base, other = outputs[0].splitlines(), output.splitlines()
                line = next((i for i, (a, b) in enumerate(zip(base, other)) if a != b),
                            min(len(base), len(other)))
                sys.exit("%s on %s prints differently from %s at line %d: %r, not %r" % (
                    program, graph, programs[0], line + 1,
                    other[line] if line < len(other) else "(end)",
                    base[line] if line < len(base) else "(end)"))
    print("%d programs print the same on %d graphs" % (len(programs), len(graphs)))


if __name__ == "__main__":
    main()
