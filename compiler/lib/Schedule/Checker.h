//===- Checker.h - Shared state of schedule validation ---------*- C++ -*-===//
//
// The validator (ScheduleValidator.cpp) finds each call's function in its
// table, checks the arity and hands the call to the function's checker, one
// file per group of functions:
//   TraversalOptions.cpp  direction, parallelization, cache blocking, grains
//   FrontierOptions.cpp   vertex set representations and deduplication
//   LoopTransforms.cpp    fuseForLoop, splitForLoop, fuseApplyFunctions
//   FieldOptions.cpp      fuseFields
//   NumaOptions.cpp       NUMA and the polyc extensions
//   PriorityOptions.cpp   ordered processing and intersection methods
//   DistributionOptions.cpp  distribution over MPI ranks
// A checker reads every argument (so that one call can report several
// errors), and fills the Schedule only when all of them are valid. This file
// declares what they share: diagnostics, the argument readers and the labels
// known at the current point of the schedule.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_LIB_SCHEDULE_CHECKER_H
#define POLYC_LIB_SCHEDULE_CHECKER_H

#include "polyc/Schedule/Schedule.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <map>
#include <optional>
#include <string>

namespace polyc::schedule {

/// What a labelled statement is, as far as schedules care.
enum StmtTrait : unsigned {
  HasEdgeTraversal = 1, // its expressions hold edges.apply / applyModified / ...
  IsForLoop = 2,
};

struct LabelInfo {
  unsigned traits = 0;
  /// Where the label is: the `#s1#` in the algorithm, or the loop transform
  /// call that introduced it.
  llvm::SMLoc loc;
  const Stmt *stmt = nullptr; // null for labels loop transforms introduced
};

/// A label a loop transform consumed, for "no statement is labelled ... any
/// more" errors.
struct RemovedLabel {
  std::string function;
  llvm::SMLoc call;
};

/// Numbers a schedule argument may be.
struct NumberRule {
  int64_t minimum;   // 1: positive, 0: non-negative
  bool argv;         // "argv[N]" allowed (read when the program runs)
};
constexpr NumberRule kPositiveOrArgv{1, true};
constexpr NumberRule kPositive{1, false};
constexpr NumberRule kNonNegative{0, false};

class Checker {
public:
  Checker(const Program &program, DiagnosticEngine &diags);

  const Program &program;
  Schedule schedule;

  void error(llvm::SMLoc loc, const llvm::Twine &message);
  void note(llvm::SMLoc loc, const llvm::Twine &message);
  void warning(llvm::SMLoc loc, const llvm::Twine &message);
  bool failed() const { return errors != 0; }
  unsigned errorCount() const { return errors; }

  //===--- Arguments ------------------------------------------------------===//

  /// Argument `index` is a string; otherwise "expected <what> (a string)".
  bool expectString(const ScheduleCall &call, unsigned index, const char *what);
  /// Argument `index` is one of `values`; returns its value. Errors list the
  /// valid spellings (aliases not repeated).
  std::optional<int> option(const ScheduleCall &call, unsigned index, const char *what,
                            llvm::ArrayRef<OptionValue> values);
  /// Argument `index` is an integer of `rule`, or "argv[N]" where allowed.
  std::optional<ScheduleNumber> number(const ScheduleCall &call, unsigned index,
                                       const char *what, NumberRule rule);
  /// Argument `index` is a positive number (integer or not).
  std::optional<Located<double>> positiveReal(const ScheduleCall &call, unsigned index,
                                              const char *what);
  /// Argument `index` is a `dir`: a variant.
  std::optional<Variant> variant(const ScheduleCall &call, unsigned index);
  /// Optional trailing arguments: leave `out` empty when the call has no
  /// argument `index`; return false when it has one and it was reported.
  bool optionalVariant(const ScheduleCall &call, unsigned index, std::optional<Variant> &out);
  bool optionalNumber(const ScheduleCall &call, unsigned index, const char *what,
                      NumberRule rule, std::optional<ScheduleNumber> &out);

  //===--- Labels ---------------------------------------------------------===//

  std::map<std::string, LabelInfo> labels;        // known at this point
  std::map<std::string, RemovedLabel> removed;    // consumed by loop transforms
  /// The first call that set an option for a label, without errors (for
  /// notes when a loop transform would drop those options).
  std::map<std::string, llvm::SMLoc> firstOption;
  /// The file calls configDistribution, valid or not (checkNeedsDistribution).
  bool callsDistribution = false;

  /// Argument `index` names a known statement; reports unknown labels (with a
  /// hint for nested ones and misspellings). Returns its entry or null.
  const LabelInfo *label(const ScheduleCall &call, unsigned index);
  /// The call with argument `index` written out in full where it names one
  /// nested statement by its last label only ("s2" for the only "s1:s2"), with
  /// a warning; otherwise the call unchanged (label() then reports it).
  ScheduleCall withInnerLabelResolved(const ScheduleCall &call, unsigned index);
  /// label() for the statement the call configures: returns the schedule
  /// entry of argument 0, or null (reported). The caller fills it only when
  /// its values are valid too.
  ApplySchedule *entry(const ScheduleCall &call);

  /// A global vector{E}(T) of the program by name, or null.
  const VarDecl *globalVector(llvm::StringRef name) const;
  /// Checks `name` (an argument, or an element of a list argument, at loc)
  /// names a global per-vertex vector; returns it or null (reported).
  const VarDecl *perVertexVector(const std::string &name, llvm::SMLoc loc);

private:
  DiagnosticEngine &diags;
  unsigned errors = 0;
};

/// "SparsePush, DensePull" (aliases and, with supportedOnly, unsupported
/// values left out).
std::string joinSpellings(llvm::ArrayRef<OptionValue> values, bool supportedOnly);

bool isHybrid(Direction d);
bool isDense(FrontierRepr r);

/// Sets `value` for `dir`, or for every variant without one.
template <typename T>
void setVariants(PerVariant<T> &option, std::optional<Variant> dir, const Located<T> &value) {
  if (dir)
    option[unsigned(*dir)] = value;
  else
    for (auto &variant : option)
      variant = value;
}

/// f(label, value): one option from a table.
template <typename E>
void enumOption(Checker &c, const ScheduleCall &call, const char *what,
                llvm::ArrayRef<OptionValue> values, std::optional<Located<E>> ApplySchedule::*field) {
  ApplySchedule *entry = c.entry(call);
  auto value = c.option(call, 1, what, values);
  if (entry && value)
    entry->*field = Located<E>{E(*value), call.args[1].loc};
}

/// f(label, n): one positive number, or "argv[N]".
inline void numberOption(Checker &c, const ScheduleCall &call, const char *what,
                         std::optional<ScheduleNumber> ApplySchedule::*field) {
  ApplySchedule *entry = c.entry(call);
  auto n = c.number(call, 1, what, kPositiveOrArgv);
  if (entry && n)
    entry->*field = n;
}

/// f(label, value[, count]) where the count means something for some values
/// only: those `takesCount` accepts (null: all), described as `takers`. Sets
/// both options (the count cleared when not given) when all is valid, and
/// then returns the entry.
template <typename E>
ApplySchedule *optionWithCount(Checker &c, const ScheduleCall &call, const char *what,
                               llvm::ArrayRef<OptionValue> values,
                               std::optional<Located<E>> ApplySchedule::*option,
                               const char *countWhat, NumberRule rule,
                               std::optional<ScheduleNumber> ApplySchedule::*count,
                               bool (*takesCount)(E) = nullptr, const char *takers = nullptr) {
  ApplySchedule *entry = c.entry(call);
  auto value = c.option(call, 1, what, values);
  std::optional<ScheduleNumber> n;
  bool ok = c.optionalNumber(call, 2, countWhat, rule, n);
  if (value && n && takesCount && !takesCount(E(*value))) {
    c.error(call.args[2].loc, std::string("a ") + countWhat + " applies to " + takers +
                                  ", not to '" + call.args[1].text + "'");
    ok = false;
  }
  if (!entry || !value || !ok)
    return nullptr;
  entry->*option = Located<E>{E(*value), call.args[1].loc};
  entry->*count = n;
  return entry;
}

// The checkers, one per schedule function.
using CheckFn = void (*)(Checker &, const ScheduleCall &);
void checkDirection(Checker &, const ScheduleCall &);
void checkParallelization(Checker &, const ScheduleCall &);
void checkNumSSG(Checker &, const ScheduleCall &);
void checkParForGrainSize(Checker &, const ScheduleCall &);
void checkHybridVertexThreshold(Checker &, const ScheduleCall &);
void checkDenseVertexSet(Checker &, const ScheduleCall &);
void checkDataStructure(Checker &, const ScheduleCall &); // and setVertexSet
void checkSetApply(Checker &, const ScheduleCall &);
void checkDeduplication(Checker &, const ScheduleCall &);
void checkFuseFields(Checker &, const ScheduleCall &);
void checkFuseForLoop(Checker &, const ScheduleCall &);
void checkSplitForLoop(Checker &, const ScheduleCall &);
void checkFuseApplyFunctions(Checker &, const ScheduleCall &);
void checkNUMA(Checker &, const ScheduleCall &);
void checkNUMAPartition(Checker &, const ScheduleCall &);
void checkNUMAAlpha(Checker &, const ScheduleCall &);
void checkAgents(Checker &, const ScheduleCall &);
void checkDataPlacement(Checker &, const ScheduleCall &);
void checkFrontier(Checker &, const ScheduleCall &);
void checkBarrier(Checker &, const ScheduleCall &);
void checkWorkStealing(Checker &, const ScheduleCall &);
void checkUpdateSync(Checker &, const ScheduleCall &);
void checkPriorityUpdate(Checker &, const ScheduleCall &);
void checkPriorityUpdateDelta(Checker &, const ScheduleCall &);
void checkBucketMergeThreshold(Checker &, const ScheduleCall &);
void checkNumOpenBuckets(Checker &, const ScheduleCall &);
void checkIntersection(Checker &, const ScheduleCall &);
void checkDistribution(Checker &, const ScheduleCall &);
void checkMessageCombining(Checker &, const ScheduleCall &);
void checkCommunication(Checker &, const ScheduleCall &);

/// After the last call: configMessageCombining and configCommunication
/// without configDistribution, reported at their values (not when the file
/// has a configDistribution, already reported as invalid).
void checkNeedsDistribution(Checker &);

/// The bounds of a labelled for loop when both are integer literals (the
/// loop transforms check iteration counts against them; the schedule space
/// prints the count).
std::optional<std::pair<int64_t, int64_t>> literalRange(const LabelInfo &info);

/// After a call that changed a label's frontier options, deduplication or
/// direction: reports (once) a deduplication turned off where every variant
/// of the direction builds a dense output set. `before` is whether that held
/// before the call.
bool dedupContradicts(const ApplySchedule &s);
void reportDedupContradiction(Checker &c, const ScheduleCall &call, const ApplySchedule &s,
                              bool before, bool callSetsDedup);

} // namespace polyc::schedule

#endif
