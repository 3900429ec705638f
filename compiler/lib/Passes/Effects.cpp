//===- Effects.cpp - Per-function side effects ---------------------------===//
#include "polyc/Passes/Effects.h"
#include "polyc/AST/StmtWalk.h"

#include "llvm/Support/Casting.h"

using llvm::isa;

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;

const IndexExpr *polyc::elementIndex(const Expr &target) {
  // For latent[v][i] the element is latent[v]: peel the inner indices.
  const IndexExpr *index = dyn_cast<IndexExpr>(&target);
  while (index && isa<IndexExpr>(index->base.get()))
    index = cast<IndexExpr>(index->base.get());
  return index;
}

const VarDecl *polyc::writtenGlobal(const AssignStmt &assign) {
  const Expr *target = assign.target.get();
  if (const IndexExpr *index = elementIndex(*target))
    target = index->base.get();
  auto *name = dyn_cast<NameExpr>(target);
  auto *var = name ? dyn_cast_or_null<VarDecl>(name->decl) : nullptr;
  return var && (var->storage == VarDecl::Global || var->storage == VarDecl::Extern) ? var
                                                                                     : nullptr;
}

namespace {

// Methods that mutate shared containers or depend on order.
bool isOrderedMethod(Method m) {
  return m == Method::AddVertex || m == Method::Append || m == Method::Pop;
}
bool isOrderedBuiltin(Builtin f) { return f == Builtin::StartTimer || f == Builtin::StopTimer; }

struct DirectFacts {
  std::vector<AssignStmt *> globalWrites;
  std::vector<const FuncDecl *> callees;
  std::string serialReason;
};

void scanExpr(Expr &e, DirectFacts &facts) {
  if (auto *call = dyn_cast<CallExpr>(&e)) {
    if (call->func) {
      facts.callees.push_back(call->func);
      if (call->func->linkage == FuncDecl::Extern && facts.serialReason.empty())
        facts.serialReason = "calls the extern function '" + call->func->name + "'";
    } else if (isOrderedBuiltin(call->builtin) && facts.serialReason.empty()) {
      facts.serialReason = "calls " + call->callee + "()";
    }
  } else if (auto *method = dyn_cast<MethodCallExpr>(&e)) {
    if (isOrderedMethod(method->methodKind) && facts.serialReason.empty())
      facts.serialReason = "calls " + method->method + "()";
  }
  forEachChild(e, [&](ExprPtr &child) { scanExpr(*child, facts); });
}

DirectFacts scanFunction(const FuncDecl &func) {
  DirectFacts facts;
  if (func.linkage == FuncDecl::Extern)
    facts.serialReason = "is implemented outside the program";
  forEachStmtIn(func.body, [&](Stmt &s) {
    if (auto *assign = dyn_cast<AssignStmt>(&s))
      if (writtenGlobal(*assign))
        facts.globalWrites.push_back(assign);
    if (isa<PrintStmt>(s) && facts.serialReason.empty())
      facts.serialReason = "prints";
    if (isa<DeleteStmt>(s) && facts.serialReason.empty())
      facts.serialReason = "deletes a set";
    forEachDirectExpr(s, [&](ExprPtr &e) { scanExpr(*e, facts); });
  });
  return facts;
}

} // namespace

std::map<const FuncDecl *, FunctionEffects> polyc::analyzeEffects(const Program &program) {
  std::map<const FuncDecl *, DirectFacts> direct;
  for (const auto &decl : program.decls)
    if (auto *func = dyn_cast<FuncDecl>(decl.get()))
      direct[func] = scanFunction(*func);

  std::map<const FuncDecl *, FunctionEffects> effects;
  for (auto &[func, facts] : direct) {
    FunctionEffects &out = effects[func];
    out.globalWrites = facts.globalWrites;
    out.serialReason = facts.serialReason;
    // Everything reachable through calls; recursion terminates on `seen`.
    std::set<const FuncDecl *> seen{func};
    std::vector<const FuncDecl *> work(facts.callees.begin(), facts.callees.end());
    while (!work.empty()) {
      const FuncDecl *callee = work.back();
      work.pop_back();
      if (!seen.insert(callee).second)
        continue;
      const DirectFacts &calleeFacts = direct[callee];
      for (AssignStmt *w : calleeFacts.globalWrites)
        out.globalsWrittenByCallees.insert(writtenGlobal(*w)->name);
      if (out.serialReason.empty() && !calleeFacts.serialReason.empty())
        out.serialReason = "calls '" + callee->name + "', which " + calleeFacts.serialReason;
      work.insert(work.end(), calleeFacts.callees.begin(), calleeFacts.callees.end());
    }
    if (out.serialReason.empty() && !out.globalsWrittenByCallees.empty())
      out.serialReason = "calls a function that writes '" +
                         *out.globalsWrittenByCallees.begin() + "'";
  }
  return effects;
}

std::set<const FuncDecl *> polyc::functionsCalledFrom(const Program &program,
                                                      const std::set<const FuncDecl *> &roots) {
  std::map<const FuncDecl *, std::vector<const FuncDecl *>> callees;
  for (const auto &decl : program.decls)
    if (auto *func = dyn_cast<FuncDecl>(decl.get()))
      callees[func] = scanFunction(*func).callees;
  std::set<const FuncDecl *> reached;
  std::vector<const FuncDecl *> work(roots.begin(), roots.end());
  while (!work.empty()) {
    const FuncDecl *func = work.back();
    work.pop_back();
    if (!reached.insert(func).second)
      continue;
    auto it = callees.find(func);
    if (it != callees.end())
      work.insert(work.end(), it->second.begin(), it->second.end());
  }
  return reached;
}
