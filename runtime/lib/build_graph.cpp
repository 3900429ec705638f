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

template Graph<NoWeight> buildGraph<NoWeight>(const EdgeList &, VertexId, bool);
template Graph<int32_t> buildGraph<int32_t>(const EdgeList &, VertexId, bool);
template Graph<float> buildGraph<float>(const EdgeList &, VertexId, bool);
template Graph<double> buildGraph<double>(const EdgeList &, VertexId, bool);

} // namespace polyrt
