//===- AST.cpp - Out-of-line parts of the AST ------------------------------===//
#include "polyc/AST/AST.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"

using namespace polyc;

// VarDeclStmt and ForStmt own a VarDecl, declared after them in AST.h; their
// constructors and destructors live here where VarDecl is complete.
VarDeclStmt::VarDeclStmt(llvm::SMLoc loc, std::unique_ptr<polyc::VarDecl> decl)
    : Stmt(VarDecl, loc), decl(std::move(decl)) {}
VarDeclStmt::~VarDeclStmt() = default;

ForStmt::ForStmt(llvm::SMLoc loc, std::unique_ptr<polyc::VarDecl> var, ExprPtr lo,
                 ExprPtr hi, Block body)
    : Stmt(For, loc), var(std::move(var)), lo(std::move(lo)), hi(std::move(hi)),
      body(std::move(body)) {}
ForStmt::~ForStmt() = default;

bool polyc::isComparison(BinaryOp op) {
  return op == BinaryOp::Eq || op == BinaryOp::Ne || op == BinaryOp::Lt ||
         op == BinaryOp::Le || op == BinaryOp::Gt || op == BinaryOp::Ge;
}

const char *polyc::spelling(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add: return "+";
  case BinaryOp::Sub: return "-";
  case BinaryOp::Mul: return "*";
  case BinaryOp::Div: return "/";
  case BinaryOp::Pow: return "^";
  case BinaryOp::Eq: return "==";
  case BinaryOp::Ne: return "!=";
  case BinaryOp::Lt: return "<";
  case BinaryOp::Le: return "<=";
  case BinaryOp::Gt: return ">";
  case BinaryOp::Ge: return ">=";
  case BinaryOp::And: return "and";
  case BinaryOp::Or: return "or";
  case BinaryOp::Xor: return "xor";
  }
  llvm_unreachable("a BinaryOp outside the enum");
}

const char *polyc::spelling(AssignOp op) {
  switch (op) {
  case AssignOp::Assign: return "=";
  case AssignOp::Add: return "+=";
  case AssignOp::Sub: return "-=";
  case AssignOp::Mul: return "*=";
  case AssignOp::Div: return "/=";
  case AssignOp::Min: return "min=";
  case AssignOp::Max: return "max=";
  }
  llvm_unreachable("an AssignOp outside the enum");
}

llvm::SMLoc polyc::startLoc(const Expr &e) {
  // Iterative: the leftmost chain of a long `a + b + c + ...` can be deep.
  const Expr *cur = &e;
  while (true) {
    const Expr *next = nullptr;
    if (auto *b = llvm::dyn_cast<BinaryExpr>(cur))
      next = b->lhs.get();
    else if (auto *m = llvm::dyn_cast<MethodCallExpr>(cur))
      next = m->receiver.get();
    else if (auto *i = llvm::dyn_cast<IndexExpr>(cur))
      next = i->base.get();
    if (!next)
      return cur->loc;
    cur = next;
  }
}

ElementDecl *Program::findElement(llvm::StringRef name) const {
  for (const auto &decl : decls)
    if (auto *element = llvm::dyn_cast<ElementDecl>(decl.get()))
      if (element->name == name)
        return element;
  return nullptr;
}

FuncDecl *Program::findFunc(llvm::StringRef name) const {
  for (const auto &decl : decls)
    if (auto *func = llvm::dyn_cast<FuncDecl>(decl.get()))
      if (func->name == name)
        return func;
  return nullptr;
}
