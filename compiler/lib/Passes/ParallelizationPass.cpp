//===- ParallelizationPass.cpp - Which loops run in parallel -------------===//
//
// Each variant of an edge traversal gets its own loop plan: serial unless the
// schedule says otherwise (GraphIt's default). Vertex traversals run in
// parallel by default, as in GraphIt. Either way a traversal whose functions
// must run in order (they print, call extern code, or call functions that
// write global state) stays serial: the schedule may change speed, never
// results.
//
// Grains count vertices, except for the edge-aware and edge-parallel loops,
// whose tasks are sized in edges.
//
//===----------------------------------------------------------------------===//
#include "ScheduledOptions.h"
#include "polyc/Passes/Effects.h"
#include "polyc/Passes/Pass.h"

using namespace polyc;

namespace {

constexpr int64_t kDefaultVertexGrain = 256;
constexpr int64_t kDefaultEdgeGrain = 1024;

bool sizedInEdges(Parallelization p) {
  return p == Parallelization::EdgeAwareDynamicVertex || p == Parallelization::EdgeParallel;
}

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

/// The plan for one loop: the scheduled option, or `fallback`, made serial
/// (with a warning when the schedule asked otherwise) if it must be.
LoopPlan planLoop(const Located<ParallelOption> *option, Parallelization fallback,
                  const std::string &serialReason, const std::string &name,
                  DiagnosticEngine &diags) {
  LoopPlan plan;
  plan.parallelization = option ? option->value.kind : fallback;
  plan.grain.value = sizedInEdges(plan.parallelization) ? kDefaultEdgeGrain : kDefaultVertexGrain;
  if (option && option->value.grain) {
    plan.grain = *option->value.grain;
    if (plan.parallelization == Parallelization::Serial ||
        plan.parallelization == Parallelization::StaticVertex)
      diags.warning(option->value.grain->loc,
                    llvm::Twine("a grain size has no effect on a ") +
                        spelling(plan.parallelization) + " loop");
  }
  if (plan.parallelization == Parallelization::Serial || serialReason.empty())
    return plan;
  if (option)
    diags.warning(option->loc, "running '" + name + "' serially: " + serialReason);
  plan.parallelization = Parallelization::Serial;
  return plan;
}

bool planVertexTraversal(VertexTraversalExpr &t, const ApplySchedule *s,
                         const std::string &serialReason, DiagnosticEngine &diags) {
  // A call without `dir` sets every variant's entry; a vertex traversal has
  // no variants, so entries from different calls mean a `dir` was given.
  const Located<ParallelOption> *option = nullptr;
  if (s)
    for (const auto &entry : s->parallelization) {
      if (entry && option && entry->loc != option->loc) {
        diags.error(entry->loc, "the direction argument of 'configApplyParallelization' "
                                "applies to edge traversals; '" + t.label +
                                    "' is a vertex traversal");
        return false;
      }
      if (entry)
        option = &*entry;
    }
  if (option && llvm::count_if(s->parallelization, [](const auto &e) { return e.has_value(); }) !=
                    kNumVariants) {
    diags.error(option->loc, "the direction argument of 'configApplyParallelization' applies to "
                             "edge traversals; '" + t.label + "' is a vertex traversal");
    return false;
  }
  if (option && sizedInEdges(option->value.kind)) {
    diags.error(option->loc, llvm::Twine("'") + spelling(option->value.kind) +
                                 "' applies to edge traversals; '" + t.label +
                                 "' is a vertex traversal (serial, static-vertex-parallel or "
                                 "dynamic-vertex-parallel apply)");
    return false;
  }
  // configParForGrainSize makes the default static loop dynamic with that
  // grain; a loop the schedule made static or serial stays so.
  Parallelization fallback = s && s->parForGrain ? Parallelization::DynamicVertex
                                                 : Parallelization::StaticVertex;
  t.loop = planLoop(option, fallback, serialReason, t.name, diags);
  if (s && s->parForGrain) {
    t.loop.grain = *s->parForGrain;
    if (t.loop.parallelization != Parallelization::DynamicVertex &&
        t.loop.parallelization != Parallelization::Serial)
      diags.warning(s->parForGrain->loc,
                    llvm::Twine("a grain size has no effect on a ") +
                        spelling(t.loop.parallelization) + " loop");
  }
  return true;
}

} // namespace

bool polyc::runParallelizationPass(Module &module, DiagnosticEngine &diags) {
  auto effects = analyzeEffects(*module.program);
  bool ok = true;
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    std::string reason = applySerialReason(t->applyFunc, effects);
    if (reason.empty())
      reason = filterSerialReason(t->toFilter, effects);
    if (reason.empty())
      reason = filterSerialReason(t->srcFilter, effects);
    const ApplySchedule *s = module.schedule.find(t->label);
    for (VariantPlan &v : t->variants)
      v.loop = planLoop(s ? optionFor(s->parallelization, v) : nullptr, Parallelization::Serial,
                        reason, t->name, diags);
    if (s)
      ok &= checkReachesVariant(module, *t, s->parallelization, "'configApplyParallelization'",
                                diags);
  }
  for (VertexTraversalExpr *t : module.vertexTraversals)
    ok &= planVertexTraversal(*t, module.schedule.find(t->label),
                              applySerialReason(t->func, effects), diags);

  for (const auto &[label, s] : module.schedule.byLabel) {
    bool namesParFor = llvm::any_of(module.parForGrains, [&](const auto &grain) {
      return grain.first->scopedLabel == label;
    });
    if (s.parForGrain && !hasVertexTraversal(module, label) && !namesParFor) {
      reportNotApplicable(diags, s.parForGrain->loc, "configParForGrainSize",
                          "par_for loops and vertex traversals (set.apply)", label);
      ok = false;
    }
    for (const auto &entry : s.parallelization)
      if (entry && !hasEdgeTraversal(module, label) && !hasVertexTraversal(module, label)) {
        reportNotApplicable(diags, entry->loc, "configApplyParallelization", "traversals", label);
        ok = false;
        break;
      }
  }
  return ok;
}

const Pass polyc::parallelizationPass = {
    "parallelization",
    "serial or parallel loop per variant, load balance, grain size",
    TargetSet::all(), polyc::runParallelizationPass};
