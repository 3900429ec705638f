//===- rank_model.cpp - What a distributed program would send, without MPI -===//
#include "polyrt/rank_model.h"

#include "polyrt/list_encoding.h"

#include <algorithm>
#include <climits>
#include <string>

namespace polyrt::dist {

int64_t RankModel::totalMirrors() const {
  int64_t total = 0;
  for (const RankModelRow &row : rows)
    total += row.mirrors;
  return total;
}

int64_t RankModel::totalPartials() const {
  int64_t total = 0;
  for (const RankModelRow &row : rows)
    total += row.partials;
  return total;
}

int64_t RankModel::maxInEdges() const {
  int64_t most = 0;
  for (const RankModelRow &row : rows)
    most = std::max(most, row.inEdges);
  return most;
}

ExchangeCounts RankModel::total(Combining combining) const {
  ExchangeCounts sum;
  for (const RankModelRow &row : rows)
    sum += row.sent[static_cast<int>(combining)];
  return sum;
}

namespace {

/// The MPI messages carrying `bytes` to one peer when they are packed: cut
/// into pieces as distributed_transfer.cpp cuts them.
int64_t packedMessages(int64_t bytes, int ranks, Communication communication) {
  int64_t piece = communication == Communication::Ring ? INT_MAX : std::max<int64_t>(1, INT_MAX / ranks);
  return (bytes + piece - 1) / piece;
}

} // namespace

RankModel modelRanks(VertexId n, const EdgeOffset *inOffsets, const VertexId *inNeighbors,
                     int ranks, Strategy how, double alpha, int64_t valueBytes,
                     Communication communication, std::vector<int32_t> owner) {
  if (valueBytes < 1 || valueBytes > (int64_t{1} << 20))
    throw Error("a value of " + std::to_string(valueBytes) + " bytes: expected 1 to 1048576");
  RankModel model;
  model.how = how;
  model.ranks = ranks;
  model.numVertices = n;
  model.numEdges = inOffsets[n];
  model.valueBytes = valueBytes;
  model.recordBytes = 4 + valueBytes;
  model.partition = makeRankPartition(n, inOffsets, ranks, how, alpha, std::move(owner));
  const RankPartition &split = model.partition;
  model.rows.assign(ranks, {});
  // listed[q * ranks + i]: q's vertices that rank i lists; cut: its edges into
  // i; partial[i * ranks + q]: q's vertices that rank i folds into.
  const int64_t pairs = int64_t{ranks} * ranks;
  std::vector<int64_t> listed(pairs, 0), cut(pairs, 0), partial(pairs, 0);
  std::vector<int32_t> listedBy(n, -1); // the last rank that counted the vertex as a mirror
  const int gridRows = split.rows();
  for (int i = 0; i < ranks; ++i) {
    RankModelRow &row = model.rows[i];
    row.vertices = split.ownedCount(i);
    // The part: the pulled destinations' in-edges from the row's sources.
    const RankVertices pulled = split.pulled(i);
    for (int64_t k = 0; k < pulled.count; ++k) {
      VertexId v = pulled.vertex(k);
      bool any = false;
      for (EdgeOffset e = inOffsets[v]; e < inOffsets[v + 1]; ++e) {
        VertexId u = inNeighbors[e];
        int q = split.ownerOf(u);
        if (q % gridRows != i % gridRows)
          continue;
        ++row.inEdges;
        any = true;
        if (q == i)
          continue;
        ++row.cutEdges;
        ++cut[int64_t{q} * ranks + i];
        if (listedBy[u] != i) {
          listedBy[u] = i;
          ++row.mirrors;
          ++listed[int64_t{q} * ranks + i];
        }
      }
      if (any && !split.owns(i, v)) {
        ++row.partials;
        ++partial[int64_t{i} * ranks + split.ownerOf(v)];
      }
    }
  }
  for (int q = 0; q < ranks; ++q)
    for (int i = 0; i < ranks; ++i) {
      if (i == q)
        continue;
      // q's partials of i's vertices: every value of the shared list.
      const int64_t folded = partial[int64_t{q} * ranks + i],
                    foldBytes = encodedListBytes(folded, folded, valueBytes);
      ExchangeCounts &f = model.rows[q].partialSent;
      f.records += folded;
      f.bytes += foldBytes;
      f.peers += foldBytes > 0 ? 1 : 0;
      f.messages += packedMessages(foldBytes, ranks, communication);
      const int64_t perLevel[3] = {listed[int64_t{q} * ranks + i], cut[int64_t{q} * ranks + i],
                                   cut[int64_t{q} * ranks + i]};
      for (int level = 0; level < 3; ++level) {
        // Mirrors: every value of the shared list, without vertex ids.
        int64_t records = perLevel[level],
                bytes = level == static_cast<int>(Combining::Mirrors)
                            ? encodedListBytes(records, records, valueBytes)
                            : records * model.recordBytes;
        ExchangeCounts &c = model.rows[q].sent[level];
        c.records += records;
        c.bytes += bytes;
        c.peers += bytes > 0 ? 1 : 0;
        c.messages += level == static_cast<int>(Combining::PerUpdate)
                          ? records
                          : packedMessages(bytes, ranks, communication);
      }
    }
  // A dense round's totals: the refresh and the partial fold.
  for (RankModelRow &row : model.rows)
    for (ExchangeCounts &c : row.sent)
      c += row.partialSent;
  return model;
}

} // namespace polyrt::dist
