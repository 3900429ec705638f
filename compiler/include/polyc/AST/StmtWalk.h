//===- StmtWalk.h - Visiting every statement or expression ------*- C++ -*-===//
#ifndef POLYC_AST_STMTWALK_H
#define POLYC_AST_STMTWALK_H

#include "polyc/AST/AST.h"

#include "llvm/Support/Casting.h"

#include <set>

namespace polyc {

/// Calls fn on every statement of block, pre-order, nested blocks included.
template <typename Fn> void forEachStmtIn(const Block &block, Fn &&fn) {
  for (const StmtPtr &s : block) {
    fn(*s);
    if (auto *i = llvm::dyn_cast<IfStmt>(s.get())) {
      for (const IfStmt::Branch &b : i->branches)
        forEachStmtIn(b.body, fn);
      forEachStmtIn(i->elseBody, fn);
    } else if (auto *w = llvm::dyn_cast<WhileStmt>(s.get())) {
      forEachStmtIn(w->body, fn);
    } else if (auto *d = llvm::dyn_cast<DoWhileStmt>(s.get())) {
      forEachStmtIn(d->body, fn);
    } else if (auto *f = llvm::dyn_cast<ForStmt>(s.get())) {
      forEachStmtIn(f->body, fn);
    }
  }
}

/// Calls fn on every statement of every function of the program.
template <typename Fn> void forEachStmt(const Program &program, Fn &&fn) {
  for (const auto &decl : program.decls)
    if (auto *func = llvm::dyn_cast<FuncDecl>(decl.get()))
      forEachStmtIn(func->body, fn);
}

/// Calls fn on each block a statement holds directly (bodies, branches).
template <typename Fn> void forEachNestedBlock(Stmt &s, Fn &&fn) {
  if (auto *b = llvm::dyn_cast<IfStmt>(&s)) {
    for (IfStmt::Branch &branch : b->branches)
      fn(branch.body);
    fn(b->elseBody);
  } else if (auto *w = llvm::dyn_cast<WhileStmt>(&s)) {
    fn(w->body);
  } else if (auto *d = llvm::dyn_cast<DoWhileStmt>(&s)) {
    fn(d->body);
  } else if (auto *f = llvm::dyn_cast<ForStmt>(&s)) {
    fn(f->body);
  }
}

/// Calls fn on every block of every function of the program: each body,
/// then the blocks nested in it, pre-order.
template <typename Fn> void forEachBlock(const Program &program, Fn &&fn) {
  for (const auto &decl : program.decls) {
    auto *func = llvm::dyn_cast<FuncDecl>(decl.get());
    if (!func)
      continue;
    fn(func->body);
    forEachStmtIn(func->body, [&](Stmt &s) { forEachNestedBlock(s, fn); });
  }
}

/// The expressions a statement holds directly (not those of nested blocks).
template <typename Fn> void forEachDirectExpr(Stmt &s, Fn &&fn) {
  auto visit = [&](ExprPtr &e) {
    if (e)
      fn(e);
  };
  switch (s.getKind()) {
  case Stmt::VarDecl: visit(llvm::cast<VarDeclStmt>(s).decl->init); break;
  case Stmt::Assign:
    visit(llvm::cast<AssignStmt>(s).target);
    visit(llvm::cast<AssignStmt>(s).value);
    break;
  case Stmt::ExprStmt: visit(llvm::cast<ExprStmtNode>(s).expr); break;
  case Stmt::If:
    for (IfStmt::Branch &b : llvm::cast<IfStmt>(s).branches)
      visit(b.cond);
    break;
  case Stmt::While: visit(llvm::cast<WhileStmt>(s).cond); break;
  case Stmt::DoWhile: visit(llvm::cast<DoWhileStmt>(s).cond); break;
  case Stmt::For:
    visit(llvm::cast<ForStmt>(s).lo);
    visit(llvm::cast<ForStmt>(s).hi);
    break;
  case Stmt::Print: visit(llvm::cast<PrintStmt>(s).value); break;
  case Stmt::Delete: visit(llvm::cast<DeleteStmt>(s).value); break;
  case Stmt::Break:
  case Stmt::Return: break;
  }
}

/// The direct subexpressions of an AST expression (IR-only kinds excluded).
template <typename Fn> void forEachChild(Expr &e, Fn &&fn) {
  auto visit = [&](ExprPtr &c) {
    if (c)
      fn(c);
  };
  switch (e.getKind()) {
  case Expr::Unary: visit(llvm::cast<UnaryExpr>(e).operand); break;
  case Expr::Binary:
    visit(llvm::cast<BinaryExpr>(e).lhs);
    visit(llvm::cast<BinaryExpr>(e).rhs);
    break;
  case Expr::Call:
    visit(llvm::cast<CallExpr>(e).functor);
    for (ExprPtr &a : llvm::cast<CallExpr>(e).args)
      visit(a);
    break;
  case Expr::MethodCall:
    visit(llvm::cast<MethodCallExpr>(e).receiver);
    for (ExprPtr &a : llvm::cast<MethodCallExpr>(e).args)
      visit(a);
    break;
  case Expr::Index:
    visit(llvm::cast<IndexExpr>(e).base);
    visit(llvm::cast<IndexExpr>(e).index);
    break;
  case Expr::New:
    for (ExprPtr &a : llvm::cast<NewExpr>(e).args)
      visit(a);
    break;
  case Expr::VectorLit:
    for (ExprPtr &a : llvm::cast<VectorLitExpr>(e).elements)
      visit(a);
    break;
  case Expr::Functor:
    for (ExprPtr &a : llvm::cast<FunctorExpr>(e).args)
      visit(a);
    break;
  default: break;
  }
}

/// Adds every declaration e names, at any depth, to names.
void collectNames(Expr &e, std::set<const Decl *> &names);

/// Whether e is a name referring to decl.
bool namesDecl(const Expr &e, const Decl *decl);

/// Whether e names decl anywhere in it.
bool mentions(Expr &e, const Decl *decl);

/// Whether a statement of block, at any depth, assigns decl itself (`decl =
/// ...`, not an element of it).
bool assignsName(const Block &block, const Decl *decl);

} // namespace polyc

#endif
