//===- CheckCalls.cpp - Builtin and user function calls -------------------===//
#include "SemaImpl.h"
#include "TypeRules.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;

bool Sema::checkArgCount(llvm::SMLoc loc, llvm::StringRef callee, size_t min, size_t max,
                         size_t given, const Decl *declared) {
  if (given >= min && given <= max)
    return true;
  std::string expected = std::to_string(given < min ? min : max);
  if (min != max)
    expected = (given < min ? "at least " : "at most ") + expected;
  diags.error(loc, std::string(given < min ? "too few" : "too many") + " arguments to '" +
                       callee + "', expected " + expected + ", have " + std::to_string(given));
  if (declared)
    diags.note(declared->loc, "'" + declared->name + "' declared here");
  return false;
}

Type Sema::checkCall(CallExpr &call, const Type *expected) {
  if (Decl *decl = lookup(call.callee)) {
    if (auto *func = dyn_cast<FuncDecl>(decl))
      return checkUserCall(call, *func);
    for (ExprPtr &arg : call.args)
      checkExpr(arg.get());
    diags.error(call.loc, "'" + call.callee + "' is not a function");
    diags.note(decl->loc, "'" + call.callee + "' is declared here");
    return Type();
  }
  bool known = false;
  Type t = checkBuiltinCall(call, expected, known);
  if (!known) {
    for (ExprPtr &arg : call.args)
      checkExpr(arg.get());
    diags.error(call.loc, "call to undeclared function '" + call.callee + "'");
  }
  return t;
}

/// An argument for `param`, converted to a number where GraphIt converts
/// one (argv[N], a vertexset's size); reports "cannot <verb> a value ..."
/// and returns false when it does not fit. `type` is the argument's type.
bool Sema::checkArgument(ExprPtr &arg, Type &type, const ParamDecl &param, const char *verb) {
  if (!canAssign(param.type, type) && convertToNumber(arg, param.type))
    type = arg->type;
  if (canAssign(param.type, type)) {
    convertToInt(arg, param.type);
    return true;
  }
  diags.error(startLoc(*arg), std::string("cannot ") + verb + " a value of type " + quoted(type) +
                                  " to parameter '" + param.name + "' of type " +
                                  quoted(param.type));
  diags.note(param.loc, "parameter declared here");
  return false;
}

/// f[a, b]: the functor's bound parameters given. A vector, vertexset or
/// list is bound by reference, so its argument names a variable; a scalar
/// is bound to a variable or to a value.
Type Sema::checkFunctor(FunctorExpr &functor) {
  auto *func = llvm::dyn_cast_or_null<FuncDecl>(lookup(functor.name));
  std::vector<Type> args;
  for (ExprPtr &arg : functor.args)
    args.push_back(checkExpr(arg.get()));
  if (!func || func->boundParams.empty()) {
    diags.error(functor.loc, "'" + functor.name + "' is not a functor here");
    return Type();
  }
  functor.func = func;
  size_t bound = func->boundParams.size();
  if (!checkArgCount(functor.loc, functor.name, bound, bound, args.size(), func))
    return Type(Type::Function);
  for (size_t i = 0; i < args.size(); ++i) {
    ParamDecl &param = *func->boundParams[i];
    if (!args[i].isValid() || !checkArgument(functor.args[i], args[i], param, "bind"))
      continue;
    bool byReference = param.type.kind == Type::Vector || param.type.kind == Type::VertexSet ||
                       param.type.kind == Type::List;
    auto *name = dyn_cast<NameExpr>(functor.args[i].get());
    if (byReference && !(name && llvm::isa_and_nonnull<VarDecl>(name->decl))) {
      diags.error(startLoc(*functor.args[i]),
                  "functor '" + functor.name + "' binds '" + param.name +
                      "' by reference: pass the name of a variable");
      diags.note(param.loc, "parameter declared here");
    }
  }
  return Type(Type::Function);
}

Type Sema::checkUserCall(CallExpr &call, FuncDecl &func) {
  call.func = &func;
  if (!func.boundParams.empty() && !call.functor) {
    diags.error(call.loc, "'" + func.name + "' is a functor: call it with its bound arguments, "
                          "as " + func.name + "[...](...)");
    return Type();
  }
  if (call.functor)
    checkExpr(call.functor.get());
  std::vector<Type> args;
  for (ExprPtr &arg : call.args)
    args.push_back(checkExpr(arg.get()));
  Type result = func.result ? func.result->type : Type(Type::Void);
  if (!checkArgCount(call.loc, call.callee, func.params.size(), func.params.size(), args.size(),
                     &func))
    return result;
  for (size_t i = 0; i < args.size(); ++i)
    checkArgument(call.args[i], args[i], *func.params[i], "pass");
  return result;
}

Type Sema::checkBuiltinCall(CallExpr &call, const Type *expected, bool &known) {
  Builtin which = builtinNamed(call.callee);
  // `int(...)` is Sema's own conversion, which programs cannot call.
  if (which == Builtin::IntConversion)
    which = Builtin::None;
  call.builtin = which;
  known = which != Builtin::None;
  if (!known)
    return Type();

  std::vector<Type> args;
  for (ExprPtr &arg : call.args)
    args.push_back(checkExpr(arg.get()));
  size_t arity = which == Builtin::StartTimer || which == Builtin::StopTimer ? 0
                 : which == Builtin::Intersection                          ? 5
                 : which == Builtin::CompareAndSwap                        ? 4
                 : which == Builtin::AtomicAdd || which == Builtin::IntersectNeighbor ||
                         which == Builtin::WriteMin
                     ? 3
                 : which == Builtin::Pow || which == Builtin::Min || which == Builtin::Max
                     ? 2
                     : 1;
  bool countOk = checkArgCount(call.loc, call.callee, arity, arity, args.size(), nullptr);

  // Reports argument i unless `ok`; `what` names what was wanted.
  auto require = [&](size_t i, bool ok, const char *what) {
    if (countOk && i < args.size() && args[i].isValid() && !ok)
      diags.error(startLoc(*call.args[i]), "argument " + std::to_string(i + 1) + " of '" +
                                               call.callee + "' must be " + what + ", not " +
                                               quoted(args[i]));
    return ok;
  };
  auto isString = [&](size_t i) { return i < args.size() && args[i].kind == Type::String; };
  auto isNumber = [&](size_t i) {
    return i < args.size() && isArithmetic(args[i]) && args[i].kind != Type::Bool;
  };

  switch (which) {
  case Builtin::Load:
    require(0, isString(0), "a file name (string)");
    // An edgeset's element and weight types are not in the file: they come
    // from the declaration that load(...) initialises.
    if (expected && expected->kind == Type::EdgeSet)
      return *expected;
    if (expected && expected->isValid())
      diags.error(call.loc, "'load' reads an edgeset, not a value of type " +
                                quoted(*expected));
    else if (!expected)
      diags.error(call.loc, "the edgeset type of 'load' is not known here; declare it, as in "
                            "'const edges : edgeset{Edge}(Vertex, Vertex) = load(argv[1]);'");
    return Type();
  case Builtin::Atoi:
    require(0, isString(0), "a string");
    return Type(Type::Int);
  case Builtin::Atof:
    require(0, isString(0), "a string");
    return Type(Type::Double);
  case Builtin::Fabs:
  case Builtin::Sqrt:
  case Builtin::Floor:
  case Builtin::Log:
  case Builtin::ToDouble:
    require(0, isNumber(0), "a number");
    return Type(Type::Double);
  case Builtin::Pow:
    require(0, isNumber(0), "a number");
    require(1, isNumber(1), "a number");
    return Type(Type::Double);
  case Builtin::Min:
  case Builtin::Max: {
    // Both operands are checked, so that both get their message.
    bool first = require(0, isNumber(0), "a number");
    bool ok = require(1, isNumber(1), "a number") && first;
    return ok && countOk ? promote(args[0], args[1]) : Type();
  }
  case Builtin::StartTimer:
    return Type(Type::Void);
  case Builtin::StopTimer:
    return Type(Type::Double);
  case Builtin::Intersection: {
    // intersection(a, b, sizeA, sizeB, bound): how many vertices below bound
    // are in both sets (triangle counting; GraphIt's sizes are only hints).
    auto isSet = [&](size_t i) { return i < args.size() && args[i].kind == Type::VertexSet; };
    require(0, isSet(0), "a vertexset");
    require(1, isSet(1), "a vertexset");
    for (size_t i = 2; i < 5; ++i)
      require(i, i < args.size() && (args[i].isIntegral() || args[i].kind == Type::Element),
              "an integer or a vertex");
    return Type(Type::UInt64);
  }
  case Builtin::IntersectNeighbor: {
    // intersectNeighbor(edges, a, b): the neighbours a and b share, below b.
    require(0, !args.empty() && args[0].kind == Type::EdgeSet, "an edgeset");
    for (size_t i = 1; i < 3; ++i)
      require(i, i < args.size() && (args[i].isIntegral() || args[i].kind == Type::Element),
              "a vertex or an integer");
    return Type(Type::UInt64);
  }
  case Builtin::AtomicAdd:
  case Builtin::WriteMin: {
    // atomicAdd(vec, v, x): vec[v] += x, made safe where other threads
    // write the element (lowering makes it that statement).
    // writeMin(vec, v, x): vec[v] = min(vec[v], x) atomically; true when it
    // changed (GraphIt's astar.gt).
    bool vector = require(0, !args.empty() && args[0].kind == Type::Vector && args[0].value,
                          "a per-vertex vector");
    require(1, args.size() > 1 && isIndexLike(args[1]), "a vertex or an integer");
    if (vector && countOk && args[2].isValid() && !canAssign(*args[0].value, args[2]))
      require(2, false, ("a value for its element type " + quoted(*args[0].value)).c_str());
    else if (vector && countOk)
      convertToInt(call.args[2], *args[0].value);
    if (vector && which == Builtin::WriteMin && !args[0].value->isNumeric())
      require(0, false, "a vector of numbers");
    return Type(which == Builtin::WriteMin ? Type::Bool : Type::Void);
  }
  case Builtin::CompareAndSwap: {
    // compareAndSwap(vec, v, expected, desired): if vec[v] equals expected,
    // sets it to desired, in one atomic step; true when it did (the
    // union-find hook of Afforest's connected components).
    bool vector = require(0, !args.empty() && args[0].kind == Type::Vector && args[0].value,
                          "a per-vertex vector");
    require(1, args.size() > 1 && isIndexLike(args[1]), "a vertex or an integer");
    const Type *element = vector ? args[0].value.get() : nullptr;
    if (element && !element->isNumeric() && element->kind != Type::Bool &&
        element->kind != Type::Element)
      require(0, false, "a vector of numbers, booleans or vertices");
    for (size_t i = 2; vector && countOk && i < 4; ++i)
      if (args[i].isValid() && !canAssign(*args[0].value, args[i]))
        require(i, false, ("a value for its element type " + quoted(*args[0].value)).c_str());
      else
        convertToInt(call.args[i], *args[0].value);
    return Type(Type::Bool);
  }
  case Builtin::None:
  case Builtin::IntConversion:
    break;
  }
  return Type();
}
