//===- AccumulationPass.cpp - Owners' reductions in a register -----------===//
//
// A push over every vertex gives each source to one thread, so a function
// that only folds into the source's element (triangle counting's
//     if dst < src  counts[src] += intersectNeighbor(edges, src, dst)  end
// ) keeps the element in a register for the source's out-edges and stores
// it once (findPushAccumulation). The rest of this comment is the pull's.
//
// A pull loop gives each destination to one thread, so when the applied
// function is a single fold into the destination's element
//     new_rank[dst] += contrib[src];
// the element can live in a register while the destination's in-edges are
// walked, and be stored once at the end: the same operations in the same
// order, without a store and reload per edge (which C++ compilers cannot
// remove, not knowing that the folded vector is not also read). When the
// folded value depends on the source alone and costs more than a load
// (PageRank-Delta's delta[src] / out_degree[src]), it is computed once per
// source before the walk instead of once per edge; sources outside the input
// frontier then get the operation's identity (0 for +=, +inf for min=), so
// the walk needs no membership test either. Folding the identity changes
// no partial result (x + 0.0 == x for every x but -0.0, which becomes +0.0).
//
// Bellman-Ford's relaxation `SP[dst] min= SP[src] + weight` under
// applyModified(updateEdge, SP) folds too: a min= (max=) changes the element
// exactly when the register ends below (above) its start, so the destination
// is added to the output once, after the walk; and the value's read of
// SP[src] sees memory, which holds the register's value whenever it is the
// same element (a self-loop stores the register first). Another fold under
// applyModified (bc.gt's `num_paths[dst] += num_paths[src]`) notes in a
// second register whether some step changed the element, as each tracked
// update reports, and adds the destination once after the walk if one did.
//
// Conditions, each needed for the register to hold what memory would: the
// fold is the function's only statement (or the only statement of an `if`
// whose test skips only folds that change nothing: `if x != v  x min= v`); its value reads the folded vector
// at most at the source; the traversal has no source filter, no early exit
// (either may read the element the register holds) and a destination filter
// only if it does not read the folded vector (it is tested once, before the
// walk); it tracks no vector but the folded one; and the loop is not
// edge-parallel.
//
// With agents several nodes walk in-edges of one destination (Polymer's pull
// agents): each node's register starts at the fold's identity and meets the
// others in one atomic per listed vertex instead of one per edge, which is
// what makes an agent's remote writes few (+=, min= and max= only).
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/IR/Clone.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Effects.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;

namespace {

struct ValueUse {
  bool readsFoldedAtSource = false, readsFoldedElsewhere = false;
  bool readsDestination = false, readsOther = false;
  bool callsSomething = false;
};

void scan(Expr &e, const VarDecl *folded, const FuncDecl &f, ValueUse &use) {
  if (auto *index = dyn_cast<IndexExpr>(&e);
      index && namesDecl(*index->base, folded) && namesDecl(*index->index, f.params[0].get())) {
    use.readsFoldedAtSource = true;
    return;
  }
  if (auto *name = dyn_cast<NameExpr>(&e)) {
    if (name->decl == folded)
      use.readsFoldedElsewhere = true;
    else if (name->decl == f.params[1].get())
      use.readsDestination = true;
    else if (f.params.size() > 2 && name->decl == f.params[2].get())
      use.readsOther = true; // the edge weight
  }
  if (llvm::isa<CallExpr>(e) || llvm::isa<MethodCallExpr>(e))
    use.callsSomething = true;
  forEachChild(e, [&](ExprPtr &child) { scan(*child, folded, f, use); });
}

bool foldable(AssignOp op) {
  return op == AssignOp::Add || op == AssignOp::Sub || op == AssignOp::Mul ||
         op == AssignOp::Min || op == AssignOp::Max;
}

/// `if x != v  x min= v end` (also `v < x` for min=, `v > x` for max=, either
/// order): the test only skips folds that change nothing, so the fold alone
/// is the same function (GraphIt's cc.gt guards its min= this way).
const AssignStmt *unguardedFold(const Stmt &s) {
  auto *guard = dyn_cast<IfStmt>(&s);
  if (!guard)
    return dyn_cast<AssignStmt>(&s);
  if (guard->branches.size() != 1 || !guard->elseBody.empty() ||
      guard->branches[0].body.size() != 1)
    return nullptr;
  auto *fold = dyn_cast<AssignStmt>(guard->branches[0].body.front().get());
  auto *test = dyn_cast<BinaryExpr>(guard->branches[0].cond.get());
  if (!fold || !test || (fold->op != AssignOp::Min && fold->op != AssignOp::Max))
    return nullptr;
  const Expr &x = *fold->target, &v = *fold->value;
  auto is = [&](const Expr &a, const Expr &b) {
    return sameExpr(*test->lhs, a) && sameExpr(*test->rhs, b);
  };
  bool min = fold->op == AssignOp::Min;
  bool skipsOnlyNoOps =
      (test->op == BinaryOp::Ne && (is(x, v) || is(v, x))) ||
      (test->op == BinaryOp::Lt && (min ? is(v, x) : is(x, v))) ||
      (test->op == BinaryOp::Gt && (min ? is(x, v) : is(v, x)));
  return skipsOnlyNoOps ? fold : nullptr;
}

/// Whether evaluating `e` only reads, and reads nothing of `folded`.
bool readsOnlyOthers(const Expr &e, const VarDecl *folded, const AccessAnalysis &analysis) {
  Accesses a = analysis.ofExpr(e);
  if (a.find(folded) || a.prints || a.timer || !a.opaque.empty())
    return false;
  return llvm::none_of(a.vars(), [](const auto &access) { return access.second.written; });
}

/// A push over every vertex whose function folds into the source's element,
/// `x[src] += value` alone or as the whole of an `if`: the source's edges
/// are one thread's, so the element lives in a register while they are
/// walked. The value and the test must only read, and not read x at all (a
/// self-loop or another element of x would see memory, not the register).
std::optional<Accumulation> findPushAccumulation(const EdgeTraversalExpr &t,
                                                 const VariantPlan &v,
                                                 const AccessAnalysis &analysis) {
  if (t.from || v.numa || v.segments || t.srcFilter || t.toFilter || t.earlyExit ||
      t.trackedVector || t.outputByResult || t.producesFrontier() || t.concurrent ||
      v.loop.parallelization == Parallelization::EdgeParallel || ownersShared(t, v))
    return std::nullopt;
  const FuncDecl &f = *t.applyFunc;
  if (f.body.size() != 1 || f.params.size() < 2)
    return std::nullopt;
  const Expr *guard = nullptr;
  const AssignStmt *fold = dyn_cast<AssignStmt>(f.body.front().get());
  if (auto *test = dyn_cast<IfStmt>(f.body.front().get());
      test && test->branches.size() == 1 && test->elseBody.empty() &&
      test->branches[0].body.size() == 1) {
    guard = test->branches[0].cond.get();
    fold = dyn_cast<AssignStmt>(test->branches[0].body.front().get());
  }
  if (!fold || !foldable(fold->op) || !fold->target->type.isNumeric())
    return std::nullopt;
  auto *index = dyn_cast<IndexExpr>(fold->target.get());
  auto *base = index ? dyn_cast<NameExpr>(index->base.get()) : nullptr;
  auto *at = index ? dyn_cast<NameExpr>(index->index.get()) : nullptr;
  auto *folded = base ? dyn_cast<VarDecl>(base->decl) : nullptr;
  if (!folded || folded->storage != VarDecl::Global || !at || at->decl != f.params[0].get())
    return std::nullopt;
  // The one write is the owner's, kept plain by the update-sync pass.
  if (v.writes.size() != 1 || v.writes[0].stmt != fold || v.writes[0].sync != WriteSync::Plain)
    return std::nullopt;
  if (!readsOnlyOthers(*fold->value, folded, analysis) ||
      (guard && !readsOnlyOthers(*guard, folded, analysis)))
    return std::nullopt;
  Accumulation acc;
  acc.fold = fold;
  acc.guard = guard;
  return acc;
}

std::optional<Accumulation> findAccumulation(const EdgeTraversalExpr &t, const VariantPlan &v,
                                             const AccessAnalysis &analysis, bool numaTraversal) {
  if (v.isPush())
    return numaTraversal ? std::nullopt : findPushAccumulation(t, v, analysis);
  if (v.variant != Variant::DensePull || v.loop.parallelization == Parallelization::EdgeParallel ||
      t.srcFilter || t.earlyExit ||
      llvm::any_of(v.writes, [](const WriteInfo &w) { return w.deferredTo >= 0; }))
    return std::nullopt;
  const FuncDecl &f = *t.applyFunc;
  if (f.body.size() != 1 || f.params.size() < 2)
    return std::nullopt;
  const AssignStmt *fold = unguardedFold(*f.body.front());
  if (!fold || !foldable(fold->op))
    return std::nullopt;
  // The target must be x[dst] for a global per-vertex vector x.
  auto *index = dyn_cast<IndexExpr>(fold->target.get());
  auto *base = index ? dyn_cast<NameExpr>(index->base.get()) : nullptr;
  auto *at = index ? dyn_cast<NameExpr>(index->index.get()) : nullptr;
  const ParamDecl *dst = f.params[1].get();
  auto *folded = base ? dyn_cast<VarDecl>(base->decl) : nullptr;
  if (!folded || folded->storage != VarDecl::Global || !at || at->decl != dst ||
      !fold->target->type.isNumeric())
    return std::nullopt;
  bool monotone = fold->op == AssignOp::Min || fold->op == AssignOp::Max;
  if (t.outputByResult) // the function's result, not a fold, decides the output
    return std::nullopt;
  if (t.trackedVector && t.trackedVector != folded)
    return std::nullopt;
  // A tracked fold other than min= or max= notes each step's change; the
  // NUMA and cache-blocked forms (and a NUMA traversal's one-node loops)
  // have no place for that note yet.
  if (t.trackedVector && !monotone && (numaTraversal || v.segments))
    return std::nullopt;
  // A destination filter is tested once, before the walk: it must not read
  // the folded vector, which is all the fold writes (bc.gt's `visited`). The
  // NUMA and cache-blocked forms do not test it there yet.
  if (t.toFilter &&
      (analysis.ofFunction(*t.toFilter).find(folded) || numaTraversal || v.segments))
    return std::nullopt;
  ValueUse use;
  scan(*fold->value, folded, f, use);
  if (use.readsFoldedElsewhere || use.callsSomething)
    return std::nullopt;
  // Agents, or other iterations of a par_for, fold into the same targets.
  bool agents = ownersShared(t, v);
  if (agents) {
    // The partial folds of the nodes meet in one atomic per listed vertex:
    // only for +=, min= and max= kept atomic by the update-sync pass. A +=
    // whose value reads the target at the source would read it without the
    // register's partial (the stored-before-a-self-loop trick needs an owner).
    bool combinable = (fold->op == AssignOp::Add && !t.trackedVector) || monotone;
    bool atomic = llvm::any_of(v.writes, [&](const WriteInfo &w) {
      return w.stmt == fold && w.sync == WriteSync::Atomic;
    });
    if (!combinable || !atomic || (use.readsFoldedAtSource && !monotone))
      return std::nullopt;
  }
  Accumulation acc;
  acc.fold = fold;
  acc.combinesAtomically = agents;
  acc.tracksChange = t.trackedVector != nullptr;
  acc.readsFoldedAtSource = use.readsFoldedAtSource;
  auto *load = dyn_cast<IndexExpr>(fold->value.get());
  bool onlyALoad = load && llvm::isa<NameExpr>(load->base.get()) &&
                   llvm::isa<NameExpr>(load->index.get());
  // A value that reads the folded vector changes during the pull: never cached.
  // (Its values are kept in a function static, which concurrent calls would share.)
  acc.perSource = !use.readsDestination && !use.readsOther && !use.readsFoldedAtSource &&
                  !onlyALoad && !t.concurrent;
  return acc;
}

} // namespace

bool polyc::runAccumulationPass(Module &module, DiagnosticEngine &) {
  AccessAnalysis analysis(*module.program);
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    for (VariantPlan &v : t->variants) {
      v.accumulation = findAccumulation(*t, v, analysis, v.numa.has_value());
      // Agents combine their registers atomically; their one-node loops own
      // each destination.
      if (v.numa && v.numa->agents)
        v.numa->oneNodeAccumulation = findAccumulation(*t, oneNodeVariant(v), analysis, true);
    }
  return true;
}

const Pass polyc::accumulationPass = {
    "accumulation",
    "an owner's folds kept in a register; source-only values computed once",
    TargetSet::all(), polyc::runAccumulationPass};
