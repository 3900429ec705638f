//===- segmented_graph.h - Cache-blocked in-edges -----------------------===//
//
// Segmented subgraphs (GraphIt's configApplyNumSSG; Zhang et al., "Making
// caches work for graph analytics"): the in-edges split by source range, so
// that a pull over one segment reads source data from a range that fits in
// the cache. A pull traversal runs segment after segment, each in parallel
// over its destinations:
//
//   const SegmentedGraph<W> &sg = segmentedInEdges(g, numSegments, how);
//   for (const auto &seg : sg.segments) {
//     #pragma omp parallel for schedule(dynamic, 64)
//     for (int64_t i = 0; i < (int64_t)seg.dsts.size(); ++i) {
//       VertexId dst = seg.dsts[i];
//       for (EdgeOffset e = seg.offsets[i]; e < seg.offsets[i + 1]; ++e)
//         ... seg.srcs[e] (and seg.weights[e]) ...
//     }
//   }
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_SEGMENTED_GRAPH_H
#define POLYRT_SEGMENTED_GRAPH_H

#include "polyrt/graph.h"
#include "polyrt/types.h"

#include <cstdint>
#include <vector>

namespace polyrt {

template <typename W> struct SegmentedGraph {
  /// The in-edges whose source lies in [srcBegin, srcEnd), grouped by
  /// destination: dsts lists (increasing) the destinations with at least one
  /// such edge; the sources of dsts[i] are srcs[offsets[i] .. offsets[i+1]),
  /// in the CSC's order, with their weights at the same positions.
  struct Segment {
    VertexId srcBegin, srcEnd;
    std::vector<VertexId> dsts;
    std::vector<EdgeOffset> offsets; // dsts.size() + 1 entries
    std::vector<VertexId> srcs;
    std::vector<W> weights; // empty if unweighted
  };
  /// Cover the sources [0, n) in order: segments[i].srcEnd ==
  /// segments[i+1].srcBegin. Every segment's source range is non-empty.
  std::vector<Segment> segments;
};

/// How the source range is split: into equal numbers of vertices, or of
/// out-edges (so each segment holds about the same number of edges).
enum class SegmentSplit { VertexCount, EdgeCount };

/// g's in-edges in numSegments segments. Built (in parallel) on first use and
/// cached, keyed by the graph's address, numSegments and how; calls must come
/// from serial code. Calls g.buildInEdges(). Throws Error unless 1 <=
/// numSegments <= n (for n = 0, numSegments must be 1).
///
/// The cache also checks the graph's size and array addresses, but a graph
/// destroyed and another made at the same address with arrays of the same
/// sizes at the same addresses would find the old entry: call
/// forgetSegmentedGraphs(g) before destroying a graph that was segmented.
/// The cache keeps the four most recently used segmentations; a reference
/// stays valid until its entry is dropped. Defined (and instantiated for the
/// four weight types) in the library.
template <typename W>
const SegmentedGraph<W> &segmentedInEdges(Graph<W> &g, int64_t numSegments, SegmentSplit how);
/// Drops the cached segments of g (all counts and splits).
template <typename W> void forgetSegmentedGraphs(const Graph<W> &g);

} // namespace polyrt

#endif
