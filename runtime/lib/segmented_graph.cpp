//===- segmented_graph.cpp - Cache-blocked in-edges ---------------------===//
//
// The build is two passes over the CSC, in parallel over blocks of
// destinations (balanced by in-edges): (1) each block counts, per segment, its
// destinations and edges; a prefix over the blocks turns the counts into each
// block's write positions in every segment; (2) each block writes its
// destinations and edges there. Each destination's in-list is cut into runs of
// sources that lie in one segment; a list not sorted by source (a CSC read
// from a file) may visit a segment more than once, and its runs are then
// stably sorted by segment so each segment gets one entry per destination.
//
//===----------------------------------------------------------------------===//
#include "polyrt/segmented_graph.h"

#include "polyrt/edge_chunks.h"

#include "detail/parallel.h"

#include <omp.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <string>

namespace polyrt {
namespace {

/// At most this many (block, segment) counters: many segments get few blocks.
constexpr int64_t kCounterBudget = int64_t{1} << 22;

/// A run of a destination's in-edges [lo, hi) (CSC positions) whose sources
/// lie in one segment.
struct Run {
  int64_t segment;
  EdgeOffset lo, hi;
};

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

template <typename W> class Builder {
public:
  Builder(const Graph<W> &g, std::vector<VertexId> bounds)
      : n_(g.numVertices()), offsets_(g.inOffsets()), sources_(g.inNeighbors()),
        weights_(g.inWeights()), bounds_(std::move(bounds)),
        numSegments_(static_cast<int64_t>(bounds_.size()) - 1) {
    // Buckets of 2^shift_ sources, at most 4 per segment: bucketFirst_[k] is
    // the segment of source k << shift_, and segmentOf walks on from there
    // (at most one step when the segments hold equal numbers of vertices).
    while ((int64_t{n_} >> shift_) > 4 * numSegments_)
      ++shift_;
    int64_t buckets = n_ > 0 ? ((int64_t{n_} - 1) >> shift_) + 1 : 0;
    bucketFirst_.resize(buckets);
    for (int64_t k = 0, s = 0; k < buckets; ++k) {
      while (bounds_[s + 1] <= (k << shift_))
        ++s;
      bucketFirst_[k] = s;
    }
  }

  SegmentedGraph<W> build() {
    SegmentedGraph<W> result;
    result.segments.resize(numSegments_);
    int64_t want = std::min<int64_t>(4 * omp_get_max_threads(),
                                     std::max<int64_t>(1, kCounterBudget / numSegments_));
    int64_t work = offsets_[n_] + n_;
    std::vector<VertexId> blocks = edgeBalancedBoundaries(offsets_, n_, work / want + 1);
    int64_t numBlocks = static_cast<int64_t>(blocks.size()) - 1;
    // dstAt/edgeAt[b * S + s]: block b's count in segment s, then its cursor.
    std::vector<int64_t> dstAt(numBlocks * numSegments_), edgeAt(numBlocks * numSegments_);
    int64_t S = numSegments_;
    forEachBlock(blocks, [&](int64_t b, VertexId, const Run *runs, size_t count) {
      int64_t s = runs[0].segment;
      dstAt[b * S + s] += 1;
      for (size_t r = 0; r < count; ++r)
        edgeAt[b * S + s] += runs[r].hi - runs[r].lo;
    });
#pragma omp parallel for schedule(dynamic, 16) if (work > detail::kSerialCutoff)
    for (int64_t s = 0; s < S; ++s) {
      int64_t dsts = 0, edges = 0;
      for (int64_t b = 0; b < numBlocks; ++b) {
        int64_t d = dstAt[b * S + s], e = edgeAt[b * S + s];
        dstAt[b * S + s] = dsts;
        edgeAt[b * S + s] = edges;
        dsts += d;
        edges += e;
      }
      typename SegmentedGraph<W>::Segment &seg = result.segments[s];
      seg.srcBegin = bounds_[s];
      seg.srcEnd = bounds_[s + 1];
      seg.dsts.resize(dsts);
      seg.offsets.resize(dsts + 1);
      seg.offsets[dsts] = edges;
      seg.srcs.resize(edges);
      if constexpr (Graph<W>::kWeighted)
        seg.weights.resize(edges);
    }
    forEachBlock(blocks, [&](int64_t b, VertexId v, const Run *runs, size_t count) {
      int64_t s = runs[0].segment;
      typename SegmentedGraph<W>::Segment &seg = result.segments[s];
      int64_t d = dstAt[b * S + s]++;
      EdgeOffset e = edgeAt[b * S + s];
      seg.dsts[d] = v;
      seg.offsets[d] = e;
      for (size_t r = 0; r < count; ++r)
        for (EdgeOffset k = runs[r].lo; k < runs[r].hi; ++k, ++e) {
          seg.srcs[e] = sources_[k];
          if constexpr (Graph<W>::kWeighted)
            seg.weights[e] = weights_[k];
        }
      edgeAt[b * S + s] = e;
    });
    return result;
  }

private:
  int64_t segmentOf(VertexId src) const {
    int64_t s = bucketFirst_[src >> shift_];
    while (bounds_[s + 1] <= src)
      ++s;
    return s;
  }

  /// For each destination of each block (blocks in parallel), calls
  /// f(block, v, runs, count) once per segment holding in-edges of v, in
  /// increasing segment order; runs[0 .. count) are in CSC order.
  template <typename F> void forEachBlock(const std::vector<VertexId> &blocks, F f) const {
    int64_t numBlocks = static_cast<int64_t>(blocks.size()) - 1;
    bool parallel = offsets_[n_] + n_ > detail::kSerialCutoff;
#pragma omp parallel if (parallel)
    {
      std::vector<Run> runs;
#pragma omp for schedule(dynamic, 1)
      for (int64_t b = 0; b < numBlocks; ++b)
        for (VertexId v = blocks[b]; v < blocks[b + 1]; ++v) {
          runs.clear();
          bool sorted = true;
          for (EdgeOffset e = offsets_[v], end = offsets_[v + 1]; e < end;) {
            int64_t s = segmentOf(sources_[e]);
            VertexId lo = bounds_[s], hi = bounds_[s + 1];
            EdgeOffset r = e + 1;
            while (r < end && sources_[r] >= lo && sources_[r] < hi)
              ++r;
            sorted = sorted && (runs.empty() || runs.back().segment < s);
            runs.push_back({s, e, r});
            e = r;
          }
          if (!sorted)
            std::stable_sort(runs.begin(), runs.end(),
                             [](const Run &a, const Run &c) { return a.segment < c.segment; });
          for (size_t i = 0, j; i < runs.size(); i = j) {
            for (j = i + 1; j < runs.size() && runs[j].segment == runs[i].segment;)
              ++j;
            f(b, v, runs.data() + i, j - i);
          }
        }
    }
  }

  VertexId n_;
  const EdgeOffset *offsets_;
  const VertexId *sources_;
  const W *weights_;
  std::vector<VertexId> bounds_;
  int64_t numSegments_;
  int shift_ = 0;
  std::vector<int64_t> bucketFirst_;
};

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
  auto built = std::make_unique<SegmentedGraph<W>>(Builder<W>(g, std::move(bounds)).build());
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
