//===- PriorityUpdatePass.cpp - applyUpdatePriority and its schedules -----===//
//
// `edges.from(frontier).applyUpdatePriority(f)` walks the frontier's edges
// like apply; f changes priorities through a queue's update methods
// (pq.updatePriorityMin(dst, old, new), ...). The pass finds the queue each
// such traversal updates and decides how it is updated:
//
//  - configApplyPriorityUpdate: eager_priority_update (the default: each
//    update inserts the vertex into the updating thread's bins, as GAPBS's
//    delta-stepping), lazy_priority_update (an update marks the vertex, the
//    marked are bucketed once before the next dequeue, as Julienne), or
//    constant_sum_reduce_before_update (GraphIt's k-core schedule: calls of
//    updatePrioritySum(v, c, current priority) are counted per vertex and
//    summed once; checked to be the only updates), or
//    eager_priority_update_with_merge (eager, plus bucket fusion: each thread
//    processes its own entries of the current bucket at once while they are
//    fewer than configBucketMergeThreshold, where the loop around the
//    traversal is a plain ordered-processing loop; the loop-nest pass puts
//    it into the push loops).
//  - configApplyPriorityUpdateDelta (the bucket width) and
//    configNumOpenBuckets (the buckets held open before the overflow list).
//  - Whether a round may process a vertex twice at one priority, as the
//    bucket's entries hold it, or must claim each vertex it takes
//    (EdgeTraversalExpr::whyRoundsClaim, polyrt::Repeats): f's updates of
//    minima or maxima of values its source fixes do the same twice as once.
//  - Whether a taken vertex's priority is final (PriorityQueuePlan::
//    whyTakenMayChange): the queue's only updates are sums clamped at the
//    current priority, and nothing else writes its vector once it is made.
//  - Whether the traversal is the round of a plain ordered loop (take a
//    bucket, traverse it, nothing else; stop when the queue says so), which
//    bucket fusion needs and which the loop-nest pass may run in one
//    parallel region (EdgeTraversalExpr::orderedLoop).
// All are one PriorityQueuePlan per queue, given to every `new
// priority_queue` of it (Module::priorityQueuePlans); the runtime queue
// (polyrt::PriorityQueue) does the rest.
//
// A queue is updated by the threads of one traversal at a time: traversals
// inside a par_for (whose iterations would share its bins) are an error.
//
//===----------------------------------------------------------------------===//
#include "ScheduledOptions.h"

#include "polyc/AST/StmtWalk.h"
#include "polyc/IR/Clone.h"
#include "polyc/IR/IR.h"
#include "polyc/Passes/Effects.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

#include <functional>
#include <set>

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;
using llvm::dyn_cast_or_null;

namespace {

bool isPriorityUpdate(Method method) {
  return method == Method::UpdatePriorityMin || method == Method::UpdatePriorityMax ||
         method == Method::UpdatePrioritySum;
}

/// Calls fn(statement, call) for every method call in the statements of
/// `block` and of the blocks nested in them.
void forEachMethodCall(Block &block, const std::function<void(Stmt &, MethodCallExpr &)> &fn) {
  forEachStmtIn(block, [&](Stmt &s) {
    std::function<void(Expr &)> visit = [&](Expr &e) {
      if (auto *call = dyn_cast<MethodCallExpr>(&e))
        fn(s, *call);
      forEachChild(e, [&](ExprPtr &child) { visit(*child); });
    };
    forEachDirectExpr(s, [&](ExprPtr &e) { visit(*e); });
  });
}

/// The same over every function of the program.
void forEachMethodCall(Program &program,
                       const std::function<void(Stmt &, MethodCallExpr &)> &fn) {
  for (auto &decl : program.decls)
    if (auto *func = dyn_cast<FuncDecl>(decl.get()))
      forEachMethodCall(func->body, fn);
}

/// The variable a method is called on (`pq` in pq.finished()), or null.
const VarDecl *receiverVar(const MethodCallExpr &call) {
  auto *name = dyn_cast<NameExpr>(call.receiver.get());
  return name ? dyn_cast_or_null<VarDecl>(name->decl) : nullptr;
}

/// The `new priority_queue` expressions assigned to each queue variable.
std::map<const VarDecl *, std::vector<const NewExpr *>> queueAllocations(Program &program) {
  std::map<const VarDecl *, std::vector<const NewExpr *>> allocations;
  auto record = [&](const VarDecl *var, const Expr *value) {
    if (auto *alloc = dyn_cast_or_null<NewExpr>(value);
        var && alloc && alloc->allocated.kind == Type::PriorityQueue)
      allocations[var].push_back(alloc);
  };
  for (auto &decl : program.decls)
    if (auto *var = dyn_cast<VarDecl>(decl.get()))
      record(var, var->init.get());
  forEachStmt(program, [&](Stmt &s) {
    if (auto *assign = dyn_cast<AssignStmt>(&s)) {
      auto *name = dyn_cast<NameExpr>(assign->target.get());
      record(name ? dyn_cast_or_null<VarDecl>(name->decl) : nullptr, assign->value.get());
    } else if (auto *declStmt = dyn_cast<VarDeclStmt>(&s)) {
      record(declStmt->decl.get(), declStmt->decl->init.get());
    }
  });
  return allocations;
}

/// set.applyUpdatePriorityExtern(f) names no queue: GraphIt's programs have
/// one, which re-buckets what f returns.
bool recordExternUpdates(Module &module, DiagnosticEngine &diags) {
  std::vector<const MethodCallExpr *> calls;
  forEachMethodCall(*module.program, [&](Stmt &, MethodCallExpr &call) {
    if (call.methodKind == Method::ApplyUpdatePriorityExtern)
      calls.push_back(&call);
  });
  if (calls.empty())
    return true;
  std::vector<const VarDecl *> queues;
  for (auto &decl : module.program->decls)
    if (auto *var = dyn_cast<VarDecl>(decl.get()); var && var->type.kind == Type::PriorityQueue)
      queues.push_back(var);
  if (queues.size() != 1) {
    diags.error(calls.front()->loc, "applyUpdatePriorityExtern re-buckets in the program's "
                                    "priority queue, and the program has " +
                                        std::to_string(queues.size()) + " global ones");
    return false;
  }
  for (const MethodCallExpr *call : calls)
    module.externPriorityUpdates[call] = queues.front();
  return true;
}

/// The priority options belong to applyUpdatePriority traversals.
bool rejectPriorityOptions(const ApplySchedule *s, const std::string &label,
                           DiagnosticEngine &diags) {
  if (!s)
    return true;
  bool ok = true;
  auto reject = [&](llvm::SMLoc loc, const char *option) {
    reportNotApplicable(diags, loc, option, "applyUpdatePriority traversals", label);
    ok = false;
  };
  if (s->priorityUpdate)
    reject(s->priorityUpdate->loc, "configApplyPriorityUpdate");
  if (s->priorityDelta)
    reject(s->priorityDelta->loc, "configApplyPriorityUpdateDelta");
  if (s->openBuckets)
    reject(s->openBuckets->loc, "configNumOpenBuckets");
  if (s->bucketMergeThreshold)
    reject(s->bucketMergeThreshold->loc, "configBucketMergeThreshold");
  return ok;
}

bool sameNumber(const ScheduleNumber &a, const ScheduleNumber &b) {
  return a.value == b.value && a.argvIndex == b.argvIndex;
}

bool samePlan(const PriorityQueuePlan &a, const PriorityQueuePlan &b) {
  return a.update == b.update && sameNumber(a.delta, b.delta) &&
         a.openBuckets.has_value() == b.openBuckets.has_value() &&
         (!a.openBuckets || sameNumber(*a.openBuckets, *b.openBuckets));
}

/// An integer literal, negated or not: its value.
std::optional<int64_t> integerConstant(const Expr &e) {
  if (auto *lit = dyn_cast<IntLitExpr>(&e))
    return lit->value;
  if (auto *neg = dyn_cast<UnaryExpr>(&e); neg && neg->op == UnaryOp::Neg)
    if (auto value = integerConstant(*neg->operand))
      return -*value;
  return std::nullopt;
}

/// Sema's `int(e)` (a uint or uint_64 value stored in an int): e itself
/// wherever the program goes on, since it stops where e does not fit.
const Expr *convertedToInt(const Expr &e) {
  auto *call = dyn_cast<CallExpr>(&e);
  return call && !call->func && call->builtin == Builtin::IntConversion && call->args.size() == 1
             ? call->args[0].get()
             : nullptr;
}

/// `pq.get_current_priority()`, or a local initialised with it and never
/// assigned (`var k : int = pq.get_current_priority();` of a uint queue too).
bool isCurrentPriority(const Expr &e, const FuncDecl &f) {
  if (const Expr *value = convertedToInt(e))
    return isCurrentPriority(*value, f);
  if (auto *call = dyn_cast<MethodCallExpr>(&e))
    return call->methodKind == Method::GetCurrentPriority;
  auto *name = dyn_cast<NameExpr>(&e);
  auto *var = name ? dyn_cast_or_null<VarDecl>(name->decl) : nullptr;
  if (!var || var->storage != VarDecl::Local || !var->init || !isCurrentPriority(*var->init, f))
    return false;
  bool assigned = false;
  forEachStmtIn(f.body, [&](Stmt &s) {
    if (auto *assign = dyn_cast<AssignStmt>(&s))
      if (auto *target = dyn_cast<NameExpr>(assign->target.get()); target && target->decl == var)
        assigned = true;
  });
  return !assigned;
}

/// constant_sum_reduce_before_update counts each vertex's updates and makes
/// their sum once: that is the same only where every update of the round is
/// updatePrioritySum(v, c, current priority) with one constant c, as a
/// statement (its result is not known until the round ends). Why t's applied
/// function is not that, or empty.
std::string whyNotConstantSums(const EdgeTraversalExpr &t) {
  std::optional<int64_t> constant;
  std::string why;
  forEachMethodCall(t.applyFunc->body, [&](Stmt &s, MethodCallExpr &call) {
    if (!isPriorityUpdate(call.methodKind) || !why.empty())
      return;
    auto *statement = dyn_cast<ExprStmtNode>(&s);
    std::optional<int64_t> c = call.args.size() == 3 ? integerConstant(*call.args[1]) : std::nullopt;
    if (call.methodKind != Method::UpdatePrioritySum)
      why = "it calls " + call.method;
    else if (!statement || statement->expr.get() != &call)
      why = "it uses the result of updatePrioritySum";
    else if (!c)
      why = "the amount of updatePrioritySum is not an integer constant";
    else if (constant && *c != *constant)
      why = "updatePrioritySum adds different constants";
    else if (!isCurrentPriority(*call.args[2], *t.applyFunc))
      why = "the minimum of updatePrioritySum is not the current priority "
            "(get_current_priority())";
    constant = c;
  });
  return why;
}

/// The vector a queue is made over (`new priority_queue{V}(T)(dup, dup,
/// priorities, ...)`), if it is named; else null.
const NameExpr *priorityVectorName(const NewExpr &alloc) {
  return alloc.args.size() > 2 ? dyn_cast<NameExpr>(alloc.args[2].get()) : nullptr;
}

/// The vectors the queues are made over; null among them for one that is
/// not a named vector (then no read can be told apart from a priority's).
std::set<const Decl *> priorityVectors(
    const std::map<const VarDecl *, std::vector<const NewExpr *>> &allocations) {
  std::set<const Decl *> vectors;
  for (const auto &[queue, news] : allocations)
    for (const NewExpr *alloc : news) {
      const NameExpr *name = priorityVectorName(*alloc);
      vectors.insert(name ? name->decl : nullptr);
    }
  return vectors;
}

/// f computes a value from its arguments and from vectors no traversal of
/// a queue writes: it writes no global, calls nothing it may not, asks no
/// method, and names no priority vector (its arguments may be the
/// destination). Why not, or empty.
std::string whyNotPure(const FuncDecl &f, const std::set<const Decl *> &priorities,
                       std::set<const FuncDecl *> &seen) {
  if (!seen.insert(&f).second)
    return ""; // (recursion: the first visit decides)
  if (f.linkage == FuncDecl::Extern)
    return "it is extern";
  std::string why;
  std::function<void(Expr &)> visit = [&](Expr &e) {
    if (!why.empty())
      return;
    if (convertedToInt(e)) {
      // a conversion, pure: its operand is visited below
    } else if (auto *call = dyn_cast<CallExpr>(&e)) {
      if (!call->func || call->functor)
        why = "it calls " + call->callee;
      else
        why = whyNotPure(*call->func, priorities, seen);
    } else if (isa<MethodCallExpr>(e)) {
      why = "it calls a method";
    } else if (auto *name = dyn_cast<NameExpr>(&e); name && priorities.count(name->decl)) {
      why = "it reads the priority '" + name->name + "'";
    }
    forEachChild(e, [&](ExprPtr &child) { visit(*child); });
  };
  forEachStmtIn(f.body, [&](Stmt &s) {
    if (!why.empty())
      return;
    if (isa<PrintStmt, DeleteStmt>(s))
      why = "it prints or deletes";
    else if (auto *assign = dyn_cast<AssignStmt>(&s); assign && writtenGlobal(*assign))
      why = "it assigns to '" + writtenGlobal(*assign)->name + "'";
    else
      forEachDirectExpr(s, [&](ExprPtr &e) { visit(*e); });
  });
  return why;
}

/// A round may process a vertex twice at one priority (Repeats::Harmless)
/// where that does what once does: t's function changes nothing but
/// destinations' priorities, each by updatePriorityMin/Max (idempotent) of
/// a value fixed while the round runs: priorities read only at the source
/// (a destination's priority changes; the source's, if it does, makes a new
/// entry anyway), no calls but to pure functions (whyNotPure). Why t's
/// function is not that, or empty.
std::string whyRepeatsMatter(const EdgeTraversalExpr &t,
                             const std::set<const Decl *> &priorities) {
  const FuncDecl &f = *t.applyFunc;
  if (f.params.size() < 2)
    return "it takes no destination";
  const Decl *src = f.params[0].get(), *dst = f.params[1].get();
  if (t.srcFilter || t.toFilter)
    return "the traversal has a filter";
  if (priorities.count(nullptr))
    return "a queue's priorities are not a named vector";
  std::string why;
  std::function<void(const Expr &)> reads = [&](const Expr &e) {
    if (!why.empty())
      return;
    if (convertedToInt(e)) {
      // a conversion, pure: its operand is visited below
    } else if (auto *call = dyn_cast<CallExpr>(&e)) {
      std::set<const FuncDecl *> seen;
      std::string impure = call->func && !call->functor
                               ? whyNotPure(*call->func, priorities, seen)
                               : "it is not a function of the program";
      if (!impure.empty())
        why = "it calls " + call->callee + " (" + impure + ")";
    } else if (auto *method = dyn_cast<MethodCallExpr>(&e);
               method && method->methodKind != Method::GetCurrentPriority) {
      why = "it uses the result of " + method->method;
    } else if (auto *index = dyn_cast<IndexExpr>(&e)) {
      auto *vector = dyn_cast<NameExpr>(index->base.get());
      auto *at = dyn_cast<NameExpr>(index->index.get());
      if (vector && priorities.count(vector->decl) && !(at && at->decl == src))
        why = "it reads the priority '" + vector->name + "' other than at the source";
    }
    forEachChild(const_cast<Expr &>(e), [&](ExprPtr &child) { reads(*child); });
  };
  forEachStmtIn(f.body, [&](Stmt &s) {
    if (!why.empty())
      return;
    auto *statement = dyn_cast<ExprStmtNode>(&s);
    auto *update = statement ? dyn_cast<MethodCallExpr>(statement->expr.get()) : nullptr;
    if (update &&
        (update->methodKind == Method::UpdatePriorityMin ||
         update->methodKind == Method::UpdatePriorityMax) &&
        update->args.size() == 3) {
      auto *target = dyn_cast<NameExpr>(update->args[0].get());
      if (!target || target->decl != dst)
        why = "it updates a vertex other than the destination";
      reads(*update->args[2]); // (the old value, args[1], is not evaluated)
      return;
    }
    if (update && update->methodKind == Method::UpdatePrioritySum) {
      why = "it calls updatePrioritySum";
      return;
    }
    if (auto *assign = dyn_cast<AssignStmt>(&s)) {
      // Only its own locals: a parameter assigned (`src = dst`) would make a
      // read "at the source" read elsewhere.
      auto *target = dyn_cast<NameExpr>(assign->target.get());
      auto *local = target ? dyn_cast_or_null<VarDecl>(target->decl) : nullptr;
      if (!local || local->storage != VarDecl::Local) {
        why = "it assigns to something other than its locals";
        return;
      }
    }
    if (!isa<VarDeclStmt, AssignStmt, IfStmt, ExprStmtNode>(s)) {
      why = "it has statements other than updates, locals and ifs";
      return;
    }
    forEachDirectExpr(s, [&](ExprPtr &e) { reads(*e); });
  });
  return why;
}

/// The functions an expression names: called, applied by a traversal, used
/// as a filter or a functor, or passed by name.
void forEachFunctionNamed(Expr &e, const std::function<void(const FuncDecl &)> &fn) {
  forEachExprBelow(e, [&](Expr &x) {
    auto use = [&](const FuncDecl *f) {
      if (f)
        fn(*f);
    };
    if (auto *call = dyn_cast<CallExpr>(&x))
      use(call->func);
    else if (auto *functor = dyn_cast<FunctorExpr>(&x))
      use(functor->func);
    else if (auto *t = dyn_cast<EdgeTraversalExpr>(&x)) {
      use(t->applyFunc);
      use(t->toFilter);
      use(t->srcFilter);
    } else if (auto *t = dyn_cast<VertexTraversalExpr>(&x))
      use(t->func);
    else if (auto *name = dyn_cast<NameExpr>(&x))
      use(dyn_cast_or_null<FuncDecl>(name->decl));
  });
}

std::string whyMayWrite(Stmt &s, const FuncDecl &in, const Decl *vector,
                        std::set<const FuncDecl *> &seen);

/// Why expression e, in function `in`, may write `vector` other than through
/// a queue's updates (with the functions it names, transitively), or empty:
/// it names it whole (passed on, it could be written), or calls an extern
/// function (C++ sees every global).
std::string whyMayWrite(Expr &e, const FuncDecl &in, const Decl *vector,
                        std::set<const FuncDecl *> &seen) {
  int named = 0, indexed = 0;
  forEachExprBelow(e, [&](Expr &x) {
    if (auto *name = dyn_cast<NameExpr>(&x); name && name->decl == vector)
      ++named;
    if (auto *index = dyn_cast<IndexExpr>(&x))
      if (auto *base = dyn_cast<NameExpr>(index->base.get()); base && base->decl == vector)
        ++indexed;
  });
  if (named > indexed)
    return "'" + in.name + "' uses it whole";
  std::string why;
  forEachFunctionNamed(e, [&](const FuncDecl &f) {
    if (!why.empty() || !seen.insert(&f).second)
      return;
    if (f.linkage == FuncDecl::Extern)
      why = "'" + in.name + "' calls the extern function '" + f.name + "'";
    for (const StmtPtr &inner : f.body)
      if (why.empty())
        why = whyMayWrite(*inner, f, vector, seen);
  });
  return why;
}

/// The same for statement s, its nested blocks included; and an assignment
/// to the vector.
std::string whyMayWrite(Stmt &s, const FuncDecl &in, const Decl *vector,
                        std::set<const FuncDecl *> &seen) {
  if (auto *assign = dyn_cast<AssignStmt>(&s); assign && writtenGlobal(*assign) == vector)
    return "'" + in.name + "' assigns to it";
  std::string why;
  forEachDirectExpr(s, [&](ExprPtr &e) {
    if (why.empty())
      why = whyMayWrite(*e, in, vector, seen);
  });
  forEachNestedBlock(s, [&](const Block &block) {
    for (const StmtPtr &inner : block)
      if (why.empty())
        why = whyMayWrite(*inner, in, vector, seen);
  });
  return why;
}

/// One level of where statement-holding blocks nest, from a function's body
/// down to the statement that makes a queue: a block, and the index in it of
/// the statement holding the next level (at the last level: the making
/// statement).
struct Level {
  const Block *block;
  size_t index;
};

/// Whether a statement of `block`, or of a block nested in it, makes the
/// queue with `alloc` (`pq = new ...`, or a local declared with it); if so,
/// the levels down to it are appended to `path`.
bool findMaking(const Block &block, const NewExpr *alloc, std::vector<Level> &path) {
  for (size_t i = 0; i < block.size(); ++i) {
    Stmt &s = *block[i];
    auto *assign = dyn_cast<AssignStmt>(&s);
    auto *declStmt = dyn_cast<VarDeclStmt>(&s);
    bool found = (assign && assign->value.get() == alloc) ||
                 (declStmt && declStmt->decl->init.get() == alloc);
    path.push_back({&block, i});
    forEachNestedBlock(s, [&](const Block &inner) { found = found || findMaking(inner, alloc, path); });
    if (found)
      return true;
    path.pop_back();
  }
  return false;
}

/// Why a vertex `queue` took may later change its priority, or empty: the
/// queue is made once, in main, and while it lives nothing but its updates
/// writes its priority vector (up to a `delete` of it in the making
/// statement's block, with no break or return before it; without one, what
/// runs after the making statement, and in the loops around it what runs
/// before it in the next iteration),
/// and every update is a sum clamped at the current priority, which a
/// taken vertex is at or below (k-core's peeling). (In a decreasing queue
/// the current priority falls, and the runtime takes no advantage.)
std::string whyTakenMayChange(
    Program &program, const VarDecl *queue,
    const std::map<const VarDecl *, std::vector<const NewExpr *>> &allocations) {
  // The vector a queue variable's one `new` is over, or null.
  auto vectorOf = [&](const VarDecl *q) -> const NameExpr * {
    auto found = allocations.find(q);
    if (found == allocations.end() || found->second.size() != 1)
      return nullptr;
    const NameExpr *name = priorityVectorName(*found->second.front());
    return name && name->decl ? name : nullptr;
  };
  const NameExpr *ours = vectorOf(queue);
  if (!ours)
    return "the queue is not made once over a named vector";
  const Decl *vector = ours->decl;
  const std::string &vectorName = ours->name;
  const NewExpr *alloc = allocations.at(queue).front();
  std::string why;
  for (auto &decl : program.decls) {
    auto *f = dyn_cast<FuncDecl>(decl.get());
    if (!f)
      continue;
    forEachMethodCall(f->body, [&](Stmt &, MethodCallExpr &call) {
      if (!why.empty() || !isPriorityUpdate(call.methodKind))
        return;
      const VarDecl *receiver = receiverVar(call);
      if (receiver != queue) {
        // Another queue's updates write its own vector, which must not be
        // this one's.
        const NameExpr *theirs = receiver ? vectorOf(receiver) : nullptr;
        if (!theirs || theirs->decl == vector)
          why = "'" + f->name + "' updates another queue, which may be over '" + vectorName + "'";
      } else if (call.methodKind != Method::UpdatePrioritySum) {
        why = "'" + f->name + "' calls " + call.method;
      } else if (call.args.size() != 3 || !isCurrentPriority(*call.args[2], *f)) {
        why = "a sum in '" + f->name + "' is not clamped at the current priority";
      }
    });
    // A copy of the queue (`other = pq`) would update the vector unseen: the
    // queue is named only to call its methods, to make it and to delete it.
    std::set<const Expr *> receivers;
    forEachMethodCall(f->body, [&](Stmt &, MethodCallExpr &call) {
      receivers.insert(call.receiver.get());
    });
    forEachStmtIn(f->body, [&](Stmt &s) {
      forEachDirectExpr(s, [&](ExprPtr &e) {
        forEachExprBelow(*e, [&](Expr &x) {
          auto *name = dyn_cast<NameExpr>(&x);
          if (!why.empty() || !name || name->decl != queue || receivers.count(&x) ||
              isa<DeleteStmt>(s))
            return;
          auto *assign = dyn_cast<AssignStmt>(&s);
          if (!assign || assign->target.get() != &x || assign->value.get() != alloc)
            why = "'" + f->name + "' uses the queue other than through its methods";
        });
      });
    });
  }
  if (!why.empty())
    return why;
  FuncDecl *main = program.findFunc("main");
  std::vector<Level> path;
  if (!main || !findMaking(main->body, alloc, path))
    return "the queue is not made in main";
  std::set<const FuncDecl *> seen;
  auto check = [&](Stmt &s) {
    if (why.empty())
      why = whyMayWrite(s, *main, vector, seen);
  };
  // A `delete pq` after the making statement, in its block, ends the queue:
  // only what runs between matters, unless a break or return in between may
  // leave the block before it.
  const Block &innermost = *path.back().block;
  auto leaves = [](Stmt &s) {
    bool found = isa<BreakStmt, ReturnStmt>(s);
    forEachNestedBlock(s, [&](const Block &block) {
      forEachStmtIn(block, [&](Stmt &inner) { found = found || isa<BreakStmt, ReturnStmt>(inner); });
    });
    return found;
  };
  size_t deletedAt = 0; // (0: no such delete; one comes after the making statement)
  for (size_t i = path.back().index + 1;
       i < innermost.size() && !deletedAt && !leaves(*innermost[i]); ++i)
    if (auto *d = dyn_cast<DeleteStmt>(innermost[i].get()))
      if (auto *name = dyn_cast<NameExpr>(d->value.get()); name && name->decl == queue)
        deletedAt = i;
  for (size_t i = path.back().index + 1; i < deletedAt; ++i)
    check(*innermost[i]);
  for (size_t level = path.size(); level-- > 0 && !deletedAt;) {
    const Block &block = *path[level].block;
    for (size_t i = path[level].index + 1; i < block.size(); ++i)
      check(*block[i]);
    Stmt *holder = level > 0 ? (*path[level - 1].block)[path[level - 1].index].get() : nullptr;
    if (!holder || !isa<WhileStmt, DoWhileStmt, ForStmt>(holder))
      continue;
    // The loop's condition or bounds are evaluated again, and its
    // statements before the queue is made run again while the queue lives.
    forEachDirectExpr(*holder, [&](ExprPtr &e) {
      if (why.empty())
        why = whyMayWrite(*e, *main, vector, seen);
    });
    for (size_t i = 0; i < path[level].index; ++i)
      check(*block[i]);
  }
  return why.empty() ? "" : "'" + vectorName + "' may be written while the queue lives: " + why;
}

/// `pq.finished() == false`, `pq.finishedNode(v) == false`, or either
/// negated with `not`: a loop condition that only asks the queue.
bool asksOnlyTheQueue(const Expr &cond, const VarDecl *queue) {
  const Expr *call = &cond;
  if (auto *eq = dyn_cast<BinaryExpr>(&cond); eq && eq->op == BinaryOp::Eq) {
    auto *no = dyn_cast<BoolLitExpr>(eq->rhs.get());
    if (!no || no->value)
      return false;
    call = eq->lhs.get();
  } else if (auto *neg = dyn_cast<UnaryExpr>(&cond); neg && neg->op == UnaryOp::Not) {
    call = neg->operand.get();
  }
  auto *asked = dyn_cast<MethodCallExpr>(call);
  return asked && receiverVar(*asked) == queue &&
         (asked->methodKind == Method::Finished || asked->methodKind == Method::FinishedNode);
}

/// A plain ordered loop. Bucket fusion processes a vertex of the current
/// bucket as soon as it enters it, in place of a later round of the same
/// bucket: the same only where a round is nothing but taking the bucket and
/// running this traversal on it, and the loop asks only the queue when to
/// stop (GraphIt's ordered processing pattern):
///   while (pq.finished() == false)
///     var frontier : vertexset{Vertex} = pq.dequeue_ready_set();
///     #s1# edges.from(frontier).applyUpdatePriority(f);
///     delete frontier;
///   end
/// Why t's loop is not that, or empty (and `plain` the loop).
std::string whyNotPlainOrderedLoop(Program &program, const EdgeTraversalExpr &t,
                                   const WhileStmt *&plain) {
  const WhileStmt *loop = nullptr;
  forEachStmt(program, [&](Stmt &s) {
    if (auto *w = dyn_cast<WhileStmt>(&s))
      for (const StmtPtr &inner : w->body)
        if (auto *e = dyn_cast<ExprStmtNode>(inner.get()); e && e->expr.get() == &t)
          loop = w;
  });
  if (!loop)
    return "it is not a statement of a while loop's body";
  const Block &round = loop->body;
  auto *from = dyn_cast_or_null<NameExpr>(t.from.get());
  const VarDecl *frontier = from ? dyn_cast_or_null<VarDecl>(from->decl) : nullptr;
  auto takesTheBucket = [&](const Stmt &s) {
    const Expr *value = nullptr;
    if (auto *d = dyn_cast<VarDeclStmt>(&s); d && d->decl.get() == frontier)
      value = d->decl->init.get();
    if (auto *a = dyn_cast<AssignStmt>(&s); a && a->op == AssignOp::Assign)
      if (auto *target = dyn_cast<NameExpr>(a->target.get()); target && target->decl == frontier)
        value = a->value.get();
    auto *call = dyn_cast_or_null<MethodCallExpr>(value);
    return call && call->methodKind == Method::DequeueReadySet &&
           receiverVar(*call) == t.priorityQueue;
  };
  auto deletesIt = [&](const Stmt &s) {
    auto *d = dyn_cast<DeleteStmt>(&s);
    auto *name = d ? dyn_cast<NameExpr>(d->value.get()) : nullptr;
    return name && name->decl == frontier;
  };
  bool pattern = frontier && (round.size() == 2 || round.size() == 3) &&
                 takesTheBucket(*round[0]) && isa<ExprStmtNode>(*round[1]) &&
                 cast<ExprStmtNode>(*round[1]).expr.get() == &t &&
                 (round.size() == 2 || deletesIt(*round[2]));
  if (!pattern)
    return "its loop's body does more than `var frontier : vertexset{Vertex} = " +
           t.priorityQueue->name + ".dequeue_ready_set();`, this traversal of frontier, and "
           "`delete frontier;`";
  if (!asksOnlyTheQueue(*loop->cond, t.priorityQueue))
    return "its loop's condition is not " + t.priorityQueue->name + ".finished() == false or " +
           t.priorityQueue->name + ".finishedNode(v) == false";
  plain = loop;
  return "";
}

/// eager_priority_update_with_merge: the fusion threshold for t, after
/// checking t's loop (`whyNotLoop`, empty if it allows fusion) and direction
/// allow it. Null (and an error) if not.
std::optional<ScheduleNumber> bucketFusionOf(const EdgeTraversalExpr &t, std::string why,
                                             const ApplySchedule &s, DiagnosticEngine &diags) {
  if (why.empty() && s.direction && (s.direction->value == Direction::DensePull ||
                                     s.direction->value == Direction::DensePush))
    why = "it runs " + std::string(spelling(s.direction->value)) +
          " only, and fusion belongs to a sparse push";
  if (!why.empty()) {
    diags.error(s.priorityUpdate->loc,
                "'eager_priority_update_with_merge' (bucket fusion) cannot apply to '" + t.label +
                    "': " + why);
    return std::nullopt;
  }
  // GAPBS's bin-fusion threshold.
  return s.bucketMergeThreshold ? *s.bucketMergeThreshold : ScheduleNumber{1000, -1, {}};
}

} // namespace

bool polyc::runPriorityUpdatePass(Module &module, DiagnosticEngine &diags) {
  bool ok = true;
  std::map<const VarDecl *, PriorityQueuePlan> plans;
  // A program that reads a queue's current priority reads a bucket: with a
  // delta other than 1 that is not a priority, and the answer would depend on
  // the schedule. Such a queue keeps delta 1 (an "argv[N]" delta is checked
  // when the queue is made).
  std::set<const VarDecl *> readers;
  forEachMethodCall(*module.program, [&](Stmt &, MethodCallExpr &call) {
    if (call.methodKind == Method::GetCurrentPriority && receiverVar(call))
      readers.insert(receiverVar(call));
  });
  auto allocations = queueAllocations(*module.program);
  std::set<const Decl *> vectors = priorityVectors(allocations);
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    const ApplySchedule *s = module.schedule.find(t->label);
    if (!t->updatesPriority) {
      ok &= rejectPriorityOptions(s, t->label, diags);
      continue;
    }
    std::set<const VarDecl *> queues;
    forEachMethodCall(t->applyFunc->body, [&](Stmt &, MethodCallExpr &call) {
      if (isPriorityUpdate(call.methodKind) && receiverVar(call))
        queues.insert(receiverVar(call));
    });
    if (queues.size() > 1) {
      diags.error(t->loc, "'" + t->applyFunc->name +
                              "' updates more than one priority queue; applyUpdatePriority "
                              "takes a function that updates one");
      ok = false;
      continue;
    }
    if (queues.empty()) {
      diags.warning(t->loc, "'" + t->applyFunc->name +
                                "' updates no priority queue: this applyUpdatePriority is an apply");
      continue;
    }
    t->priorityQueue = *queues.begin();
    t->priorityCurrentRead = readers.count(t->priorityQueue) != 0;
    if (t->concurrent) {
      diags.error(t->loc, "applyUpdatePriority cannot run inside a par_for: the iterations "
                          "would update '" + t->priorityQueue->name + "' at the same time");
      ok = false;
      continue;
    }
    PriorityQueuePlan plan;
    plan.from = t;
    if (s && s->priorityUpdate)
      plan.update = s->priorityUpdate->value;
    if (s && s->priorityDelta) {
      plan.delta = *s->priorityDelta;
      if (t->priorityCurrentRead && !plan.delta.fromArgv() && plan.delta.value != 1) {
        diags.error(plan.delta.loc, "a delta other than 1 would change what the program "
                                    "computes: it reads '" + t->priorityQueue->name +
                                    "'s current priority (get_current_priority()), which "
                                    "would then be a bucket of " +
                                    std::to_string(plan.delta.value) + " priorities");
        ok = false;
      }
    }
    plan.currentRead = t->priorityCurrentRead;
    if (s && s->openBuckets)
      plan.openBuckets = s->openBuckets;
    std::string whyNotLoop = whyNotPlainOrderedLoop(*module.program, *t, t->orderedLoop);
    if (plan.update == PriorityUpdate::EagerPriorityUpdateWithMerge) {
      t->bucketFusion = bucketFusionOf(*t, whyNotLoop, *s, diags);
      ok &= t->bucketFusion.has_value();
    } else if (s && s->bucketMergeThreshold) {
      diags.error(s->bucketMergeThreshold->loc,
                  "'configBucketMergeThreshold' sets bucket fusion's threshold, and '" + t->label +
                      "' is not scheduled eager_priority_update_with_merge");
      ok = false;
    }
    t->whyRoundsClaim = whyRepeatsMatter(*t, vectors);
    std::string notSums = whyNotConstantSums(*t);
    t->priorityConstantSums = notSums.empty();
    if (plan.update == PriorityUpdate::ConstantSumReduceBeforeUpdate && !notSums.empty()) {
      diags.error(s->priorityUpdate->loc,
                  "'constant_sum_reduce_before_update' needs every update of '" +
                      t->applyFunc->name +
                      "' to be updatePrioritySum(v, constant, current priority) as a "
                      "statement, and " + notSums);
      ok = false;
    }
    auto [known, inserted] = plans.emplace(t->priorityQueue, plan);
    if (!inserted && !samePlan(known->second, plan)) {
      diags.error(t->loc, "'" + t->label + "' and '" + known->second.from->label + "' update '" +
                              t->priorityQueue->name +
                              "' with different priority-update schedules (update, delta, "
                              "open buckets); one queue has one");
      ok = false;
    }
  }
  ok &= recordExternUpdates(module, diags);
  for (auto &[queue, plan] : plans) {
    plan.whyTakenMayChange = whyTakenMayChange(*module.program, queue, allocations);
    for (const NewExpr *alloc : allocations[queue])
      module.priorityQueuePlans[alloc] = plan;
  }
  return ok;
}

const Pass polyc::priorityUpdatePass = {
    "priority-update",
    "applyUpdatePriority: the queue each traversal updates, how, and its delta",
    TargetSet::all(), polyc::runPriorityUpdatePass};
