//===- VerifierTestFixture.h - A compiled module to break by hand ---------===//
//
// Shared by the Verifier*Test.cpp files: every test compiles kPageRank under
// a schedule, checks that the verifier accepts the result, then breaks one
// invariant. The fixture lives in a named namespace because GoogleTest
// requires one fixture class per suite across translation units.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_UNITTESTS_VERIFIERTESTFIXTURE_H
#define POLYC_UNITTESTS_VERIFIERTESTFIXTURE_H

#include "polyc/Frontend/InlineSchedule.h"
#include "polyc/Frontend/Parser.h"
#include "polyc/IR/IR.h"
#include "polyc/Passes/Pass.h"
#include "polyc/Schedule/Schedule.h"
#include "polyc/Sema/Sema.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

namespace polyc::verifier_test {

// s1 folds into next (a pull's register fold, a push's atomic add); s2 claims
// parent from a frontier (BFS); with exports, s3 is a vertex apply writing
// next and s4 another edge apply.
inline const char *kPageRank = R"(element Vertex end
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
  void compile(const std::string &schedule, bool exports = false,
               const char *algorithm = kPageRank) {
    // An export function makes the program a library too (hasExportFunctions).
    std::string text = std::string(algorithm) +
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
  EdgeTraversalExpr &traversal(size_t t) { return *module.edgeTraversals.at(t); }
  VariantPlan &variant(size_t t, size_t v = 0) { return traversal(t).variants.at(v); }
  /// The vertex apply s3 (compiled with exports).
  VertexTraversalExpr &vertexApply() { return *module.vertexTraversals.at(0); }
  /// The global `name` of kPageRank.
  VarDecl *global(llvm::StringRef name) {
    for (const auto &decl : program->decls)
      if (auto *var = llvm::dyn_cast<VarDecl>(decl.get()); var && var->name == name)
        return var;
    ADD_FAILURE() << "no global " << name.str();
    return nullptr;
  }
  /// `edges.getVertices()`, a graph query that is neither getOutDegree nor
  /// getOutNeighbor.
  MethodCallExpr *getVertices() { return llvm::cast<MethodCallExpr>(global("vertices")->init.get()); }
};

} // namespace polyc::verifier_test

#endif
