//===- AgentsPass.cpp - Polymer's agents ------------------------------------===//
//
// configApplyAgents(label, on) stores each edge of a NUMA traversal on the
// node that owns the endpoint whose data the edge touches at random (the
// destination when pushing, the source when pulling) and has every node walk
// only its own edges, grouped by the other endpoint. Where another node owns
// that endpoint, the node's list holds an agent for it: its position and its
// edge range in the node's part (polyrt::nodeSubgraphs), a compressed list of
// the vertices with local edges, not a |V| array per node. Random accesses
// are then local; the walked endpoint's data is read where it lives, in
// order.
//
// One owner's edges are now walked by several nodes, so the update-sync pass
// treats no write as owned (its atomics, or configUpdateSync's choice, make
// them safe), and what needs an owner whole is not combined with agents: the
// register fold of a pull (and so the merge form), a fused vertex apply,
// walking a frontier's node parts (agents test its bits), and cache blocking
// (a located error).
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Pass.h"
#include "ScheduledOptions.h"

using namespace polyc;

namespace {

bool lower(EdgeTraversalExpr &t, const ApplySchedule &s, DiagnosticEngine &diags) {
  const Located<bool> &agents = *s.agents;
  if (!agents.value)
    return true;
  bool any = false, ok = true;
  for (VariantPlan &v : t.variants) {
    if (!v.numa)
      continue;
    if (v.segments) {
      diags.error(agents.loc, "configApplyAgents walks each node's own edges, which "
                              "configApplyNumSSG cannot segment yet ('" + t.label + "')");
      ok = false;
      continue;
    }
    v.numa->agents = true;
    any = true;
  }
  if (!any && ok) {
    diags.error(agents.loc, "configApplyAgents places the edges of '" + t.label +
                                "' by the nodes of its configApplyNUMA variants, and it has none: "
                                "no edges to give agents to");
    return false;
  }
  return ok;
}

} // namespace

bool polyc::runAgentsPass(Module &module, DiagnosticEngine &diags) {
  bool ok = true;
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    for (VariantPlan &v : t->variants)
      if (v.numa)
        v.numa->agents = false;
    const ApplySchedule *s = module.schedule.find(t->label);
    if (s && s->agents)
      ok &= lower(*t, *s, diags);
  }
  for (const auto &[label, s] : module.schedule.byLabel)
    if (s.agents && !hasEdgeTraversal(module, label)) {
      reportNotApplicable(diags, s.agents->loc, "configApplyAgents", "edge traversals", label);
      ok = false;
    }
  return ok;
}

const Pass polyc::agentsPass = {
    "agents",
    "configApplyAgents: NUMA variants walk per-node subgraphs of local edges",
    TargetSet::all(), polyc::runAgentsPass};
