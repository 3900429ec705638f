//===- segmented_graph.cpp - Cache-blocked in-edges ---------------------===//
//
// The CSC split by source range (detail/edge_splitter.h), cached per graph.
//
//===----------------------------------------------------------------------===//
#include "polyrt/segmented_graph.h"

#include "polyrt/edge_chunks.h"

#include "detail/edge_splitter.h"

#include <omp.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <string>

namespace polyrt {
namespace {

/// Source boundaries: segment s holds sources [b[s], b[s+1]).
std::vector<VertexId> sourceBoundaries(const EdgeOffset *outOffsets, VertexId n, int64_t count,
                                       SegmentSplit how) {
  std::vector<VertexId> b(count + 1);
  b[count] = n;
  EdgeOffset m = outOffsets[n];
  for (int64_t s = 1; s < count; ++s) {
    if (how == SegmentSplit::VertexCount) {
      b[s] = static_cast<VertexId>(int64_t{n} * s / count);
    } else {
      // The first source whose out-edges start at or past s/count of them,
      // kept strictly increasing with room for the segments after it.
      EdgeOffset target = m / count * s + m % count * s / count; // m * s / count
      auto v = static_cast<VertexId>(std::lower_bound(outOffsets, outOffsets + n + 1, target) -
                                     outOffsets);
      b[s] = std::clamp<VertexId>(v, b[s - 1] + 1, static_cast<VertexId>(n - (count - s)));
    }
  }
  return b;
}

/// The cached segmentations of one weight type, most recently used last.
template <typename W> struct Cache {
  struct Entry {
    const Graph<W> *graph;
    // What identifies the graph's current contents, besides its address.
    VertexId n;
    EdgeOffset m;
    const EdgeOffset *inOffsets;
    const VertexId *inNeighbors;
    int64_t numSegments;
    SegmentSplit how;
    std::unique_ptr<SegmentedGraph<W>> segmented;
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
const SegmentedGraph<W> &segmentedInEdges(Graph<W> &g, int64_t numSegments, SegmentSplit how) {
  VertexId n = g.numVertices();
  if (numSegments < 1 || numSegments > std::max<int64_t>(n, 1))
    throw Error("the number of segments must be between 1 and the number of vertices (" +
                std::to_string(n) + "); it is " + std::to_string(numSegments));
  g.buildInEdges();
  Cache<W> &cache = Cache<W>::get();
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto &entries = cache.entries;
  auto sameGraph = [&](const typename Cache<W>::Entry &e) {
    return e.n == n && e.m == g.numEdges() && e.inOffsets == g.inOffsets() &&
           e.inNeighbors == g.inNeighbors();
  };
  // An entry for this address that does not match is a dead graph's.
  std::erase_if(entries, [&](const auto &e) { return e.graph == &g && !sameGraph(e); });
  for (size_t i = 0; i < entries.size(); ++i)
    if (entries[i].graph == &g && entries[i].numSegments == numSegments && entries[i].how == how) {
      std::rotate(entries.begin() + static_cast<std::ptrdiff_t>(i),
                  entries.begin() + static_cast<std::ptrdiff_t>(i) + 1, entries.end());
      return *entries.back().segmented;
    }
  std::vector<VertexId> bounds = sourceBoundaries(g.outOffsets(), n, numSegments, how);
  auto built = std::make_unique<SegmentedGraph<W>>(detail::EdgeSplitter<W>(n, g.inOffsets(), g.inNeighbors(), g.inWeights(), std::move(bounds)).build());
  entries.push_back({&g, n, g.numEdges(), g.inOffsets(), g.inNeighbors(), numSegments, how,
                     std::move(built)});
  if (entries.size() > Cache<W>::kKept)
    entries.erase(entries.begin());
  return *entries.back().segmented;
}

template <typename W> void forgetSegmentedGraphs(const Graph<W> &g) {
  Cache<W> &cache = Cache<W>::get();
  std::lock_guard<std::mutex> lock(cache.mutex);
  std::erase_if(cache.entries, [&](const auto &e) { return e.graph == &g; });
}

#define POLYRT_INSTANTIATE(W)                                                               \
  template const SegmentedGraph<W> &segmentedInEdges<W>(Graph<W> &, int64_t, SegmentSplit);  \
  template void forgetSegmentedGraphs<W>(const Graph<W> &);
POLYRT_INSTANTIATE(NoWeight)
POLYRT_INSTANTIATE(int32_t)
POLYRT_INSTANTIATE(float)
POLYRT_INSTANTIATE(double)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
