//===- node_replicas_test.cpp - Per-node copies of a read-mostly vector -===//
//
// ctest runs NodeReplicas.* twice: on this machine's topology (one node: no
// copies) and with POLYRT_NUMA_NODES=3 (three copies). The QEMU label runs
// NumaPlacement.* in guests with real (virtual) nodes.
//
//===----------------------------------------------------------------------===//
#include "polyrt/node_replicas.h"
#include "test_util.h"

using namespace polyrt;

namespace {

bool hasCopies() { return topology().nodes > 1 || topology().emulated; }

VertexArray<int64_t> squares(int64_t n) {
  VertexArray<int64_t> a(n, 0);
  for (int64_t i = 0; i < n; ++i)
    a[i] = i * i;
  return a;
}

TEST(NodeReplicas, EveryThreadReadsItsNodesCopyOfThePrimary) {
  VertexArray<int64_t> primary = squares(10007);
  NodeReplicas<int64_t> replicas;
  replicas.refresh(primary);
  EXPECT_EQ(replicas.copies(), hasCopies() ? topology().nodes : 0);
  for (int k = 0; k < replicas.copies(); ++k) {
    EXPECT_NE(replicas.copy(k), primary.data());
    for (int64_t i = 0; i < primary.size(); ++i)
      ASSERT_EQ(replicas.copy(k)[i], i * i) << "node " << k << ", element " << i;
  }
  int wrong = 0;
#pragma omp parallel reduction(+ : wrong)
  {
    const int64_t *mine = replicas.local();
    if (hasCopies() ? mine != replicas.copy(nodeOfCallingThread()) : mine != primary.data())
      ++wrong;
    for (int64_t i = omp_get_thread_num(); i < primary.size(); i += 97)
      wrong += mine[i] != i * i;
  }
  EXPECT_EQ(wrong, 0);
}

TEST(NodeReplicas, RefreshingFollowsWritesAndNewSizes) {
  VertexArray<int64_t> primary = squares(5000);
  NodeReplicas<int64_t> replicas;
  replicas.refresh(primary);
  primary[4999] = -1; // a write after the refresh is not seen...
  for (int k = 0; k < replicas.copies(); ++k)
    EXPECT_EQ(replicas.copy(k)[4999], 4999 * 4999);
  replicas.refresh(primary); // ...until the next one
  EXPECT_EQ(replicas.local()[4999], -1);
  for (int k = 0; k < replicas.copies(); ++k)
    EXPECT_EQ(replicas.copy(k)[4999], -1);
  primary = squares(70000); // a larger graph's vector
  replicas.refresh(primary);
  EXPECT_EQ(replicas.local()[69999], int64_t{69999} * 69999);
  for (int k = 0; k < replicas.copies(); ++k)
    EXPECT_EQ(replicas.copy(k)[69999], int64_t{69999} * 69999);
  primary = VertexArray<int64_t>(); // and an empty one
  replicas.refresh(primary);
  EXPECT_EQ(replicas.copies(), hasCopies() ? topology().nodes : 0);
}

TEST(NumaPlacement, ReplicasLiveOnTheirNodes) {
  VertexArray<double> primary(int64_t{1} << 19, 0.25); // 4 MiB: two huge pages
  NodeReplicas<double> replicas;
  replicas.refresh(primary);
  for (int k = 0; k < replicas.copies(); ++k) {
    std::vector<int> pages = pageNodes(replicas.copy(k), sizeof(double) * primary.size());
    ASSERT_FALSE(pages.empty());
    for (size_t p = 0; p < pages.size(); ++p)
      ASSERT_EQ(pages[p], realNodeOf(k)) << "copy of node " << k << ", page " << p;
  }
}

} // namespace
