//===- AST.h - Abstract syntax tree of GraphIt programs --------*- C++ -*-===//
//
// The parse tree is turned into this AST by the front end (ASTBuilder);
// semantic analysis (Sema) resolves names and fills in Expr::type. Nodes use
// LLVM-style RTTI: `llvm::isa<BinaryExpr>(e)`, `llvm::dyn_cast<...>`.
//
// The IR (polyc/IR) reuses these statement and expression nodes and adds the
// scheduled traversal operations; see IR.h.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_AST_AST_H
#define POLYC_AST_AST_H

#include "polyc/AST/Builtins.h"
#include "polyc/AST/Type.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/SMLoc.h"

#include <memory>
#include <string>
#include <vector>

namespace polyc {

class Decl;
class FuncDecl;

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

class Expr {
public:
  enum Kind {
    IntLit,
    FloatLit,
    BoolLit,
    StringLit,
    Name,
    Unary,
    Binary,
    Call,       // f(args): builtins and user functions
    MethodCall, // receiver.name(args)
    Index,      // base[index]
    New,        // new vertexset{V}(n), new list{T}(), new priority_queue...(args)
    VectorLit,  // {1, 2, 3}: a fixed-length vector's elements
    Functor,    // f[args]: a functor with its bound arguments
    // IR-only kinds (created by lowering, never by the parser):
    EdgeTraversal,
    VertexTraversal,
  };

  Expr(Kind kind, llvm::SMLoc loc) : kind(kind), loc(loc) {}
  virtual ~Expr() = default;
  Kind getKind() const { return kind; }

  const Kind kind;
  llvm::SMLoc loc; // where diagnostics about this expression point
  Type type;       // filled in by Sema
};
using ExprPtr = std::unique_ptr<Expr>;

/// Where the source text of `e` begins: Expr::loc points at an operator or a
/// method name (what most diagnostics want), this at the leftmost token.
llvm::SMLoc startLoc(const Expr &e);

class IntLitExpr : public Expr {
public:
  IntLitExpr(llvm::SMLoc loc, int64_t value) : Expr(IntLit, loc), value(value) {}
  static bool classof(const Expr *e) { return e->kind == IntLit; }
  int64_t value;
};

class FloatLitExpr : public Expr {
public:
  FloatLitExpr(llvm::SMLoc loc, double value, std::string spelling)
      : Expr(FloatLit, loc), value(value), spelling(std::move(spelling)) {}
  static bool classof(const Expr *e) { return e->kind == FloatLit; }
  double value;
  std::string spelling; // as written, so generated code keeps the user's literal
};

class BoolLitExpr : public Expr {
public:
  BoolLitExpr(llvm::SMLoc loc, bool value) : Expr(BoolLit, loc), value(value) {}
  static bool classof(const Expr *e) { return e->kind == BoolLit; }
  bool value;
};

class StringLitExpr : public Expr {
public:
  StringLitExpr(llvm::SMLoc loc, std::string value)
      : Expr(StringLit, loc), value(std::move(value)) {}
  static bool classof(const Expr *e) { return e->kind == StringLit; }
  std::string value; // escapes already decoded
};

class NameExpr : public Expr {
public:
  NameExpr(llvm::SMLoc loc, std::string name) : Expr(Name, loc), name(std::move(name)) {}
  static bool classof(const Expr *e) { return e->kind == Name; }
  std::string name;
  Decl *decl = nullptr; // resolved by Sema; null for `argv`
};

/// Whether e names the built-in `argv` (not a declaration of the program's).
inline bool isArgv(const Expr *e) {
  auto *name = llvm::dyn_cast_or_null<NameExpr>(e);
  return name && !name->decl && name->name == "argv";
}

enum class UnaryOp { Neg, Plus, Not };
class UnaryExpr : public Expr {
public:
  UnaryExpr(llvm::SMLoc loc, UnaryOp op, ExprPtr operand)
      : Expr(Unary, loc), op(op), operand(std::move(operand)) {}
  static bool classof(const Expr *e) { return e->kind == Unary; }
  UnaryOp op;
  ExprPtr operand;
};

enum class BinaryOp { Add, Sub, Mul, Div, Pow, Eq, Ne, Lt, Le, Gt, Ge, And, Or, Xor };
const char *spelling(BinaryOp op); // "+", "==", "and", ...
bool isComparison(BinaryOp op);     // == != < <= > >=

class BinaryExpr : public Expr {
public:
  BinaryExpr(llvm::SMLoc loc, BinaryOp op, ExprPtr lhs, ExprPtr rhs)
      : Expr(Binary, loc), op(op), lhs(std::move(lhs)), rhs(std::move(rhs)) {}
  static bool classof(const Expr *e) { return e->kind == Binary; }
  BinaryOp op;
  ExprPtr lhs, rhs;
};

class CallExpr : public Expr {
public:
  CallExpr(llvm::SMLoc loc, std::string callee, std::vector<ExprPtr> args)
      : Expr(Call, loc), callee(std::move(callee)), args(std::move(args)) {}
  /// A call of a builtin made by a pass: spelt from the one table.
  CallExpr(llvm::SMLoc loc, Builtin builtin, std::vector<ExprPtr> args)
      : Expr(Call, loc), callee(builtinName(builtin)), args(std::move(args)),
        builtin(builtin) {}
  static bool classof(const Expr *e) { return e->kind == Call; }
  std::string callee;
  std::vector<ExprPtr> args;
  FuncDecl *func = nullptr; // resolved by Sema; null for builtins
  Builtin builtin = Builtin::None; // resolved by Sema; None for user functions
  /// `f[a](args)`: the functor called, a FunctorExpr with its bound
  /// arguments (lowering calls f's specialisation instead); else null.
  ExprPtr functor;
};

class MethodCallExpr : public Expr {
public:
  MethodCallExpr(llvm::SMLoc loc, ExprPtr receiver, std::string method,
                 std::vector<ExprPtr> args)
      : Expr(MethodCall, loc), receiver(std::move(receiver)),
        method(std::move(method)), args(std::move(args)) {}
  /// A method call made by a pass: spelt from the one table.
  MethodCallExpr(llvm::SMLoc loc, ExprPtr receiver, Method methodKind, std::vector<ExprPtr> args)
      : Expr(MethodCall, loc), receiver(std::move(receiver)), method(methodName(methodKind)),
        args(std::move(args)), methodKind(methodKind) {}
  static bool classof(const Expr *e) { return e->kind == MethodCall; }
  ExprPtr receiver;
  std::string method; // the spelling, for printers and messages
  std::vector<ExprPtr> args;
  Method methodKind = Method::None; // resolved by Sema
};

class IndexExpr : public Expr {
public:
  IndexExpr(llvm::SMLoc loc, ExprPtr base, ExprPtr index)
      : Expr(Index, loc), base(std::move(base)), index(std::move(index)) {}
  static bool classof(const Expr *e) { return e->kind == Index; }
  ExprPtr base;
  ExprPtr index;
};

/// `{a, b, c}`: the elements of a vector[N](T), whose type comes from where
/// it is used (a declaration, an assignment).
class VectorLitExpr : public Expr {
public:
  VectorLitExpr(llvm::SMLoc loc, std::vector<ExprPtr> elements)
      : Expr(VectorLit, loc), elements(std::move(elements)) {}
  static bool classof(const Expr *e) { return e->kind == VectorLit; }
  std::vector<ExprPtr> elements;
};

class NewExpr : public Expr {
public:
  NewExpr(llvm::SMLoc loc, Type allocated, std::vector<ExprPtr> args)
      : Expr(New, loc), allocated(std::move(allocated)), args(std::move(args)) {}
  static bool classof(const Expr *e) { return e->kind == New; }
  Type allocated; // VertexSet, List or PriorityQueue
  std::vector<ExprPtr> args;
};

/// `f[a, b]`: the functor f (a function declared with bound parameters,
/// `func f[x : T, ...](v : Vertex)`) with its bound arguments, used where a
/// function is applied. Lowering specialises f for each application.
class FunctorExpr : public Expr {
public:
  FunctorExpr(llvm::SMLoc loc, std::string name, std::vector<ExprPtr> args)
      : Expr(Functor, loc), name(std::move(name)), args(std::move(args)) {}
  static bool classof(const Expr *e) { return e->kind == Functor; }
  std::string name;
  std::vector<ExprPtr> args;
  FuncDecl *func = nullptr; // resolved by Sema
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

class Stmt {
public:
  enum Kind { VarDecl, Assign, ExprStmt, If, While, DoWhile, For, Break, Print, Delete, Return };

  Stmt(Kind kind, llvm::SMLoc loc) : kind(kind), loc(loc) {}
  virtual ~Stmt() = default;
  Kind getKind() const { return kind; }

  const Kind kind;
  llvm::SMLoc loc;
  std::string label;      // "s1" for `#s1# stmt`; empty when unlabelled
  llvm::SMLoc labelLoc;
  std::string scopedLabel; // "outer:s1": set by Sema from the enclosing labels
};
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

class VarDecl;

class VarDeclStmt : public Stmt {
public:
  VarDeclStmt(llvm::SMLoc loc, std::unique_ptr<polyc::VarDecl> decl);
  ~VarDeclStmt() override;
  static bool classof(const Stmt *s) { return s->kind == VarDecl; }
  std::unique_ptr<polyc::VarDecl> decl;
};

enum class AssignOp { Assign, Add, Sub, Mul, Div, Min, Max };
const char *spelling(AssignOp op); // "=", "+=", "min=", ...

class AssignStmt : public Stmt {
public:
  AssignStmt(llvm::SMLoc loc, ExprPtr target, AssignOp op, ExprPtr value)
      : Stmt(Assign, loc), target(std::move(target)), op(op), value(std::move(value)) {}
  static bool classof(const Stmt *s) { return s->kind == Assign; }
  ExprPtr target; // NameExpr or IndexExpr
  AssignOp op;
  ExprPtr value;
};

class ExprStmtNode : public Stmt {
public:
  ExprStmtNode(llvm::SMLoc loc, ExprPtr expr) : Stmt(ExprStmt, loc), expr(std::move(expr)) {}
  static bool classof(const Stmt *s) { return s->kind == ExprStmt; }
  ExprPtr expr;
};

class IfStmt : public Stmt {
public:
  struct Branch {
    ExprPtr cond;
    Block body;
  };
  IfStmt(llvm::SMLoc loc) : Stmt(If, loc) {}
  static bool classof(const Stmt *s) { return s->kind == If; }
  std::vector<Branch> branches; // the `if` and each `elif`, in order
  Block elseBody;               // empty when there is no `else`
};

class WhileStmt : public Stmt {
public:
  WhileStmt(llvm::SMLoc loc, ExprPtr cond, Block body)
      : Stmt(While, loc), cond(std::move(cond)), body(std::move(body)) {}
  static bool classof(const Stmt *s) { return s->kind == While; }
  ExprPtr cond;
  Block body;
};

class DoWhileStmt : public Stmt {
public:
  DoWhileStmt(llvm::SMLoc loc, Block body, ExprPtr cond)
      : Stmt(DoWhile, loc), body(std::move(body)), cond(std::move(cond)) {}
  static bool classof(const Stmt *s) { return s->kind == DoWhile; }
  Block body;
  ExprPtr cond;
};

class ForStmt : public Stmt {
public:
  ForStmt(llvm::SMLoc loc, std::unique_ptr<polyc::VarDecl> var, ExprPtr lo, ExprPtr hi,
          Block body);
  ~ForStmt() override;
  static bool classof(const Stmt *s) { return s->kind == For; }
  std::unique_ptr<polyc::VarDecl> var; // the loop variable, type int
  ExprPtr lo, hi;                      // lo inclusive, hi exclusive
  Block body;
  /// par_for: the iterations run in parallel, each on one thread; the
  /// traversals in the body run concurrently with each other (IR:
  /// `concurrent`).
  bool parallel = false;
};

class BreakStmt : public Stmt {
public:
  explicit BreakStmt(llvm::SMLoc loc) : Stmt(Break, loc) {}
  static bool classof(const Stmt *s) { return s->kind == Break; }
};

class PrintStmt : public Stmt {
public:
  PrintStmt(llvm::SMLoc loc, ExprPtr value, bool isPrintln)
      : Stmt(Print, loc), value(std::move(value)), isPrintln(isPrintln) {}
  static bool classof(const Stmt *s) { return s->kind == Print; }
  ExprPtr value;
  bool isPrintln; // print and println behave the same (value then newline)
};

class DeleteStmt : public Stmt {
public:
  DeleteStmt(llvm::SMLoc loc, ExprPtr value) : Stmt(Delete, loc), value(std::move(value)) {}
  static bool classof(const Stmt *s) { return s->kind == Delete; }
  ExprPtr value;
};

class ReturnStmt : public Stmt {
public:
  explicit ReturnStmt(llvm::SMLoc loc) : Stmt(Return, loc) {}
  static bool classof(const Stmt *s) { return s->kind == Return; }
};

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

class Decl {
public:
  enum Kind { Element, Var, Param, Func };
  Decl(Kind kind, llvm::SMLoc loc, std::string name)
      : kind(kind), loc(loc), name(std::move(name)) {}
  virtual ~Decl() = default;
  Kind getKind() const { return kind; }

  const Kind kind;
  llvm::SMLoc loc; // the name's location: where "previous declaration" notes point
  std::string name;
};

class ElementDecl : public Decl {
public:
  ElementDecl(llvm::SMLoc loc, std::string name) : Decl(Element, loc, std::move(name)) {}
  static bool classof(const Decl *d) { return d->kind == Element; }
  /// Where no edgeset has this element, the global `new vertexset{E}(n)`
  /// whose n is its count (GraphIt's programs size vectors that way); null
  /// otherwise. Set by Sema.
  const VarDecl *countedBy = nullptr;
  /// countedBy's n reads no global and calls no function of the program, so
  /// the count is known before any global is initialised.
  bool countedFirst = false;
};

/// Globals (`const`/`var` at top level, `extern` variables), locals, for-loop
/// variables and named function results.
class VarDecl : public Decl {
public:
  /// A local that a functor application binds becomes Global when lowered
  /// (Module::hoistedLocals): declared at namespace scope so that the
  /// specialised function can name it, and initialised where declared.
  enum Storage { Global, Local, Extern, Result };
  VarDecl(llvm::SMLoc loc, std::string name, Storage storage, bool isConst,
          Type declaredType, ExprPtr init)
      : Decl(Var, loc, std::move(name)), storage(storage), isConst(isConst),
        type(std::move(declaredType)), init(std::move(init)) {}
  static bool classof(const Decl *d) { return d->kind == Var; }
  Storage storage;
  bool isConst;
  Type type;    // declared, or inferred by Sema for `var x = e;`
  ExprPtr init; // may be null
  /// A global edgeset whose initialiser reads nothing the program
  /// initialises (`load(argv[1])`): loaded before every other global, so
  /// vectors declared above it have its count (Sema).
  bool loadedFirst = false;
};

class ParamDecl : public Decl {
public:
  ParamDecl(llvm::SMLoc loc, std::string name, Type type)
      : Decl(Param, loc, std::move(name)), type(std::move(type)) {}
  static bool classof(const Decl *d) { return d->kind == Param; }
  Type type;
};

class FuncDecl : public Decl {
public:
  enum Linkage { Internal, Export, Extern };
  FuncDecl(llvm::SMLoc loc, std::string name, Linkage linkage)
      : Decl(Func, loc, std::move(name)), linkage(linkage) {}
  static bool classof(const Decl *d) { return d->kind == Func; }
  Linkage linkage;
  /// A functor's bound parameters (`func f[a : T](v : Vertex)`), given
  /// where it is applied (`f[x]`); empty for other functions.
  std::vector<std::unique_ptr<ParamDecl>> boundParams;
  std::vector<std::unique_ptr<ParamDecl>> params;
  std::unique_ptr<VarDecl> result; // named result (`-> r : T`), or null
  Block body;                      // empty for extern functions
  bool isMain() const { return name == "main"; }
};

/// A whole algorithm file: declarations in source order.
struct Program {
  std::vector<std::unique_ptr<Decl>> decls;

  FuncDecl *findFunc(llvm::StringRef name) const;
  ElementDecl *findElement(llvm::StringRef name) const;
};

} // namespace polyc

#endif
