//===- VerifierModuleTest.cpp - Names and the Module's side tables --------===//
//
// One test per check (see VerifierTest.cpp): Verifier::run's checks of
// traversal names and of the tables passes fill in the Module.
//
//===----------------------------------------------------------------------===//
#include "VerifierTestFixture.h"

using namespace polyc;
using polyc::verifier_test::VerifierTest;

namespace {

TEST_F(VerifierTest, TwoEdgeTraversalsShareAName) {
  ASSERT_NO_FATAL_FAILURE(compile(""));
  traversal(0).name = "s2";
  EXPECT_EQ(verifyModule(module), "traversal 's2': two traversals share this name");
}

// The edge traversals' names stay distinct, so only the vertex traversals'
// loop can find the clash.
TEST_F(VerifierTest, VertexTraversalNamedAsAnEdgeTraversal) {
  ASSERT_NO_FATAL_FAILURE(compile("", /*exports=*/true));
  vertexApply().name = "s1";
  EXPECT_EQ(verifyModule(module), "traversal 's1': two traversals share this name");
}

TEST_F(VerifierTest, PipelineStopsAtTheFirstViolation) {
  // The pipeline runs the verifier after each pass when asked: a module that
  // is broken before the first pass fails after it, with that pass named.
  ASSERT_NO_FATAL_FAILURE(compile(""));
  traversal(0).name = traversal(1).name;
  PipelineOptions options;
  options.verifyEach = true;
  unsigned before = diags.errorCount();
  EXPECT_FALSE(runPassPipeline(module, diags, options));
  EXPECT_EQ(diags.errorCount(), before + 1);
}

TEST_F(VerifierTest, FusedFieldGroupOfOneField) {
  ASSERT_NO_FATAL_FAILURE(compile(""));
  module.fusedFields.push_back(
      FusedFieldGroup{"rank", {global("rank")}, {}});
  EXPECT_EQ(verifyModule(module), "fused fields 'rank': a group needs a name and two fields");
}

TEST_F(VerifierTest, FieldInTwoFusedGroups) {
  ASSERT_NO_FATAL_FAILURE(compile(""));
  module.fusedFields.push_back(FusedFieldGroup{"rank_next", {global("rank"), global("next")}, {}});
  EXPECT_EQ(verifyModule(module), "");
  module.fusedFields.push_back(
      FusedFieldGroup{"next_parent", {global("next"), global("parent")}, {}});
  EXPECT_EQ(verifyModule(module), "fused fields 'next_parent': 'next' is in two groups");
}

TEST_F(VerifierTest, MovedAssignmentThatIsNotSetEqualsLocal) {
  ASSERT_NO_FATAL_FAILURE(compile(""));
  module.movedAssignments.insert(variant(0).writes.at(0).stmt); // next[dst] += rank[src]
  EXPECT_EQ(verifyModule(module), "a moved assignment: only `set = local` can be a move");
}

TEST_F(VerifierTest, InRangeQueryWithoutItsReason) {
  ASSERT_NO_FATAL_FAILURE(compile(""));
  module.inRangeVertexQueries[getVertices()] = InRangeVertex{};
  EXPECT_EQ(verifyModule(module), "the query 'getVertices': its vertex is taken as in range "
                                  "without being the parameter its reason names");
}

TEST_F(VerifierTest, OverflowFreeOperationThatIsNotIntArithmetic) {
  ASSERT_NO_FATAL_FAILURE(compile(""));
  const Expr *read = variant(0).writes.at(0).stmt->value.get(); // rank[src]
  module.overflowFreeArithmetic[read] = IntRange{0, 1};
  EXPECT_EQ(verifyModule(module), "an overflow-free operation: only int + - * and negation with a "
                                  "range that fits an int skip the overflow check");
}

TEST_F(VerifierTest, UnconvertedComparisonOfAnotherQuery) {
  ASSERT_NO_FATAL_FAILURE(compile(""));
  module.comparedOutDegrees.insert(getVertices());
  EXPECT_EQ(verifyModule(module),
            "the query 'getVertices': only getOutDegree is compared unconverted");
}

} // namespace
