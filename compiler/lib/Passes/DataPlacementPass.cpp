//===- DataPlacementPass.cpp - Where per-vertex vectors live ---------------===//
//
// configDataPlacement(vector, how) places one global per-vertex vector:
// interleaved (pages round-robin over the real nodes) or node-local (each
// node's vertices, vertex-balanced, on that node: Polymer's application
// data). The runtime's VertexArray keeps the placement for the vector's
// whole life, whatever is assigned to it, so the placement is decided once,
// here, and the emitter only declares the vector with it.
//
// Not lowered yet, as located errors: replicated (one copy per node needs
// every write to reach every copy), and a vector stored in a fused array of
// structs (its fields share one placement).
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Pass.h"

using namespace polyc;

bool polyc::runDataPlacementPass(Module &module, DiagnosticEngine &diags) {
  bool ok = true;
  module.placements.clear();
  for (const auto &[name, placement] : module.schedule.dataPlacement) {
    const VarDecl *vector = nullptr;
    for (const auto &decl : module.program->decls)
      if (auto *var = llvm::dyn_cast<VarDecl>(decl.get());
          var && var->name == name && var->storage == VarDecl::Global)
        vector = var;
    if (!vector) // the validator checked the name
      continue;
    if (placement.value == DataPlacement::Replicated) {
      diags.error(placement.loc, "replicated placement is not lowered yet: every write to '" +
                                     name + "' would have to reach every node's copy");
      ok = false;
      continue;
    }
    for (const FusedFieldGroup &group : module.fusedFields)
      for (const VarDecl *field : group.fields)
        if (field == vector) {
          diags.error(placement.loc, "'" + name + "' is a field of the fused array '" +
                                         group.arrayName +
                                         "' (fuseFields); its placement cannot be set alone");
          ok = false;
        }
    module.placements[vector] = placement.value;
  }
  return ok;
}
