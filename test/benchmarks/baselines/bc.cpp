//===- bc.cpp - Betweenness baseline: Brandes from one source ------------===//
//
// examples/bc.gt's dependencies written as GAPBS's bc.cc computes them
// (Brandes): a level-synchronous top-down BFS from the source claims each
// vertex's depth with a compare-and-swap and adds the shortest-path counts of
// its parents atomically, keeping every level's vertices in one array; the
// backward pass walks the levels deepest first, each vertex summing
// paths[u] / paths[v] * (1 + delta[v]) over its out-neighbours v one level
// deeper (no atomics: each vertex writes only its own dependence). Every edge
// is one path step, as in bc.gt (a duplicate edge is a second path).
//
// usage: bc <graph> <source>   prints every vertex's dependence on the source
//                              (vertex order; the source: the number of other
//                              vertices it reaches; unreached: 0) on stdout and
//                              "kernel_seconds: S" on stderr.
//
//===----------------------------------------------------------------------===//
#include "common.h"

namespace {

using bench::EdgeOffset;
using bench::VertexId;
using Graph = bench::Graph<bench::NoWeight>;

void addAtomic(double &x, double value) {
  std::atomic_ref<double> ref(x);
  double old = ref.load(std::memory_order_relaxed);
  while (!ref.compare_exchange_weak(old, old + value, std::memory_order_relaxed)) {
  }
}

void brandes(const Graph &g, VertexId source, double *delta) {
  const int64_t n = g.numVertices();
  const EdgeOffset *offsets = g.outOffsets();
  const VertexId *neighbors = g.outNeighbors();
  std::vector<int32_t> depth(n, -1);
  std::vector<double> paths(n, 0.0);
  // The levels, one after another: level d is order[levelStart[d] ..
  // levelStart[d + 1]).
  std::vector<VertexId> order(n);
  std::vector<int64_t> levelStart = {0, 1};
  order[0] = source;
  depth[source] = 0;
  paths[source] = 1.0;
  for (int32_t d = 0; levelStart[d + 1] > levelStart[d]; ++d) {
    int64_t tail = levelStart[d + 1];
#pragma omp parallel
    {
      std::vector<VertexId> next;
#pragma omp for schedule(dynamic, 64) nowait
      for (int64_t i = levelStart[d]; i < levelStart[d + 1]; ++i) {
        const VertexId u = order[i];
        for (EdgeOffset e = offsets[u]; e < offsets[u + 1]; ++e) {
          const VertexId v = neighbors[e];
          int32_t dv = bench::load(depth[v]);
          if (dv == -1) {
            if (bench::compareAndSwap(depth[v], -1, d + 1))
              next.push_back(v);
            dv = d + 1; // whoever claimed it set this level
          }
          if (dv == d + 1)
            addAtomic(paths[v], paths[u]);
        }
      }
      int64_t at = std::atomic_ref<int64_t>(tail).fetch_add(static_cast<int64_t>(next.size()));
      std::copy(next.begin(), next.end(), order.begin() + at);
    }
    levelStart.push_back(tail);
  }
  for (int64_t d = static_cast<int64_t>(levelStart.size()) - 2; d >= 0; --d) {
#pragma omp parallel for schedule(dynamic, 64)
    for (int64_t i = levelStart[d]; i < levelStart[d + 1]; ++i) {
      const VertexId u = order[i];
      double sum = 0.0;
      for (EdgeOffset e = offsets[u]; e < offsets[u + 1]; ++e) {
        const VertexId v = neighbors[e];
        if (depth[v] == d + 1)
          sum += paths[u] / paths[v] * (1.0 + delta[v]);
      }
      delta[u] = sum;
    }
  }
}

} // namespace

int main(int argc, char **argv) {
  return bench::run("bc", [&] {
    Graph g = bench::loadGraph<bench::NoWeight>(argc, argv);
    VertexId source = bench::sourceArgument(argc, argv, 2, g);
    std::vector<double> delta(g.numVertices(), 0.0); // bc.gt's global, untimed as there
    bench::timeKernel([&] { brandes(g, source, delta.data()); });
    bench::printPerVertex(delta.data(), g.numVertices());
  });
}
