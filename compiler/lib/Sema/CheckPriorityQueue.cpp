//===- CheckPriorityQueue.cpp - GraphIt's priority queues -----------------===//
//
// priority_queue{V}(T) orders the vertices of V by a per-vertex vector of T
// priorities that the program owns (docs/language.md, "Priority queues"):
//
//   pq = new priority_queue{V}(T)(dupWithinBucket, dupAcrossBuckets, vector,
//                                 bucketOrder, priorityOrder, insertAll, start);
//
// and is used through its methods and `edges.from(s).applyUpdatePriority(f)`.
//
//===----------------------------------------------------------------------===//
#include "SemaImpl.h"
#include "TypeRules.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;

bool Sema::checkPriorityQueueType(const Type &type, llvm::SMLoc loc) {
  if (!type.value || !type.value->isValid())
    return true;
  if (type.value->isIntegral())
    return true;
  diags.error(loc, "the priorities of a priority queue must be int, uint or uint_64, not '" +
                       type.value->str() + "'");
  return false;
}

Type Sema::checkNewPriorityQueue(NewExpr &alloc, std::vector<Type> &args) {
  const Type &t = alloc.allocated;
  if (!checkArgCount(alloc.loc, "new " + t.str(), 7, 7, args.size(), nullptr))
    return t;
  const char *names[] = {"duplicates within a bucket", "duplicates across buckets",
                         "priority vector", "bucket order", "priority order",
                         "insert every vertex", "start vertex"};
  for (unsigned i : {0u, 1u, 3u, 4u, 5u}) {
    bool flag = i != 3 && i != 4;
    if (args[i].isValid() && (flag ? args[i].kind != Type::Bool : !args[i].isIntegral()))
      diags.error(startLoc(*alloc.args[i]), llvm::Twine("the ") + names[i] + " argument must be " +
                                                (flag ? "a bool" : "an int") + ", not " +
                                                quoted(args[i]));
  }
  if (args[6].isValid() && !isVertexOf(args[6], t.element))
    diags.error(startLoc(*alloc.args[6]), "the start vertex must be a vertex of " + t.element +
                                              " or an int (-1 for none), not " +
                                              quoted(args[6]));
  // The queue reads the vector in place: it must be one that outlives it.
  auto *name = dyn_cast<NameExpr>(alloc.args[2].get());
  auto *vector = name ? dyn_cast_or_null<VarDecl>(name->decl) : nullptr;
  Type wanted = Type::vector(t.element, t.value ? *t.value : Type());
  if (!vector || !args[2].isValid() || args[2].kind != Type::Vector ||
      args[2].element != t.element || !args[2].value || !t.value ||
      args[2].value->kind != t.value->kind)
    diags.error(startLoc(*alloc.args[2]), "the priority vector must name a variable of type '" +
                                              wanted.str() + "'" +
                                              (args[2].isValid() ? ", not " + quoted(args[2])
                                                                 : std::string()));
  return t;
}

Type Sema::checkPriorityQueueMethod(MethodCallExpr &call, const Type &pq) {
  const std::string &m = call.method;
  const Method k = call.methodKind;
  std::vector<Type> args;
  for (ExprPtr &arg : call.args)
    args.push_back(checkExpr(arg.get()));
  Type priority = pq.value ? *pq.value : Type();
  auto count = [&](size_t n) { return checkArgCount(call.loc, m, n, n, args.size(), nullptr); };
  auto vertexArg = [&](size_t i) {
    if (args[i].isValid() && !isVertexOf(args[i], pq.element))
      diags.error(startLoc(*call.args[i]), "'" + m + "' takes a vertex of " + pq.element +
                                               ", not " + quoted(args[i]));
  };
  auto priorityArg = [&](size_t i, const char *what) {
    if (args[i].isValid() && !args[i].isIntegral() && args[i].kind != Type::Element)
      diags.error(startLoc(*call.args[i]), llvm::Twine("the ") + what + " of '" + m +
                                               "' must be an integer, not " + quoted(args[i]));
    else
      convertToInt(call.args[i], priority); // a uint_64 amount for int priorities
  };
  if (k == Method::Finished) {
    count(0);
    return Type(Type::Bool);
  }
  if (k == Method::DequeueReadySet || k == Method::DequeueReadySetCamel) {
    count(0);
    return Type::vertexSet(pq.element);
  }
  if (k == Method::GetCurrentPriority) {
    count(0);
    return priority;
  }
  if (k == Method::FinishedNode) {
    if (count(1))
      vertexArg(0);
    return Type(Type::Bool);
  }
  if (k == Method::UpdatePriorityMin || k == Method::UpdatePriorityMax) {
    if (count(3)) {
      vertexArg(0);
      priorityArg(1, "old priority");
      priorityArg(2, "new priority");
    }
    return Type(Type::Bool);
  }
  if (k == Method::UpdatePrioritySum) {
    if (count(3)) {
      vertexArg(0);
      priorityArg(1, "amount");
      priorityArg(2, "minimum");
    }
    return Type(Type::Bool);
  }
  diags.error(call.loc, "no method named '" + m + "' on type " + quoted(pq) +
                            " (finished, dequeue_ready_set, finishedNode, "
                            "get_current_priority, updatePriorityMin, updatePriorityMax, "
                            "updatePrioritySum)");
  return Type();
}
