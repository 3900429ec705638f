//===- SemaImpl.h - The state of one semantic analysis ----------*- C++ -*-===//
//
// One Sema object checks one program. The work is split by subject:
//   Sema.cpp         declarations, scopes, functions, the entry point
//   CheckStmt.cpp    statements, labels, loops, assignments
//   CheckExpr.cpp    names, literals, operators, indexing, `new`
//   CheckCalls.cpp   builtin and user function calls
//   CheckMethods.cpp methods of edgesets, vertexsets, vectors and lists, and
//                    the shape of the functions they apply
// Every check reports and carries on; an expression that cannot be typed gets
// Type::Invalid, which every later check accepts silently (no cascades).
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_SEMA_SEMAIMPL_H
#define POLYC_SEMA_SEMAIMPL_H

#include "polyc/AST/AST.h"
#include "polyc/Support/Diagnostics.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Casting.h"

#include <map>
#include <string>
#include <vector>

namespace polyc {

/// "'vertexset{Vertex}'": how diagnostics name a type.
inline std::string quoted(const Type &t) { return "'" + t.str() + "'"; }

class Sema {
public:
  Sema(Program &program, DiagnosticEngine &diags) : program(program), diags(diags) {}
  bool run();

  //===--- Sema.cpp: declarations and scopes ------------------------------===//
  void declareTopLevel();
  void checkGlobal(VarDecl &global);
  void checkFunction(FuncDecl &func);
  /// Element names exist, weights are numbers; unsupported types reported.
  /// False (and reported) when the type cannot be used.
  bool checkTypeWellFormed(const Type &type, llvm::SMLoc loc);
  void pushScope() { scopes.emplace_back(); }
  void popScope() { scopes.pop_back(); }
  /// Adds decl to the innermost scope; reports a redefinition.
  void declare(Decl &decl);
  Decl *lookup(llvm::StringRef name) const;

  //===--- CheckStmt.cpp ---------------------------------------------------===//
  void checkBlock(Block &block);
  void checkStmt(Stmt &stmt);
  /// Checks a variable's type and initializer, infers `var x = e;`.
  void checkVarDecl(VarDecl &var);
  void checkAssign(AssignStmt &assign);
  void checkCondition(ExprPtr &cond, llvm::StringRef construct);
  void recordLabel(Stmt &stmt);

  //===--- CheckExpr.cpp ---------------------------------------------------===//
  /// Types `expr` (and everything in it), stores and returns the type.
  /// `expected` is the type the context wants, for the expressions whose
  /// type depends on it (`load(...)`, `edges.getVertices()`).
  Type checkExpr(Expr *expr, const Type *expected = nullptr);
  Type checkExprKind(Expr &expr, const Type *expected);
  Type checkName(NameExpr &name);
  Type checkUnary(UnaryExpr &unary);
  Type checkBinary(BinaryExpr &binary);
  Type checkIndex(IndexExpr &index);
  Type checkNew(NewExpr &alloc);
  Type checkVectorLit(VectorLitExpr &literal, const Type *expected);

  //===--- ElementCounts.cpp -----------------------------------------------===//
  /// Gives each element no edgeset has the global `new vertexset{E}(n)`
  /// that counts it (ElementDecl::countedBy).
  void recordElementCounts();

  //===--- NumberConversions.cpp -------------------------------------------===//
  /// Where a number of type `want` is expected, a vertexset becomes its size
  /// and `argv[N]` the number it spells (atoi, or atof for a floating
  /// `want`), rewritten in place. Returns whether `e` was converted.
  bool convertToNumber(ExprPtr &e, const Type &want);
  /// An integer where a bool is expected (`while (1)`, `output = 0;`) is
  /// `e != 0`, as in the C++ GraphIt emits, with a warning. Returns whether
  /// `e` was converted.
  bool convertToBool(ExprPtr &e);

  /// A uint, uint_64, float or double value where an int is stored (`to`
  /// is int, or a vector of int filled from one value): a floating constant
  /// that does not fit is an error, an integer one a warning (it wraps, as in
  /// C++); any other value is wrapped in the conversion `int(e)`, which the
  /// program checks when it runs (polyrt::toInt).
  void convertToInt(ExprPtr &e, const Type &to);

  //===--- ConstantFolding.cpp ---------------------------------------------===//
  /// A number known when the program is compiled: a literal, or arithmetic
  /// on constants. `integral` values are exact in `i` (an int) or `u` (a
  /// uint_64, wrapped as C++ wraps it); the others are in `d`.
  struct Constant {
    Type::Kind kind = Type::Invalid;
    int64_t i = 0;
    uint64_t u = 0;
    double d = 0;
  };
  /// Records e's value when it is a literal or arithmetic on constants (its
  /// operands already checked); an int operation on constants whose result
  /// does not fit is an error at its operator, as it would stop the program.
  void foldConstant(Expr &e);
  /// c as a message shows it: "4294967296", "1e+300", "NaN".
  static std::string constantSpelling(const Constant &c);
  /// e's value if it is a constant, else null.
  const Constant *constantOf(const Expr &e) const;

  //===--- CheckCalls.cpp --------------------------------------------------===//
  Type checkCall(CallExpr &call, const Type *expected);
  Type checkUserCall(CallExpr &call, FuncDecl &func);
  Type checkFunctor(FunctorExpr &functor);
  bool checkArgument(ExprPtr &arg, Type &type, const ParamDecl &param, const char *verb);
  Type checkBuiltinCall(CallExpr &call, const Type *expected, bool &known);
  bool checkArgCount(llvm::SMLoc loc, llvm::StringRef callee, size_t min, size_t max,
                     size_t given, const Decl *declared);

  //===--- CheckPriorityQueue.cpp ------------------------------------------===//
  /// Priorities are integers (element and value otherwise as vectors').
  bool checkPriorityQueueType(const Type &type, llvm::SMLoc loc);
  /// GraphIt's seven constructor arguments, typed in `args`.
  Type checkNewPriorityQueue(NewExpr &alloc, std::vector<Type> &args);
  Type checkPriorityQueueMethod(MethodCallExpr &call, const Type &pq);

  //===--- CheckMethods.cpp ------------------------------------------------===//
  Type checkMethodCall(MethodCallExpr &call, const Type *expected);
  Type checkEdgeSetMethod(MethodCallExpr &call, const Type &edges, const Type *expected);
  Type checkVertexSetMethod(MethodCallExpr &call, const Type &set);
  Type checkVectorMethod(MethodCallExpr &call, const Type &vector);
  Type checkListMethod(MethodCallExpr &call, const Type &list);
  /// The function an argument names, or null (reported unless Invalid).
  FuncDecl *functionArgument(Expr &arg, llvm::StringRef method);
  void checkEdgeFunction(Expr &arg, const Type &edges, llvm::StringRef method);
  void checkVertexFunction(Expr &arg, const std::string &element, llvm::StringRef method,
                           bool isFilter);
  /// A vertexset of `element`, or a filter function on it (from/to/...).
  void checkVertexSetOrFilter(Expr &arg, const std::string &element, llvm::StringRef method);

  Program &program;
  DiagnosticEngine &diags;

private:
  std::vector<llvm::StringMap<Decl *>> scopes;
  // Globals in source order: an initializer may use only earlier globals.
  llvm::DenseMap<const Decl *, size_t> globalOrder;
  size_t checkingGlobal = SIZE_MAX; // index of the global being initialised

  FuncDecl *currentFunc = nullptr;
  /// The loops around the statement checked, innermost last: true for a
  /// par_for, which no break or return may leave.
  std::vector<bool> loops;
  std::vector<std::string> enclosingLabels;
  std::map<std::string, llvm::SMLoc> labels; // scoped label -> where
  llvm::DenseSet<const Decl *> unusableDecls; // declared with a reported type
  /// The constants' values (foldConstant), by expression.
  llvm::DenseMap<const Expr *, Constant> constants;
  // Reported once each: a misspelt element is usually used everywhere.
  llvm::StringSet<> reportedUnknownElements;

public:
  /// A function whose signature already drew an error (an unknown type):
  /// checking how it is applied would only repeat that error.
  bool hasUnusableSignature(const FuncDecl &func) const;
};

} // namespace polyc

#endif
