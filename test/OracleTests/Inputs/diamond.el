# 0 -> {1, 2} -> 3 -> 4 (4 has a self-loop); 3 -> 2 goes back a level;
# 5 -> 0, so 5 is unreachable from 0.
0 1
0 2
1 3
2 3
3 4
4 4
3 2
5 0
