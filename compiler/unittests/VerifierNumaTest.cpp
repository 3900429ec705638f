//===- VerifierNumaTest.cpp - NUMA, agents, replicas, par_for -------------===//
//
// One test per check (see VerifierTest.cpp): what a variant split over NUMA
// nodes, replicated vectors, edges placed on nodes and a traversal inside a
// par_for must keep.
//
//===----------------------------------------------------------------------===//
#include "VerifierTestFixture.h"

using namespace polyc;
using polyc::verifier_test::VerifierTest;

namespace {

const char *kSparse = R"(program->configApplyDirection("s2", "SparsePush");)";

TEST_F(VerifierTest, ReplicaReadsWithoutReplicas) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s1", "DensePull");
program->configDataPlacement("rank", "replicated");)"));
  EdgeTraversalExpr &s1 = traversal(0);
  ASSERT_EQ(s1.replicaReads.size(), 1u);
  const VarDecl *rank = s1.replicaReads[0];
  EXPECT_EQ(rank->name, "rank");
  module.placements.erase(rank);
  EXPECT_EQ(verifyModule(module), "traversal 's1': reads 'rank' from replicas it does not have");
}

// Replicas are a snapshot taken when the traversal starts: its own changes
// to the vector would not be seen.
TEST_F(VerifierTest, ReplicaReadsOfTheTrackedVector) {
  ASSERT_NO_FATAL_FAILURE(compile(""));
  VarDecl *parent = global("parent");
  ASSERT_EQ(traversal(1).trackedVector, parent);
  traversal(1).replicaReads.push_back(parent);
  module.placements[parent] = DataPlacement::Replicated;
  EXPECT_EQ(verifyModule(module), "traversal 's2': reads replicas of 'parent', which it tracks");
}

TEST_F(VerifierTest, ReplicaReadsOfAWrittenVector) {
  ASSERT_NO_FATAL_FAILURE(compile(""));
  VarDecl *next = global("next");
  traversal(0).replicaReads.push_back(next);
  module.placements[next] = DataPlacement::Replicated;
  EXPECT_EQ(verifyModule(module), "traversal 's1': reads replicas of 'next', which it writes");
}

TEST_F(VerifierTest, NodePartsOfAFrontierNotHeldByNode) {
  ASSERT_NO_FATAL_FAILURE(compile(kSparse));
  ASSERT_FALSE(traversal(1).nodeFrontier);
  variant(1).numa.emplace();
  variant(1).numa->readsNodeParts = true;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: walks node parts of a "
                                  "frontier that is not held node by node");
}

TEST_F(VerifierTest, AgentsInTheMergeForm) {
  ASSERT_NO_FATAL_FAILURE(compile(kSparse));
  ASSERT_FALSE(variant(1).accumulation);
  variant(1).numa.emplace();
  variant(1).numa->agents = true;
  variant(1).numa->merge = true;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: agents with segments, the "
                                  "merge form, node parts or a fused vertex apply, each of which "
                                  "needs whole owners");
}

TEST_F(VerifierTest, NumaInsideAParFor) {
  ASSERT_NO_FATAL_FAILURE(compile(kSparse));
  traversal(1).concurrent = true;
  variant(1).numa.emplace();
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: inside a par_for with NUMA, "
                                  "segments or a per-source cache, state that concurrent calls "
                                  "would share");
}

TEST_F(VerifierTest, NumaVariantWithoutItsOneNodeLoops) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s1", "DensePull")
       ->configApplyParallelization("s1", "dynamic-vertex-parallel")
       ->configApplyNUMA("s1", "static-parallel");)"));
  ASSERT_TRUE(variant(0).numa);
  ASSERT_FALSE(variant(0).nest.ops.empty());
  variant(0).numa->oneNode = LoopNest{};
  EXPECT_EQ(verifyModule(module),
            "traversal 's1', variant DensePull: a NUMA variant without its one-node loops");
}

TEST_F(VerifierTest, EdgesOnNodesWalkedWithoutAgents) {
  ASSERT_NO_FATAL_FAILURE(compile(""));
  module.edgesOnNodes.push_back(EdgePlacement{global("edges"), {}});
  EXPECT_EQ(verifyModule(module), "traversal 's1': it walks 'edges', whose edges are placed on the "
                                  "nodes, without the agents' parts built there");
}

} // namespace
