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

// Schedules giving the loop shapes the tests break. s1 is a versioned pair
// of owner loops (stream-prefetch) unless segmented; s2 walks the frontier.
const char *kPush = R"(program->configApplyDirection("s2", "SparsePush");)";
const char *kPushDynamic = R"(program->configApplyDirection("s2", "SparsePush")
       ->configApplyParallelization("s2", "dynamic-vertex-parallel");)";
const char *kPull = R"(program->configApplyDirection("s1", "DensePull")
       ->configApplyParallelization("s1", "dynamic-vertex-parallel");)";
// With exports: s4 in the merge form, source-values first, then the merge
// team's walk, barrier and exchange.
const char *kMerge = R"(program->configApplyDirection("s4", "DensePull")
       ->configApplyParallelization("s4", "dynamic-vertex-parallel")
       ->configApplyNUMA("s4", "static-parallel");)";

LoopOp makeOp(LoopOp::Kind kind) {
  LoopOp op;
  op.kind = kind;
  return op;
}

/// Calls f on every op of `kind` in the nest (both versioned copies).
template <typename F> void forEachOf(LoopNest &nest, LoopOp::Kind kind, F f) {
  nest.forEach([&](LoopOp &op) {
    if (op.kind == kind)
      f(op);
  });
}

/// Erases the ops of `kind` from every op's body.
void eraseAll(std::vector<LoopOp> &ops, LoopOp::Kind kind) {
  std::erase_if(ops, [&](const LoopOp &op) { return op.kind == kind; });
  for (LoopOp &op : ops)
    eraseAll(op.ops, kind);
}

/// The edge loop of s2's only owner loop.
LoopOp &edgeLoopOf(LoopNest &nest) {
  for (LoopOp &op : nest.owners().ops)
    if (op.kind == LoopOp::EdgeLoop)
      return op;
  ADD_FAILURE() << "an owner loop without an edge loop";
  return nest.owners();
}

// --- The structure of the ops (Verifier::verifyOps).

TEST_F(VerifierTest, PerOwnerOpsAreOnlyInAnOwnersVisit) {
  ASSERT_NO_FATAL_FAILURE(compile(kPush));
  LoopNest &nest = variant(1).nest;
  LoopOp edges = edgeLoopOf(nest);
  nest.ops.push_back(edges); // an edge loop outside any owner loop
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: a per-owner op outside an "
                                  "owner's visit, or a loop inside one");
}

TEST_F(VerifierTest, AnOwnersVisitHasOneEdgeLoop) {
  ASSERT_NO_FATAL_FAILURE(compile(kPush));
  eraseAll(variant(1).nest.ops, LoopOp::EdgeLoop);
  EXPECT_EQ(verifyModule(module),
            "traversal 's2', variant SparsePush: an owner's visit without exactly one edge loop "
            "(an exchange: one combine of the parts and no edge loop)");
}

TEST_F(VerifierTest, TheFirstVersionedCopyPrefetches) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  LoopOp *versioned = const_cast<LoopOp *>(variant(0).nest.find(LoopOp::Versioned));
  ASSERT_TRUE(versioned && versioned->ops.size() == 2);
  for (LoopOp &op : versioned->ops[0].ops)
    op.prefetchesAhead = false; // neither copy prefetches now
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: versioned copies that are not "
                                  "two copies of one owner loop, the first prefetching");
}

TEST_F(VerifierTest, AFoldsPrologueAndEpilogueMatch) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  forEachOf(variant(0).nest, LoopOp::FoldEpilogue, [](LoopOp &op) {
    ASSERT_EQ(op.fold, FoldRegister::Stored);
    op.fold = FoldRegister::StoredIfChanged;
  });
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: a register fold whose "
                                  "prologue and epilogue do not match");
}

TEST_F(VerifierTest, OnlyARegionsLoopGoesOnWithoutWaiting) {
  ASSERT_NO_FATAL_FAILURE(compile(kPush));
  variant(1).nest.owners().nowait = true;
  EXPECT_EQ(verifyModule(module),
            "traversal 's2', variant SparsePush: a loop without a wait outside a parallel region "
            "of threads, or one there that waits");
}

TEST_F(VerifierTest, ARegionOfThreadsIsALoopThenItsDrain) {
  ASSERT_NO_FATAL_FAILURE(compile(kPushDynamic));
  LoopNest &nest = variant(1).nest;
  LoopOp region = makeOp(LoopOp::ParallelRegion);
  region.team = RegionTeam::Threads;
  region.ops = std::move(nest.ops); // the owner loop, without a bucket drain after it
  region.ops[0].nowait = true;
  nest.ops = {std::move(region)};
  EXPECT_EQ(verifyModule(module),
            "traversal 's2', variant SparsePush: a parallel region of threads other than a "
            "parallel owner loop then its bucket drain");
}

TEST_F(VerifierTest, BarriersAreOnlyInTheMergeTeam) {
  ASSERT_NO_FATAL_FAILURE(compile(kPush));
  variant(1).nest.ops.push_back(makeOp(LoopOp::Barrier));
  EXPECT_EQ(verifyModule(module),
            "traversal 's2', variant SparsePush: a barrier or exchange outside the merge team's "
            "later phases, or another op there");
}

TEST_F(VerifierTest, TheMergeTeamWalksWaitsThenExchanges) {
  ASSERT_NO_FATAL_FAILURE(compile(kMerge, /*exports=*/true));
  ASSERT_EQ(traversal(2).label, "s4");
  eraseAll(variant(2).nest.ops, LoopOp::Barrier);
  EXPECT_EQ(verifyModule(module), "traversal 's4', variant DensePull: the merge team's phases are "
                                  "not its walk, a barrier and the exchange");
}

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
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: a bool-array output several "
                                  "threads write needs shared adds");
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
