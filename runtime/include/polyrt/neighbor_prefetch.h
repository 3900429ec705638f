//===- neighbor_prefetch.h - Prefetching a neighbour's value ahead -------===//
//
// A loop over every vertex v that reads one value of one neighbour,
// `values[neighbors[offsets[v] + position]]` (Afforest's sampling links v to
// its first, then its second neighbour and reads both labels), does little
// work per vertex besides that read, which is random. Where the values do not
// fit the L2 the read waits on the L3 or memory once per vertex, one vertex
// after the other. Prefetching the value of the vertex kNeighborValueDistance
// ahead overlaps those waits. Where the neighbour lies near the vertex (a
// grid's rows) the value is in the cache already and the prefetch's own reads
// (two offsets and a neighbour per vertex) only cost
// (docs/benchmark-log/2026-11-29-1230-afforest-neighbor-prefetch-graphit.md).
// NeighborValuePrefetch therefore looks at the
// graph before the loop and prefetches only where most of the neighbours it
// samples lie far from their vertex and the values do not fit the L2.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_NEIGHBOR_PREFETCH_H
#define POLYRT_NEIGHBOR_PREFETCH_H

#include "polyrt/graph.h"
#include "polyrt/types.h"

#include <cstddef>
#include <cstdint>

namespace polyrt {

/// How many vertices ahead a loop prefetches its neighbour's value: enough
/// to cover a miss to memory at a few nanoseconds per vertex.
inline constexpr int64_t kNeighborValueDistance = 32;

/// POLYRT_NEIGHBOR_PREFETCH: sampled (the default: the graph decides), on or
/// off for every loop.
enum class NeighborPrefetchSetting { Sampled, On, Off };
NeighborPrefetchSetting neighborPrefetchSetting();

/// The size of this machine's L2 cache per core in bytes (1 MiB when the
/// system does not say).
size_t l2CacheBytes();

/// How many vertices neighborValuesFarApart looks at.
inline constexpr int64_t kNeighborSamples = 1024;

/// Whether prefetching `values[neighbors[offsets[v] + position]]` ahead pays
/// in a loop over every vertex, judged on this graph: the values (n of
/// `valueBytes` each) must not fit in `cacheBytes`, and of up to
/// kNeighborSamples vertices spread evenly over the ids that have a
/// neighbour at `position`, more than half must have it farther than a
/// quarter of `cacheBytes` from themselves: a nearer value was read for a
/// vertex just walked, or lies in the lines the hardware prefetcher fetches.
bool neighborValuesFarApart(const EdgeOffset *offsets, const VertexId *neighbors,
                            int64_t numVertices, int64_t position, size_t valueBytes,
                            size_t cacheBytes);

/// What NeighborValuePrefetch decides: POLYRT_NEIGHBOR_PREFETCH, else
/// neighborValuesFarApart with this machine's L2; reported under
/// POLYRT_VERBOSE with `loop`'s name.
bool neighborValuePrefetchWorthIt(const EdgeOffset *offsets, const VertexId *neighbors,
                                  int64_t numVertices, int64_t position, size_t valueBytes,
                                  const char *loop);

/// One loop's prefetch of the value its vertex reads through the neighbour
/// at `position`, decided when constructed; the generated loop asks
/// worthIt() once and runs a copy of itself that calls prefetchAhead(v) on every
/// vertex, or one that does not.
template <typename T> class NeighborValuePrefetch {
public:
  template <typename W>
  NeighborValuePrefetch(const Graph<W> &g, int64_t position, const T *values,
                        const char *loop = "the loop")
      : offsets_(g.outOffsets()), neighbors_(g.outNeighbors()), values_(values),
        numVertices_(g.numVertices()), position_(position),
        worthIt_(neighborValuePrefetchWorthIt(offsets_, neighbors_, numVertices_, position,
                                              sizeof(T), loop)) {}

  bool worthIt() const { return worthIt_; }

  /// Prefetches the value of neighborAhead(v), if there is one.
  void prefetchAhead(VertexId v) const {
    const int64_t neighbor = neighborAhead(v);
    if (neighbor >= 0)
      __builtin_prefetch(values_ + neighbor, 0, 3);
  }

  /// The neighbour at `position` of the vertex kNeighborValueDistance past v;
  /// -1 when there is no such vertex or its list is shorter (nothing is read
  /// out of the arrays' range).
  int64_t neighborAhead(VertexId v) const {
    const int64_t next = static_cast<int64_t>(v) + kNeighborValueDistance;
    if (next >= numVertices_)
      return -1;
    const EdgeOffset first = offsets_[next];
    if (static_cast<uint64_t>(position_) >= static_cast<uint64_t>(offsets_[next + 1] - first))
      return -1;
    return neighbors_[first + position_];
  }

private:
  const EdgeOffset *offsets_;
  const VertexId *neighbors_;
  const T *values_;
  int64_t numVertices_;
  int64_t position_;
  bool worthIt_;
};

} // namespace polyrt

#endif
