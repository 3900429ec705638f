//===- UpdateSyncPass.cpp - Making reductions safe, cheaply ---------------===//
//
// A write of an applied function needs no synchronisation when one thread
// owns the element: the source in a push traversal (vertex-parallel loops hand
// each source to one thread), the destination in a pull traversal (also when
// cache-blocked: segments run one after the other), the vertex in a vertex
// traversal, or any element when the loop is serial. An edge-parallel loop
// splits a vertex's edges between threads, so there nobody owns anything.
// Every other write to global state becomes an atomic operation, and so does
// an owned `=` to a vector the function also reads at other indices (pointer
// jumping's `IDs[v] = IDs[IDs[v]]`): other threads read that element while
// its owner stores it, and a relaxed atomic store costs nothing more.
//
// One atomic pattern is cheaper still (BFS's): a push whose destination
// filter admits only vertices whose element of the tracked vector still
// holds a constant (`parent[v] == -1`), and whose applied function does
// nothing but assign that element. The assignment becomes a compare-and-swap
// from the constant: the filter test and the write in one atomic step, as a
// serial run would see them, and each destination is claimed at most once,
// so the output frontier needs no deduplication.
//
// configUpdateSync(label, how[, coarsening]) chooses otherwise for the writes
// of one traversal that would be atomic (or claims):
//   - lock: each is made plainly under its element's striped lock;
//   - htm: each reduction (`x[i] += v`, min=, max=) is kept by its thread and
//     committed `coarsening` at a time in one transaction;
//   - merge: each reduction is folded into the thread's node's buffer, and
//     the buffers into the vector when the loops end.
// htm and merge defer updates, so they need a vector that nothing else in
// the traversal reads or writes, and that applyModified does not track.
// Anything else is a located error at the schedule call, not a silent
// fallback: the user asked for one method and gets it or is told why not.
//
//===----------------------------------------------------------------------===//
#include "polyc/IR/Clone.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Effects.h"
#include "polyc/Passes/Pass.h"
#include "ScheduledOptions.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;

namespace {

bool indexedBy(const AssignStmt &assign, const ParamDecl *param) {
  const IndexExpr *index = elementIndex(*assign.target);
  auto *name = index ? dyn_cast<NameExpr>(index->index.get()) : nullptr;
  return name && param && name->decl == param;
}

/// Whether `func` reads `global` at an index other than `owner` (pointer
/// jumping's `IDs[IDs[v]]`): then another thread may read the element the
/// owner writes.
bool readsAtOtherIndices(const FuncDecl &func, const VarDecl *global, const ParamDecl *owner) {
  bool found = false;
  forEachExprIn(func.body, [&](const Expr &e) {
    auto *index = dyn_cast<IndexExpr>(&e);
    auto *base = index ? dyn_cast<NameExpr>(index->base.get()) : nullptr;
    if (!base || base->decl != global)
      return;
    auto *at = dyn_cast<NameExpr>(index->index.get());
    if (!at || at->decl != owner)
      found = true;
  });
  return found;
}

std::vector<WriteInfo> classifyWrites(const FunctionEffects &effects, const FuncDecl &func,
                                      unsigned ownerParam, const LoopPlan &loop,
                                      const VarDecl *tracked, bool shared = false) {
  const ParamDecl *owner = ownerParam < func.params.size() ? func.params[ownerParam].get() : nullptr;
  const ParamDecl *dst = func.params.size() > 1 ? func.params[1].get() : nullptr;
  // shared: other threads walk the same owners (agents split an owner's
  // edges between nodes; a traversal inside a par_for runs in every
  // iteration at once), so even a serial loop's writes meet other threads'.
  bool parallel = loop.parallelization != Parallelization::Serial || shared;
  // Edge-parallel loops split an owner's edges between threads.
  bool owned = loop.parallelization != Parallelization::EdgeParallel && !shared;
  std::vector<WriteInfo> writes;
  for (AssignStmt *assign : effects.globalWrites) {
    WriteInfo w;
    w.stmt = assign;
    const VarDecl *global = writtenGlobal(*assign);
    w.target = global->name;
    w.indexedByOwner = indexedBy(*assign, owner);
    w.tracked = tracked && global == tracked && indexedBy(*assign, dst);
    w.sync = parallel && !(owned && w.indexedByOwner) ? WriteSync::Atomic : WriteSync::Plain;
    // An owned `=` that other threads may read at the same time is stored
    // atomically (a relaxed store: the same instruction on x86-64), so that
    // the only races left are plain reads beside the runtime's atomics
    // (sanitizer_defaults.h). Owned reductions read elsewhere (a pull's
    // `IDs[dst] min= IDs[src]`) stay plain: an atomic read-modify-write would
    // cost what the owner needs no lock for.
    if (parallel && w.sync == WriteSync::Plain && assign->op == AssignOp::Assign &&
        readsAtOtherIndices(func, global, owner))
      w.sync = WriteSync::Atomic;
    writes.push_back(w);
  }
  return writes;
}

/// The constant c when `filter` is `output = vec[v] == c` (either order).
const Expr *admittedConstant(const FuncDecl *filter, const VarDecl *vec) {
  if (!filter || !filter->result || filter->body.size() != 1 || filter->params.empty())
    return nullptr;
  auto *assign = dyn_cast<AssignStmt>(filter->body.front().get());
  auto *result = assign ? dyn_cast<NameExpr>(assign->target.get()) : nullptr;
  auto *test = assign ? dyn_cast<BinaryExpr>(assign->value.get()) : nullptr;
  if (!result || result->decl != filter->result.get() || assign->op != AssignOp::Assign ||
      !test || test->op != BinaryOp::Eq)
    return nullptr;
  auto isElement = [&](const Expr &e) {
    auto *index = dyn_cast<IndexExpr>(&e);
    auto *base = index ? dyn_cast<NameExpr>(index->base.get()) : nullptr;
    auto *at = index ? dyn_cast<NameExpr>(index->index.get()) : nullptr;
    return base && at && base->decl == vec && at->decl == filter->params[0].get();
  };
  auto isConstant = [](const Expr &e) {
    const Expr *operand = &e;
    if (auto *unary = dyn_cast<UnaryExpr>(operand))
      operand = unary->op == UnaryOp::Neg ? unary->operand.get() : nullptr;
    return operand && (llvm::isa<IntLitExpr>(operand) || llvm::isa<FloatLitExpr>(operand) ||
                       llvm::isa<BoolLitExpr>(operand));
  };
  if (isElement(*test->lhs) && isConstant(*test->rhs))
    return test->rhs.get();
  if (isElement(*test->rhs) && isConstant(*test->lhs))
    return test->lhs.get();
  return nullptr;
}

/// Turns the push variant's only write into a claim when the filter allows.
void claimIfFiltered(const EdgeTraversalExpr &t, VariantPlan &v) {
  if (!v.isPush() || v.writes.size() != 1 || t.applyFunc->body.size() != 1)
    return;
  WriteInfo &w = v.writes.front();
  if (w.sync != WriteSync::Atomic || !w.tracked || w.stmt->op != AssignOp::Assign)
    return;
  if (const Expr *constant = admittedConstant(t.toFilter, t.trackedVector)) {
    w.sync = WriteSync::Claim;
    w.expected = constant;
    v.outputUnique = true;
  }
}

bool isShared(const WriteInfo &w) {
  return w.sync == WriteSync::Atomic || w.sync == WriteSync::Claim;
}

/// Why configUpdateSync `how` (htm or merge) cannot defer the write, or
/// empty when it can.
std::string whyNotDeferrable(const Module &module, const EdgeTraversalExpr &t,
                             const VariantPlan &v, const WriteInfo &w,
                             const FunctionEffects &effects, const AccessAnalysis &analysis,
                             UpdateSync how) {
  const AssignStmt &a = *w.stmt;
  if (a.op != AssignOp::Add && a.op != AssignOp::Min && a.op != AssignOp::Max)
    return "it defers reductions (+=, min=, max=) and this write is not one";
  auto *index = dyn_cast<IndexExpr>(a.target.get());
  auto *base = index ? dyn_cast<NameExpr>(index->base.get()) : nullptr;
  auto *vector = base ? dyn_cast<VarDecl>(base->decl) : nullptr;
  if (!vector || vector->storage != VarDecl::Global || vector->type.kind != Type::Vector ||
      !a.target->type.isNumeric())
    return "it defers reductions on elements of a global vector of numbers";
  if (w.tracked || vector == t.trackedVector)
    return "applyModified tracks '" + vector->name + "', and a deferred update cannot report "
           "whether it changed";
  if (how == UpdateSync::Merge)
    for (const FusedFieldGroup &group : module.fusedFields)
      if (llvm::is_contained(group.fields, vector))
        return "'" + vector->name + "' is fused with " + otherFusedFields(group, vector) +
               " into one array (fuseFields), and node buffers shadow a vector of its own";
  if (effects.globalsWrittenByCallees.count(vector->name))
    return "a function '" + t.applyFunc->name + "' calls writes '" + vector->name + "' too";
  for (const FuncDecl *f : {t.applyFunc, t.srcFilter, t.toFilter})
    if (f)
      if (const VarAccess *use = analysis.ofFunction(*f).find(vector);
          use && (use->readOutsideReductions || use->writtenOutsideReductions))
        return "'" + f->name + "' also " +
               (use->readOutsideReductions ? "reads" : "writes") + " '" + vector->name +
               "', and would see it before the deferred updates are applied";
  for (const WriteInfo &other : v.writes)
    if (writtenGlobal(*other.stmt) == vector && (other.stmt->op != a.op || !isShared(other)))
      return "'" + vector->name + "' is also written " +
             (other.stmt->op != a.op ? "with another operation" : "by its owner's thread") +
             ", and a deferred reduction must be its only update";
  return "";
}

/// Records the deferred reduction of the write's vector (one per vector) and
/// points the write at it.
void defer(EdgeTraversalExpr &t, WriteInfo &w, WriteSync how,
           const std::optional<ScheduleNumber> &coarsening) {
  const VarDecl *vector = writtenGlobal(*w.stmt);
  for (size_t i = 0; i < t.deferred.size(); ++i)
    if (t.deferred[i].vector == vector) {
      w.sync = how;
      w.deferredTo = static_cast<int>(i);
      return;
    }
  DeferredReduction d;
  d.how = how;
  d.vector = vector;
  d.op = w.stmt->op;
  d.coarsening = coarsening;
  t.deferred.push_back(d);
  w.sync = how;
  w.deferredTo = static_cast<int>(t.deferred.size() - 1);
}

/// configUpdateSync on one edge traversal.
bool applyUpdateSync(const Module &module, EdgeTraversalExpr &t, const ApplySchedule &s,
                     const FunctionEffects &effects, const AccessAnalysis &analysis,
                     DiagnosticEngine &diags) {
  const Located<UpdateSync> &how = *s.updateSync;
  bool anyShared = false;
  for (const VariantPlan &v : t.variants)
    anyShared |= llvm::any_of(v.writes, isShared);
  if (!anyShared) {
    diags.warning(how.loc, "configUpdateSync has no effect on '" + t.label + "': no write of '" +
                               t.applyFunc->name + "' is shared between threads (each is made by "
                               "the thread that owns its element, or the loop is serial)");
    return true;
  }
  if (how.value == UpdateSync::Atomic)
    return true; // what the pass chose already
  bool ok = true;
  for (VariantPlan &v : t.variants) {
    if (how.value == UpdateSync::Lock) {
      for (WriteInfo &w : v.writes)
        if (isShared(w))
          w.sync = WriteSync::Lock; // a claim keeps `expected`: tested under the lock
      continue;
    }
    WriteSync deferred = how.value == UpdateSync::Htm ? WriteSync::Htm : WriteSync::Merge;
    for (WriteInfo &w : v.writes) {
      if (!isShared(w))
        continue;
      std::string why = whyNotDeferrable(module, t, v, w, effects, analysis, how.value);
      if (!why.empty()) {
        diags.error(how.loc, llvm::Twine("configUpdateSync '") + spelling(how.value) +
                                 "' cannot make this write of '" + t.label + "' safe: " + why);
        diags.note(w.stmt->loc, "the write");
        ok = false;
        continue;
      }
      defer(t, w, deferred, s.htmCoarsening);
    }
  }
  return ok;
}

} // namespace

bool polyc::runUpdateSyncPass(Module &module, DiagnosticEngine &diags) {
  auto effects = analyzeEffects(*module.program);
  std::optional<AccessAnalysis> analysis;
  bool ok = true;
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    const FunctionEffects &e = effects.at(t->applyFunc);
    if (t->trackedVector && e.globalsWrittenByCallees.count(t->trackedVector->name)) {
      diags.error(t->loc, "applyModified tracks '" + t->trackedVector->name +
                              "', which a function called from '" + t->applyFunc->name +
                              "' writes; polyc tracks only writes made in '" +
                              t->applyFunc->name + "' itself");
      ok = false;
      continue;
    }
    t->deferred.clear();
    for (VariantPlan &v : t->variants) {
      v.writes = classifyWrites(e, *t->applyFunc, v.isPush() ? 0 : 1, v.loop, t->trackedVector,
                                ownersShared(*t, v));
      claimIfFiltered(*t, v);
      if (v.numa && v.numa->agents) {
        // One node walks every owner whole: its loops keep the owned writes.
        VariantPlan single = v;
        single.numa.reset();
        single.writes = classifyWrites(e, *t->applyFunc, v.isPush() ? 0 : 1, v.loop,
                                       t->trackedVector);
        claimIfFiltered(*t, single);
        v.numa->oneNodeWrites = single.writes;
      }
    }
    const ApplySchedule *s = module.schedule.find(t->label);
    if (s && s->updateSync) {
      if (!analysis)
        analysis.emplace(*module.program);
      ok &= applyUpdateSync(module, *t, *s, e, *analysis, diags);
    }
  }
  for (const auto &[label, s] : module.schedule.byLabel)
    if (s.updateSync && !hasEdgeTraversal(module, label)) {
      reportNotApplicable(diags, s.updateSync->loc, "configUpdateSync", "edge traversals", label);
      ok = false;
    }
  for (VertexTraversalExpr *t : module.vertexTraversals)
    t->writes = classifyWrites(effects.at(t->func), *t->func, 0, t->loop, nullptr, t->concurrent);
  return ok;
}

const Pass polyc::updateSyncPass = {
    "update-sync",
    "how each write of an applied function is made safe (configUpdateSync)",
    TargetSet::all(), polyc::runUpdateSyncPass};
