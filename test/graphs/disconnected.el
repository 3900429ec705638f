# Three weakly connected components, directed: {0..5} (a cycle 0-1-2-3 with
# a tail 3->4->5 and a chord 1->3, so 5 is a sink), {6..9} (a DAG, 9 a sink),
# {10,11,12} (a directed triangle). 13 vertices.
0 1
1 2
2 3
3 0
1 3
3 4
4 5
6 7
6 8
7 9
8 9
7 8
10 11
11 12
12 10
