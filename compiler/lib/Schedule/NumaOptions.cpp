//===- NumaOptions.cpp - NUMA and the polyc extensions ---------------------===//
//
// configApplyNUMA, configNUMAPartition, configNUMAAlpha, configApplyAgents,
// configDataPlacement, configApplyFrontier, configBarrier,
// configWorkStealing and configUpdateSync. polyc does not lower agents
// yet: its checker validates every argument and fills
// the Schedule as if it did, and the validator then rejects the call as not
// supported yet, so that lowering one is a matter of reading its field and
// flipping its table entry.
//
//===----------------------------------------------------------------------===//
#include "Checker.h"

using namespace polyc;
using namespace polyc::schedule;

// configApplyNUMA(label, p[, dir]): without dir, every variant.
void polyc::schedule::checkNUMA(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto p = c.option(call, 1, "NUMA parallelization", numaParallelizationValues());
  std::optional<Variant> dir;
  bool ok = c.optionalVariant(call, 2, dir);
  if (entry && p && ok)
    setVariants(entry->numa, dir,
                Located<NumaParallelization>{NumaParallelization(*p), call.args[1].loc});
}

namespace {

void reportAlphaWithoutChunkAlpha(Checker &c, const ApplySchedule &s, bool atAlpha) {
  std::string message = "an alpha weighs the chunk-alpha partition, and this statement's "
                        "partition is '";
  for (const OptionValue &v : numaPartitionValues())
    if (v.value == int(s.numaPartition->value) && !v.alias)
      message += v.spelling;
  message += "'";
  if (atAlpha) {
    c.error(s.numaAlpha->loc, message);
    c.note(s.numaPartition->loc, "the partition is chosen here");
  } else {
    c.error(s.numaPartition->loc, message);
    c.note(s.numaAlpha->loc, "the alpha is given here");
  }
}

bool isAdaptive(FrontierStructure f) { return f == FrontierStructure::Adaptive; }
bool steals(WorkStealing w) { return w != WorkStealing::None; }
bool isHtm(UpdateSync u) { return u == UpdateSync::Htm; }

} // namespace

// configNUMAPartition(label, how[, nodes]).
void polyc::schedule::checkNUMAPartition(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry =
      optionWithCount(c, call, "NUMA partition", numaPartitionValues(),
                      &ApplySchedule::numaPartition, "node count", kPositiveOrArgv,
                      &ApplySchedule::numaNodes);
  if (entry && entry->numaAlpha && entry->numaPartition->value != NumaPartition::ChunkAlpha)
    reportAlphaWithoutChunkAlpha(c, *entry, /*atAlpha=*/false);
}

// configNUMAAlpha(label, a): Gemini's a in a·|V_i| + |E_i|.
void polyc::schedule::checkNUMAAlpha(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto alpha = c.positiveReal(call, 1, "alpha");
  if (!entry || !alpha)
    return;
  entry->numaAlpha = alpha;
  if (entry->numaPartition && entry->numaPartition->value != NumaPartition::ChunkAlpha)
    reportAlphaWithoutChunkAlpha(c, *entry, /*atAlpha=*/true);
}

// configApplyAgents(label, on|off).
void polyc::schedule::checkAgents(Checker &c, const ScheduleCall &call) {
  enumOption(c, call, "agents setting", agentsValues(), &ApplySchedule::agents);
}

// configDataPlacement(vector, how).
void polyc::schedule::checkDataPlacement(Checker &c, const ScheduleCall &call) {
  const VarDecl *vector = nullptr;
  if (c.expectString(call, 0, "a vector name"))
    vector = c.perVertexVector(call.args[0].text, call.args[0].loc);
  auto how = c.option(call, 1, "data placement", dataPlacementValues());
  if (vector && how)
    c.schedule.dataPlacement[vector->name] =
        Located<DataPlacement>{DataPlacement(*how), call.args[1].loc};
}

// configApplyFrontier(label, how[, threshold]): the threshold is the adaptive
// frontier's switch between queues and bitmaps.
void polyc::schedule::checkFrontier(Checker &c, const ScheduleCall &call) {
  optionWithCount(c, call, "frontier structure", frontierStructureValues(),
                  &ApplySchedule::frontierStructure, "threshold", kPositiveOrArgv,
                  &ApplySchedule::frontierThreshold, isAdaptive, "the adaptive frontier");
}

// configBarrier(kind): program-wide.
void polyc::schedule::checkBarrier(Checker &c, const ScheduleCall &call) {
  if (auto kind = c.option(call, 0, "barrier", barrierValues()))
    c.schedule.barrier = Located<BarrierKind>{BarrierKind(*kind), call.args[0].loc};
}

// configWorkStealing(label, how[, chunk]).
void polyc::schedule::checkWorkStealing(Checker &c, const ScheduleCall &call) {
  optionWithCount(c, call, "work stealing method", workStealingValues(),
                  &ApplySchedule::workStealing, "chunk size", kPositive,
                  &ApplySchedule::stealChunk, steals, "the methods that steal work");
}

// configUpdateSync(label, how[, coarsening]): coarsening is the number of
// updates one hardware transaction commits.
void polyc::schedule::checkUpdateSync(Checker &c, const ScheduleCall &call) {
  optionWithCount(c, call, "update synchronization", updateSyncValues(),
                  &ApplySchedule::updateSync, "coarsening", kPositiveOrArgv,
                  &ApplySchedule::htmCoarsening, isHtm,
                  "htm (updates per hardware transaction)");
}
