//===- PriorityUpdatePass.cpp - applyUpdatePriority and its schedules -----===//
//
// `edges.from(frontier).applyUpdatePriority(f)` walks the frontier's edges
// like apply; f changes priorities through a queue's update methods
// (pq.updatePriorityMin(dst, old, new), ...). The pass finds the queue each
// such traversal updates and decides how it is updated:
//
//  - configApplyPriorityUpdate: eager_priority_update (the default): each
//    update inserts the vertex into the updating thread's bins
//    (polyrt::PriorityQueue, as GAPBS's delta-stepping); the other GraphIt
//    strategies (with bucket fusion, lazy, constant-sum reduction) are not
//    lowered yet and say so.
//  - configApplyPriorityUpdateDelta: the bucket width, given to every
//    `new priority_queue` of that queue (Module::priorityDeltas).
//
// A queue is updated by the threads of one traversal at a time: traversals
// inside a par_for (whose iterations would share its bins) are an error.
//
//===----------------------------------------------------------------------===//
#include "ScheduledOptions.h"

#include "polyc/AST/StmtWalk.h"
#include "polyc/IR/IR.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;

namespace {

bool isPriorityUpdate(llvm::StringRef method) {
  return method == "updatePriorityMin" || method == "updatePriorityMax" ||
         method == "updatePrioritySum";
}

/// The priority queues whose update methods `e` calls.
void collectUpdatedQueues(Expr &e, std::set<const VarDecl *> &queues) {
  if (auto *call = dyn_cast<MethodCallExpr>(&e); call && isPriorityUpdate(call->method))
    if (auto *name = dyn_cast<NameExpr>(call->receiver.get()))
      if (auto *var = dyn_cast_or_null<VarDecl>(name->decl))
        queues.insert(var);
  forEachChild(e, [&](ExprPtr &child) { collectUpdatedQueues(*child, queues); });
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

void collectExternUpdates(Expr &e, std::vector<const MethodCallExpr *> &calls) {
  if (auto *call = dyn_cast<MethodCallExpr>(&e); call && call->method == "applyUpdatePriorityExtern")
    calls.push_back(call);
  forEachChild(e, [&](ExprPtr &child) { collectExternUpdates(*child, calls); });
}

/// set.applyUpdatePriorityExtern(f) names no queue: GraphIt's programs have
/// one, which re-buckets what f returns.
bool recordExternUpdates(Module &module, DiagnosticEngine &diags) {
  std::vector<const MethodCallExpr *> calls;
  forEachStmt(*module.program, [&](Stmt &s) {
    forEachDirectExpr(s, [&](ExprPtr &e) { collectExternUpdates(*e, calls); });
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

} // namespace

bool polyc::runPriorityUpdatePass(Module &module, DiagnosticEngine &diags) {
  bool ok = true;
  std::map<const VarDecl *, const ScheduleNumber *> deltaOf;
  std::map<const VarDecl *, const EdgeTraversalExpr *> deltaFrom;
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    const ApplySchedule *s = module.schedule.find(t->label);
    if (!t->updatesPriority) {
      if (s && s->priorityUpdate) {
        reportNotApplicable(diags, s->priorityUpdate->loc, "configApplyPriorityUpdate",
                            "applyUpdatePriority traversals", t->label);
        ok = false;
      }
      if (s && s->priorityDelta) {
        reportNotApplicable(diags, s->priorityDelta->loc, "configApplyPriorityUpdateDelta",
                            "applyUpdatePriority traversals", t->label);
        ok = false;
      }
      continue;
    }
    std::set<const VarDecl *> queues;
    forEachStmtIn(t->applyFunc->body, [&](Stmt &stmt) {
      forEachDirectExpr(stmt, [&](ExprPtr &e) { collectUpdatedQueues(*e, queues); });
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
    if (t->concurrent) {
      diags.error(t->loc, "applyUpdatePriority cannot run inside a par_for: the iterations "
                          "would update '" + t->priorityQueue->name + "' at the same time");
      ok = false;
      continue;
    }
    if (s && s->priorityUpdate &&
        s->priorityUpdate->value != PriorityUpdate::EagerPriorityUpdate) {
      diags.error(s->priorityUpdate->loc,
                  llvm::Twine("'") + spelling(s->priorityUpdate->value) +
                      "' is not supported yet; polyc lowers eager_priority_update (each update "
                      "goes to the updating thread's buckets)");
      ok = false;
    }
    if (s && s->priorityDelta) {
      const ScheduleNumber *&delta = deltaOf[t->priorityQueue];
      if (delta && (delta->value != s->priorityDelta->value ||
                    delta->argvIndex != s->priorityDelta->argvIndex)) {
        diags.error(s->priorityDelta->loc, "'" + t->label + "' and '" +
                                               deltaFrom[t->priorityQueue]->label +
                                               "' update '" + t->priorityQueue->name +
                                               "' with different deltas");
        diags.note(delta->loc, "the other delta");
        ok = false;
      }
      delta = &*s->priorityDelta;
      deltaFrom[t->priorityQueue] = t;
    }
  }
  if (!recordExternUpdates(module, diags))
    ok = false;
  auto allocations = queueAllocations(*module.program);
  for (const auto &[queue, delta] : deltaOf)
    for (const NewExpr *alloc : allocations[queue])
      module.priorityDeltas[alloc] = *delta;
  return ok;
}
