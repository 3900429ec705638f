//===- Pass.h - The pass interface and the pipeline -------------*- C++ -*-===//
#ifndef POLYC_PASSES_PASS_H
#define POLYC_PASSES_PASS_H

#include "polyc/IR/IR.h"
#include "polyc/Support/Diagnostics.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <vector>

namespace polyc {

/// A pass decides one aspect of how traversals run and records it on the IR.
/// It returns false after reporting an error.
struct Pass {
  const char *name;        // what --print-ir-after=NAME selects
  const char *description; // one line, for --help and docs
  bool (*run)(Module &module, DiagnosticEngine &diags);
};

/// The passes in the order they run (see Pipeline.cpp).
const std::vector<Pass> &passPipeline();

struct PipelineOptions {
  std::vector<std::string> printAfter; // pass names
  bool printAfterAll = false;
  llvm::raw_ostream *dump = nullptr; // where IR dumps go
  /// Run verifyModule after every pass; a violation is an internal error.
  bool verifyEach = false;
};

/// Runs every pass; stops at the first that fails.
bool runPassPipeline(Module &module, DiagnosticEngine &diags, const PipelineOptions &options);

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
bool runStreamPrefetchPass(Module &module, DiagnosticEngine &diags);
bool runOwnerPrefetchPass(Module &module, DiagnosticEngine &diags);
bool runNeighborPrefetchPass(Module &module, DiagnosticEngine &diags);
bool runLibraryErrorsPass(Module &module, DiagnosticEngine &diags);
bool runCheckedIndicesPass(Module &module, DiagnosticEngine &diags);
bool runInRangeVerticesPass(Module &module, DiagnosticEngine &diags);
bool runValueRangesPass(Module &module, DiagnosticEngine &diags);
bool runIntersectionPass(Module &module, DiagnosticEngine &diags);

} // namespace polyc

#endif
