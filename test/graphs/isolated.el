# Isolated vertices 0, 4, 8, 9 and 13 (they appear in no edge; the vertex
# count is the largest id + 1 = 16, so 15 ends the file). Two more components:
# {1,2,3,5,6,7} and {10,11,12,14,15}.
1 2
2 3
3 1
1 5
5 6
6 7
7 5
3 7
10 11
11 12
12 14
14 10
11 15
15 12
