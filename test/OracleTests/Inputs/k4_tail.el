# K4 on {0,1,2,3} (4 triangles, coreness 3), an edge 3-5 (coreness 1 for 5),
# 4 isolated (coreness 0). Symmetric, no duplicate, no self-loop.
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
3 5
5 3
