//===- priority_queue_test.cpp - Bucketed priority queues -----------------===//
#include "polyrt/edge_list.h"
#include "polyrt/priority_queue.h"
#include "test_util.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <limits>
#include <queue>
#include <utility>

using namespace polyrt;
using polyrt::test::errorOf;

namespace {

std::vector<VertexId> members(VertexSubset s) {
  std::vector<VertexId> ids = test::asVector(s.sparse());
  std::sort(ids.begin(), ids.end());
  return ids;
}

/// Dijkstra, the reference for the queue's delta-stepping.
std::vector<int32_t> dijkstra(const Graph<int32_t> &g, VertexId source) {
  std::vector<int32_t> dist(g.numVertices(), std::numeric_limits<int32_t>::max());
  using Item = std::pair<int32_t, VertexId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> heap;
  dist[source] = 0;
  heap.push({0, source});
  while (!heap.empty()) {
    auto [d, u] = heap.top();
    heap.pop();
    if (d != dist[u])
      continue;
    for (EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e) {
      VertexId v = g.outNeighbors()[e];
      int32_t nd = d + g.outWeights()[e];
      if (nd < dist[v]) {
        dist[v] = nd;
        heap.push({nd, v});
      }
    }
  }
  return dist;
}

/// A round of an ordered loop as polyc emits it: process(v) for each vertex
/// of the frontier in parallel, then, with bucket fusion (a threshold above
/// 0), each thread drains its own entries of the current bucket.
template <typename P, typename Process>
void processRound(PriorityQueue<P> &pq, VertexSubset frontier, int64_t fusion,
                  Process &&process, Repeats repeats = Repeats::Excluded) {
  const IdList &ids = frontier.sparse();
#pragma omp parallel
  {
#pragma omp for schedule(dynamic, 4) nowait
    for (size_t i = 0; i < ids.size(); ++i)
      process(ids[i]);
    if (fusion > 0)
      pq.drainOwnCurrentBucket(fusion, repeats, process);
  }
}

/// Delta-stepping as a GraphIt program writes it with the queue.
std::vector<int32_t> deltaStepping(const Graph<int32_t> &g, VertexId source, int64_t delta,
                                   PriorityUpdateMode mode = PriorityUpdateMode::Eager,
                                   int64_t openBuckets = 1024, int64_t fusion = 0,
                                   Repeats repeats = Repeats::Excluded) {
  VertexArray<int32_t> dist(g.numVertices(), std::numeric_limits<int32_t>::max());
  dist[source] = 0;
  PriorityQueue<int32_t> pq(dist, 1, delta, false, source, mode, openBuckets);
  auto relax = [&](VertexId u) {
    for (EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e)
      pq.updateMin(g.outNeighbors()[e], dist[u] + g.outWeights()[e]);
  };
  while (!pq.finished())
    processRound(pq, pq.dequeueReadySet(), fusion, relax, repeats);
  return std::vector<int32_t>(dist.data(), dist.data() + dist.size());
}

TEST(PriorityQueue, DeltaSteppingFindsDijkstrasDistances) {
  Graph<int32_t> g = buildGraph<int32_t>(generateKronecker(10, 8, 7), 1 << 10, false);
  std::vector<int32_t> expected = dijkstra(g, 0);
  for (int64_t delta : {1, 2, 16, 1000})
    EXPECT_EQ(deltaStepping(g, 0, delta), expected) << "delta " << delta;
  // Lazy updates and a window of 2 open buckets: the same distances.
  for (int64_t delta : {1, 16}) {
    EXPECT_EQ(deltaStepping(g, 0, delta, PriorityUpdateMode::Lazy), expected) << delta;
    EXPECT_EQ(deltaStepping(g, 0, delta, PriorityUpdateMode::Eager, 2), expected) << delta;
    EXPECT_EQ(deltaStepping(g, 0, delta, PriorityUpdateMode::Lazy, 2), expected) << delta;
  }
  // Bucket fusion, with thresholds that fuse nothing, some rounds and all.
  for (int64_t fusion : {1, 8, 1 << 30})
    for (int64_t delta : {1, 16})
      for (int64_t open : {1024, 2})
        for (Repeats repeats : {Repeats::Excluded, Repeats::Harmless})
          EXPECT_EQ(deltaStepping(g, 0, delta, PriorityUpdateMode::Eager, open, fusion, repeats),
                    expected)
              << "fusion " << fusion << ", delta " << delta << ", " << open << " open, repeats "
              << int(repeats);
}

/// Delta-stepping as polyc emits a plain ordered loop in one parallel region.
std::vector<int32_t> deltaSteppingInRounds(const Graph<int32_t> &g, VertexId source,
                                           int64_t delta, int64_t openBuckets, int64_t fusion,
                                           Repeats repeats) {
  VertexArray<int32_t> dist(g.numVertices(), std::numeric_limits<int32_t>::max());
  dist[source] = 0;
  PriorityQueue<int32_t> pq(dist, 1, delta, false, source, PriorityUpdateMode::Eager, openBuckets);
  pq.processInRounds([&] { return !pq.finished(); }, 4, fusion, repeats, [&](VertexId u) {
    for (EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e)
      pq.updateMin(g.outNeighbors()[e], dist[u] + g.outWeights()[e]);
  });
  EXPECT_TRUE(pq.finished());
  return std::vector<int32_t>(dist.data(), dist.data() + dist.size());
}

TEST(PriorityQueue, OneParallelRegionForTheWholeLoopFindsDijkstrasDistances) {
  Graph<int32_t> g = buildGraph<int32_t>(generateKronecker(10, 8, 7), 1 << 10, false);
  std::vector<int32_t> expected = dijkstra(g, 0);
  for (int64_t fusion : {0, 8, 1 << 30})
    for (int64_t delta : {1, 16})
      for (int64_t open : {1024, 2})
        for (Repeats repeats : {Repeats::Excluded, Repeats::Harmless})
          EXPECT_EQ(deltaSteppingInRounds(g, 0, delta, open, fusion, repeats), expected)
              << "fusion " << fusion << ", delta " << delta << ", " << open << " open, repeats "
              << int(repeats);
}

TEST(PriorityQueue, RoundsStopWhenTheLoopSaysSoAsTheDequeueLoopDoes) {
  // `while (pq.finishedNode(2) == false)` on a path 0 - 1 - 2 - 3 - 4 of
  // weight 10 each: both forms process the same vertices and leave the same
  // distances (4 reached, not processed: the loop stops once 2's bucket is
  // passed, after 3's round).
  EdgeList path = {{0, 1, 10}, {1, 2, 10}, {2, 3, 10}, {3, 4, 10}};
  Graph<int32_t> g = buildGraph<int32_t>(path, 5, false);
  auto run = [&](bool inRounds) {
    VertexArray<int32_t> dist(5, std::numeric_limits<int32_t>::max());
    dist[0] = 0;
    PriorityQueue<int32_t> pq(dist, 1, 1, false, 0);
    std::vector<VertexId> processed;
    auto relax = [&](VertexId u) {
      processed.push_back(u);
      for (EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e)
        pq.updateMin(g.outNeighbors()[e], dist[u] + g.outWeights()[e]);
    };
    if (inRounds) {
      pq.processInRounds([&] { return !pq.finishedNode(2); }, 1, 0, Repeats::Excluded, relax);
    } else {
      while (!pq.finishedNode(2)) {
        VertexSubset frontier = pq.dequeueReadySet();
        for (VertexId u : frontier.sparse())
          relax(u);
      }
    }
    processed.insert(processed.end(), dist.data(), dist.data() + 5);
    return processed;
  };
  std::vector<VertexId> expected = {0, 1, 2, 3, 0, 10, 20, 30, 40};
  EXPECT_EQ(run(false), expected);
  EXPECT_EQ(run(true), expected);
}

TEST(PriorityQueue, RoundsDropStaleEntriesAndTakeVerticesMovedBeforeTheBucket) {
  // Delta 5. 2 is reached at 9 (bucket 1), then at 2 (bucket 0): processed
  // there, its entry in bucket 1 is stale. 4 is reached at 2 by a negative
  // edge while bucket 2 is current: moved before it, it is taken in that
  // bucket's next round, and so is 5 after it. Every vertex is processed
  // exactly once, whether repeats are claimed away or harmless, fused or not.
  EdgeList edges = {{0, 1, 1}, {0, 2, 9}, {1, 2, 1}, {0, 3, 10}, {3, 4, -8}, {4, 5, 1}};
  Graph<int32_t> g = buildGraph<int32_t>(edges, 6, false);
  for (Repeats repeats : {Repeats::Excluded, Repeats::Harmless})
    for (int64_t fusion : {0, 1000}) {
      VertexArray<int32_t> dist(6, std::numeric_limits<int32_t>::max());
      dist[0] = 0;
      PriorityQueue<int32_t> pq(dist, 1, 5, false, 0);
      std::vector<int> times(6, 0);
      pq.processInRounds([&] { return !pq.finished(); }, 1, fusion, repeats, [&](VertexId u) {
        ++std::atomic_ref<int>(times[u]);
        for (EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e)
          pq.updateMin(g.outNeighbors()[e], dist[u] + g.outWeights()[e]);
      });
      EXPECT_EQ(std::vector<int32_t>(dist.data(), dist.data() + 6),
                (std::vector<int32_t>{0, 1, 2, 10, 2, 3}))
          << "repeats " << int(repeats) << ", fusion " << fusion;
      EXPECT_EQ(times, std::vector<int>(6, 1)) << "repeats " << int(repeats) << ", fusion " << fusion;
    }
}

TEST(PriorityQueue, DistancesBeyondTheOpenBucketsGoThroughTheOverflow) {
  // A path of 3000 edges of weight 255: its far end is bucket 765000 at delta 1.
  EdgeList path;
  for (VertexId v = 0; v + 1 < 3000; ++v)
    path.push_back({v, v + 1, 255});
  path.push_back({0, 2999, 1 << 30});
  Graph<int32_t> g = buildGraph<int32_t>(path, 3000, false);
  EXPECT_EQ(deltaStepping(g, 0, 1), dijkstra(g, 0));
}

/// Coreness by the queue's peeling (GraphIt's k_core.gt): a round per
/// dequeue, or (inRounds) the loop in one parallel region as polyc emits a
/// plain ordered loop. Each vertex is peeled exactly once, fused or not.
std::vector<uint32_t> peel(const Graph<NoWeight> &g, PriorityUpdateMode mode, int64_t openBuckets,
                           int64_t fusion = 0, bool inRounds = false,
                           TakenPriorities taken = TakenPriorities::MayChange) {
  VertexId n = g.numVertices();
  VertexArray<uint32_t> degree(n, 0);
  for (VertexId v = 0; v < n; ++v)
    degree[v] = static_cast<uint32_t>(g.outDegree(v));
  PriorityQueue<uint32_t> pq(degree, 1, 1, true, -1, mode, openBuckets, taken);
  std::vector<int> timesPeeled(n, 0);
  auto remove = [&](VertexId u) {
    ++std::atomic_ref<int>(timesPeeled[u]);
    uint32_t k = pq.currentPriority();
    for (EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e)
      pq.updateSum(g.outNeighbors()[e], -1, k);
  };
  if (inRounds) {
    pq.processInRounds([&] { return !pq.finished(); }, 4, fusion, Repeats::Excluded, remove);
  } else {
    for (;;) {
      VertexSubset frontier = pq.dequeueReadySet();
      if (pq.finished())
        break;
      processRound(pq, frontier, fusion, remove);
    }
  }
  EXPECT_EQ(timesPeeled, std::vector<int>(n, 1));
  return std::vector<uint32_t>(degree.data(), degree.data() + n);
}

/// Sequential peeling: repeatedly remove a vertex of least remaining degree.
std::vector<uint32_t> sequentialCoreness(const Graph<NoWeight> &g) {
  VertexId n = g.numVertices();
  std::vector<uint32_t> degree(n);
  for (VertexId v = 0; v < n; ++v)
    degree[v] = static_cast<uint32_t>(g.outDegree(v));
  std::vector<bool> gone(n, false);
  std::vector<uint32_t> core(n, 0);
  uint32_t k = 0;
  for (VertexId round = 0; round < n; ++round) {
    VertexId best = -1;
    for (VertexId v = 0; v < n; ++v)
      if (!gone[v] && (best < 0 || degree[v] < degree[best]))
        best = v;
    k = std::max(k, degree[best]);
    core[best] = k;
    gone[best] = true;
    for (EdgeOffset e = g.outOffsets()[best]; e < g.outOffsets()[best + 1]; ++e)
      if (!gone[g.outNeighbors()[e]] && degree[g.outNeighbors()[e]] > 0)
        --degree[g.outNeighbors()[e]];
  }
  return core;
}

TEST(PriorityQueue, KCorePeelingWithSumsInEveryMode) {
  Graph<NoWeight> g = buildGraph<NoWeight>(generateKronecker(9, 8, 3), 1 << 9, true);
  std::vector<uint32_t> expected = sequentialCoreness(g);
  for (PriorityUpdateMode mode :
       {PriorityUpdateMode::Eager, PriorityUpdateMode::Lazy, PriorityUpdateMode::ConstantSum})
    for (int64_t open : {1024, 3})
      EXPECT_EQ(peel(g, mode, open), expected) << "mode " << int(mode) << ", " << open << " open";
  for (int64_t fusion : {2, 1 << 30})
    EXPECT_EQ(peel(g, PriorityUpdateMode::Eager, 1024, fusion), expected) << "fusion " << fusion;
  for (PriorityUpdateMode mode :
       {PriorityUpdateMode::Eager, PriorityUpdateMode::Lazy, PriorityUpdateMode::ConstantSum})
    for (int64_t open : {1024, 3})
      EXPECT_EQ(peel(g, mode, open, mode == PriorityUpdateMode::Eager ? 2 : 0, true), expected)
          << "in rounds, mode " << int(mode) << ", " << open << " open";
  // Peeling's priorities are final once taken: the same with taken bytes.
  for (PriorityUpdateMode mode :
       {PriorityUpdateMode::Eager, PriorityUpdateMode::Lazy, PriorityUpdateMode::ConstantSum})
    for (bool inRounds : {false, true})
      EXPECT_EQ(peel(g, mode, 3, mode == PriorityUpdateMode::Eager ? 2 : 0, inRounds,
                     TakenPriorities::Final),
                expected)
          << "final, mode " << int(mode) << (inRounds ? ", in rounds" : "");
}

TEST(PriorityQueue, SumsSkipTakenVerticesOnlyWhenTakenPrioritiesAreFinal) {
  for (TakenPriorities taken : {TakenPriorities::MayChange, TakenPriorities::Final}) {
    VertexArray<int32_t> degree(3, 0);
    degree[0] = 1;
    degree[1] = 2;
    degree[2] = 5;
    PriorityQueue<int32_t> pq(degree, 1, 1, true, -1, PriorityUpdateMode::Eager, 16, taken);
    EXPECT_EQ(test::asVector(pq.dequeueReadySet().sparse()), std::vector<VertexId>({0}));
    // Against the contract (which the priority-update pass proves), the
    // taken vertex's priority is raised behind the queue's back: a final
    // queue does not look at it again, the other does.
    degree[0] = 9;
    bool final = taken == TakenPriorities::Final;
    EXPECT_EQ(pq.updateSum(0, -1, 1), !final);
    EXPECT_TRUE(pq.updateSum(2, -1, 1));
    // Handed back by C++ (applyUpdatePriorityExtern), a vertex is taken again.
    degree[0] = 1;
    VertexSubset back(3, false);
    back.addVertex(0);
    pq.rebucket(back);
    EXPECT_EQ(test::asVector(pq.dequeueReadySet().sparse()), std::vector<VertexId>({0}));
    degree[0] = 9;
    EXPECT_EQ(pq.updateSum(0, -1, 1), !final);
  }
  // A decreasing queue's current priority falls: its taken vertices are not
  // final, whatever it is told.
  VertexArray<int32_t> degree(2, 4);
  PriorityQueue<int32_t> pq(degree, 0, 1, true, -1, PriorityUpdateMode::Eager, 16,
                            TakenPriorities::Final);
  EXPECT_EQ(pq.dequeueReadySet().sparse().size(), 2u);
  EXPECT_TRUE(pq.updateSum(0, -1, 1));
}

TEST(PriorityQueue, FinishedOnlyAfterADequeueFindsNothing) {
  VertexArray<uint32_t> p(3, 1);
  PriorityQueue<uint32_t> pq(p, 1, 1, true, -1);
  EXPECT_FALSE(pq.finished());
  EXPECT_EQ(pq.dequeueReadySet().size(), 3);
  EXPECT_FALSE(pq.finished());
  EXPECT_EQ(pq.dequeueReadySet().size(), 0);
  EXPECT_TRUE(pq.finished());
}

TEST(PriorityQueue, StaleEntriesAreDroppedAndEachVertexComesOnce) {
  VertexArray<int32_t> p(6, std::numeric_limits<int32_t>::max());
  p[0] = 10;
  PriorityQueue<int32_t> pq(p, 1, 1, false, 0);
  EXPECT_EQ(members(pq.dequeueReadySet()), (std::vector<VertexId>{0}));
  EXPECT_EQ(pq.currentPriority(), 10);
  EXPECT_TRUE(pq.updateMin(3, 40));
  EXPECT_TRUE(pq.updateMin(3, 20)); // its entry at 40 is stale now
  EXPECT_FALSE(pq.updateMin(3, 30));
  EXPECT_TRUE(pq.updateMin(4, 20));
  EXPECT_TRUE(pq.updateMin(4, 20 - 0) == false);
  EXPECT_TRUE(pq.updateMin(5, 5)); // before the current bucket: taken next
  EXPECT_FALSE(pq.finishedNode(0)); // its bucket is the current one
  EXPECT_EQ(members(pq.dequeueReadySet()), (std::vector<VertexId>{5}));
  EXPECT_EQ(pq.currentPriority(), 10);
  EXPECT_EQ(members(pq.dequeueReadySet()), (std::vector<VertexId>{3, 4}));
  EXPECT_EQ(pq.currentPriority(), 20);
  EXPECT_TRUE(pq.finishedNode(0));
  EXPECT_FALSE(pq.finishedNode(3));
  EXPECT_FALSE(pq.finishedNode(1)); // no priority, not finished while buckets remain
  EXPECT_FALSE(pq.finished());
  EXPECT_EQ(pq.dequeueReadySet().size(), 0);
  EXPECT_TRUE(pq.finished());
  // Once every bucket is done, every vertex is (GraphIt's ppsp loops stop
  // on an unreachable target).
  EXPECT_TRUE(pq.finishedNode(3));
  EXPECT_TRUE(pq.finishedNode(1));
}

TEST(PriorityQueue, DecreasingOrderTakesTheHighestBucketFirst) {
  VertexArray<int64_t> p(5, 0);
  for (VertexId v = 0; v < 5; ++v)
    p[v] = 10 * (v % 3); // 0 10 20 0 10
  p[4] = std::numeric_limits<int64_t>::max(); // no priority: never inserted
  PriorityQueue<int64_t> pq(p, 0, 5, true, -1);
  EXPECT_EQ(members(pq.dequeueReadySet()), (std::vector<VertexId>{2}));
  EXPECT_EQ(pq.currentPriority(), 4); // bucket 20 / 5
  EXPECT_TRUE(pq.updateMax(0, 12)); // bucket 2: after the current one
  EXPECT_EQ(members(pq.dequeueReadySet()), (std::vector<VertexId>{0, 1}));
  EXPECT_EQ(members(pq.dequeueReadySet()), (std::vector<VertexId>{3}));
  EXPECT_EQ(pq.dequeueReadySet().size(), 0);
  EXPECT_TRUE(pq.finished());
}

TEST(PriorityQueue, SumsStopAtTheMinimumWithoutWrapping) {
  VertexArray<uint32_t> p(2, 3);
  PriorityQueue<uint32_t> pq(p, 1, 1, true, -1);
  EXPECT_TRUE(pq.updateSum(0, -10, 1));
  EXPECT_EQ(p[0], 1u);
  EXPECT_FALSE(pq.updateSum(0, -1, 1));
  EXPECT_FALSE(pq.updateSum(1, -1, 3));
  EXPECT_TRUE(pq.updateSum(1, 5, 0));
  EXPECT_EQ(p[1], 8u);
}

TEST(PriorityQueue, BadArgumentsAreErrors) {
  VertexArray<int32_t> p(4, 0);
  EXPECT_CONTAINS(errorOf([&] { PriorityQueue<int32_t>(p, 2, 1, true, -1); }),
                  "bucket order is 1 (increasing) or 0 (decreasing), not 2");
  EXPECT_CONTAINS(errorOf([&] { PriorityQueue<int32_t>(p, 1, 0, true, -1); }),
                  "delta must be at least 1, not 0");
  EXPECT_CONTAINS(errorOf([&] { PriorityQueue<int32_t>(p, 1, 1, false, 4); }),
                  "start vertex 4 of a priority queue is outside [0, 4)");
  EXPECT_CONTAINS(errorOf([&] {
                    PriorityQueue<int32_t>(p, 1, 1, false, 0, PriorityUpdateMode::Lazy, 0);
                  }),
                  "needs at least 1 open bucket, not 0");
}

} // namespace

TEST(PriorityQueue, FusionTakesWhatTheNextDequeueWouldAndNothingTwice) {
  VertexArray<int32_t> p(3, 0);
  p[1] = 5;
  p[2] = 25;
  PriorityQueue<int32_t> pq(p, 1, 10, true, -1);
  EXPECT_EQ(members(pq.dequeueReadySet()), (std::vector<VertexId>{0, 1}));
  std::vector<VertexId> processed;
  auto record = [&](VertexId v) { processed.push_back(v); };
  // 1 lowered twice within the bucket, 2 moved into it: two entries of 1,
  // each vertex taken once, by the drain.
  EXPECT_TRUE(pq.updateMin(1, 4));
  EXPECT_TRUE(pq.updateMin(1, 3));
  EXPECT_TRUE(pq.updateMin(2, 7));
  pq.drainOwnCurrentBucket(1000, Repeats::Excluded, record);
  std::sort(processed.begin(), processed.end());
  EXPECT_EQ(processed, (std::vector<VertexId>{1, 2}));
  // At or above the threshold the bin waits for the next dequeue.
  processed.clear();
  EXPECT_TRUE(pq.updateMin(1, 2));
  pq.drainOwnCurrentBucket(1, Repeats::Excluded, record);
  EXPECT_TRUE(processed.empty());
  EXPECT_EQ(members(pq.dequeueReadySet()), (std::vector<VertexId>{1}));
  // C++ handing a vertex back (applyUpdatePriorityExtern) has it taken again,
  // even at the priority it was taken at.
  pq.rebucket(VertexSubset::fromSparse(3, {1}));
  EXPECT_EQ(members(pq.dequeueReadySet()), (std::vector<VertexId>{1}));
  EXPECT_EQ(pq.dequeueReadySet().size(), 0);
  EXPECT_TRUE(pq.finished());
}
