//===- PriorityOptions.cpp - Ordered processing, intersection methods -----===//
//
// configApplyPriorityUpdate, configApplyPriorityUpdateDelta,
// configBucketMergeThreshold, configNumOpenBuckets (GraphIt's ordered
// processing; not lowered yet: validated and recorded, then rejected by the
// validator as not supported) and configIntersection (triangle counting,
// lowered by the intersection pass).
//
//===----------------------------------------------------------------------===//
#include "Checker.h"

using namespace polyc;
using namespace polyc::schedule;

void polyc::schedule::checkPriorityUpdate(Checker &c, const ScheduleCall &call) {
  enumOption(c, call, "priority update", priorityUpdateValues(), &ApplySchedule::priorityUpdate);
}

void polyc::schedule::checkPriorityUpdateDelta(Checker &c, const ScheduleCall &call) {
  numberOption(c, call, "delta", &ApplySchedule::priorityDelta);
}

void polyc::schedule::checkBucketMergeThreshold(Checker &c, const ScheduleCall &call) {
  numberOption(c, call, "bucket merge threshold", &ApplySchedule::bucketMergeThreshold);
}

void polyc::schedule::checkNumOpenBuckets(Checker &c, const ScheduleCall &call) {
  numberOption(c, call, "number of open buckets", &ApplySchedule::openBuckets);
}

// GraphIt's intersection methods for triangle counting.
void polyc::schedule::checkIntersection(Checker &c, const ScheduleCall &call) {
  enumOption(c, call, "intersection method", intersectionValues(), &ApplySchedule::intersection);
}
