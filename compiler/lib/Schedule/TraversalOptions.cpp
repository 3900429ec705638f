//===- TraversalOptions.cpp - How an edge traversal's loops run ----------===//
//
// configApplyDirection, configHybridVertexThreshold,
// configApplyParallelization, configApplyNumSSG and configParForGrainSize. Whether the labelled statement has a traversal of
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
  const ApplySchedule *old = c.schedule.find(call.args[0].text);
  bool before = old && dedupContradicts(*old);
  ApplySchedule *entry = optionWithCount(
      c, call, "direction", directionValues(), &ApplySchedule::direction, "threshold",
      kPositiveOrArgv, &ApplySchedule::hybridThreshold, isHybrid,
      "hybrid directions (SparsePush-DensePull, SparsePush-DensePush)");
  if (entry)
    reportDedupContradiction(c, call, *entry, before, /*callSetsDedup=*/false);
}

// configHybridVertexThreshold(label, n): a hybrid also goes dense when the
// frontier holds more than |V| / n vertices. Whether the label's traversal is
// a hybrid is the direction pass's question.
void polyc::schedule::checkHybridVertexThreshold(Checker &c, const ScheduleCall &call) {
  numberOption(c, call, "vertex threshold", &ApplySchedule::hybridVertexThreshold);
}

// configApplyParallelization(label, p[, grain[, dir]]): with dir, only that
// variant's loop; without, all three.
void polyc::schedule::checkParallelization(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto p = c.option(call, 1, "parallelization", parallelizationValues());
  std::optional<ScheduleNumber> grain;
  std::optional<Variant> dir;
  bool ok = c.optionalNumber(call, 2, "grain size", kPositiveOrArgv, grain);
  ok &= c.optionalVariant(call, 3, dir);
  if (entry && p && ok)
    setVariants(entry->parallelization, dir,
                Located<ParallelOption>{ParallelOption{Parallelization(*p), grain},
                                        call.args[1].loc});
}

// configApplyNumSSG(label, how, n[, dir]): cache blocking, which only the
// pull loop has (GraphIt's segmented subgraphs).
void polyc::schedule::checkNumSSG(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto how = c.option(call, 1, "segmenting method", segmentingValues());
  auto count = c.number(call, 2, "segment count", kPositiveOrArgv);
  std::optional<Variant> dir;
  bool ok = c.optionalVariant(call, 3, dir);
  if (dir && *dir != Variant::DensePull) {
    c.error(call.args[3].loc, "cache blocking applies to the DensePull variant");
    ok = false;
  }
  if (!entry || !how || !count || !ok)
    return;
  entry->segments[unsigned(Variant::DensePull)] =
      Located<SegmentOption>{SegmentOption{Segmenting(*how), *count}, call.args[1].loc};
}

// configParForGrainSize(label, grain): the grain of a parallel vertex loop.
void polyc::schedule::checkParForGrainSize(Checker &c, const ScheduleCall &call) {
  numberOption(c, call, "grain size", &ApplySchedule::parForGrain);
}
