//===- load_symmetry.cpp - Undirected at load ---------------------------===//
#include "detail/load_symmetry.h"

#include "detail/build_csr.h"
#include "detail/environment.h"

#include <vector>

namespace polyrt::detail {

LoadSymmetry loadSymmetrySetting() {
  switch (environmentChoice("POLYRT_SYMMETRIZE", {"auto", "1", "0"})) {
  case 1:
    return LoadSymmetry::On;
  case 2:
    return LoadSymmetry::Off;
  default:
    return LoadSymmetry::Auto;
  }
}

bool symmetrizeAtLoad(bool fileSaysUndirected) {
  LoadSymmetry setting = loadSymmetrySetting();
  return setting == LoadSymmetry::On || (setting == LoadSymmetry::Auto && fileSaysUndirected);
}

template <typename W> Graph<W> symmetrizedGraph(const Graph<W> &g) {
  std::vector<WEdge<W>> edges(static_cast<size_t>(g.numEdges()));
  const EdgeOffset *offsets = g.outOffsets();
#pragma omp parallel for schedule(dynamic, 1024)
  for (VertexId u = 0; u < g.numVertices(); ++u)
    for (EdgeOffset e = offsets[u]; e < offsets[u + 1]; ++e) {
      edges[e].src = u;
      edges[e].dst = g.outNeighbors()[e];
      if constexpr (Graph<W>::kWeighted)
        edges[e].w = g.outWeights()[e];
    }
  const WEdge<W> *data = edges.data();
  return buildCSR<W>(g.numEdges(), [data](int64_t i) { return data[i]; }, g.numVertices(),
                     /*symmetrize=*/true, /*mirrorSelfLoops=*/false);
}

#define POLYRT_INSTANTIATE(W) template Graph<W> symmetrizedGraph<W>(const Graph<W> &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt::detail
