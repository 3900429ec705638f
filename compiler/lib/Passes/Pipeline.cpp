//===- Pipeline.cpp - The whole middle end, in order ---------------------===//
//
// This is the list a reader needs to see what polyc does to a program between
// lowering and C++ emission. Each pass reads the schedule options it owns and
// records decisions on the traversal nodes; later passes build on earlier
// decisions (update synchronisation depends on direction and parallelization).
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Pass.h"

#include "llvm/ADT/STLExtras.h"

using namespace polyc;

const std::vector<Pass> &polyc::passPipeline() {
  static const std::vector<Pass> pipeline = {
      // The loop schedules rewrite statements, so they go first: the passes
      // after them find traversals by the labels they give.
      {"loop-splitting", "splitForLoop: a loop becomes two, each with its own labels",
       runLoopSplittingPass},
      {"loop-fusion", "fuseForLoop: two adjacent loops with the same bounds become one",
       runLoopFusionPass},
      {"apply-fusion", "fuseApplyFunctions: two traversals of the same edges become one",
       runApplyFusionPass},
      {"field-fusion", "fuseFields: per-vertex vectors stored as one array of structs",
       runFieldFusionPass},
      {"data-placement", "configDataPlacement: interleaved, node-local or replicated per-vertex vectors",
       runDataPlacementPass},
      {"par-for", "par_for: each loop's grain; what cannot run concurrently inside one",
       runParForPass},
      {"priority-update", "applyUpdatePriority: the queue each traversal updates, how, and its delta",
       runPriorityUpdatePass},
      {"direction", "push, pull or hybrid: the variants each edge traversal is made of",
       runDirectionPass},
      {"parallelization", "serial or parallel loop per variant, load balance, grain size",
       runParallelizationPass},
      {"intersection", "configIntersection: the method of each intersection() call",
       runIntersectionPass},
      {"frontier", "frontier representation read and built by each variant", runFrontierPass},
      {"deduplication", "whether push variants deduplicate their output as they go",
       runDeduplicationPass},
      {"cache-blocking", "segmented subgraphs for pull variants (configApplyNumSSG)",
       runCacheBlockingPass},
      {"numa-partitioning", "variants split over NUMA nodes, each node walking its own range",
       runNumaPartitioningPass},
      {"agents", "configApplyAgents: NUMA variants walk per-node subgraphs of local edges",
       runAgentsPass},
      {"edge-placement", "edgesets only agents walk: node parts built at load, own edges freed",
       runEdgePlacementPass},
      {"node-frontiers", "configApplyFrontier: frontiers held node by node, each part a list or a bitmap",
       runNodeFrontierPass},
      {"update-sync",
       "plain, atomic or a claim per write of an applied function; configUpdateSync's lock, "
       "htm or merge",
       runUpdateSyncPass},
      {"accumulation",
       "an owner's folds kept in a register (a pull's destination, a whole push's source); "
       "source-only values computed once",
       runAccumulationPass},
      {"vertex-fusion", "a vertex apply over every vertex run inside the pull before it",
       runVertexFusionPass},
      {"transient-accumulator",
       "a pull's fold target the fused apply sets back to its initial value stays in a register",
       runTransientAccumulatorPass},
      {"summed-vector",
       "an integer vector only folded into and summed is kept as its running total",
       runSummedVectorPass},
      {"walked-prefix",
       "a push's intersectNeighbor(edges, src, dst) reads src's neighbours below dst as the "
       "walked list's entries before the edge",
       runWalkedPrefixPass},
      {"source-register",
       "a priority push reads the source's priority once per source, not after every update",
       runSourceRegisterPass},
      {"merge-reduce", "NUMA pulls whose fold combines exactly use node buffers and a merge",
       runMergeReducePass},
      {"local-moves", "vertex sets assigned from a local that dies there are moved, not copied",
       runLocalMovesPass},
      {"transpose-views", "locals holding g.transpose() refer to g itself when g is undirected",
       runTransposeViewsPass},
      {"access-accounting", "--account-accesses: what each loop counts, owner and other side",
       runAccessAccountingPass},
      {"checked-indices",
       "vector accesses in serial code (main and its helpers) check their index; "
       "applied functions' do not",
       runCheckedIndicesPass},
      {"in-range-vertices",
       "getOutDegree and getOutNeighbor of a vertex every traversal applying the function "
       "hands it skip the vertex check",
       runInRangeVerticesPass},
      {"value-ranges",
       "int arithmetic whose operands' ranges prove that it fits skips the overflow check; "
       "a degree only compared with an int is not converted to one",
       runValueRangesPass},
      // The loops each variant runs, from every decision above; then what
      // depends on those loops.
      {"loop-nest", "the loops of each variant: owners, task shape, output adds",
       runLoopNestPass},
      {"stream-prefetch",
       "loops over every vertex's whole list prefetch the neighbour stream ahead where "
       "timing their first calls shows it pays",
       runStreamPrefetchPass},
      {"owner-prefetch",
       "pushes over a frontier list prefetch each task's sources' offsets before walking them",
       runOwnerPrefetchPass},
      {"neighbor-prefetch",
       "applies over every vertex that read a value through one neighbour prefetch it ahead "
       "where the graph's neighbours lie far apart",
       runNeighborPrefetchPass},
      {"library-errors",
       "in a program with export functions, each parallel loop's tasks catch their errors, "
       "thrown again after the loop",
       runLibraryErrorsPass},
  };
  return pipeline;
}

bool polyc::runPassPipeline(Module &module, DiagnosticEngine &diags,
                            const PipelineOptions &options) {
  for (const Pass &pass : passPipeline()) {
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
