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
    for (VariantPlan &v : t->variants)
      v.writes = classifyWrites(e, *t->applyFunc, v.isPush() ? 0 : 1, v.loop, t->trackedVector);
  }
  for (VertexTraversalExpr *t : module.vertexTraversals)
    t->writes = classifyWrites(effects.at(t->func), *t->func, 0, t->loop, nullptr);
  return ok;
}
