//===- StmtWalk.cpp - Walks that are not templates ----------------------===//
#include "polyc/AST/StmtWalk.h"

using namespace polyc;

void polyc::collectNames(Expr &e, std::set<const Decl *> &names) {
  if (auto *name = llvm::dyn_cast<NameExpr>(&e))
    names.insert(name->decl);
  forEachChild(e, [&](ExprPtr &child) { collectNames(*child, names); });
}

bool polyc::namesDecl(const Expr &e, const Decl *decl) {
  auto *name = llvm::dyn_cast<NameExpr>(&e);
  return name && name->decl == decl;
}

bool polyc::mentions(Expr &e, const Decl *decl) {
  if (namesDecl(e, decl))
    return true;
  bool found = false;
  forEachChild(e, [&](ExprPtr &child) { found = found || mentions(*child, decl); });
  return found;
}

bool polyc::assignsName(const Block &block, const Decl *decl) {
  bool assigned = false;
  forEachStmtIn(block, [&](Stmt &s) {
    if (auto *assign = llvm::dyn_cast<AssignStmt>(&s))
      assigned = assigned || namesDecl(*assign->target, decl);
  });
  return assigned;
}
