//===- NumaPartitioningPass.cpp - Variants that run node by node ----------===//
//
// configApplyNUMA splits the vertices a variant's outer loop walks into one
// range per NUMA node (a sparse push's frontier list: regrouped by the node
// owning each source) (configNUMAPartition: equal vertices, equal edges in
// the direction the loop walks them, or Gemini's alpha * |V_i| + |E_i|), and
// each node's threads walk their own node's range first
// (configWorkStealing). This is the owner form: a thread still takes whole
// owners, so every ownership the update-sync pass relies on holds and the
// writes stay as they are; what changes is which thread takes which owner,
// so that a node's threads touch the data of the vertices it owns.
//
// The NUMA parallelizations map onto the stealing methods: static-parallel
// splits a node's range statically between its threads (no stealing),
// dynamic-parallel lets them take chunks (intra-node), and serial is the
// static split too (a node's threads never help each other). A
// configWorkStealing call overrides the mapping.
//
// The merge-reduce pass turns NUMA pulls that fold into the merge form
// (per-node subgraphs by source, node buffers, a merge). Not lowered yet,
// each a located error rather than a silent no-op: NUMA with an
// edge-parallel loop, cache blocking in the owner form (the merge-reduce
// pass reports it), and an explicit node count.
//
//===----------------------------------------------------------------------===//
#include "ScheduledOptions.h"
#include "polyc/Passes/Effects.h"
#include "polyc/Passes/Pass.h"

using namespace polyc;

namespace {

WorkStealing stealingOf(NumaParallelization p) {
  return p == NumaParallelization::DynamicParallel ? WorkStealing::IntraNode : WorkStealing::None;
}

/// The options that only mean something next to configApplyNUMA.
bool checkNeedsNuma(const ApplySchedule &s, const std::string &label, bool anyNuma,
                    DiagnosticEngine &diags) {
  if (anyNuma)
    return true;
  auto report = [&](llvm::SMLoc loc, const char *function) {
    diags.error(loc, std::string("'") + function + "' configures the NUMA lowering of '" + label +
                         "', which has no configApplyNUMA");
    return false;
  };
  if (s.numaPartition)
    return report(s.numaPartition->loc, "configNUMAPartition");
  if (s.numaAlpha)
    return report(s.numaAlpha->loc, "configNUMAAlpha");
  if (s.workStealing)
    return report(s.workStealing->loc, "configWorkStealing");
  return true;
}

/// Why t's functions must run in order, or "" (then its owners may be
/// split over nodes).
std::string serialReasonOf(const EdgeTraversalExpr &t,
                           const std::map<const FuncDecl *, FunctionEffects> &effects) {
  for (const FuncDecl *f : {t.applyFunc, t.toFilter, t.srcFilter})
    if (f && !effects.at(f).serialReason.empty())
      return "'" + f->name + "' " + effects.at(f).serialReason;
  return "";
}

bool lower(EdgeTraversalExpr &t, const ApplySchedule &s, const Module &module,
           const std::map<const FuncDecl *, FunctionEffects> &effects, DiagnosticEngine &diags) {
  bool ok = true;
  bool anyNuma = false;
  for (VariantPlan &v : t.variants) {
    v.numa.reset();
    const Located<NumaParallelization> *option = optionFor(s.numa, v);
    if (!option)
      continue;
    anyNuma = true;
    auto reject = [&](const std::string &why) {
      diags.error(option->loc, "configApplyNUMA cannot lower the " + std::string(spelling(v.variant)) +
                                   " variant of '" + t.label + "' yet: " + why);
      ok = false;
    };
    if (v.loop.parallelization == Parallelization::EdgeParallel) {
      reject("an edge-parallel loop cuts owners' edges, which the node ranges cannot follow");
      continue;
    }
    if (std::string reason = serialReasonOf(t, effects); !reason.empty()) {
      diags.warning(option->loc, "running '" + t.label + "' serially, without NUMA: " + reason);
      continue;
    }
    // The node ranges are walked in parallel whatever the loop was: the
    // update-sync pass, which runs next, sees a parallel loop.
    if (v.loop.parallelization == Parallelization::Serial)
      v.loop.parallelization = Parallelization::DynamicVertex;
    NumaPlan plan;
    plan.loc = option->loc;
    plan.stealing = stealingOf(option->value);
    if (s.numaPartition)
      plan.partition = s.numaPartition->value;
    if (s.numaAlpha)
      plan.alpha = s.numaAlpha->value;
    if (s.workStealing)
      plan.stealing = s.workStealing->value;
    if (s.stealChunk)
      plan.chunk = *s.stealChunk;
    v.numa = plan;
  }
  if (s.numaNodes) {
    diags.error(s.numaNodes->loc, "a node count for configNUMAPartition is not lowered yet; polyc "
                                  "partitions over the machine's nodes (or POLYRT_NUMA_NODES')");
    ok = false;
  }
  ok &= checkReachesVariant(module, t, s.numa, "'configApplyNUMA'", diags);
  return checkNeedsNuma(s, t.label, anyNuma || llvm::any_of(s.numa, [](const auto &e) {
                          return e.has_value();
                        }),
                        diags) &&
         ok;
}

} // namespace

bool polyc::runNumaPartitioningPass(Module &module, DiagnosticEngine &diags) {
  bool ok = true;
  auto effects = analyzeEffects(*module.program);
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    if (const ApplySchedule *s = module.schedule.find(t->label))
      ok &= lower(*t, *s, module, effects, diags);
  for (const auto &[label, s] : module.schedule.byLabel) {
    if (hasEdgeTraversal(module, label))
      continue;
    llvm::SMLoc loc;
    const char *function = nullptr;
    for (const auto &entry : s.numa)
      if (entry)
        loc = entry->loc, function = "configApplyNUMA";
    if (!function && s.numaPartition)
      loc = s.numaPartition->loc, function = "configNUMAPartition";
    if (!function && s.workStealing)
      loc = s.workStealing->loc, function = "configWorkStealing";
    if (!function && s.numaAlpha)
      loc = s.numaAlpha->loc, function = "configNUMAAlpha";
    if (function) {
      reportNotApplicable(diags, loc, function, "edge traversals", label);
      ok = false;
    }
  }
  return ok;
}

const Pass polyc::numaPartitioningPass = {
    "numa-partitioning",
    "variants split over NUMA nodes, each node walking its own range",
    TargetSet::all(), polyc::runNumaPartitioningPass};
