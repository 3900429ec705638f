//===- sssp_delta.cpp - SSSP baseline: delta-stepping with thread bins ----===//
//
// examples/sssp_delta.gt's algorithm written as the fastest frameworks write
// it (GAPBS's sssp.cc design, Meyer and Sanders' delta-stepping): vertices of
// distance d belong to bin d / delta. One parallel region runs the whole
// search; each thread keeps its own bins, so relaxing an edge never touches a
// shared structure beyond the distance's compare-and-swap. A round:
//   1. the threads share out the current frontier (the current bin's
//      vertices, gathered from every thread's bin) and relax their out-edges;
//      a vertex whose distance has since left the bin is skipped;
//   2. bin fusion: while a thread's own copy of the current bin is small, it
//      relaxes that too, at once, without a barrier (few-vertex rounds
//      dominate high-diameter graphs);
//   3. the smallest non-empty bin over all threads becomes the next one, and
//      every thread appends its vertices of it to the next frontier.
// Non-negative weights (delta-stepping's assumption; the benchmark's are).
//
// usage: sssp_delta <graph.wsg|.wel> <source> [delta]
//        prints every distance (vertex order) on stdout and "kernel_seconds: S"
//        on stderr. delta defaults to the one of
//        test/benchmarks/schedules/sssp_delta.sched.
//
//===----------------------------------------------------------------------===//
#include "common.h"

#include <climits>
#include <memory>

namespace {

using bench::EdgeOffset;
using bench::VertexId;
using Graph = bench::Graph<int32_t>;

constexpr size_t kNoBin = SIZE_MAX / 2;
constexpr size_t kFusionLimit = 1000; // a thread's own bin below this is relaxed at once

void deltaStepping(const Graph &g, VertexId source, int32_t delta, int32_t *dist) {
  const EdgeOffset *offsets = g.outOffsets();
  const VertexId *neighbors = g.outNeighbors();
  const int32_t *weights = g.outWeights();
  // A round's frontier holds a vertex once per relaxation that lowered it
  // into the bin: at most the edges, plus the source. Left uninitialised, as
  // GAPBS's pvector is: zeroing it would touch every page of a buffer mostly
  // unused (at scale 22, 270 MB in the timed region).
  std::unique_ptr<VertexId[]> frontier(
      new VertexId[static_cast<size_t>(g.numEdges() + g.numVertices())]);
  frontier[0] = source;
  dist[source] = 0;
  // Two slots each, alternating by round: this round's and the next one's.
  size_t binOf[2] = {0, kNoBin};
  size_t tail[2] = {1, 0};
#pragma omp parallel
  {
    std::vector<std::vector<VertexId>> bins;
    auto relax = [&](VertexId u) {
      int32_t du = bench::load(dist[u]);
      for (EdgeOffset e = offsets[u]; e < offsets[u + 1]; ++e) {
        VertexId v = neighbors[e];
        int32_t candidate = du + weights[e];
        if (bench::writeMin(dist[v], candidate)) {
          size_t bin = static_cast<size_t>(candidate / delta);
          if (bin >= bins.size())
            bins.resize(bin + 1);
          bins[bin].push_back(v);
        }
      }
    };
    for (size_t round = 0; bench::load(binOf[round & 1]) != kNoBin; ++round) {
      size_t &current = binOf[round & 1], &next = binOf[(round + 1) & 1];
      size_t &currentTail = tail[round & 1], &nextTail = tail[(round + 1) & 1];
      const size_t bin = current;
      const int32_t floor = static_cast<int32_t>(std::min<size_t>(bin * delta, INT_MAX));
#pragma omp for nowait schedule(dynamic, 64)
      for (size_t i = 0; i < currentTail; ++i) {
        VertexId u = frontier[i];
        if (bench::load(dist[u]) >= floor) // else it moved to an earlier bin, done there
          relax(u);
      }
      while (bin < bins.size() && !bins[bin].empty() && bins[bin].size() < kFusionLimit) {
        std::vector<VertexId> own;
        own.swap(bins[bin]);
        for (VertexId u : own)
          relax(u);
      }
      for (size_t b = bin; b < bins.size(); ++b)
        if (!bins[b].empty()) {
#pragma omp critical(next_bin)
          next = std::min(next, b);
          break;
        }
#pragma omp barrier
#pragma omp single nowait
      {
        current = kNoBin;
        currentTail = 0;
      }
      const size_t chosen = next;
      if (chosen < bins.size() && !bins[chosen].empty()) {
        std::vector<VertexId> &mine = bins[chosen];
        size_t at = std::atomic_ref<size_t>(nextTail).fetch_add(mine.size());
        std::copy(mine.begin(), mine.end(), frontier.get() + at);
        mine.clear();
      }
#pragma omp barrier
    }
  }
}

} // namespace

int main(int argc, char **argv) {
  return bench::run("sssp_delta", [&] {
    Graph g = bench::loadGraph<int32_t>(argc, argv);
    VertexId source = bench::sourceArgument(argc, argv, 2, g);
    int32_t delta = argc > 3 ? std::atoi(argv[3]) : 32;
    if (delta < 1)
      throw polyrt::Error("delta must be a positive integer");
    const int64_t n = g.numVertices();
    std::vector<int32_t> dist(n, INT_MAX); // sssp_delta.gt's global dist, untimed as there
    bench::timeKernel([&] { deltaStepping(g, source, delta, dist.data()); });
    bench::printPerVertex(dist.data(), n);
  });
}
