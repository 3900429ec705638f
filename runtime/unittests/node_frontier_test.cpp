//===- node_frontier_test.cpp - Frontiers held node by node --------------===//
//
// ctest runs NodeFrontier.* on this machine's topology and again with
// POLYRT_NUMA_NODES=3; the partitions here are made for three nodes either
// way, so both runs check three parts.
//
//===----------------------------------------------------------------------===//
#include "polyrt/node_frontier.h"
#include "polyrt/numa.h"
#include "polyrt/numa_loop.h"
#include "test_util.h"

#include <omp.h>

#include <algorithm>
#include <set>

using namespace polyrt;

namespace {

constexpr VertexId kN = 1000;

/// Vertex v has v % 7 out-edges.
std::vector<EdgeOffset> offsetsOf(VertexId n) {
  std::vector<EdgeOffset> offsets(n + 1, 0);
  for (VertexId v = 0; v < n; ++v)
    offsets[v + 1] = offsets[v] + v % 7;
  return offsets;
}

int64_t workOf(const std::set<VertexId> &members, const std::vector<EdgeOffset> &offsets) {
  int64_t work = 0;
  for (VertexId v : members)
    work += 1 + (offsets[v + 1] - offsets[v]);
  return work;
}

/// Every member exactly once, and nothing else, through member().
std::multiset<VertexId> walk(const NodeFrontierParts &parts, const uint64_t *bits) {
  std::multiset<VertexId> seen;
  for (int k = 0; k < parts.nodes(); ++k)
    for (int64_t i = parts.itemBounds()[k]; i < parts.itemBounds()[k + 1]; ++i) {
      VertexId v;
      if (parts.member(k, i, bits, v)) {
        EXPECT_GE(v, parts.part(k).begin);
        EXPECT_LT(v, parts.part(k).end);
        seen.insert(v);
      }
    }
  return seen;
}

TEST(NodeFrontier, TheBuilderKeepsEachMemberOnceInItsOwnersPart) {
  std::vector<EdgeOffset> offsets = offsetsOf(kN);
  Partition partition = partitionVertices(kN, offsets.data(), 3, PartitionStrategy::EdgeBalanced);
  NodeFrontierBuilder next(kN, partition, offsets.data(), FrontierStructure::SparseQueue, 20);
  std::set<VertexId> expected;
  for (VertexId v = 0; v < kN; v += 3)
    expected.insert(v);
#pragma omp parallel for num_threads(2)
  for (int64_t i = 0; i < 4 * kN; ++i) // every member added four times
    if ((i % kN) % 3 == 0)
      next.add(static_cast<VertexId>(i % kN));
  VertexSubset out = next.finish();
  EXPECT_EQ(out.size(), static_cast<int64_t>(expected.size()));
  EXPECT_EQ(out.recordedWork(offsets.data()), workOf(expected, offsets));
  ASSERT_TRUE(out.nodeParts());
  const NodeFrontierParts &parts = *out.nodeParts();
  EXPECT_TRUE(parts.allListed());
  for (int k = 0; k < 3; ++k)
    for (VertexId v : parts.part(k).list)
      EXPECT_EQ(partition.ownerOf(v), k);
  std::multiset<VertexId> seen = walk(parts, out.bits());
  EXPECT_EQ(std::set<VertexId>(seen.begin(), seen.end()), expected);
  EXPECT_EQ(seen.size(), expected.size());
  const IdList &list = out.sparse(); // the lists, concatenated
  EXPECT_EQ(std::set<VertexId>(list.begin(), list.end()), expected);
  EXPECT_EQ(list.size(), expected.size());
}

TEST(NodeFrontier, AdaptiveGoesDenseWhereANodesWorkExceedsItsShareOfEdges) {
  std::vector<EdgeOffset> offsets = offsetsOf(kN);
  Partition partition = partitionVertices(kN, offsets.data(), 3, PartitionStrategy::VertexBalanced);
  NodeFrontierBuilder next(kN, partition, offsets.data(), FrontierStructure::Adaptive, 20);
  for (VertexId v = partition.begin(0); v < partition.end(0); ++v)
    next.add(v); // all of node 0
  next.add(partition.begin(1));
  VertexSubset out = next.finish();
  const NodeFrontierParts &parts = *out.nodeParts();
  EXPECT_EQ(parts.part(0).form, NodeFrontierParts::Form::Bits);
  EXPECT_EQ(parts.part(1).form, NodeFrontierParts::Form::List);
  EXPECT_EQ(parts.part(2).form, NodeFrontierParts::Form::List);
  EXPECT_EQ(parts.part(2).size, 0);
  // A dense part's items are its range; a listed part's its members.
  EXPECT_EQ(parts.itemBounds()[1] - parts.itemBounds()[0], partition.end(0) - partition.begin(0));
  EXPECT_EQ(parts.itemBounds()[2] - parts.itemBounds()[1], 1);
  EXPECT_EQ(walk(parts, out.bits()).size(), static_cast<size_t>(out.size()));
  // A higher threshold (a smaller share of edges) makes node 1 dense too.
  NodeFrontierBuilder again(kN, partition, offsets.data(), FrontierStructure::Adaptive, 1000000);
  again.add(partition.begin(1) + 1);
  VertexSubset one = again.finish();
  EXPECT_EQ(one.nodeParts()->part(1).form, NodeFrontierParts::Form::Bits);
}

TEST(NodeFrontier, ForcedFormsHoldEveryPartThatWay) {
  std::vector<EdgeOffset> offsets = offsetsOf(kN);
  Partition partition = partitionVertices(kN, offsets.data(), 3, PartitionStrategy::VertexBalanced);
  for (FrontierStructure how : {FrontierStructure::BoolArray, FrontierStructure::Bitvector,
                                FrontierStructure::SparseQueue}) {
    NodeFrontierBuilder next(kN, partition, offsets.data(), how, 20);
    std::set<VertexId> expected = {0, 5, 64, 500, 999};
    for (VertexId v : expected)
      next.add(v);
    VertexSubset out = next.finish();
    const NodeFrontierParts &parts = *out.nodeParts();
    NodeFrontierParts::Form form = how == FrontierStructure::BoolArray   ? NodeFrontierParts::Form::Bytes
                                   : how == FrontierStructure::Bitvector ? NodeFrontierParts::Form::Bits
                                                                         : NodeFrontierParts::Form::List;
    for (int k = 0; k < 3; ++k)
      EXPECT_EQ(parts.part(k).form, form);
    std::multiset<VertexId> seen = walk(parts, out.bits());
    EXPECT_EQ(std::set<VertexId>(seen.begin(), seen.end()), expected);
    EXPECT_EQ(seen.size(), expected.size());
    for (VertexId v = 0; v < kN; ++v)
      ASSERT_EQ(out.contains(v), expected.count(v) == 1) << v;
  }
}

TEST(NodeFrontier, ASubsetTheProgramMadeGetsItsPartsOnceAndAddVertexDropsThem) {
  std::vector<EdgeOffset> offsets = offsetsOf(kN);
  Partition partition = partitionVertices(kN, offsets.data(), 3, PartitionStrategy::VertexBalanced);
  VertexSubset s = VertexSubset::fromSparse(kN, {999, 3, 400});
  EXPECT_FALSE(s.nodeParts());
  const NodeFrontierParts &parts =
      nodeFrontierParts(s, partition, offsets.data(), FrontierStructure::Adaptive, 20);
  EXPECT_EQ(parts.size(), 3);
  EXPECT_EQ(parts.work(), workOf({999, 3, 400}, offsets));
  EXPECT_EQ(&nodeFrontierParts(s, partition, offsets.data(), FrontierStructure::Adaptive, 20),
            &parts); // carried: not built again
  Partition other = partitionVertices(kN, offsets.data(), 2, PartitionStrategy::VertexBalanced);
  EXPECT_EQ(nodeFrontierParts(s, other, offsets.data(), FrontierStructure::Adaptive, 20).nodes(), 2);
  s.addVertex(7);
  EXPECT_FALSE(s.nodeParts());
  EXPECT_EQ(nodeFrontierParts(s, partition, offsets.data(), FrontierStructure::Adaptive, 20).size(), 4);
}

TEST(NodeFrontier, TheOwnerLoopWalksEachMemberOnceFromItsNodesThreads) {
  std::vector<EdgeOffset> offsets = offsetsOf(kN);
  NumaOwnerLoop nodes;
  Partition partition = partitionVertices(kN, offsets.data(), topology().nodes,
                                          PartitionStrategy::EdgeBalanced);
  NodeFrontierBuilder next(kN, partition, offsets.data(), FrontierStructure::Adaptive, 20);
  for (VertexId v = 0; v < kN; v += 2)
    next.add(v);
  VertexSubset frontier = next.finish();
  const NodeFrontierParts &parts =
      nodes.prepareParts(frontier, kN, offsets.data(), PartitionStrategy::EdgeBalanced, -1,
                         FrontierStructure::Adaptive, 20, 16, WorkStealing::InterNode);
  EXPECT_EQ(&parts, frontier.nodeParts().get()); // the builder's parts, same partition
  std::vector<int> visits(kN, 0);
  const uint64_t *bits = frontier.bits();
#pragma omp parallel num_threads(nodes.teamSize())
  {
    int64_t begin, end;
    int node;
    while (nodes.next(omp_get_thread_num(), begin, end, node))
      for (int64_t i = begin; i < end; ++i) {
        VertexId v;
        if (parts.member(node, i, bits, v))
          std::atomic_ref<int>(visits[v]).fetch_add(1);
      }
  }
  for (VertexId v = 0; v < kN; ++v)
    ASSERT_EQ(visits[v], v % 2 == 0 ? 1 : 0) << v;
}

// An MPI rank's NUMA loop (docs/distributed.md) hands out its own vertices only.
TEST(NodeFrontier, TheOwnerLoopWalksOnlyTheOwnedVertices) {
  std::vector<EdgeOffset> offsets = offsetsOf(kN);
  NumaOwnerLoop nodes;
  const VertexId first = 64, last = kN - 64;
  nodes.ownVertices(first, last);
  nodes.prepare(kN, offsets.data(), PartitionStrategy::EdgeBalanced, -1, 16,
                WorkStealing::InterNode);
  std::vector<int> visits(kN, 0);
#pragma omp parallel num_threads(nodes.teamSize())
  {
    int64_t begin, end;
    while (nodes.next(omp_get_thread_num(), begin, end))
      for (int64_t v = begin; v < end; ++v)
        std::atomic_ref<int>(visits[v]).fetch_add(1);
  }
  for (VertexId v = 0; v < kN; ++v)
    ASSERT_EQ(visits[v], v >= first && v < last ? 1 : 0) << v;
}

TEST(NodeFrontier, NodesWithEmptyRangesPastTheLastVertexHoldNothing) {
  // 30 vertices over 3 nodes: every boundary but the first is 30, so two
  // nodes have empty ranges that start inside the one word.
  std::vector<EdgeOffset> offsets = offsetsOf(30);
  Partition partition = partitionVertices(30, offsets.data(), 3, PartitionStrategy::VertexBalanced);
  VertexSubset s = VertexSubset::fromSparse(30, {0, 7, 29});
  for (FrontierStructure how : {FrontierStructure::SparseQueue, FrontierStructure::Bitvector,
                                FrontierStructure::BoolArray, FrontierStructure::Adaptive}) {
    VertexSubset copy = s;
    const NodeFrontierParts &parts = nodeFrontierParts(copy, partition, offsets.data(), how, 20);
    EXPECT_EQ(parts.size(), 3);
    EXPECT_EQ(walk(parts, copy.bits()), (std::multiset<VertexId>{0, 7, 29}));
  }
}

TEST(NodeFrontier, AThresholdBelowOneIsAnError) {
  std::vector<EdgeOffset> offsets = offsetsOf(kN);
  Partition partition = partitionVertices(kN, offsets.data(), 3, PartitionStrategy::VertexBalanced);
  EXPECT_THROW(NodeFrontierBuilder(kN, partition, offsets.data(), FrontierStructure::Adaptive, 0),
               Error);
  VertexSubset s(kN, true);
  EXPECT_THROW(nodeFrontierParts(s, partition, offsets.data(), FrontierStructure::Adaptive, -5),
               Error);
}

} // namespace
