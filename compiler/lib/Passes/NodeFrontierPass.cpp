//===- NodeFrontierPass.cpp - Frontiers held node by node ------------------===//
//
// configApplyFrontier(label, how[, threshold]) keeps the frontiers of a NUMA
// traversal with the nodes, as Polymer does: the traversal's output is built
// as per-node parts (polyrt::NodeFrontierParts), each node's part a list of
// its members or a bitmap (or bytes) of its range, chosen per node by its
// active edges under `adaptive`, or forced by the other values. A NUMA push
// that reads such a frontier walks each node's part where the node's
// threads are: the list where the part is small, the range tested against
// the bits where it is large, with no global conversion in between. A pull
// reads the bitvector every part keeps beside it, and so do the one-node
// loops and any other reader.
//
// It needs configApplyNUMA on the traversal (the parts follow its
// partition) and a frontier to hold; it decides the frontier forms of the
// traversal, so a configApplyDataStructure or configApplyDenseVertexSet of
// the same traversal is a contradiction. Each is a located error.
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Pass.h"
#include "ScheduledOptions.h"

using namespace polyc;

namespace {

const VariantPlan *numaVariant(const EdgeTraversalExpr &t) {
  for (const VariantPlan &v : t.variants)
    if (v.numa)
      return &v;
  return nullptr;
}

/// The call that set the traversal's frontier forms, if any.
const llvm::SMLoc *frontierFormCall(const ApplySchedule &s) {
  for (const auto *option : {&s.sourceRepr, &s.destinationRepr})
    for (const auto &entry : *option)
      if (entry)
        return &entry->loc;
  return nullptr;
}

bool lower(EdgeTraversalExpr &t, const ApplySchedule &s, DiagnosticEngine &diags) {
  const Located<FrontierStructure> &how = *s.frontierStructure;
  if (!t.from && !t.producesFrontier()) {
    diags.error(how.loc, "configApplyFrontier holds frontiers node by node, and '" + t.label +
                             "' neither reads nor builds one");
    return false;
  }
  const VariantPlan *numa = numaVariant(t);
  if (!numa) {
    diags.error(how.loc, "configApplyFrontier holds the frontier of '" + t.label +
                             "' by the nodes of its configApplyNUMA partition, and it has no "
                             "configApplyNUMA");
    return false;
  }
  if (const llvm::SMLoc *other = frontierFormCall(s)) {
    diags.error(how.loc, "configApplyFrontier decides how '" + t.label +
                             "' reads and builds its frontiers, and another call set them");
    diags.note(*other, "the other call");
    return false;
  }
  NodeFrontierPlan plan;
  plan.structure = how.value;
  plan.loc = how.loc;
  if (s.frontierThreshold)
    plan.threshold = *s.frontierThreshold;
  plan.partition = numa->numa->partition;
  plan.alpha = numa->numa->alpha;
  t.nodeFrontier = plan;
  for (VariantPlan &v : t.variants) {
    // One node needs no parts: its loops keep the forms chosen so far.
    if (v.numa) {
      v.numa->oneNodeInput = v.input;
      v.numa->oneNodeOutput = v.output;
    }
    if (t.producesFrontier())
      v.output = FrontierRepr::NodeParts;
    if (!t.from)
      continue;
    // Dense readers test the bits every part keeps: no byte array is built.
    if (!v.readsSparseInput())
      v.input = FrontierRepr::Bitvector;
    // (Agents walk their own subgraph, testing the bits.)
    if (v.numa && v.isPush() && !v.numa->agents)
      v.numa->readsNodeParts = true;
  }
  return true;
}

} // namespace

bool polyc::runNodeFrontierPass(Module &module, DiagnosticEngine &diags) {
  bool ok = true;
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    t->nodeFrontier.reset();
    const ApplySchedule *s = module.schedule.find(t->label);
    if (s && s->frontierStructure)
      ok &= lower(*t, *s, diags);
  }
  for (const auto &[label, s] : module.schedule.byLabel)
    if (s.frontierStructure && !hasEdgeTraversal(module, label)) {
      reportNotApplicable(diags, s.frontierStructure->loc, "configApplyFrontier",
                          "edge traversals", label);
      ok = false;
    }
  return ok;
}

const Pass polyc::nodeFrontierPass = {
    "node-frontiers",
    "configApplyFrontier: frontiers held node by node, each part a list or a bitmap",
    TargetSet::all(), polyc::runNodeFrontierPass};
