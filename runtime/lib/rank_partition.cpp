//===- rank_partition.cpp - A distributed program's vertices over ranks ---===//
#include "polyrt/rank_partition.h"

#include "polyrt/numa_partition.h"

#include <algorithm>
#include <cstdint>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <string>

namespace polyrt::dist {
namespace {

/// Where rank boundaries may fall: multiples of 4096 vertices, or of
/// POLYRT_RANK_GRANULE, which the tests lower so that their small graphs
/// split over several ranks (docs/distributed.md).
VertexId rankGranule() {
  const char *text = std::getenv("POLYRT_RANK_GRANULE");
  if (!text || !*text)
    return kPlacementGranule;
  VertexId granule = 0;
  auto [end, ec] = std::from_chars(text, text + std::strlen(text), granule);
  if (ec != std::errc() || *end || granule < 1)
    throw Error(std::string("POLYRT_RANK_GRANULE must be a positive number of vertices, not '") +
                text + "'");
  return granule;
}

} // namespace

int cartesianRows(int ranks) {
  int rows = 1;
  for (int r = 2; int64_t{r} * r <= ranks; ++r)
    if (ranks % r == 0)
      rows = r;
  return rows;
}

int RankPartition::ownerOf(VertexId v) const {
  if (strided())
    return static_cast<int>(v % ranks);
  // The last rank whose range starts at or before v: empty ranges before it
  // start there too, but own nothing.
  return static_cast<int>(std::upper_bound(bounds.begin(), bounds.end() - 1, v) - bounds.begin()) -
         1;
}

RankPartition makeRankPartition(VertexId n, const EdgeOffset *inOffsets, int ranks, Strategy how,
                                double alpha) {
  if (ranks < 1 || n < ranks)
    throw Error("cannot split " + std::to_string(n) + " vertices over " + std::to_string(ranks) +
                " ranks");
  RankPartition result;
  result.how = how;
  result.ranks = ranks;
  result.n = n;
  // A rank's loop steps by p from its first vertex: the step past the last
  // must stay a vertex id.
  if (how == Strategy::Hash && int64_t{n} - 1 + ranks > INT32_MAX)
    throw Error("configDistribution(\"hash\") over " + std::to_string(ranks) +
                " ranks splits at most 2^31 - " + std::to_string(ranks) + " vertices; the graph "
                "has " + std::to_string(n) + " (a chunk strategy splits any graph)");
  if (how == Strategy::Hash)
    return result;
  // Cartesian owns vertices as chunk-alpha does (its 2-D cut is of edges).
  PartitionStrategy strategy = how == Strategy::ChunkAlpha || how == Strategy::Cartesian
                                   ? PartitionStrategy::ChunkAlpha
                               : how == Strategy::EdgeBalanced ? PartitionStrategy::EdgeBalanced
                                                               : PartitionStrategy::VertexBalanced;
  Partition split = partitionVertices(n, inOffsets, ranks, strategy, alpha, rankGranule());
  result.bounds = std::move(split.bounds);
  return result;
}

} // namespace polyrt::dist
