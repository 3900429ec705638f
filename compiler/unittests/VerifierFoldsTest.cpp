//===- VerifierFoldsTest.cpp - Register folds and source registers --------===//
//
// One test per check (see VerifierTest.cpp): a variant's Accumulation and
// its sourceElementInRegister. s1 pulling folds next[dst] += rank[src] in a
// register.
//
//===----------------------------------------------------------------------===//
#include "VerifierTestFixture.h"

using namespace polyc;
using polyc::verifier_test::VerifierTest;

namespace {

const char *kPull = R"(program->configApplyDirection("s1", "DensePull");)";

TEST_F(VerifierTest, RegisterFoldWithoutItsFold) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  ASSERT_TRUE(variant(0).accumulation);
  variant(0).accumulation->fold = nullptr;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: a register fold without its fold");
}

TEST_F(VerifierTest, PushFoldOverAFrontier) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s2", "SparsePush");)"));
  VariantPlan &v = variant(1);
  ASSERT_FALSE(v.accumulation);
  v.accumulation.emplace();
  v.accumulation->fold = v.writes.at(0).stmt; // a push from s2's frontier
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: a push's register fold other "
                                  "than a plain fold over every vertex's whole out-edges");
}

TEST_F(VerifierTest, PullFoldUnderAGuard) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  ASSERT_TRUE(variant(0).accumulation);
  Accumulation &a = *variant(0).accumulation;
  a.guard = a.fold->value.get();
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: a pull's register fold under a guard");
}

TEST_F(VerifierTest, TrackedFoldWithoutATrackedVector) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  ASSERT_TRUE(variant(0).accumulation);
  variant(0).accumulation->tracksChange = true;
  EXPECT_EQ(verifyModule(module),
            "traversal 's1', variant DensePull: a tracked register fold without a tracked vector");
}

TEST_F(VerifierTest, SharedOwnersWithAStoredRegister) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  ASSERT_TRUE(variant(0).accumulation);
  traversal(0).concurrent = true; // other iterations of a par_for walk the same owners
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: agents with a register stored "
                                  "as if it owned its destination");
}

TEST_F(VerifierTest, RegisterCombinedAtomicallyOutsideAgents) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  ASSERT_TRUE(variant(0).accumulation);
  variant(0).accumulation->combinesAtomically = true;
  EXPECT_EQ(verifyModule(module),
            "traversal 's1', variant DensePull: a register combined atomically outside agents");
}

TEST_F(VerifierTest, SharedOwnersCombiningANonReduction) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  ASSERT_TRUE(variant(0).accumulation);
  Accumulation &a = *variant(0).accumulation;
  traversal(0).concurrent = true; // as the update-sync pass leaves a par_for's pull:
  a.combinesAtomically = true;
  variant(0).writes.at(0).sync = WriteSync::Atomic;
  EXPECT_EQ(verifyModule(module), "");
  const_cast<AssignStmt *>(a.fold)->op = AssignOp::Sub;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: agents combining a fold other "
                                  "than +=, min= or max=");
}

TEST_F(VerifierTest, SharedOwnersTrackingASum) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  ASSERT_TRUE(variant(0).accumulation);
  Accumulation &a = *variant(0).accumulation;
  traversal(0).concurrent = true;
  a.combinesAtomically = true;
  a.tracksChange = true; // of a += fold
  traversal(0).trackedVector = global("next");
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: agents tracking a fold other "
                                  "than min= or max=");
}

TEST_F(VerifierTest, RestingFoldTargetWithoutAFusedApply) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  ASSERT_TRUE(variant(0).accumulation);
  Accumulation &a = *variant(0).accumulation;
  ASSERT_FALSE(traversal(0).fusedVertexApply);
  a.restingValue = a.fold->value.get();
  EXPECT_EQ(verifyModule(module),
            "traversal 's1', variant DensePull: a fold target kept out of memory without a fused "
            "apply that sets it back, in a variant other than the only one, or one that reads it");
}

TEST_F(VerifierTest, FoldAddedToASumWithoutASummedVector) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  ASSERT_TRUE(variant(0).accumulation);
  ASSERT_TRUE(module.summedVectors.empty());
  variant(0).accumulation->addsToSum = true;
  EXPECT_EQ(verifyModule(module),
            "traversal 's1', variant DensePull: a fold added to a running sum other than a plain "
            "+= of a register owned by its thread");
}

TEST_F(VerifierTest, WalkedPrefixIntersectionInAPull) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  ASSERT_TRUE(variant(0).accumulation);
  CallExpr intersection(llvm::SMLoc(), "intersectNeighbor", {});
  variant(0).accumulation->intersectsWalkedPrefix = &intersection;
  EXPECT_EQ(verifyModule(module),
            "traversal 's1', variant DensePull: an intersection given the edge's index where the "
            "edge loop is not a push walking each source's whole list, one edge at a time");
}

TEST_F(VerifierTest, SourceRegisterOutsideAPriorityPush) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  variant(0).sourceElementInRegister = global("rank");
  EXPECT_EQ(verifyModule(module),
            "traversal 's1', variant DensePull: a source's element read once per source in a "
            "variant other than a plain push of a priority update whose repeats are harmless");
}

} // namespace
