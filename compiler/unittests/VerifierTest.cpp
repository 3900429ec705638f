//===- VerifierTest.cpp - The IR verifier catches broken IR --------------===//
//
// Every lit test runs polyc with --verify-each, but a correct compiler never
// hands the verifier a broken IR. These tests compile a program, then break
// one invariant by hand, and check that the verifier names it.
//
//===----------------------------------------------------------------------===//
#include "polyc/Frontend/InlineSchedule.h"
#include "polyc/Frontend/Parser.h"
#include "polyc/IR/IR.h"
#include "polyc/Passes/Pass.h"
#include "polyc/Schedule/Schedule.h"
#include "polyc/Sema/Sema.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace polyc;

namespace {

const char *kPageRank = R"(element Vertex end
element Edge end
const edges : edgeset{Edge}(Vertex, Vertex) = load(argv[1]);
const vertices : vertexset{Vertex} = edges.getVertices();
const rank : vector{Vertex}(double) = 1.0;
const next : vector{Vertex}(double) = 0.0;
const parent : vector{Vertex}(int) = -1;
func update(src : Vertex, dst : Vertex)
    next[dst] += rank[src];
end
func toFilter(v : Vertex) -> output : bool
    output = parent[v] == -1;
end
func claim(src : Vertex, dst : Vertex)
    parent[dst] = src;
end
func main()
    #s1# edges.apply(update);
    var frontier : vertexset{Vertex} = new vertexset{Vertex}(0);
    frontier.addVertex(0);
    #s2# var output : vertexset{Vertex} = edges.from(frontier).to(toFilter).applyModified(claim, parent, true);
end
)";

/// Compiles kPageRank under `schedule` through every pass.
class VerifierTest : public ::testing::Test {
protected:
  llvm::SourceMgr sources;
  DiagnosticEngine diags{sources};
  std::unique_ptr<Program> program;
  Module module;

  // Callers wrap it in ASSERT_NO_FATAL_FAILURE: a program that does not
  // compile must stop the test before it breaks anything.
  void compile(const std::string &schedule, bool exports = false) {
    // An export function makes the program a library too (hasExportFunctions).
    std::string text = std::string(kPageRank) +
                       (exports ? "const indegree : vector{Vertex}(int) = 0;\n"
                                  "func reset(v : Vertex)\n    next[v] = 0.0;\nend\n"
                                  "func countIn(src : Vertex, dst : Vertex)\n"
                                  "    indegree[dst] += 1;\nend\n"
                                  "export func one() -> n : int\n    #s3# vertices.apply(reset);\n"
                                  "    #s4# edges.apply(countIn);\n    n = 1;\nend\n"
                                : "") +
                       "schedule:\n" + schedule + "\n";
    ProgramBuffers buffers =
        addProgramBuffers(sources, llvm::MemoryBuffer::getMemBufferCopy(text, "test.gt"));
    program = parseProgram(buffers.algorithm, diags);
    ASSERT_TRUE(program && analyzeProgram(*program, diags));
    std::optional<ScheduleFile> file = parseSchedule(buffers.inlineSchedule, diags);
    ASSERT_TRUE(file);
    std::optional<Schedule> validated = validateSchedule(*file, *program, diags);
    ASSERT_TRUE(validated);
    ASSERT_TRUE(lowerToIR(*program, std::move(*validated), module, diags));
    PipelineOptions options;
    options.verifyEach = true;
    ASSERT_TRUE(runPassPipeline(module, diags, options));
    ASSERT_EQ(diags.errorCount(), 0u);
    ASSERT_EQ(verifyModule(module), "");
  }
  VariantPlan &variant(size_t traversal, size_t v = 0) {
    return module.edgeTraversals.at(traversal)->variants.at(v);
  }
};

TEST_F(VerifierTest, PlainWriteOthersShare) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s1", "DensePush")
       ->configApplyParallelization("s1", "dynamic-vertex-parallel");)"));
  ASSERT_EQ(variant(0).writes.size(), 1u);
  EXPECT_EQ(variant(0).writes[0].sync, WriteSync::Atomic);
  variant(0).writes[0].sync = WriteSync::Plain;
  EXPECT_EQ(verifyModule(module),
            "traversal 's1', variant DensePush: a plain write to 'next' that other threads may share");
}

TEST_F(VerifierTest, OwnedWriteUnderEdgeParallel) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s1", "DensePull")
       ->configApplyParallelization("s1", "edge-parallel");)"));
  EXPECT_EQ(variant(0).writes[0].sync, WriteSync::Atomic);
  variant(0).writes[0].sync = WriteSync::Plain; // dst is owned, but its edges are split
  EXPECT_NE(verifyModule(module).find("a plain write to 'next'"), std::string::npos);
}

TEST_F(VerifierTest, VariantsOutOfOrder) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s2", "SparsePush-DensePull");)"));
  EdgeTraversalExpr &t = *module.edgeTraversals.at(1);
  ASSERT_EQ(t.variants.size(), 2u);
  std::swap(t.variants[0], t.variants[1]);
  EXPECT_EQ(verifyModule(module),
            "traversal 's2': its variants are not those of its direction, in order");
}

TEST_F(VerifierTest, LoopNestMustFitTheVariant) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s2", "SparsePush")
       ->configApplyParallelization("s2", "dynamic-vertex-parallel");)"));
  ForLoop &owners = variant(1).nest.loops.front();
  ASSERT_EQ(owners.kind, ForLoop::Owners);
  EXPECT_EQ(owners.owners, OwnerList::FrontierList);
  EXPECT_TRUE(owners.serialWhenSmall);
  owners.prefetchesOwnerOffsets = false; // (which only a frontier list may have)
  owners.owners = OwnerList::AllVertices;
  EXPECT_EQ(verifyModule(module), "traversal 's2', variant SparsePush: the owner loop walks a "
                                  "list the variant's input does not give");
  owners.owners = OwnerList::FrontierList;
  variant(1).nest.loops.back().shape = LoopShape::Dynamic;
  EXPECT_EQ(verifyModule(module),
            "traversal 's2', variant SparsePush: only the owner loop may be parallel");
}

TEST_F(VerifierTest, OwnWordAddsNeedWholeWords) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s2", "DensePull")
       ->configApplyDenseVertexSet("s2", "bitvector", "dst-vertexset", "DensePull")
       ->configApplyParallelization("s2", "dynamic-vertex-parallel", 1024);)"));
  EXPECT_EQ(variant(1).nest.outputAdd, OutputAdd::AddToOwnWord);
  variant(1).nest.loops.front().grain.value = 100; // chunks cut words
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

TEST_F(VerifierTest, ReplicaReadsNeedReplicasAndNoWrites) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s1", "DensePull");
program->configDataPlacement("rank", "replicated");)"));
  EdgeTraversalExpr &s1 = *module.edgeTraversals.at(0);
  ASSERT_EQ(s1.replicaReads.size(), 1u);
  const VarDecl *rank = s1.replicaReads[0];
  EXPECT_EQ(rank->name, "rank");
  EXPECT_EQ(verifyModule(module), "");
  // Reading the copies of a vector that the traversal writes: they are a
  // snapshot, so its own writes would not be seen.
  s1.replicaReads.push_back(module.edgeTraversals.at(1)->trackedVector); // parent
  module.placements[s1.replicaReads[1]] = DataPlacement::Replicated;
  s1.variants[0].writes[0].target = "parent";
  EXPECT_EQ(verifyModule(module),
            "traversal 's1': reads replicas of 'parent', which it writes");
  s1.replicaReads.pop_back();
  module.placements.erase(rank);
  EXPECT_EQ(verifyModule(module), "traversal 's1': reads 'rank' from replicas it does not have");
}

TEST_F(VerifierTest, OnlyALibrarysParallelOwnerLoopsCatchErrors) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s1", "DensePull")
       ->configApplyParallelization("s1", "dynamic-vertex-parallel");)",
                                  /*exports=*/true));
  LoopNest &nest = variant(0).nest;
  ASSERT_TRUE(nest.owners().catchesErrors);
  EXPECT_FALSE(nest.loops.back().catchesErrors);
  nest.loops.back().catchesErrors = true; // the edge loop
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: a loop other than a "
                                  "parallel owner loop catches its tasks' errors");
  nest.loops.back().catchesErrors = false;
  nest.loops.front().shape = LoopShape::Serial;
  variant(0).loop.parallelization = Parallelization::Serial;
  EXPECT_EQ(verifyModule(module), "traversal 's1', variant DensePull: a loop other than a "
                                  "parallel owner loop catches its tasks' errors");
}

TEST_F(VerifierTest, AStandaloneProgramsLoopsDoNotCatchErrors) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyDirection("s1", "DensePull")
       ->configApplyParallelization("s1", "dynamic-vertex-parallel");)"));
  LoopNest &nest = variant(0).nest;
  ASSERT_FALSE(nest.owners().catchesErrors);
  const_cast<ForLoop &>(nest.owners()).catchesErrors = true;
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
  ASSERT_TRUE(nest.merge && nest.merge->catchesErrors && nest.owners().catchesErrors);
  nest.merge->catchesErrors = false;
  EXPECT_EQ(verifyModule(module), "traversal 's4', variant DensePull: the merge phase and the "
                                  "owner loop disagree on catching errors");
}

TEST_F(VerifierTest, OnlyALibrarysParallelVertexLoopsCatchErrors) {
  ASSERT_NO_FATAL_FAILURE(compile(R"(program->configApplyParallelization("s3", "dynamic-vertex-parallel");)",
                                  /*exports=*/true));
  ASSERT_EQ(module.vertexTraversals.size(), 1u);
  VertexTraversalExpr &u = *module.vertexTraversals.front();
  ASSERT_TRUE(u.catchesErrors);
  u.loop.parallelization = Parallelization::Serial;
  u.serialWhenSmall = false; // (which only a parallel loop may be)
  EXPECT_EQ(verifyModule(module), "traversal 's3': catches its tasks' errors, but is serial or "
                                  "in a program without export functions");
}

TEST_F(VerifierTest, PipelineStopsAtTheFirstViolation) {
  // The pipeline runs the verifier after each pass when asked: a module that
  // is broken before the first pass fails after it, with that pass named.
  ASSERT_NO_FATAL_FAILURE(compile(""));
  module.edgeTraversals.at(0)->name = module.edgeTraversals.at(1)->name;
  PipelineOptions options;
  options.verifyEach = true;
  unsigned before = diags.errorCount();
  EXPECT_FALSE(runPassPipeline(module, diags, options));
  EXPECT_EQ(diags.errorCount(), before + 1);
}

} // namespace
