//===- VerifierDistributedTest.cpp - A pull overlapping its mirrors --------===//
//
// One test per check (see VerifierTest.cpp): what the mirror-overlap pass's
// loops and begun refreshes must keep (configDistribution with the ring).
//
//===----------------------------------------------------------------------===//
#include "VerifierTestFixture.h"

using namespace polyc;
using polyc::verifier_test::VerifierTest;

namespace {

// s1 pulls `next[dst] += rank[src]` over the ring: the pass overlaps it.
const char *kOverlapped = R"(program->configApplyDirection("s1", "DensePull")
       ->configApplyParallelization("s1", "dynamic-vertex-parallel")
       ->configApplyDirection("s2", "SparsePush")
       ->configDistribution("chunk-alpha");)";

/// The mirror overlaps of s1 (one per versioned copy).
std::vector<LoopOp *> overlapsOf(VariantPlan &v) {
  std::vector<LoopOp *> found;
  v.nest.forEach([&](LoopOp &op) {
    if (op.kind == LoopOp::MirrorOverlap)
      found.push_back(&op);
  });
  return found;
}

/// The refresh begun before s1.
RankExchange *begunRefresh(Module &module) {
  for (auto &[stmt, exchanges] : module.distribution->before)
    for (RankExchange &x : exchanges)
      if (x.overlapped)
        return &x;
  return nullptr;
}

class VerifierOverlapTest : public VerifierTest {
protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(compile(kOverlapped));
    ASSERT_EQ(overlapsOf(variant(0)).size(), 2u); // (the versioned copies)
    ASSERT_TRUE(begunRefresh(module));
  }
};

TEST_F(VerifierOverlapTest, AnOverlapNeedsSplitSources) {
  module.distribution->splitsSources = false;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: a mirror overlap without a "
                                  "chunk distribution whose parts cut their in-lists at the "
                                  "rank's range");
}

TEST_F(VerifierOverlapTest, AnOverlapNeedsARangePerRank) {
  module.distribution->how = Distribution::Metis;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: a mirror overlap without a "
                                  "chunk distribution whose parts cut their in-lists at the "
                                  "rank's range");
}

TEST_F(VerifierOverlapTest, AnOverlapAwaitsARefresh) {
  for (LoopOp *overlap : overlapsOf(variant(0)))
    overlap->awaited.clear();
  EXPECT_EQ(verifyModule(module),
            "traversal 's1', variant DensePull: a mirror overlap that awaits no refresh");
}

TEST_F(VerifierOverlapTest, AnOverlapIsTwoFoldLoops) {
  for (LoopOp *overlap : overlapsOf(variant(0)))
    overlap->ops.pop_back();
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: a mirror overlap that is "
                                  "not two fold loops, over the rank's vertices and over those "
                                  "with edges from mirrors");
}

TEST_F(VerifierOverlapTest, TheFirstLoopWalksTheOwnRun) {
  for (LoopOp *overlap : overlapsOf(variant(0)))
    overlap->ops[0].ops[1].bounds = EdgeBounds::OtherRankSources;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: a mirror overlap whose "
                                  "first loop does not defer its owners with edges from mirrors "
                                  "after their own sources' run, or whose second does not go on "
                                  "from the stored part over the mirrors' runs");
}

TEST_F(VerifierOverlapTest, OnlyAFilterlessFoldingPullOverlaps) {
  traversal(0).toFilter = traversal(1).toFilter;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: a mirror overlap outside a "
                                  "pull folding into its destinations' registers without a "
                                  "filter (not reassociating a float sum)");
}

TEST_F(VerifierOverlapTest, RankRunsOnlyInAnOverlap) {
  bool broke = false;
  variant(1).nest.forEach([&](LoopOp &op) {
    if (op.kind == LoopOp::EdgeLoop && !broke) {
      op.bounds = EdgeBounds::RankSources;
      op.hoistsEnd = false;
      broke = true;
    }
  });
  ASSERT_TRUE(broke);
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: an edge loop over a rank's "
                                  "runs, a deferral to mirrors, a loop over the vertices with "
                                  "edges from mirrors or a reset fold outside a mirror overlap");
}

TEST_F(VerifierOverlapTest, ABegunRefreshIsTheRingsLastBeforeItsStatement) {
  begunRefresh(module)->communication = Communication::Alltoallv;
  EXPECT_EQ(verifyModule(module), "rank exchanges: a begun exchange that is not the last refresh "
                                  "of mirrors by the ring before its statement");
}

TEST_F(VerifierOverlapTest, NoRefreshIsBegunAfterItsStatement) {
  RankExchange copy = *begunRefresh(module);
  module.distribution->after[module.distribution->before.begin()->first].push_back(copy);
  EXPECT_EQ(verifyModule(module), "rank exchanges: a refresh begun after its statement");
}

TEST_F(VerifierOverlapTest, EveryBegunRefreshIsFinished) {
  begunRefresh(module)->overlapped = false; // refreshed whole, yet the pull waits for it
  EXPECT_EQ(verifyModule(module), "rank exchanges: a refresh begun that no pull finishes, or one "
                                  "finished that was not begun");
}

// A sum over ranks (the distribution pass's ownedSums): vec.sum() of a
// distributed vector whose type sumOwned sums.
TEST_F(VerifierOverlapTest, ASumOverRanksSumsADistributedVector) {
  Decl *rank = nullptr;
  for (const auto &decl : program->decls)
    if (decl->name == "rank")
      rank = decl.get();
  ASSERT_TRUE(rank);
  auto name = std::make_unique<NameExpr>(llvm::SMLoc(), "rank");
  name->decl = rank;
  MethodCallExpr sum(llvm::SMLoc(), std::move(name), Method::Sum, {});
  sum.type = Type::scalar(Type::Double);
  module.distribution->ownedSums.insert(&sum);
  EXPECT_EQ(verifyModule(module), "");
  sum.type = Type::scalar(Type::Float); // kept in vertex order: gathered
  EXPECT_EQ(verifyModule(module), "the call 'sum': only the sum of a distributed int, uint_64 or "
                                  "double vector is summed over ranks");
  const std::string wrong = verifyModule(module);
  sum.type = Type::scalar(Type::Double);
  sum.methodKind = Method::Max;
  EXPECT_EQ(verifyModule(module), wrong);
  sum.methodKind = Method::Sum;
  llvm::erase(module.distribution->vectors, rank); // no copies on every rank
  EXPECT_EQ(verifyModule(module), wrong);
  module.distribution->ownedSums.clear();
}

// The Cartesian cut: s1 folds into next at destinations other ranks own
// (kPageRank's s2, which builds a frontier, does not fit it).
const char *kCartesian = R"(element Vertex end
element Edge end
const edges : edgeset{Edge}(Vertex, Vertex) = load(argv[1]);
const rank : vector{Vertex}(double) = 1.0;
const next : vector{Vertex}(double) = 0.0;
func update(src : Vertex, dst : Vertex)
    next[dst] += rank[src];
end
func main()
    #s1# edges.apply(update);
    print next.sum();
end
)";

class VerifierPartialsTest : public VerifierTest {
protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s1", "DensePull")
       ->configApplyParallelization("s1", "dynamic-vertex-parallel")
       ->configDistribution("cartesian");)", /*exports=*/false, kCartesian));
    ASSERT_TRUE(clear() && fold());
  }
  RankExchange *find(bool before, RankExchange::Kind kind) {
    for (auto &[stmt, exchanges] : before ? module.distribution->before : module.distribution->after)
      for (RankExchange &x : exchanges)
        if (x.kind == kind)
          return &x;
    return nullptr;
  }
  RankExchange *clear() { return find(true, RankExchange::ClearPartials); }
  RankExchange *fold() { return find(false, RankExchange::FoldPartials); }
};

TEST_F(VerifierPartialsTest, PartialsOnlyUnderTheCartesianCut) {
  EXPECT_EQ(verifyModule(module), "");
  module.distribution->how = Distribution::ChunkAlpha;
  for (const EdgeTraversalExpr *t : module.edgeTraversals) // (its pulls walk the rank's range)
    for (VariantPlan &v : const_cast<EdgeTraversalExpr *>(t)->variants)
      v.nest.forEach([](LoopOp &op) {
        if (op.owners == OwnerList::RankColumnRange)
          op.owners = OwnerList::RankRange;
      });
  EXPECT_EQ(verifyModule(module), "rank exchanges: partial sums outside the Cartesian cut, or "
                                  "cleared after (folded before) their traversal");
}

TEST_F(VerifierPartialsTest, PartialsAreClearedBeforeAndFoldedAfter) {
  auto &after = module.distribution->after.begin()->second;
  after.push_back(*clear());
  EXPECT_EQ(verifyModule(module), "rank exchanges: partial sums outside the Cartesian cut, or "
                                  "cleared after (folded before) their traversal");
}

TEST_F(VerifierPartialsTest, ClearedPartialsAreFolded) {
  fold()->fold = AssignOp::Min;
  EXPECT_EQ(verifyModule(module), "rank exchanges: partial sums cleared and not folded into "
                                  "their owners, or the reverse");
}

} // namespace
