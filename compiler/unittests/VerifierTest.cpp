//===- VerifierTest.cpp - The IR verifier catches broken IR --------------===//
//
// Every lit test runs polyc with --verify-each, but a correct compiler never
// hands the verifier a broken IR. These tests compile a program, then break
// one invariant by hand, and check that the verifier names it.
//
// The rule: one test per check. Every fail(...) in compiler/lib/IR/Verifier.cpp
// has a test that breaks exactly that check and expects its whole message
// (EXPECT_EQ, so that another check firing fails the test);
// check_verifier_tests.py (ctest polyc.VerifierTest.OneTestPerCheck) enforces
// it. The tests are split by area:
//   VerifierTest.cpp           the loop nests (Verifier::verifyNest; being
//                              rewritten with the loop IR, not yet one per check)
//   VerifierWritesTest.cpp     writes, their synchronisation, deferred reductions
//   VerifierFoldsTest.cpp      register folds, source registers
//   VerifierFrontiersTest.cpp  traversal identity, directions' variants, frontier forms
//   VerifierNumaTest.cpp       NUMA, agents, replicas, par_for, edges placed on nodes
//   VerifierVertexTest.cpp     vertex traversals
//   VerifierModuleTest.cpp     names and the Module's side tables
//
//===----------------------------------------------------------------------===//
#include "VerifierTestFixture.h"

using namespace polyc;
using polyc::verifier_test::VerifierTest;

namespace {

TEST_F(VerifierTest, LoopNestMustFitTheVariant) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s2", "SparsePush")
       ->configApplyParallelization("s2", "dynamic-vertex-parallel");)"));
  LoopOp &owners = variant(1).nest.owners();
  ASSERT_EQ(owners.kind, LoopOp::OwnerLoop);
  EXPECT_EQ(owners.owners, OwnerList::FrontierList);
  EXPECT_TRUE(owners.serialWhenSmall);
  owners.prefetchesOwnerOffsets = false; // (which only a frontier list may have)
  owners.owners = OwnerList::AllVertices;
  owners.serialWhenSmall = false;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: the owner loop walks a "
                                  "list the variant's input does not give");
}

TEST_F(VerifierTest, OwnWordAddsNeedWholeWords) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s2", "DensePull")
       ->configApplyDenseVertexSet("s2", "bitvector", "dst-vertexset", "DensePull")
       ->configApplyParallelization("s2", "dynamic-vertex-parallel", 1024);)"));
  EXPECT_EQ(variant(1).nest.outputAdd, OutputAdd::AddToOwnWord);
  variant(1).nest.owners().grain.value = 100; // chunks cut words
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant DensePull: a plain add to a bitvector "
                                  "word that another thread may share");
}

TEST_F(VerifierTest, SharedBoolArrayNeedsSharedAdds) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s2", "SparsePush")
       ->configApplyDataStructure("s2", "bool-array", "dst-vertexset")
       ->configApplyParallelization("s2", "static-vertex-parallel");)"));
  EXPECT_EQ(variant(1).nest.outputAdd, OutputAdd::AddShared);
  variant(1).nest.outputAdd = OutputAdd::Add;
  EXPECT_NE(verifyModule(module).find("needs shared adds"), std::string::npos);
}

TEST_F(VerifierTest, OnlyALibrarysParallelOwnerLoopsCatchErrors) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s1", "DensePull")
       ->configApplyParallelization("s1", "dynamic-vertex-parallel");)",
                                  /*exports=*/true));
  LoopNest &nest = variant(0).nest;
  ASSERT_TRUE(nest.owners().catchesErrors);
  nest.forEach([](LoopOp &op) { // (both versioned copies)
    if (op.kind == LoopOp::OwnerLoop)
      op.shape = LoopShape::Serial;
  });
  variant(0).loop.parallelization = Parallelization::Serial;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: an op other than a "
                                  "parallel loop's tasks catches its tasks' errors");
}

TEST_F(VerifierTest, AStandaloneProgramsLoopsDoNotCatchErrors) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s1", "DensePull")
       ->configApplyParallelization("s1", "dynamic-vertex-parallel");)"));
  LoopNest &nest = variant(0).nest;
  ASSERT_FALSE(nest.owners().catchesErrors);
  nest.forEach([](LoopOp &op) { // (both versioned copies)
    if (op.kind == LoopOp::OwnerLoop)
      op.catchesErrors = true;
  });
  EXPECT_EQ(verifyModule(module),
            "traversal 's1', variant DensePull: a loop of a program without export functions "
            "catches its tasks' errors (stopProgram ends such a program)");
}

TEST_F(VerifierTest, TheMergePhaseCatchesAsItsOwnerLoop) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s4", "DensePull")
       ->configApplyParallelization("s4", "dynamic-vertex-parallel")
       ->configApplyNUMA("s4", "static-parallel");)",
                                  /*exports=*/true));
  ASSERT_EQ(module.edgeTraversals.at(2)->label, "s4");
  LoopNest &nest = variant(2).nest;
  LoopOp *exchange = const_cast<LoopOp *>(nest.exchange());
  ASSERT_TRUE(exchange && exchange->catchesErrors && nest.owners().catchesErrors);
  exchange->catchesErrors = false;
  EXPECT_EQ(verifyModule(module), "traversal 's4', variant DensePull: the merge phase and the "
                                  "owner loop disagree on catching errors");
}

} // namespace
