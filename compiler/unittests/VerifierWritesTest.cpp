//===- VerifierWritesTest.cpp - Writes and their synchronisation ----------===//
//
// One test per check (see VerifierTest.cpp): Verifier::verifyWrites,
// Verifier::verifyDeferred, and the variant checks about claims and deferred
// updates.
//
//===----------------------------------------------------------------------===//
#include "VerifierTestFixture.h"

using namespace polyc;
using polyc::verifier_test::VerifierTest;

namespace {

// s1 pushing: next[dst] += rank[src] is an atomic add (htm can defer it).
const char *kPush = R"(program->configApplyDirection("s1", "DensePush");)";
// s2 pushing in parallel: parent[dst] = src is a claim.
const char *kParallelClaim = R"(program->configApplyDirection("s2", "SparsePush")
       ->configApplyParallelization("s2", "dynamic-vertex-parallel");)";
const char *kPushHtm = R"(program->configApplyDirection("s1", "DensePush")
       ->configApplyParallelization("s1", "dynamic-vertex-parallel")
       ->configUpdateSync("s1", "htm");)";

TEST_F(VerifierTest, WriteWithoutItsStatement) {
  ASSERT_NO_FATAL_FAILURE(compile(kPush));
  variant(0).writes.at(0).stmt = nullptr;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePush: a write without its statement");
}

TEST_F(VerifierTest, PlainWriteOthersShare) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s1", "DensePush")
       ->configApplyParallelization("s1", "dynamic-vertex-parallel");)"));
  ASSERT_EQ(variant(0).writes.size(), 1u);
  EXPECT_EQ(variant(0).writes[0].sync, WriteSync::Atomic);
  variant(0).writes[0].sync = WriteSync::Plain;
  EXPECT_EQ(verifyModule(module),
            "traversal 's1', variant DensePush: a plain write to 'next' that other threads may share");
}

// The same check, for an owned write whose owner's edges are split.
TEST_F(VerifierTest, OwnedWriteUnderEdgeParallel) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s1", "DensePull")
       ->configApplyParallelization("s1", "edge-parallel");)"));
  EXPECT_EQ(variant(0).writes[0].sync, WriteSync::Atomic);
  variant(0).writes[0].sync = WriteSync::Plain; // dst is owned, but its edges are split
  EXPECT_EQ(verifyModule(module),
            "traversal 's1', variant DensePull: a plain write to 'next' that other threads may share");
}

TEST_F(VerifierTest, ClaimWithoutItsExpectedValue) {
  ASSERT_NO_FATAL_FAILURE(compile(kParallelClaim));
  WriteInfo &w = variant(1).writes.at(0);
  ASSERT_EQ(w.sync, WriteSync::Claim);
  w.expected = nullptr;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: a claim of 'parent' without "
                                  "the value it claims from");
}

TEST_F(VerifierTest, LockedClaimOfAnUntrackedVector) {
  ASSERT_NO_FATAL_FAILURE(compile(std::string(kParallelClaim) +
                                  "\nprogram->configUpdateSync(\"s2\", \"lock\");"));
  WriteInfo &w = variant(1).writes.at(0);
  ASSERT_EQ(w.sync, WriteSync::Lock);
  ASSERT_TRUE(w.expected && w.tracked);
  w.tracked = false;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: a claim under a lock of "
                                  "'parent', which is not tracked");
}

TEST_F(VerifierTest, LockOutsideAnEdgeTraversal) {
  ASSERT_NO_FATAL_FAILURE(compile("", /*exports=*/true));
  vertexApply().writes.at(0).sync = WriteSync::Lock;
  EXPECT_EQ(verifyModule(module),
            "traversal 's3': configUpdateSync's synchronisation outside an edge traversal");
}

TEST_F(VerifierTest, WriteNamesADeferredReductionItIsNot) {
  ASSERT_NO_FATAL_FAILURE(compile("", /*exports=*/true));
  ASSERT_EQ(vertexApply().writes.at(0).sync, WriteSync::Plain);
  vertexApply().writes.at(0).deferredTo = 0;
  EXPECT_EQ(verifyModule(module),
            "traversal 's3': a write to 'next' names a deferred reduction or lacks one");
}

TEST_F(VerifierTest, DeferredWriteWithoutItsReduction) {
  ASSERT_NO_FATAL_FAILURE(compile(kPushHtm));
  WriteInfo &w = variant(0).writes.at(0);
  ASSERT_EQ(w.sync, WriteSync::Htm);
  ASSERT_EQ(traversal(0).deferred.size(), 1u);
  w.deferredTo = 1;
  EXPECT_EQ(verifyModule(module),
            "traversal 's1', variant DensePush: a deferred write to 'next' without its reduction");
}

TEST_F(VerifierTest, DeferredWriteNamedByAnotherReduction) {
  ASSERT_NO_FATAL_FAILURE(compile(kPushHtm));
  ASSERT_EQ(traversal(0).deferred.size(), 1u);
  traversal(0).deferred[0].op = AssignOp::Min; // the write is +=
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePush: a deferred write to 'next' "
                                  "named by another reduction");
}

TEST_F(VerifierTest, DeferredWriteThatIsNotAReduction) {
  ASSERT_NO_FATAL_FAILURE(compile(kPushHtm));
  ASSERT_EQ(traversal(0).deferred.size(), 1u);
  // The write and its reduction agree, on an operator no reduction has.
  const_cast<AssignStmt *>(variant(0).writes.at(0).stmt)->op = AssignOp::Sub;
  traversal(0).deferred[0].op = AssignOp::Sub;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePush: a deferred write to 'next' "
                                  "that is not a reduction");
}

TEST_F(VerifierTest, DeferredWriteOfTheTrackedVector) {
  ASSERT_NO_FATAL_FAILURE(compile(kPushHtm));
  variant(0).writes.at(0).tracked = true;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePush: a deferred write to 'next', "
                                  "which applyModified tracks");
}

TEST_F(VerifierTest, UniqueOutputWithoutAClaim) {
  ASSERT_NO_FATAL_FAILURE(compile(kPush));
  variant(0).outputUnique = true;
  EXPECT_EQ(verifyModule(module),
            "traversal 's1', variant DensePush: an output called unique without a claim");
}

TEST_F(VerifierTest, DeferredUpdatesWithARegisterFold) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s1", "DensePull");)"));
  ASSERT_TRUE(variant(0).accumulation);
  variant(0).writes.at(0).deferredTo = 0;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: deferred updates with a "
                                  "register fold or a fused vertex apply, which would read the "
                                  "vector before they are applied");
}

} // namespace
