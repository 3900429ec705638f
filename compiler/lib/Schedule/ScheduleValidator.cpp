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
#include "Checker.h"

#include "llvm/ADT/StringRef.h"

#include <climits>

using namespace polyc;
using namespace polyc::schedule;

namespace {

struct FunctionInfo {
  const char *name;
  unsigned minArgs, maxArgs;
  CheckFn check;
  /// Whether the first argument is a label whose schedule entry it sets.
  bool setsLabelOptions;
};

// Every function of ../shared/spec/schedule.md, GraphIt's and polyc's, and
// polyc's additions in docs/schedule.md (configHybridVertexThreshold).
// fuseForLoop and fuseApplyFunctions take 3 arguments: GraphIt's sources for
// a 4-argument form could not be checked here, so none is accepted.
constexpr FunctionInfo kFunctions[] = {
    {"configApplyDirection", 2, 3, checkDirection, true},
    {"configHybridVertexThreshold", 2, 2, checkHybridVertexThreshold, true},
    {"configApplyParallelization", 2, 4, checkParallelization, true},
    {"configApplyDenseVertexSet", 2, 4, checkDenseVertexSet, true},
    {"configApplyNumSSG", 3, 4, checkNumSSG, true},
    {"configApplyDeduplication", 2, 2, checkDeduplication, true},
    {"setApply", 2, 3, checkSetApply, true},
    {"configApplyDataStructure", 2, 3, checkDataStructure, true},
    {"setVertexSet", 2, 3, checkDataStructure, true},
    {"fuseFields", 1, UINT_MAX, checkFuseFields, false},
    {"fuseForLoop", 3, 3, checkFuseForLoop, false},
    {"splitForLoop", 5, 5, checkSplitForLoop, false},
    {"fuseApplyFunctions", 3, 3, checkFuseApplyFunctions, false},
    {"configParForGrainSize", 2, 2, checkParForGrainSize, true},
    {"configApplyNUMA", 2, 3, checkNUMA, true},
    {"configNUMAPartition", 2, 3, checkNUMAPartition, true},
    {"configNUMAAlpha", 2, 2, checkNUMAAlpha, true},
    {"configApplyAgents", 2, 2, checkAgents, true},
    {"configDataPlacement", 2, 2, checkDataPlacement, false},
    {"configApplyFrontier", 2, 3, checkFrontier, true},
    {"configBarrier", 1, 1, checkBarrier, false},
    {"configWorkStealing", 2, 3, checkWorkStealing, true},
    {"configUpdateSync", 2, 3, checkUpdateSync, true},
    {"configApplyPriorityUpdate", 2, 2, checkPriorityUpdate, true},
    {"configApplyPriorityUpdateDelta", 2, 2, checkPriorityUpdateDelta, true},
    {"configBucketMergeThreshold", 2, 2, checkBucketMergeThreshold, true},
    {"configNumOpenBuckets", 2, 2, checkNumOpenBuckets, true},
    {"configIntersection", 2, 2, checkIntersection, true},
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
    if (!checkArity(checker, written, *f))
      continue;
    const ScheduleCall call =
        f->setsLabelOptions ? checker.withInnerLabelResolved(written, 0) : written;
    unsigned errorsBefore = checker.errorCount();
    f->check(checker, call);
    if (f->setsLabelOptions && checker.errorCount() == errorsBefore)
      checker.firstOption.emplace(call.args[0].text, call.loc);
  }
  if (checker.failed())
    return std::nullopt;
  return std::move(checker.schedule);
}
