//===- VariantWriter.h - Prints one edge-traversal variant -----*- C++ -*-===//
//
// A VariantWriter prints one variant's function body: the declarations its
// LoopNest asks for (EmitEdgeVariant.cpp), then its loop ops, each op kind by
// one printer (EmitLoopOps.cpp). Every choice between loop forms is read
// from the ops, which the loop-nest pass and the passes after it decide.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_LIB_CODEGEN_VARIANTWRITER_H
#define POLYC_LIB_CODEGEN_VARIANTWRITER_H

#include "Emitter.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace polyc {

/// The list of owners an owner loop walks, as C++ expressions.
struct Owners {
  std::string count;      // how many (the end of i, which starts at `first`)
  std::string at;         // the owner at position i
  std::string edgesOf;    // the index into offsets of the owner at i
  std::string chunker;    // edgeBalancedBoundaries' arguments before the grain
  std::string prefix;     // edge-parallel: first edge of each owner (indexable),
  std::string prefixSize; // the number of owners,
  std::string ownerOfEdgeBegin; // and the owner index holding edge `begin`,
  std::string edgeAtK;          // and the index of the owner's edge numbered k
  std::string declare = "";     // a whole-owner loop's locals before it (its pragma)
  std::string first = "0";      // a whole-owner loop's first i
};

/// How an owner's visit is entered: what ends it early (`continue` in a
/// loop, `return` in a lambda), the degree and node accounting counts.
struct Visit {
  const char *skip = "continue";
  std::string degree;
  std::string node = "polyrt::accounting::nodeOfThread()";
  bool splitRange = false; // a failed test moves k to the owner's stop first
};

/// The fold's identity: x + 0 == x, min(x, +inf) == x...
std::string foldIdentity(const AssignStmt &fold);
/// The vector a register fold folds into (its target is x[dst]).
const VarDecl &foldedVector(const Accumulation &a);
/// polyrt's spellings of a frontier structure and a work-stealing method.
const char *frontierStructure(FrontierStructure f);
const char *stealingMethod(WorkStealing w);

class VariantWriter {
public:
  VariantWriter(CppEmitter &emitter, const EdgeTraversalExpr &t, const VariantPlan &v,
                const std::string &name, llvm::raw_ostream &os)
      : emitter(emitter), t(t), v(v), nest(v.nest), name(name), os(os), push(v.isPush()),
        owner(push ? "src" : "dst"), other(push ? "dst" : "src") {}

  void emitAccumulationHelpers();
  void emitBody(const std::string &apply);
  std::string vertexApply; // the fused vertex apply's function, if any
  std::vector<std::string> afterLoops; // run once every loop is done, before returning

private:
  CppEmitter &emitter;
  const EdgeTraversalExpr &t;
  const VariantPlan &v;
  const LoopNest &nest;
  std::string name;
  llvm::raw_ostream &os;
  bool push;
  std::string owner, other;
  std::string apply; // the applied function's specialisation (none for a fold)

  // Declarations before the loops (EmitEdgeVariant.cpp).
  void emitEdgeArrays(const std::string &pad);
  void emitOutputBuilder();
  std::vector<std::string> accountSetup(const std::string &partition,
                                        const std::string &nodes) const;
  std::string inFrontier(const std::string &vertex) const;
  std::string foldedValue(const std::string &src, const std::string &e) const;
  std::vector<std::string> addToOutput() const;
  const char *repeats() const {
    return t.priorityRepeatsHarmless() ? "polyrt::Repeats::Harmless" : "polyrt::Repeats::Excluded";
  }
  void lines(const std::vector<std::string> &body, const std::string &pad);
  /// The C++ type of the register fold's element, and of the edge weights
  /// (polyrt::NoWeight for an unweighted edgeset).
  std::string foldType() const;
  std::string weightType() const;

  // The loop ops, one printer per kind (EmitLoopOps.cpp).
  /// Ops at the level of a loop construct (the variant's, a segment's):
  /// each after the constants its loops read from argv.
  void printOps(const std::vector<LoopOp> &ops, const std::string &pad);
  void printOp(const LoopOp &op, const std::string &pad);
  /// The constants the loops inside `op` read from argv, read once before it.
  void declareLoopConstants(const LoopOp &op, const std::string &pad);
  std::string grainOf(const LoopOp &loop) const;
  std::string drainThreshold() const;
  Owners ownersOf(OwnerList list) const;
  void printSegments(const LoopOp &op, const std::string &pad);
  void printOwnerLoop(const LoopOp &op, const std::string &pad);
  void printVertexTaskLoop(const LoopOp &op, const std::string &pad, const Owners &owners);
  void printPrefetchedChunks(const LoopOp &op, const std::string &pad, const Owners &owners);
  void printNodeChunks(const LoopOp &op, const std::string &pad, const Owners &owners);
  void printEdgeBalancedChunks(const LoopOp &op, const std::string &pad, const Owners &owners);
  void printEdgeRanges(const LoopOp &op, const std::string &pad, const Owners &owners);
  void printSourceValues(const LoopOp &op, const std::string &pad);
  void printRegion(const LoopOp &op, const std::string &pad);
  void printMergeTeam(const LoopOp &op, const std::string &pad);
  void printVersioned(const LoopOp &op, const std::string &pad);
  void printBucketDrain(const LoopOp &op, const std::string &pad);
  void printRounds(const LoopOp &op, const std::string &pad);
  void printMergeWalk(const LoopOp &op, const std::string &pad);
  void printExchange(const LoopOp &op, const std::string &pad);
  /// One owner's visit: its tests (leaving by `visit.skip`), its accounting,
  /// then its per-owner ops.
  void printVisit(const LoopOp &loop, const std::string &pad, const Owners &owners,
                  const Visit &visit);
  void printOwnerOp(const LoopOp &op, const std::string &pad, const Owners &owners);
  void printEdgeLoop(const LoopOp &op, const std::string &pad, const Owners &owners);
  bool openRankRuns(const LoopOp &op, const std::string &pad, const Owners &owners);
  /// Where the edge loop being printed starts and ends: the owner's list,
  /// or (inside openRankRuns) the run.
  std::string edgesFrom(const Owners &owners) const;
  std::string edgesTo(const Owners &owners) const;
  bool runs = false;
  void printPartialSums(const LoopOp &op, const std::string &pad, const Owners &owners);
  std::vector<std::string> edgeBody(const LoopOp &edges) const;
  std::vector<std::string> foldPrologue(FoldRegister fold) const;
  std::vector<std::string> foldEpilogue(FoldRegister fold) const;
  std::vector<std::string> ownerTests(const LoopOp &loop) const;
  std::string combineParts() const;
  std::vector<std::string> accountOwnerVisit(const std::string &degree,
                                             const std::string &node) const;
  /// Prints one task of a parallel loop (print(pad)); where the loop
  /// catches errors, inside a try whose catch keeps the error in taskErrors.
  void guardTask(const LoopOp &loop, const std::string &pad,
                 llvm::function_ref<void(const std::string &)> print);
  std::string pragmaClauses(const LoopOp &loop) const;
  static std::string degreeOf(const std::string &edgesOf) {
    return "(offsets[" + edgesOf + " + 1] - offsets[" + edgesOf + "])";
  }
  bool walksAgents(const LoopOp &loop) const {
    return loop.owners == OwnerList::NodeAgents || loop.owners == OwnerList::NodeAgentFrontier;
  }
};

} // namespace polyc

#endif
