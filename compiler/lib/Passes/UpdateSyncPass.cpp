//===- UpdateSyncPass.cpp - Making reductions safe, cheaply ---------------===//
//
// A write of an applied function needs no synchronisation when one thread
// owns the element: the source in a push traversal (vertex-parallel loops hand
// each source to one thread), the destination in a pull traversal (also when
// cache-blocked: segments run one after the other), the vertex in a vertex
// traversal, or any element when the loop is serial. An edge-parallel loop
// splits a vertex's edges between threads, so there nobody owns anything.
// Every other write to global state becomes an atomic operation.
//
// One atomic pattern is cheaper still (BFS's): a push whose destination
// filter admits only vertices whose element of the tracked vector still
// holds a constant (`parent[v] == -1`), and whose applied function does
// nothing but assign that element. The assignment becomes a compare-and-swap
// from the constant: the filter test and the write in one atomic step, as a
// serial run would see them, and each destination is claimed at most once,
// so the output frontier needs no deduplication.
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Effects.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;

namespace {

bool indexedBy(const AssignStmt &assign, const ParamDecl *param) {
  const IndexExpr *index = elementIndex(*assign.target);
  auto *name = index ? dyn_cast<NameExpr>(index->index.get()) : nullptr;
  return name && param && name->decl == param;
}

std::vector<WriteInfo> classifyWrites(const FunctionEffects &effects, const FuncDecl &func,
                                      unsigned ownerParam, const LoopPlan &loop,
                                      const VarDecl *tracked) {
  const ParamDecl *owner = ownerParam < func.params.size() ? func.params[ownerParam].get() : nullptr;
  const ParamDecl *dst = func.params.size() > 1 ? func.params[1].get() : nullptr;
  bool parallel = loop.parallelization != Parallelization::Serial;
  bool owned = loop.parallelization != Parallelization::EdgeParallel;
  std::vector<WriteInfo> writes;
  for (AssignStmt *assign : effects.globalWrites) {
    WriteInfo w;
    w.stmt = assign;
    const VarDecl *global = writtenGlobal(*assign);
    w.target = global->name;
    w.indexedByOwner = indexedBy(*assign, owner);
    w.tracked = tracked && global == tracked && indexedBy(*assign, dst);
    w.sync = parallel && !(owned && w.indexedByOwner) ? WriteSync::Atomic : WriteSync::Plain;
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

} // namespace

bool polyc::runUpdateSyncPass(Module &module, DiagnosticEngine &diags) {
  auto effects = analyzeEffects(*module.program);
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
    for (VariantPlan &v : t->variants) {
      v.writes = classifyWrites(e, *t->applyFunc, v.isPush() ? 0 : 1, v.loop, t->trackedVector);
      claimIfFiltered(*t, v);
    }
  }
  for (VertexTraversalExpr *t : module.vertexTraversals)
    t->writes = classifyWrites(effects.at(t->func), *t->func, 0, t->loop, nullptr);
  return ok;
}
