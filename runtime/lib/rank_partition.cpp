//===- rank_partition.cpp - A distributed program's vertices over ranks ---===//
#include "polyrt/rank_partition.h"

#include "polyrt/numa_partition.h"

#include <algorithm>
#include <string>

namespace polyrt::dist {

int RankPartition::ownerOf(VertexId v) const {
  // The last rank whose range starts at or before v: empty ranges before it
  // start there too, but own nothing.
  return static_cast<int>(std::upper_bound(bounds.begin(), bounds.end() - 1, v) - bounds.begin()) -
         1;
}

RankPartition makeRankPartition(VertexId n, const EdgeOffset *inOffsets, int ranks, Strategy how,
                                double alpha) {
  if (how == Strategy::Hash)
    throw Error("configDistribution(\"hash\") is not supported yet: a rank's vertices must be one "
                "contiguous range (use \"chunk-alpha\", \"edge-balanced\" or \"vertex-balanced\")");
  if (ranks < 1 || n < ranks)
    throw Error("cannot split " + std::to_string(n) + " vertices over " + std::to_string(ranks) +
                " ranks");
  PartitionStrategy strategy = how == Strategy::ChunkAlpha     ? PartitionStrategy::ChunkAlpha
                               : how == Strategy::EdgeBalanced ? PartitionStrategy::EdgeBalanced
                                                               : PartitionStrategy::VertexBalanced;
  Partition split = partitionVertices(n, inOffsets, ranks, strategy, alpha, kPlacementGranule);
  RankPartition result;
  result.how = how;
  result.bounds = std::move(split.bounds);
  return result;
}

} // namespace polyrt::dist
