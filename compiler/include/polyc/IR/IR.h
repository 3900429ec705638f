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
  Claim,  // a compare-and-swap from the value the destination filter admits
};

/// One write to global state in a function applied by a traversal.
struct WriteInfo {
  const AssignStmt *stmt;
  std::string target;   // the written global ("parent")
  bool indexedByOwner;  // target[owner]: the element this thread owns
  bool tracked;         // the vector applyModified reports changes of
  WriteSync sync = WriteSync::Plain;
  const Expr *expected = nullptr; // Claim: the value the filter admits
};

/// How the loop of a traversal runs.
struct LoopPlan {
  Parallelization parallelization = Parallelization::Serial;
  /// Vertices (edges for the edge-aware and edge-parallel loops) per task.
  ScheduleNumber grain{256, -1, {}};
};

/// A pull variant whose applied function only folds a value into the
/// destination's element (`x[dst] += value`, `min=`, ...) keeps the running
/// value in a register for the whole of the destination's in-edges.
struct Accumulation {
  const AssignStmt *fold = nullptr; // the applied function's one statement
  /// The value reads only the source and data the traversal does not write:
  /// it is computed once per source before the edges are walked.
  bool perSource = false;
  /// applyModified tracks the folded vector and the fold is min= or max=:
  /// the element changed iff the register ends below (above) where it
  /// started, so the destination joins the output once, after the walk.
  bool tracksChange = false;
  /// The value reads the folded vector at the source: a self-loop reads the
  /// element the register holds, so the register is stored before it does.
  bool readsFoldedAtSource = false;
};

/// One loop an edge traversal is made of: its direction decides which
/// (SparsePush-DensePull has a sparse push and a dense pull variant, chosen
/// per call on the frontier's size).
struct VariantPlan {
  Variant variant = Variant::SparsePush;
  LoopPlan loop;
  /// How this variant reads the input frontier (None: no `from`) and builds
  /// the output frontier (None: the traversal produces none).
  FrontierRepr input = FrontierRepr::None, output = FrontierRepr::None;
  /// Cache blocking: the pull loop walks segmented subgraphs (configApplyNumSSG).
  std::optional<SegmentOption> segments;
  /// Writes of the applied function, each with its synchronisation.
  std::vector<WriteInfo> writes;
  std::optional<Accumulation> accumulation;
  /// Each destination enters the output at most once (its write is a claim),
  /// so the output needs no deduplication.
  bool outputUnique = false;

  bool isPush() const { return variant != Variant::DensePull; }
  bool readsSparseInput() const { return variant == Variant::SparsePush; }
};

class VertexTraversalExpr;

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
  /// A hybrid goes dense when the frontier's work exceeds |E| / threshold.
  ScheduleNumber hybridThreshold{20, -1, {}};
  bool deduplicate = true;
  /// The variants the direction is made of; a hybrid's sparse one first.
  std::vector<VariantPlan> variants;
  /// A vertex apply over every vertex that the next statement would run and
  /// that the pull loop runs instead, for each destination once its edges
  /// are done (the vertex-fusion pass).
  VertexTraversalExpr *fusedVertexApply = nullptr;

  bool producesFrontier() const { return trackedVector != nullptr; }
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
  LoopPlan loop;
  std::vector<WriteInfo> writes;
  /// Set when the vertex-fusion pass moved this apply into a pull loop.
  const EdgeTraversalExpr *fusedInto = nullptr;
};

/// fuseFields: per-vertex vectors stored as one array of structs (decided by
/// the field-fusion pass). `a[v]` of a field `a` is `arrayName[v].a`.
struct FusedFieldGroup {
  std::string arrayName;               // the C++ array: "polyc_fused_a_b"
  std::string structName;              // its element type: "polyc_Fused_a_b"
  std::vector<const VarDecl *> fields; // in the order fuseFields names them
  llvm::SMLoc loc;                     // the fuseFields call
};

/// The unit passes work on.
struct Module {
  Program *program = nullptr;
  Schedule schedule;
  std::vector<EdgeTraversalExpr *> edgeTraversals;     // source order
  std::vector<VertexTraversalExpr *> vertexTraversals; // source order
  std::vector<FusedFieldGroup> fusedFields;            // in schedule order
};

/// Replaces traversal method chains by traversal nodes and fills the Module.
/// Reports chains it cannot lower (e.g. `to` given a vertexset) as errors.
bool lowerToIR(Program &program, Schedule schedule, Module &module, DiagnosticEngine &diags);

/// The IR as `--emit=ir` and `--print-ir-after` show it.
void printIR(const Module &module, llvm::raw_ostream &os);

} // namespace polyc

#endif
