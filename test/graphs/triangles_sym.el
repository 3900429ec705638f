# A simple undirected graph (both directions of every edge, no self-loop, no
# duplicate) with 18 vertices and 10 triangles: a K4 {0,1,2,3} (4 triangles),
# a bridge 3-4 to a wheel with hub 4 and rim 5-6-7-8-9 (5 triangles), a path
# 10-11-12, the isolated vertex 13, and a triangle 14-15-16 with a pendant 17
# (1 triangle). Coreness: 3 for the K4 and the wheel, 2 for 14-16, 1 for the
# path and 17, 0 for 13. (for tc, kcore, coloring)
0 1
0 2
0 3
1 0
1 2
1 3
2 0
2 1
2 3
3 0
3 1
3 2
3 4
4 3
4 5
4 6
4 7
4 8
4 9
5 4
5 6
5 9
6 4
6 5
6 7
7 4
7 6
7 8
8 4
8 7
8 9
9 4
9 5
9 8
10 11
11 10
11 12
12 11
14 15
14 16
15 14
15 16
16 14
16 15
16 17
17 16
