//===- Schedule.h - Validated schedule options ------------------*- C++ -*-===//
//
// The ScheduleValidator turns parsed schedule calls into one ApplySchedule per
// label plus the program-wide options (field fusion, loop transforms). Every
// option of the schedule spec has a home here, even those the passes do not
// lower yet (the validator rejects those with "not supported yet"), so that
// adding an option is a matter of lowering it.
//
// Options that GraphIt lets a schedule give per direction (the optional `dir`
// argument) are stored per traversal variant: the sparse push, dense push and
// dense pull loops a direction is made of. An option without `dir` applies to
// every variant it makes sense for.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_SCHEDULE_SCHEDULE_H
#define POLYC_SCHEDULE_SCHEDULE_H

#include "polyc/AST/AST.h"
#include "polyc/Schedule/ScheduleAST.h"
#include "polyc/Support/Diagnostics.h"

#include "llvm/ADT/ArrayRef.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace polyc {

enum class Direction { SparsePush, DensePush, DensePull, SparsePushDensePull, SparsePushDensePush };
enum class Parallelization {
  Serial,
  StaticVertex,
  DynamicVertex,
  EdgeAwareDynamicVertex,
  EdgeParallel,
};
/// How a frontier is held while a traversal reads (source set) or writes
/// (destination set) it.
enum class FrontierRepr { None, SparseQueue, SlidingQueue, BoolArray, Bitvector };
/// How configApplyNumSSG splits the source range into segments.
enum class Segmenting { FixedVertexCount, EdgeAwareVertexCount };
/// Which sets configApplyDenseVertexSet and configApplyDataStructure change.
enum class VertexSetRole { Both, Source, Destination };

/// The loops a direction is made of. A hybrid has two (SparsePush-DensePull:
/// SparsePush and DensePull); the others one.
enum class Variant { SparsePush, DensePush, DensePull };
constexpr unsigned kNumVariants = 3;

/// One value of a schedule option as users write it, and whether polyc
/// lowers it yet.
struct OptionValue {
  const char *spelling;
  int value;
  bool supported;
};
llvm::ArrayRef<OptionValue> directionValues();
llvm::ArrayRef<OptionValue> parallelizationValues();
llvm::ArrayRef<OptionValue> frontierReprValues();  // sparse-queue, sliding-queue, ...
llvm::ArrayRef<OptionValue> segmentingValues();
llvm::ArrayRef<OptionValue> variantValues();       // the `dir` argument

const char *spelling(Direction d);       // "SparsePush-DensePull"
const char *spelling(Parallelization p); // "dynamic-vertex-parallel"
const char *spelling(FrontierRepr r);    // "bool-array"
const char *spelling(Segmenting s);      // "edge-aware-vertex-count"
const char *spelling(Variant v);         // "DensePull"

/// A number a schedule gives: fixed at compile time, or read from the
/// program's argument argv[N] at run time ("argv[N]" in the schedule).
struct ScheduleNumber {
  int64_t value = 0;   // when fixed
  int argvIndex = -1;  // N when read at run time
  llvm::SMLoc loc;
  bool fromArgv() const { return argvIndex >= 0; }
};

/// An option value and where the schedule set it (for diagnostics that point
/// at the option, and notes when two options contradict).
template <typename T> struct Located {
  T value;
  llvm::SMLoc loc;
};

/// An option a schedule may set per variant.
template <typename T> using PerVariant = std::array<std::optional<Located<T>>, kNumVariants>;

struct ParallelOption {
  Parallelization kind = Parallelization::Serial;
  std::optional<ScheduleNumber> grain; // default: 256 (1024 edges for edge-aware)
};

struct SegmentOption {
  Segmenting how = Segmenting::FixedVertexCount;
  ScheduleNumber count;
};

/// What the schedule says about one labelled statement. Unset options keep
/// GraphIt's defaults, which the passes apply.
struct ApplySchedule {
  std::optional<Located<Direction>> direction;
  /// Hybrids go dense when the frontier's work exceeds |E| / threshold
  /// (configApplyDirection's third argument; default 20).
  std::optional<ScheduleNumber> hybridThreshold;
  PerVariant<ParallelOption> parallelization;
  PerVariant<FrontierRepr> sourceRepr;      // how the variant reads the input frontier
  PerVariant<FrontierRepr> destinationRepr; // how it builds the output frontier
  std::optional<Located<bool>> deduplicate;
  PerVariant<SegmentOption> segments; // configApplyNumSSG (cache blocking)
  /// configParForGrainSize: the grain of a parallel vertex loop.
  std::optional<ScheduleNumber> parForGrain;
};

/// fuseFields(a, b, ...): per-vertex vectors stored as one array of structs.
struct FieldFusion {
  std::vector<Located<std::string>> vectors;
  llvm::SMLoc loc; // the call
};

/// fuseForLoop, splitForLoop and fuseApplyFunctions rewrite the program
/// before lowering; they run in schedule order. The labels they introduce
/// (and the nested labels copied into them) can be scheduled by later calls.
struct LoopTransform {
  enum Kind { FuseForLoops, SplitForLoop, FuseApplyFunctions };
  Kind kind;
  llvm::SMLoc loc;                         // the call
  std::vector<Located<std::string>> labels; // as written: inputs, then outputs
  std::vector<ScheduleNumber> counts;       // splitForLoop's iteration counts
};

struct Schedule {
  std::map<std::string, ApplySchedule> byLabel; // keyed by scoped label
  std::vector<FieldFusion> fusedFields;
  std::vector<LoopTransform> loopTransforms;
  const ApplySchedule *find(const std::string &label) const;
};

/// Checks the calls against the option tables and the program's labels;
/// later calls override earlier ones. Returns nullopt after reporting errors.
std::optional<Schedule> validateSchedule(const ScheduleFile &file, const Program &program,
                                         DiagnosticEngine &diags);

} // namespace polyc

#endif
