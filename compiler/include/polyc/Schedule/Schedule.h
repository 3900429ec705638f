//===- Schedule.h - Validated schedule options ------------------*- C++ -*-===//
//
// The ScheduleValidator turns parsed schedule calls into one ApplySchedule per
// label. Every option of the schedule spec has a home here, even those the
// passes do not lower yet (the validator rejects those with "not supported
// yet"), so that adding an option is a matter of lowering it.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_SCHEDULE_SCHEDULE_H
#define POLYC_SCHEDULE_SCHEDULE_H

#include "polyc/AST/AST.h"
#include "polyc/Schedule/ScheduleAST.h"
#include "polyc/Support/Diagnostics.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace polyc {

enum class Direction { SparsePush, DensePush, DensePull, SparsePushDensePull, SparsePushDensePush };
enum class Parallelization {
  Serial,
  StaticVertex,
  DynamicVertex,
  EdgeAwareDynamicVertex,
  EdgeParallel,
};

/// One value of a schedule option as users write it, and whether polyc
/// lowers it yet.
struct OptionValue {
  const char *spelling;
  int value;
  bool supported;
};
llvm::ArrayRef<OptionValue> directionValues();
llvm::ArrayRef<OptionValue> parallelizationValues();

const char *spelling(Direction d);       // "SparsePush-DensePull"
const char *spelling(Parallelization p); // "dynamic-vertex-parallel"

/// What the schedule says about one labelled statement. Unset options keep
/// GraphIt's defaults, which the passes apply.
struct ApplySchedule {
  std::optional<Direction> direction;
  llvm::SMLoc directionLoc;
  std::optional<Parallelization> parallelization;
  llvm::SMLoc parallelizationLoc;
  std::optional<int64_t> grainSize;
};

struct Schedule {
  std::map<std::string, ApplySchedule> byLabel; // keyed by scoped label
  const ApplySchedule *find(const std::string &label) const;
};

/// Checks the calls against the option tables and the program's labels;
/// later calls override earlier ones. Returns nullopt after reporting errors.
std::optional<Schedule> validateSchedule(const ScheduleFile &file, const Program &program,
                                         DiagnosticEngine &diags);

} // namespace polyc

#endif
