//===- DeduplicationPass.cpp - Duplicates in output frontiers ------------===//
//
// A push variant may reach a destination from several sources; with
// deduplication on (GraphIt's default) the queue it builds holds each vertex
// once, at the price of a flag test-and-set per addition. With it off the
// traversal skips that work and the builder drops repeats once, when the
// traversal finishes (one serial pass over the output), so results do not
// change: what the option trades is a compare-and-swap per addition against
// a pass at the end. Dense outputs hold each vertex
// once by construction, so turning deduplication off there contradicts the
// representation.
//
//===----------------------------------------------------------------------===//
#include "ScheduledOptions.h"
#include "polyc/Passes/Pass.h"

using namespace polyc;

bool polyc::runDeduplicationPass(Module &module, DiagnosticEngine &diags) {
  bool ok = true;
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    const ApplySchedule *s = module.schedule.find(t->label);
    t->deduplicate = true;
    if (!s || !s->deduplicate)
      continue;
    const Located<bool> &option = *s->deduplicate;
    if (!t->producesFrontier()) {
      diags.error(option.loc, "'" + t->label + "' builds no output frontier to deduplicate");
      ok = false;
      continue;
    }
    bool anySparseOutput = llvm::any_of(t->variants, [](const VariantPlan &v) {
      return v.output == FrontierRepr::SparseQueue || v.output == FrontierRepr::SlidingQueue;
    });
    if (!option.value && !anySparseOutput) {
      diags.error(option.loc, "deduplication cannot be turned off for '" + t->label +
                                  "': its output frontier is " +
                                  spelling(t->variants.front().output) +
                                  ", which holds each vertex once");
      noteDirection(module, *t, diags);
      ok = false;
      continue;
    }
    t->deduplicate = option.value;
  }
  for (const auto &[label, s] : module.schedule.byLabel)
    if (s.deduplicate && !hasEdgeTraversal(module, label)) {
      reportNotApplicable(diags, s.deduplicate->loc, "configApplyDeduplication",
                          "edge traversals", label);
      ok = false;
    }
  return ok;
}

const Pass polyc::deduplicationPass = {
    "deduplication",
    "whether push variants deduplicate their output as they go",
    TargetSet::all(), polyc::runDeduplicationPass};
