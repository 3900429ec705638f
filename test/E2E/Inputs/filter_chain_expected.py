"""What filter_chain.gt prints, counted directly from the edge list."""
import sys

path, lo = sys.argv[1], int(sys.argv[2])
edges = [tuple(map(int, line.split()[:2])) for line in open(path)
         if line.strip() and line[0] not in "#%"]
n = 1 + max(max(e) for e in edges)
count = [0] * n
for s, d in edges:
    if lo < s < 20 and s % 2 == 1 and d < 20 and d % 2 == 0:
        count[d] += 1
print("\n".join(map(str, count)))
