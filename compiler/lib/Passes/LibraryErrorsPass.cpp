//===- LibraryErrorsPass.cpp - Errors a library's caller can catch --------===//
//
// A run-time error (a bad vertex, an integer overflow) ends a standalone
// program with a message, from any thread (polyrt::stopProgram). In a
// library it is a polyrt::Error its caller catches, and the library stays
// usable. An exception may not leave an OpenMP region (g++ calls
// std::terminate), so in a program with export functions every parallel
// loop's tasks catch what they throw, and the loop throws the first again
// once it is over (polyrt::ParallelErrors; docs/embedding.md, "Errors").
// A standalone program's loops stay as they are.
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Pass.h"

using namespace polyc;

bool polyc::runLibraryErrorsPass(Module &module, DiagnosticEngine & /*diags*/) {
  if (!hasExportFunctions(*module.program))
    return true;
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    for (VariantPlan &v : t->variants) {
      auto mark = [](LoopOp &op) { op.catchesErrors = op.runsTasks() && op.isParallel(); };
      v.nest.forEach(mark);
      if (v.numa) // (the loops a machine of one node runs instead)
        v.numa->oneNode.forEach(mark);
    }
  for (VertexTraversalExpr *u : module.vertexTraversals)
    u->catchesErrors = u->loop.parallelization != Parallelization::Serial;
  return true;
}

const Pass polyc::libraryErrorsPass = {
    "library-errors",
    "with export functions, parallel tasks catch errors, thrown again after the loop",
    TargetSet::all(), polyc::runLibraryErrorsPass};
