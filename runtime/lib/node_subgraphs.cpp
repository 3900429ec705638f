//===- node_subgraphs.cpp - A traversal's edges split by NUMA node ------===//
//
// The split is the cache-blocking one (detail/edge_splitter.h) with the
// partition's ranges as the parts; each part is then copied into memory
// bound to its node, in parallel, so the node's pages hold it.
//
//===----------------------------------------------------------------------===//
#include "polyrt/node_subgraphs.h"

#include "detail/edge_splitter.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>

namespace polyrt {
namespace {

template <typename T> NodeBlock<T> copyToNode(const std::vector<T> &from, int node) {
  NodeBlock<T> block(static_cast<int64_t>(from.size()), node);
  if (!from.empty())
    std::memcpy(block.data(), from.data(), sizeof(T) * from.size());
  return block;
}

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
                       SegmentSplit how) {
  bool pull = side == SubgraphSide::Pull;
  const EdgeOffset *byEdges = pull && how == SegmentSplit::EdgeCount ? g.outOffsets() : nullptr;
  detail::EdgeSplitter<W> splitter(g.numVertices(), pull ? g.inOffsets() : g.outOffsets(),
                                   pull ? g.inNeighbors() : g.outNeighbors(),
                                   pull ? g.inWeights() : g.outWeights(),
                                   partBounds(p, segments, byEdges));
  SegmentedGraph<W> split = splitter.build();
  NodeSubgraphs<W> result;
  result.partition = p;
  result.segmentsPerNode = segments;
  result.parts.resize(split.segments.size());
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t i = 0; i < static_cast<int64_t>(split.segments.size()); ++i) {
    auto &part = split.segments[i];
    NodeSubgraph<W> &to = result.parts[i];
    const int k = result.nodeOf(i);
    to.vertices = copyToNode(part.dsts, k);
    to.offsets = copyToNode(part.offsets, k);
    to.neighbors = copyToNode(part.srcs, k);
    if constexpr (Graph<W>::kWeighted)
      to.weights = copyToNode(part.weights, k);
    std::vector<VertexId>().swap(part.dsts); // free as we go
    std::vector<VertexId>().swap(part.srcs);
  }
  return result;
}

template <typename W> struct Cache {
  struct Entry {
    const Graph<W> *graph;
    VertexId n;
    EdgeOffset m;
    const EdgeOffset *offsets;
    const VertexId *neighbors;
    std::vector<VertexId> bounds;
    SubgraphSide side;
    int64_t segments;
    SegmentSplit how;
    std::unique_ptr<NodeSubgraphs<W>> subgraphs;
  };
  static constexpr size_t kKept = 4;
  std::mutex mutex;
  std::vector<Entry> entries;
  static Cache &get() {
    static Cache cache;
    return cache;
  }
};

} // namespace

template <typename W>
const NodeSubgraphs<W> &nodeSubgraphs(Graph<W> &g, const Partition &p, SubgraphSide side,
                                      int64_t segments, SegmentSplit how) {
  if (segments < 1)
    throw Error("each NUMA node needs at least one segment, not " + std::to_string(segments));
  if (p.bounds.empty() || p.numVertices() != g.numVertices())
    throw Error("a partition of " + std::to_string(p.bounds.empty() ? 0 : p.numVertices()) +
                " vertices cannot split a graph of " + std::to_string(g.numVertices()));
  bool pull = side == SubgraphSide::Pull;
  if (pull)
    g.buildInEdges();
  const EdgeOffset *offsets = pull ? g.inOffsets() : g.outOffsets();
  const VertexId *neighbors = pull ? g.inNeighbors() : g.outNeighbors();
  Cache<W> &cache = Cache<W>::get();
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto &entries = cache.entries;
  auto sameGraph = [&](const typename Cache<W>::Entry &e) {
    return e.n == g.numVertices() && e.m == g.numEdges() && e.offsets == offsets &&
           e.neighbors == neighbors;
  };
  // An entry for this address and side that does not match is a dead graph's.
  std::erase_if(entries,
                [&](const auto &e) { return e.graph == &g && e.side == side && !sameGraph(e); });
  for (size_t i = 0; i < entries.size(); ++i)
    if (entries[i].graph == &g && entries[i].side == side && entries[i].bounds == p.bounds &&
        entries[i].segments == segments && entries[i].how == how) {
      std::rotate(entries.begin() + static_cast<std::ptrdiff_t>(i),
                  entries.begin() + static_cast<std::ptrdiff_t>(i) + 1, entries.end());
      return *entries.back().subgraphs;
    }
  auto built = std::make_unique<NodeSubgraphs<W>>(build(g, p, side, segments, how));
  entries.push_back({&g, g.numVertices(), g.numEdges(), offsets, neighbors, p.bounds, side,
                     segments, how, std::move(built)});
  if (entries.size() > Cache<W>::kKept)
    entries.erase(entries.begin());
  return *entries.back().subgraphs;
}

template <typename W> void forgetNodeSubgraphs(const Graph<W> &g) {
  Cache<W> &cache = Cache<W>::get();
  std::lock_guard<std::mutex> lock(cache.mutex);
  std::erase_if(cache.entries, [&](const auto &e) { return e.graph == &g; });
}

#define POLYRT_INSTANTIATE(W)                                                                  \
  template const NodeSubgraphs<W> &nodeSubgraphs<W>(Graph<W> &, const Partition &, SubgraphSide, \
                                                    int64_t, SegmentSplit);                     \
  template void forgetNodeSubgraphs<W>(const Graph<W> &);
POLYRT_INSTANTIATE(NoWeight)
POLYRT_INSTANTIATE(int32_t)
POLYRT_INSTANTIATE(float)
POLYRT_INSTANTIATE(double)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
