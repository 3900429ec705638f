//===- BuiltinsTest.cpp - Builtins and methods are resolved once ---------===//
//
// Passes and the emitter compare the enums Sema stores on call nodes
// (AST/Builtins.h), never the spelling: each name must map to one enum and
// back, and after Sema every builtin call and method call must carry its
// enum, including the calls Sema itself inserts (atoi for argv, size()).
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/Builtins.h"
#include "polyc/Frontend/InlineSchedule.h"
#include "polyc/Frontend/Parser.h"
#include "polyc/IR/Clone.h"
#include "polyc/Sema/Sema.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <set>

using namespace polyc;

namespace {

TEST(BuiltinsTest, EachNameIsOneBuiltin) {
  std::set<std::string> names;
  for (int i = static_cast<int>(Builtin::None) + 1; i <= static_cast<int>(Builtin::IntConversion);
       ++i) {
    auto b = static_cast<Builtin>(i);
    llvm::StringRef name = builtinName(b);
    ASSERT_FALSE(name.empty()) << "builtin " << i << " has no name";
    EXPECT_TRUE(names.insert(name.str()).second) << name.str();
    EXPECT_EQ(builtinNamed(name), b) << name.str();
  }
  EXPECT_EQ(builtinNamed("Load"), Builtin::None); // names are case-sensitive
  EXPECT_EQ(builtinName(Builtin::None), "");
}

TEST(BuiltinsTest, EachNameIsOneMethod) {
  std::set<std::string> names;
  for (int i = static_cast<int>(Method::None) + 1;
       i <= static_cast<int>(Method::UpdatePrioritySum); ++i) {
    auto m = static_cast<Method>(i);
    llvm::StringRef name = methodName(m);
    ASSERT_FALSE(name.empty()) << "method " << i << " has no name";
    EXPECT_TRUE(names.insert(name.str()).second) << name.str();
    EXPECT_EQ(methodNamed(name), m) << name.str();
  }
  EXPECT_EQ(methodNamed("getOutDegre"), Method::None);
  EXPECT_EQ(methodName(Method::None), "");
}

const char *kProgram = R"(element Vertex end
element Edge end
const edges : edgeset{Edge}(Vertex, Vertex) = load(argv[1]);
const vertices : vertexset{Vertex} = edges.getVertices();
const degree : vector{Vertex}(int) = edges.getOutDegrees();
const dist : vector{Vertex}(int) = 2147483647;
func relax(src : Vertex, dst : Vertex)
    writeMin(dist, dst, dist[src] + 1);
end
func main()
    var rounds : int = argv[2];
    var start : int = atoi(argv[3]);
    var frontier : vertexset{Vertex} = new vertexset{Vertex}(0);
    frontier.addVertex(start);
    var n : int = frontier;
    var d : double = sqrt(to_double(edges.getOutDegree(start)));
    var big : int = max(degree.sum(), rounds);
    startTimer();
    var next : vertexset{Vertex} = edges.from(frontier).applyModified(relax, dist);
    var t : double = stopTimer();
end
)";

// Every call in kProgram is a builtin or a method: Sema must have resolved
// each one, and its enum must spell the name the node carries.
TEST(BuiltinsTest, SemaResolvesEveryCall) {
  llvm::SourceMgr sources;
  DiagnosticEngine diags{sources};
  ProgramBuffers buffers =
      addProgramBuffers(sources, llvm::MemoryBuffer::getMemBufferCopy(kProgram, "test.gt"));
  std::unique_ptr<Program> program = parseProgram(buffers.algorithm, diags);
  ASSERT_TRUE(program && analyzeProgram(*program, diags));
  std::set<Builtin> builtins;
  std::set<Method> methods;
  auto check = [&](Expr &e) {
    if (auto *call = llvm::dyn_cast<CallExpr>(&e)) {
      EXPECT_NE(call->builtin, Builtin::None) << call->callee;
      EXPECT_EQ(builtinName(call->builtin), call->callee);
      builtins.insert(call->builtin);
    } else if (auto *method = llvm::dyn_cast<MethodCallExpr>(&e)) {
      EXPECT_NE(method->methodKind, Method::None) << method->method;
      EXPECT_EQ(methodName(method->methodKind), method->method);
      methods.insert(method->methodKind);
    }
  };
  for (auto &decl : program->decls) {
    if (auto *var = llvm::dyn_cast<VarDecl>(decl.get()); var && var->init)
      forEachExprBelow(*var->init, check);
    if (auto *func = llvm::dyn_cast<FuncDecl>(decl.get()))
      forEachExprIn(func->body, check);
  }
  // Sema's own conversions: argv[2] read as an int, a vertexset as its size.
  EXPECT_TRUE(builtins.count(Builtin::Atoi));
  EXPECT_TRUE(methods.count(Method::Size));
  EXPECT_TRUE(builtins.count(Builtin::WriteMin));
  EXPECT_TRUE(builtins.count(Builtin::StopTimer));
  EXPECT_TRUE(methods.count(Method::ApplyModified));
  EXPECT_TRUE(methods.count(Method::From));
}

} // namespace
