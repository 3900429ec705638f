# line 2 is fine, line 3 has a bad token
0 1
1 x2
2 0
