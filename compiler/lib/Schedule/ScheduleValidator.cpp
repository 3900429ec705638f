//===- ScheduleValidator.cpp - Checking schedules against the program ----===//
//
// Each schedule function of the spec has an entry in kFunctions with its arity
// and whether polyc lowers it yet. The check order per call is: known
// function, arity, label, option values; so the first message a user sees is
// the most basic thing wrong.
//
//===----------------------------------------------------------------------===//
#include "polyc/Schedule/Schedule.h"
#include "polyc/AST/StmtWalk.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <set>

using namespace polyc;

namespace {

/// What a schedule function's first argument names.
enum class Target { Label, Vectors, None };

struct FunctionInfo {
  const char *name;
  unsigned minArgs, maxArgs;
  Target target;
  bool supported;
};

// Every function of ../shared/spec/schedule.md, GraphIt's and polyc's.
constexpr FunctionInfo kFunctions[] = {
    {"configApplyDirection", 2, 2, Target::Label, true},
    {"configApplyParallelization", 2, 4, Target::Label, true},
    {"configApplyDenseVertexSet", 2, 4, Target::Label, false},
    {"configApplyNumSSG", 3, 4, Target::Label, false},
    {"configApplyNUMA", 2, 3, Target::Label, false},
    {"configApplyDeduplication", 2, 2, Target::Label, false},
    {"setApply", 2, 2, Target::Label, false},
    {"configApplyDataStructure", 2, 3, Target::Label, false},
    {"setVertexSet", 2, 3, Target::Label, false},
    {"fuseFields", 1, 64, Target::Vectors, false},
    {"fuseForLoop", 3, 4, Target::Label, false},
    {"splitForLoop", 5, 5, Target::Label, false},
    {"fuseApplyFunctions", 3, 4, Target::Label, false},
    {"configParForGrainSize", 2, 2, Target::Label, false},
    {"configApplyPriorityUpdate", 2, 2, Target::Label, false},
    {"configApplyPriorityUpdateDelta", 2, 2, Target::Label, false},
    {"configBucketMergeThreshold", 2, 2, Target::Label, false},
    {"configNumOpenBuckets", 2, 2, Target::Label, false},
    {"configIntersection", 2, 2, Target::Label, false},
    {"configNUMAPartition", 2, 3, Target::Label, false},
    {"configNUMAAlpha", 2, 2, Target::Label, false},
    {"configApplyAgents", 2, 2, Target::Label, false},
    {"configDataPlacement", 2, 2, Target::Vectors, false},
    {"configApplyFrontier", 2, 3, Target::Label, false},
    {"configBarrier", 1, 1, Target::None, false},
    {"configWorkStealing", 2, 3, Target::Label, false},
    {"configUpdateSync", 2, 3, Target::Label, false},
};

std::string joinSpellings(llvm::ArrayRef<OptionValue> values, bool supportedOnly) {
  std::string out;
  for (const OptionValue &v : values) {
    if (supportedOnly && !v.supported)
      continue;
    if (!out.empty())
      out += ", ";
    out += v.spelling;
  }
  return out;
}

class Validator {
public:
  Validator(const Program &program, DiagnosticEngine &diags) : diags(diags) {
    forEachStmt(program, [&](const Stmt &s) {
      if (!s.scopedLabel.empty())
        labels.insert(s.scopedLabel);
    });
  }

  std::optional<Schedule> run(const ScheduleFile &file) {
    for (const ScheduleCall &call : file.calls)
      check(call);
    if (failed)
      return std::nullopt;
    return std::move(schedule);
  }

private:
  DiagnosticEngine &diags;
  std::set<std::string> labels;
  Schedule schedule;
  bool failed = false;

  void error(llvm::SMLoc loc, const llvm::Twine &message) {
    failed = true;
    diags.error(loc, message);
  }

  const FunctionInfo *lookup(llvm::StringRef name) {
    for (const FunctionInfo &f : kFunctions)
      if (name == f.name)
        return &f;
    return nullptr;
  }

  void reportUnknownFunction(const ScheduleCall &call) {
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
      error(call.loc, "unknown schedule function '" + call.function + "'; did you mean '" +
                          best->name + "'?");
    else
      error(call.loc, "unknown schedule function '" + call.function + "'");
  }

  bool expectString(const ScheduleCall &call, unsigned index, const char *what) {
    const ScheduleArg &arg = call.args[index];
    if (arg.kind == ScheduleArg::String)
      return true;
    error(arg.loc, llvm::Twine("expected ") + what + " (a string) as argument " +
                       llvm::Twine(index + 1) + " of '" + call.function + "'");
    return false;
  }

  bool checkLabel(const ScheduleCall &call) {
    if (!expectString(call, 0, "a statement label"))
      return false;
    const ScheduleArg &arg = call.args[0];
    if (labels.count(arg.text))
      return true;
    // A nested label addressed by its last part only is a common slip.
    for (const std::string &known : labels)
      if (llvm::StringRef(known).ends_with(":" + arg.text)) {
        error(arg.loc, "no statement is labelled '" + arg.text + "'; did you mean '" + known +
                           "'? (nested labels are written outer:inner)");
        return false;
      }
    error(arg.loc, "no statement is labelled '" + arg.text + "' in the algorithm");
    return false;
  }

  std::optional<int> checkOption(const ScheduleCall &call, unsigned index, const char *what,
                                 llvm::ArrayRef<OptionValue> values) {
    if (!expectString(call, index, what))
      return std::nullopt;
    const ScheduleArg &arg = call.args[index];
    for (const OptionValue &v : values) {
      if (arg.text != v.spelling)
        continue;
      if (v.supported)
        return v.value;
      error(arg.loc, llvm::Twine(what) + " '" + arg.text + "' is not supported yet (supported: " +
                         joinSpellings(values, true) + ")");
      return std::nullopt;
    }
    error(arg.loc, llvm::Twine("unknown ") + what + " '" + arg.text + "'; valid values are " +
                       joinSpellings(values, false));
    return std::nullopt;
  }

  void check(const ScheduleCall &call) {
    const FunctionInfo *info = lookup(call.function);
    if (!info)
      return reportUnknownFunction(call);
    unsigned n = call.args.size();
    if (n < info->minArgs || n > info->maxArgs) {
      std::string expected = info->minArgs == info->maxArgs
                                 ? std::to_string(info->minArgs)
                                 : std::to_string(info->minArgs) + " to " +
                                       std::to_string(info->maxArgs);
      return error(call.loc, "'" + call.function + "' takes " + expected + " argument" +
                                 (info->maxArgs == 1 ? "" : "s") + ", but " +
                                 std::to_string(n) + " were given");
    }
    if (info->target == Target::Label && !checkLabel(call))
      return;
    if (!info->supported)
      return error(call.loc, "schedule function '" + call.function + "' is not supported yet");

    ApplySchedule &entry = schedule.byLabel[call.args[0].text];
    if (call.function == "configApplyDirection") {
      if (auto d = checkOption(call, 1, "direction", directionValues()))
        entry.direction = Located<Direction>{Direction(*d), call.args[1].loc};
    } else if (call.function == "configApplyParallelization") {
      checkParallelization(call, entry);
    }
  }

  void checkParallelization(const ScheduleCall &call, ApplySchedule &entry) {
    auto p = checkOption(call, 1, "parallelization", parallelizationValues());
    if (!p)
      return;
    ParallelOption option;
    option.kind = Parallelization(*p);
    if (call.args.size() >= 3) {
      const ScheduleArg &grain = call.args[2];
      if (grain.kind == ScheduleArg::Argv)
        return error(grain.loc, "a grain size read from \"argv[N]\" is not supported yet");
      if (grain.kind != ScheduleArg::Int || grain.intValue <= 0)
        return error(grain.loc, "expected a positive integer grain size");
      option.grain = ScheduleNumber{grain.intValue, -1, grain.loc};
    }
    if (call.args.size() == 4)
      return error(call.args[3].loc, "a per-direction parallelization (the fourth argument of "
                                     "'configApplyParallelization') is not supported yet");
    for (auto &variant : entry.parallelization)
      variant = Located<ParallelOption>{option, call.args[1].loc};
  }
};

} // namespace

const ApplySchedule *Schedule::find(const std::string &label) const {
  auto it = byLabel.find(label);
  return it == byLabel.end() ? nullptr : &it->second;
}

std::optional<Schedule> polyc::validateSchedule(const ScheduleFile &file, const Program &program,
                                                DiagnosticEngine &diags) {
  return Validator(program, diags).run(file);
}
