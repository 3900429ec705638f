//===- rank_model.h - What a distributed program would send, without MPI -===//
//
// From a whole graph and a rank count, the counts libpolyrt-mpi would have:
// the rank partition (the same makeRankPartition), each rank's vertices,
// in-edges, mirrors and cut edges, and the traffic of one exchange in which
// every mirror's value changed (the first refreshMirrors of a vector), per
// combining level, as --account-messages counts it. Under Cartesian a dense
// round is that refresh and then a fold of the partials (foldPartials, its
// own round in the accounting table), in which every partial sends a value:
// the counts are the two rounds' sums. polyrt-gen --rank-model prints it
// (docs/distributed-model.md).
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_RANK_MODEL_H
#define POLYRT_RANK_MODEL_H

#include "polyrt/graph.h"
#include "polyrt/rank_partition.h"
#include "polyrt/types.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace polyrt::dist {

/// One rank's traffic in one exchange, as a row of the accounting table:
/// records (values sent), MPI messages, bytes, ranks sent a byte to. Mirrors
/// sends each peer its shared list's values in list order after a one-byte
/// header (list_encoding.h); batched and per-update a record
/// {uint32 vertex; value} per cut edge.
struct ExchangeCounts {
  int64_t records = 0, messages = 0, bytes = 0, peers = 0;
  ExchangeCounts &operator+=(const ExchangeCounts &other) {
    records += other.records;
    messages += other.messages;
    bytes += other.bytes;
    peers += other.peers;
    return *this;
  }
};

struct RankModelRow {
  int64_t vertices = 0; // |V_i|: owned
  int64_t inEdges = 0;  // |E_i|: the part's edges (in-edges of owned vertices but under Cartesian)
  int64_t mirrors = 0;  // |V'_i|: distinct sources listed that another rank owns
  int64_t cutEdges = 0; // the part's edges whose source another rank owns
  /// Cartesian: the pulled destinations another rank owns with in-edges in
  /// the part (EdgesPart::partialTo_, summed over owners); 0 otherwise.
  int64_t partials = 0;
  /// What this rank sends in a dense round, indexed by Combining: to the
  /// ranks listing its vertices, plus (Cartesian) partialSent.
  ExchangeCounts sent[3];
  /// The fold of the partials alone (foldPartials, every value sent; list
  /// encoded whatever the combining level): included in sent.
  ExchangeCounts partialSent;
};

struct RankModel {
  Strategy how = Strategy::ChunkAlpha;
  int ranks = 0;
  VertexId numVertices = 0;
  EdgeOffset numEdges = 0;
  int64_t valueBytes = 0;
  int64_t recordBytes = 0; // a per-edge record: 4 + valueBytes
  /// The partition (makeRankPartition's).
  RankPartition partition;
  std::vector<RankModelRow> rows; // one per rank

  int64_t totalMirrors() const;
  int64_t totalPartials() const;
  int64_t maxInEdges() const;
  ExchangeCounts total(Combining combining) const;
};

/// The model of `ranks` ranks splitting the graph with in-edges (inOffsets,
/// inNeighbors: n + 1 offsets, numEdges sources) by `how` (alpha as
/// makeRankPartition's), for values of valueBytes bytes carried as
/// `communication`. Hash gives vertex v to rank v mod ranks; Cartesian cuts
/// the edges in 2-D (rank_partition.h). Messages as libpolyrt-mpi counts them: per
/// peer with bytes, one per piece of at most 2^31-1 bytes (ring) or
/// (2^31-1) / ranks bytes (alltoallv) for mirrors and batched, one per record
/// for per-update. Metis takes the owners (readPartitionFile's) as
/// makeRankPartition does. Errors as makeRankPartition's; valueBytes 1 to 2^20.
RankModel modelRanks(VertexId n, const EdgeOffset *inOffsets, const VertexId *inNeighbors,
                     int ranks, Strategy how, double alpha, int64_t valueBytes,
                     Communication communication, std::vector<int32_t> owner = {});

/// The same for a loaded graph (its in-edges are built if they are not).
template <typename W>
RankModel modelRanks(Graph<W> &g, int ranks, Strategy how, double alpha, int64_t valueBytes,
                     Communication communication, std::vector<int32_t> owner = {}) {
  g.buildInEdges();
  return modelRanks(g.numVertices(), g.inOffsets(), g.inNeighbors(), ranks, how, alpha,
                    valueBytes, communication, std::move(owner));
}

} // namespace polyrt::dist

#endif
