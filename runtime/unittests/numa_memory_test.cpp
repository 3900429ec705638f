//===- numa_memory_test.cpp - Node-bound memory and where its pages live ===//
//
// Named NumaPlacement.* because the QEMU label runs them in a guest with
// several real (virtual) nodes, where each slice must be on its own node;
// on one node every page is on node 0.
//
//===----------------------------------------------------------------------===//
#include "polyrt/numa_memory.h"
#include "polyrt/numa.h"
#include "polyrt/numa_partition.h"
#include "polyrt/vertex_array.h"
#include "test_util.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

using namespace polyrt;

namespace {

TEST(NumaPlacement, NodeBlockIsZeroedAndOnItsNode) {
  for (int node = 0; node < std::max(2, topology().realNodes); ++node) {
    NodeBlock<double> block(1 << 18, node); // 2 MiB: a huge page's worth
    for (int64_t i = 0; i < block.size(); i += 512)
      ASSERT_EQ(block[i], 0.0);
    std::memset(block.data(), 1, sizeof(double) * block.size()); // touch every page
    std::vector<int> pages = pageNodes(block.data(), sizeof(double) * block.size());
    ASSERT_FALSE(pages.empty());
    for (int where : pages)
      EXPECT_EQ(where, realNodeOf(node)) << "a page of node " << node << "'s block";
  }
}

TEST(NumaPlacement, PartitionedSlicesLiveOnTheirNodes) {
  const size_t page = 4096, perNode = 64 * page;
  for (int nodes : {1, 2, 4}) {
    std::vector<size_t> bounds;
    for (int k = 0; k <= nodes; ++k)
      bounds.push_back(k * perNode);
    size_t bytes = bounds.back();
    char *memory = static_cast<char *>(allocatePartitioned(bytes, bounds));
    std::memset(memory, 7, bytes);
    std::vector<int> pages = pageNodes(memory, bytes);
    ASSERT_EQ(pages.size(), bytes / page);
    for (size_t i = 0; i < pages.size(); ++i)
      EXPECT_EQ(pages[i], realNodeOf(static_cast<int>(i * page / perNode))) << "page " << i;
    freeNodeMemory(memory, bytes);
  }
}

TEST(NumaPlacement, UntouchedPagesAreNotPresentAndZeroBytesAreNothing) {
  EXPECT_EQ(allocateOnNode(0, 0), nullptr);
  void *memory = allocateOnNode(1 << 20, 0);
  std::vector<int> pages = pageNodes(memory, 1 << 20);
  EXPECT_LT(pages.front(), 0); // not touched yet
  freeNodeMemory(memory, 1 << 20);
  EXPECT_EQ(realNodeOf(topology().realNodes), 0);
}

TEST(NumaPlacement, NodeLocalVertexArraySlicesLiveOnTheirNodes) {
  const Topology &topo = topology();
  const int64_t n = int64_t{1} << 20; // 8 MiB of doubles
  VertexArray<double> a(n, 1.5, Placement::NodeLocal);
  EXPECT_EQ(a.placement(), Placement::NodeLocal);
  Partition p = partitionVertices(static_cast<VertexId>(n), nullptr, topo.nodes,
                                  PartitionStrategy::VertexBalanced, -1, kPlacementGranule);
  std::vector<int> pages = pageNodes(a.data(), sizeof(double) * n);
  const size_t perPage = 4096 / sizeof(double);
  for (size_t i = 0; i < pages.size(); ++i) {
    // Slices are whole pages: a page's first and last elements have one owner.
    int owner = p.ownerOf(static_cast<VertexId>(i * perPage));
    EXPECT_EQ(owner, p.ownerOf(static_cast<VertexId>(i * perPage + perPage - 1)));
    EXPECT_EQ(pages[i], realNodeOf(owner)) << "page " << i;
  }
  // Assigning keeps the array's own placement.
  VertexArray<double> plain(n, 2.0);
  a = plain;
  EXPECT_EQ(a.placement(), Placement::NodeLocal);
  EXPECT_EQ(a[n - 1], 2.0);
  a = VertexArray<double>(n, 3.0);
  EXPECT_EQ(a.placement(), Placement::NodeLocal);
  EXPECT_EQ(a[0], 3.0);
}

TEST(NumaPlacement, InterleavedVertexArraySpreadsPages) {
  const Topology &topo = topology();
  // Interleaving goes page by page, and a transparent huge page is 2 MiB:
  // four of them per node, so that every node gets some either way.
  const int64_t hugePage = (int64_t{2} << 20) / sizeof(int32_t);
  const int64_t n = 4 * hugePage * std::max(topo.realNodes, 1);
  VertexArray<int32_t> a(n, 7, Placement::Interleaved);
  std::vector<int> pages = pageNodes(a.data(), sizeof(int32_t) * n);
  std::vector<int> perNode(std::max(topo.realNodes, 1), 0);
  for (int where : pages) {
    ASSERT_GE(where, 0);
    ASSERT_LT(where, topo.realNodes);
    perNode[where]++;
  }
  for (int k = 0; k < topo.realNodes; ++k) // round-robin: every node gets some
    EXPECT_GT(perNode[k], 0) << "node " << k;
  EXPECT_EQ(a[n - 1], 7);
}

TEST(NumaPlacement, ImpossibleSizesAreErrors) {
  EXPECT_THROW(allocateOnNode(size_t{1} << 62, 0), Error);
  EXPECT_THROW(allocateLarge(size_t{1} << 62), Error);
}

/// The flags of the mapping holding `address`, from /proc/self/smaps ("" if
/// not found).
std::string mappingFlags(const void *address) {
  std::ifstream smaps("/proc/self/smaps");
  const uintptr_t at = reinterpret_cast<uintptr_t>(address);
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    uintptr_t lo = 0, hi = 0;
    if (std::sscanf(line.c_str(), "%lx-%lx ", &lo, &hi) == 2 && line.find('-') < 17) {
      inside = lo <= at && at < hi;
    } else if (inside && line.rfind("VmFlags:", 0) == 0) {
      return line;
    }
  }
  return "";
}

TEST(LargeArrays, LargeVertexArraysAreAdvisedHugePagesOnTheirBoundaries) {
  const int64_t n = int64_t{3} << 20; // 12 MiB of int32
  VertexArray<int32_t> a(n, 7);
  if (hugePagesEnabled()) { // (POLYRT_HUGE_PAGES=off: ordinary pages anywhere)
    ASSERT_EQ(reinterpret_cast<uintptr_t>(a.data()) % (size_t{2} << 20), 0u);
  }
  EXPECT_EQ(a[0], 7);
  EXPECT_EQ(a[n - 1], 7);
  VertexArray<int32_t> copy = a; // a deep copy, in memory of its own
  copy[n - 1] = 8;
  EXPECT_EQ(a[n - 1], 7);
  EXPECT_EQ(copy[n - 1], 8);
  // Where the kernel has transparent huge pages, the range carries the
  // advice ("hg"); whether it grants them is the system's setting.
  if (std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled") && hugePagesEnabled()) {
    EXPECT_NE(mappingFlags(a.data()).find(" hg"), std::string::npos) << mappingFlags(a.data());
  }
  // Small arrays stay in ordinary memory.
  VertexArray<int32_t> small(1000, 3);
  EXPECT_EQ(small[999], 3);
}

TEST(LargeArrays, LargeMemoryIsZeroedAndFreedWhole) {
  const size_t bytes = (size_t{5} << 20) + 12345; // not a whole number of pages
  auto *memory = static_cast<unsigned char *>(allocateLarge(bytes));
  ASSERT_NE(memory, nullptr);
  for (size_t i = 0; i < bytes; i += 4096)
    ASSERT_EQ(memory[i], 0);
  EXPECT_EQ(memory[bytes - 1], 0);
  std::memset(memory, 1, bytes);
  freeNodeMemory(memory, bytes);
  EXPECT_EQ(allocateLarge(0), nullptr);
}

} // namespace
