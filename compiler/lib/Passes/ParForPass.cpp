//===- ParForPass.cpp - par_for loops and what runs inside them ------------===//
//
// A par_for runs its iterations in parallel (an OpenMP loop; one iteration at
// a time per thread, or configParForGrainSize's count). Each traversal in its
// body then runs concurrently with the same traversal of other iterations,
// on the iteration's thread (nested parallel regions are inactive). Lowering
// marks those traversals `concurrent`; the update-sync pass then owns no
// write of theirs, and the accumulation pass combines their folds
// atomically. What keeps state in the traversal's function across calls
// cannot run concurrently: configApplyNUMA's node loops (and with them
// agents and node frontiers), configApplyNumSSG's segments, configUpdateSync's
// htm batches and merge buffers, and refreshing replicated vectors. This pass reports those at the schedule call and
// records each par_for's grain.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/Passes/Pass.h"
#include "ScheduledOptions.h"

using namespace polyc;

namespace {

template <typename Entries>
bool rejectInsideParFor(const Entries &entries, const char *option, const EdgeTraversalExpr &t,
                        const char *why, DiagnosticEngine &diags) {
  for (const auto &entry : entries)
    if (entry) {
      diags.error(entry->loc, llvm::Twine("'") + option + "' cannot apply to '" + t.label +
                                  "', which runs inside a par_for: " + why);
      return false;
    }
  return true;
}

} // namespace

bool polyc::runParForPass(Module &module, DiagnosticEngine &diags) {
  module.parForGrains.clear();
  std::map<std::string, const ForStmt *> parFors;
  forEachStmt(*module.program, [&](Stmt &s) {
    if (auto *loop = llvm::dyn_cast<ForStmt>(&s); loop && loop->parallel && !loop->scopedLabel.empty())
      parFors[loop->scopedLabel] = loop;
  });
  for (const auto &[label, s] : module.schedule.byLabel)
    if (auto loop = parFors.find(label); s.parForGrain && loop != parFors.end())
      module.parForGrains[loop->second] = *s.parForGrain;

  bool ok = true;
  for (const EdgeTraversalExpr *t : module.edgeTraversals) {
    if (!t->concurrent)
      continue;
    if (const ApplySchedule *s = module.schedule.find(t->label)) {
      ok &= rejectInsideParFor(s->numa, "configApplyNUMA", *t,
                               "its node loops keep per-traversal state", diags);
      ok &= rejectInsideParFor(s->segments, "configApplyNumSSG", *t,
                               "its segments are a cache that concurrent calls would share",
                               diags);
      // htm batches and merge buffers live in the traversal's statics.
      if (s->updateSync && (s->updateSync->value == UpdateSync::Htm ||
                            s->updateSync->value == UpdateSync::Merge)) {
        diags.error(s->updateSync->loc,
                    "configUpdateSync '" + std::string(spelling(s->updateSync->value)) +
                        "' cannot apply to '" + t->label +
                        "', which runs inside a par_for: its buffers are kept across calls");
        ok = false;
      }
    }
    if (!t->replicaReads.empty()) {
      diags.error(t->loc, "'" + t->replicaReads.front()->name +
                              "' is replicated (configDataPlacement), and a traversal inside a "
                              "par_for cannot refresh its copies while others read them");
      ok = false;
    }
  }
  return ok;
}

const Pass polyc::parForPass = {
    "par-for",
    "par_for: each loop's grain; what cannot run concurrently inside one",
    TargetSet::all(), polyc::runParForPass};
