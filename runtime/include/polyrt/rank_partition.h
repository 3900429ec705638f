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

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace polyrt::dist {

/// configDistribution's first argument. Cartesian owns vertices as
/// ChunkAlpha does and cuts the edges in 2-D (RankPartition::rows); Metis
/// owns them as a partition file says (readPartitionFile).
enum class Strategy { ChunkAlpha, EdgeBalanced, VertexBalanced, Hash, Cartesian, Metis };
/// configMessageCombining: what one exchange sends for a mirror's value.
enum class Combining {
  Mirrors,   // one record per vertex and rank that lists it (Gemini)
  Batched,   // one record per cut edge, packed into batches per rank (AAM)
  PerUpdate, // one record per cut edge, each its own MPI message (the baseline)
};
/// configCommunication: how the records travel.
enum class Communication { Ring, Alltoallv };

/// Vertices a rank walks, as a loop keeps them in registers: vertex(i) for i
/// below count, all in [first, limit), a range (list nullptr) or a list.
struct RankVertices {
  VertexId first, limit;
  int64_t count;
  const VertexId *list;
  VertexId vertex(int64_t i) const { return list ? list[i] : first + static_cast<VertexId>(i); }
};

/// The rows of Cartesian's grid of `ranks` ranks: the largest divisor of
/// ranks that is at most its square root (2: 1, 4: 2, 6: 2, 8: 2, 16: 4).
int cartesianRows(int ranks);

/// The program-wide split of [0, n) over the ranks. Rank r owns
/// ownedVertex(r, i) for i in [0, ownedCount(r)), in increasing order: one
/// contiguous range per rank for the chunk strategies and Cartesian, a
/// list otherwise (listed(): every ranks-th vertex from r for Hash, the
/// vertices a partition file gives r for Metis).
///
/// The ranks also form a grid of rows() x (ranks / rows()), numbered by
/// column: rank k is in row rowOf(k) = k % rows() and column columnOf(k) =
/// k / rows(). Rank k's part of an edgeset is the edges whose destination
/// lies in its column's range [columnFirst(k), columnLimit(k)), the owned
/// ranges of the column's ranks (contiguous, since they are numbered
/// consecutively), and whose source a rank of its row owns (inRow). Only
/// Cartesian has rows() > 1 (when ranks has a divisor from 2 to its square
/// root); every other strategy is the 1 x ranks grid, where the column is
/// the rank's own vertices and the row every vertex: a part is the in-edges
/// of the vertices the rank owns. Under a listed strategy the column is the
/// owned list too: columnFirst is first(k), columnLimit limit(k) and
/// pulledCount ownedCount.
struct RankPartition {
  Strategy how = Strategy::ChunkAlpha;
  int ranks = 0;
  VertexId n = 0;
  /// Chunk strategies: ranks + 1 entries from 0 to n, non-decreasing, each a
  /// multiple of 4096 or n (an empty rank's range starts where the next one
  /// does); rank r's range is [bounds[r], bounds[r + 1]). Listed: empty.
  std::vector<VertexId> bounds;
  /// Listed strategies: every vertex, rank 0's in increasing order, then
  /// rank 1's, ...; rank r's are members[memberStart[r] .. memberStart[r + 1]).
  std::vector<VertexId> members;
  std::vector<int64_t> memberStart;
  /// Metis: each vertex's rank (Hash computes it: v mod ranks).
  std::vector<int32_t> owner;

  bool listed() const { return how == Strategy::Hash || how == Strategy::Metis; }
  int64_t ownedCount(int r) const {
    return listed() ? memberStart[r + 1] - memberStart[r] : int64_t{bounds[r + 1]} - bounds[r];
  }
  VertexId ownedVertex(int r, int64_t i) const {
    return listed() ? members[memberStart[r] + i] : bounds[r] + static_cast<VertexId>(i);
  }
  /// Rank r's list (listed strategies), nullptr for a range.
  const VertexId *ownedList(int r) const {
    return listed() ? members.data() + memberStart[r] : nullptr;
  }
  /// Rank r's vertices lie in [first(r), limit(r)): its range, or from its
  /// first listed vertex (n if none) to n.
  VertexId first(int r) const {
    return !listed() ? bounds[r] : ownedCount(r) ? members[memberStart[r]] : n;
  }
  VertexId limit(int r) const { return listed() ? n : bounds[r + 1]; }
  /// The rank owning v (0 <= v < n); ranks with empty ranges own nothing.
  int ownerOf(VertexId v) const;
  /// Whether rank r owns v; false for v outside [0, n).
  bool owns(int r, VertexId v) const {
    return v >= first(r) && v < limit(r) && (!listed() || ownerOf(v) == r);
  }
  VertexId numVertices() const { return n; }

  /// The grid (above).
  int rows() const { return how == Strategy::Cartesian ? cartesianRows(ranks) : 1; }
  int rowOf(int k) const { return k % rows(); }
  int columnOf(int k) const { return k / rows(); }
  /// The destinations of rank k's part: [columnFirst(k), columnLimit(k)),
  /// pulledCount(k) of them (listed strategies: the owned list).
  VertexId columnFirst(int k) const {
    return listed() ? first(k) : bounds[static_cast<size_t>(columnOf(k)) * rows()];
  }
  VertexId columnLimit(int k) const {
    return listed() ? limit(k) : bounds[static_cast<size_t>(columnOf(k) + 1) * rows()];
  }
  int64_t pulledCount(int k) const {
    return listed() ? ownedCount(k) : int64_t{columnLimit(k)} - columnFirst(k);
  }
  /// Rank k's pulled destinations as a loop walks them (pointing into members).
  RankVertices pulled(int k) const {
    return {columnFirst(k), columnLimit(k), pulledCount(k), ownedList(k)};
  }
  /// Whether an edge from src belongs in the parts of row `row`'s ranks:
  /// whether a rank of that row owns src (always, with one row).
  bool inRow(int row, VertexId src) const { return rows() == 1 || ownerOf(src) % rows() == row; }
};

/// The split of n vertices over `ranks` by `how`: partitionVertices
/// (numa_partition.h) over the in-degrees given by inOffsets (n + 1 entries)
/// with granule 4096; alpha < 0 is chunk-alpha's default 8 * (ranks - 1).
/// Hash ignores the degrees and the granule: rank r owns {v : v mod ranks
/// == r}. Metis takes each vertex's rank from `owner` (n entries, each in
/// [0, ranks); ignored otherwise; one rank needs none). Errors: fewer
/// vertices than ranks ("cannot split 3 vertices over 4 ranks"), an owner
/// out of range.
RankPartition makeRankPartition(VertexId n, const EdgeOffset *inOffsets, int ranks, Strategy how,
                                double alpha, std::vector<int32_t> owner = {});

/// The ranks of a partition file for n vertices over `ranks`: METIS's
/// format (gpmetis's `graph.part.P`, `polyrt-gen metis`), one decimal
/// rank per line, line v for vertex v. Errors name the file and line: a
/// missing file, a line that is no rank below `ranks`, fewer or more lines
/// than n.
std::vector<int32_t> readPartitionFile(const std::string &path, VertexId n, int ranks);

} // namespace polyrt::dist

#endif
