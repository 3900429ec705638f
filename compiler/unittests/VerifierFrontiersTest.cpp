//===- VerifierFrontiersTest.cpp - Traversals, variants, frontier forms ---===//
//
// One test per check (see VerifierTest.cpp): an edge traversal's identity,
// the variants of its direction, and the frontier forms a variant reads and
// builds. s1 has no frontier; s2 reads one and builds one.
//
//===----------------------------------------------------------------------===//
#include "VerifierTestFixture.h"

using namespace polyc;
using polyc::verifier_test::VerifierTest;

namespace {

const char *kHybrid = R"(program->configApplyDirection("s2", "SparsePush-DensePull");)";
const char *kDensePush = R"(program->configApplyDirection("s1", "DensePush");)";
const char *kSparse = R"(program->configApplyDirection("s2", "SparsePush");)";

TEST_F(VerifierTest, TraversalWithoutItsAppliedFunction) {
  ASSERT_NO_FATAL_FAILURE(compile(""));
  traversal(0).applyFunc = nullptr;
  EXPECT_EQ(verifyModule(module),
            "traversal 's1': a traversal without a name, an edgeset or an applied function");
}

TEST_F(VerifierTest, FusedVertexApplyThatDoesNotNameItsPull) {
  ASSERT_NO_FATAL_FAILURE(compile("", /*exports=*/true));
  ASSERT_FALSE(vertexApply().fusedInto);
  traversal(0).fusedVertexApply = &vertexApply();
  EXPECT_EQ(verifyModule(module), "traversal 's1': fuses a vertex apply that does not name it back");
}

TEST_F(VerifierTest, VariantMissing) {
  ASSERT_NO_FATAL_FAILURE(compile(kHybrid));
  ASSERT_EQ(traversal(1).variants.size(), 2u);
  traversal(1).variants.pop_back();
  EXPECT_EQ(verifyModule(module), "traversal 's2': its variants are not those of its direction");
}

TEST_F(VerifierTest, VariantsOutOfOrder) {
  ASSERT_NO_FATAL_FAILURE(compile(kHybrid));
  EdgeTraversalExpr &t = traversal(1);
  ASSERT_EQ(t.variants.size(), 2u);
  std::swap(t.variants[0], t.variants[1]);
  EXPECT_EQ(verifyModule(module),
            "traversal 's2': its variants are not those of its direction, in order");
}

TEST_F(VerifierTest, HybridWithoutAnInputFrontier) {
  ASSERT_NO_FATAL_FAILURE(compile(kHybrid));
  ExprPtr from = std::move(traversal(1).from); // kept alive until the test ends
  EXPECT_EQ(verifyModule(module), "traversal 's2': a hybrid without an input frontier to choose by");
}

TEST_F(VerifierTest, VertexThresholdWithoutAHybrid) {
  ASSERT_NO_FATAL_FAILURE(compile(""));
  ASSERT_FALSE(traversal(0).isHybrid());
  traversal(0).hybridVertexThreshold = traversal(0).hybridThreshold;
  EXPECT_EQ(verifyModule(module),
            "traversal 's1': a vertex threshold without a hybrid to choose by it");
}

TEST_F(VerifierTest, InputFrontierTheTraversalDoesNotHave) {
  ASSERT_NO_FATAL_FAILURE(compile(kDensePush));
  variant(0).input = FrontierRepr::SparseQueue;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePush: reads an input frontier the "
                                  "traversal does not have");
}

TEST_F(VerifierTest, InputFormTheLoopCannotWalk) {
  ASSERT_NO_FATAL_FAILURE(compile(kSparse));
  ASSERT_EQ(variant(1).input, FrontierRepr::SparseQueue);
  variant(1).input = FrontierRepr::BoolArray; // a sparse push walks a list
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: reads its input as "
                                  "bool-array, which its loop cannot walk");
}

TEST_F(VerifierTest, OutputFrontierTheTraversalDoesNotProduce) {
  ASSERT_NO_FATAL_FAILURE(compile(kDensePush));
  ASSERT_FALSE(traversal(0).producesFrontier());
  variant(0).output = FrontierRepr::SparseQueue;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePush: builds an output frontier the "
                                  "traversal does not produce");
}

TEST_F(VerifierTest, OutputInNodePartsWithoutConfigApplyFrontier) {
  ASSERT_NO_FATAL_FAILURE(compile(kSparse));
  ASSERT_FALSE(traversal(1).nodeFrontier);
  variant(1).output = FrontierRepr::NodeParts;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: an output held node by node "
                                  "without configApplyFrontier, or the reverse");
}

TEST_F(VerifierTest, CacheBlockingOutsideAPull) {
  ASSERT_NO_FATAL_FAILURE(compile(kSparse));
  variant(1).segments = SegmentOption{};
  EXPECT_EQ(verifyModule(module),
            "traversal 's2', variant SparsePush: cache blocking outside an owner-parallel DensePull");
}

} // namespace
