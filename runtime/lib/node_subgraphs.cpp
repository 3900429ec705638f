//===- node_subgraphs.cpp - A traversal's edges split by NUMA node ------===//
//
// The split is the cache-blocking one (detail/edge_splitter.h) with the
// partition's ranges as the parts, written straight into memory bound to
// each part's node (mbind before the first touch, so whichever thread
// writes a page, the node's memory holds it).
//
//===----------------------------------------------------------------------===//
#include "polyrt/node_subgraphs.h"

#include "detail/edge_splitter.h"
#include "detail/graph_cache.h"

#include <algorithm>
#include <memory>
#include <mutex>

namespace polyrt {
namespace {

/// The parts' ranges of the split endpoint: each node's range cut in
/// `segments` (by vertices, or by the out-edges in `outOffsets`).
std::vector<VertexId> partBounds(const Partition &p, int64_t segments, const EdgeOffset *outOffsets) {
  std::vector<VertexId> bounds;
  for (int k = 0; k < p.nodes(); ++k) {
    VertexId lo = p.begin(k), hi = p.end(k);
    for (int64_t s = 0; s < segments; ++s) {
      if (s == 0 || !outOffsets) {
        bounds.push_back(static_cast<VertexId>(lo + (int64_t{hi} - lo) * s / segments));
        continue;
      }
      EdgeOffset target = outOffsets[lo] + (outOffsets[hi] - outOffsets[lo]) * s / segments;
      auto v = static_cast<VertexId>(std::lower_bound(outOffsets + lo, outOffsets + hi, target) -
                                     outOffsets);
      bounds.push_back(std::max(bounds.back(), v));
    }
  }
  bounds.push_back(p.numVertices());
  return bounds;
}

template <typename W>
NodeSubgraphs<W> build(Graph<W> &g, const Partition &p, SubgraphSide side, int64_t segments,
                       SegmentSplit how, bool consumeEdges) {
  bool pull = side == SubgraphSide::Pull;
  const EdgeOffset *byEdges = pull && how == SegmentSplit::EdgeCount ? g.outOffsets() : nullptr;
  detail::EdgeSplitter<W> splitter(g.numVertices(), pull ? g.inOffsets() : g.outOffsets(),
                                   pull ? g.inNeighbors() : g.outNeighbors(),
                                   pull ? g.inWeights() : g.outWeights(),
                                   partBounds(p, segments, byEdges));
  NodeSubgraphs<W> result;
  result.partition = p;
  result.segmentsPerNode = segments;
  result.parts.resize(splitter.numParts());
  // Straight into each node's memory: no second copy of the edges exists.
  splitter.buildInto([&](int64_t s, int64_t owners, int64_t edges) {
    NodeSubgraph<W> &to = result.parts[s];
    const int k = result.nodeOf(s);
    to.vertices = NodeBlock<VertexId>(owners, k);
    to.offsets = NodeBlock<EdgeOffset>(owners + 1, k);
    to.neighbors = NodeBlock<VertexId>(edges, k);
    if constexpr (Graph<W>::kWeighted)
      to.weights = NodeBlock<W>(edges, k);
    return detail::PartArrays<W>{to.vertices.data(), to.offsets.data(), to.neighbors.data(),
                                 Graph<W>::kWeighted ? to.weights.data() : nullptr};
  }, consumeEdges);
  return result;
}

/// Keyed by the partition's bounds, the side and the segments.
struct SubgraphKey {
  std::vector<VertexId> bounds;
  SubgraphSide side;
  int64_t segments;
  SegmentSplit how;
  bool operator==(const SubgraphKey &) const = default;
};
template <typename W> detail::GraphCache<W, SubgraphKey, NodeSubgraphs<W>> &cache() {
  static detail::GraphCache<W, SubgraphKey, NodeSubgraphs<W>> instance;
  return instance;
}

template <typename W>
const NodeSubgraphs<W> &cachedSubgraphs(Graph<W> &g, const Partition &p, SubgraphSide side,
                                        int64_t segments, SegmentSplit how, bool consumeEdges) {
  if (segments < 1)
    throw Error("each NUMA node needs at least one segment, not " + std::to_string(segments));
  if (p.bounds.empty() || p.numVertices() != g.numVertices())
    throw Error("a partition of " + std::to_string(p.bounds.empty() ? 0 : p.numVertices()) +
                " vertices cannot split a graph of " + std::to_string(g.numVertices()));
  if (side == SubgraphSide::Pull)
    g.buildInEdges();
  // Undirected: the pull split (in-edges by source owner, grouped by
  // destination) reads the same arrays as the push split.
  if (!g.directed() && how == SegmentSplit::VertexCount)
    side = SubgraphSide::Push;
  return cache<W>().get(g, SubgraphKey{p.bounds, side, segments, how},
                        [&] { return build(g, p, side, segments, how, consumeEdges); });
}

} // namespace

template <typename W>
const NodeSubgraphs<W> &nodeSubgraphs(Graph<W> &g, const Partition &p, SubgraphSide side,
                                      int64_t segments, SegmentSplit how) {
  return cachedSubgraphs(g, p, side, segments, how, false);
}

template <typename W>
const NodeSubgraphs<W> &nodeSubgraphsConsumingEdges(Graph<W> &g, const Partition &p,
                                                    SubgraphSide side) {
  return cachedSubgraphs(g, p, side, 1, SegmentSplit::VertexCount, true);
}

template <typename W> void pinNodeSubgraphs(const Graph<W> &g) { cache<W>().pin(g); }
template <typename W> void forgetNodeSubgraphs(const Graph<W> &g) { cache<W>().forget(g); }

#define POLYRT_INSTANTIATE(W)                                                                  \
  template const NodeSubgraphs<W> &nodeSubgraphs<W>(Graph<W> &, const Partition &, SubgraphSide, \
                                                    int64_t, SegmentSplit);                     \
  template const NodeSubgraphs<W> &nodeSubgraphsConsumingEdges<W>(Graph<W> &, const Partition &, \
                                                                  SubgraphSide);                \
  template void pinNodeSubgraphs<W>(const Graph<W> &);                                        \
  template void forgetNodeSubgraphs<W>(const Graph<W> &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
