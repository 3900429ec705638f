//===- MergeReducePass.cpp - NUMA pulls that fold into node buffers -------===//
//
// The GraphIt NUMA thesis's lowering of a pull: node k walks only the
// in-edges whose sources it owns, so every source read is node-local, and
// folds them into a buffer of its own; a merge phase then folds the nodes'
// buffers into each destination, run by the threads of the node that owns
// the destination, reading the other nodes' buffers in order. That needs a
// reduction polyc can split into partial results and combine: the
// accumulation pass's fold (`x[dst] += value`, -=, min=, max=, and *= on
// integers, where regrouping is exact), untracked or tracked under min= and
// max= (the output is then the destinations whose merged value changed).
// Other NUMA pulls keep the owner form.
//
// Buffers start at the fold's identity (0 for +=, +inf for min=), never at
// the current value: starting from the value would count it once per node
// plus once. A -= fold's partial results are negated sums, so they combine
// with +=.
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Pass.h"

using namespace polyc;

namespace {

/// How partial folds combine, when regrouping the fold is exact.
std::optional<AssignOp> combineOf(const AssignStmt &fold) {
  switch (fold.op) {
  case AssignOp::Add:
  case AssignOp::Sub: return AssignOp::Add;
  case AssignOp::Min:
  case AssignOp::Max: return fold.op;
  case AssignOp::Mul:
    if (!fold.target->type.isFloating())
      return AssignOp::Mul;
    return std::nullopt;
  default: return std::nullopt;
  }
}

} // namespace

bool polyc::runMergeReducePass(Module &module, DiagnosticEngine &diags) {
  bool phased = false, ok = true;
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    for (VariantPlan &v : t->variants) {
      if (!v.numa)
        continue;
      std::optional<AssignOp> combine;
      // Agents combine their folds atomically instead (the accumulation pass).
      if (v.variant == Variant::DensePull && v.accumulation && !v.accumulation->combinesAtomically)
        combine = combineOf(*v.accumulation->fold);
      if (!combine && v.segments) {
        // Segments inside the nodes exist in the merge form only.
        diags.error(v.numa->loc, "configApplyNUMA with configApplyNumSSG needs a pull whose "
                                 "function is one fold polyc can split (x[dst] += value, -=, "
                                 "min=, max=, or *= on integers); '" + t->applyFunc->name +
                                 "' is not, so '" + t->label + "' cannot be segmented inside "
                                 "its NUMA nodes yet");
        ok = false;
        continue;
      }
      if (combine) {
        v.numa->merge = true;
        phased = true;
        v.numa->combine = *combine;
        if (module.schedule.barrier)
          v.numa->barrier = module.schedule.barrier->value;
      }
    }
  // Each loaded edgeset's merge forms have their parts built at load
  // (polyrt::buildMergeParts), so that no traversal builds them in its timed
  // calls; segments read from argv leave a form to build its own.
  module.mergePartsAtLoad.clear();
  for (const auto &decl : module.program->decls) {
    auto *edges = llvm::dyn_cast<VarDecl>(decl.get());
    if (!edges || edges->type.kind != Type::EdgeSet || edges->storage != VarDecl::Global ||
        !edges->init)
      continue;
    std::vector<MergeParts> walked;
    for (const EdgeTraversalExpr *t : module.edgeTraversals) {
      auto *name = llvm::dyn_cast<NameExpr>(t->edges.get());
      if (!name || name->decl != edges)
        continue;
      for (const VariantPlan &v : t->variants) {
        if (!v.numa || !v.numa->merge || (v.segments && v.segments->count.fromArgv()))
          continue;
        MergeParts parts{v.numa->partition, v.numa->alpha,
                         v.segments ? v.segments->count.value : 1,
                         v.segments ? v.segments->how : Segmenting::FixedVertexCount};
        if (!llvm::is_contained(walked, parts))
          walked.push_back(parts);
      }
    }
    if (!walked.empty())
      module.mergePartsAtLoad.push_back({edges, std::move(walked)});
  }
  // The barrier separates the phases of merge-form traversals; elsewhere the
  // end of a parallel loop is OpenMP's own.
  if (module.schedule.barrier && !phased)
    diags.warning(module.schedule.barrier->loc,
                  "configBarrier has no effect here: no traversal of this program runs in "
                  "phases (a NUMA pull that merges node buffers)");
  return ok;
}

const Pass polyc::mergeReducePass = {
    "merge-reduce",
    "NUMA pulls whose fold combines exactly use node buffers and a merge",
    TargetSet::all(), polyc::runMergeReducePass};
