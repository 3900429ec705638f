//===- build_graph.cpp - Graphs from edge lists -------------------------===//
#include "polyrt/edge_list.h"

#include "detail/build_csr.h"

namespace polyrt {

template <typename W>
Graph<W> buildGraph(const EdgeList &edges, VertexId numVertices, bool symmetrize) {
  const Edge *data = edges.data();
  return detail::buildCSR<W>(
      static_cast<int64_t>(edges.size()),
      [data](int64_t i) {
        const Edge &e = data[i];
        if constexpr (std::is_same_v<W, NoWeight>)
          return detail::WEdge<W>{e.src, e.dst, {}};
        else
          return detail::WEdge<W>{e.src, e.dst, static_cast<W>(e.weight)};
      },
      numVertices, symmetrize);
}

#define POLYRT_INSTANTIATE(W) template Graph<W> buildGraph<W>(const EdgeList &, VertexId, bool);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
