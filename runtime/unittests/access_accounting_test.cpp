//===- access_accounting_test.cpp - The counts land in the right cells --===//
#include "polyrt/access_accounting.h"
#include "test_util.h"

using namespace polyrt;
using namespace polyrt::accounting;

namespace {

std::string rowOf(const std::string &table, const std::string &prefix) {
  size_t at = table.find("\n" + prefix + " ");
  if (at == std::string::npos)
    return "";
  size_t end = table.find('\n', at + 1);
  return table.substr(at + 1, end - at - 1);
}

TEST(AccessAccounting, LocalRemoteSequentialRandomByHand) {
  reset();
  int t = registerTraversal("s1", 2);
  EXPECT_EQ(registerTraversal("s1", 2), t);
  Partition p = partitionVertices(128, nullptr, 2, PartitionStrategy::VertexBalanced);
  // Node 0 visits vertex 3 (its own) with 4 edges, reading one value of it;
  // two of the edges read a value of vertex 100 (node 1's), two of vertex 5.
  countOwner(t, 0, p, 3, 4, 0, 1, 0);
  countOther(t, 0, p, 100, 2, 0);
  countOther(t, 0, p, 5, 2, 0);
  // Node 1 visits vertex 3 (remote) with no edges and writes it once.
  countOwner(t, 1, p, 3, 0, 0, 0, 1);
  std::string text = table();
  EXPECT_CONTAINS(text, "polyrt access accounting\n");
  // node 0: topology 2 + 4 = 6 local sequential; vertex reads 1 + 2 + 2 = 5,
  // 2 of them remote and random: 2 of 11 accesses.
  EXPECT_EQ(rowOf(text, "s1 0"), "s1 0 5 0 6 18.2 18.2");
  // node 1: 2 offset reads and 1 write, all remote, none random.
  EXPECT_EQ(rowOf(text, "s1 1"), "s1 1 0 1 2 100.0 0.0");
  EXPECT_EQ(rowOf(text, "s1 all"), "s1 all 5 1 8 35.7 14.3");
  reset();
}

TEST(AccessAccounting, ThreadsAddUpExactly) {
  reset();
  int t = registerTraversal("parallel");
  Partition p = partitionVertices(1 << 12, nullptr, 1, PartitionStrategy::VertexBalanced);
#pragma omp parallel for num_threads(2)
  for (int i = 0; i < 10000; ++i)
    countOther(t, 0, p, i % 4096, 1, 1);
  EXPECT_EQ(rowOf(table(), "parallel all"), "parallel all 10000 10000 0 0.0 0.0");
  reset();
}

} // namespace
