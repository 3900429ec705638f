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
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

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
/// NodeParts is polyc's own (no schedule spells it): the output of a
/// configApplyFrontier traversal, held node by node (polyrt::NodeFrontierParts).
enum class FrontierRepr { None, SparseQueue, SlidingQueue, BoolArray, Bitvector, NodeParts };
/// GraphIt's setApply: an output sliding queue, or the pull's edge-aware
/// load balancing (configApplyParallelization edge-aware-dynamic-vertex-parallel).
enum class SetApplyOption { SlidingQueue, PullEdgeBasedLoadBalance };
/// How configApplyNumSSG splits the source range into segments.
enum class Segmenting { FixedVertexCount, EdgeAwareVertexCount };
/// Which sets configApplyDenseVertexSet and configApplyDataStructure change.
enum class VertexSetRole { Both, Source, Destination };

// Options polyc validates but does not lower yet (NUMA, the polyc extensions,
// ordered processing, intersection methods). configApplyNUMA:
enum class NumaParallelization { Serial, StaticParallel, DynamicParallel };
/// configNUMAPartition: how vertices are split over NUMA nodes.
enum class NumaPartition { VertexBalanced, EdgeBalanced, ChunkAlpha };
/// configDataPlacement: where a per-vertex vector's pages live.
enum class DataPlacement { Interleaved, NodeLocal, Replicated };
/// configApplyFrontier: the runtime structure of a traversal's frontier.
enum class FrontierStructure { BoolArray, Bitvector, SparseQueue, Adaptive };
/// configBarrier.
enum class BarrierKind { Omp, Hierarchical };
/// configWorkStealing.
enum class WorkStealing { None, IntraNode, MiniChunk, InterNode };
/// configUpdateSync: how reductions on shared vertex data are made safe.
enum class UpdateSync { Atomic, Lock, Merge, Htm };
/// configApplyPriorityUpdate.
enum class PriorityUpdate {
  EagerPriorityUpdate,
  EagerPriorityUpdateWithMerge,
  LazyPriorityUpdate,
  ConstantSumReduceBeforeUpdate,
};
/// configDistribution: how the program's vertices are split over MPI ranks.
/// Cartesian owns them as ChunkAlpha does and cuts the edges over an r x c
/// grid of ranks (a 2-D cut; docs/distributed.md, "The Cartesian cut").
/// Metis owns them as the graph's partition file says (METIS's format,
/// written by `polyrt-gen metis`; docs/distributed.md, "A partition file").
enum class Distribution { ChunkAlpha, EdgeBalanced, VertexBalanced, Hash, Cartesian, Metis };
/// configMessageCombining: what a rank sends for the values it owns.
enum class MessageCombining { Mirrors, Batched, PerUpdate };
/// configCommunication: how a traversal's records travel between ranks.
enum class Communication { Ring, Alltoallv };
/// configIntersection: triangle counting's set intersection method.
enum class IntersectionMethod { Hiroshi, MultiSkip, Naive, Combined, BinarySearch };

/// The loops a direction is made of. A hybrid has two (SparsePush-DensePull:
/// SparsePush and DensePull); the others one.
enum class Variant { SparsePush, DensePush, DensePull };
constexpr unsigned kNumVariants = 3;
/// The variants of a direction, a hybrid's sparse one first.
llvm::SmallVector<Variant, 2> variantsOf(Direction d);

/// One value of a schedule option as users write it, and whether polyc
/// lowers it yet.
struct OptionValue {
  const char *spelling;
  int value;
  bool supported;
  /// Another spelling of a value listed before it (GraphIt's "sliding_queue"
  /// for sliding-queue): accepted, never listed among the valid values.
  bool alias = false;
};
llvm::ArrayRef<OptionValue> directionValues();
llvm::ArrayRef<OptionValue> parallelizationValues();
llvm::ArrayRef<OptionValue> frontierReprValues();  // sparse-queue, sliding-queue, ...
llvm::ArrayRef<OptionValue> segmentingValues();
llvm::ArrayRef<OptionValue> variantValues();       // the `dir` argument
// The tables below are read by the validator only; their supported flags are
// those of the rows they repeat (denseFrontierReprValues) or always true (the
// functions that take them are rejected as a whole until they are lowered).
llvm::ArrayRef<OptionValue> denseFrontierReprValues(); // bool-array, bitvector
llvm::ArrayRef<OptionValue> vertexSetRoleValues();     // both, src-vertexset, dst-vertexset
llvm::ArrayRef<OptionValue> deduplicationValues();     // enable (1), disable (0)
llvm::ArrayRef<OptionValue> setApplyValues();          // sliding_queue, pull_edge_based_load_balance
llvm::ArrayRef<OptionValue> numaParallelizationValues();
llvm::ArrayRef<OptionValue> numaPartitionValues();
llvm::ArrayRef<OptionValue> dataPlacementValues();
llvm::ArrayRef<OptionValue> frontierStructureValues();
llvm::ArrayRef<OptionValue> barrierValues();
llvm::ArrayRef<OptionValue> workStealingValues();
llvm::ArrayRef<OptionValue> updateSyncValues();
llvm::ArrayRef<OptionValue> agentsValues();            // on (1), off (0)
llvm::ArrayRef<OptionValue> priorityUpdateValues();
llvm::ArrayRef<OptionValue> intersectionValues();
llvm::ArrayRef<OptionValue> distributionValues();     // chunk-alpha, edge-balanced, ...
llvm::ArrayRef<OptionValue> messageCombiningValues(); // mirrors, batched, per-update
llvm::ArrayRef<OptionValue> communicationValues();    // ring, alltoallv

const char *spelling(Direction d);       // "SparsePush-DensePull"
const char *spelling(Parallelization p); // "dynamic-vertex-parallel"
const char *spelling(FrontierRepr r);    // "bool-array"
const char *spelling(Segmenting s);      // "edge-aware-vertex-count"
const char *spelling(Variant v);         // "DensePull"
const char *spelling(VertexSetRole r);   // "src-vertexset"
const char *spelling(NumaPartition p);   // "edge-balanced"
const char *spelling(WorkStealing w);    // "mini-chunk"
const char *spelling(DataPlacement p);   // "node-local"
const char *spelling(IntersectionMethod m); // "HiroshiIntersection"
const char *spelling(PriorityUpdate p);     // "eager_priority_update"
const char *spelling(UpdateSync u);      // "htm"
const char *spelling(FrontierStructure f); // "adaptive"
const char *spelling(Distribution d);      // "chunk-alpha"
const char *spelling(MessageCombining m);  // "per-update"
const char *spelling(Communication c);     // "alltoallv"

/// A number a schedule gives: fixed at compile time, or read from the
/// program's argument argv[N] at run time ("argv[N]" in the schedule).
struct ScheduleNumber {
  int64_t value = 0;   // when fixed
  int argvIndex = -1;  // N when read at run time
  llvm::SMLoc loc;
  bool fromArgv() const { return argvIndex >= 0; }
  bool operator==(const ScheduleNumber &) const = default;
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
  /// configHybridVertexThreshold: hybrids also go dense when the frontier
  /// holds more than |V| / threshold vertices (a polyc addition).
  std::optional<ScheduleNumber> hybridVertexThreshold;
  PerVariant<ParallelOption> parallelization;
  PerVariant<FrontierRepr> sourceRepr;      // how the variant reads the input frontier
  PerVariant<FrontierRepr> destinationRepr; // how it builds the output frontier
  std::optional<Located<bool>> deduplicate;
  PerVariant<SegmentOption> segments; // configApplyNumSSG (cache blocking)
  /// configParForGrainSize: the grain of a parallel vertex loop.
  std::optional<ScheduleNumber> parForGrain;

  // The NUMA options. configApplyAgents is not lowered yet: the validator
  // fills its field and then rejects the call.
  PerVariant<NumaParallelization> numa;                          // configApplyNUMA
  std::optional<Located<NumaPartition>> numaPartition;           // configNUMAPartition
  std::optional<ScheduleNumber> numaNodes;                       //   its node count
  std::optional<Located<double>> numaAlpha;                      // configNUMAAlpha
  std::optional<Located<bool>> agents;                           // configApplyAgents
  std::optional<Located<FrontierStructure>> frontierStructure;   // configApplyFrontier
  std::optional<ScheduleNumber> frontierThreshold;               //   adaptive's threshold
  std::optional<Located<WorkStealing>> workStealing;             // configWorkStealing
  std::optional<ScheduleNumber> stealChunk;                      //   its chunk size
  std::optional<Located<UpdateSync>> updateSync;                 // configUpdateSync
  std::optional<ScheduleNumber> htmCoarsening;                   //   updates per transaction
  std::optional<Located<PriorityUpdate>> priorityUpdate;         // configApplyPriorityUpdate
  std::optional<ScheduleNumber> priorityDelta;                   // configApplyPriorityUpdateDelta
  std::optional<ScheduleNumber> bucketMergeThreshold;            // configBucketMergeThreshold
  std::optional<ScheduleNumber> openBuckets;                     // configNumOpenBuckets
  std::optional<Located<IntersectionMethod>> intersection;       // configIntersection
  std::optional<Located<MessageCombining>> messageCombining;     // configMessageCombining
  std::optional<Located<Communication>> communication;           // configCommunication
};

/// fuseFields(a, b, ...): per-vertex vectors stored as one array of structs.
struct FieldFusion {
  std::vector<Located<std::string>> vectors;
  llvm::SMLoc loc; // the call
};

/// fuseForLoop, splitForLoop and fuseApplyFunctions rewrite the program
/// before lowering; they run in schedule order. The labels they introduce
/// (and the nested labels copied into them) can be scheduled by later calls.
///
/// As the validator checks them: the inputs are labels known at that point
/// of the schedule (the program's or ones earlier transforms introduced) and
/// of the right kind (for loops; statements with an edge traversal for
/// fuseApplyFunctions); two inputs are different statements in the same
/// block scope. The outputs are single names (no ':'), new, distinct; the new
/// statements take the place of the inputs, so their scoped labels are the
/// inputs' scope plus the name (`outputScopedLabels`). Inputs and the labels
/// nested in them cease to exist; "new:inner" replaces each "old:inner".
/// splitForLoop's counts are non-negative integers fixed at compile time;
/// when the loop's bounds are integer literals they add up to its trip count.
struct LoopTransform {
  enum Kind { FuseForLoops, SplitForLoop, FuseApplyFunctions };
  Kind kind;
  llvm::SMLoc loc;                         // the call
  std::vector<Located<std::string>> labels; // as written: inputs, then outputs
  std::vector<ScheduleNumber> counts;       // splitForLoop's iteration counts
  std::vector<std::string> outputScopedLabels; // the outputs with the inputs' scope
};

struct Schedule {
  std::map<std::string, ApplySchedule> byLabel; // keyed by scoped label
  std::vector<FieldFusion> fusedFields;
  std::vector<LoopTransform> loopTransforms;
  std::map<std::string, Located<DataPlacement>> dataPlacement; // configDataPlacement, by vector
  std::optional<Located<BarrierKind>> barrier;                  // configBarrier
  /// configDistribution(how[, alpha]): the program runs over MPI ranks
  /// (docs/distributed.md); alpha is chunk-alpha's (unset: 8 * (ranks - 1)).
  std::optional<Located<Distribution>> distribution;
  std::optional<Located<double>> distributionAlpha;
  const ApplySchedule *find(const std::string &label) const;
};

/// Checks the calls against the option tables and the program's labels;
/// later calls override earlier ones. Returns nullopt after reporting errors.
std::optional<Schedule> validateSchedule(const ScheduleFile &file, const Program &program,
                                         DiagnosticEngine &diags);

/// Prints, as JSON, every label of the program with the schedule functions
/// that configure it and the values the validator accepts for each argument
/// (polyc --emit=schedule-space; the format is in docs/tuning.md).
void printScheduleSpace(const Program &program, llvm::StringRef name, DiagnosticEngine &diags,
                        llvm::raw_ostream &os);

} // namespace polyc

#endif
