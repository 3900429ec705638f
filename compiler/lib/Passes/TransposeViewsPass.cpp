//===- TransposeViewsPass.cpp - Transposes that need not copy the graph --===//
//
// bc.gt's backward pass walks `var transposed_edges = edges.transpose();`.
// An undirected graph is its own transpose, and a copy of it (the whole CSR,
// inside the timed kernel) changes nothing when neither graph changes while
// the copy lives. This pass records such locals on the module; the emitter
// declares them as a reference to the graph itself when it is undirected
// (polyrt::transposeOf), and to a transposed copy only when it is directed.
//
// Conditions: the local's initialiser is `g.transpose()` with g a global
// edgeset that nothing in the program assigns; the local is never assigned,
// and every use of it is as the edges of a traversal or the receiver of a
// method that only reads (so nothing can change `g` through it).
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;

namespace {

/// Every occurrence of `local` in e is the edges of a traversal or the
/// receiver of a read-only method.
bool usedOnlyAsGraph(Expr &e, const Decl *local) {
  if (namesDecl(e, local))
    return false;
  if (auto *t = dyn_cast<EdgeTraversalExpr>(&e))
    return (namesDecl(*t->edges, local) || usedOnlyAsGraph(*t->edges, local)) &&
           (!t->from || usedOnlyAsGraph(*t->from, local));
  if (auto *m = dyn_cast<MethodCallExpr>(&e); m && namesDecl(*m->receiver, local)) {
    if (!isReadOnlyMethod(m->methodKind))
      return false;
    for (ExprPtr &arg : m->args)
      if (!usedOnlyAsGraph(*arg, local))
        return false;
    return true;
  }
  bool ok = true;
  forEachChild(e, [&](ExprPtr &child) { ok = ok && usedOnlyAsGraph(*child, local); });
  return ok;
}

/// The global edgeset a local's initialiser transposes, if it is one.
const VarDecl *transposedGlobal(const VarDecl &local) {
  auto *call = local.init ? dyn_cast<MethodCallExpr>(local.init.get()) : nullptr;
  if (!call || call->methodKind != Method::Transpose || !call->args.empty())
    return nullptr;
  auto *graph = dyn_cast<NameExpr>(call->receiver.get());
  auto *global = graph ? dyn_cast<VarDecl>(graph->decl) : nullptr;
  if (!global || global->storage != VarDecl::Global || global->type.kind != Type::EdgeSet)
    return nullptr;
  return global;
}

} // namespace

bool polyc::runTransposeViewsPass(Module &module, DiagnosticEngine &) {
  std::set<const Decl *> assigned;
  forEachStmt(*module.program, [&](Stmt &s) {
    if (auto *assign = dyn_cast<AssignStmt>(&s))
      assigned.insert(accessTarget(*assign->target).var);
  });
  for (const auto &decl : module.program->decls) {
    auto *func = dyn_cast<FuncDecl>(decl.get());
    if (!func)
      continue;
    forEachStmtIn(func->body, [&](Stmt &s) {
      auto *declaration = dyn_cast<VarDeclStmt>(&s);
      if (!declaration)
        return;
      const VarDecl &local = *declaration->decl;
      const VarDecl *global = transposedGlobal(local);
      if (!global || local.storage != VarDecl::Local || assigned.count(global) ||
          assigned.count(&local))
        return;
      bool onlyAsGraph = true;
      forEachStmtIn(func->body, [&](Stmt &other) {
        if (&other == &s)
          return;
        forEachDirectExpr(other, [&](ExprPtr &e) {
          onlyAsGraph = onlyAsGraph && usedOnlyAsGraph(*e, &local);
        });
      });
      if (onlyAsGraph)
        module.transposeViews.insert(&local);
    });
  }
  return true;
}

const Pass polyc::transposeViewsPass = {
    "transpose-views",
    "locals holding g.transpose() refer to g itself when g is undirected",
    TargetSet::all(), polyc::runTransposeViewsPass};
