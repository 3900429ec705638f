//===- pr_float.cpp - PageRank baseline with single-precision ranks -----===//
//
// examples/pr_float.gt's baseline: pr.cpp's kernel with float ranks and
// contributions (GAPBS's ScoreT).
//
//===----------------------------------------------------------------------===//
#define BENCH_PR_SCORE float
#define BENCH_PR_NAME "pr_float"
#include "pr.cpp"
