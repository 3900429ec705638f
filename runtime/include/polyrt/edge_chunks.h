//===- edge_chunks.h - Dividing traversals by edges ---------------------===//
//
// Work division for skewed graphs, where equal vertex ranges carry very
// unequal numbers of edges.
//
// Edge-aware vertex parallelism: cut the vertices (or a frontier list) into
// chunks of about grainEdges units of work, a vertex costing its degree plus
// one, and hand the chunks out dynamically:
//
//   std::vector<VertexId> b = edgeBalancedBoundaries(offsets, n, grain);
//   #pragma omp parallel for schedule(dynamic, 1)
//   for (size_t c = 0; c + 1 < b.size(); ++c)
//     for (VertexId v = b[c]; v < b[c + 1]; ++v) ...
//
// Edge parallelism: number the edges of a frontier 0..E-1 in frontier order
// (FrontierEdgePrefix) and hand out edge ranges. A thread given [e0, e1)
// finds the frontier entry its range starts in and walks on from there; a
// source whose edges straddle two ranges is handled by two threads, so
// writes to the source need atomics:
//
//   FrontierEdgePrefix p(sources, offsets);
//   int64_t k = sources.size();
//   #pragma omp parallel for schedule(dynamic, 1)
//   for (int64_t e0 = 0; e0 < p.numEdges(); e0 += grain) {
//     int64_t e1 = std::min(e0 + grain, p.numEdges());
//     for (int64_t i = p.sourceIndexOfEdge(e0); i < k && p[i] < e1; ++i) {
//       VertexId src = sources[i];
//       EdgeOffset first = offsets[src] + (std::max(e0, p[i]) - p[i]);
//       EdgeOffset last = offsets[src] + (std::min(e1, p[i + 1]) - p[i]);
//       for (EdgeOffset e = first; e < last; ++e) ... neighbors[e] ...
//     }
//   }
//
// Over the whole graph the edge numbers are the CSR positions themselves:
// start at v = sourceOfEdge(offsets, n, e0) and walk while offsets[v] < e1,
// clipping each list to [e0, e1).
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_EDGE_CHUNKS_H
#define POLYRT_EDGE_CHUNKS_H

#include "polyrt/types.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace polyrt {

/// Boundaries b[0] = 0 < b[1] < ... < b[k] = n of chunks [b[i], b[i+1]) of
/// vertices, each holding about grainEdges units (a vertex's degree plus one;
/// a chunk holds at least one vertex, so a vertex of huge degree is a chunk of
/// its own). offsets is a CSR/CSC offset array of n+1 entries. n = 0 gives
/// {0}. grainEdges < 1 counts as 1. Each boundary is found by galloping from
/// the previous one: a few cache misses per chunk (docs/runtime.md), so a
/// loop over the whole graph should
/// compute its boundaries once per graph and grain, not once per round.
std::vector<VertexId> edgeBalancedBoundaries(const EdgeOffset *offsets, VertexId n,
                                             int64_t grainEdges);

/// The same over a frontier list: boundaries into the list (0 = b[0] < ... <
/// b[k] = frontier.size()), chunk i being frontier[b[i] .. b[i+1]). A parallel
/// prefix sum of the degrees, then binary searches.
std::vector<int64_t> edgeBalancedBoundaries(std::span<const VertexId> frontier,
                                            const EdgeOffset *offsets, int64_t grainEdges);

/// The exclusive prefix sum of the out-degrees of a frontier list (a parallel
/// scan): p[i] is the number of the first edge of frontier[i], p[size] the
/// frontier's edge total. Duplicates in the list count each time.
class FrontierEdgePrefix {
public:
  FrontierEdgePrefix(std::span<const VertexId> frontier, const EdgeOffset *offsets);
  int64_t numEdges() const { return prefix_.back(); }
  int64_t operator[](int64_t i) const { return prefix_[i]; }
  const std::vector<int64_t> &prefix() const { return prefix_; }
  /// The index i into the frontier whose edges hold edge number e (0 <= e <
  /// numEdges()): p[i] <= e < p[i+1]. Skips vertices of degree 0.
  int64_t sourceIndexOfEdge(int64_t e) const {
    return std::upper_bound(prefix_.begin(), prefix_.end(), e) - prefix_.begin() - 1;
  }

private:
  std::vector<int64_t> prefix_;
};

/// The vertex whose edge list holds CSR position e (0 <= e < offsets[n]).
inline VertexId sourceOfEdge(const EdgeOffset *offsets, VertexId n, EdgeOffset e) {
  return static_cast<VertexId>(std::upper_bound(offsets, offsets + n + 1, e) - offsets - 1);
}

} // namespace polyrt

#endif
