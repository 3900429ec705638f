//===- relabel.cpp - edges.relabel(): vertices renumbered by degree -----===//
#include "polyrt/relabel.h"

#include "detail/graph_symmetry.h"

#include <algorithm>
#include <numeric>
#include <utility>
#include <vector>

namespace polyrt {

template <typename W> bool worthRelabelling(const Graph<W> &g) {
  const VertexId n = g.numVertices();
  if (g.directed() || g.neighborsReleased() || n == 0 || g.numEdges() / n < 10)
    return false;
  std::vector<EdgeOffset> degrees(n);
  for (VertexId v = 0; v < n; ++v)
    degrees[v] = g.outDegree(v);
  std::nth_element(degrees.begin(), degrees.begin() + n / 2, degrees.end());
  const double mean = static_cast<double>(g.numEdges()) / n;
  return mean / 1.3 > static_cast<double>(degrees[n / 2]);
}

template <typename W> Graph<W> relabelByDegree(const Graph<W> &g) {
  if (!worthRelabelling(g))
    return g;
  const VertexId n = g.numVertices();
  std::vector<VertexId> byDegree(n); // new id -> old id
  std::iota(byDegree.begin(), byDegree.end(), 0);
  std::stable_sort(byDegree.begin(), byDegree.end(), [&](VertexId a, VertexId b) {
    return g.outDegree(a) > g.outDegree(b);
  });
  std::vector<VertexId> newId(n);
  for (VertexId r = 0; r < n; ++r)
    newId[byDegree[r]] = r;
  std::vector<EdgeOffset> offsets(static_cast<size_t>(n) + 1, 0);
  for (VertexId r = 0; r < n; ++r)
    offsets[r + 1] = offsets[r] + g.outDegree(byDegree[r]);
  std::vector<VertexId> neighbors(g.numEdges());
  std::vector<W> weights(Graph<W>::kWeighted ? g.numEdges() : 0);
  const EdgeOffset *from = g.outOffsets();
#pragma omp parallel for schedule(dynamic, 256)
  for (int64_t r = 0; r < n; ++r) {
    const VertexId old = byDegree[r];
    if constexpr (!Graph<W>::kWeighted) {
      // Renamed and sorted in place (no list per vertex: a million small
      // allocations at scale 20).
      VertexId *list = neighbors.data() + offsets[r];
      for (EdgeOffset e = from[old]; e < from[old + 1]; ++e)
        list[e - from[old]] = newId[g.outNeighbors()[e]];
      std::sort(list, list + (from[old + 1] - from[old]));
      continue;
    }
    std::vector<std::pair<VertexId, W>> list;
    for (EdgeOffset e = from[old]; e < from[old + 1]; ++e)
      list.push_back({newId[g.outNeighbors()[e]], Graph<W>::kWeighted ? g.outWeights()[e] : W{}});
    // By neighbour, duplicate edges by weight, as every list is sorted.
    std::sort(list.begin(), list.end(), [](const auto &a, const auto &b) {
      if constexpr (Graph<W>::kWeighted)
        return a.first < b.first || (a.first == b.first && a.second < b.second);
      else
        return a.first < b.first;
    });
    for (size_t i = 0; i < list.size(); ++i) {
      neighbors[offsets[r] + i] = list[i].first;
      if constexpr (Graph<W>::kWeighted)
        weights[offsets[r] + i] = list[i].second;
    }
  }
  Graph<W> result(n, std::move(offsets), std::move(neighbors), std::move(weights),
                  /*directed=*/false);
  if (g.outListsSymmetric()) // renaming the ids keeps each edge's reverse
    detail::GraphSymmetry::vouch(result);
  return result;
}

template <typename W> void relabelByDegreeInPlace(Graph<W> &g) {
  if (worthRelabelling(g))
    g = relabelByDegree(g);
}

#define POLYRT_INSTANTIATE(W)                                                                  \
  template bool worthRelabelling<W>(const Graph<W> &);                                         \
  template Graph<W> relabelByDegree<W>(const Graph<W> &);                                      \
  template void relabelByDegreeInPlace<W>(Graph<W> &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
