//===- VerifierVertexTest.cpp - Vertex traversals -------------------------===//
//
// One test per check (see VerifierTest.cpp): Verifier::verify of a vertex
// traversal. s3 is `vertices.apply(reset)` in an export function.
//
//===----------------------------------------------------------------------===//
#include "VerifierTestFixture.h"

using namespace polyc;
using polyc::verifier_test::VerifierTest;

namespace {

TEST_F(VerifierTest, VertexTraversalWithoutItsFunction) {
  ASSERT_NO_FATAL_FAILURE(compile("", /*exports=*/true));
  vertexApply().func = nullptr;
  EXPECT_EQ(verifyModule(module), "traversal 's3': a traversal without a name, a set or a function");
}

TEST_F(VerifierTest, FusedIntoAPullThatDoesNotRunIt) {
  ASSERT_NO_FATAL_FAILURE(compile("", /*exports=*/true));
  ASSERT_FALSE(traversal(0).fusedVertexApply);
  vertexApply().fusedInto = &traversal(0);
  EXPECT_EQ(verifyModule(module), "traversal 's3': is fused into a pull that does not run it");
}

// configDistribution: under hash and metis a rank owns a list of vertices,
// and only then.
TEST_F(VerifierTest, AVertexLoopWalksItsRanksList) {
  ASSERT_NO_FATAL_FAILURE(compile("", /*exports=*/true));
  VertexTraversalExpr &u = vertexApply();
  module.distribution.emplace();
  u.ownedVertices = true;
  u.listedOwners = true;
  EXPECT_EQ(verifyModule(module), "traversal 's3': walks its rank's vertices as a list where "
                                  "the partition gives a range, or the other way round");
  module.distribution->how = Distribution::Hash;
  u.listedOwners = false;
  EXPECT_EQ(verifyModule(module), "traversal 's3': walks its rank's vertices as a list where "
                                  "the partition gives a range, or the other way round");
  u.listedOwners = true;
  EXPECT_EQ(verifyModule(module), "");
  module.distribution->how = Distribution::Metis;
  EXPECT_EQ(verifyModule(module), "");
  u.listedOwners = false;
  EXPECT_EQ(verifyModule(module), "traversal 's3': walks its rank's vertices as a list where "
                                  "the partition gives a range, or the other way round");
}

TEST_F(VerifierTest, SerialVertexLoopSerialWhenSmall) {
  ASSERT_NO_FATAL_FAILURE(compile("", /*exports=*/true));
  VertexTraversalExpr &u = vertexApply();
  u.loop.parallelization = Parallelization::Serial;
  u.serialWhenSmall = true;
  EXPECT_EQ(verifyModule(module), "traversal 's3': a serial loop marked serial-when-small");
}

TEST_F(VerifierTest, OnlyALibrarysParallelVertexLoopsCatchErrors) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyParallelization("s3", "dynamic-vertex-parallel");)",
                                  /*exports=*/true));
  ASSERT_EQ(module.vertexTraversals.size(), 1u);
  VertexTraversalExpr &u = vertexApply();
  ASSERT_TRUE(u.catchesErrors);
  u.loop.parallelization = Parallelization::Serial;
  u.serialWhenSmall = false; // (which only a parallel loop may be)
  EXPECT_EQ(verifyModule(module), "traversal 's3': catches its tasks' errors, but is serial or "
                                  "in a program without export functions");
}

TEST_F(VerifierTest, PrefetchOfSomethingOtherThanANeighboursValue) {
  ASSERT_NO_FATAL_FAILURE(compile("", /*exports=*/true));
  vertexApply().prefetchedNeighborValue = NeighborValueRead{}; // no query, no vector
  EXPECT_EQ(verifyModule(module), "traversal 's3': prefetches something other than a global "
                                  "vector's value at a getOutNeighbor");
}

TEST_F(VerifierTest, PrefetchInALoopOfItsOwnItDoesNotRun) {
  ASSERT_NO_FATAL_FAILURE(compile("", /*exports=*/true));
  VertexTraversalExpr &u = vertexApply();
  MethodCallExpr neighbor(llvm::SMLoc(), nullptr, "getOutNeighbor", {});
  neighbor.methodKind = Method::GetOutNeighbor; // (as Sema resolves it)
  u.prefetchedNeighborValue = NeighborValueRead{&neighbor, global("rank")};
  EXPECT_EQ(verifyModule(module), ""); // a read the pass could have found
  u.concurrent = true;                 // but every iteration of a par_for runs the loop
  EXPECT_EQ(verifyModule(module), "traversal 's3': prefetches a neighbour's value in a loop of its "
                                  "own that it does not run, or of a vector not stored as one");
}

} // namespace
