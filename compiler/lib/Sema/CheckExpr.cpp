//===- CheckExpr.cpp - Names, literals, operators, indexing, new ----------===//
#include "SemaImpl.h"
#include "TypeRules.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"

#include <limits>

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

Type Sema::checkExpr(Expr *expr, const Type *expected) {
  if (!expr)
    return Type();
  expr->type = checkExprKind(*expr, expected);
  foldConstant(*expr);
  return expr->type;
}

Type Sema::checkExprKind(Expr &expr, const Type *expected) {
  switch (expr.getKind()) {
  case Expr::IntLit:
    // Literals beyond int's range take the next type that holds them, as in C++.
    return Type(cast<IntLitExpr>(expr).value > INT32_MAX ? Type::UInt64 : Type::Int);
  case Expr::FloatLit: return Type(Type::Double);
  case Expr::BoolLit: return Type(Type::Bool);
  case Expr::StringLit: return Type(Type::String);
  case Expr::Name: return checkName(cast<NameExpr>(expr));
  case Expr::Unary: return checkUnary(cast<UnaryExpr>(expr));
  case Expr::Binary: return checkBinary(cast<BinaryExpr>(expr));
  case Expr::Call: return checkCall(cast<CallExpr>(expr), expected);
  case Expr::MethodCall: return checkMethodCall(cast<MethodCallExpr>(expr), expected);
  case Expr::Index: return checkIndex(cast<IndexExpr>(expr));
  case Expr::New: return checkNew(cast<NewExpr>(expr));
  case Expr::VectorLit: return checkVectorLit(cast<VectorLitExpr>(expr), expected);
  case Expr::Functor: return checkFunctor(cast<FunctorExpr>(expr));
  case Expr::EdgeTraversal:
  case Expr::VertexTraversal: return expr.type; // made by lowering, already typed
  }
  llvm_unreachable("an Expr kind outside the enum");
}

Type Sema::checkName(NameExpr &name) {
  Decl *decl = lookup(name.name);
  if (!decl) {
    if (name.name == "argv")
      return Type::list(Type(Type::String)); // indexed as argv[i] : string
    diags.error(name.loc, "use of undeclared identifier '" + name.name + "'");
    return Type();
  }
  name.decl = decl;
  if (unusableDecls.contains(decl))
    return Type();
  // A global's initializer runs before later globals exist.
  if (checkingGlobal != SIZE_MAX) {
    auto it = globalOrder.find(decl);
    if (it != globalOrder.end() && it->second >= checkingGlobal) {
      diags.error(name.loc, "'" + name.name + "' is used before it is initialized");
      diags.note(decl->loc, "'" + name.name + "' is declared here");
      return Type();
    }
  }
  switch (decl->getKind()) {
  case Decl::Var: return cast<VarDecl>(decl)->type;
  case Decl::Param: return cast<ParamDecl>(decl)->type;
  case Decl::Func: return Type(Type::Function);
  case Decl::Element:
    diags.error(name.loc, "'" + name.name + "' is an element type, not a value");
    return Type();
  }
  llvm_unreachable("a Decl kind outside the enum");
}

Type Sema::checkUnary(UnaryExpr &unary) {
  Type t = checkExpr(unary.operand.get());
  if (!t.isValid())
    return t;
  if (unary.op == UnaryOp::Not) {
    if (t.kind != Type::Bool) {
      diags.error(unary.loc, "operand of 'not' must be 'bool', not " + quoted(t));
      return Type();
    }
    return t;
  }
  if (!isArithmetic(t)) {
    diags.error(unary.loc, std::string("invalid operand to unary '") +
                               (unary.op == UnaryOp::Neg ? "-" : "+") + "' (" + quoted(t) +
                               ")");
    return Type();
  }
  return promote(t, t); // bool and vertices become int, as in C++
}

Type Sema::checkBinary(BinaryExpr &binary) {
  Type lhs = checkExpr(binary.lhs.get());
  Type rhs = checkExpr(binary.rhs.get());
  BinaryOp op = binary.op;
  bool logical = op == BinaryOp::And || op == BinaryOp::Or || op == BinaryOp::Xor;
  if (logical) {
    for (const Type *t : {&lhs, &rhs})
      if (t->isValid() && t->kind != Type::Bool) {
        diags.error(binary.loc, "operands of '" + std::string(spelling(op)) +
                                    "' must be 'bool', not " + quoted(*t));
        return Type();
      }
    return Type(Type::Bool);
  }
  if (!lhs.isValid() || !rhs.isValid())
    return isComparison(op) ? Type(Type::Bool) : Type();
  // `1.0 / edges.getVertices()`, `argv[2] * 2`: the other operand is a number.
  if (isArithmetic(rhs) && convertToNumber(binary.lhs, rhs))
    lhs = binary.lhs->type;
  else if (isArithmetic(lhs) && convertToNumber(binary.rhs, lhs))
    rhs = binary.rhs->type;
  bool equality = op == BinaryOp::Eq || op == BinaryOp::Ne;
  if (isArithmetic(lhs) && isArithmetic(rhs)) {
    if (isComparison(op))
      return Type(Type::Bool);
    Type result = promote(lhs, rhs);
    // Compiled as written it would trap when the program runs.
    auto *divisor = dyn_cast<IntLitExpr>(binary.rhs.get());
    if (op == BinaryOp::Div && result.isIntegral() && divisor && divisor->value == 0)
      diags.error(startLoc(*binary.rhs), "integer division by zero");
    return result;
  }
  if (equality && lhs == rhs && lhs.kind == Type::String)
    return Type(Type::Bool);
  diags.error(binary.loc, "invalid operands to binary expression (" + quoted(lhs) + " and " +
                              quoted(rhs) + ")");
  return isComparison(op) ? Type(Type::Bool) : Type();
}

// `{1, 2, 3}` takes its type from where it is used: a vector[N](T) with N
// elements, each assignable to T.
Type Sema::checkVectorLit(VectorLitExpr &literal, const Type *expected) {
  const Type *element = expected && expected->kind == Type::FixedVector ? expected->value.get()
                                                                          : nullptr;
  for (ExprPtr &e : literal.elements) {
    Type t = checkExpr(e.get(), element);
    if (element && t.isValid() && !canAssign(*element, t))
      diags.error(startLoc(*e), "a " + quoted(*expected) + " cannot hold a value of type " +
                                    quoted(t));
    else if (element)
      convertToInt(e, *element);
  }
  if (!element) {
    diags.error(literal.loc, "a vector literal needs a vector[N](T) declared where it is used, "
                             "as in 'const v : vector[3](int) = {1, 2, 3};'");
    return Type();
  }
  if (literal.elements.size() != static_cast<size_t>(expected->length)) {
    diags.error(literal.loc, "a " + quoted(*expected) + " needs " +
                                 std::to_string(expected->length) + " elements, not " +
                                 std::to_string(literal.elements.size()));
    return Type();
  }
  return *expected;
}

Type Sema::checkIndex(IndexExpr &index) {
  Type base = checkExpr(index.base.get());
  Type idx = checkExpr(index.index.get());
  if (!base.isValid())
    return Type();
  if (idx.isValid() && !isIndexLike(idx)) {
    diags.error(index.index ? startLoc(*index.index) : index.loc,
                "index must be an integer or a vertex, not " + quoted(idx));
    return Type();
  }
  switch (base.kind) {
  case Type::Vector:
    if (idx.kind == Type::Element && idx.element != base.element) {
      diags.error(index.loc, "cannot index " + quoted(base) + " with a vertex of type " +
                                 quoted(idx));
      return Type();
    }
    [[fallthrough]];
  case Type::FixedVector:
    return base.value ? *base.value : Type();
  case Type::List:
    if (isArgv(index.base.get())) {
      auto *position = dyn_cast<IntLitExpr>(index.index.get());
      if (position && position->value > std::numeric_limits<int32_t>::max())
        diags.error(startLoc(*index.index),
                    "argv[" + llvm::Twine(position->value) + "] is beyond any command line (at most " +
                        llvm::Twine(std::numeric_limits<int32_t>::max()) + " arguments)");
      return Type(Type::String);
    }
    break;
  default:
    break;
  }
  diags.error(index.base ? startLoc(*index.base) : index.loc,
              "a value of type " + quoted(base) + " cannot be indexed");
  return Type();
}

Type Sema::checkNew(NewExpr &alloc) {
  const Type &t = alloc.allocated;
  // A new vertexset's argument is a count: `edges.getVertices()` there is
  // the vertex count, as in GraphIt's own programs.
  const Type integer(Type::Int);
  std::vector<Type> args;
  for (ExprPtr &arg : alloc.args)
    args.push_back(checkExpr(arg.get(), t.kind == Type::VertexSet ? &integer : nullptr));
  if (!checkTypeWellFormed(t, alloc.loc))
    return Type();
  switch (t.kind) {
  case Type::PriorityQueue:
    return checkNewPriorityQueue(alloc, args);
  case Type::VertexSet:
    // `new vertexset{V}(n)`: all of 0..n-1, or empty for 0.
    if (!checkArgCount(alloc.loc, "new " + t.str(), 1, 1, args.size(), nullptr))
      return t;
    if (args[0].isValid() && !isIndexLike(args[0]))
      diags.error(startLoc(*alloc.args[0]),
                  "the size of a new vertexset must be an integer, not " + quoted(args[0]));
    return t;
  case Type::List:
  case Type::Vector:
  case Type::FixedVector:
    checkArgCount(alloc.loc, "new " + t.str(), 0, 0, args.size(), nullptr);
    return t;
  default:
    diags.error(alloc.loc, "cannot create a " + quoted(t) +
                               " with 'new' (only vertexsets, vectors, lists and priority queues)");
    return Type();
  }
}
