//===- edge_splitter.h - Adjacency lists split by neighbor range (internal) -===//
//
// One structure serves cache blocking (segmentedInEdges: the CSC split by
// source segment) and NUMA (nodeSubgraphs: a node's part holds the edges
// whose split endpoint the node owns). The build is two passes over the
// lists, in parallel over blocks of owners (balanced by edges): (1) each
// block counts, per part, its owners and edges; a prefix over the blocks
// turns the counts into each block's write positions in every part; (2)
// each block writes its owners and edges there. Each owner's list is cut
// into runs of neighbors that lie in one part; a list not sorted by
// neighbor (a CSC read from a file) may visit a part more than once, and
// its runs are then stably sorted by part so each part gets one entry per
// owner. The result uses SegmentedGraph's Segment as the part layout.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_DETAIL_EDGE_SPLITTER_H
#define POLYRT_DETAIL_EDGE_SPLITTER_H

#include "polyrt/edge_chunks.h"
#include "polyrt/segmented_graph.h"

#include "detail/parallel.h"

#include <omp.h>

#include <algorithm>
#include <vector>

namespace polyrt::detail {

/// At most this many (block, segment) counters: many segments get few blocks.
constexpr int64_t kCounterBudget = int64_t{1} << 22;

/// A run of a destination's in-edges [lo, hi) (CSC positions) whose sources
/// lie in one segment.
struct Run {
  int64_t segment;
  EdgeOffset lo, hi;
};

/// Where the splitter writes part s: owners (the grouped-by endpoints),
/// offsets (owners + 1 entries), neighbors and weights (null if unweighted).
template <typename W> struct PartArrays {
  VertexId *owners = nullptr;
  EdgeOffset *offsets = nullptr;
  VertexId *neighbors = nullptr;
  W *weights = nullptr;
};

/// Hands the whole pages inside [first, last) back to the system (their
/// contents read as zeros afterwards); the pages at the ends, which other
/// blocks share, stay.
void dropPages(const void *first, const void *last);

template <typename W> class EdgeSplitter {
public:
  /// The lists of vertices [0, n) (offsets, neighbors, weights: a CSC, or
  /// a CSR) split by the neighbor's range: part s holds the neighbors in
  /// [bounds[s], bounds[s+1]). Ranges may be empty.
  EdgeSplitter(VertexId n, const EdgeOffset *offsets, const VertexId *neighbors, const W *weights,
               std::vector<VertexId> bounds)
      : n_(n), offsets_(offsets), sources_(neighbors), weights_(weights), bounds_(std::move(bounds)),
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
    buildInto([&](int64_t s, int64_t owners, int64_t edges) {
      typename SegmentedGraph<W>::Segment &seg = result.segments[s];
      seg.srcBegin = bounds_[s];
      seg.srcEnd = bounds_[s + 1];
      seg.dsts.resize(owners);
      seg.offsets.resize(owners + 1);
      seg.srcs.resize(edges);
      if constexpr (Graph<W>::kWeighted)
        seg.weights.resize(edges);
      return PartArrays<W>{seg.dsts.data(), seg.offsets.data(), seg.srcs.data(),
                           Graph<W>::kWeighted ? seg.weights.data() : nullptr};
    });
    return result;
  }

  /// The split written straight into storage of the caller's:
  /// allocate(s, owners, edges) returns part s's PartArrays; it is called
  /// once per part, from several threads at once. With consumeInput, the
  /// pages of the input's neighbour and weight arrays are handed back to
  /// the system as soon as they are copied (their contents are lost): for
  /// an input freed afterwards, so that the input and the parts are never
  /// both whole in memory.
  template <typename Allocate> void buildInto(Allocate allocate, bool consumeInput = false) {
    // Consuming, finer blocks: the input still held is the blocks in flight.
    int64_t want = std::min<int64_t>((consumeInput ? 64 : 4) * omp_get_max_threads(),
                                     std::max<int64_t>(1, kCounterBudget / numSegments_));
    int64_t work = offsets_[n_] + n_;
    std::vector<VertexId> blocks = edgeBalancedBoundaries(offsets_, n_, work / want + 1);
    int64_t numBlocks = static_cast<int64_t>(blocks.size()) - 1;
    // dstAt/edgeAt[b * S + s]: block b's count in segment s, then its cursor.
    std::vector<int64_t> dstAt(numBlocks * numSegments_), edgeAt(numBlocks * numSegments_);
    int64_t S = numSegments_;
    std::vector<PartArrays<W>> parts(S);
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
      parts[s] = allocate(s, dsts, edges);
      parts[s].offsets[dsts] = edges;
    }
    forEachBlock(blocks, [&](int64_t b, VertexId v, const Run *runs, size_t count) {
      int64_t s = runs[0].segment;
      PartArrays<W> &part = parts[s];
      int64_t d = dstAt[b * S + s]++;
      EdgeOffset e = edgeAt[b * S + s];
      part.owners[d] = v;
      part.offsets[d] = e;
      for (size_t r = 0; r < count; ++r)
        for (EdgeOffset k = runs[r].lo; k < runs[r].hi; ++k, ++e) {
          part.neighbors[e] = sources_[k];
          if constexpr (Graph<W>::kWeighted)
            part.weights[e] = weights_[k];
        }
      edgeAt[b * S + s] = e;
    }, consumeInput);
  }

  int64_t numParts() const { return numSegments_; }

private:
  int64_t segmentOf(VertexId src) const {
    int64_t s = bucketFirst_[src >> shift_];
    while (bounds_[s + 1] <= src)
      ++s;
    return s;
  }

  /// For each destination of each block (blocks in parallel), calls
  /// f(block, v, runs, count) once per segment holding in-edges of v, in
  /// increasing segment order; runs[0 .. count) are in CSC order. With
  /// dropInput, each block's input pages are dropped once it is done.
  template <typename F>
  void forEachBlock(const std::vector<VertexId> &blocks, F f, bool dropInput = false) const {
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
          if (dropInput && v + 1 == blocks[b + 1]) {
            EdgeOffset lo = offsets_[blocks[b]], hi = offsets_[blocks[b + 1]];
            dropPages(sources_ + lo, sources_ + hi);
            if (weights_)
              dropPages(weights_ + lo, weights_ + hi);
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


} // namespace polyrt::detail

#endif
