//===- ASTPrinter.cpp - The `--emit=ast` tree dump ------------------------===//
//
// One node per line, two spaces of indentation per level, the node kind first
// and its type last (` : double`) once Sema has typed it. Names show what
// they resolved to, statements their schedule label. The output depends on
// nothing but the tree, so FileCheck tests can match it exactly.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/ASTPrinter.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;

namespace {

class TreePrinter {
public:
  explicit TreePrinter(llvm::raw_ostream &os) : os(os) {}

  void program(const Program &p) {
    os << "Program\n";
    for (const auto &d : p.decls)
      if (d)
        decl(*d, 1);
  }

private:
  llvm::raw_ostream &os;

  llvm::raw_ostream &line(unsigned depth) { return os.indent(2 * depth); }

  static void typeSuffix(const Type &t, llvm::raw_ostream &os) {
    if (t.isValid())
      os << " : " << t.str();
  }

  static const char *storageName(VarDecl::Storage s) {
    switch (s) {
    case VarDecl::Global: return "global";
    case VarDecl::Local: return "local";
    case VarDecl::Extern: return "extern";
    case VarDecl::Result: return "result";
    }
    llvm_unreachable("a VarDecl storage outside the enum");
  }

  static const char *declKindName(const Decl &d) {
    switch (d.getKind()) {
    case Decl::Element: return "element";
    case Decl::Param: return "param";
    case Decl::Func: return "func";
    case Decl::Var: return storageName(cast<VarDecl>(d).storage);
    }
    llvm_unreachable("a Decl kind outside the enum");
  }

  void varDecl(const VarDecl &v, llvm::StringRef kind, unsigned depth) {
    line(depth) << kind << ' ' << (v.isConst ? "const " : "var ") << v.name;
    typeSuffix(v.type, os);
    os << '\n';
    if (v.init)
      expr(*v.init, depth + 1);
  }

  void decl(const Decl &d, unsigned depth) {
    switch (d.getKind()) {
    case Decl::Element:
      line(depth) << "ElementDecl " << d.name << '\n';
      return;
    case Decl::Var: {
      auto &v = cast<VarDecl>(d);
      varDecl(v, v.storage == VarDecl::Extern ? "ExternVarDecl" : "GlobalVarDecl", depth);
      return;
    }
    case Decl::Param: {
      auto &p = cast<ParamDecl>(d);
      line(depth) << "Param " << p.name;
      typeSuffix(p.type, os);
      os << '\n';
      return;
    }
    case Decl::Func: {
      auto &f = cast<FuncDecl>(d);
      line(depth) << "FuncDecl " << f.name;
      if (f.linkage == FuncDecl::Export)
        os << " export";
      else if (f.linkage == FuncDecl::Extern)
        os << " extern";
      os << '\n';
      for (const auto &p : f.boundParams) {
        line(depth + 1) << "BoundParam " << p->name;
        typeSuffix(p->type, os);
        os << '\n';
      }
      for (const auto &p : f.params)
        if (p)
          decl(*p, depth + 1);
      if (f.result) {
        line(depth + 1) << "Result " << f.result->name;
        typeSuffix(f.result->type, os);
        os << '\n';
      }
      if (f.linkage != FuncDecl::Extern)
        block("Body", f.body, depth + 1);
      return;
    }
    }
  }

  void block(llvm::StringRef title, const Block &b, unsigned depth) {
    line(depth) << title << '\n';
    for (const StmtPtr &s : b)
      if (s)
        stmt(*s, depth + 1);
  }

  void child(llvm::StringRef title, const ExprPtr &e, unsigned depth) {
    line(depth) << title << '\n';
    if (e)
      expr(*e, depth + 1);
  }

  // The kind line of a statement ends with its label, if any.
  void stmtLine(const Stmt &s, llvm::StringRef text, unsigned depth) {
    line(depth) << text;
    if (!s.label.empty())
      os << " label=" << (s.scopedLabel.empty() ? s.label : s.scopedLabel);
  }

  void stmt(const Stmt &s, unsigned depth) {
    switch (s.getKind()) {
    case Stmt::VarDecl: {
      auto &v = cast<VarDeclStmt>(s);
      stmtLine(s, "VarDeclStmt", depth);
      os << '\n';
      if (v.decl)
        varDecl(*v.decl, "LocalVarDecl", depth + 1);
      return;
    }
    case Stmt::Assign: {
      auto &a = cast<AssignStmt>(s);
      stmtLine(s, std::string("Assign ") + spelling(a.op), depth);
      os << '\n';
      if (a.target)
        expr(*a.target, depth + 1);
      if (a.value)
        expr(*a.value, depth + 1);
      return;
    }
    case Stmt::ExprStmt: {
      stmtLine(s, "ExprStmt", depth);
      os << '\n';
      if (auto &e = cast<ExprStmtNode>(s).expr)
        expr(*e, depth + 1);
      return;
    }
    case Stmt::If: {
      auto &i = cast<IfStmt>(s);
      stmtLine(s, "If", depth);
      os << '\n';
      for (size_t n = 0; n < i.branches.size(); ++n) {
        child(n == 0 ? "Cond" : "ElifCond", i.branches[n].cond, depth + 1);
        block("Then", i.branches[n].body, depth + 1);
      }
      if (!i.elseBody.empty())
        block("Else", i.elseBody, depth + 1);
      return;
    }
    case Stmt::While: {
      auto &w = cast<WhileStmt>(s);
      stmtLine(s, "While", depth);
      os << '\n';
      child("Cond", w.cond, depth + 1);
      block("Body", w.body, depth + 1);
      return;
    }
    case Stmt::DoWhile: {
      auto &w = cast<DoWhileStmt>(s);
      stmtLine(s, "DoWhile", depth);
      os << '\n';
      block("Body", w.body, depth + 1);
      child("Cond", w.cond, depth + 1);
      return;
    }
    case Stmt::For: {
      auto &f = cast<ForStmt>(s);
      stmtLine(s, f.parallel ? "ParFor" : "For", depth);
      if (f.var) {
        os << ' ' << f.var->name;
        typeSuffix(f.var->type, os);
      }
      os << '\n';
      child("From", f.lo, depth + 1);
      child("To", f.hi, depth + 1);
      block("Body", f.body, depth + 1);
      return;
    }
    case Stmt::Break:
      stmtLine(s, "Break", depth);
      os << '\n';
      return;
    case Stmt::Return:
      stmtLine(s, "Return", depth);
      os << '\n';
      return;
    case Stmt::Print: {
      auto &p = cast<PrintStmt>(s);
      stmtLine(s, p.isPrintln ? "Println" : "Print", depth);
      os << '\n';
      if (p.value)
        expr(*p.value, depth + 1);
      return;
    }
    case Stmt::Delete: {
      stmtLine(s, "Delete", depth);
      os << '\n';
      if (auto &e = cast<DeleteStmt>(s).value)
        expr(*e, depth + 1);
      return;
    }
    }
  }

  void args(const std::vector<ExprPtr> &as, unsigned depth) {
    for (const ExprPtr &a : as)
      if (a)
        expr(*a, depth);
  }

  void expr(const Expr &e, unsigned depth) {
    line(depth);
    switch (e.getKind()) {
    case Expr::IntLit: os << "IntLit " << cast<IntLitExpr>(e).value; break;
    case Expr::FloatLit: os << "FloatLit " << cast<FloatLitExpr>(e).spelling; break;
    case Expr::BoolLit: os << "BoolLit " << (cast<BoolLitExpr>(e).value ? "true" : "false"); break;
    case Expr::StringLit:
      os << "StringLit ";
      printExpr(e, os);
      break;
    case Expr::Name: {
      auto &n = cast<NameExpr>(e);
      os << "Name " << n.name;
      if (n.decl)
        os << " (" << declKindName(*n.decl) << ')';
      else if (n.type.isValid())
        os << " (builtin)";
      break;
    }
    case Expr::Unary: {
      auto op = cast<UnaryExpr>(e).op;
      os << "Unary " << (op == UnaryOp::Neg ? "-" : op == UnaryOp::Plus ? "+" : "not");
      break;
    }
    case Expr::Binary: os << "Binary " << spelling(cast<BinaryExpr>(e).op); break;
    case Expr::Call: {
      auto &c = cast<CallExpr>(e);
      os << "Call " << c.callee;
      if (c.func)
        os << " (func)";
      else if (e.type.isValid())
        os << " (builtin)";
      break;
    }
    case Expr::MethodCall: os << "MethodCall " << cast<MethodCallExpr>(e).method; break;
    case Expr::Index: os << "Index"; break;
    case Expr::New: os << "New " << cast<NewExpr>(e).allocated.str(); break;
    case Expr::VectorLit: os << "VectorLit"; break;
    case Expr::Functor: os << "Functor " << cast<FunctorExpr>(e).name; break;
    case Expr::EdgeTraversal: os << "EdgeTraversal"; break;
    case Expr::VertexTraversal: os << "VertexTraversal"; break;
    }
    typeSuffix(e.type, os);
    os << '\n';

    switch (e.getKind()) {
    case Expr::Unary:
      if (auto &o = cast<UnaryExpr>(e).operand)
        expr(*o, depth + 1);
      break;
    case Expr::Binary: {
      auto &b = cast<BinaryExpr>(e);
      if (b.lhs)
        expr(*b.lhs, depth + 1);
      if (b.rhs)
        expr(*b.rhs, depth + 1);
      break;
    }
    case Expr::Call:
      if (auto &functor = cast<CallExpr>(e).functor)
        expr(*functor, depth + 1);
      args(cast<CallExpr>(e).args, depth + 1);
      break;
    case Expr::MethodCall: {
      auto &m = cast<MethodCallExpr>(e);
      if (m.receiver)
        expr(*m.receiver, depth + 1);
      args(m.args, depth + 1);
      break;
    }
    case Expr::Index: {
      auto &i = cast<IndexExpr>(e);
      if (i.base)
        expr(*i.base, depth + 1);
      if (i.index)
        expr(*i.index, depth + 1);
      break;
    }
    case Expr::New: args(cast<NewExpr>(e).args, depth + 1); break;
    case Expr::VectorLit: args(cast<VectorLitExpr>(e).elements, depth + 1); break;
    case Expr::Functor: args(cast<FunctorExpr>(e).args, depth + 1); break;
    default: break;
    }
  }
};

} // namespace

void polyc::printAST(const Program &program, llvm::raw_ostream &os) {
  TreePrinter(os).program(program);
}
