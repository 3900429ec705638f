//===- ScheduleValidator.cpp - Checking schedules against the program ----===//
//
// Each schedule function of the spec has an entry in kFunctions: its arity
// and its checker. Per call the validator checks, in order, that the function
// exists, its arity, then lets the checker read the label and every value
// (reporting each error it finds, so several mistakes in one call are all
// shown). Calls run in schedule order:
// later calls override earlier ones for the same label and option, and labels
// introduced by loop transforms are known to the calls after them.
//
//===----------------------------------------------------------------------===//
#include "Functions.h"

#include "llvm/ADT/StringRef.h"

#include <climits>

using namespace polyc;
using namespace polyc::schedule;

namespace {

// Argument descriptions, shared by the rows below.
constexpr ArgSpec kLabel{"label", ArgKind::Label};
constexpr ArgSpec kDir{"dir", ArgKind::Variant};
constexpr ArgSpec opt(const char *name, llvm::ArrayRef<OptionValue> (*values)()) {
  return ArgSpec{name, ArgKind::Option, values};
}
constexpr ArgSpec num(const char *name, NumberRule rule) {
  return ArgSpec{name, ArgKind::Number, nullptr, rule};
}
constexpr ArgSpec kNewLabel{"new label", ArgKind::NewLabel};

constexpr unsigned kEdge = ToEdgeTraversal;
constexpr unsigned kTraversal = ToEdgeTraversal | ToVertexTraversal;

// Every function of ../shared/spec/schedule.md, GraphIt's and polyc's, and
// polyc's additions in docs/schedule.md (configHybridVertexThreshold).
// fuseForLoop and fuseApplyFunctions take 3 arguments: GraphIt's sources for
// a 4-argument form could not be checked here, so none is accepted. The
// argument descriptions must say what the checker reads (a test in
// test/ScheduleParse/schedule-space*.test prints them).
constexpr FunctionInfo kFunctions[] = {
    {"configApplyDirection", 2, 3, checkDirection, true, kEdge,
     {kLabel, opt("direction", directionValues), num("threshold", kPositiveOrArgv)}},
    {"configHybridVertexThreshold", 2, 2, checkHybridVertexThreshold, true, kEdge,
     {kLabel, num("vertex threshold", kPositiveOrArgv)}},
    {"configApplyParallelization", 2, 4, checkParallelization, true, kTraversal,
     {kLabel, opt("parallelization", parallelizationValues), num("grain", kPositiveOrArgv),
      kDir}},
    {"configApplyDenseVertexSet", 2, 4, checkDenseVertexSet, true, kEdge,
     {kLabel, opt("representation", denseFrontierReprValues),
      opt("vertex set", vertexSetRoleValues), kDir}},
    {"configApplyNumSSG", 3, 4, checkNumSSG, true, kEdge,
     {kLabel, opt("segmenting", segmentingValues), num("segments", kPositiveOrArgv), kDir}},
    {"configApplyDeduplication", 2, 2, checkDeduplication, true, kEdge,
     {kLabel, opt("deduplication", deduplicationValues)}},
    {"setApply", 2, 3, checkSetApply, true, kEdge,
     {kLabel, opt("option", setApplyValues), num("grain", kPositiveOrArgv)}},
    {"configApplyDataStructure", 2, 3, checkDataStructure, true, kEdge,
     {kLabel, opt("representation", frontierReprValues), opt("vertex set", vertexSetRoleValues)}},
    {"setVertexSet", 2, 3, checkDataStructure, true, kEdge,
     {kLabel, opt("representation", frontierReprValues), opt("vertex set", vertexSetRoleValues)}},
    {"fuseFields", 1, UINT_MAX, checkFuseFields, false, ToProgram,
     {ArgSpec{"vectors", ArgKind::VectorList}}},
    {"fuseForLoop", 3, 3, checkFuseForLoop, false, ToForLoop, {kLabel, kLabel, kNewLabel}},
    {"splitForLoop", 5, 5, checkSplitForLoop, false, ToForLoop,
     {kLabel, kNewLabel, kNewLabel, num("iterations", kNonNegative),
      num("iterations", kNonNegative)}},
    {"fuseApplyFunctions", 3, 3, checkFuseApplyFunctions, false, kEdge,
     {kLabel, kLabel, kNewLabel}},
    {"configParForGrainSize", 2, 2, checkParForGrainSize, true, kTraversal,
     {kLabel, num("grain", kPositiveOrArgv)}},
    {"configApplyNUMA", 2, 3, checkNUMA, true, kEdge,
     {kLabel, opt("NUMA parallelization", numaParallelizationValues), kDir}},
    {"configNUMAPartition", 2, 3, checkNUMAPartition, true, kEdge,
     {kLabel, opt("partition", numaPartitionValues), num("partitions", kPositive)}},
    {"configNUMAAlpha", 2, 2, checkNUMAAlpha, true, kEdge,
     {kLabel, ArgSpec{"alpha", ArgKind::Real}}},
    {"configApplyAgents", 2, 2, checkAgents, true, kEdge, {kLabel, opt("agents", agentsValues)}},
    {"configDataPlacement", 2, 2, checkDataPlacement, false, ToProgram,
     {ArgSpec{"vector", ArgKind::Vector}, opt("placement", dataPlacementValues)}},
    {"configApplyFrontier", 2, 3, checkFrontier, true, kEdge,
     {kLabel, opt("frontier structure", frontierStructureValues),
      num("threshold", kPositiveOrArgv)}},
    {"configBarrier", 1, 1, checkBarrier, false, ToProgram, {opt("barrier", barrierValues)}},
    {"configWorkStealing", 2, 3, checkWorkStealing, true, kEdge,
     {kLabel, opt("work stealing", workStealingValues), num("chunk", kPositive)}},
    {"configUpdateSync", 2, 3, checkUpdateSync, true, kEdge,
     {kLabel, opt("update sync", updateSyncValues), num("coarsening", kPositiveOrArgv)}},
    {"configApplyPriorityUpdate", 2, 2, checkPriorityUpdate, true, kEdge,
     {kLabel, opt("priority update", priorityUpdateValues)}},
    {"configApplyPriorityUpdateDelta", 2, 2, checkPriorityUpdateDelta, true, kEdge,
     {kLabel, num("delta", kPositiveOrArgv)}},
    {"configBucketMergeThreshold", 2, 2, checkBucketMergeThreshold, true, kEdge,
     {kLabel, num("threshold", kPositiveOrArgv)}},
    {"configNumOpenBuckets", 2, 2, checkNumOpenBuckets, true, kEdge,
     {kLabel, num("buckets", kPositiveOrArgv)}},
    {"configIntersection", 2, 2, checkIntersection, true, kEdge,
     {kLabel, opt("intersection", intersectionValues)}},
    {"configDistribution", 1, 2, checkDistribution, false, ToProgram,
     {opt("distribution", distributionValues), ArgSpec{"alpha", ArgKind::Real}}, false},
    {"configMessageCombining", 2, 2, checkMessageCombining, true, kEdge,
     {kLabel, opt("message combining method", messageCombiningValues)}, false},
    {"configCommunication", 2, 2, checkCommunication, true, kEdge,
     {kLabel, opt("communication method", communicationValues)}, false},
};

const FunctionInfo *lookup(llvm::StringRef name) {
  for (const FunctionInfo &f : kFunctions)
    if (name == f.name)
      return &f;
  return nullptr;
}

void reportUnknownFunction(Checker &c, const ScheduleCall &call) {
  const FunctionInfo *best = nullptr;
  unsigned bestDistance = 4; // suggest only close misspellings
  for (const FunctionInfo &f : kFunctions) {
    unsigned d = llvm::StringRef(f.name).edit_distance(call.function, true, bestDistance);
    if (d < bestDistance) {
      bestDistance = d;
      best = &f;
    }
  }
  if (best)
    c.error(call.loc, "unknown schedule function '" + call.function + "'; did you mean '" +
                          best->name + "'?");
  else
    c.error(call.loc, "unknown schedule function '" + call.function + "'");
}

bool checkArity(Checker &c, const ScheduleCall &call, const FunctionInfo &f) {
  unsigned n = call.args.size();
  if (n >= f.minArgs && n <= f.maxArgs)
    return true;
  std::string expected;
  if (f.maxArgs == UINT_MAX)
    expected = "at least " + std::to_string(f.minArgs);
  else if (f.minArgs == f.maxArgs)
    expected = std::to_string(f.minArgs);
  else
    expected = std::to_string(f.minArgs) + " to " + std::to_string(f.maxArgs);
  bool plural = f.maxArgs == UINT_MAX ? f.minArgs != 1 : f.maxArgs != 1;
  c.error(call.loc, "'" + call.function + "' takes " + expected + " argument" +
                        (plural ? "s" : "") + ", but " + std::to_string(n) +
                        (n == 1 ? " was" : " were") + " given");
  return false;
}

} // namespace

llvm::ArrayRef<FunctionInfo> polyc::schedule::scheduleFunctions() { return kFunctions; }

const ApplySchedule *Schedule::find(const std::string &label) const {
  auto it = byLabel.find(label);
  return it == byLabel.end() ? nullptr : &it->second;
}

std::optional<Schedule> polyc::validateSchedule(const ScheduleFile &file, const Program &program,
                                                DiagnosticEngine &diags) {
  Checker checker(program, diags);
  for (const ScheduleCall &written : file.calls) {
    const FunctionInfo *f = lookup(written.function);
    if (!f) {
      reportUnknownFunction(checker, written);
      continue;
    }
    checker.callsDistribution |= f->check == checkDistribution;
    if (!checkArity(checker, written, *f))
      continue;
    const ScheduleCall call =
        f->setsLabelOptions ? checker.withInnerLabelResolved(written, 0) : written;
    unsigned errorsBefore = checker.errorCount();
    f->check(checker, call);
    if (f->setsLabelOptions && checker.errorCount() == errorsBefore)
      checker.firstOption.emplace(call.args[0].text, call.loc);
  }
  checkNeedsDistribution(checker);
  if (checker.failed())
    return std::nullopt;
  return std::move(checker.schedule);
}
