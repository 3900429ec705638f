//===- PriorityOptions.cpp - Ordered processing, intersection methods -----===//
//
// configApplyPriorityUpdate, configApplyPriorityUpdateDelta,
// configBucketMergeThreshold, configNumOpenBuckets (GraphIt's ordered
// processing) and configIntersection (triangle counting). Not lowered yet:
// validated and recorded, then rejected by the validator as not supported.
//
//===----------------------------------------------------------------------===//
#include "Checker.h"

using namespace polyc;
using namespace polyc::schedule;

void polyc::schedule::checkPriorityUpdate(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto how = c.option(call, 1, "priority update", priorityUpdateValues());
  if (entry && how)
    entry->priorityUpdate = Located<PriorityUpdate>{PriorityUpdate(*how), call.args[1].loc};
}

void polyc::schedule::checkPriorityUpdateDelta(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto delta = c.number(call, 1, "delta", kPositiveOrArgv);
  if (entry && delta)
    entry->priorityDelta = delta;
}

void polyc::schedule::checkBucketMergeThreshold(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto threshold = c.number(call, 1, "bucket merge threshold", kPositiveOrArgv);
  if (entry && threshold)
    entry->bucketMergeThreshold = threshold;
}

void polyc::schedule::checkNumOpenBuckets(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto buckets = c.number(call, 1, "number of open buckets", kPositiveOrArgv);
  if (entry && buckets)
    entry->openBuckets = buckets;
}

// GraphIt's intersection methods for triangle counting.
void polyc::schedule::checkIntersection(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto how = c.option(call, 1, "intersection method", intersectionValues());
  if (entry && how)
    entry->intersection = Located<IntersectionMethod>{IntersectionMethod(*how), call.args[1].loc};
}
