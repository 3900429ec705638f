//===- graph.h - CSR/CSC graphs -----------------------------------------===//
//
// A graph stores its out-edges as CSR and, once buildInEdges() has run, its
// in-edges as CSC. W is the weight type: NoWeight, int32_t, uint32_t, uint64_t, float or double.
// For an undirected graph (symmetrized, or GAPBS .sg with directed=false) the
// in-edges are the out-edges: the in* accessors return the out-CSR's arrays
// (no copy is made) and hasInEdges() is always true.
//
// Every neighbour list is sorted by neighbour id (duplicate edges by weight),
// so a graph's arrays do not depend on the number of threads that built it.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_GRAPH_H
#define POLYRT_GRAPH_H

#include "polyrt/types.h"

#include <type_traits>
#include <vector>

namespace polyrt {

namespace detail {
struct GraphSymmetry;
}

template <typename W> class Graph {
public:
  static constexpr bool kWeighted = !std::is_same_v<W, NoWeight>;

  Graph() = default;
  /// Takes ownership of a CSR. offsets has n+1 entries; weights is empty when
  /// unweighted. Throws Error when a neighbour id is out of range.
  Graph(VertexId numVertices, std::vector<EdgeOffset> offsets,
        std::vector<VertexId> neighbors, std::vector<W> weights, bool directed);

  VertexId numVertices() const { return numVertices_; }
  EdgeOffset numEdges() const { return outOffsets_.back(); }
  bool directed() const { return directed_; }

  const EdgeOffset *outOffsets() const { return outOffsets_.data(); }
  const VertexId *outNeighbors() const { return outNeighbors_.data(); }
  const W *outWeights() const { // null if unweighted
    return kWeighted ? outWeights_.data() : nullptr;
  }
  EdgeOffset outDegree(VertexId v) const { return outOffsets_[v + 1] - outOffsets_[v]; }
  /// The smallest and largest out-degree (0 without vertices), found when
  /// the CSR is installed: they bound a frontier's work from its size alone,
  /// so that choosing a direction or a thread count need not read every
  /// member's degree (frontierWorkExceeds; on a grid, a BFS's 4000 rounds).
  EdgeOffset minOutDegree() const { return minOutDegree_; }
  EdgeOffset maxOutDegree() const { return maxOutDegree_; }
  /// Whether some out-list names a neighbour more than once (a multigraph),
  /// found when the CSR is installed: a triangle count handed the edge's
  /// index then cannot take the entries before it as the ones below the
  /// neighbour (neighborIntersectionCountBeforeEdge).
  bool outListsRepeat() const { return outListsRepeat_; }
  /// Whether every out-edge (u, v) is known to have its reverse (v, u): true
  /// for an undirected graph polyrt symmetrized itself or checked when it
  /// loaded it (an undirected .sg's transpose check), and for the relabelled
  /// or copied graph of one; false for a graph built from the caller's
  /// arrays, which polyrt does not check. A triangle count then walks a
  /// neighbour's list with no end test (neighborIntersectionCountBeforeEdge).
  bool outListsSymmetric() const { return outListsSymmetric_; }

  /// Builds the CSC (in parallel) unless it exists already; idempotent and
  /// safe to call from several threads at once. A
  /// no-op for an undirected graph, whose in-edges are its out-edges.
  void buildInEdges();
  /// Installs a CSC read from a file (GAPBS .sg stores one for directed
  /// graphs). Validated like the constructor's CSR; it must hold numEdges()
  /// edges. Throws Error otherwise, or when the graph is undirected.
  void setInEdges(std::vector<EdgeOffset> offsets, std::vector<VertexId> neighbors,
                  std::vector<W> weights);
  bool hasInEdges() const { return !directed_ || !inOffsets_.empty(); }
  const EdgeOffset *inOffsets() const {
    return directed_ ? inOffsets_.data() : outOffsets_.data();
  }
  const VertexId *inNeighbors() const {
    return directed_ ? inNeighbors_.data() : outNeighbors_.data();
  }
  const W *inWeights() const { // null if unweighted
    return !kWeighted ? nullptr : directed_ ? inWeights_.data() : outWeights_.data();
  }
  EdgeOffset inDegree(VertexId v) const { return inOffsets()[v + 1] - inOffsets()[v]; }

  /// Frees the neighbour and weight arrays of the CSR and CSC, keeping their
  /// offsets (degrees, numEdges()): for a graph whose every traversal walks
  /// copies of its edges placed on NUMA nodes (polyrt::placeEdgesOnNodes),
  /// so that the edges are not held twice. Afterwards the neighbour and
  /// weight accessors return null, and buildInEdges() (when no CSC was
  /// built) and transpose() throw Error.
  void releaseNeighbors();
  bool neighborsReleased() const { return neighborsReleased_; }

  /// The graph with every edge reversed (CSR of the reverse = this CSC; the
  /// result's CSC is this CSR). Computes the CSC first when it is missing. An
  /// undirected graph is its own transpose.
  Graph transpose() const;

private:
  friend struct detail::GraphSymmetry;

  VertexId numVertices_ = 0;
  bool directed_ = true;
  bool neighborsReleased_ = false;
  std::vector<EdgeOffset> outOffsets_ = std::vector<EdgeOffset>(1, 0); // {0}: no vertices
  EdgeOffset minOutDegree_ = 0;
  EdgeOffset maxOutDegree_ = 0;
  bool outListsRepeat_ = false;
  bool outListsSymmetric_ = false;
  std::vector<VertexId> outNeighbors_;
  std::vector<W> outWeights_;
  std::vector<EdgeOffset> inOffsets_;
  std::vector<VertexId> inNeighbors_;
  std::vector<W> inWeights_;
};

/// Expands X(W) for every weight type polyrt's templates are built for: the
/// edgeset weights the language has (int, uint, uint_64, float, double).
#define POLYRT_FOR_EACH_WEIGHT(X) X(NoWeight) X(int32_t) X(uint32_t) X(uint64_t) X(float) X(double)

#define POLYRT_DECLARE_GRAPH(W) extern template class Graph<W>;
POLYRT_FOR_EACH_WEIGHT(POLYRT_DECLARE_GRAPH)
#undef POLYRT_DECLARE_GRAPH

} // namespace polyrt

#endif
