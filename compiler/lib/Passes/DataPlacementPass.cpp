//===- DataPlacementPass.cpp - Where per-vertex vectors live ---------------===//
//
// configDataPlacement(vector, how) places one global per-vertex vector:
// interleaved (pages round-robin over the real nodes), node-local (each
// node's vertices, vertex-balanced, on that node: Polymer's application
// data) or replicated. The runtime's VertexArray keeps the placement for the
// vector's whole life, whatever is assigned to it, so the placement is
// decided once, here, and the emitter only declares the vector with it.
//
// Replicated: the vector itself is interleaved and every write goes to it;
// each node also keeps a read-only copy (polyrt::NodeReplicas). An edge
// traversal whose applied function reads the vector and that never writes it
// reads the copies, refreshed when it starts; this pass lists those
// traversals' replicated reads. A traversal that writes the vector reads it
// where it writes it, as it would without the placement.
//
// A vector stored in a fused array of structs (fuseFields) cannot be placed
// alone: a located error.
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"

#include <optional>

using namespace polyc;

namespace {

/// Whether copies of the vector's elements can be made bytewise.
bool replicable(const Type &vector) {
  const Type *value = vector.value.get();
  if (value && value->kind == Type::FixedVector)
    value = value->value.get();
  return value && (value->isNumeric() || value->kind == Type::Bool);
}

bool traversalWrites(const EdgeTraversalExpr &t, const VarDecl *vector,
                     const AccessAnalysis &analysis) {
  for (const FuncDecl *f : {t.applyFunc, t.srcFilter, t.toFilter})
    if (f)
      if (const VarAccess *a = analysis.ofFunction(*f).find(vector); a && a->written)
        return true;
  return t.trackedVector == vector;
}

/// Lists `vector` on every edge traversal that reads it without writing it.
/// Returns how many there are.
int assignReplicaReads(Module &module, const VarDecl *vector, const AccessAnalysis &analysis) {
  int readers = 0;
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    const VarAccess *a = analysis.ofFunction(*t->applyFunc).find(vector);
    if (!a || !a->read || traversalWrites(*t, vector, analysis))
      continue;
    t->replicaReads.push_back(vector);
    ++readers;
  }
  return readers;
}

} // namespace

bool polyc::runDataPlacementPass(Module &module, DiagnosticEngine &diags) {
  bool ok = true;
  module.placements.clear();
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    t->replicaReads.clear();
  std::optional<AccessAnalysis> analysis;
  for (const auto &[name, placement] : module.schedule.dataPlacement) {
    const VarDecl *vector = nullptr;
    for (const auto &decl : module.program->decls)
      if (auto *var = llvm::dyn_cast<VarDecl>(decl.get());
          var && var->name == name && var->storage == VarDecl::Global)
        vector = var;
    if (!vector) // the validator checked the name
      continue;
    bool fused = false;
    for (const FusedFieldGroup &group : module.fusedFields)
      for (const VarDecl *field : group.fields)
        if (field == vector) {
          diags.error(placement.loc, "'" + name + "' is fused with " +
                                         otherFusedFields(group, vector) +
                                         " into one array (fuseFields); its placement cannot "
                                         "be set alone");
          fused = true;
          ok = false;
        }
    if (fused)
      continue;
    if (placement.value == DataPlacement::Replicated) {
      if (!replicable(vector->type)) {
        diags.error(placement.loc, "'" + name + "' holds " + vector->type.value->str() +
                                       " values; replicated placement copies numbers only");
        ok = false;
        continue;
      }
      if (!analysis)
        analysis.emplace(*module.program);
      if (assignReplicaReads(module, vector, *analysis) == 0)
        diags.warning(placement.loc, "replicated placement of '" + name +
                                         "' has no effect: no edge traversal reads it "
                                         "without writing it");
    }
    module.placements[vector] = placement.value;
  }
  return ok;
}

const Pass polyc::dataPlacementPass = {
    "data-placement",
    "configDataPlacement: interleaved, node-local or replicated per-vertex vectors",
    TargetSet::all(), polyc::runDataPlacementPass};
