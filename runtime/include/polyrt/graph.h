//===- graph.h - CSR/CSC graphs -----------------------------------------===//
//
// A graph stores its out-edges as CSR and, once buildInEdges() has run, its
// in-edges as CSC. W is the weight type: NoWeight, int32_t, float or double.
// For a graph read as undirected (GAPBS .sg with directed=false) the in-edges
// are the out-edges.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_GRAPH_H
#define POLYRT_GRAPH_H

#include "polyrt/types.h"

#include <type_traits>
#include <vector>

namespace polyrt {

template <typename W> class Graph {
public:
  static constexpr bool kWeighted = !std::is_same_v<W, NoWeight>;

  Graph() = default;
  /// Takes ownership of a CSR. offsets has n+1 entries; weights is empty when
  /// unweighted. Throws Error when a neighbour id is out of range.
  Graph(VertexId numVertices, std::vector<EdgeOffset> offsets,
        std::vector<VertexId> neighbors, std::vector<W> weights, bool directed);

  VertexId numVertices() const { return numVertices_; }
  EdgeOffset numEdges() const { return static_cast<EdgeOffset>(outNeighbors_.size()); }
  bool directed() const { return directed_; }

  const EdgeOffset *outOffsets() const { return outOffsets_.data(); }
  const VertexId *outNeighbors() const { return outNeighbors_.data(); }
  const W *outWeights() const { return outWeights_.data(); } // null if unweighted
  EdgeOffset outDegree(VertexId v) const { return outOffsets_[v + 1] - outOffsets_[v]; }

  /// Builds the CSC (in parallel) unless it exists already; idempotent.
  void buildInEdges();
  bool hasInEdges() const { return !inOffsets_.empty(); }
  const EdgeOffset *inOffsets() const { return inOffsets_.data(); }
  const VertexId *inNeighbors() const { return inNeighbors_.data(); }
  const W *inWeights() const { return inWeights_.data(); }
  EdgeOffset inDegree(VertexId v) const { return inOffsets_[v + 1] - inOffsets_[v]; }

  /// The graph with every edge reversed (CSR of the reverse = this CSC).
  Graph transpose() const;

private:
  VertexId numVertices_ = 0;
  bool directed_ = true;
  std::vector<EdgeOffset> outOffsets_;
  std::vector<VertexId> outNeighbors_;
  std::vector<W> outWeights_;
  std::vector<EdgeOffset> inOffsets_;
  std::vector<VertexId> inNeighbors_;
  std::vector<W> inWeights_;
};

extern template class Graph<NoWeight>;
extern template class Graph<int32_t>;
extern template class Graph<float>;
extern template class Graph<double>;

} // namespace polyrt

#endif
