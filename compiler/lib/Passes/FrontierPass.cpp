//===- FrontierPass.cpp - Frontier representations ----------------------===//
//
// Each variant reads the input frontier in the form its loop needs: the
// sparse push variant walks a list of ids; the dense variants test
// membership per vertex in a bool array (one byte per vertex, GraphIt's
// default) or a bitvector (one bit: 8x less memory traffic when the frontier
// is large, at the price of a shift and mask per test). The output frontier
// is a queue for push variants and a bool array for pull by default; any
// variant may build any of the four (configApplyDenseVertexSet,
// configApplyDataStructure, setApply).
//
//===----------------------------------------------------------------------===//
#include "ScheduledOptions.h"
#include "polyc/Passes/Pass.h"

using namespace polyc;

namespace {

bool isSparse(FrontierRepr r) {
  return r == FrontierRepr::SparseQueue || r == FrontierRepr::SlidingQueue;
}

/// Errors for a frontier option given to a traversal without that frontier.
bool checkHasFrontier(const PerVariant<FrontierRepr> &option, bool has, const char *what,
                      const EdgeTraversalExpr &t, DiagnosticEngine &diags) {
  if (has)
    return true;
  for (const auto &entry : option)
    if (entry) {
      diags.error(entry->loc, "'" + t.label + "' has no " + what + " frontier to represent");
      return false;
    }
  return true;
}

} // namespace

bool polyc::runFrontierPass(Module &module, DiagnosticEngine &diags) {
  bool ok = true;
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    const ApplySchedule *s = module.schedule.find(t->label);
    bool hasInput = t->from != nullptr, hasOutput = t->producesFrontier();
    for (VariantPlan &v : t->variants) {
      const Located<FrontierRepr> *in = s ? optionFor(s->sourceRepr, v) : nullptr;
      const Located<FrontierRepr> *out = s ? optionFor(s->destinationRepr, v) : nullptr;
      v.input = FrontierRepr::None;
      if (hasInput && v.readsSparseInput())
        v.input = FrontierRepr::SparseQueue;
      else if (hasInput)
        v.input = in && !isSparse(in->value) ? in->value : FrontierRepr::BoolArray;
      v.output = FrontierRepr::None;
      if (hasOutput)
        v.output = out ? out->value : v.isPush() ? FrontierRepr::SparseQueue : FrontierRepr::BoolArray;
    }
    if (!s)
      continue;
    ok &= checkHasFrontier(s->sourceRepr, hasInput, "input", *t, diags) &&
          checkHasFrontier(s->destinationRepr, hasOutput, "output", *t, diags) &&
          checkReachesVariant(module, *t, s->sourceRepr, "a source-set representation",
                              diags) &&
          checkReachesVariant(module, *t, s->destinationRepr,
                              "a destination-set representation", diags);
  }
  for (const auto &[label, s] : module.schedule.byLabel) {
    if (hasEdgeTraversal(module, label))
      continue;
    for (const auto *option : {&s.sourceRepr, &s.destinationRepr})
      for (const auto &entry : *option)
        if (entry && ok) {
          reportNotApplicable(diags, entry->loc, "a frontier representation", "edge traversals",
                              label);
          ok = false;
        }
  }
  return ok;
}

const Pass polyc::frontierPass = {
    "frontier",
    "frontier representation read and built by each variant",
    TargetSet::all(), polyc::runFrontierPass};
