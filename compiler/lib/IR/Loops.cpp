//===- Loops.cpp - Finding ops in a variant's loop program ----------------===//
#include "polyc/IR/Loops.h"

#include "llvm/Support/ErrorHandling.h"

using namespace polyc;

bool LoopOp::isPerOwner() const {
  switch (kind) {
  case SourceRegister:
  case FoldPrologue:
  case OutputThread:
  case EdgeLoop:
  case CombineParts:
  case FoldEpilogue:
  case FusedApply:
  case DeferToMirrors: return true;
  case Segments:
  case OwnerLoop:
  case SourceValues:
  case ParallelRegion:
  case Versioned:
  case BucketDrain:
  case Rounds:
  case Barrier:
  case Exchange:
  case MirrorOverlap: return false;
  }
  llvm_unreachable("a loop op kind without its place");
}

bool LoopOp::visitsOwners() const {
  return kind == OwnerLoop || kind == BucketDrain || kind == Rounds || kind == Exchange;
}

bool LoopOp::runsTasks() const { return visitsOwners() || kind == SourceValues; }

const LoopOp *LoopNest::find(LoopOp::Kind kind) const {
  const LoopOp *found = nullptr;
  forEach([&](const LoopOp &op) {
    if (!found && op.kind == kind)
      found = &op;
  });
  return found;
}

const LoopOp &LoopNest::owners() const {
  const LoopOp *found = nullptr;
  forEach([&](const LoopOp &op) {
    if (!found && (op.kind == LoopOp::OwnerLoop || op.kind == LoopOp::Rounds))
      found = &op;
  });
  if (!found)
    llvm::report_fatal_error("a loop nest without an owner loop (the loop-nest pass has not run)");
  return *found;
}

const LoopOp *LoopNest::exchange() const { return find(LoopOp::Exchange); }
