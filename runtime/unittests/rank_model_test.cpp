//===- rank_model_test.cpp - The accounting model without MPI -----------===//
#include "polyrt/edge_list.h"
#include "polyrt/rank_model.h"
#include "test_util.h"

#include <map>
#include <set>

using namespace polyrt;
using namespace polyrt::dist;

namespace {

Graph<NoWeight> directedGraph(VertexId n, const std::vector<std::pair<VertexId, VertexId>> &edges) {
  EdgeList el;
  for (auto [u, v] : edges)
    el.push_back(Edge{u, v, 1});
  return buildGraph<NoWeight>(el, n, /*symmetrize=*/false);
}

void expectCounts(const ExchangeCounts &c, int64_t records, int64_t messages, int64_t bytes,
                  int64_t peers) {
  EXPECT_EQ(c.records, records);
  EXPECT_EQ(c.messages, messages);
  EXPECT_EQ(c.bytes, bytes);
  EXPECT_EQ(c.peers, peers);
}

constexpr int kMirrors = static_cast<int>(Combining::Mirrors);
constexpr int kBatched = static_cast<int>(Combining::Batched);
constexpr int kPerUpdate = static_cast<int>(Combining::PerUpdate);

// Hash over 2 ranks: rank 0 owns {0, 2}, rank 1 {1, 3}. Edges 0->1, 2->1,
// 0->3 cross to rank 1 (which lists 0 and 2), 3->2 to rank 0 (lists 3);
// 1->3 and 2->0 stay inside.
TEST(RankModel, HashByHand) {
  Graph<NoWeight> g = directedGraph(4, {{0, 1}, {2, 1}, {0, 3}, {1, 3}, {3, 2}, {2, 0}});
  RankModel model = modelRanks(g, 2, Strategy::Hash, -1, 8, Communication::Ring);
  ASSERT_EQ(model.rows.size(), 2u);
  EXPECT_EQ(model.recordBytes, 12);
  EXPECT_EQ(model.valueBytes, 8);
  const RankModelRow &r0 = model.rows[0], &r1 = model.rows[1];
  EXPECT_EQ(r0.vertices, 2);
  EXPECT_EQ(r0.inEdges, 2);
  EXPECT_EQ(r0.mirrors, 1);
  EXPECT_EQ(r0.cutEdges, 1);
  EXPECT_EQ(r1.vertices, 2);
  EXPECT_EQ(r1.inEdges, 4);
  EXPECT_EQ(r1.mirrors, 2);
  EXPECT_EQ(r1.cutEdges, 3);
  // Rank 0 sends 0 and 2 to rank 1: two values after a one-byte header
  // (no vertex ids: the list is shared), or a record per cut edge (3).
  expectCounts(r0.sent[kMirrors], 2, 1, 1 + 2 * 8, 1);
  expectCounts(r0.sent[kBatched], 3, 1, 36, 1);
  expectCounts(r0.sent[kPerUpdate], 3, 3, 36, 1);
  expectCounts(r1.sent[kMirrors], 1, 1, 1 + 8, 1);
  expectCounts(r1.sent[kBatched], 1, 1, 12, 1);
  expectCounts(r1.sent[kPerUpdate], 1, 1, 12, 1);
  EXPECT_EQ(model.totalMirrors(), 3);
  EXPECT_EQ(model.maxInEdges(), 4);
  expectCounts(model.total(Combining::PerUpdate), 4, 4, 48, 2);
}

// Vertex-balanced, 8192 vertices: rank 0 owns [0, 4096), rank 1 [4096, 8192).
// Rank 0 lists 4096 (three edges); rank 1 lists 0 (two edges) and 1 (one);
// 5000->5001 stays inside rank 1. With three ranks, one owns nothing (two
// granules of 4096) and sends nothing.
TEST(RankModel, ContiguousByHand) {
  Graph<NoWeight> g = directedGraph(8192, {{0, 4096}, {0, 4097}, {1, 4096}, {4096, 0},
                                           {5000, 5001}, {4096, 1}, {4096, 2}});
  for (int ranks : {2, 3}) {
    RankModel model = modelRanks(g, ranks, Strategy::VertexBalanced, -1, 4, Communication::Alltoallv);
    ASSERT_EQ(model.rows.size(), size_t(ranks));
    if (ranks == 2) {
      EXPECT_ELEMENTS(model.partition.bounds, 0, 4096, 8192);
    }
    EXPECT_EQ(model.partition.bounds,
              makeRankPartition(8192, g.inOffsets(), ranks, Strategy::VertexBalanced, -1).bounds);
    int second = model.partition.ownerOf(4096), empty = 3 - second;
    ASSERT_EQ(model.partition.ownerOf(0), 0);
    const RankModelRow &r0 = model.rows[0], &r1 = model.rows[second];
    EXPECT_EQ(r0.vertices, 4096);
    EXPECT_EQ(r0.inEdges, 3);
    EXPECT_EQ(r0.mirrors, 1);
    EXPECT_EQ(r0.cutEdges, 3);
    EXPECT_EQ(r1.vertices, 4096);
    EXPECT_EQ(r1.inEdges, 4);
    EXPECT_EQ(r1.mirrors, 2);
    EXPECT_EQ(r1.cutEdges, 3);
    expectCounts(r0.sent[kMirrors], 2, 1, 1 + 2 * 4, 1);
    expectCounts(r0.sent[kBatched], 3, 1, 24, 1);
    expectCounts(r0.sent[kPerUpdate], 3, 3, 24, 1);
    expectCounts(r1.sent[kMirrors], 1, 1, 1 + 4, 1);
    expectCounts(r1.sent[kBatched], 3, 1, 24, 1);
    expectCounts(r1.sent[kPerUpdate], 3, 3, 24, 1);
    if (ranks == 3) {
      EXPECT_EQ(model.rows[empty].vertices, 0);
      EXPECT_EQ(model.rows[empty].inEdges, 0);
      EXPECT_EQ(model.rows[empty].mirrors, 0);
      for (int level : {kMirrors, kBatched, kPerUpdate})
        expectCounts(model.rows[empty].sent[level], 0, 0, 0, 0);
    }
  }
}

TEST(RankModel, Errors) {
  Graph<NoWeight> g = directedGraph(3, {{0, 1}, {1, 2}});
  EXPECT_RUNTIME_ERROR(modelRanks(g, 4, Strategy::ChunkAlpha, -1, 8, Communication::Ring),
                       "cannot split 3 vertices over 4 ranks");
  EXPECT_RUNTIME_ERROR(modelRanks(g, 4, Strategy::Hash, -1, 8, Communication::Ring),
                       "cannot split 3 vertices over 4 ranks");
  EXPECT_RUNTIME_ERROR(modelRanks(g, 2, Strategy::Hash, -1, 0, Communication::Ring),
                       "a value of 0 bytes");
}

// The model against the definitions, counted the slow way: per (owner,
// lister) pair, the set of listed sources and the list of cut edges, and
// under Cartesian per (folder, owner) pair the set of partials. Edge u -> v
// is in the part of the rank in owner(v)'s column and owner(u)'s row.
TEST(RankModel, AgreesWithBruteForce) {
  Graph<NoWeight> g = buildGraph<NoWeight>(generateKronecker(14, 4, 5), 1 << 14, false);
  g.buildInEdges();
  const VertexId n = g.numVertices();
  for (Strategy how : {Strategy::ChunkAlpha, Strategy::EdgeBalanced, Strategy::VertexBalanced,
                       Strategy::Hash, Strategy::Cartesian})
    for (int ranks : {1, 2, 3, 4, 5, 6, 8, 9}) {
      if (ranks > 5 && how != Strategy::Cartesian)
        continue;
      SCOPED_TRACE(testing::Message() << "strategy " << int(how) << ", " << ranks << " ranks");
      test::ScopedEnv granule("POLYRT_RANK_GRANULE", "256"); // (every rank owns some)
      RankModel model = modelRanks(g, ranks, how, -1, 8, Communication::Ring);
      const int rows = how == Strategy::Cartesian ? cartesianRows(ranks) : 1;
      auto owner = [&](VertexId v) {
        return how == Strategy::Hash ? v % ranks : model.partition.ownerOf(v);
      };
      auto holder = [&](VertexId u, VertexId v) {
        return owner(v) / rows * rows + owner(u) % rows;
      };
      std::map<std::pair<int, int>, std::set<VertexId>> listed, partials;
      std::map<std::pair<int, int>, int64_t> cut;
      std::vector<int64_t> vertices(ranks), inEdges(ranks);
      for (VertexId v = 0; v < n; ++v) {
        ++vertices[owner(v)];
        for (EdgeOffset e = g.inOffsets()[v]; e < g.inOffsets()[v + 1]; ++e) {
          VertexId u = g.inNeighbors()[e];
          int k = holder(u, v);
          ++inEdges[k];
          if (owner(u) != k) {
            listed[{owner(u), k}].insert(u);
            ++cut[{owner(u), k}];
          }
          if (owner(v) != k)
            partials[{k, owner(v)}].insert(v);
        }
      }
      int64_t allMirrors = 0, allPartials = 0, allEdges = 0;
      for (int i = 0; i < ranks; ++i) {
        const RankModelRow &row = model.rows[i];
        EXPECT_EQ(row.vertices, vertices[i]);
        EXPECT_EQ(row.inEdges, inEdges[i]);
        allEdges += row.inEdges;
        int64_t mirrors = 0, cutIn = 0, mirrorsOut = 0, cutOut = 0, peers = 0, mirrorBytes = 0;
        int64_t folded = 0, foldPeers = 0, foldBytes = 0;
        for (int q = 0; q < ranks; ++q) {
          mirrors += listed[{q, i}].size();
          cutIn += cut[{q, i}];
          mirrorsOut += listed[{i, q}].size();
          // A header byte, then the list's values (list_encoding.h).
          mirrorBytes += listed[{i, q}].empty() ? 0 : 1 + 8 * int64_t(listed[{i, q}].size());
          cutOut += cut[{i, q}];
          peers += cut[{i, q}] > 0;
          const int64_t size = static_cast<int64_t>(partials[{i, q}].size());
          folded += size;
          foldPeers += size > 0;
          foldBytes += size > 0 ? 1 + 8 * size : 0;
          if (size > 0) { // partials go to the rank's column
            EXPECT_EQ(q / rows, i / rows) << q;
          }
          if (cut[{i, q}] > 0) { // mirrors to its row
            EXPECT_EQ(q % rows, i % rows) << q;
          }
        }
        allMirrors += mirrors;
        allPartials += folded;
        EXPECT_EQ(row.mirrors, mirrors);
        EXPECT_EQ(row.cutEdges, cutIn);
        EXPECT_EQ(row.partials, folded);
        expectCounts(row.partialSent, folded, foldPeers, foldBytes, foldPeers);
        // A round's totals: the refresh, then the partial fold.
        expectCounts(row.sent[kMirrors], mirrorsOut + folded, peers + foldPeers,
                     mirrorBytes + foldBytes, peers + foldPeers);
        expectCounts(row.sent[kBatched], cutOut + folded, peers + foldPeers,
                     cutOut * 12 + foldBytes, peers + foldPeers);
        expectCounts(row.sent[kPerUpdate], cutOut + folded, cutOut + foldPeers,
                     cutOut * 12 + foldBytes, peers + foldPeers);
      }
      EXPECT_EQ(allEdges, g.numEdges()); // every edge in one part
      EXPECT_EQ(model.totalMirrors(), allMirrors);
      EXPECT_EQ(model.totalPartials(), allPartials);
      if (how != Strategy::Hash) {
        EXPECT_EQ(model.partition.bounds,
                  makeRankPartition(n, g.inOffsets(), ranks, how, -1).bounds);
      }
      if (ranks > 1) {
        EXPECT_GT(allMirrors, 0);
      }
      EXPECT_EQ(allPartials > 0, rows > 1);
    }
}

// Cartesian over 2 x 2 ranks by hand: 8 vertices, 2 per rank (granule 2),
// u -> v for u = v + 1 and v + 4 (mod 8). Rank 0 owns {0, 1}, 1 {2, 3}
// (column 0: [0, 4)), 2 {4, 5}, 3 {6, 7} (column 1: [4, 8)); row 0's owners
// are ranks 0 and 2 (sources {0, 1, 4, 5}), row 1's ranks 1 and 3.
// Rank 0's part: 1->0, 4->0, 5->1, 4->3 (mirrors 4, 5 of rank 2; partial 3
// for rank 1); rank 1's: 2->1, 3->2, 6->2, 7->3 (mirrors 6, 7; partial 1);
// rank 2's: 5->4, 0->4, 1->5, 0->7 (mirrors 0, 1; partial 7); rank 3's:
// 6->5, 7->6, 2->6, 3->7 (mirrors 2, 3; partial 5).
TEST(RankModel, CartesianByHand) {
  std::vector<std::pair<VertexId, VertexId>> edges;
  for (VertexId v = 0; v < 8; ++v) {
    edges.push_back({(v + 1) % 8, v});
    edges.push_back({(v + 4) % 8, v});
  }
  Graph<NoWeight> g = directedGraph(8, edges);
  test::ScopedEnv granule("POLYRT_RANK_GRANULE", "2");
  RankModel model = modelRanks(g, 4, Strategy::Cartesian, -1, 8, Communication::Ring);
  EXPECT_ELEMENTS(model.partition.bounds, 0, 2, 4, 6, 8);
  EXPECT_EQ(model.partition.rows(), 2);
  const int64_t mirrors[4] = {2, 2, 2, 2}, cutIn[4] = {3, 2, 3, 2};
  // Cut edges each rank's sources have in another's part: rank 0's 0->4,
  // 1->5, 0->7 (rank 2's part), rank 1's 2->6, 3->7, rank 2's 4->0, 5->1,
  // 4->3, rank 3's 6->2, 7->3.
  const int64_t cutOut[4] = {3, 2, 3, 2};
  for (int k = 0; k < 4; ++k) {
    SCOPED_TRACE(testing::Message() << "rank " << k);
    const RankModelRow &row = model.rows[k];
    EXPECT_EQ(row.vertices, 2);
    EXPECT_EQ(row.inEdges, 4);
    EXPECT_EQ(row.mirrors, mirrors[k]);
    EXPECT_EQ(row.cutEdges, cutIn[k]);
    EXPECT_EQ(row.partials, 1);
    // The partial fold: one value after a header byte, to the column's other rank.
    expectCounts(row.partialSent, 1, 1, 1 + 8, 1);
    // Two mirrors' values to the row's other rank, then the partial.
    expectCounts(row.sent[kMirrors], 2 + 1, 2, 17 + 9, 2);
    expectCounts(row.sent[kBatched], cutOut[k] + 1, 2, cutOut[k] * 12 + 9, 2);
    expectCounts(row.sent[kPerUpdate], cutOut[k] + 1, cutOut[k] + 1, cutOut[k] * 12 + 9, 2);
  }
  EXPECT_EQ(model.totalPartials(), 4);
}

} // namespace
