//===- FrontierPass.cpp - Frontier representations ----------------------===//
//
// A push variant walks the sparse list of the input frontier and appends to a
// queue; a pull variant tests membership in a bool array and marks its output
// in one, each output byte written by the thread that owns the vertex.
// Deduplication of push output is on (GraphIt's default).
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Pass.h"

using namespace polyc;

bool polyc::runFrontierPass(Module &module, DiagnosticEngine &) {
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    bool hasInput = t->from != nullptr, hasOutput = t->producesFrontier();
    if (t->usesPush()) {
      t->pushInput = hasInput ? FrontierRepr::SparseQueue : FrontierRepr::None;
      t->pushOutput = hasOutput ? FrontierRepr::SparseQueue : FrontierRepr::None;
    }
    if (t->usesPull()) {
      t->pullInput = hasInput ? FrontierRepr::BoolArray : FrontierRepr::None;
      t->pullOutput = hasOutput ? FrontierRepr::BoolArray : FrontierRepr::None;
    }
    t->deduplicate = true;
  }
  return true;
}
