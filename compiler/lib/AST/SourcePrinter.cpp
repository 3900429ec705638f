//===- SourcePrinter.cpp - Expressions and statements as GraphIt text ------===//
//
// printExpr and printStmt write GraphIt-like source: what IR dumps and
// diagnostics show. Parentheses are re-derived from operator precedence (the
// AST does not keep them), so the text parses back to the same tree.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/ASTPrinter.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

// Binding strength, loosest first, as in the language spec.
enum Precedence {
  PrecOr = 1,
  PrecAnd,
  PrecXor,
  PrecCompare,
  PrecNot,
  PrecAdd,
  PrecMul,
  PrecUnary,
  PrecPow,
  PrecPostfix,
  PrecPrimary,
};

Precedence precedenceOf(BinaryOp op) {
  switch (op) {
  case BinaryOp::Or: return PrecOr;
  case BinaryOp::And: return PrecAnd;
  case BinaryOp::Xor: return PrecXor;
  case BinaryOp::Eq:
  case BinaryOp::Ne:
  case BinaryOp::Lt:
  case BinaryOp::Le:
  case BinaryOp::Gt:
  case BinaryOp::Ge: return PrecCompare;
  case BinaryOp::Add:
  case BinaryOp::Sub: return PrecAdd;
  case BinaryOp::Mul:
  case BinaryOp::Div: return PrecMul;
  case BinaryOp::Pow: return PrecPow;
  }
  llvm_unreachable("a BinaryOp outside the enum");
}

Precedence precedenceOf(const Expr &e) {
  if (auto *b = dyn_cast<BinaryExpr>(&e))
    return precedenceOf(b->op);
  if (auto *u = dyn_cast<UnaryExpr>(&e))
    return u->op == UnaryOp::Not ? PrecNot : PrecUnary;
  if (isa<CallExpr, MethodCallExpr, IndexExpr>(&e))
    return PrecPostfix;
  return PrecPrimary;
}

void printEscaped(llvm::StringRef text, llvm::raw_ostream &os) {
  os << '"';
  for (char c : text) {
    switch (c) {
    case '\n': os << "\\n"; break;
    case '\t': os << "\\t"; break;
    case '\r': os << "\\r"; break;
    case '"': os << "\\\""; break;
    case '\\': os << "\\\\"; break;
    default: os << c;
    }
  }
  os << '"';
}

void printWithPrecedence(const Expr *e, Precedence min, llvm::raw_ostream &os);

void printArgs(const std::vector<ExprPtr> &args, llvm::raw_ostream &os) {
  os << '(';
  for (size_t i = 0; i < args.size(); ++i) {
    if (i)
      os << ", ";
    printWithPrecedence(args[i].get(), PrecOr, os);
  }
  os << ')';
}

void printBare(const Expr &e, llvm::raw_ostream &os) {
  switch (e.getKind()) {
  case Expr::IntLit: os << cast<IntLitExpr>(e).value; return;
  case Expr::FloatLit: os << cast<FloatLitExpr>(e).spelling; return;
  case Expr::BoolLit: os << (cast<BoolLitExpr>(e).value ? "true" : "false"); return;
  case Expr::StringLit: printEscaped(cast<StringLitExpr>(e).value, os); return;
  case Expr::Name: os << cast<NameExpr>(e).name; return;
  case Expr::Unary: {
    auto &u = cast<UnaryExpr>(e);
    if (u.op == UnaryOp::Not) {
      os << "not ";
      printWithPrecedence(u.operand.get(), PrecNot, os);
      return;
    }
    os << (u.op == UnaryOp::Neg ? "-" : "+");
    // `- -x` rather than `--x`, which reads like a decrement.
    if (u.operand && isa<UnaryExpr>(u.operand.get()))
      os << ' ';
    printWithPrecedence(u.operand.get(), PrecUnary, os);
    return;
  }
  case Expr::Binary: {
    auto &b = cast<BinaryExpr>(e);
    Precedence p = precedenceOf(b.op);
    // Left-associative operators need parentheses around an equally tight
    // right operand; `^` is right-associative, the other way round.
    bool rightAssoc = b.op == BinaryOp::Pow;
    printWithPrecedence(b.lhs.get(), rightAssoc ? Precedence(p + 1) : p, os);
    os << ' ' << spelling(b.op) << ' ';
    printWithPrecedence(b.rhs.get(), rightAssoc ? p : Precedence(p + 1), os);
    return;
  }
  case Expr::Call: {
    auto &c = cast<CallExpr>(e);
    if (c.functor)
      printWithPrecedence(c.functor.get(), PrecPostfix, os);
    else
      os << c.callee;
    printArgs(c.args, os);
    return;
  }
  case Expr::MethodCall: {
    auto &m = cast<MethodCallExpr>(e);
    printWithPrecedence(m.receiver.get(), PrecPostfix, os);
    os << '.' << m.method;
    printArgs(m.args, os);
    return;
  }
  case Expr::Index: {
    auto &i = cast<IndexExpr>(e);
    printWithPrecedence(i.base.get(), PrecPostfix, os);
    os << '[';
    printWithPrecedence(i.index.get(), PrecOr, os);
    os << ']';
    return;
  }
  case Expr::New: {
    auto &n = cast<NewExpr>(e);
    os << "new " << n.allocated.str();
    printArgs(n.args, os);
    return;
  }
  case Expr::Functor: {
    auto &f = cast<FunctorExpr>(e);
    os << f.name << '[';
    const char *sep = "";
    for (const ExprPtr &arg : f.args) {
      os << sep;
      printWithPrecedence(arg.get(), PrecOr, os);
      sep = ", ";
    }
    os << ']';
    return;
  }
  case Expr::VectorLit: {
    os << '{';
    const char *sep = "";
    for (const ExprPtr &element : cast<VectorLitExpr>(e).elements) {
      os << sep;
      printWithPrecedence(element.get(), PrecOr, os);
      sep = ", ";
    }
    os << '}';
    return;
  }
  case Expr::EdgeTraversal: os << "<edge traversal>"; return;
  case Expr::VertexTraversal: os << "<vertex traversal>"; return;
  }
}

void printWithPrecedence(const Expr *e, Precedence min, llvm::raw_ostream &os) {
  if (!e) {
    os << "<null>";
    return;
  }
  bool parens = precedenceOf(*e) < min;
  if (parens)
    os << '(';
  printBare(*e, os);
  if (parens)
    os << ')';
}

void printBlock(const Block &block, llvm::raw_ostream &os, unsigned indent) {
  for (const StmtPtr &s : block)
    if (s)
      printStmt(*s, os, indent);
}

} // namespace

void polyc::printExpr(const Expr &expr, llvm::raw_ostream &os) {
  printWithPrecedence(&expr, PrecOr, os);
}

void polyc::printStmt(const Stmt &stmt, llvm::raw_ostream &os, unsigned indent) {
  os.indent(indent);
  if (!stmt.label.empty())
    os << '#' << stmt.label << "# ";
  auto expr = [&](const ExprPtr &e) { printWithPrecedence(e.get(), PrecOr, os); };
  auto end = [&](llvm::StringRef closer) { os.indent(indent) << closer << '\n'; };
  unsigned inner = indent + 4;

  switch (stmt.getKind()) {
  case Stmt::VarDecl: {
    const polyc::VarDecl *d = cast<VarDeclStmt>(stmt).decl.get();
    if (!d) {
      os << "var <null>;\n";
      return;
    }
    os << (d->isConst ? "const " : "var ") << d->name;
    if (d->type.isValid())
      os << " : " << d->type.str();
    if (d->init) {
      os << " = ";
      expr(d->init);
    }
    os << ";\n";
    return;
  }
  case Stmt::Assign: {
    auto &a = cast<AssignStmt>(stmt);
    expr(a.target);
    os << ' ' << spelling(a.op) << ' ';
    expr(a.value);
    os << ";\n";
    return;
  }
  case Stmt::ExprStmt:
    expr(cast<ExprStmtNode>(stmt).expr);
    os << ";\n";
    return;
  case Stmt::If: {
    auto &s = cast<IfStmt>(stmt);
    for (size_t i = 0; i < s.branches.size(); ++i) {
      if (i)
        os.indent(indent) << "elif ";
      else
        os << "if ";
      expr(s.branches[i].cond);
      os << '\n';
      printBlock(s.branches[i].body, os, inner);
    }
    if (!s.elseBody.empty()) {
      end("else");
      printBlock(s.elseBody, os, inner);
    }
    end("end");
    return;
  }
  case Stmt::While: {
    auto &s = cast<WhileStmt>(stmt);
    os << "while ";
    expr(s.cond);
    os << '\n';
    printBlock(s.body, os, inner);
    end("end");
    return;
  }
  case Stmt::DoWhile: {
    auto &s = cast<DoWhileStmt>(stmt);
    os << "do\n";
    printBlock(s.body, os, inner);
    os.indent(indent) << "end while ";
    expr(s.cond);
    os << ";\n";
    return;
  }
  case Stmt::For: {
    auto &s = cast<ForStmt>(stmt);
    os << (s.parallel ? "par_for " : "for ") << (s.var ? s.var->name : "<null>") << " in ";
    expr(s.lo);
    os << " : ";
    expr(s.hi);
    os << '\n';
    printBlock(s.body, os, inner);
    end("end");
    return;
  }
  case Stmt::Break: os << "break;\n"; return;
  case Stmt::Return: os << "return;\n"; return;
  case Stmt::Print: {
    auto &s = cast<PrintStmt>(stmt);
    os << (s.isPrintln ? "println " : "print ");
    expr(s.value);
    os << ";\n";
    return;
  }
  case Stmt::Delete:
    os << "delete ";
    expr(cast<DeleteStmt>(stmt).value);
    os << ";\n";
    return;
  }
}
