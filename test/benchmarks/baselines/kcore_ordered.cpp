//===- kcore_ordered.cpp - k-core baseline: bucketed peeling (Julienne) ---===//
//
// examples/kcore_ordered.gt's algorithm written as Julienne writes k-core
// (Dhulipala, Blelloch and Shun's bucketed peeling; our own code): vertices sit
// in bins by remaining degree. Round k takes the bin of k (the entries still
// alive with degree k), removes them with coreness k, and for each removed
// vertex lowers its alive neighbours' degrees with an atomic decrement that
// never goes below k. Each neighbour that changed is collected once (a flag),
// in the thread's own list, and re-binned once from its final degree at the
// end of the round: one entry per moved vertex, not per decrement (Julienne's
// update after a reduction). A neighbour left with degree k joins this k's bin
// again, taken by the next round. Self-loops do not count towards the degree,
// duplicate edges count as many times as they appear (as kcore_ordered.gt).
//
// usage: kcore_ordered <symmetric graph.sg|.el>   prints every coreness (vertex
//        order) on stdout and "kernel_seconds: S" on stderr.
//
//===----------------------------------------------------------------------===//
#include "common.h"

namespace {

using bench::EdgeOffset;
using bench::VertexId;
using Graph = bench::Graph<bench::NoWeight>;

void peel(const Graph &g, int32_t *degree) {
  const int64_t n = g.numVertices();
  const EdgeOffset *offsets = g.outOffsets();
  const VertexId *neighbors = g.outNeighbors();
#pragma omp parallel for schedule(dynamic, 1024)
  for (int64_t v = 0; v < n; ++v) {
    int32_t d = 0;
    for (EdgeOffset e = offsets[v]; e < offsets[v + 1]; ++e)
      d += neighbors[e] != v;
    degree[v] = d;
  }
  int32_t maxDegree = 0;
#pragma omp parallel for reduction(max : maxDegree)
  for (int64_t v = 0; v < n; ++v)
    maxDegree = std::max(maxDegree, degree[v]);
  // Bins by degree: counting sort of the vertices.
  std::vector<std::vector<VertexId>> bins(static_cast<size_t>(maxDegree) + 1);
  for (int64_t v = 0; v < n; ++v)
    bins[degree[v]].push_back(static_cast<VertexId>(v));
  std::vector<uint8_t> alive(n, 1), moved(n, 0);
  const int threads = omp_get_max_threads();
  std::vector<std::vector<VertexId>> movedBy(threads);
  std::vector<VertexId> round;
  int64_t removed = 0;
  int32_t k = 0;
  while (removed < n) {
    // This round: the live entries of bin k whose degree is still k.
    round.clear();
    while (k <= maxDegree) {
      for (VertexId v : bins[k])
        if (alive[v] && degree[v] == k) {
          alive[v] = 0; // an entry may repeat: take the vertex once
          round.push_back(v);
        }
      bins[k].clear();
      if (!round.empty())
        break;
      ++k;
    }
    removed += static_cast<int64_t>(round.size());
    const int64_t size = static_cast<int64_t>(round.size());
    int64_t work = 0;
    for (VertexId v : round)
      work += offsets[v + 1] - offsets[v];
#pragma omp parallel if (size + work > bench::kSerialWork)
    {
      std::vector<VertexId> &mine = movedBy[omp_get_thread_num()];
#pragma omp for schedule(dynamic, 64)
      for (int64_t i = 0; i < size; ++i) {
        VertexId u = round[i];
        for (EdgeOffset e = offsets[u]; e < offsets[u + 1]; ++e) {
          VertexId v = neighbors[e];
          if (v == u || !bench::load(alive[v]))
            continue;
          // degree[v] -= 1, not below k.
          int32_t d = bench::load(degree[v]);
          while (d > k && !bench::compareAndSwap(degree[v], d, d - 1))
            d = bench::load(degree[v]);
          if (d > k && bench::load(moved[v]) == 0 && bench::compareAndSwap(moved[v], uint8_t{0},
                                                                          uint8_t{1}))
            mine.push_back(v);
        }
      }
    }
    for (std::vector<VertexId> &list : movedBy) {
      for (VertexId v : list) {
        moved[v] = 0;
        bins[std::max(degree[v], k)].push_back(v);
      }
      list.clear();
    }
  }
}

} // namespace

int main(int argc, char **argv) {
  return bench::run("kcore_ordered", [&] {
    Graph g = bench::loadGraph<bench::NoWeight>(argc, argv);
    const int64_t n = g.numVertices();
    std::vector<int32_t> degree(n, 0); // kcore_ordered.gt's global degree, untimed as there
    bench::timeKernel([&] { peel(g, degree.data()); });
    bench::printPerVertex(degree.data(), n);
  });
}
