//===- EmitExpr.cpp - Expressions -----------------------------------------===//
//
// Expressions are printed with C++ precedence so that the output has the
// parentheses a person would write and no more.
//
//===----------------------------------------------------------------------===//
#include "EmitFusedFields.h"
#include "Emitter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"

#include <utility>

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;

namespace {

enum Precedence {
  kOr = 3,
  kAnd = 4,
  kEquality = 9,
  kRelational = 10,
  kAdditive = kAdditivePrecedence,
  kMultiplicative = 13,
  kUnary = 15,
  kPrimary = 16,
};

int precedenceOf(BinaryOp op) {
  switch (op) {
  case BinaryOp::Or: return kOr;
  case BinaryOp::And: return kAnd;
  case BinaryOp::Xor:
  case BinaryOp::Eq:
  case BinaryOp::Ne: return kEquality;
  case BinaryOp::Lt:
  case BinaryOp::Le:
  case BinaryOp::Gt:
  case BinaryOp::Ge: return kRelational;
  case BinaryOp::Add:
  case BinaryOp::Sub: return kAdditive;
  case BinaryOp::Mul:
  case BinaryOp::Div: return kMultiplicative;
  case BinaryOp::Pow: return kPrimary;
  }
  llvm_unreachable("a BinaryOp outside the enum");
}

const char *cppOperator(BinaryOp op) {
  switch (op) {
  case BinaryOp::Or: return "||";
  case BinaryOp::And: return "&&";
  case BinaryOp::Xor: return "!="; // on bools
  default: return spelling(op);
  }
}

std::string quoted(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
    case '\n': out += "\\n"; break;
    case '\t': out += "\\t"; break;
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    default: out += c;
    }
  }
  return out + "\"";
}

std::string withParens(std::string text, int precedence, int needed) {
  return precedence < needed ? "(" + text + ")" : text;
}

} // namespace

std::string CppEmitter::expr(const Expr &e) {
  int precedence;
  return exprPrec(e, precedence);
}

std::string CppEmitter::exprAs(const Expr &e, const Type &type) {
  if (e.type == type || !type.isScalar() || !e.type.isScalar())
    return expr(e);
  // An integer literal is written in the wanted type rather than cast.
  if (auto *lit = dyn_cast<IntLitExpr>(&e); lit && type.isNumeric()) {
    std::string digits = std::to_string(lit->value);
    if (type.kind == Type::Double)
      return digits + ".0";
    if (type.kind == Type::Float)
      return digits + ".0f";
    if (type.kind == Type::Int)
      return expr(e);
  }
  return "static_cast<" + cppType(type) + ">(" + expr(e) + ")";
}

std::string CppEmitter::initialValue(const Expr *init, const Type &valueType) {
  if (!init)
    return cppType(valueType) + "()";
  if (valueType.kind == Type::FixedVector && init->type.isScalar())
    return "polyrt::splat<" + cppType(*valueType.value) + ", " +
           std::to_string(valueType.length) + ">(" + exprAs(*init, *valueType.value) + ")";
  return exprAs(*init, valueType);
}

std::string CppEmitter::exprPrec(const Expr &e, int &precedence) {
  precedence = kPrimary;
  switch (e.getKind()) {
  case Expr::IntLit: {
    int64_t v = cast<IntLitExpr>(e).value;
    bool wide = v > INT32_MAX || v < INT32_MIN;
    return std::to_string(v) + (wide ? "LL" : "");
  }
  case Expr::FloatLit: {
    std::string s = cast<FloatLitExpr>(e).spelling;
    return e.type.kind == Type::Float ? s + "f" : s;
  }
  case Expr::BoolLit: return cast<BoolLitExpr>(e).value ? "true" : "false";
  case Expr::StringLit: return quoted(cast<StringLitExpr>(e).value);
  case Expr::Functor: // lowering specialises every application
    error(e.loc, "internal error: functor '" + cast<FunctorExpr>(e).name + "' was not specialised");
    return "";
  case Expr::Name: {
    auto &n = cast<NameExpr>(e);
    // A fused vector as a whole (fuseFields) is read as a copy of its field.
    if (const FusedFieldGroup *g = fusedGroupOf(module, n.decl))
      return fusedFieldCopy(*g, *n.decl);
    return cppName(n.name);
  }
  case Expr::Unary: {
    auto &u = cast<UnaryExpr>(e);
    int inner;
    std::string operand = exprPrec(*u.operand, inner);
    // -(lowest int) does not fit; a negated literal always does.
    if (u.op == UnaryOp::Neg && !llvm::isa<IntLitExpr>(*u.operand) &&
        !module.overflowFreeArithmetic.count(&e))
      if (std::string checked = checkedNegation(e.type, operand, u.loc); !checked.empty())
        return checked;
    precedence = kUnary;
    const char *op = u.op == UnaryOp::Neg ? "-" : u.op == UnaryOp::Plus ? "+" : "!";
    return op + withParens(operand, inner, kUnary);
  }
  case Expr::Binary: {
    auto &b = cast<BinaryExpr>(e);
    if (b.op == BinaryOp::Pow) {
      // std::pow computes in floating point; an integer power stays
      // integral, and one its type cannot hold stops the program.
      if (e.type.isIntegral())
        return "polyrt::integerPower<" + cppType(e.type) + ">(" + expr(*b.lhs) + ", " +
               expr(*b.rhs) + ", \"" + sourcePlace(b.loc) + "\")";
      return "std::pow(" + expr(*b.lhs) + ", " + expr(*b.rhs) + ")";
    }
    // int + - * stop on overflow and integer / on a zero divisor, with a
    // message naming the place (EmitCheckedArithmetic.cpp), unless the
    // value-ranges pass proved that the result fits.
    if (!module.overflowFreeArithmetic.count(&e))
      if (std::string checked = checkedBinary(b.op, e.type, expr(*b.lhs), expr(*b.rhs), b.loc);
          !checked.empty())
        return checked;
    precedence = precedenceOf(b.op);
    int lp, rp;
    std::string lhs = exprPrec(*b.lhs, lp), rhs = exprPrec(*b.rhs, rp);
    // `a || b && c` is what the user meant, but compilers ask for the
    // parentheses (-Wparentheses), so && inside || keeps them.
    int needLeft = precedence, needRight = precedence + 1;
    if (b.op == BinaryOp::Or) {
      needLeft = lp == kAnd ? kAnd + 1 : needLeft;
      needRight = rp == kAnd ? kAnd + 1 : needRight;
    }
    return withParens(lhs, lp, needLeft) + " " + cppOperator(b.op) + " " +
           withParens(rhs, rp, needRight);
  }
  case Expr::Call: return call(cast<CallExpr>(e));
  case Expr::MethodCall: return methodCall(cast<MethodCallExpr>(e));
  case Expr::Index: {
    auto &ix = cast<IndexExpr>(e);
    if (isArgv(ix.base.get()))
      return "polyrt::argument(polyc_argc, polyc_argv, " + expr(*ix.index) + ")";
    if (auto checked = module.checkedIndices.find(&ix); checked != module.checkedIndices.end())
      return checkedElement(ix, checked->second); // serial code: a range check
    if (auto *base = dyn_cast<NameExpr>(ix.base.get());
        base && context && context->elementInLocal && base->decl == context->elementInLocal)
      if (auto *at = dyn_cast<NameExpr>(ix.index.get());
          at && at->decl == context->func->params[0].get())
        return context->elementLocal; // Accumulation::restingValue
    if (auto *base = dyn_cast<NameExpr>(ix.base.get()))
      if (const FusedFieldGroup *g = fusedGroupOf(module, base->decl)) // fuseFields
        return fusedElement(*g, llvm::cast<VarDecl>(*base->decl), expr(*ix.index));
    if (auto *base = dyn_cast<NameExpr>(ix.base.get()); base && context && context->replicaReads)
      for (const VarDecl *vector : *context->replicaReads)
        if (base->decl == vector) // configDataPlacement replicated
          return (context->replicaLocals ? replicaLocalName(*vector)
                                         : replicasName(*vector) + ".local()") +
                 "[" + expr(*ix.index) + "]";
    int bp;
    std::string base = exprPrec(*ix.base, bp);
    return withParens(base, bp, kPrimary) + "[" + expr(*ix.index) + "]";
  }
  case Expr::New: return newExpr(cast<NewExpr>(e));
  case Expr::VectorLit: {
    std::vector<std::string> elements;
    for (const ExprPtr &element : cast<VectorLitExpr>(e).elements)
      elements.push_back(exprAs(*element, *e.type.value));
    return cppType(e.type) + "{" + llvm::join(elements, ", ") + "}";
  }
  case Expr::EdgeTraversal:
  case Expr::VertexTraversal: return traversalCall(e);
  }
  llvm_unreachable("an Expr kind outside the enum");
}

namespace {
/// polyrt::IntersectionMethod's name for a configIntersection method.
const char *runtimeSpelling(IntersectionMethod m) {
  switch (m) {
  case IntersectionMethod::Hiroshi: return "Hiroshi";
  case IntersectionMethod::MultiSkip: return "MultiSkip";
  case IntersectionMethod::Naive: return "Naive";
  case IntersectionMethod::Combined: return "Combined";
  case IntersectionMethod::BinarySearch: return "BinarySearch";
  }
  llvm_unreachable("an IntersectionMethod outside the enum");
}

} // namespace

std::string CppEmitter::call(const CallExpr &c) {
  std::vector<std::string> args;
  for (const ExprPtr &a : c.args)
    args.push_back(expr(*a));
  std::string joined = llvm::join(args, ", ");
  if (c.func) {
    // Sets, vectors and lists are passed by reference; a temporary one is
    // given a name for the duration of the call.
    for (size_t i = 0; i < c.args.size() && i < c.func->params.size(); ++i) {
      if (passedByReference(c.func->params[i]->type))
        args[i] = lvalue(*c.args[i]);
      else if (module.checkedVertexArguments.count(c.args[i].get()))
        args[i] = "polyrt::checkedVertex(" + args[i] + ", " +
                  elementCount(c.func->params[i]->type.element) + ", " +
                  quotedPlace(c.args[i]->loc) + ")";
    }
    return cppFunctionName(*c.func) + "(" + llvm::join(args, ", ") + ")";
  }
  const std::string &f = c.callee; // the spelling, where C++ has the same name
  const Builtin b = c.builtin;
  if (b == Builtin::Load && c.type.kind != Type::EdgeSet)
    return error(c.loc, "load() must initialise an edgeset"), "";
  if (b == Builtin::Load) {
    std::string weight = c.type.value ? cppType(*c.type.value) : std::string("polyrt::NoWeight");
    if (module.distribution)
      return loadPart(weight, joined);
    return "polyrt::loadGraph<" + weight + ">(" + joined + ")";
  }
  if (b == Builtin::IntConversion) // Sema's conversion of a wider or floating value to int
    return "polyrt::toInt(" + joined + ", " + quotedPlace(c.loc) + ")";
  if (b == Builtin::Atoi)
    return "polyrt::parseInt(" + joined + ")";
  if (b == Builtin::Atof)
    return "polyrt::parseDouble(" + joined + ")";
  if (b == Builtin::WriteMin)
    return "polyrt::writeMin(" + atomicElementAddress(c) + ", static_cast<" +
           cppType(*c.args[0]->type.value) + ">(" + expr(*c.args[2]) + "))";
  if (b == Builtin::CompareAndSwap) {
    const Type &element = *c.args[0]->type.value;
    return "polyrt::compareAndSwap<" + cppType(element) + ">(" +
           atomicElementAddress(c) + ", " + exprAs(*c.args[2], element) + ", " +
           exprAs(*c.args[3], element) + ")";
  }
  if (b == Builtin::Fabs || b == Builtin::Sqrt || b == Builtin::Floor || b == Builtin::Pow ||
      b == Builtin::Log)
    return "std::" + f + "(" + joined + ")";
  if (b == Builtin::Min || b == Builtin::Max) {
    if (c.args.size() != 2)
      return error(c.loc, f + " takes two arguments"), "";
    // std::min wants one type; promote as the arithmetic would.
    Type common = promote(c.args[0]->type, c.args[1]->type);
    return "std::" + f + "(" + exprAs(*c.args[0], common) + ", " + exprAs(*c.args[1], common) +
           ")";
  }
  if (b == Builtin::ToDouble)
    return "static_cast<double>(" + joined + ")";
  if (b == Builtin::StartTimer || b == Builtin::StopTimer)
    return "polyrt::" + f + "()";
  // configIntersection's method, as a last argument (none: the default).
  std::string method;
  if (auto it = module.intersectionMethods.find(&c); it != module.intersectionMethods.end())
    method = std::string(", polyrt::IntersectionMethod::") + runtimeSpelling(it->second);
  if (b == Builtin::IntersectNeighbor && c.args.size() == 3) {
    if (context && context->intersectionAtEdge == &c)
      return "polyrt::neighborIntersectionCountBeforeEdge(" + expr(*c.args[0]) + ", " +
             expr(*c.args[1]) + ", " + expr(*c.args[2]) + ", polyc_edge" + method + ")";
    return "polyrt::neighborIntersectionCount(" + expr(*c.args[0]) + ", " + expr(*c.args[1]) +
           ", " + expr(*c.args[2]) + method + ")";
  }
  if (b == Builtin::Intersection && c.args.size() == 5) {
    return "polyrt::intersectionCount(" + lvalue(*c.args[0]) + ", " + lvalue(*c.args[1]) + ", " +
           expr(*c.args[4]) + method + ")";
  }
  error(c.loc, "the built-in function '" + f + "' is not supported yet");
  return "";
}

std::string CppEmitter::elementAddress(const Expr &vector, const Expr &index) {
  if (auto *name = dyn_cast<NameExpr>(&vector))
    if (const FusedFieldGroup *g = fusedGroupOf(module, name->decl)) // fuseFields
      return "&" + fusedElement(*g, llvm::cast<VarDecl>(*name->decl), expr(index));
  return "&" + lvalue(vector) + "[" + expr(index) + "]";
}

std::string CppEmitter::methodCall(const MethodCallExpr &m) {
  int rp;
  std::string receiver = exprPrec(*m.receiver, rp);
  receiver = withParens(receiver, rp, kPrimary);
  std::string arg = m.args.empty() ? "" : expr(*m.args[0]);
  const std::string &name = m.method; // the spelling, where polyrt has the same name
  const Method k = m.methodKind;
  // Distributed, the edgeset holds the rank's part; degrees are the whole
  // graph's, which the part keeps (polyrt/distributed.h).
  if (module.distribution && (k == Method::GetOutDegrees || k == Method::GetOutDegreesUint ||
                              k == Method::GetOutDegree))
    receiver = kRankPart;
  if (k == Method::GetVertices)
    return m.type.kind == Type::VertexSet
               ? "polyrt::VertexSubset(" + receiver + ".numVertices(), true)"
               : receiver + ".numVertices()";
  if (k == Method::GetOutDegrees)
    return "polyrt::outDegrees(" + receiver + ")";
  if (k == Method::GetOutDegreesUint)
    return "polyrt::outDegrees<uint32_t>(" + receiver + ")";
  // A vertex the in-range-vertices pass proved is one of the receiver's.
  const std::string inRange =
      module.inRangeVertexQueries.count(&m) ? ", polyrt::QueryVertex::InRange" : "";
  if (k == Method::GetOutDegree)
    return (module.comparedOutDegrees.count(&m) ? "polyrt::comparedOutDegree("
                                                : "polyrt::outDegreeAsInt(") +
           receiver + ", " + arg + inRange + ")";
  if (k == Method::GetOutNeighbor)
    return "polyrt::outNeighbor(" + receiver + ", " + arg + ", " + expr(*m.args[1]) + inRange +
           ")";
  if (k == Method::GetNgh)
    return "polyrt::outNeighbors(" + receiver + ", " + arg + ")";
  if (k == Method::Transpose)
    return receiver + ".transpose()";
  if (k == Method::Relabel)
    return "polyrt::relabelByDegree(" + receiver + ")";
  if (k == Method::Size || k == Method::GetVertexSetSize)
    return "static_cast<" + cppType(m.type) + ">(" + receiver + ".size())";
  if (k == Method::AddVertex)
    return startVertexAdded(m, receiver, arg);
  if (k == Method::Sum)
    if (auto *named = llvm::dyn_cast<NameExpr>(m.receiver.get()))
      if (auto *vector = llvm::dyn_cast_or_null<VarDecl>(named->decl);
          vector && module.summedVectors.count(vector))
        return "static_cast<" + cppType(m.type) + ">(" + summedName(*vector) + ")";
  if (k == Method::Sum && module.distribution && module.distribution->ownedSums.count(&m))
    return checksOverflow(m.type) ? std::string("polyrt::dist::sumOwnedInts(") + kRankPart +
                                        ", " + receiver + ", " + quotedPlace(m.loc) + ")"
                                  : std::string("polyrt::dist::sumOwned(") + kRankPart + ", " +
                                        receiver + ")";
  if (k == Method::Sum && checksOverflow(m.type)) // summed in 64 bits, checked once
    return "polyrt::sumOfInts(" + receiver + ", " + quotedPlace(m.loc) + ")";
  if (k == Method::Sum || k == Method::Max)
    return "polyrt::" + name + "(" + receiver + ")";
  if (k == Method::Append)
    return receiver + ".push_back(" + arg + ")";
  if (k == Method::Pop)
    return "polyrt::popBack(" + receiver + ")";
  if (m.receiver->type.kind == Type::PriorityQueue)
    return priorityQueueCall(receiver, m);
  if (k == Method::ApplyUpdatePriorityExtern) {
    const VarDecl *queue = module.externPriorityUpdates.at(&m);
    auto *f = llvm::cast<NameExpr>(m.args[0].get());
    return cppName(queue->name) + ".rebucket(" +
           cppFunctionName(*llvm::cast<FuncDecl>(f->decl)) + "(" + lvalue(*m.receiver) + "))";
  }
  error(m.loc, "the method '" + name + "' is not supported yet");
  return "";
}

std::string CppEmitter::newExpr(const NewExpr &n) {
  const Type &t = n.allocated;
  if (t.kind == Type::VertexSet)
    return "polyrt::newVertexSet(" + elementCount(t.element) + ", " +
           (n.args.empty() ? "0" : expr(*n.args[0])) + ")";
  if (t.kind == Type::List || t.kind == Type::FixedVector)
    return cppType(t) + "{}"; // a fixed vector's elements start at 0
  if (t.kind == Type::Vector)
    return cppType(t) + "(" + elementCount(t.element) + ", " + initialValue(nullptr, *t.value) +
           ")";
  if (t.kind == Type::PriorityQueue) {
    // (dupWithin, dupAcross, vector, bucketOrder, priorityOrder, insertAll,
    // start): each vertex is in a dequeued set once whatever the flags, and
    // the priority order is the bucket order's.
    auto found = module.priorityQueuePlans.find(&n);
    PriorityQueuePlan plan =
        found == module.priorityQueuePlans.end() ? PriorityQueuePlan() : found->second;
    std::string call = cppType(t) + "(" + expr(*n.args[2]) + ", " + expr(*n.args[3]) + ", " +
                       scheduleNumber(plan.delta, "delta") + ", " + expr(*n.args[5]) + ", " +
                       expr(*n.args[6]);
    // Eager, the constructor's default, also for bucket fusion (the
    // traversal drains).
    const char *mode = plan.update == PriorityUpdate::LazyPriorityUpdate ? "Lazy"
                       : plan.update == PriorityUpdate::ConstantSumReduceBeforeUpdate
                           ? "ConstantSum"
                           : nullptr;
    bool takenFinal = plan.whyTakenMayChange.empty();
    if (mode || plan.openBuckets || takenFinal)
      call += std::string(", polyrt::PriorityUpdateMode::") + (mode ? mode : "Eager");
    if (plan.openBuckets)
      call += ", " + scheduleNumber(*plan.openBuckets, "number of open buckets");
    else if (takenFinal)
      call += ", polyrt::kDefaultOpenBuckets";
    if (takenFinal)
      call += ", polyrt::TakenPriorities::Final";
    call += ")";
    // A delta read at run time must be 1 where the program reads the
    // current priority (the priority-update pass checked a literal one).
    if (plan.currentRead && plan.delta.fromArgv())
      call = "polyrt::requireDeltaOne(" + call + ")";
    return call;
  }
  error(n.loc, "'new " + t.str() + "' is not supported yet");
  return "";
}

std::string CppEmitter::priorityQueueCall(const std::string &queue, const MethodCallExpr &m) {
  std::vector<std::string> args;
  for (const ExprPtr &arg : m.args)
    args.push_back(expr(*arg));
  const std::string &name = m.method;
  const Method k = m.methodKind;
  if (k == Method::Finished)
    return queue + ".finished()";
  if (k == Method::DequeueReadySet || k == Method::DequeueReadySetCamel)
    return queue + ".dequeueReadySet()";
  if (k == Method::GetCurrentPriority)
    return queue + ".currentPriority()";
  if (k == Method::FinishedNode)
    return queue + ".finishedNode(" + args[0] + ")";
  // updatePriorityMin/Max(v, old, new): the queue reads the old value itself.
  if (k == Method::UpdatePriorityMin)
    return queue + ".updateMin(" + args[0] + ", " + args[2] + ")";
  if (k == Method::UpdatePriorityMax)
    return queue + ".updateMax(" + args[0] + ", " + args[2] + ")";
  if (k == Method::UpdatePrioritySum)
    return queue + ".updateSum(" + args[0] + ", " + args[1] + ", " + args[2] + ")";
  error(m.loc, "the method '" + name + "' is not supported yet");
  return "";
}

std::string CppEmitter::lvalue(const Expr &e) {
  // A fused vector as a whole is a copy of its field: a temporary too.
  bool named = (llvm::isa<NameExpr>(e) && !fusedGroupOf(module, cast<NameExpr>(e).decl)) ||
               llvm::isa<IndexExpr>(e);
  return named ? expr(e) : "polyrt::temporary(" + expr(e) + ")";
}

std::string CppEmitter::traversalCall(const Expr &e) {
  if (auto *t = dyn_cast<EdgeTraversalExpr>(&e)) {
    std::string args = lvalue(*t->edges);
    if (t->from)
      args += ", " + lvalue(*t->from);
    return traversalName(*t) + "(" + args + ")";
  }
  auto &v = cast<VertexTraversalExpr>(e);
  return traversalName(v) + "(" + lvalue(*v.set) + ")";
}

std::string CppEmitter::exprReadingReplicas(const Expr &e, const Type &type,
                                            const std::vector<const VarDecl *> &replicaReads,
                                            const CallExpr *intersectionAtEdge) {
  FunctionContext ctx;
  ctx.replicaReads = &replicaReads;
  ctx.intersectionAtEdge = intersectionAtEdge;
  const FunctionContext *outer = std::exchange(context, &ctx);
  std::string result = exprAs(e, type);
  context = outer;
  return result;
}

std::string polyc::summedName(const VarDecl &vector) {
  return "polyc_sum_of_" + cppName(vector.name);
}

std::string polyc::replicasName(const VarDecl &vector) {
  return "polyc_replicas_" + cppName(vector.name);
}

std::string polyc::elementRegisterName(const VarDecl &vector, const std::string &vertex) {
  return "polyc_" + cppName(vector.name) + "_" + cppName(vertex);
}

std::string polyc::replicaLocalName(const VarDecl &vector) {
  return "polyc_local_" + cppName(vector.name);
}
