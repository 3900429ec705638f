//===- IR.h - polyc's scheduled IR ------------------------------*- C++ -*-===//
//
// The IR is the typed AST with every traversal made a first-class operation:
// lowering replaces each method chain such as
//     edges.from(frontier).to(toFilter).applyModified(updateEdge, parent, true)
// by one EdgeTraversalExpr, and each `set.apply(f)` / `set.filter(f)` by a
// VertexTraversalExpr. Passes then decide, per traversal, how it runs
// (direction, parallelization, frontier representation, how each write of the
// applied function is synchronised) and record their decisions on the node.
// The emitter only reads decisions; it decides nothing.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_IR_IR_H
#define POLYC_IR_IR_H

#include "polyc/AST/AST.h"
#include "polyc/Schedule/Schedule.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace polyc {

/// How a write in an applied function is made safe.
enum class WriteSync {
  Plain,  // one thread owns the written element
  Atomic, // several threads may write it: atomic read-modify-write
};

/// Representation of a frontier as a traversal reads or writes it.
enum class FrontierRepr { None, SparseQueue, BoolArray };
const char *spelling(FrontierRepr r);

/// One write to global state in a function applied by a traversal.
struct WriteInfo {
  const AssignStmt *stmt;
  std::string target;   // the written global ("parent")
  bool indexedByOwner;  // target[owner]: the element this thread owns
  bool tracked;         // the vector applyModified reports changes of
  WriteSync sync = WriteSync::Plain;
};

/// Decisions shared by both kinds of traversal.
struct TraversalPlan {
  Parallelization parallelization = Parallelization::Serial;
  int64_t grainSize = 256;
  /// Writes of the applied function, with their synchronisation, for one
  /// direction of traversal (push and pull variants of a hybrid differ).
  std::vector<WriteInfo> pushWrites, pullWrites;
};

class EdgeTraversalExpr : public Expr {
public:
  explicit EdgeTraversalExpr(llvm::SMLoc loc) : Expr(EdgeTraversal, loc) {}
  static bool classof(const Expr *e) { return e->kind == EdgeTraversal; }

  // What the program asked for.
  ExprPtr edges;               // the edgeset expression
  ExprPtr from;                // source vertexset, or null for all vertices
  FuncDecl *toFilter = nullptr;  // destination filter (.to / .dstFilter)
  FuncDecl *srcFilter = nullptr; // source filter (.srcFilter)
  FuncDecl *applyFunc = nullptr;
  VarDecl *trackedVector = nullptr; // applyModified's vector, or null
  bool earlyExit = false;           // applyModified(f, vec, true)
  std::string source;               // the chain as written, for comments

  // Identity: the statement's scoped label ("l1:s1", empty when unlabelled)
  // and the C++ name of its function ("l1_s1", or "traversalN").
  std::string label;
  std::string name;

  // Decisions of the passes.
  Direction direction = Direction::SparsePush;
  TraversalPlan plan;
  // Frontier representations read and written by each direction variant
  // (None where the variant is not generated or has no frontier).
  FrontierRepr pushInput = FrontierRepr::None, pushOutput = FrontierRepr::None;
  FrontierRepr pullInput = FrontierRepr::None, pullOutput = FrontierRepr::None;
  bool deduplicate = true;

  bool producesFrontier() const { return trackedVector != nullptr; }
  bool usesPush() const { return direction != Direction::DensePull; }
  bool usesPull() const {
    return direction == Direction::DensePull || direction == Direction::SparsePushDensePull;
  }
  bool isHybrid() const {
    return direction == Direction::SparsePushDensePull ||
           direction == Direction::SparsePushDensePush;
  }
};

class VertexTraversalExpr : public Expr {
public:
  enum Op { Apply, Filter };
  VertexTraversalExpr(llvm::SMLoc loc, Op op) : Expr(VertexTraversal, loc), op(op) {}
  static bool classof(const Expr *e) { return e->kind == VertexTraversal; }

  Op op;
  ExprPtr set; // the vertexset traversed
  FuncDecl *func = nullptr;
  std::string source;
  std::string label; // as for EdgeTraversalExpr
  std::string name;
  TraversalPlan plan;
  std::vector<WriteInfo> writes;
};

/// The unit passes work on.
struct Module {
  Program *program = nullptr;
  Schedule schedule;
  std::vector<EdgeTraversalExpr *> edgeTraversals;     // source order
  std::vector<VertexTraversalExpr *> vertexTraversals; // source order
};

/// Replaces traversal method chains by traversal nodes and fills the Module.
/// Reports chains it cannot lower (e.g. `to` given a vertexset) as errors.
bool lowerToIR(Program &program, Schedule schedule, Module &module, DiagnosticEngine &diags);

/// The IR as `--emit=ir` and `--print-ir-after` show it.
void printIR(const Module &module, llvm::raw_ostream &os);

} // namespace polyc

#endif
