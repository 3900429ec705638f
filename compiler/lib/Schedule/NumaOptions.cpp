//===- NumaOptions.cpp - NUMA and the polyc extensions ---------------------===//
//
// configApplyNUMA, configNUMAPartition, configNUMAAlpha, configApplyAgents,
// configDataPlacement, configApplyFrontier, configBarrier,
// configWorkStealing and configUpdateSync. polyc does not lower them yet: the
// checkers validate every argument and fill the Schedule as if it did, and
// the validator then rejects the call as not supported yet, so that lowering
// one is a matter of reading its field and flipping its table entry.
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
  bool ok = true;
  if (call.args.size() == 3) {
    dir = c.variant(call, 2);
    ok = dir.has_value();
  }
  if (!entry || !p || !ok)
    return;
  Located<NumaParallelization> value{NumaParallelization(*p), call.args[1].loc};
  if (dir)
    entry->numa[unsigned(*dir)] = value;
  else
    for (auto &variant : entry->numa)
      variant = value;
}

namespace {

void reportAlphaWithoutChunkAlpha(Checker &c, const ApplySchedule &s, bool atAlpha) {
  const char *how = "";
  for (const OptionValue &v : numaPartitionValues())
    if (v.value == int(s.numaPartition->value) && !v.alias)
      how = v.spelling;
  std::string message = std::string("an alpha weighs the chunk-alpha partition, and this "
                                    "statement's partition is '") + how + "'";
  if (atAlpha) {
    c.error(s.numaAlpha->loc, message);
    c.note(s.numaPartition->loc, "the partition is chosen here");
  } else {
    c.error(s.numaPartition->loc, message);
    c.note(s.numaAlpha->loc, "the alpha is given here");
  }
}

} // namespace

// configNUMAPartition(label, how[, nodes]).
void polyc::schedule::checkNUMAPartition(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto how = c.option(call, 1, "NUMA partition", numaPartitionValues());
  std::optional<ScheduleNumber> nodes;
  bool ok = true;
  if (call.args.size() == 3) {
    nodes = c.number(call, 2, "node count", kPositiveOrArgv);
    ok = nodes.has_value();
  }
  if (!entry || !how || !ok)
    return;
  entry->numaPartition = Located<NumaPartition>{NumaPartition(*how), call.args[1].loc};
  entry->numaNodes = nodes;
  if (entry->numaAlpha && NumaPartition(*how) != NumaPartition::ChunkAlpha)
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
  ApplySchedule *entry = c.entry(call);
  auto on = c.option(call, 1, "agents setting", agentsValues());
  if (entry && on)
    entry->agents = Located<bool>{*on != 0, call.args[1].loc};
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
  ApplySchedule *entry = c.entry(call);
  auto how = c.option(call, 1, "frontier structure", frontierStructureValues());
  std::optional<ScheduleNumber> threshold;
  bool ok = true;
  if (call.args.size() == 3) {
    threshold = c.number(call, 2, "threshold", kPositiveOrArgv);
    ok = threshold.has_value();
    if (how && threshold && FrontierStructure(*how) != FrontierStructure::Adaptive) {
      c.error(call.args[2].loc, "a threshold applies to the adaptive frontier, and this one is '" +
                                    call.args[1].text + "'");
      ok = false;
    }
  }
  if (!entry || !how || !ok)
    return;
  entry->frontierStructure = Located<FrontierStructure>{FrontierStructure(*how), call.args[1].loc};
  entry->frontierThreshold = threshold;
}

// configBarrier(kind): program-wide.
void polyc::schedule::checkBarrier(Checker &c, const ScheduleCall &call) {
  if (auto kind = c.option(call, 0, "barrier", barrierValues()))
    c.schedule.barrier = Located<BarrierKind>{BarrierKind(*kind), call.args[0].loc};
}

// configWorkStealing(label, how[, chunk]).
void polyc::schedule::checkWorkStealing(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto how = c.option(call, 1, "work stealing method", workStealingValues());
  std::optional<ScheduleNumber> chunk;
  bool ok = true;
  if (call.args.size() == 3) {
    chunk = c.number(call, 2, "chunk size", kPositive);
    ok = chunk.has_value();
    if (how && chunk && WorkStealing(*how) == WorkStealing::None) {
      c.error(call.args[2].loc, "a chunk size applies when work is stolen, and 'none' steals none");
      ok = false;
    }
  }
  if (!entry || !how || !ok)
    return;
  entry->workStealing = Located<WorkStealing>{WorkStealing(*how), call.args[1].loc};
  entry->stealChunk = chunk;
}

// configUpdateSync(label, how[, coarsening]): coarsening is the number of
// updates one hardware transaction commits.
void polyc::schedule::checkUpdateSync(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto how = c.option(call, 1, "update synchronization", updateSyncValues());
  std::optional<ScheduleNumber> coarsening;
  bool ok = true;
  if (call.args.size() == 3) {
    coarsening = c.number(call, 2, "coarsening", kPositive);
    ok = coarsening.has_value();
    if (how && coarsening && UpdateSync(*how) != UpdateSync::Htm) {
      c.error(call.args[2].loc, "a coarsening applies to htm (updates per hardware "
                                "transaction), and this synchronization is '" +
                                    call.args[1].text + "'");
      ok = false;
    }
  }
  if (!entry || !how || !ok)
    return;
  entry->updateSync = Located<UpdateSync>{UpdateSync(*how), call.args[1].loc};
  entry->htmCoarsening = coarsening;
}
