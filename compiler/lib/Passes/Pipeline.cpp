//===- Pipeline.cpp - The whole middle end, in order ---------------------===//
//
// This is the list a reader needs to see what polyc does to a program between
// lowering and C++ emission (`polyc --list-passes` prints it with each pass's
// description, which the pass declares in its own file). Each pass reads the
// schedule options it owns and records decisions on the traversal nodes; later
// passes build on earlier decisions (update synchronisation depends on
// direction and parallelization).
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Pass.h"

#include "llvm/ADT/STLExtras.h"

using namespace polyc;

const std::vector<Pass> &polyc::passPipeline() {
  static const std::vector<Pass> pipeline = {
      // The loop schedules rewrite statements, so they go first: the passes
      // after them find traversals by the labels they give.
      loopSplittingPass, loopFusionPass, applyFusionPass, fieldFusionPass,
      // What the schedule asks of each traversal and variant.
      dataPlacementPass, parForPass, priorityUpdatePass, directionPass, parallelizationPass,
      intersectionPass, frontierPass, deduplicationPass, cacheBlockingPass,
      numaPartitioningPass, agentsPass, edgePlacementPass, nodeFrontierPass,
      // How each write is made safe; what a loop folds, fuses or keeps in registers.
      updateSyncPass, accumulationPass, vertexFusionPass, transientAccumulatorPass,
      summedVectorPass, walkedPrefixPass, sourceRegisterPass, mergeReducePass,
      // Whole-program facts the emitter reads.
      localMovesPass, transposeViewsPass, accessAccountingPass, checkedIndicesPass,
      inRangeVerticesPass, valueRangesPass,
      // The loops each variant runs, from every decision above; then what
      // depends on those loops.
      loopNestPass, partialSumsPass, streamPrefetchPass, ownerPrefetchPass,
      neighborPrefetchPass, libraryErrorsPass,
      // Over MPI ranks: what each rank walks and the exchanges between them.
      distributionPass, mirrorOverlapPass,
  };
  return pipeline;
}

std::vector<Pass> polyc::passPipeline(Target target) {
  std::vector<Pass> passes;
  llvm::copy_if(passPipeline(), std::back_inserter(passes),
                [&](const Pass &pass) { return pass.appliesTo(target); });
  return passes;
}

bool polyc::runPassPipeline(Module &module, DiagnosticEngine &diags,
                            const PipelineOptions &options) {
  return runPasses(passPipeline(), module, diags, options);
}

bool polyc::runPasses(llvm::ArrayRef<Pass> passes, Module &module, DiagnosticEngine &diags,
                      const PipelineOptions &options) {
  for (const Pass &pass : passes) {
    if (!pass.appliesTo(options.target))
      continue;
    if (!pass.run(module, diags))
      return false;
    if (options.verifyEach) {
      std::string problem = verifyModule(module);
      if (!problem.empty()) {
        diags.error(std::string("internal error: the IR is invalid after pass '") + pass.name + "': " +
                            problem);
        return false;
      }
    }
    if (options.dump && (options.printAfterAll || llvm::is_contained(options.printAfter, pass.name))) {
      *options.dump << "// ----- IR after " << pass.name << " -----\n";
      printIR(module, *options.dump);
    }
  }
  return true;
}
