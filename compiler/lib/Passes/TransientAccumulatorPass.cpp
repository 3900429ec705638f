//===- TransientAccumulatorPass.cpp - Fold targets that never leave a register -===//
//
// PageRank's pull folds into new_rank, and the vertex apply fused into the
// pull (the vertex-fusion pass) uses the sum and sets the element back:
//     func updateEdge(src : Vertex, dst : Vertex)
//         new_rank[dst] += contrib[src];
//     end
//     func updateVertex(v : Vertex)
//         new_rank[v] = beta + damp * new_rank[v];
//         old_rank[v] = new_rank[v];
//         new_rank[v] = 0.0;
//     end
// new_rank starts at 0.0 and is 0.0 again after every destination, so the
// accumulation pass's register can start from 0.0 instead of loading the
// element, and the apply can work on the register: new_rank is then neither
// read nor written by the loop, two passes over a vertex array fewer each
// iteration (what a hand-written PageRank does with a local sum). Memory
// keeps 0.0 throughout, which is what the program leaves there at every
// statement outside the loop, so code reading new_rank elsewhere reads the
// same values.
//
// Conditions:
//   - the traversal's one variant keeps its fold in a register (the
//     accumulation pass), not NUMA, not inside a par_for, and its fold's
//     value does not read the folded vector (not even at the source);
//   - the folded vector V is a global whose declaration initialises every
//     element to a literal c;
//   - the fused apply's last top-level statement that names V is
//     `V[v] = c` (v its vertex), with c the same value, and it calls no
//     function that touches V (such a call would read memory, not the
//     register);
//   - nothing else writes V or uses it other than by reading an element:
//     every other occurrence in the program is a read `V[i]`; the applied
//     functions run only in this traversal (not applied, filtered or
//     called elsewhere).
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

#include <cmath>
#include <optional>

using namespace polyc;
using llvm::dyn_cast;

namespace {

/// A numeric literal's value.
std::optional<double> literalValue(const Expr *e) {
  if (auto *i = e ? dyn_cast<IntLitExpr>(e) : nullptr)
    return static_cast<double>(i->value);
  if (auto *f = e ? dyn_cast<FloatLitExpr>(e) : nullptr)
    return f->value;
  return std::nullopt;
}

bool sameValue(double a, double b) { return a == b && std::signbit(a) == std::signbit(b); }

bool stmtMentions(Stmt &s, const Decl *decl) {
  bool found = false;
  auto visit = [&](Stmt &inner) {
    forEachDirectExpr(inner, [&](ExprPtr &e) { found = found || mentions(*e, decl); });
  };
  visit(s);
  forEachNestedBlock(s, [&](Block &b) { forEachStmtIn(b, visit); });
  return found;
}

/// Every occurrence of V in `e` is the base of an element read V[i].
bool onlyElementReads(Expr &e, const Decl *vector) {
  if (namesDecl(e, vector))
    return false;
  if (auto *index = dyn_cast<IndexExpr>(&e); index && namesDecl(*index->base, vector))
    return onlyElementReads(*index->index, vector);
  bool ok = true;
  forEachChild(e, [&](ExprPtr &child) { ok = ok && onlyElementReads(*child, vector); });
  return ok;
}

class TransientFinder {
public:
  TransientFinder(Module &module, const AccessAnalysis &analysis)
      : module(module), analysis(analysis) {}

  const Expr *restingValue(const EdgeTraversalExpr &t) const {
    const VertexTraversalExpr *u = t.fusedVertexApply;
    if (!u || t.variants.size() != 1 || t.concurrent)
      return nullptr;
    const VariantPlan &v = t.variants.front();
    if (!v.accumulation || v.numa || v.accumulation->readsFoldedAtSource ||
        v.accumulation->combinesAtomically || v.accumulation->tracksChange)
      return nullptr;
    const AssignStmt &fold = *v.accumulation->fold;
    auto *vector = dyn_cast<VarDecl>(accessTarget(*fold.target).var);
    std::optional<double> initial = literalValue(vector ? vector->init.get() : nullptr);
    if (!vector || !initial || vector->type.kind != Type::Vector)
      return nullptr;
    const FuncDecl &f = *t.applyFunc, &g = *u->func;
    const Expr *reset = finalReset(g, vector);
    std::optional<double> resetValue = literalValue(reset);
    if (!resetValue || !sameValue(*resetValue, *initial) || f.result || g.result)
      return nullptr;
    if (!onlyHere(t, *u) || !everyOtherUseReads(vector, fold, g))
      return nullptr;
    return reset;
  }

private:
  Module &module;
  const AccessAnalysis &analysis;

  /// The c of g's last top-level statement naming V, if it is `V[v] = c`
  /// and g calls nothing that touches V.
  const Expr *finalReset(const FuncDecl &g, const VarDecl *vector) const {
    if (g.params.size() != 1)
      return nullptr;
    const AssignStmt *last = nullptr;
    for (const StmtPtr &s : g.body)
      if (stmtMentions(*s, vector))
        last = dyn_cast<AssignStmt>(s.get());
    if (!last || last->op != AssignOp::Assign)
      return nullptr;
    AccessTarget target = accessTarget(*last->target);
    if (target.var != vector || !target.elementIndex ||
        !namesDecl(*target.elementIndex, g.params[0].get()) || !llvm::isa<IndexExpr>(*last->target))
      return nullptr;
    bool callsIntoVector = false;
    forEachStmtIn(g.body, [&](Stmt &s) {
      forEachDirectExpr(s, [&](ExprPtr &e) { callsIntoVector |= callTouches(*e, vector); });
    });
    return callsIntoVector ? nullptr : last->value.get();
  }

  bool callTouches(Expr &e, const VarDecl *vector) const {
    if (auto *call = dyn_cast<CallExpr>(&e))
      if (auto *callee = llvm::dyn_cast_or_null<NameExpr>(call->functor.get()))
        if (auto *func = llvm::dyn_cast_or_null<FuncDecl>(callee->decl))
          if (!func->body.empty() && analysis.ofFunction(*func).find(vector))
            return true;
    bool touches = false;
    forEachChild(e, [&](ExprPtr &child) { touches = touches || callTouches(*child, vector); });
    return touches;
  }

  /// t's applied function and u's run nowhere else.
  bool onlyHere(const EdgeTraversalExpr &t, const VertexTraversalExpr &u) const {
    return runOnlyWithin(module, {t.applyFunc, u.func}, {&t}, {&u});
  }

  /// Outside the fold and the fused apply g, V is only read, element by
  /// element (global initialisers included).
  bool everyOtherUseReads(const VarDecl *vector, const AssignStmt &fold, const FuncDecl &g) const {
    bool ok = true;
    for (const auto &decl : module.program->decls) {
      if (auto *global = dyn_cast<VarDecl>(decl.get())) {
        if (global != vector && global->init)
          ok = ok && onlyElementReads(*global->init, vector);
        continue;
      }
      auto *func = dyn_cast<FuncDecl>(decl.get());
      if (!func || func == &g)
        continue;
      forEachStmtIn(func->body, [&](Stmt &s) {
        if (auto *assign = dyn_cast<AssignStmt>(&s)) {
          if (assign == &fold) {
            ok = ok && onlyElementReads(*assign->value, vector);
            return;
          }
          if (accessTarget(*assign->target).var == vector)
            ok = false;
        }
        forEachDirectExpr(s, [&](ExprPtr &e) { ok = ok && onlyElementReads(*e, vector); });
      });
    }
    return ok;
  }
};

} // namespace

bool polyc::runTransientAccumulatorPass(Module &module, DiagnosticEngine &) {
  AccessAnalysis analysis(*module.program);
  TransientFinder finder(module, analysis);
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    if (const Expr *resting = finder.restingValue(*t))
      t->variants.front().accumulation->restingValue = resting;
  return true;
}

const Pass polyc::transientAccumulatorPass = {
    "transient-accumulator",
    "a pull's fold target that the fused apply resets stays in a register",
    TargetSet::all(), polyc::runTransientAccumulatorPass};
