//===- pr.cpp - PageRank baseline (GAPBS pr_spmv.cc style) --------------===//
//
// examples/pr.gt's PageRank, 20 synchronous (Jacobi) iterations:
//   contrib[u] = rank[u] / outdeg(u)
//   rank[v]    = (1 - 0.85)/n + 0.85 * sum over in-edges (u,v) of contrib[u]
// written as GAPBS writes its pull PageRank: the contributions are
// precomputed once per iteration, then every vertex pulls them over its
// in-edges (CSC) with a private accumulator and one store. Ranks start at 1/n;
// a vertex without out-edges gets an infinite contribution that no edge reads,
// exactly as in pr.gt. Sums run in in-neighbour order, as pr.gt's pull does.
//
// usage: pr <graph>    prints every rank (vertex order) on stdout and
//                      "kernel_seconds: S" on stderr.
//
// pr_float.cpp compiles this file with BENCH_PR_SCORE float: the baseline of
// examples/pr_float.gt (single-precision ranks, as GAPBS's).
//
//===----------------------------------------------------------------------===//
#include "common.h"

#ifndef BENCH_PR_SCORE
#define BENCH_PR_SCORE double
#define BENCH_PR_NAME "pr"
#endif

namespace {

using Score = BENCH_PR_SCORE;
constexpr int kIterations = 20;
constexpr Score kDamp = 0.85;

/// The kernel: ranks holds 1/n on entry and the result on exit.
void pageRankPull(const bench::Graph<bench::NoWeight> &g, Score *ranks, Score *contrib) {
  const int64_t n = g.numVertices();
  const bench::EdgeOffset *outOffsets = g.outOffsets();
  const bench::EdgeOffset *inOffsets = g.inOffsets();
  const bench::VertexId *inNeighbors = g.inNeighbors();
  // In double, then rounded, as pr.gt's beta.
  const Score base = static_cast<Score>((1.0 - kDamp) / static_cast<int32_t>(n));
  for (int iter = 0; iter < kIterations; ++iter) {
#pragma omp parallel for schedule(static)
    for (int64_t u = 0; u < n; ++u)
      contrib[u] = ranks[u] / static_cast<int32_t>(outOffsets[u + 1] - outOffsets[u]);
#pragma omp parallel for schedule(dynamic, 16384)
    for (int64_t v = 0; v < n; ++v) {
      Score incoming = 0;
      for (bench::EdgeOffset e = inOffsets[v]; e < inOffsets[v + 1]; ++e)
        incoming += contrib[inNeighbors[e]];
      ranks[v] = base + kDamp * incoming;
    }
  }
}

} // namespace

int main(int argc, char **argv) {
  return bench::run(BENCH_PR_NAME, [&] {
    bench::Graph<bench::NoWeight> g = bench::loadGraph<bench::NoWeight>(argc, argv);
    g.buildInEdges(); // a no-op for undirected graphs and for .sg files, which hold the CSC
    const int64_t n = g.numVertices();
    // pr.gt's global declarations: set up before its main() starts, so untimed here too.
    std::vector<Score> ranks(n, static_cast<Score>(1.0 / static_cast<int32_t>(n))), contrib(n, 0);
    bench::timeKernel([&] { pageRankPull(g, ranks.data(), contrib.data()); });
    bench::printPerVertex(ranks.data(), n);
  });
}
