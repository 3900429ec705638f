//===- TraversalOptions.cpp - How an edge traversal's loops run ----------===//
//
// configApplyDirection, configApplyParallelization, configApplyNumSSG and
// configParForGrainSize. Whether the labelled statement has a traversal of
// the right kind, and whether a per-variant option reaches a variant of its
// direction, needs the lowered program: the passes check that.
//
//===----------------------------------------------------------------------===//
#include "Checker.h"

using namespace polyc;
using namespace polyc::schedule;

// configApplyDirection(label, dir[, threshold]). The threshold is the hybrid
// switch's divisor (dense when the frontier's work exceeds |E| / threshold);
// the call sets direction and threshold together, so a later call without a
// threshold returns to the default.
void polyc::schedule::checkDirection(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto d = c.option(call, 1, "direction", directionValues());
  std::optional<ScheduleNumber> threshold;
  bool thresholdOk = true;
  if (call.args.size() == 3) {
    threshold = c.number(call, 2, "threshold", kPositiveOrArgv);
    thresholdOk = threshold.has_value();
    if (d && threshold && !isHybrid(Direction(*d))) {
      c.error(call.args[2].loc, llvm::Twine("a threshold applies to hybrid directions "
                                            "(SparsePush-DensePull, SparsePush-DensePush), "
                                            "and '") +
                                    spelling(Direction(*d)) + "' is not one");
      thresholdOk = false;
    }
  }
  if (!entry || !d || !thresholdOk)
    return;
  bool before = dedupContradicts(*entry);
  entry->direction = Located<Direction>{Direction(*d), call.args[1].loc};
  entry->hybridThreshold = threshold;
  reportDedupContradiction(c, call, *entry, before, /*callSetsDedup=*/false);
}

// configApplyParallelization(label, p[, grain[, dir]]): with dir, only that
// variant's loop; without, all three.
void polyc::schedule::checkParallelization(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto p = c.option(call, 1, "parallelization", parallelizationValues());
  bool ok = true;
  std::optional<ScheduleNumber> grain;
  if (call.args.size() >= 3) {
    grain = c.number(call, 2, "grain size", kPositiveOrArgv);
    ok &= grain.has_value();
  }
  std::optional<Variant> dir;
  if (call.args.size() == 4) {
    dir = c.variant(call, 3);
    ok &= dir.has_value();
  }
  if (!entry || !p || !ok)
    return;
  Located<ParallelOption> option{ParallelOption{Parallelization(*p), grain}, call.args[1].loc};
  if (dir)
    entry->parallelization[unsigned(*dir)] = option;
  else
    for (auto &variant : entry->parallelization)
      variant = option;
}

// configApplyNumSSG(label, how, n[, dir]): cache blocking, which only the
// pull loop has (GraphIt's segmented subgraphs).
void polyc::schedule::checkNumSSG(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto how = c.option(call, 1, "segmenting method", segmentingValues());
  auto count = c.number(call, 2, "segment count", kPositiveOrArgv);
  bool ok = true;
  if (call.args.size() == 4) {
    std::optional<Variant> dir = c.variant(call, 3);
    ok = dir.has_value();
    if (dir && *dir != Variant::DensePull) {
      c.error(call.args[3].loc, "cache blocking applies to the DensePull variant");
      ok = false;
    }
  }
  if (!entry || !how || !count || !ok)
    return;
  entry->segments[unsigned(Variant::DensePull)] =
      Located<SegmentOption>{SegmentOption{Segmenting(*how), *count}, call.args[1].loc};
}

// configParForGrainSize(label, grain): the grain of a parallel vertex loop.
void polyc::schedule::checkParForGrainSize(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto grain = c.number(call, 1, "grain size", kPositiveOrArgv);
  if (entry && grain)
    entry->parForGrain = grain;
}
