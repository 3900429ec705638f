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
//   VerifierTest.cpp           the loop nests: their ops' structure
//                              (Verifier::verifyOps), the nest against its
//                              variant (Verifier::verifyNest)
//   VerifierWritesTest.cpp     writes, their synchronisation, deferred reductions
//   VerifierFoldsTest.cpp      register folds, source registers
//   VerifierFrontiersTest.cpp  traversal identity, directions' variants, frontier forms
//   VerifierNumaTest.cpp       NUMA, agents, replicas, par_for, edges placed on nodes
//   VerifierVertexTest.cpp     vertex traversals
//   VerifierModuleTest.cpp     names and the Module's side tables
//   VerifierDistributedTest.cpp a pull overlapping its mirrors (configDistribution)
//
//===----------------------------------------------------------------------===//
#include "VerifierTestFixture.h"

using namespace polyc;
using polyc::verifier_test::VerifierTest;

namespace {

// Schedules giving the loop shapes the tests break. s1 is a versioned pair
// of owner loops (stream-prefetch) unless segmented; s2 walks the frontier.
const char *kPush = R"(program->configApplyDirection("s2", "SparsePush");)";
const char *kPushStatic = R"(program->configApplyDirection("s2", "SparsePush")
       ->configApplyParallelization("s2", "static-vertex-parallel");)";
const char *kPushDynamic = R"(program->configApplyDirection("s2", "SparsePush")
       ->configApplyParallelization("s2", "dynamic-vertex-parallel");)";
const char *kPushEdges = R"(program->configApplyDirection("s2", "SparsePush")
       ->configApplyParallelization("s2", "edge-parallel");)";
const char *kPull = R"(program->configApplyDirection("s1", "DensePull")
       ->configApplyParallelization("s1", "dynamic-vertex-parallel");)";
const char *kSegments = R"(program->configApplyDirection("s1", "DensePull")
       ->configApplyParallelization("s1", "dynamic-vertex-parallel")
       ->configApplyNumSSG("s1", "fixed-vertex-count", 4, "DensePull");)";
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
                                  "two copies of one owner loop (or mirror overlap), the first "
                                  "prefetching");
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

// --- The nest against its variant (Verifier::verifyNest).

TEST_F(VerifierTest, ANestHasOneOwnerLoop) {
  ASSERT_NO_FATAL_FAILURE(compile(kPush));
  LoopNest &nest = variant(1).nest;
  LoopOp second = nest.owners();
  nest.ops.push_back(std::move(second));
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: the loop nest does not have "
                                  "one owner loop (two versioned copies; a mirror overlap's two "
                                  "loops)");
}

TEST_F(VerifierTest, SegmentsAreTheVariantsCacheBlocking) {
  ASSERT_NO_FATAL_FAILURE(compile(kSegments));
  LoopNest &nest = variant(0).nest;
  ASSERT_EQ(nest.ops.at(0).kind, LoopOp::Segments);
  LoopOp owners = nest.ops[0].ops.at(0);
  nest.ops[0] = std::move(owners); // the owner loop without its segment loop
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: the loop nest's segment loop "
                                  "does not match the variant's cache blocking");
}

TEST_F(VerifierTest, SourceValuesNeedAFoldOfTheSourceAlone) {
  ASSERT_NO_FATAL_FAILURE(compile(kMerge, /*exports=*/true));
  LoopNest &nest = variant(2).nest;
  ASSERT_EQ(nest.ops.at(0).kind, LoopOp::SourceValues);
  nest.ops.erase(nest.ops.begin());
  EXPECT_EQ(verifyModule(module),
            "traversal 's4', variant DensePull: per-source values without a fold whose value "
            "reads the source alone, or the reverse");
}

TEST_F(VerifierTest, OnlyAWholeListStopsEarly) {
  ASSERT_NO_FATAL_FAILURE(compile(kPushEdges));
  edgeLoopOf(variant(1).nest).stop = EdgeStop::AtOwner; // in a split range
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: an early stop on a loop other "
                                  "than the edge loop over an owner's whole neighbour list");
}

TEST_F(VerifierTest, PartialSumsOnlyInAPullsDoubleFold) {
  ASSERT_NO_FATAL_FAILURE(compile(kPush));
  edgeLoopOf(variant(1).nest).partialSums = 4; // a push without a fold
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: partial sums outside a pull's "
                                  "plain double += register fold in whole-owner tasks");
}

TEST_F(VerifierTest, EdgeBoundsFitTheOwnerLoopsTasks) {
  ASSERT_NO_FATAL_FAILURE(compile(kPush));
  edgeLoopOf(variant(1).nest).bounds = EdgeBounds::SplitRange; // in whole-owner tasks
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: an edge loop's bounds do not "
                                  "fit its owner loop's tasks");
}

TEST_F(VerifierTest, AnEdgeLoopTestsOnlyWhatItsTraversalHas) {
  ASSERT_NO_FATAL_FAILURE(compile(kPush));
  edgeLoopOf(variant(1).nest).testsSourceInFrontier = true; // pushing: the source is a member
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: an edge loop's body tests or "
                                  "exits on what its traversal does not have");
}

TEST_F(VerifierTest, VersionedCopiesWalkEveryVertexsWholeList) {
  ASSERT_NO_FATAL_FAILURE(compile(""));
  ASSERT_TRUE(variant(0).nest.find(LoopOp::Versioned));
  forEachOf(variant(0).nest, LoopOp::EdgeLoop, [](LoopOp &op) { op.stop = EdgeStop::AtOwner; });
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant SparsePush: a prefetch ahead outside the "
                                  "edge loop of an owner loop over every vertex's whole list");
}

TEST_F(VerifierTest, OnlyAVersionedCopyPrefetchesAhead) {
  ASSERT_NO_FATAL_FAILURE(compile(kPush));
  edgeLoopOf(variant(1).nest).prefetchesAhead = true;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: a prefetch ahead outside a "
                                  "versioned copy of the loop");
}

TEST_F(VerifierTest, FoldOpsOnlyForARegisterFold) {
  ASSERT_NO_FATAL_FAILURE(compile(kPush));
  std::vector<LoopOp> &perOwner = variant(1).nest.owners().ops;
  perOwner.insert(perOwner.begin(), makeOp(LoopOp::FoldPrologue));
  perOwner.push_back(makeOp(LoopOp::FoldEpilogue)); // a fold s2 does not have
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: a register fold without its "
                                  "prologue and epilogue, or the reverse");
}

TEST_F(VerifierTest, OwnerOffsetsArePrefetchedInDynamicChunks) {
  ASSERT_NO_FATAL_FAILURE(compile(kPushDynamic));
  LoopOp &owners = variant(1).nest.owners();
  ASSERT_TRUE(owners.prefetchesOwnerOffsets);
  owners.shape = LoopShape::Static;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: an owner-offsets prefetch "
                                  "outside a loop over a frontier list in dynamic chunks");
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

// configDistribution: a pull may walk only its rank's destinations; a push
// walks every source of its frontier, mirrors included.
TEST_F(VerifierTest, APullWalksItsRanksVertices) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s2", "DensePull")
       ->configApplyParallelization("s2", "dynamic-vertex-parallel");)"));
  module.distribution.emplace();
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant DensePull: the owner loop walks a "
                                  "list the variant's input does not give");
  variant(1).nest.owners().owners = OwnerList::RankRange;
  EXPECT_EQ(verifyModule(module), "");
  // Under hash and metis a rank's vertices are a list, not a range.
  module.distribution->how = Distribution::Hash;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant DensePull: the owner loop walks a "
                                  "list the variant's input does not give");
  variant(1).nest.owners().owners = OwnerList::RankListedVertices;
  EXPECT_EQ(verifyModule(module), "");
  module.distribution->how = Distribution::Metis; // (a list as well)
  EXPECT_EQ(verifyModule(module), "");
  // Under the Cartesian cut, its column's vertices.
  module.distribution->how = Distribution::Cartesian;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant DensePull: the owner loop walks a "
                                  "list the variant's input does not give");
  variant(1).nest.owners().owners = OwnerList::RankColumnRange;
  EXPECT_EQ(verifyModule(module), "");
  module.distribution->how = Distribution::ChunkAlpha;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant DensePull: the owner loop walks a "
                                  "list the variant's input does not give");
  variant(1).nest.owners().owners = OwnerList::RankRange;
  module.distribution.reset(); // one process: every vertex
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant DensePull: the owner loop walks a "
                                  "list the variant's input does not give");
}

TEST_F(VerifierTest, APushDoesNotWalkItsRanksVertices) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s2", "DensePush")
       ->configApplyParallelization("s2", "dynamic-vertex-parallel");)"));
  variant(1).nest.owners().owners = OwnerList::RankRange;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant DensePush: the owner loop walks a "
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


TEST_F(VerifierTest, TheMergeFormSplitsAPullsRegisterFold) {
  ASSERT_NO_FATAL_FAILURE(compile(kMerge, /*exports=*/true));
  VariantPlan &v = variant(2);
  ASSERT_TRUE(v.accumulation);
  v.accumulation.reset(); // and with it the fold's ops
  eraseAll(v.nest.ops, LoopOp::SourceValues);
  eraseAll(v.nest.ops, LoopOp::FoldPrologue);
  eraseAll(v.nest.ops, LoopOp::FoldEpilogue);
  EXPECT_EQ(verifyModule(module), "traversal 's4', variant DensePull: a NUMA merge without a pull's "
                                  "register fold to split");
}

TEST_F(VerifierTest, TheMergeFormHasItsMergePhase) {
  ASSERT_NO_FATAL_FAILURE(compile(kMerge, /*exports=*/true));
  LoopNest &nest = variant(2).nest;
  ASSERT_EQ(nest.ops.at(1).kind, LoopOp::ParallelRegion);
  LoopOp walk = nest.ops[1].ops.at(0);
  nest.ops[1] = std::move(walk); // the walk alone: no barrier, no exchange
  EXPECT_EQ(verifyModule(module), "traversal 's4', variant DensePull: a merge phase without the merge "
                                  "form, or the reverse");
}

TEST_F(VerifierTest, TheMergePhaseWalksNodeRanges) {
  ASSERT_NO_FATAL_FAILURE(compile(kMerge, /*exports=*/true));
  LoopOp *exchange = const_cast<LoopOp *>(variant(2).nest.exchange());
  ASSERT_TRUE(exchange);
  exchange->shape = LoopShape::Dynamic;
  EXPECT_EQ(verifyModule(module), "traversal 's4', variant DensePull: the merge phase must walk "
                                  "every node's own range (of this rank's vertices, distributed)");
  // configDistribution: the rank's vertices by node, and only then.
  exchange->shape = LoopShape::NodeChunks;
  exchange->owners = OwnerList::RankNodeRanges;
  EXPECT_EQ(verifyModule(module), "traversal 's4', variant DensePull: the merge phase must walk "
                                  "every node's own range (of this rank's vertices, distributed)");
  module.distribution.emplace();
  variant(2).numa->oneNode.owners().owners = OwnerList::RankRange;
  EXPECT_EQ(verifyModule(module), "");
}

// configDistribution with configApplyNUMA: a pull's node ranges are the rank's.
TEST_F(VerifierTest, ADistributedNumaPullWalksItsRanksVerticesByNode) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s2", "DensePull")
       ->configApplyNUMA("s2", "static-parallel");)"));
  ASSERT_EQ(variant(1).nest.owners().owners, OwnerList::NodeRanges);
  module.distribution.emplace();
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant DensePull: the owner loop walks a "
                                  "list the variant's input does not give");
  variant(1).nest.owners().owners = OwnerList::RankNodeRanges;
  // The loops it runs on one node: the rank's vertices too.
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant DensePull at one node: the owner "
                                  "loop walks a list the variant's input does not give");
  variant(1).numa->oneNode.owners().owners = OwnerList::RankRange;
  EXPECT_EQ(verifyModule(module), "");
}

TEST_F(VerifierTest, OnlyNodeRangesAreWalkedInNodeChunks) {
  ASSERT_NO_FATAL_FAILURE(compile(kPushStatic));
  variant(1).nest.owners().shape = LoopShape::NodeChunks;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: node ranges are walked in "
                                  "node chunks, and only they are");
}

TEST_F(VerifierTest, TheOwnerLoopIsParallelAsScheduled) {
  ASSERT_NO_FATAL_FAILURE(compile(kPushStatic));
  LoopOp &owners = variant(1).nest.owners();
  owners.shape = LoopShape::Serial;
  owners.serialWhenSmall = false; // (which only a parallel loop may have)
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: the owner loop's shape "
                                  "disagrees with the parallelization");
}

TEST_F(VerifierTest, EdgeRangesOnlyWhenEdgeParallel) {
  ASSERT_NO_FATAL_FAILURE(compile(kPushStatic));
  LoopNest &nest = variant(1).nest;
  nest.owners().shape = LoopShape::EdgeRanges;
  LoopOp &edges = edgeLoopOf(nest); // (bounds that fit the ranges)
  edges.bounds = EdgeBounds::SplitRange;
  edges.hoistsEnd = false;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: edge ranges without an "
                                  "edge-parallel schedule, or the reverse");
}

TEST_F(VerifierTest, OnlyAFrontierListStaysSerialWhenSmall) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  forEachOf(variant(0).nest, LoopOp::OwnerLoop, [](LoopOp &op) { op.serialWhenSmall = true; });
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: only a parallel walk of the "
                                  "frontier list can stay serial when small");
}

TEST_F(VerifierTest, OutputAddsNeedAnOutput) {
  ASSERT_NO_FATAL_FAILURE(compile(kPull));
  variant(0).nest.outputAdd = OutputAdd::AddShared;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: an output add without an output");
}

TEST_F(VerifierTest, SharedAddsOnlyToABoolArray) {
  ASSERT_NO_FATAL_FAILURE(compile(kPushDynamic));
  variant(1).nest.outputAdd = OutputAdd::AddShared; // to a sparse queue
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: a shared add to an output "
                                  "that is not a bool array");
}

TEST_F(VerifierTest, AddsNamingTheirThreadOnlyIntoPerThreadLists) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s2", "SparsePush")
       ->configApplyDataStructure("s2", "bool-array", "dst-vertexset")
       ->configApplyParallelization("s2", "static-vertex-parallel");)"));
  variant(1).nest.outputAdd = OutputAdd::AddFromThread; // to a bool array
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: an add naming its thread "
                                  "outside a push into per-thread lists");
}

// The fixture has no priority queue: these make a drain and rounds by hand
// on a push that cannot have them.
/// The push's owner loop copied as a bucket drain after it.
void addDrain(LoopNest &nest) {
  LoopOp drain = nest.owners();
  drain.kind = LoopOp::BucketDrain;
  nest.ops.push_back(drain);
}

TEST_F(VerifierTest, DrainAndRoundsOpsMatchTheNestsMarks) {
  ASSERT_NO_FATAL_FAILURE(compile(kPushStatic));
  addDrain(variant(1).nest); // without the bucket-fusion threshold
  EXPECT_EQ(verifyModule(module),
            "traversal 's2', variant SparsePush: a bucket drain or rounds op that the nest's "
            "bucket fusion and rounds do not name, or the reverse");
}

TEST_F(VerifierTest, OnlyAFusedPriorityPushDrainsItsBucket) {
  ASSERT_NO_FATAL_FAILURE(compile(kPushStatic));
  variant(1).nest.drainsCurrentBucket = ScheduleNumber{1000, -1, {}};
  addDrain(variant(1).nest);
  EXPECT_EQ(verifyModule(module),
            "traversal 's2', variant SparsePush: a bucket drain outside a fused priority "
            "traversal's push over the frontier list in vertex tasks");
}

TEST_F(VerifierTest, OnlyAnOrderedLoopRunsItsRoundsInOneRegion) {
  ASSERT_NO_FATAL_FAILURE(compile(kPushStatic));
  variant(1).nest.roundsInOneRegion = true;
  variant(1).nest.owners().kind = LoopOp::Rounds;
  EXPECT_EQ(verifyModule(module),
            "traversal 's2', variant SparsePush: rounds in one region outside an ordered loop's "
            "one sparse push in dynamic vertex tasks");
}

} // namespace
