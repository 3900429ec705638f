//===- CheckMethods.cpp - Methods and the functions they apply ------------===//
//
// The operations on graphs are methods: `edges.from(frontier).to(f)
// .applyModified(update, dist)`. Each receiver type has its own table here.
// Traversal filters (from/to/srcFilter/dstFilter) keep the edgeset type, so
// a chain types like its receiver until the final apply.
//
//===----------------------------------------------------------------------===//
#include "SemaImpl.h"
#include "TypeRules.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;
using llvm::isa_and_nonnull;

Type Sema::checkMethodCall(MethodCallExpr &call, const Type *expected) {
  Type receiver = checkExpr(call.receiver.get());
  // Resolved once here: each receiver's table below accepts its own methods
  // and reports the rest, so a misspelt method is an error.
  call.methodKind = methodNamed(call.method);
  switch (receiver.kind) {
  case Type::EdgeSet: return checkEdgeSetMethod(call, receiver, expected);
  case Type::VertexSet: return checkVertexSetMethod(call, receiver);
  case Type::Vector:
  case Type::FixedVector: return checkVectorMethod(call, receiver);
  case Type::List:
    if (!isArgv(call.receiver.get()))
      return checkListMethod(call, receiver);
    break;
  case Type::PriorityQueue: return checkPriorityQueueMethod(call, receiver);
  case Type::Invalid:
    for (ExprPtr &arg : call.args)
      checkExpr(arg.get());
    return Type();
  default:
    break;
  }
  for (ExprPtr &arg : call.args)
    checkExpr(arg.get());
  diags.error(call.loc, "no method named '" + call.method + "' on type " + quoted(receiver));
  return Type();
}

static bool unknownMethod(DiagnosticEngine &diags, MethodCallExpr &call, const Type &receiver) {
  diags.error(call.loc, "no method named '" + call.method + "' on type " + quoted(receiver));
  return false;
}

Type Sema::checkEdgeSetMethod(MethodCallExpr &call, const Type &edges, const Type *expected) {
  const std::string &m = call.method;
  const Method k = call.methodKind;
  auto count = [&](size_t min, size_t max) {
    return checkArgCount(call.loc, m, min, max, call.args.size(), nullptr);
  };
  auto checkAllArgs = [&] {
    for (ExprPtr &arg : call.args)
      checkExpr(arg.get());
  };

  if (k == Method::GetVertices) {
    count(0, 0);
    // Assigned to an int, it is the vertex count (GraphIt allows both).
    if (expected && expected->isIntegral())
      return Type(Type::Int);
    return Type::vertexSet(edges.srcElement);
  }
  if (k == Method::GetOutDegrees) {
    count(0, 0);
    return Type::vector(edges.srcElement, Type(Type::Int));
  }
  if (k == Method::GetOutDegreesUint) { // GraphIt's unsigned degrees (its k-core)
    count(0, 0);
    return Type::vector(edges.srcElement, Type(Type::UInt));
  }
  if (k == Method::GetOutDegree) {
    checkAllArgs();
    if (count(1, 1) && call.args[0]->type.isValid() &&
        !isVertexOf(call.args[0]->type, edges.srcElement))
      diags.error(startLoc(*call.args[0]), "'getOutDegree' needs a vertex, not " +
                                               quoted(call.args[0]->type));
    return Type(Type::Int);
  }
  if (k == Method::GetOutNeighbor) {
    // edges.getOutNeighbor(v, i): v's i-th out-neighbour, in the order the
    // graph stores them (Afforest's sampled neighbours).
    checkAllArgs();
    if (count(2, 2)) {
      const Type &vertex = call.args[0]->type, &index = call.args[1]->type;
      if (vertex.isValid() && !isVertexOf(vertex, edges.srcElement))
        diags.error(startLoc(*call.args[0]),
                    "'getOutNeighbor' needs a vertex, not " + quoted(vertex));
      if (index.isValid() && !index.isIntegral())
        diags.error(startLoc(*call.args[1]),
                    "'getOutNeighbor' needs an integer position, not " + quoted(index));
    }
    return Type::elementOf(edges.dstElement);
  }
  if (k == Method::GetNgh) {
    checkAllArgs();
    count(1, 1);
    return Type::vertexSet(edges.dstElement);
  }
  if (k == Method::Transpose) {
    count(0, 0);
    return Type::edgeSet(edges.element, edges.dstElement, edges.srcElement, edges.value.get());
  }
  if (k == Method::Relabel) {
    count(0, 0);
    return edges;
  }
  if (k == Method::Apply) {
    if (count(1, 1))
      checkEdgeFunction(*call.args[0], edges, m);
    // A bool edge function's results make the output where the program
    // takes one (`var output : vertexset{V} = edges.apply(f);`).
    auto *name = call.args.size() == 1 ? dyn_cast<NameExpr>(call.args[0].get()) : nullptr;
    auto *functor = call.args.size() == 1 ? dyn_cast<FunctorExpr>(call.args[0].get()) : nullptr;
    auto *func = functor ? functor->func : name ? dyn_cast_or_null<FuncDecl>(name->decl) : nullptr;
    bool returnsBool = func && func->result && func->result->type.kind == Type::Bool;
    if (returnsBool && expected && expected->kind == Type::VertexSet)
      return Type::vertexSet(edges.dstElement);
    // GraphIt's own programs do this (simple_mis.gt): a warning, not an error.
    if (returnsBool && !expected)
      diags.warning(startLoc(*call.args[0]),
                    "'" + func->name + "' returns bool, but the vertexset of the destinations it "
                    "returns true for is not used here: its results are dropped");
    return Type(Type::Void);
  }
  if (k == Method::ApplyModified) {
    if (!count(2, 3))
      return Type::vertexSet(edges.dstElement);
    checkEdgeFunction(*call.args[0], edges, m);
    Type tracked = checkExpr(call.args[1].get());
    if (tracked.isValid() && !(tracked.kind == Type::Vector && tracked.element == edges.dstElement))
      diags.error(startLoc(*call.args[1]),
                  "'applyModified' tracks changes of a vector{" + edges.dstElement +
                      "}(...), not of a value of type " + quoted(tracked));
    if (call.args.size() == 3) {
      Type early = checkExpr(call.args[2].get());
      if (early.isValid() && early.kind != Type::Bool)
        diags.error(startLoc(*call.args[2]),
                    "the third argument of 'applyModified' must be 'bool', not " + quoted(early));
    }
    return Type::vertexSet(edges.dstElement);
  }
  if (k == Method::From) {
    if (count(1, 1))
      checkVertexSetOrFilter(*call.args[0], edges.srcElement, m);
    return edges;
  }
  if (k == Method::To || k == Method::DstFilter) {
    if (count(1, 1))
      checkVertexSetOrFilter(*call.args[0], edges.dstElement, m);
    return edges;
  }
  if (k == Method::SrcFilter) {
    if (count(1, 1))
      checkVertexFunction(*call.args[0], edges.srcElement, m, /*isFilter=*/true);
    return edges;
  }
  if (k == Method::ApplyUpdatePriority) {
    // f changes priorities through a queue's update methods; the traversal
    // itself returns nothing.
    if (count(1, 1))
      checkEdgeFunction(*call.args[0], edges, m);
    return Type(Type::Void);
  }
  checkAllArgs();
  unknownMethod(diags, call, edges);
  return Type();
}

Type Sema::checkVertexSetMethod(MethodCallExpr &call, const Type &set) {
  const std::string &m = call.method;
  const Method k = call.methodKind;
  auto count = [&](size_t min, size_t max) {
    return checkArgCount(call.loc, m, min, max, call.args.size(), nullptr);
  };
  if (k == Method::Apply) {
    if (count(1, 1))
      checkVertexFunction(*call.args[0], set.element, m, /*isFilter=*/false);
    return Type(Type::Void);
  }
  if (k == Method::Filter || k == Method::Where) {
    if (count(1, 1))
      checkVertexFunction(*call.args[0], set.element, m, /*isFilter=*/true);
    return set;
  }
  if (k == Method::ApplyUpdatePriorityExtern) {
    // f(set) is C++ that changes priorities itself and returns the vertices
    // it changed, which the program's priority queue re-buckets.
    if (!count(1, 1))
      return Type(Type::Void);
    FuncDecl *f = functionArgument(*call.args[0], m);
    if (f && !(f->params.size() == 1 && f->params[0]->type == set && f->result &&
               f->result->type == set))
      diags.error(startLoc(*call.args[0]), "'" + m + "' takes a function from " + quoted(set) +
                                               " to " + quoted(set) + " (the vertices whose "
                                               "priorities it changed)");
    return Type(Type::Void);
  }
  if (k == Method::Size || k == Method::GetVertexSetSize) {
    count(0, 0);
    return Type(Type::Int);
  }
  if (k == Method::AddVertex) {
    for (ExprPtr &arg : call.args)
      checkExpr(arg.get());
    if (count(1, 1) && call.args[0]->type.isValid() &&
        !isVertexOf(call.args[0]->type, set.element))
      diags.error(startLoc(*call.args[0]), "cannot add a value of type " +
                                               quoted(call.args[0]->type) + " to " + quoted(set));
    return Type(Type::Void);
  }
  for (ExprPtr &arg : call.args)
    checkExpr(arg.get());
  unknownMethod(diags, call, set);
  return Type();
}

Type Sema::checkVectorMethod(MethodCallExpr &call, const Type &vector) {
  for (ExprPtr &arg : call.args)
    checkExpr(arg.get());
  if (call.methodKind == Method::Sum || call.methodKind == Method::Max) {
    checkArgCount(call.loc, call.method, 0, 0, call.args.size(), nullptr);
    Type value = vector.value ? *vector.value : Type();
    if (value.isValid() && !value.isNumeric()) {
      diags.error(call.loc, "'" + call.method + "' needs a vector of numbers, not " +
                                quoted(vector));
      return Type();
    }
    return value;
  }
  unknownMethod(diags, call, vector);
  return Type();
}

Type Sema::checkListMethod(MethodCallExpr &call, const Type &list) {
  std::vector<Type> args;
  for (ExprPtr &arg : call.args)
    args.push_back(checkExpr(arg.get()));
  Type value = list.value ? *list.value : Type();
  if (call.methodKind == Method::Append) {
    if (checkArgCount(call.loc, call.method, 1, 1, args.size(), nullptr) &&
        !canAssign(value, args[0]))
      diags.error(startLoc(*call.args[0]), "cannot append a value of type " + quoted(args[0]) +
                                               " to " + quoted(list));
    return Type(Type::Void);
  }
  if (call.methodKind == Method::Pop) {
    checkArgCount(call.loc, call.method, 0, 0, args.size(), nullptr);
    return value;
  }
  if (call.methodKind == Method::Size) {
    checkArgCount(call.loc, call.method, 0, 0, args.size(), nullptr);
    return Type(Type::Int);
  }
  unknownMethod(diags, call, list);
  return Type();
}

//===----------------------------------------------------------------------===//
// Applied functions
//===----------------------------------------------------------------------===//

FuncDecl *Sema::functionArgument(Expr &arg, llvm::StringRef method) {
  Type t = checkExpr(&arg);
  if (auto *functor = dyn_cast<FunctorExpr>(&arg))
    return functor->func;
  if (auto *name = dyn_cast<NameExpr>(&arg))
    if (auto *func = dyn_cast_or_null<FuncDecl>(name->decl)) {
      if (!func->boundParams.empty()) {
        diags.error(startLoc(arg), "functor '" + func->name + "' is applied with its bound "
                                   "arguments, as " + func->name + "[...]");
        diags.note(func->loc, "'" + func->name + "' declared here");
        return nullptr;
      }
      return func;
    }
  if (t.isValid())
    diags.error(startLoc(arg), "'" + method + "' expects the name of a function, not a value "
                                              "of type " + quoted(t));
  return nullptr;
}

static std::string signature(const FuncDecl &func) {
  std::string s = "(";
  for (size_t i = 0; i < func.params.size(); ++i)
    s += (i ? ", " : "") + func.params[i]->type.str();
  return s + ")";
}

void Sema::checkEdgeFunction(Expr &arg, const Type &edges, llvm::StringRef method) {
  FuncDecl *func = functionArgument(arg, method);
  if (!func || hasUnusableSignature(*func))
    return;
  // The function receives source, destination and, if weighted, the weight.
  std::vector<std::string> wanted{edges.srcElement, edges.dstElement};
  if (edges.value)
    wanted.push_back(edges.value->str());
  bool ok = func->params.size() == wanted.size() &&
            isVertexOf(func->params[0]->type, edges.srcElement) &&
            isVertexOf(func->params[1]->type, edges.dstElement) &&
            (!edges.value || canAssign(func->params[2]->type, *edges.value));
  if (ok)
    return;
  std::string shape = "(";
  for (size_t i = 0; i < wanted.size(); ++i)
    shape += (i ? ", " : "") + wanted[i];
  shape += ")";
  diags.error(startLoc(arg), "edge function '" + func->name + "' must take " + shape +
                                 " to be applied to " + quoted(edges) + ", but takes " +
                                 signature(*func));
  diags.note(func->loc, "'" + func->name + "' declared here");
}

void Sema::checkVertexFunction(Expr &arg, const std::string &element, llvm::StringRef method,
                               bool isFilter) {
  FuncDecl *func = functionArgument(arg, method);
  if (!func || hasUnusableSignature(*func))
    return;
  if (func->params.size() != 1 || !isVertexOf(func->params[0]->type, element)) {
    diags.error(startLoc(arg), "vertex function '" + func->name + "' must take (" + element +
                                   ") to be used by '" + method + "', but takes " +
                                   signature(*func));
    diags.note(func->loc, "'" + func->name + "' declared here");
    return;
  }
  if (isFilter && !(func->result && func->result->type.kind == Type::Bool)) {
    diags.error(startLoc(arg), "filter function '" + func->name + "' used by '" + method +
                                   "' must return 'bool'");
    diags.note(func->loc, "'" + func->name + "' declared here");
  }
}

void Sema::checkVertexSetOrFilter(Expr &arg, const std::string &element,
                                  llvm::StringRef method) {
  if (auto *name = dyn_cast<NameExpr>(&arg))
    if (isa_and_nonnull<FuncDecl>(lookup(name->name))) {
      checkVertexFunction(arg, element, method, /*isFilter=*/true);
      return;
    }
  if (llvm::isa<FunctorExpr>(&arg)) {
    checkVertexFunction(arg, element, method, /*isFilter=*/true);
    return;
  }
  Type t = checkExpr(&arg);
  if (t.isValid() && !(t.kind == Type::VertexSet && t.element == element))
    diags.error(startLoc(arg), "'" + method + "' expects a vertexset{" + element +
                                   "} or a filter function, not a value of type " + quoted(t));
}
