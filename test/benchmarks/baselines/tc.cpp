//===- tc.cpp - Triangle counting baseline: ordered merge counting -------===//
//
// examples/tc.gt's count written as the fastest frameworks write it (GAPBS's
// tc.cc, Hybrid): when the graph's degrees are skewed enough the vertices are
// first renumbered by decreasing degree (polyrt::relabelByDegree, the same
// test and renumbering polyc's edges.relabel() uses, timed as GAPBS times
// its own), then every triangle w < v < u is counted once, at u: for each
// neighbour v < u of u, a merge of u's and v's sorted neighbour lists up to
// v, walking u's list and following along v's. Vertices are shared out in
// dynamic chunks of 64 (high-degree vertices cost much more than the rest);
// each thread sums into a reduction.
//
// usage: tc <symmetric graph>   prints the number of triangles on stdout and
//                               "kernel_seconds: S" on stderr.
//
//===----------------------------------------------------------------------===//
#include "common.h"

#include "polyrt/relabel.h"

namespace {

using bench::EdgeOffset;
using bench::VertexId;
using Graph = bench::Graph<bench::NoWeight>;

uint64_t orderedCount(const Graph &g) {
  const int64_t n = g.numVertices();
  const EdgeOffset *offsets = g.outOffsets();
  const VertexId *neighbors = g.outNeighbors();
  uint64_t total = 0;
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : total)
  for (int64_t u = 0; u < n; ++u) {
    const VertexId *uBegin = neighbors + offsets[u], *uEnd = neighbors + offsets[u + 1];
    for (const VertexId *vp = uBegin; vp < uEnd && *vp < u; ++vp) {
      const VertexId v = *vp;
      // u's list (in cache: read again for each v) is walked up to v, and v's
      // (cold) follows only as far as u's values reach. u is in v's list
      // (the graph is undirected) and w < v < u: the walk along v's list
      // stops at u at the latest, with no test for its end (GAPBS's loop).
      const VertexId *it = neighbors + offsets[v];
      for (const VertexId *wp = uBegin; *wp < v; ++wp) {
        const VertexId w = *wp;
        while (*it < w)
          ++it;
        total += *it == w;
      }
    }
  }
  return total;
}

} // namespace

int main(int argc, char **argv) {
  return bench::run("tc", [&] {
    Graph g = bench::loadGraph<bench::NoWeight>(argc, argv);
    if (g.directed())
      throw polyrt::Error("triangle counting needs an undirected graph");
    uint64_t triangles = 0;
    bench::timeKernel([&] {
      if (polyrt::worthRelabelling(g))
        triangles = orderedCount(polyrt::relabelByDegree(g));
      else
        triangles = orderedCount(g);
    });
    std::cout << triangles << '\n';
  });
}
