//===- Sema.cpp - Declarations, scopes and the entry point ----------------===//
#include "polyc/Sema/Sema.h"

#include "SemaImpl.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;
using llvm::isa;

bool polyc::analyzeProgram(Program &program, DiagnosticEngine &diags) {
  unsigned errorsBefore = diags.errorCount();
  Sema(program, diags).run();
  return diags.errorCount() == errorsBefore;
}

// Top-level names are visible everywhere (functions may call functions
// declared later), so they are all declared before any body is checked.
bool Sema::run() {
  pushScope();
  declareTopLevel();
  for (auto &decl : program.decls) {
    if (auto *global = dyn_cast<VarDecl>(decl.get()))
      checkGlobal(*global);
    else if (auto *func = dyn_cast<FuncDecl>(decl.get()))
      checkFunction(*func);
  }
  recordElementCounts();
  popScope();
  return true;
}

void Sema::declareTopLevel() {
  for (auto &decl : program.decls) {
    if (!decl)
      continue;
    if (isa<VarDecl>(decl.get()))
      globalOrder[decl.get()] = globalOrder.size();
    declare(*decl);
  }
}

void Sema::declare(Decl &decl) {
  auto [it, inserted] = scopes.back().try_emplace(decl.name, &decl);
  if (inserted)
    return;
  diags.error(decl.loc, "redefinition of '" + decl.name + "'");
  diags.note(it->second->loc, "previous declaration is here");
}

Decl *Sema::lookup(llvm::StringRef name) const {
  for (auto scope = scopes.rbegin(); scope != scopes.rend(); ++scope) {
    auto it = scope->find(name);
    if (it != scope->end())
      return it->second;
  }
  return nullptr;
}

bool Sema::checkTypeWellFormed(const Type &type, llvm::SMLoc loc) {
  auto element = [&](const std::string &name) {
    Decl *d = lookup(name);
    if (d && isa<ElementDecl>(d))
      return true;
    if (d) {
      diags.error(loc, "'" + name + "' is not an element type");
      diags.note(d->loc, "'" + name + "' is declared here");
    } else if (reportedUnknownElements.insert(name).second) {
      diags.error(loc, "unknown element type '" + name + "'");
    }
    return false;
  };
  switch (type.kind) {
  case Type::Element:
  case Type::VertexSet:
    return element(type.element);
  case Type::EdgeSet: {
    bool ok = element(type.element) && element(type.srcElement) && element(type.dstElement);
    if (ok && type.value && !type.value->isNumeric()) {
      diags.error(loc, "edge weights must be numbers, not '" + type.value->str() + "'");
      return false;
    }
    return ok;
  }
  case Type::Vector:
    return element(type.element) && (!type.value || checkTypeWellFormed(*type.value, loc));
  case Type::FixedVector:
  case Type::List:
    return !type.value || checkTypeWellFormed(*type.value, loc);
  case Type::PriorityQueue:
    return element(type.element) && checkPriorityQueueType(type, loc);
  default:
    return true;
  }
}

bool Sema::hasUnusableSignature(const FuncDecl &func) const {
  for (const auto &param : func.params)
    if (unusableDecls.contains(param.get()))
      return true;
  return func.result && unusableDecls.contains(func.result.get());
}

void Sema::checkGlobal(VarDecl &global) {
  checkingGlobal = globalOrder.lookup(&global);
  checkVarDecl(global);
  checkingGlobal = SIZE_MAX;
}

void Sema::checkFunction(FuncDecl &func) {
  currentFunc = &func;
  pushScope();
  if (!func.boundParams.empty() && (func.isMain() || func.linkage != FuncDecl::Internal))
    diags.error(func.boundParams.front()->loc,
                "'" + func.name + "' cannot be a functor: " +
                    (func.isMain() ? "'main' takes no bound parameters"
                                   : "an exported function is called from C++"));
  for (auto &param : func.boundParams) {
    if (!checkTypeWellFormed(param->type, param->loc))
      unusableDecls.insert(param.get());
    declare(*param);
  }
  for (auto &param : func.params) {
    if (!checkTypeWellFormed(param->type, param->loc))
      unusableDecls.insert(param.get());
    declare(*param);
  }
  if (func.result) {
    if (!checkTypeWellFormed(func.result->type, func.result->loc))
      unusableDecls.insert(func.result.get());
    declare(*func.result);
  }
  if (func.isMain() && !func.params.empty())
    diags.error(func.params.front()->loc, "'main' must not take parameters");
  // The body shares the parameters' scope: `var a` beside a parameter `a`
  // is a redefinition, as in C++.
  for (StmtPtr &stmt : func.body)
    if (stmt)
      checkStmt(*stmt);
  popScope();
  currentFunc = nullptr;
}
