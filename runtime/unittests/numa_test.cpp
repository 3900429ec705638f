//===- numa_test.cpp - Topology, real and emulated ----------------------===//
#include "polyrt/numa.h"
#include "detail/numa_detail.h"
#include "test_util.h"

#include <numa.h>
#include <sched.h>

using namespace polyrt;
using namespace polyrt::test;

namespace {

TEST(Topology, RealWithoutEmulation) {
  Topology t = detail::readTopology(nullptr, 4);
  EXPECT_FALSE(t.emulated);
  EXPECT_GE(t.realNodes, 1);
  EXPECT_EQ(t.nodes, t.realNodes);
  EXPECT_EQ(t.threads, 4);
  ASSERT_EQ(t.threadNode.size(), 4u);
  EXPECT_EQ(static_cast<int>(t.cpusPerNode.size()), t.realNodes);
  int cpus = 0;
  for (int c : t.cpusPerNode)
    cpus += c;
  EXPECT_GE(cpus, 1);
  EXPECT_CONTAINS(t.describe(), "NUMA: ");
  EXPECT_CONTAINS(t.describe(), "4 threads over");
  EXPECT_FALSE(detail::readTopology("", 2).emulated); // empty: no emulation
}

TEST(Topology, EmulatedNodes) {
  Topology t = detail::readTopology("4", 2);
  EXPECT_TRUE(t.emulated);
  EXPECT_EQ(t.nodes, 4);
  EXPECT_EQ(t.threads, 2);
  EXPECT_EQ(t.threadNode, (std::vector<int>{0, 2})); // t * N / threads
  EXPECT_CONTAINS(t.describe(), "; emulating 4 nodes over 2 threads");
  Topology u = detail::readTopology("2", 5);
  EXPECT_EQ(u.threadNode, (std::vector<int>{0, 0, 0, 1, 1}));
  Topology one = detail::readTopology("1", 3);
  EXPECT_EQ(one.threadNode, (std::vector<int>{0, 0, 0}));
  EXPECT_CONTAINS(one.describe(), "emulating 1 node over 3 threads");
  EXPECT_EQ(detail::readTopology("1024", 1).nodes, 1024);
}

TEST(Topology, DescribeFormat) {
  Topology t;
  t.realNodes = 1;
  t.cpusPerNode = {2};
  t.nodes = 4;
  t.emulated = true;
  t.threads = 2;
  EXPECT_EQ(t.describe(), "NUMA: 1 real node (2 CPUs); emulating 4 nodes over 2 threads");
  t.realNodes = 2;
  t.cpusPerNode = {8, 8};
  t.nodes = 2;
  t.emulated = false;
  t.threads = 16;
  EXPECT_EQ(t.describe(), "NUMA: 2 real nodes (8+8 CPUs); 16 threads over 2 nodes");
}

TEST(Topology, BadEnvironmentValues) {
  for (const char *bad : {"0", "1025", "-2", "abc", "4x", " 4", "2.5"})
    EXPECT_CONTAINS(errorOf([&] { detail::readTopology(bad, 2); }),
                    std::string("POLYRT_NUMA_NODES must be a whole number of NUMA nodes to emulate, "
                                "from 1 to 1024, not '") + bad + "'");
}

TEST(Topology, ProcessTopologyIsCached) {
  const Topology &a = topology();
  const Topology &b = topology();
  EXPECT_EQ(&a, &b);
  EXPECT_GE(a.threads, 1);
}

} // namespace

namespace {

TEST(NumaAffinity, ThreadsKeepOrGetTheirNodesCpus) {
  const Topology &topo = topology();
  bool bound = threadsBoundToNodes();
  EXPECT_EQ(bound, !topo.emulated && topo.realNodes > 1);
  std::vector<int> outside(topo.threads, 0), failed(topo.threads, 0), empty(topo.threads, 0);
#pragma omp parallel num_threads(topo.threads)
  {
    int t = omp_get_thread_num();
    cpu_set_t set;
    CPU_ZERO(&set);
    failed[t] = sched_getaffinity(0, sizeof set, &set) != 0;
    if (bound) {
      // Every CPU a thread may run on belongs to its node.
      struct bitmask *mine = numa_allocate_cpumask();
      numa_node_to_cpus(topo.threadNode[t], mine);
      for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &set) && !numa_bitmask_isbitset(mine, c))
          outside[t]++;
      numa_free_cpumask(mine);
    }
    empty[t] = CPU_COUNT(&set) == 0;
  }
  for (int t = 0; t < topo.threads; ++t) {
    EXPECT_EQ(failed[t], 0) << "thread " << t;
    EXPECT_EQ(empty[t], 0) << "thread " << t;
    EXPECT_EQ(outside[t], 0) << "thread " << t;
  }
  std::string text = describeBinding();
  EXPECT_CONTAINS(text, "node 0: threads 0");
}

TEST(NumaAffinity, GroupingForEveryNodeAndThreadCount) {
  for (int nodes : {1, 2, 3, 4, 8})
    for (int threads : {1, 2, 5}) {
      Topology t = detail::readTopology(std::to_string(nodes).c_str(), threads);
      ASSERT_EQ(static_cast<int>(t.threadNode.size()), threads);
      for (int i = 0; i < threads; ++i) {
        EXPECT_GE(t.threadNode[i], 0);
        EXPECT_LT(t.threadNode[i], nodes);
        if (i > 0) {
          EXPECT_GE(t.threadNode[i], t.threadNode[i - 1]); // in order
        }
      }
      EXPECT_EQ(t.threadNode[0], 0);
    }
}

} // namespace
