//===- prdelta.cpp - PageRank-Delta baseline (Ligra PageRankDelta style) -===//
//
// examples/prdelta.gt's PageRank-Delta, 10 rounds, epsilon2 = 0.1:
//   round 1:  every vertex pushes delta[u]/outdeg(u) (delta = 1/n) along its
//             out-edges into ngh_sum; then for every vertex
//             delta = 0.85*ngh_sum + (1-0.85)/n; rank += delta; delta -= 1/n
//   round >1: the vertices of the frontier push delta[u]/outdeg(u); then for
//             every vertex delta = 0.85*ngh_sum; rank += delta
//   the next frontier is {v : |delta[v]| > epsilon2 * rank[v]}; ngh_sum is reset.
// Written as a tuned kernel (Ligra's PageRankDelta with its direction switch):
// - the contribution delta[u]/outdeg(u) of each frontier member is computed
//   once per round, in the vertex pass of the previous round (0 for others);
// - a round pulls over the CSC when the frontier's out-degree sum plus its size
//   exceeds |E|/20 (Ligra's and GraphIt's threshold), else it pushes from the
//   frontier with atomic adds;
// - a pulling round fuses the edge pass and the vertex pass (each vertex owns
//   its sum), a pushing round runs the vertex pass after the edges; either
//   pass also counts the next frontier's size and out-degree sum.
// A pull adds the same terms in the same (in-neighbour) order as pr.gt's
// pull: non-members contribute an exact 0.0.
//
// usage: prdelta <graph>   prints every rank (vertex order) on stdout and
//                          "kernel_seconds: S" on stderr.
//
//===----------------------------------------------------------------------===//
#include "common.h"

#include <cmath>

namespace {

constexpr int kRounds = 10;
constexpr double kDamp = 0.85;
constexpr double kEpsilon2 = 0.1;

struct State {
  std::vector<double> rank, nghSum, delta; // prdelta.gt's globals (delta: only its initial 1/n is read)
  std::vector<double> contrib[2];          // this round's and the next round's
  std::vector<uint8_t> member;             // the frontier, one byte per vertex
};

void prDelta(const bench::Graph<bench::NoWeight> &g, State &s) {
  const int64_t n = g.numVertices();
  const int64_t m = g.numEdges();
  const bench::EdgeOffset *outOffsets = g.outOffsets();
  const bench::VertexId *outNeighbors = g.outNeighbors();
  const bench::EdgeOffset *inOffsets = g.inOffsets();
  const bench::VertexId *inNeighbors = g.inNeighbors();
  const double betaScore = (1.0 - kDamp) / static_cast<int32_t>(n);
  const double oneOverN = 1.0 / static_cast<int32_t>(n);
  double *rank = s.rank.data(), *nghSum = s.nghSum.data(), *delta = s.delta.data();
  s.contrib[0].assign(n, 0.0);
  s.contrib[1].assign(n, 0.0);
  s.member.assign(n, 1); // round 1: every vertex
  uint8_t *member = s.member.data();

  // The vertex pass of a round given v's sum; returns whether v is in the next
  // frontier and sets its next contribution.
  auto updateVertex = [&](int round, int64_t v, double sum, double *nextContrib) {
    double d;
    if (round == 1) {
      d = kDamp * sum + betaScore;
      rank[v] += d;
      d = d - oneOverN;
    } else {
      d = sum * kDamp;
      rank[v] += d;
    }
    bool active = std::fabs(d) > kEpsilon2 * rank[v];
    int64_t degree = outOffsets[v + 1] - outOffsets[v];
    nextContrib[v] = active && degree ? d / static_cast<int32_t>(degree) : 0.0;
    return active;
  };

  int64_t frontierWork = n + m; // size + out-degree sum of the frontier
#pragma omp parallel for schedule(static)
  for (int64_t u = 0; u < n; ++u) {
    int64_t degree = outOffsets[u + 1] - outOffsets[u];
    s.contrib[0][u] = degree ? delta[u] / static_cast<int32_t>(degree) : 0.0;
  }

  for (int round = 1; round <= kRounds; ++round) {
    const double *contrib = s.contrib[round % 2 == 1 ? 0 : 1].data();
    double *nextContrib = s.contrib[round % 2 == 1 ? 1 : 0].data();
    int64_t nextWork = 0;
    if (frontierWork > m / 20) {
      // Pull, fused with the vertex pass.
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : nextWork)
      for (int64_t v = 0; v < n; ++v) {
        double sum = 0.0;
        for (bench::EdgeOffset e = inOffsets[v]; e < inOffsets[v + 1]; ++e)
          sum += contrib[inNeighbors[e]];
        bool active = updateVertex(round, v, sum, nextContrib);
        member[v] = active;
        if (active)
          nextWork += 1 + outOffsets[v + 1] - outOffsets[v];
      }
    } else {
      // Push from the members (a scan of the frontier's bytes), then the vertex pass.
#pragma omp parallel for schedule(dynamic, 1024)
      for (int64_t u = 0; u < n; ++u) {
        if (!member[u])
          continue;
        double c = contrib[u];
        for (bench::EdgeOffset e = outOffsets[u]; e < outOffsets[u + 1]; ++e)
          std::atomic_ref<double>(nghSum[outNeighbors[e]]).fetch_add(c, std::memory_order_relaxed);
      }
#pragma omp parallel for schedule(static) reduction(+ : nextWork)
      for (int64_t v = 0; v < n; ++v) {
        bool active = updateVertex(round, v, nghSum[v], nextContrib);
        nghSum[v] = 0.0;
        member[v] = active;
        if (active)
          nextWork += 1 + outOffsets[v + 1] - outOffsets[v];
      }
    }
    frontierWork = nextWork;
  }
}

} // namespace

int main(int argc, char **argv) {
  return bench::run("prdelta", [&] {
    bench::Graph<bench::NoWeight> g = bench::loadGraph<bench::NoWeight>(argc, argv);
    g.buildInEdges();
    const int64_t n = g.numVertices();
    // prdelta.gt's global declarations, untimed as there.
    State s;
    s.rank.assign(n, 0.0);
    s.nghSum.assign(n, 0.0);
    s.delta.assign(n, 1.0 / static_cast<int32_t>(n));
    bench::timeKernel([&] { prDelta(g, s); });
    bench::printPerVertex(s.rank.data(), n);
  });
}
