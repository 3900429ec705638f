//===- distributed_test.cpp - libpolyrt-mpi under mpirun -------------------===//
//
// Run by ctest under mpirun with 1 to 4 ranks (label mpi). Every rank runs
// every test; expectations are computed from the whole graph, loaded on each
// rank with loadGraph, without MPI.
//
//===----------------------------------------------------------------------===//
#include "polyrt/distributed.h"
#include "polyrt/edge_list.h"
#include "polyrt/io.h"
#include "polyrt/list_encoding.h"
#include "polyrt/rank_model.h"

#include "detail/distributed_detail.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>

using namespace polyrt;
using namespace polyrt::dist;

namespace {

/// A directory every rank sees (rank 0 makes it).
const std::string &sharedDirectory() {
  static std::string dir = [] {
    char name[4096] = {};
    if (rank() == 0) {
      std::string pattern = (std::filesystem::temp_directory_path() / "polyrt-mpi-XXXXXX").string();
      std::copy(pattern.begin(), pattern.end(), name);
      if (!mkdtemp(name))
        std::abort();
    }
    MPI_Bcast(name, sizeof name, MPI_CHAR, 0, MPI_COMM_WORLD);
    return std::string(name);
  }();
  return dir;
}

/// The strategy of the tests that do not name one: chunk-alpha, or hash or
/// metis with POLYRT_TEST_STRATEGY=hash or metis (ctest runs all three).
Strategy testStrategy() {
  const char *how = std::getenv("POLYRT_TEST_STRATEGY");
  const std::string name = how ? how : "";
  return name == "hash" ? Strategy::Hash : name == "metis" ? Strategy::Metis : Strategy::ChunkAlpha;
}

/// Metis's partition file for a graph of n vertices at `path`: irregular
/// runs of vertices per rank (not METIS's, which only needs to be a split).
void writeTestPartitionFile(const std::string &path, VertexId n) {
  std::FILE *f = std::fopen((path + ".part." + std::to_string(ranks())).c_str(), "w");
  ASSERT_NE(f, nullptr);
  for (VertexId v = 0; v < n; ++v)
    std::fprintf(f, "%d\n", static_cast<int>((v / 37 * 7 + v % 3) % ranks()));
  std::fclose(f);
}

/// The vertices rank r owns, ascending.
std::vector<VertexId> ownedBy(const RankPartition &split, int r) {
  std::vector<VertexId> owned;
  for (int64_t i = 0; i < split.ownedCount(r); ++i)
    owned.push_back(split.ownedVertex(r, i));
  return owned;
}
std::vector<VertexId> ownedBy(const EdgesPart &part) { return ownedBy(part.partition(), rank()); }

/// Writes g to `name` in the shared directory (rank 0), then every rank
/// loads its part; the partition starts afresh.
template <typename W, typename G>
Graph<W> writeAndLoadPart(const G &g, const std::string &name, EdgesPart &part,
                          Strategy how = testStrategy(), double alpha = -1) {
  std::string path = sharedDirectory() + "/" + name;
  if (rank() == 0) {
    writeGraph(g, path);
    if (how == Strategy::Metis)
      writeTestPartitionFile(path, g.numVertices());
  }
  MPI_Barrier(MPI_COMM_WORLD);
  dist::detail::resetProgramPartition();
  return loadPart<W>(path, part, how, alpha);
}

template <typename W> Graph<W> uniformGraph(int scale, int degree, bool undirected) {
  EdgeList edges = generateUniform(scale, degree, 17);
  return buildGraph<W>(edges, VertexId(1) << scale, undirected);
}

bool sameOnAllRanks(int64_t value) { return minOverRanks(value) == maxOverRanks(value); }

/// What the mirror lists must be, from the whole graph: per rank r and
/// source u owned elsewhere with an edge into r's range.
struct Expected {
  int64_t listed = 0;   // (u, r) pairs: Σ|V'_r|
  int64_t cutEdges = 0; // edges whose source another rank owns
  /// Per (owner, lister) pair: the sources listed, and those of them kept.
  std::map<std::pair<int, int>, std::pair<int64_t, int64_t>> lists;
  /// What Combining::Mirrors sends when the kept ones changed: per pair with
  /// k > 0 of L changed, a header byte and the smallest of all L values,
  /// a bitset (ceil(L/8) bytes) and the k values, or a uint32 position and
  /// the value each. Bytes, and values sent if `values`.
  int64_t mirrorBytes(int64_t valueBytes, bool values = false) const {
    int64_t total = 0;
    for (const auto &[pair, counts] : lists) {
      auto [all, k] = counts;
      if (k == 0)
        continue;
      int64_t whole = 1 + all * valueBytes, bits = 1 + (all + 7) / 8 + k * valueBytes,
              positions = 1 + k * (4 + valueBytes);
      if (values)
        total += whole <= std::min(bits, positions) ? all : k;
      else
        total += std::min({whole, bits, positions});
    }
    return total;
  }
};
template <typename W, typename Keep>
Expected expectedTraffic(const Graph<W> &whole, const RankPartition &split, Keep keep) {
  Expected e;
  for (int r = 0; r < ranks(); ++r) {
    std::set<VertexId> listed, all;
    for (VertexId v : ownedBy(split, r))
      for (EdgeOffset i = whole.inOffsets()[v]; i < whole.inOffsets()[v + 1]; ++i) {
        VertexId u = whole.inNeighbors()[i];
        if (split.ownerOf(u) == r)
          continue;
        if (all.insert(u).second)
          ++e.lists[{split.ownerOf(u), r}].first;
        if (keep(u)) {
          if (listed.insert(u).second)
            ++e.lists[{split.ownerOf(u), r}].second;
          ++e.cutEdges;
        }
      }
    e.listed += static_cast<int64_t>(listed.size());
  }
  return e;
}

void checkPartition(const RankPartition &split, VertexId n, VertexId granule = 4096) {
  ASSERT_EQ(split.numVertices(), n);
  ASSERT_EQ(split.ranks, ranks());
  if (!split.listed()) {
    ASSERT_EQ(split.bounds.size(), size_t(ranks()) + 1);
    EXPECT_EQ(split.bounds.front(), 0);
    EXPECT_EQ(split.bounds.back(), n);
    for (int r = 0; r < ranks(); ++r) {
      if (r > 0) {
        EXPECT_TRUE(split.bounds[r] % granule == 0 || split.bounds[r] == n) << "bound " << r; // (empty last ranks)
      }
      EXPECT_TRUE(sameOnAllRanks(split.bounds[r])) << "bound " << r;
    }
  }
  // Every vertex has one owner, which lists it among its own, ascending.
  std::vector<int> owners(n, -1);
  for (int r = 0; r < ranks(); ++r) {
    std::vector<VertexId> owned = ownedBy(split, r);
    EXPECT_TRUE(std::is_sorted(owned.begin(), owned.end())) << r;
    for (VertexId v : owned) {
      ASSERT_TRUE(v >= 0 && v < n) << v;
      ASSERT_EQ(owners[v], -1) << v;
      owners[v] = r;
    }
  }
  for (VertexId v = 0; v < n; ++v) {
    ASSERT_EQ(split.ownerOf(v), owners[v]) << v;
    ASSERT_TRUE(split.owns(owners[v], v)) << v;
    if (split.how == Strategy::Hash) {
      ASSERT_EQ(owners[v], v % ranks()) << v;
    }
  }
}

TEST(DistributedPartition, BoundsAgreedOnGranules) {
  Graph<NoWeight> g = uniformGraph<NoWeight>(14, 2, false);
  for (Strategy how : {Strategy::ChunkAlpha, Strategy::EdgeBalanced, Strategy::VertexBalanced,
                       Strategy::Hash}) {
    EdgesPart part;
    writeAndLoadPart<NoWeight>(g, "p.sg", part, how);
    checkPartition(part.partition(), g.numVertices());
    EXPECT_EQ(part.partition().how, how);
    if ((how == Strategy::VertexBalanced && ranks() <= 4) || how == Strategy::Hash) {
      EXPECT_GT(part.ownedCount(), 0); // (vertex-balanced: 8 granules, nobody is empty)
    }
  }
}

TEST(DistributedPartition, TooFewVerticesAreAnError) {
  EdgesPart part;
  if (ranks() == 1)
    return;
  EdgeList edges;
  for (VertexId v = 0; v + 1 < ranks() - 1; ++v)
    edges.push_back({v, v + 1, 1});
  edges.push_back({0, VertexId(ranks() - 2), 1});
  Graph<NoWeight> tiny = buildGraph<NoWeight>(edges, ranks() - 1, false);
  for (Strategy how : {Strategy::ChunkAlpha, Strategy::Hash})
    try {
      writeAndLoadPart<NoWeight>(tiny, "tiny.sg", part, how);
      ADD_FAILURE() << "no error";
    } catch (const Error &e) {
      EXPECT_EQ(std::string(e.what()), "cannot split " + std::to_string(ranks() - 1) +
                                           " vertices over " + std::to_string(ranks()) + " ranks");
    }
}

/// Whether edge u -> v is in rank k's part, by the definition.
bool inPart(const RankPartition &split, int k, VertexId u, VertexId v) {
  bool pulled = split.listed() ? split.owns(k, v)
                                : v >= split.columnFirst(k) && v < split.columnLimit(k);
  return pulled && split.ownerOf(u) % split.rows() == split.rowOf(k);
}

/// The part holds exactly the whole graph's edges the definition gives it
/// (inPart: into owned vertices, from any source, but under Cartesian), and
/// the mirror and partial lists are what the whole graph says. `granule`:
/// the rank boundaries'.
template <typename W>
void checkPart(const Graph<W> &whole0, const Graph<W> &g, const EdgesPart &part,
               VertexId granule = 4096) {
  Graph<W> whole = whole0;
  whole.buildInEdges();
  const VertexId n = whole.numVertices();
  ASSERT_EQ(g.numVertices(), n);
  // One rank's part is the graph as loaded (an undirected one keeps one CSR),
  // whose own out-offsets the part reads.
  EXPECT_EQ(g.directed(), ranks() > 1 || whole.directed());
  EXPECT_EQ(part.outOffsets() == g.outOffsets(), ranks() == 1);
  EXPECT_EQ(part.numEdges(), whole.numEdges());
  for (VertexId v = 0; v < n; ++v)
    ASSERT_EQ(part.outDegree(v), whole.outDegree(v)) << v;
  const RankPartition &split = part.partition();
  const int r = rank(), p = ranks();
  checkPartition(split, n, granule);
  auto weightOf = [](const W *weights, EdgeOffset e) {
    if constexpr (Graph<W>::kWeighted)
      return static_cast<double>(weights[e]);
    else
      return (void)weights, (void)e, 0.0;
  };
  // CSR: u's edges in the part, in the whole graph's order.
  for (VertexId u = 0; u < n; ++u) {
    std::vector<std::pair<VertexId, double>> want, got;
    for (EdgeOffset e = whole.outOffsets()[u]; e < whole.outOffsets()[u + 1]; ++e)
      if (inPart(split, r, u, whole.outNeighbors()[e]))
        want.push_back({whole.outNeighbors()[e], weightOf(whole.outWeights(), e)});
    for (EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e)
      got.push_back({g.outNeighbors()[e], weightOf(g.outWeights(), e)});
    ASSERT_EQ(got, want) << "source " << u;
  }
  // CSC: the same edges by destination, in the whole graph's order.
  ASSERT_TRUE(g.hasInEdges());
  for (VertexId v = 0; v < n; ++v) {
    std::vector<std::pair<VertexId, double>> want, got;
    for (EdgeOffset e = whole.inOffsets()[v]; e < whole.inOffsets()[v + 1]; ++e)
      if (inPart(split, r, whole.inNeighbors()[e], v))
        want.push_back({whole.inNeighbors()[e], weightOf(whole.inWeights(), e)});
    for (EdgeOffset e = g.inOffsets()[v]; e < g.inOffsets()[v + 1]; ++e)
      got.push_back({g.inNeighbors()[e], weightOf(g.inWeights(), e)});
    ASSERT_EQ(got, want) << "destination " << v;
  }
  // Mirrors (sources of one rank's part another owns) and partials
  // (destinations of one rank's part another owns), per pair of ranks.
  if (split.rows() == 1) {
    Expected e = expectedTraffic(whole, split, [](VertexId) { return true; });
    EXPECT_EQ(part.listedVertices(), e.listed);
  }
  ASSERT_EQ(part.partialTo_.size(), size_t(p));
  ASSERT_EQ(part.partialFrom_.size(), size_t(p));
  for (int q = 0; q < p; ++q) {
    std::set<VertexId> from, to, foldTo, foldFrom;
    std::map<VertexId, int32_t> edgesTo;
    for (VertexId v = 0; v < n && q != r; ++v)
      for (EdgeOffset e = whole.inOffsets()[v]; e < whole.inOffsets()[v + 1]; ++e) {
        VertexId u = whole.inNeighbors()[e];
        if (inPart(split, r, u, v) && split.ownerOf(u) == q)
          from.insert(u);
        if (inPart(split, q, u, v) && split.ownerOf(u) == r) {
          to.insert(u);
          ++edgesTo[u];
        }
        if (inPart(split, r, u, v) && split.ownerOf(v) == q)
          foldTo.insert(v);
        if (inPart(split, q, u, v) && split.ownerOf(v) == r)
          foldFrom.insert(v);
      }
    EXPECT_EQ(part.receiveFrom_[q], std::vector<VertexId>(from.begin(), from.end())) << q;
    EXPECT_EQ(part.sendTo_[q], std::vector<VertexId>(to.begin(), to.end())) << q;
    std::vector<int32_t> counts;
    for (VertexId u : to)
      counts.push_back(edgesTo[u]);
    EXPECT_EQ(part.sendEdges_[q], counts) << q;
    EXPECT_EQ(part.partialTo_[q], std::vector<VertexId>(foldTo.begin(), foldTo.end())) << q;
    EXPECT_EQ(part.partialFrom_[q], std::vector<VertexId>(foldFrom.begin(), foldFrom.end())) << q;
    // Mirrors come from the row, partials go to the column.
    if (!from.empty()) {
      EXPECT_EQ(split.rowOf(q), split.rowOf(r)) << q;
    }
    if (!foldTo.empty()) {
      EXPECT_EQ(split.columnOf(q), split.columnOf(r)) << q;
    }
  }
}

template <typename W, typename WFile>
void loadAndCheck(const Graph<WFile> &file, const std::string &name) {
  SCOPED_TRACE(name);
  EdgesPart part;
  Graph<W> g = writeAndLoadPart<W>(file, name, part);
  checkPart(loadGraph<W>(sharedDirectory() + "/" + name), g, part);
}

TEST(DistributedLoad, PartIsTheWholeGraphsEdgesIntoOwnedVertices) {
  Graph<NoWeight> directed = uniformGraph<NoWeight>(14, 2, false);
  Graph<NoWeight> undirected = uniformGraph<NoWeight>(15, 2, true);
  Graph<int32_t> weighted = uniformGraph<int32_t>(15, 3, false);
  Graph<int32_t> weightedUndirected = uniformGraph<int32_t>(14, 3, true);
  loadAndCheck<NoWeight>(directed, "d.sg");
  loadAndCheck<NoWeight>(undirected, "u.sg");
  loadAndCheck<int32_t>(weighted, "d.wsg");
  loadAndCheck<double>(weighted, "d2.wsg");
  loadAndCheck<NoWeight>(weighted, "d3.wsg");
  loadAndCheck<uint32_t>(weightedUndirected, "u.wsg");
  loadAndCheck<NoWeight>(directed, "d.el");   // loaded whole, then cut
  loadAndCheck<float>(weighted, "d.wel");
}

TEST(DistributedLoad, SmallGraphLeavesRanksEmpty) {
  Graph<NoWeight> g = uniformGraph<NoWeight>(10, 4, false); // 1024 < 4096 vertices
  EdgesPart part;
  Graph<NoWeight> mine = writeAndLoadPart<NoWeight>(g, "small.sg", part, Strategy::ChunkAlpha);
  checkPart(loadGraph<NoWeight>(sharedDirectory() + "/small.sg"), mine, part);
  EXPECT_EQ(sumOverRanks(part.ownedCount()), 1024);
  EXPECT_EQ(part.listedVertices(), 0); // one rank owns everything
}

// Hash splits any graph: n not a multiple of the ranks, below the granule.
TEST(DistributedLoad, HashSplitsASmallGraph) {
  EdgeList edges;
  const VertexId n = 1001;
  for (VertexId v = 0; v < n; ++v) {
    edges.push_back({v, (v * 7 + 3) % n, 1});
    edges.push_back({(v * 13 + 1) % n, v, 1});
  }
  Graph<NoWeight> g = buildGraph<NoWeight>(edges, n, false);
  EdgesPart part;
  Graph<NoWeight> mine = writeAndLoadPart<NoWeight>(g, "hash-small.sg", part, Strategy::Hash);
  checkPart(loadGraph<NoWeight>(sharedDirectory() + "/hash-small.sg"), mine, part);
  EXPECT_EQ(part.ownedCount(), (n - rank() + ranks() - 1) / ranks());
  EXPECT_EQ(sumOverRanks(part.ownedCount()), n);
  if (ranks() > 1) {
    EXPECT_GT(part.listedVertices(), 0);
  }
}

TEST(DistributedLoad, LaterEdgesetsMustHaveTheSameVertexCount) {
  Graph<NoWeight> g = uniformGraph<NoWeight>(13, 2, false);
  Graph<NoWeight> other = uniformGraph<NoWeight>(12, 2, false);
  EdgesPart part, second;
  writeAndLoadPart<NoWeight>(g, "first.sg", part);
  if (rank() == 0)
    writeGraph(other, sharedDirectory() + "/other.sg");
  MPI_Barrier(MPI_COMM_WORLD);
  try {
    loadPart<NoWeight>(sharedDirectory() + "/other.sg", second, Strategy::ChunkAlpha, -1);
    ADD_FAILURE() << "no error";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("every edgeset of a distributed program has the same"),
              std::string::npos)
        << e.what();
  }
}

TEST(DistributedLoad, ABadListFailsItsOwnerAndStopsTheOthers) {
  // Only the rank owning the bad in-list reads it: the others hear that it
  // failed, and nobody waits.
  Graph<NoWeight> g = uniformGraph<NoWeight>(15, 2, false);
  EdgesPart part, bad;
  writeAndLoadPart<NoWeight>(g, "good.sg", part);
  std::string path = sharedDirectory() + "/bad.sg";
  Graph<NoWeight> whole = g;
  whole.buildInEdges();
  VertexId n = g.numVertices(), first = 0;
  while (whole.inDegree(first) == 0)
    ++first;
  if (rank() == 0) {
    writeGraph(g, path);
    std::FILE *f = std::fopen(path.c_str(), "r+b");
    ASSERT_NE(f, nullptr);
    int64_t at = 17 + (int64_t{n} + 1) * 8 * 2 + g.numEdges() * 4; // the CSC's first neighbour
    int32_t outside = n + 5;
    std::fseek(f, at, SEEK_SET);
    std::fwrite(&outside, 4, 1, f);
    std::fclose(f);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  int owner = part.partition().ownerOf(first);
  try {
    loadPart<NoWeight>(path, bad, Strategy::ChunkAlpha, -1);
    ADD_FAILURE() << "no error";
  } catch (const Error &e) {
    std::string expected = rank() == owner
                               ? path + ": in-edge neighbour " + std::to_string(n + 5) +
                                     " of vertex " + std::to_string(first) +
                                     " is outside [0, num_nodes) = [0, " + std::to_string(n) + ")"
                               : "rank " + std::to_string(owner) + " failed to load " + path;
    EXPECT_EQ(std::string(e.what()), expected);
  }
}

int64_t valueOf(VertexId v) { return int64_t{v} * 7 + 3; }

struct Totals {
  int64_t records, messages, bytes;
};
Totals roundTotals(const char *traversal) {
  dist::detail::RoundCounts c = dist::detail::lastRound(traversal);
  return {sumOverRanks(c.records), sumOverRanks(c.messages), sumOverRanks(c.bytes)};
}

/// Every source the part lists holds its owner's value.
template <typename W, typename T, typename F>
void expectMirrorsCurrent(const Graph<W> &g, const VertexArray<T> &values, F value) {
  for (VertexId u = 0; u < g.numVertices(); ++u)
    if (g.outDegree(u) > 0) {
      ASSERT_EQ(values[u], value(u)) << "vertex " << u << " on rank " << rank();
    }
}

TEST(DistributedExchange, RefreshMirrorsSendsWhatTheWholeGraphSays) {
  Graph<NoWeight> whole = uniformGraph<NoWeight>(14, 2, false);
  EdgesPart part;
  Graph<NoWeight> g = writeAndLoadPart<NoWeight>(whole, "x.sg", part);
  whole.buildInEdges();
  Expected all = expectedTraffic(whole, part.partition(), [](VertexId) { return true; });
  auto fifth = [](VertexId u) { return u % 5 == 0; };
  auto few = [](VertexId u) { return u % 97 == 0; };
  Expected changed = expectedTraffic(whole, part.partition(), fifth);
  Expected fewChanged = expectedTraffic(whole, part.partition(), few);
  auto most = [](VertexId u) { return u % 97 != 1; };
  Expected mostChanged = expectedTraffic(whole, part.partition(), most);
  enableMessageAccounting();
  for (int64_t piece : {int64_t(INT_MAX), int64_t(7)}) // 7: every transfer cut into pieces
    for (Combining combining : {Combining::Mirrors, Combining::Batched, Combining::PerUpdate})
      for (int mode : {0, 1, 2}) { // 2: the ring begun, then finished (mirrors only)
        const Communication how = mode == 0 ? Communication::Alltoallv : Communication::Ring;
        const bool overlapped = mode == 2;
        if (overlapped && combining != Combining::Mirrors)
          continue;
        if (piece < INT_MAX && combining == Combining::PerUpdate)
          continue; // (records are single messages anyway)
        if (part.partition().listed() && combining == Combining::PerUpdate)
          continue; // (hash cuts nearly every edge: a message each, too slow for the suite)
        SCOPED_TRACE(testing::Message() << "combining " << int(combining) << ", communication "
                                        << mode << ", piece " << piece);
        dist::detail::setMessagePieceBytes(piece);
        VertexArray<int64_t> values(g.numVertices(), 0);
        for (VertexId v = 0; v < g.numVertices(); ++v)
          values[v] = part.owns(v) ? valueOf(v) : -1 - rank();
        Freshness f;
        auto refresh = [&] {
          if (!overlapped) {
            refreshMirrors(part, values, f, combining, how, "t");
            return;
          }
          beginRefreshMirrors(part, values, f, "t");
          // Under way until finished, unless the mirrors were current already.
          EXPECT_EQ(f.mirrors, !f.inFlight);
          finishRefreshMirrors(f);
          EXPECT_FALSE(f.inFlight);
        };
        wrote(f);
        refresh();
        EXPECT_TRUE(f.mirrors);
        expectMirrorsCurrent(g, values, valueOf);
        int64_t perRecord = combining == Combining::Mirrors ? all.listed : all.cutEdges;
        Totals t = roundTotals("t");
        EXPECT_EQ(t.records, perRecord);
        EXPECT_EQ(t.bytes, combining == Combining::Mirrors ? all.mirrorBytes(8) : perRecord * 12);
        if (combining == Combining::PerUpdate) {
          EXPECT_EQ(t.messages, perRecord);
        }
        // Nothing changed: nothing is sent.
        wrote(f);
        refresh();
        EXPECT_EQ(roundTotals("t").records, 0);
        // The owners set the vertices `changes` names to valueOf + delta and
        // refresh: exactly the traffic `expected` counts goes.
        auto changeAndRefresh = [&](auto changes, int64_t delta, const Expected &expected) {
          for (VertexId v : ownedBy(part))
            if (changes(v))
              values[v] = valueOf(v) + delta;
          wrote(f);
          refresh();
          Totals sent = roundTotals("t");
          EXPECT_EQ(sent.records, combining == Combining::Mirrors ? expected.mirrorBytes(8, true)
                                                                  : expected.cutEdges);
          EXPECT_EQ(sent.bytes, combining == Combining::Mirrors ? expected.mirrorBytes(8)
                                                                : expected.cutEdges * 12);
          return sent;
        };
        // A fifth of the vertices changed: exactly their records.
        changeAndRefresh(fifth, 1, changed);
        expectMirrorsCurrent(g, values, [&](VertexId u) { return valueOf(u) + (fifth(u) ? 1 : 0); });
        // A few more changed (Mirrors sends their positions, not a bitset).
        changeAndRefresh(few, 2, fewChanged);
        expectMirrorsCurrent(g, values, [&](VertexId u) {
          return valueOf(u) + (few(u) ? 2 : fifth(u) ? 1 : 0);
        });
        // All but a few changed: Mirrors sends the whole lists, in order.
        t = changeAndRefresh(most, 3, mostChanged);
        if (combining == Combining::Mirrors) {
          EXPECT_EQ(t.records, all.listed);
        }
        expectMirrorsCurrent(g, values, [&](VertexId u) {
          return valueOf(u) + (most(u) ? 3 : fifth(u) ? 1 : 0);
        });
        // Fresh mirrors: no exchange at all.
        refresh();
        EXPECT_EQ(roundTotals("t").messages, 0);
      }
  dist::detail::setMessagePieceBytes(INT_MAX);
}

TEST(DistributedLoad, SplitSourcesCutsEachInListAtTheRanksRange) {
  Graph<NoWeight> whole = uniformGraph<NoWeight>(13, 4, true);
  EdgesPart part;
  Graph<NoWeight> g = writeAndLoadPart<NoWeight>(whole, "s.sg", part);
  if (part.partition().listed()) {
    EXPECT_THROW(part.splitSources(g), Error);
    return;
  }
  part.splitSources(g);
  g.buildInEdges();
  const EdgeOffset *offsets = g.inOffsets();
  const VertexId *neighbors = g.inNeighbors();
  int64_t own = 0, other = 0;
  for (int64_t i = 0; i < part.ownedCount(); ++i) {
    const VertexId v = part.ownedVertex(i);
    EdgesPart::EdgeRun mine = part.ownSources(offsets, neighbors, v);
    for (EdgeOffset e = mine.first; e < mine.last; ++e, ++own)
      ASSERT_TRUE(part.owns(neighbors[e])) << v << " <- " << neighbors[e];
    // An own run that is not the whole list: the vertex is among the mirrored.
    EXPECT_EQ(part.hasOtherSources(i), mine.last - mine.first != g.inDegree(v)) << v;
  }
  for (int64_t k = 0; k < part.mirroredCount(); ++k) {
    const VertexId v = part.mirroredVertex(k);
    ASSERT_TRUE(part.owns(v));
    if (k > 0) {
      ASSERT_LT(part.mirroredVertex(k - 1), v);
    }
    for (EdgesPart::EdgeRun run : part.otherSources(offsets, v, k))
      for (EdgeOffset e = run.first; e < run.last; ++e, ++other)
        ASSERT_FALSE(part.owns(neighbors[e])) << v << " <- " << neighbors[e];
  }
  // Together the runs are every in-edge of the rank's vertices.
  EXPECT_EQ(own + other, offsets[part.ownedLimit()] - offsets[part.firstOwned()]);
  if (part.ownedCount() > 0) { // (a small graph leaves some ranks empty)
    EXPECT_GT(own, 0);
  }
  if (part.ownedCount() > 0 && part.ownedCount() < g.numVertices()) {
    EXPECT_GT(other, 0);
  }
}

TEST(DistributedExchange, OtherElementTypes) {
  Graph<NoWeight> whole = uniformGraph<NoWeight>(14, 3, true);
  EdgesPart part;
  Graph<NoWeight> g = writeAndLoadPart<NoWeight>(whole, "y.sg", part);
  VertexArray<bool> flags(g.numVertices(), false);
  VertexArray<double> reals(g.numVertices(), -1.0);
  VertexArray<uint8_t> bytes(g.numVertices(), 0);
  for (VertexId v : ownedBy(part)) {
    flags[v] = v % 3 == 0;
    reals[v] = v * 0.5;
    bytes[v] = static_cast<uint8_t>(v % 251);
  }
  Freshness a, b, c;
  wrote(a), wrote(b), wrote(c);
  refreshMirrors(part, flags, a, Combining::Mirrors, Communication::Ring, "bool");
  refreshMirrors(part, reals, b, Combining::Batched, Communication::Alltoallv, "double");
  refreshMirrors(part, bytes, c, Combining::PerUpdate, Communication::Ring, "uint8");
  expectMirrorsCurrent(g, flags, [](VertexId u) { return u % 3 == 0; });
  expectMirrorsCurrent(g, reals, [](VertexId u) { return u * 0.5; });
  expectMirrorsCurrent(g, bytes, [](VertexId u) { return static_cast<uint8_t>(u % 251); });
}

/// Owners change their values, `gather` copies them to other ranks, then
/// owners change them back to what they last sent: the next refresh must
/// still bring every mirror the owner's value.
template <typename Gather>
void expectChangedBackValuesReachMirrors(const Graph<NoWeight> &g, EdgesPart &part,
                                         VertexArray<int64_t> &values, Freshness &f,
                                         Communication communication, Gather gather) {
  for (VertexId v : ownedBy(part))
    values[v] = valueOf(v) + 9;
  wrote(f);
  gather();
  for (VertexId v : ownedBy(part))
    values[v] = valueOf(v);
  wrote(f);
  refreshMirrors(part, values, f, Combining::Mirrors, communication, "g");
  expectMirrorsCurrent(g, values, valueOf);
}

TEST(DistributedExchange, GatherAllMakesEveryElementTheOwners) {
  Graph<NoWeight> whole = uniformGraph<NoWeight>(15, 2, false);
  EdgesPart part;
  Graph<NoWeight> g = writeAndLoadPart<NoWeight>(whole, "z.sg", part);
  for (int64_t piece : {int64_t(INT_MAX), int64_t(1000)}) { // 1000: broadcasts in pieces
    dist::detail::setMessagePieceBytes(piece);
    VertexArray<int64_t> values(g.numVertices(), 0);
    for (VertexId v = 0; v < g.numVertices(); ++v)
      values[v] = part.owns(v) ? valueOf(v) : -5 - rank();
    Freshness f;
    wrote(f);
    gatherAll(part, values, f);
    EXPECT_TRUE(f.all && f.mirrors);
    for (VertexId v = 0; v < g.numVertices(); ++v)
      ASSERT_EQ(values[v], valueOf(v)) << v;
    // Owners change values to the ones last sent before the gather: the
    // mirrors, which the gather overwrote, must hear of it.
    refreshMirrors(part, values, f, Combining::Mirrors, Communication::Alltoallv, "g");
    wrote(f);
    refreshMirrors(part, values, f, Combining::Mirrors, Communication::Alltoallv, "g");
    expectChangedBackValuesReachMirrors(g, part, values, f, Communication::Alltoallv,
                                        [&] { gatherAll(part, values, f); });
  }
  dist::detail::setMessagePieceBytes(INT_MAX);
}

TEST(DistributedExchange, GatherForPrintFillsRankZerosCopiesAlone) {
  for (bool hash : {false, true}) {
    Graph<NoWeight> whole = uniformGraph<NoWeight>(15, 2, false);
    EdgesPart part;
    Graph<NoWeight> g = hash ? writeAndLoadPart<NoWeight>(whole, "ph.sg", part, Strategy::Hash)
                             : writeAndLoadPart<NoWeight>(whole, "p.sg", part);
    for (int64_t piece : {int64_t(INT_MAX), int64_t(1000)}) { // 1000: sent in pieces
      dist::detail::setMessagePieceBytes(piece);
      VertexArray<int64_t> values(g.numVertices(), 0);
      for (VertexId v = 0; v < g.numVertices(); ++v)
        values[v] = part.owns(v) ? valueOf(v) : -5 - rank();
      Freshness f;
      wrote(f);
      gatherForPrint(part, values, f);
      EXPECT_FALSE(f.all || f.mirrors); // alike on every rank
      for (VertexId v = 0; v < g.numVertices(); ++v)
        ASSERT_EQ(values[v], rank() == 0 || part.owns(v) ? valueOf(v) : -5 - rank()) << v;
      // Rank 0's mirrors now hold what owners hold; a value changed and then
      // changed back must still reach them.
      refreshMirrors(part, values, f, Combining::Mirrors, Communication::Ring, "g");
      expectChangedBackValuesReachMirrors(g, part, values, f, Communication::Ring,
                                          [&] { gatherForPrint(part, values, f); });
    }
    dist::detail::setMessagePieceBytes(INT_MAX);
  }
}

TEST(DistributedExchange, AWriteOnEveryRankResendsEverything) {
  Graph<NoWeight> whole = uniformGraph<NoWeight>(15, 2, false);
  EdgesPart part;
  Graph<NoWeight> g = writeAndLoadPart<NoWeight>(whole, "w.sg", part);
  VertexArray<int64_t> values(g.numVertices(), 0);
  for (VertexId v = 0; v < g.numVertices(); ++v)
    values[v] = valueOf(v);
  Freshness f;
  wrote(f);
  refreshMirrors(part, values, f, Combining::Batched, Communication::Ring, "w");
  // Serial code fills the vector on every rank, then a traversal writes the
  // owned elements back to the values last sent: the mirrors hold 0.
  values.fill(0);
  wroteOnEveryRank(f);
  for (VertexId v : ownedBy(part))
    values[v] = valueOf(v);
  wrote(f);
  refreshMirrors(part, values, f, Combining::Batched, Communication::Ring, "w");
  expectMirrorsCurrent(g, values, valueOf);
}

TEST(DistributedExchange, GatherSetKeepsFormAndSize) {
  Graph<NoWeight> whole = uniformGraph<NoWeight>(15, 2, false);
  EdgesPart part;
  Graph<NoWeight> g = writeAndLoadPart<NoWeight>(whole, "s.sg", part);
  VertexId n = g.numVertices();
  auto member = [](VertexId v) { return v % 3 == 0; };
  int64_t expected = 0;
  std::vector<VertexId> expectedList;
  for (VertexId v = 0; v < n; ++v)
    if (member(v)) {
      ++expected;
      expectedList.push_back(v);
    }
  // Each rank's own members, and stale ones from others' ranges.
  std::vector<VertexId> ids;
  std::vector<uint8_t> flags(n, 0);
  for (VertexId v = 0; v < n; ++v)
    if ((part.owns(v) && member(v)) || (!part.owns(v) && v % 7 == 1)) {
      ids.push_back(v);
      flags[v] = 1;
    }
  VertexSubset sparse = VertexSubset::fromSparse(n, ids);
  gatherSet(part, sparse);
  EXPECT_TRUE(sparse.hasSparse());
  EXPECT_EQ(sparse.size(), expected);
  const IdList &list = sparse.sparse();
  EXPECT_EQ(std::vector<VertexId>(list.begin(), list.end()), expectedList);

  VertexSubset dense = VertexSubset::fromDense(n, flags);
  gatherSet(part, dense);
  EXPECT_TRUE(dense.hasDense());
  EXPECT_FALSE(dense.hasSparse());
  EXPECT_EQ(dense.size(), expected);
  for (VertexId v = 0; v < n; ++v)
    ASSERT_EQ(dense.dense()[v] != 0, member(v)) << v;

  VertexSubset bits = VertexSubset::fromDense(n, flags);
  std::vector<uint64_t> words(bits.bits(), bits.bits() + (n + 63) / 64);
  bits = VertexSubset::fromBits(n, words, static_cast<int64_t>(ids.size()));
  gatherSet(part, bits);
  if (part.partition().listed() && ranks() > 1) {
    EXPECT_TRUE(bits.hasDense()); // (hash's every p-th vertex shares words: by bytes)
  } else {
    EXPECT_TRUE(bits.hasBits());
  }
  EXPECT_EQ(bits.size(), expected);
  for (VertexId v = 0; v < n; ++v)
    ASSERT_EQ(bits.contains(v), member(v)) << v;

  // Ranks holding different forms end up dense, all of the same size.
  VertexSubset mixed = rank() == 0 ? VertexSubset::fromSparse(n, ids) : VertexSubset::fromDense(n, flags);
  gatherSet(part, mixed);
  EXPECT_EQ(mixed.size(), expected);
  EXPECT_TRUE(sameOnAllRanks(mixed.size()));
  if (ranks() > 1) {
    EXPECT_TRUE(mixed.hasDense());
  }
}

// A traversal folding into its sources' elements (kcore's degree count):
// each rank walks its part's edges, folding into the source's copy; the
// owners then hold what one pass over the whole graph gives.
TEST(DistributedFold, OwnersHoldTheWholeGraphsFold) {
  Graph<NoWeight> whole = uniformGraph<NoWeight>(14, 4, false);
  EdgesPart part;
  Graph<NoWeight> g = writeAndLoadPart<NoWeight>(whole, "fold.sg", part);
  whole.buildInEdges();
  Expected listed = expectedTraffic(whole, part.partition(), [](VertexId) { return true; });
  auto few = [](VertexId u) { return u % 97 == 0; };
  Expected fewListed = expectedTraffic(whole, part.partition(), few);
  auto most = [](VertexId u) { return u % 97 != 1; };
  Expected mostListed = expectedTraffic(whole, part.partition(), most);
  std::vector<int64_t> degree(g.numVertices(), 5), least(g.numVertices(), 1 << 30);
  for (VertexId u = 0; u < whole.numVertices(); ++u)
    for (EdgeOffset e = whole.outOffsets()[u]; e < whole.outOffsets()[u + 1]; ++e) {
      degree[u] += 2;
      least[u] = std::min<int64_t>(least[u], whole.outNeighbors()[e]);
    }
  for (Communication how : {Communication::Alltoallv, Communication::Ring}) {
    VertexArray<int64_t> sum(g.numVertices(), 5), min(g.numVertices(), 1 << 30);
    Freshness fs, fm;
    snapshotMirrors(part, sum, fs);
    snapshotMirrors(part, min, fm);
    for (VertexId u = 0; u < g.numVertices(); ++u)
      for (EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e) {
        sum[u] += 2;
        min[u] = std::min<int64_t>(min[u], g.outNeighbors()[e]);
      }
    enableMessageAccounting();
    foldIntoOwners(part, sum, fs, Fold::Add, how, "fold");
    // Every mirror changed: each pair's list goes whole, in list order.
    Totals t = roundTotals("fold");
    EXPECT_EQ(t.records, listed.listed);
    EXPECT_EQ(t.bytes, listed.mirrorBytes(8));
    foldIntoOwners(part, min, fm, Fold::Min, how, "fold");
    for (VertexId v : ownedBy(part)) {
      ASSERT_EQ(sum[v], degree[v]) << "vertex " << v;
      ASSERT_EQ(min[v], least[v]) << "vertex " << v;
    }
    EXPECT_TRUE(fs.lastSent.empty()); // mirrors hold partial folds: all is sent next
    // Then a few sources gain 1 on every rank with an edge from them: only
    // their positions in the lists travel, and the owners add them up.
    snapshotMirrors(part, sum, fs);
    for (VertexId u = 0; u < g.numVertices(); ++u)
      if (few(u) && g.outDegree(u) > 0)
        sum[u] += 1;
    foldIntoOwners(part, sum, fs, Fold::Add, how, "fold");
    t = roundTotals("fold");
    EXPECT_EQ(t.records, fewListed.mirrorBytes(8, true));
    EXPECT_EQ(t.bytes, fewListed.mirrorBytes(8));
    for (VertexId v : ownedBy(part)) {
      std::set<int> holders; // the ranks whose parts have edges from v
      for (EdgeOffset e = whole.outOffsets()[v]; e < whole.outOffsets()[v + 1]; ++e)
        holders.insert(part.partition().ownerOf(whole.outNeighbors()[e]));
      ASSERT_EQ(sum[v], degree[v] + (few(v) ? int64_t(holders.size()) : 0)) << "vertex " << v;
    }
    // Min with most mirrors changed and the others' copies below their
    // owners' values: the whole lists go, the unchanged places carrying the
    // identity, which leaves the owners' values alone.
    for (VertexId v : ownedBy(part))
      min[v] = 1 << 29;
    snapshotMirrors(part, min, fm);
    for (VertexId u = 0; u < g.numVertices(); ++u)
      if (!part.owns(u) && most(u))
        min[u] = (1 << 28) + u;
    foldIntoOwners(part, min, fm, Fold::Min, how, "fold");
    t = roundTotals("fold");
    EXPECT_EQ(t.records, mostListed.mirrorBytes(8, true));
    EXPECT_EQ(t.bytes, mostListed.mirrorBytes(8));
    EXPECT_EQ(t.records, listed.listed);
    for (VertexId v : ownedBy(part)) {
      bool listedElsewhere = false;
      for (EdgeOffset e = whole.outOffsets()[v]; e < whole.outOffsets()[v + 1]; ++e)
        listedElsewhere |= !part.owns(whole.outNeighbors()[e]);
      ASSERT_EQ(min[v], listedElsewhere && most(v) ? (1 << 28) + v : 1 << 29) << "vertex " << v;
    }
  }
}

// POLYRT_RANK_GRANULE below 64 (the tests' small graphs): ranks share
// bitvector words, and a set held as bits is gathered by bytes.
TEST(DistributedExchange, GatherSetOfBitsOffWordBounds) {
  setenv("POLYRT_RANK_GRANULE", "5", 1);
  dist::detail::resetProgramPartition();
  Graph<NoWeight> whole = uniformGraph<NoWeight>(7, 2, false);
  EdgesPart part;
  Graph<NoWeight> g = writeAndLoadPart<NoWeight>(whole, "bits.sg", part);
  unsetenv("POLYRT_RANK_GRANULE");
  dist::detail::resetProgramPartition();
  VertexId n = g.numVertices();
  auto member = [](VertexId v) { return v % 3 == 0; };
  std::vector<uint8_t> flags(n, 0);
  int64_t held = 0;
  for (VertexId v = 0; v < n; ++v)
    if ((part.owns(v) && member(v)) || (!part.owns(v) && v % 7 == 1)) {
      flags[v] = 1;
      ++held;
    }
  VertexSubset dense = VertexSubset::fromDense(n, flags);
  std::vector<uint64_t> words(dense.bits(), dense.bits() + (n + 63) / 64);
  VertexSubset bits = VertexSubset::fromBits(n, words, held);
  gatherSet(part, bits);
  for (VertexId v = 0; v < n; ++v)
    ASSERT_EQ(bits.contains(v), member(v)) << v;
  EXPECT_EQ(bits.size(), (int64_t{n} + 2) / 3);
}

TEST(DistributedReductions, OverRanks) {
  int p = ranks(), r = rank();
  EXPECT_EQ(sumOverRanks(int64_t(r + 1)), int64_t(p) * (p + 1) / 2);
  EXPECT_DOUBLE_EQ(sumOverRanks(0.5), 0.5 * p);
  EXPECT_EQ(minOverRanks(int64_t(10 - r)), 10 - (p - 1));
  EXPECT_EQ(maxOverRanks(int64_t(10 - r)), 10);
  EXPECT_DOUBLE_EQ(minOverRanks(double(r)), 0.0);
  EXPECT_DOUBLE_EQ(maxOverRanks(double(r)), double(p - 1));
}

// vec.sum() without a gather: each rank's own elements, whatever the other
// ranks' copies hold; every rank gets the same number.
TEST(DistributedReductions, SumsOfOwnedElements) {
  Graph<NoWeight> whole = uniformGraph<NoWeight>(15, 2, false);
  EdgesPart part;
  Graph<NoWeight> g = writeAndLoadPart<NoWeight>(whole, "sums.sg", part);
  const VertexId n = g.numVertices();
  VertexArray<int32_t> ints(n, 0);
  VertexArray<int64_t> longs(n, 0);
  VertexArray<double> doubles(n, 0.0);
  int64_t intTotal = 0;
  double doubleTotal = 0;
  for (VertexId v = 0; v < n; ++v) { // others' copies hold garbage
    bool mine = part.owns(v);
    ints[v] = mine ? int32_t(v % 7) - 3 : 1000 + rank();
    longs[v] = mine ? (int64_t(v) << 33) : -1;
    doubles[v] = mine ? 1.0 / (v + 1) : 1e9;
    intTotal += int32_t(v % 7) - 3;
    doubleTotal += 1.0 / (v + 1);
  }
  EXPECT_EQ(sumOwnedInts(part, ints, "here"), intTotal);
  EXPECT_EQ(sumOwned(part, longs), (int64_t(n) * (n - 1) / 2) << 33);
  double sum = sumOwned(part, doubles);
  EXPECT_NEAR(sum, doubleTotal, 1e-12 * doubleTotal);
  EXPECT_EQ(maxOverRanks(sum), sum); // the same bits on every rank
  EXPECT_EQ(minOverRanks(sum), sum);
  // An int sum that does not fit stops with its place, on every rank alike.
  for (VertexId v = 0; v < n; ++v)
    ints[v] = part.owns(v) ? INT_MAX / 2 : 0;
  EXPECT_THROW(sumOwnedInts(part, ints, "here"), Error);
}

// Cartesian: the ranks form an r x c grid (r = 2 at 4 ranks, 1 below);
// rank k's part is the edges into its column's range from its row's owners.
// POLYRT_RANK_GRANULE=256 splits the tests' graphs over every rank.

/// Loads g's file `name` under Cartesian with 256-vertex granules.
template <typename W, typename G>
Graph<W> loadCartesian(const G &g, const std::string &name, EdgesPart &part) {
  setenv("POLYRT_RANK_GRANULE", "256", 1);
  Graph<W> mine = writeAndLoadPart<W>(g, name, part, Strategy::Cartesian);
  unsetenv("POLYRT_RANK_GRANULE");
  return mine;
}

/// checkPart under Cartesian, and the grid: the pulled range is the
/// column's, every edge is in one part, and the grid cuts something.
template <typename W>
void checkCartesianPart(const Graph<W> &whole, const Graph<W> &g, const EdgesPart &part) {
  checkPart(whole, g, part, 256);
  const RankPartition &split = part.partition();
  const int r = rank(), p = ranks();
  ASSERT_EQ(split.how, Strategy::Cartesian);
  ASSERT_EQ(split.rows(), p == 4 ? 2 : 1);
  const EdgesPart::OwnedVertices pulled = part.pulled();
  EXPECT_EQ(pulled.first, split.columnFirst(r));
  EXPECT_EQ(pulled.limit, split.columnLimit(r));
  EXPECT_EQ(pulled.list, nullptr);
  EXPECT_EQ(pulled.count, int64_t{pulled.limit} - pulled.first);
  EXPECT_LE(pulled.first, part.firstOwned());
  EXPECT_GE(pulled.limit, part.ownedLimit());
  if (p > 1) {
    EXPECT_EQ(sumOverRanks(g.numEdges()), whole.numEdges());
  }
  int64_t partials = 0;
  for (const auto &list : part.partialTo_)
    partials += static_cast<int64_t>(list.size());
  if (split.rows() > 1) {
    EXPECT_GT(sumOverRanks(partials), 0);
  } else {
    EXPECT_EQ(sumOverRanks(partials), 0);
  }
}

TEST(DistributedCartesian, PartIsTheRowsEdgesIntoTheColumn) {
  Graph<NoWeight> directed = uniformGraph<NoWeight>(12, 4, false);
  Graph<NoWeight> undirected = uniformGraph<NoWeight>(12, 3, true);
  Graph<int32_t> weighted = uniformGraph<int32_t>(12, 3, false);
  auto check = [&](const auto &file, const std::string &name, auto weight) {
    using W = decltype(weight);
    SCOPED_TRACE(name);
    EdgesPart part;
    Graph<W> g = loadCartesian<W>(file, name, part);
    checkCartesianPart(loadGraph<W>(sharedDirectory() + "/" + name), g, part);
  };
  check(directed, "cd.sg", NoWeight{});
  check(undirected, "cu.sg", NoWeight{});
  check(weighted, "cd.wsg", int32_t{});
  check(weighted, "cd2.wsg", NoWeight{});
  check(directed, "cd.el", NoWeight{}); // loaded whole, then cut
  check(weighted, "cd.wel", double{});
}

TEST(DistributedCartesian, SplitSourcesIsAnInternalError) {
  Graph<NoWeight> whole = uniformGraph<NoWeight>(10, 2, false);
  EdgesPart part;
  Graph<NoWeight> g = loadCartesian<NoWeight>(whole, "cs.sg", part);
  try {
    part.splitSources(g);
    ADD_FAILURE() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()).rfind("internal error: ", 0), 0u) << e.what();
  }
}

/// A pull over the part's CSC: every pulled destination folds its in-edges'
/// values of x into values (combine), as the compiled pull does.
template <typename T, typename X, typename Combine>
void pullOverPart(const Graph<NoWeight> &g, const EdgesPart &part, const VertexArray<X> &x,
                  VertexArray<T> &values, Combine combine) {
  const EdgesPart::OwnedVertices pulled = part.pulled();
  for (VertexId v = pulled.first; v < pulled.limit; ++v)
    for (EdgeOffset e = g.inOffsets()[v]; e < g.inOffsets()[v + 1]; ++e)
      values[v] = combine(values[v], static_cast<T>(x[g.inNeighbors()[e]]));
}

// clearPartials, a pull over the part and foldPartials: every owner holds
// the fold of all its in-edges, whatever rank pulled them.
TEST(DistributedCartesian, FoldPartialsGivesOwnersTheWholeFold) {
  Graph<NoWeight> whole = uniformGraph<NoWeight>(12, 4, false);
  EdgesPart part;
  Graph<NoWeight> g = loadCartesian<NoWeight>(whole, "cf.sg", part);
  whole.buildInEdges();
  const VertexId n = g.numVertices();
  // x at the sources, refreshed from the owners (the first refresh: all).
  VertexArray<int64_t> x(n, -7);
  for (VertexId v : ownedBy(part))
    x[v] = valueOf(v);
  Freshness fx;
  wrote(fx);
  refreshMirrors(part, x, fx, Combining::Mirrors, Communication::Ring, "pull");
  expectMirrorsCurrent(g, x, valueOf);
  enableMessageAccounting();
  for (Communication how : {Communication::Alltoallv, Communication::Ring}) {
    VertexArray<int64_t> sum(n, 5);
    VertexArray<double> least(n, 1e30);
    VertexArray<float> halves(n, 0.0f); // every second source's x / 2, exact in a float
    Freshness fs, fm, fh;
    clearPartials(part, sum, Fold::Add);
    clearPartials(part, least, Fold::Min);
    clearPartials(part, halves, Fold::Add);
    for (const auto &list : part.partialTo_)
      for (VertexId v : list) {
        ASSERT_EQ(sum[v], 0);
        ASSERT_EQ(least[v], INFINITY);
        ASSERT_FALSE(std::signbit(halves[v]));
      }
    pullOverPart(g, part, x, sum, [](int64_t a, int64_t b) { return a + b; });
    pullOverPart(g, part, x, least, [](double a, double b) { return std::min(a, b); });
    VertexArray<int64_t> halfX(n, 0);
    for (VertexId u = 0; u < n; ++u)
      halfX[u] = u % 2 == 0 ? 0 : x[u] % 1000;
    pullOverPart(g, part, halfX, halves, [](float a, float b) { return a + b / 2; });
    foldPartials(part, sum, fs, Fold::Add, how, "partials");
    foldPartials(part, least, fm, Fold::Min, how, "partials-min");
    foldPartials(part, halves, fh, Fold::Add, how, "partials-float");
    for (VertexId v : ownedBy(part)) {
      int64_t want = 5;
      double low = 1e30;
      float half = 0.0f;
      for (EdgeOffset e = whole.inOffsets()[v]; e < whole.inOffsets()[v + 1]; ++e) {
        VertexId u = whole.inNeighbors()[e];
        want += valueOf(u);
        low = std::min(low, double(valueOf(u)));
        half += u % 2 == 0 ? 0.0f : float(valueOf(u) % 1000) / 2;
      }
      ASSERT_EQ(sum[v], want) << "vertex " << v;
      ASSERT_EQ(least[v], low) << "vertex " << v;
      ASSERT_EQ(halves[v], half) << "vertex " << v;
      if (half == 0.0f) {
        ASSERT_FALSE(std::signbit(halves[v])) << "vertex " << v; // 0, not -0
      }
    }
    EXPECT_TRUE(fs.lastSent.empty());
    // Every partial changed: each pair's list goes whole.
    int64_t partials = 0, bytes = 0;
    for (const auto &list : part.partialTo_) {
      int64_t size = static_cast<int64_t>(list.size());
      partials += size;
      bytes += encodedListBytes(size, size, 8);
    }
    Totals t = roundTotals("partials");
    EXPECT_EQ(t.records, sumOverRanks(partials));
    EXPECT_EQ(t.bytes, sumOverRanks(bytes));
  }
}

// foldPartials sends a partial only when it changed since it was last sent
// (nothing when none did); the owners keep the partials they received, so
// every round's result is that of sending all.
TEST(DistributedCartesian, TrackedPartialsSendOnlyWhatChanged) {
  Graph<NoWeight> whole = uniformGraph<NoWeight>(12, 4, false);
  EdgesPart part;
  Graph<NoWeight> g = loadCartesian<NoWeight>(whole, "tp.sg", part);
  whole.buildInEdges();
  const VertexId n = g.numVertices();
  enableMessageAccounting();
  VertexArray<int64_t> x(n, 0), sum(n, 0);
  Freshness fx, fs;
  int64_t firstBytes = 0;
  // Round 0: x is valueOf; round 1: every fifth vertex's x changed; round 2: nothing did.
  for (int round = 0; round < 3; ++round) {
    auto value = [round](VertexId u) { return valueOf(u) + (round >= 1 && u % 5 == 0 ? 11 : 0); };
    for (VertexId v : ownedBy(part))
      x[v] = value(v);
    wrote(fx);
    refreshMirrors(part, x, fx, Combining::Mirrors, Communication::Ring, "tracked-x");
    for (VertexId v : ownedBy(part))
      sum[v] = 0;
    clearPartials(part, sum, Fold::Add);
    pullOverPart(g, part, x, sum, [](int64_t a, int64_t b) { return a + b; });
    foldPartials(part, sum, fs, Fold::Add, Communication::Ring, "tracked");
    for (VertexId v : ownedBy(part)) {
      int64_t want = 0;
      for (EdgeOffset e = whole.inOffsets()[v]; e < whole.inOffsets()[v + 1]; ++e)
        want += value(whole.inNeighbors()[e]);
      ASSERT_EQ(sum[v], want) << "vertex " << v << ", round " << round;
    }
    const int64_t bytes = roundTotals("tracked").bytes;
    if (round == 0)
      firstBytes = bytes;
    if (round == 1 && firstBytes > 0) { // (a grid of ranks: 4 of them)
      EXPECT_LT(bytes, firstBytes);
    }
    if (round == 2) {
      EXPECT_EQ(bytes, 0);
    }
  }
}

// With one row every rank pulls its own vertices: no partials, and the
// calls change nothing.
TEST(DistributedCartesian, NoPartialsOutsideTheGrid) {
  Graph<NoWeight> whole = uniformGraph<NoWeight>(12, 2, false);
  EdgesPart part;
  Graph<NoWeight> g = writeAndLoadPart<NoWeight>(whole, "np.sg", part, Strategy::ChunkAlpha);
  EXPECT_EQ(part.pulled().first, part.firstOwned());
  EXPECT_EQ(part.pulled().limit, part.ownedLimit());
  EXPECT_EQ(part.pulled().count, part.ownedCount());
  for (int q = 0; q < ranks(); ++q) {
    EXPECT_TRUE(part.partialTo_[q].empty());
    EXPECT_TRUE(part.partialFrom_[q].empty());
  }
  VertexArray<int64_t> values(g.numVertices(), 3);
  Freshness f;
  clearPartials(part, values, Fold::Add);
  foldPartials(part, values, f, Fold::Add, Communication::Ring, "none");
  for (VertexId v = 0; v < g.numVertices(); ++v)
    ASSERT_EQ(values[v], 3);
  EXPECT_EQ(roundTotals("none").bytes, 0);
}

// A dense round (every value changed) sends, rank by rank, what the rank
// model counts: the first refresh of the mirrors and, under Cartesian, the
// fold of the partials.
TEST(DistributedCartesian, ModelCountsWhatARoundSends) {
  Graph<NoWeight> whole = uniformGraph<NoWeight>(12, 4, false);
  for (Strategy how : {Strategy::ChunkAlpha, Strategy::Hash, Strategy::Cartesian})
    for (Communication communication : {Communication::Ring, Communication::Alltoallv}) {
      SCOPED_TRACE(testing::Message() << "strategy " << int(how) << ", communication "
                                      << int(communication));
      EdgesPart part;
      setenv("POLYRT_RANK_GRANULE", "256", 1);
      Graph<NoWeight> g = writeAndLoadPart<NoWeight>(whole, "m.sg", part, how);
      Graph<NoWeight> copy = whole;
      RankModel model = modelRanks(copy, ranks(), how, -1, 8, communication);
      unsetenv("POLYRT_RANK_GRANULE");
      ASSERT_EQ(model.partition.bounds, part.partition().bounds);
      const int64_t n = g.numVertices();
      VertexArray<double> x(n, -1.0), sum(n, 0.0);
      for (VertexId v : ownedBy(part))
        x[v] = 1.0 + v;
      Freshness fx, fs;
      enableMessageAccounting();
      wrote(fx);
      refreshMirrors(part, x, fx, Combining::Mirrors, communication, "round");
      dist::detail::RoundCounts refresh = dist::detail::lastRound("round");
      clearPartials(part, sum, Fold::Add);
      pullOverPart(g, part, x, sum, [](double a, double b) { return a + b; });
      foldPartials(part, sum, fs, Fold::Add, communication, "round");
      dist::detail::RoundCounts fold = dist::detail::lastRound("round");
      const RankModelRow &row = model.rows[rank()];
      EXPECT_EQ(row.inEdges, g.numEdges());
      EXPECT_EQ(fold.records, row.partialSent.records);
      EXPECT_EQ(fold.messages, row.partialSent.messages);
      EXPECT_EQ(fold.bytes, row.partialSent.bytes);
      EXPECT_EQ(fold.peers, row.partialSent.peers);
      const ExchangeCounts &both = row.sent[static_cast<int>(Combining::Mirrors)];
      EXPECT_EQ(refresh.records + fold.records, both.records);
      EXPECT_EQ(refresh.messages + fold.messages, both.messages);
      EXPECT_EQ(refresh.bytes + fold.bytes, both.bytes);
      EXPECT_EQ(refresh.peers + fold.peers, both.peers);
      if (how == Strategy::Cartesian && ranks() == 4) {
        EXPECT_GT(sumOverRanks(fold.bytes), 0);
      }
    }
}

} // namespace

int main(int argc, char **argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided); // as dist::runMain
  testing::InitGoogleTest(&argc, argv);
  int status = RUN_ALL_TESTS();
  // Every rank's verdict: one failing rank fails the run.
  int worst = 0;
  MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  const std::string &dir = sharedDirectory(); // (collective the first time)
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank() == 0)
    std::filesystem::remove_all(dir);
  MPI_Finalize();
  return worst;
}
