//===- Pass.h - The pass interface and the pipeline -------------*- C++ -*-===//
#ifndef POLYC_PASSES_PASS_H
#define POLYC_PASSES_PASS_H

#include "polyc/IR/IR.h"
#include "polyc/Passes/Target.h"
#include "polyc/Support/Diagnostics.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <vector>

namespace polyc {

/// A pass decides one aspect of how traversals run and records it on the IR.
/// It returns false after reporting an error. Each pass declares itself in
/// its own file (name, description, targets); Pipeline.cpp orders them.
struct Pass {
  const char *name;        // what --print-ir-after=NAME selects
  const char *description; // one line, for --list-passes and docs/architecture.md
  TargetSet targets;       // where it applies (Target.h says which passes may be limited)
  bool (*run)(Module &module, DiagnosticEngine &diags);

  bool appliesTo(Target target) const { return targets.contains(target); }
};

/// Every pass in the order they run (see Pipeline.cpp), for any target.
const std::vector<Pass> &passPipeline();
/// The passes that run for `target`, in order (what --list-passes prints).
std::vector<Pass> passPipeline(Target target);

struct PipelineOptions {
  Target target = Target::CpuOpenMP; // passes that do not apply to it are skipped
  std::vector<std::string> printAfter; // pass names
  bool printAfterAll = false;
  llvm::raw_ostream *dump = nullptr; // where IR dumps go
  /// Run verifyModule after every pass; a violation is an internal error.
  bool verifyEach = false;
};

/// Runs every pass of the pipeline that applies to options.target; stops at
/// the first that fails.
bool runPassPipeline(Module &module, DiagnosticEngine &diags, const PipelineOptions &options);
/// The same over `passes` (a test's own list).
bool runPasses(llvm::ArrayRef<Pass> passes, Module &module, DiagnosticEngine &diags,
               const PipelineOptions &options);

// The passes themselves.
bool runLoopSplittingPass(Module &module, DiagnosticEngine &diags);
bool runLoopFusionPass(Module &module, DiagnosticEngine &diags);
bool runApplyFusionPass(Module &module, DiagnosticEngine &diags);
bool runFieldFusionPass(Module &module, DiagnosticEngine &diags);
bool runDataPlacementPass(Module &module, DiagnosticEngine &diags);
bool runDirectionPass(Module &module, DiagnosticEngine &diags);
bool runParallelizationPass(Module &module, DiagnosticEngine &diags);
bool runFrontierPass(Module &module, DiagnosticEngine &diags);
bool runDeduplicationPass(Module &module, DiagnosticEngine &diags);
bool runCacheBlockingPass(Module &module, DiagnosticEngine &diags);
bool runNumaPartitioningPass(Module &module, DiagnosticEngine &diags);
bool runAgentsPass(Module &module, DiagnosticEngine &diags);
bool runParForPass(Module &module, DiagnosticEngine &diags);
bool runPriorityUpdatePass(Module &module, DiagnosticEngine &diags);
bool runEdgePlacementPass(Module &module, DiagnosticEngine &diags);
bool runNodeFrontierPass(Module &module, DiagnosticEngine &diags);
bool runUpdateSyncPass(Module &module, DiagnosticEngine &diags);
bool runAccumulationPass(Module &module, DiagnosticEngine &diags);
bool runVertexFusionPass(Module &module, DiagnosticEngine &diags);
bool runTransientAccumulatorPass(Module &module, DiagnosticEngine &diags);
bool runSummedVectorPass(Module &module, DiagnosticEngine &diags);
bool runWalkedPrefixPass(Module &module, DiagnosticEngine &diags);
bool runSourceRegisterPass(Module &module, DiagnosticEngine &diags);
bool runMergeReducePass(Module &module, DiagnosticEngine &diags);
bool runLocalMovesPass(Module &module, DiagnosticEngine &diags);
bool runTransposeViewsPass(Module &module, DiagnosticEngine &diags);
bool runAccessAccountingPass(Module &module, DiagnosticEngine &diags);
bool runLoopNestPass(Module &module, DiagnosticEngine &diags);
bool runPartialSumsPass(Module &module, DiagnosticEngine &diags);
bool runStreamPrefetchPass(Module &module, DiagnosticEngine &diags);
bool runOwnerPrefetchPass(Module &module, DiagnosticEngine &diags);
bool runNeighborPrefetchPass(Module &module, DiagnosticEngine &diags);
bool runLibraryErrorsPass(Module &module, DiagnosticEngine &diags);
bool runDistributionPass(Module &module, DiagnosticEngine &diags);
bool runCheckedIndicesPass(Module &module, DiagnosticEngine &diags);
bool runInRangeVerticesPass(Module &module, DiagnosticEngine &diags);
bool runValueRangesPass(Module &module, DiagnosticEngine &diags);
bool runIntersectionPass(Module &module, DiagnosticEngine &diags);

// Their declarations, each in the pass's own file.
extern const Pass loopSplittingPass;
extern const Pass loopFusionPass;
extern const Pass applyFusionPass;
extern const Pass fieldFusionPass;
extern const Pass dataPlacementPass;
extern const Pass parForPass;
extern const Pass priorityUpdatePass;
extern const Pass directionPass;
extern const Pass parallelizationPass;
extern const Pass intersectionPass;
extern const Pass frontierPass;
extern const Pass deduplicationPass;
extern const Pass cacheBlockingPass;
extern const Pass numaPartitioningPass;
extern const Pass agentsPass;
extern const Pass edgePlacementPass;
extern const Pass nodeFrontierPass;
extern const Pass updateSyncPass;
extern const Pass accumulationPass;
extern const Pass vertexFusionPass;
extern const Pass transientAccumulatorPass;
extern const Pass summedVectorPass;
extern const Pass walkedPrefixPass;
extern const Pass sourceRegisterPass;
extern const Pass mergeReducePass;
extern const Pass localMovesPass;
extern const Pass transposeViewsPass;
extern const Pass accessAccountingPass;
extern const Pass checkedIndicesPass;
extern const Pass inRangeVerticesPass;
extern const Pass valueRangesPass;
extern const Pass loopNestPass;
extern const Pass partialSumsPass;
extern const Pass streamPrefetchPass;
extern const Pass ownerPrefetchPass;
extern const Pass neighborPrefetchPass;
extern const Pass libraryErrorsPass;
extern const Pass distributionPass;
extern const Pass mirrorOverlapPass;

} // namespace polyc

#endif
