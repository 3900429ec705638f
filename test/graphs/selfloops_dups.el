# Self-loops (0, 3, 7) and duplicate edges (1->2 twice, 2->4 three times,
# 5->6 twice): every copy is an edge of its own (out-degree counts it).
# 8 vertices, all reachable from 0.
0 0
0 1
1 2
1 2
2 4
2 4
2 4
1 3
3 3
3 5
4 5
5 6
5 6
6 7
7 7
7 0
4 1
