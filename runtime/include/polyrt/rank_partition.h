//===- rank_partition.h - A distributed program's vertices over ranks ----===//
//
// The MPI-free half of distributed.h: the settings of configDistribution and
// the program-wide split of the vertices over ranks. libpolyrt-mpi makes its
// partition with makeRankPartition; rank_model.h counts, without MPI, what
// that partition would send.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_RANK_PARTITION_H
#define POLYRT_RANK_PARTITION_H

#include "polyrt/types.h"

#include <vector>

namespace polyrt::dist {

/// configDistribution's first argument.
enum class Strategy { ChunkAlpha, EdgeBalanced, VertexBalanced, Hash };
/// configMessageCombining: what one exchange sends for a mirror's value.
enum class Combining {
  Mirrors,   // one record per vertex and rank that lists it (Gemini)
  Batched,   // one record per cut edge, packed into batches per rank (AAM)
  PerUpdate, // one record per cut edge, each its own MPI message (the baseline)
};
/// configCommunication: how the records travel.
enum class Communication { Ring, Alltoallv };

/// The program-wide split of [0, n) over the ranks: rank r owns
/// [begin(r), end(r)).
struct RankPartition {
  Strategy how = Strategy::ChunkAlpha;
  /// ranks + 1 entries from 0 to n, non-decreasing, each a multiple of
  /// 4096 or n (an empty rank's range starts where the next one does).
  std::vector<VertexId> bounds;
  VertexId begin(int r) const { return bounds[r]; }
  VertexId end(int r) const { return bounds[r + 1]; }
  /// The rank owning v (0 <= v < n); ranks with empty ranges own nothing.
  int ownerOf(VertexId v) const;
  VertexId numVertices() const { return bounds.back(); }
};

/// The split of n vertices over `ranks` by `how`: partitionVertices
/// (numa_partition.h) over the in-degrees given by inOffsets (n + 1 entries)
/// with granule 4096; alpha < 0 is chunk-alpha's default 8 * (ranks - 1).
/// Errors: fewer vertices than ranks ("cannot split 3 vertices over 4
/// ranks"); Hash, which is not a contiguous range per rank.
RankPartition makeRankPartition(VertexId n, const EdgeOffset *inOffsets, int ranks, Strategy how,
                                double alpha);

} // namespace polyrt::dist

#endif
