//===- node_work_test.cpp - Every item handed out once, own node first --===//
#include "polyrt/node_work.h"
#include "test_util.h"

#include <omp.h>

using namespace polyrt;

namespace {

std::vector<int> threadNodes(int nodes, int threads) {
  std::vector<int> map(threads);
  for (int t = 0; t < threads; ++t)
    map[t] = static_cast<int>(int64_t{t} * nodes / threads);
  return map;
}

std::vector<int64_t> bounds(int nodes, int64_t n) {
  std::vector<int64_t> b(nodes + 1);
  for (int k = 0; k <= nodes; ++k)
    b[k] = (n * k / nodes) & ~int64_t{63};
  b[nodes] = n;
  return b;
}

TEST(NodeWork, EveryItemOnceForEveryMethod) {
  for (WorkStealing how : {WorkStealing::None, WorkStealing::IntraNode, WorkStealing::MiniChunk,
                           WorkStealing::InterNode})
    for (int nodes : {1, 2, 3, 4, 8})
      for (int threads : {1, 2, 5})
        for (int64_t n : {0, 1, 63, 200, 1000}) {
          std::vector<int64_t> b = bounds(nodes, n);
          std::vector<int> map = threadNodes(nodes, threads);
          NodeWork work;
          work.reset(b, map, 7, how);
          std::vector<std::atomic<int>> taken(n);
          std::vector<int> wrongNode(threads, 0);
#pragma omp parallel num_threads(threads)
          {
            int t = omp_get_thread_num();
            int64_t begin, end;
            int node;
            while (work.next(t, begin, end, node))
              for (int64_t i = begin; i < end; ++i) {
                taken[i]++;
                if (i < b[node] || i >= b[node + 1])
                  wrongNode[t]++;
              }
          }
          for (int64_t i = 0; i < n; ++i)
            ASSERT_EQ(taken[i].load(), 1) << "item " << i << " nodes " << nodes << " threads "
                                          << threads << " method " << int(how);
          for (int t = 0; t < threads; ++t)
            EXPECT_EQ(wrongNode[t], 0);
        }
}

TEST(NodeWork, WithoutStealingAThreadStaysOnItsNode) {
  // 2 nodes, 4 threads: threads 0-1 on node 0, 2-3 on node 1. Thread 0 alone
  // takes work: it must get node 0's items only (its own share, or its
  // node's range under intra-node), never node 1's.
  std::vector<int64_t> b = {0, 512, 1024};
  for (WorkStealing how : {WorkStealing::None, WorkStealing::IntraNode, WorkStealing::MiniChunk}) {
    NodeWork work;
    work.reset(b, threadNodes(2, 4), 64, how);
    int64_t begin, end, count = 0;
    int node;
    while (work.next(0, begin, end, node)) {
      EXPECT_EQ(node, 0);
      EXPECT_LT(end, 513);
      count += end - begin;
    }
    EXPECT_EQ(count, how == WorkStealing::None ? 256 : 512) << int(how);
  }
  NodeWork inter;
  inter.reset(b, threadNodes(2, 4), 64, WorkStealing::InterNode);
  int64_t begin, end, count = 0;
  int node;
  ASSERT_TRUE(inter.next(0, begin, end, node));
  EXPECT_EQ(begin, 0); // its own share first
  count = end - begin;
  while (inter.next(0, begin, end, node))
    count += end - begin;
  EXPECT_EQ(count, 1024); // then everything else, stolen
}

TEST(NodeWork, NodesWithoutThreadsGoToTheirHomeThread) {
  // 8 nodes, 2 threads: nodes 0 and 4 have threads; the rest are served.
  std::vector<int64_t> b = bounds(8, 8 * 64);
  NodeWork work;
  work.reset(b, threadNodes(8, 2), 64, WorkStealing::None);
  int64_t begin, end;
  int node;
  std::vector<int> servedBy(8, -1);
  for (int t = 0; t < 2; ++t)
    while (work.next(t, begin, end, node))
      servedBy[node] = t;
  for (int k = 0; k < 8; ++k)
    EXPECT_EQ(servedBy[k], homeThread(k, 8, 2)) << k;
  EXPECT_EQ(homeThread(7, 8, 2), 1);
}

TEST(NodeWork, SharesStartOnWholeWords) {
  std::vector<int64_t> b = {0, 1000};
  NodeWork work;
  work.reset(b, threadNodes(1, 5), 64, WorkStealing::None);
  for (int t = 0; t < 5; ++t) {
    int64_t begin, end;
    int node;
    while (work.next(t, begin, end, node))
      EXPECT_EQ(begin % 64, 0) << t;
  }
  EXPECT_THROW(work.reset(b, threadNodes(1, 2), 0, WorkStealing::None), Error);
}

} // namespace

namespace {

TEST(NodeWork, RangesGivenWholeAreTakenInTheirOrder) {
  // Polymer's rolling order: node 0 walks [100, 300) then [0, 100), node 1
  // [400, 500) then [300, 400); one thread per node, no stealing between
  // nodes. Each chunk reports its range's id, and the items come in order.
  std::vector<WorkRange> ranges = {{100, 300, 0, 0}, {0, 100, 0, 0}, {400, 500, 1, 1}, {300, 400, 1, 1}};
  for (WorkStealing how : {WorkStealing::None, WorkStealing::IntraNode, WorkStealing::MiniChunk}) {
    NodeWork work;
    work.reset(ranges, threadNodes(2, 2), 64, how);
    for (int t = 0; t < 2; ++t) {
      std::vector<int64_t> seen;
      int64_t begin, end;
      int id;
      while (work.next(t, begin, end, id)) {
        EXPECT_EQ(id, t);
        for (int64_t i = begin; i < end; ++i)
          seen.push_back(i);
      }
      std::vector<int64_t> expected;
      int64_t own = t == 0 ? 100 : 400, stop = t == 0 ? 300 : 500, start = t == 0 ? 0 : 300;
      for (int64_t i = own; i < stop; ++i)
        expected.push_back(i);
      for (int64_t i = start; i < own; ++i)
        expected.push_back(i);
      EXPECT_EQ(seen, expected) << "thread " << t << " method " << int(how);
    }
  }
}

} // namespace
