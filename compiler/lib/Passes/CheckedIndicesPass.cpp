//===- CheckedIndicesPass.cpp - Range checks where the index may be the user's ===//
//
// polyrt::VertexArray does not check its indices: the traversals' loops read
// and write elements at vertex ids that come from the graph, billions of
// times. The program's serial code is different: `SP[start_vertex] = 0;` in
// main writes at a number from the command line, and a number that is no
// vertex of the graph would write outside the vector. This pass marks every
// vector access of the code that runs serially so that the emitter checks its
// index (polyrt::checkedAt, "vertex 64 is not a vertex of graph.sg (62
// vertices)"):
//
//  - every function that no traversal applies (as its function or either
//    filter) and that no applied function calls, directly or through others:
//    main and its helpers, exported functions;
//  - the initialisers of the globals.
//
// A function named anywhere other than in a call (given to a method, a
// functor) counts as applied. A helper that both main and an applied function
// call is left unchecked: it runs in a traversal's loop. The decision is
// recorded in Module::checkedIndices (and, for the element that writeMin and
// compareAndSwap update and the vertex addVertex adds, checkedAtomicIndices
// and checkedStartVertices); the emitter only reads it. Accesses
// whose index a loop over a vertexset keeps in range are not checked
// (provablyInRange): the print loops every program ends with.
//
//===----------------------------------------------------------------------===//
#include "polyc/IR/Clone.h"
#include "polyc/Passes/Effects.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

#include <optional>

using namespace polyc;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;

namespace {

/// The functions traversals run in their loops: those they apply and those
/// named other than by a call.
std::set<const FuncDecl *> appliedFunctions(const Module &module) {
  std::set<const FuncDecl *> roots;
  auto add = [&](const FuncDecl *f) {
    if (f)
      roots.insert(f);
  };
  for (const EdgeTraversalExpr *t : module.edgeTraversals) {
    add(t->applyFunc);
    add(t->toFilter);
    add(t->srcFilter);
  }
  for (const VertexTraversalExpr *t : module.vertexTraversals)
    add(t->func);
  for (const FuncDecl *f : module.summedFolders)
    add(f);
  const Program &program = *module.program;
  auto namedFunctions = [&](Expr &e) {
    if (auto *name = dyn_cast<NameExpr>(&e)) {
      if (auto *f = dyn_cast_or_null<FuncDecl>(name->decl))
        add(f);
      else if (!name->decl)
        add(program.findFunc(name->name));
    } else if (auto *functor = dyn_cast<FunctorExpr>(&e)) {
      add(functor->func);
    }
  };
  for (const auto &decl : program.decls) {
    if (auto *func = dyn_cast<FuncDecl>(decl.get()))
      forEachExprIn(func->body, namedFunctions);
    else if (auto *var = dyn_cast<VarDecl>(decl.get()); var && var->init)
      forEachExprBelow(*var->init, namedFunctions);
  }
  return functionsCalledFrom(program, roots);
}

/// The accesses `x[i]` that need no check: i is the variable of a loop
/// `for i in 0 : S.size()` over a vertexset S of x's element, which nothing
/// in the loop assigns, in a loop that assigns no edgeset (which could change
/// the element count). Every print loop of a program is one, and its elements
/// are in range by construction: 0 <= i < S.size() <= the element count.
std::set<const IndexExpr *> provablyInRange(const Block &body) {
  std::set<const IndexExpr *> inRange;
  forEachStmtIn(body, [&](Stmt &s) {
    auto *loop = dyn_cast<ForStmt>(&s);
    auto *lo = loop ? dyn_cast<IntLitExpr>(loop->lo.get()) : nullptr;
    auto *hi = loop ? dyn_cast<MethodCallExpr>(loop->hi.get()) : nullptr;
    if (!lo || lo->value != 0 || !hi || hi->methodKind != Method::Size || !hi->args.empty() ||
        hi->receiver->type.kind != Type::VertexSet)
      return;
    const std::string &element = hi->receiver->type.element;
    bool safe = true;
    forEachStmtIn(loop->body, [&](Stmt &inner) {
      auto *assign = dyn_cast<AssignStmt>(&inner);
      if (!assign)
        return;
      auto *target = dyn_cast<NameExpr>(assign->target.get());
      if ((target && target->decl == loop->var.get()) ||
          assign->target->type.kind == Type::EdgeSet)
        safe = false;
    });
    if (!safe)
      return;
    forEachExprIn(loop->body, [&](Expr &e) {
      auto *index = dyn_cast<IndexExpr>(&e);
      auto *at = index ? dyn_cast<NameExpr>(index->index.get()) : nullptr;
      if (at && at->decl == loop->var.get() && index->base->type.kind == Type::Vector &&
          index->base->type.element == element)
        inRange.insert(index);
    });
  });
  return inRange;
}

} // namespace

bool polyc::runCheckedIndicesPass(Module &module, DiagnosticEngine &) {
  module.checkedIndices.clear();
  module.checkedAtomicIndices.clear();
  module.checkedStartVertices.clear();
  module.checkedVertexArguments.clear();
  const Program &program = *module.program;
  // A per-vertex vector is one of an element some edgeset has as its source
  // or destination: a bad index is then named as no vertex of the loaded graph.
  std::set<std::string> vertexElements;
  for (const auto &decl : program.decls)
    if (auto *var = dyn_cast<VarDecl>(decl.get()); var && var->type.kind == Type::EdgeSet)
      vertexElements.insert({var->type.srcElement, var->type.dstElement});
  std::set<const IndexExpr *> inRange;
  const std::set<const FuncDecl *> applied = appliedFunctions(module);
  auto checkOf = [&](const Type &vector) -> std::optional<IndexCheck> {
    if (vector.kind == Type::Vector)
      return vertexElements.count(vector.element) ? IndexCheck::Vertex : IndexCheck::Position;
    if (vector.kind == Type::FixedVector)
      return IndexCheck::Position;
    return std::nullopt;
  };
  auto check = [&](Expr &e) {
    if (auto *index = dyn_cast<IndexExpr>(&e); index && !inRange.count(index)) {
      if (auto how = checkOf(index->base->type))
        module.checkedIndices[index] = *how;
    } else if (auto *call = dyn_cast<CallExpr>(&e);
               call &&
               (call->builtin == Builtin::WriteMin || call->builtin == Builtin::CompareAndSwap) &&
               call->args.size() >= 2) {
      if (auto how = checkOf(call->args[0]->type))
        module.checkedAtomicIndices[call] = *how;
    } else if (auto *method = dyn_cast<MethodCallExpr>(&e);
               method && method->methodKind == Method::AddVertex &&
               method->receiver->type.kind == Type::VertexSet) {
      module.checkedStartVertices.insert(method);
    }
    // A vertex handed to a function that runs in traversals' loops, whose
    // accesses are plain: a number from the command line would index out
    // of bounds there, so it is checked here.
    if (auto *call = dyn_cast<CallExpr>(&e); call && call->func && applied.count(call->func))
      for (size_t i = 0; i < call->args.size() && i < call->func->params.size(); ++i) {
        const Type &param = call->func->params[i]->type;
        if (param.kind == Type::Element && vertexElements.count(param.element))
          module.checkedVertexArguments.insert(call->args[i].get());
      }
  };

  for (const auto &decl : program.decls) {
    if (auto *func = dyn_cast<FuncDecl>(decl.get())) {
      if (func->linkage != FuncDecl::Extern && !applied.count(func)) {
        inRange = provablyInRange(func->body);
        forEachExprIn(func->body, check);
      }
    } else if (auto *var = dyn_cast<VarDecl>(decl.get()); var && var->init) {
      forEachExprBelow(*var->init, check);
    }
  }
  return true;
}

const Pass polyc::checkedIndicesPass = {
    "checked-indices",
    "vector accesses in serial code check their index; applied functions' do not",
    TargetSet::all(), polyc::runCheckedIndicesPass};
