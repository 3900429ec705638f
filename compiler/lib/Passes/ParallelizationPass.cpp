//===- ParallelizationPass.cpp - Which loops run in parallel -------------===//
//
// Edge traversals are serial unless the schedule says otherwise (GraphIt's
// default). Vertex traversals run in parallel by default, as in GraphIt.
// Either way a traversal whose functions must run in order (they print, call
// extern code, or call functions that write global state) stays serial: the
// schedule may change speed, never results.
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Effects.h"
#include "polyc/Passes/Pass.h"

#include "llvm/ADT/STLExtras.h"

using namespace polyc;

namespace {

/// Why a filter cannot run in parallel; filters' writes are not synchronised.
std::string filterSerialReason(const FuncDecl *filter,
                               const std::map<const FuncDecl *, FunctionEffects> &effects) {
  if (!filter)
    return "";
  const FunctionEffects &e = effects.at(filter);
  if (!e.serialReason.empty())
    return "the filter '" + filter->name + "' " + e.serialReason;
  if (!e.globalWrites.empty())
    return "the filter '" + filter->name + "' writes global state";
  return "";
}

std::string applySerialReason(const FuncDecl *func,
                              const std::map<const FuncDecl *, FunctionEffects> &effects) {
  const std::string &reason = effects.at(func).serialReason;
  return reason.empty() ? "" : "'" + func->name + "' " + reason;
}

void plan(TraversalPlan &plan, const ApplySchedule *s, Parallelization fallback,
          const std::string &serialReason, const std::string &name, DiagnosticEngine &diags) {
  plan.parallelization = s && s->parallelization ? *s->parallelization : fallback;
  if (s && s->grainSize)
    plan.grainSize = *s->grainSize;
  if (plan.parallelization == Parallelization::Serial || serialReason.empty())
    return;
  if (s && s->parallelization)
    diags.warning(s->parallelizationLoc,
                  "running '" + name + "' serially: " + serialReason);
  plan.parallelization = Parallelization::Serial;
}

} // namespace

bool polyc::runParallelizationPass(Module &module, DiagnosticEngine &diags) {
  auto effects = analyzeEffects(*module.program);
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    std::string reason = applySerialReason(t->applyFunc, effects);
    if (reason.empty())
      reason = filterSerialReason(t->toFilter, effects);
    if (reason.empty())
      reason = filterSerialReason(t->srcFilter, effects);
    plan(t->plan, module.schedule.find(t->label), Parallelization::Serial, reason, t->name, diags);
  }
  for (VertexTraversalExpr *t : module.vertexTraversals)
    plan(t->plan, module.schedule.find(t->label), Parallelization::StaticVertex,
         applySerialReason(t->func, effects), t->name, diags);
  return true;
}
