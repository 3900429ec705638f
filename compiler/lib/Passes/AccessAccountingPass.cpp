//===- AccessAccountingPass.cpp - What each loop touches, to be counted ---===//
//
// Under --account-accesses every edge variant counts, per owner visited and
// per edge, its accesses to per-vertex data (polyrt/access_accounting.h).
// This pass works out how many: the applied function's reads and writes of
// a global vector at `src` or `dst`, the filters' reads, the frontier's
// membership tests; a fold kept in a register reads and writes its target
// once per owner, not per edge; a value computed once per source is one
// read of the source's slot per edge; a read of a replicated vector is a
// read of the node's own copy, local.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;

namespace {

/// Counts `x[p]` reads and writes of global vectors in a function's body,
/// p being parameter `param`.
struct Tally {
  int reads = 0, writes = 0;
  int replicaReads = 0; // reads of vectors the traversal reads from replicas
};

/// The replicated vectors of the traversal being tallied.
using Replicas = std::vector<const VarDecl *>;

bool isElementOf(const Expr &e, const ParamDecl *param) {
  auto *index = dyn_cast<IndexExpr>(&e);
  auto *base = index ? dyn_cast<NameExpr>(index->base.get()) : nullptr;
  auto *at = index ? dyn_cast<NameExpr>(index->index.get()) : nullptr;
  auto *var = base ? dyn_cast<VarDecl>(base->decl) : nullptr;
  return var && var->storage == VarDecl::Global && at && at->decl == param;
}

void countReads(const Expr &e, const ParamDecl *param, Tally &t, const Replicas &replicas) {
  if (isElementOf(e, param)) {
    auto *vector = cast<NameExpr>(*cast<IndexExpr>(e).base).decl;
    ++(llvm::is_contained(replicas, vector) ? t.replicaReads : t.reads);
    return;
  }
  forEachChild(const_cast<Expr &>(e),
               [&](ExprPtr &child) { countReads(*child, param, t, replicas); });
}

Tally tally(const FuncDecl &f, unsigned paramIndex, const AssignStmt *skip = nullptr,
            const Replicas &replicas = {}) {
  Tally t;
  if (paramIndex >= f.params.size())
    return t;
  const ParamDecl *param = f.params[paramIndex].get();
  forEachStmtIn(f.body, [&](Stmt &s) {
    if (auto *assign = dyn_cast<AssignStmt>(&s)) {
      if (assign == skip) {
        countReads(*assign->value, param, t, replicas);
        return;
      }
      if (isElementOf(*assign->target, param)) {
        ++t.writes;
        if (assign->op != AssignOp::Assign)
          ++t.reads;
      } else {
        countReads(*assign->target, param, t, replicas);
      }
      countReads(*assign->value, param, t, replicas);
      return;
    }
    forEachDirectExpr(s, [&](ExprPtr &e) { countReads(*e, param, t, replicas); });
  });
  return t;
}

AccessModel modelOf(const EdgeTraversalExpr &t, const VariantPlan &v) {
  AccessModel m;
  bool push = v.isPush();
  unsigned owner = push ? 0 : 1, other = push ? 1 : 0;
  const AssignStmt *fold = v.accumulation ? v.accumulation->fold : nullptr;
  Tally own = tally(*t.applyFunc, owner, fold, t.replicaReads),
        far = tally(*t.applyFunc, other, fold, t.replicaReads);
  m.ownerReadsPerEdge = own.reads;
  m.ownerWritesPerEdge = own.writes;
  m.otherReads = far.reads;
  m.otherWrites = far.writes;
  m.replicaReadsPerEdge = own.replicaReads + far.replicaReads;
  if (fold) { // the register: one load and one store of the target per owner
    m.ownerReads += 1;
    m.ownerWrites += 1;
    if (v.accumulation->perSource) { // sourceValue[src] instead of the value's reads
      m.otherReads = 1;
      m.replicaReadsPerEdge = 0;
    }
  }
  // Filters read their vertex's data once per owner (their own side) or per edge.
  if (const FuncDecl *to = t.toFilter)
    (push ? m.otherReads : m.ownerReads) += tally(*to, 0).reads;
  if (const FuncDecl *from = t.srcFilter)
    (push ? m.ownerReads : m.otherReads) += tally(*from, 0).reads;
  // The input frontier's membership test: the source's slot.
  if (t.from && v.input != FrontierRepr::SparseQueue)
    (push ? m.ownerReads : m.otherReads) += 1;
  return m;
}

} // namespace

bool polyc::runAccessAccountingPass(Module &module, DiagnosticEngine &) {
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    for (VariantPlan &v : t->variants)
      v.accounting = module.accountAccesses ? std::optional<AccessModel>(modelOf(*t, v))
                                            : std::nullopt;
  return true;
}

const Pass polyc::accessAccountingPass = {
    "access-accounting",
    "--account-accesses: what each loop counts, owner and other side",
    TargetSet::all(), polyc::runAccessAccountingPass};
