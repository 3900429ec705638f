//===- Emitter.h - The C++ emitter's internals ------------------*- C++ -*-===//
//
// One CppEmitter writes one translation unit. Its methods are spread over
// files by what they emit: program structure (CppEmitter.cpp), expressions
// (EmitExpr.cpp), statements and functions (EmitStmt.cpp), traversals
// (EmitEdgeTraversal.cpp and EmitEdgeVariant.cpp, EmitVertexTraversal.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_LIB_CODEGEN_EMITTER_H
#define POLYC_LIB_CODEGEN_EMITTER_H

#include "polyc/CodeGen/CppEmitter.h"

#include <map>
#include <set>
#include <string>

namespace polyc {

/// C++ precedence of additive operators; `<<` sits just below it.
constexpr int kAdditivePrecedence = 12;

/// Whether a parameter of this type is passed by reference (sets, graphs,
/// vectors, lists) rather than by value (scalars, vertices).
bool passedByReference(const Type &type);

/// C++ spelling of a language type.
std::string cppType(const Type &type);
/// A user identifier as the generated C++ spells it: kept when C++ allows it
/// there, otherwise changed (keywords, macros, the generated code's names and
/// prefixes, names C++ reserves; the rule is in CppTypes.cpp).
std::string cppName(const std::string &name);
/// The C++ global holding a deferred reduction of `t` ("polyc_htm_s1_new_rank").
std::string deferredObjectName(const EdgeTraversalExpr &t, const DeferredReduction &d);
/// The C++ name of a user function (main becomes polyc_main; also changed:
/// the names of the locals of the traversal functions that call it).
std::string cppFunctionName(const FuncDecl &func);
/// A function name in the program's namespace, by the rule of cppFunctionName.
std::string cppFunctionName(const std::string &name);

/// How the body of a function is being emitted: plainly, or specialised for
/// one traversal (some writes atomic, changes of the tracked vector reported).
struct FunctionContext {
  const FuncDecl *func = nullptr;
  std::map<const AssignStmt *, WriteInfo> writes; // empty: all plain
  bool tracksChanges = false;
  /// Replicated vectors read through the thread's node's copy (null: none).
  const std::vector<const VarDecl *> *replicaReads = nullptr;
  /// The copies' addresses are locals of the function (replicaLocalName),
  /// looked up once per call rather than once per read.
  bool replicaLocals = false;
  /// The edge traversal whose deferred reductions the writes name (null: none).
  const EdgeTraversalExpr *traversal = nullptr;
  /// A vertex function fused into a pull whose fold target stays in a
  /// register (Accumulation::restingValue), or an edge function whose source
  /// element is read once per source (VariantPlan::sourceElementInRegister):
  /// `vector[v]`, v the function's first parameter, is the parameter
  /// `elementLocal` (null: none).
  const VarDecl *elementInLocal = nullptr;
  std::string elementLocal;
  bool elementUnread = false; // (only set back: the parameter is [[maybe_unused]])
  /// An intersectNeighbor call given the index of the edge being walked, the
  /// parameter polyc_edge (Accumulation::intersectsWalkedPrefix; null: none).
  const CallExpr *intersectionAtEdge = nullptr;
};

/// The local holding vector[vertex] in a register, `vertex` the name of the
/// vertex where it is declared (Accumulation::restingValue,
/// VariantPlan::sourceElementInRegister).
std::string elementRegisterName(const VarDecl &vector, const std::string &vertex);

/// The C++ name of the running total a summed vector is kept as
/// (Module::summedVectors).
std::string summedName(const VarDecl &vector);

/// The first lines of every file polyc generates: where it comes from, and
/// not to edit it.
void emitGeneratedBanner(const EmitOptions &options, llvm::raw_ostream &os);

/// Whether the program is a library (no main), as the header and the Python
/// module need; otherwise a located error "PRODUCT a library's functions ...
/// export the functions CALLER should call".
bool isLibraryProgram(const Program &program, const EmitOptions &options,
                      const std::string &product, const std::string &caller,
                      DiagnosticEngine &diags);
/// The C++ name of a replicated vector's per-node copies.
std::string replicasName(const VarDecl &vector);
/// The local holding the address of the calling thread's node's copy.
std::string replicaLocalName(const VarDecl &vector);

/// `export func name(p : T, ...) -> r : T`, as the program spells it.
std::string graphitSignature(const FuncDecl &f);
/// The C++ declaration of an export function: the generated definition's
/// types, every parameter named (for the header and the Python module).
std::string exportDeclaration(const FuncDecl &f);

/// The argv[N] the program and its schedule read, by N, each with what it
/// is for ("the graph file of 'edges'"), for the program's usage text
/// (ProgramArguments.cpp).
std::vector<std::pair<int, std::string>> programArguments(const Module &module);

class CppEmitter {
public:
  CppEmitter(const Module &module, const EmitOptions &options, llvm::raw_ostream &os,
             DiagnosticEngine &diags)
      : module(module), options(options), os(os), diags(diags) {}
  bool run();

  // Expressions (EmitExpr.cpp).
  std::string expr(const Expr &e);
  std::string exprAs(const Expr &e, const Type &type); // with a cast if needed
  /// exprAs inside a traversal that reads `replicaReads` from replicas
  /// (and gives intersectionAtEdge the edge's index, FunctionContext).
  std::string exprReadingReplicas(const Expr &e, const Type &type,
                                  const std::vector<const VarDecl *> &replicaReads,
                                  const CallExpr *intersectionAtEdge = nullptr);
  /// The value each element of a per-vertex vector starts with: init
  /// converted (a scalar fills every slot of a fixed-length vector), or T().
  std::string initialValue(const Expr *init, const Type &valueType);

private:
  const Module &module;
  const EmitOptions &options;
  llvm::raw_ostream &os;
  DiagnosticEngine &diags;
  bool failed = false;
  const FunctionContext *context = nullptr;
  std::set<std::string> countedElements; // elements whose count is known
  std::set<std::string> vertexElements;  // src/dst elements of the edgesets
  std::set<std::string> edgeElements;    // the edgesets' own elements (per-edge vectors)

  /// Each traversal's C++ function name (the base of its variants' and
  /// specialised functions' names), from its IR name; see nameTraversals.
  std::map<const Expr *, std::string> traversalNames;

  void error(llvm::SMLoc loc, const llvm::Twine &message);
  std::string elementCount(const std::string &element) { return "num_" + cppName(element); }
  /// Fills traversalNames: the IR name made a C++ name, unless it or a name
  /// derived from it (NAME_...) could meet a user name or another
  /// traversal's names; then NAME2, NAME3, ...
  void nameTraversals();
public:
  const std::string &traversalName(const Expr &traversal) const {
    return traversalNames.at(&traversal);
  }
private:
  /// The statements setting the counts an edgeset `edges` of `type` gives
  /// its elements: its vertex count to the vertex elements, its edge count to
  /// its own element (the size of per-edge vectors). With `counted`, only
  /// elements not in it, each added to it; a vertex element already in it
  /// gets a check that the edgeset has as many vertices (declared at `loc`).
  std::vector<std::string> elementCountsFrom(const std::string &edges, const Type &type,
                                             std::set<std::string> *counted = nullptr,
                                             llvm::SMLoc loc = {});

  // Program structure (CppEmitter.cpp).
  void emitPrologue();
  void emitGlobals();
  void emitForwardDeclarations();
  void emitGlobalInitialisation();
  bool checkVectorElement(const Type &type, llvm::SMLoc loc);
  void emitMain();
  void emitExports();
  /// Whether the program has a polyc_initialized flag for its exported
  /// functions to check: a library, or a program exporting functions.
  bool checksInitialisation() const;
  std::string signature(const FuncDecl &func, const std::string &name, bool returnsChanged,
                        const std::string &extraParam = "",
                        const VarDecl *elementInLocal = nullptr,
                        bool namesEveryParameter = false);

  // Expressions (EmitExpr.cpp).
public:
  std::string exprPrec(const Expr &e, int &precedence);
  /// "prog.gt:LINE:COL" for a run-time message about the code at loc.
  std::string sourcePlace(llvm::SMLoc loc);
private:
  std::string call(const CallExpr &c);
  std::string methodCall(const MethodCallExpr &m);
  std::string priorityQueueCall(const std::string &queue, const MethodCallExpr &m);
  std::string newExpr(const NewExpr &n);
  std::string traversalCall(const Expr &e);
  /// e where a reference is needed: named values as they are, temporaries
  /// through polyrt::temporary().
  std::string lvalue(const Expr &e);
  /// &vector[index] for the built-ins that update one element in place
  /// (writeMin, compareAndSwap); the field of a fused vector's element.
  std::string elementAddress(const Expr &vector, const Expr &index);
  /// `x[i]` through polyrt::checkedAt or checkedSlotAt: an access the
  /// checked-indices pass listed (EmitCheckedIndex.cpp).
  std::string checkedElement(const IndexExpr &ix, IndexCheck check);
  /// checkedAt(vector, index, "place") or checkedSlotAt(...), as `check`
  /// says; vectorText is the vector as the caller emits it (a fused vector
  /// is reached through its group's array instead).
  std::string checkedAccess(const Expr &vector, const std::string &vectorText,
                            const Expr &index, llvm::SMLoc loc, IndexCheck check);
  /// &x[i] for writeMin(x, i, ...) and compareAndSwap(x, i, ...), i checked
  /// where the checked-indices pass says so.
  std::string atomicElementAddress(const CallExpr &call);
  /// set.addVertex(v), v checked as a start vertex where the pass says so.
  std::string startVertexAdded(const MethodCallExpr &m, const std::string &receiver,
                               const std::string &vertex);
  /// The program's file:line:col as a C++ string literal.
  std::string quotedPlace(llvm::SMLoc loc);

  // Integer arithmetic that stops instead of wrapping (EmitCheckedArithmetic.cpp).
public:
  /// Whether + - * on `type` are checked for overflow (the signed int).
  static bool checksOverflow(const Type &type);
  /// `op` checked (int + - *, any integer /), or "" when it is C++'s own.
  std::string checkedBinary(BinaryOp op, const Type &type, const std::string &lhs,
                            const std::string &rhs, llvm::SMLoc loc);
  /// Unary minus checked, or "" when it is C++'s own.
  std::string checkedNegation(const Type &type, const std::string &operand, llvm::SMLoc loc);
  /// `target op= value;` for op in + - * / on a `type` element.
  std::string inPlaceUpdate(AssignOp op, const Type &type, const std::string &target,
                            const std::string &value, llvm::SMLoc loc);
  /// The functor the runtime's compare-and-swap loops apply for `op`.
  std::string updateFunctor(AssignOp op, const Type &type, llvm::SMLoc loc);
  /// `*address += value` as one atomic add.
  std::string atomicAdd(const Type &type, const std::string &address, const std::string &value,
                        llvm::SMLoc loc);
private:

  // Statements and functions (EmitStmt.cpp).
  void emitFunction(const FuncDecl &func, const std::string &name, const FunctionContext &ctx);
  void emitBlock(const Block &block, unsigned indent);
  void emitStmt(const Stmt &s, unsigned indent);
  void emitStmtItself(const Stmt &s, unsigned indent); // without its rank exchanges
  std::string assignment(const AssignStmt &a);
  std::string scheduledAssignment(const AssignStmt &a, const WriteInfo &w);
  std::string plainUpdate(const AssignStmt &a, const std::string &target, const std::string &value);
  std::string plainTrackedUpdate(const AssignStmt &a, const std::string &target,
                                 const std::string &value);
  void emitParFor(const ForStmt &f, unsigned indent);
  /// configDistribution (EmitDistribution.cpp): the part and freshness
  /// globals, the load of the rank's part, the exchanges placed before or
  /// after a statement.
  void emitRankDeclarations();
  std::string loadPart(const std::string &weight, const std::string &path);
  void emitRankExchanges(const Stmt &s, bool before, unsigned indent);
  std::string localDeclaration(const VarDecl &var);
  std::string returnStatement();

  // Traversals (EmitEdgeTraversal.cpp, EmitEdgeVariant.cpp, EmitVertexTraversal.cpp).
public:
  /// `func` as a traversal applies it; `edges`: the edge traversal, whose
  /// replicas and deferred reductions its writes may use (null: a vertex one).
  /// `sourceInRegister`: the function reads that vector at its source from
  /// an added parameter (VariantPlan::sourceElementInRegister).
  std::string appliedFunction(const FuncDecl &func, const std::vector<WriteInfo> &writes,
                              bool tracksChanges, const std::string &traversalName,
                              const EdgeTraversalExpr *edges = nullptr,
                              const VarDecl *sourceInRegister = nullptr);
  /// The vertex function fused into a pull whose fold target `vector` stays
  /// in a register (Accumulation::restingValue), specialised to read and
  /// write its own vertex's element in a parameter holding the register.
  std::string appliedOnRegister(const VertexTraversalExpr &u, const EdgeTraversalExpr &t,
                                const VarDecl &vector);
private:
  void emitEdgeTraversal(const EdgeTraversalExpr &t);
  void emitEdgeVariant(const EdgeTraversalExpr &t, const VariantPlan &v, const std::string &name);
  /// One variant's function; `oneNode` names the function it calls instead
  /// on a machine with one node (empty: none); `fallback`: this is that
  /// function, entered from the NUMA one.
  void emitVariantFunction(const EdgeTraversalExpr &t, const VariantPlan &v,
                           const std::string &name, const std::string &vertexApply,
                           const std::string &oneNode = "", bool fallback = false);
  void emitVertexTraversal(const VertexTraversalExpr &t);
  /// The loop over every vertex in two copies, one prefetching: `inner` and
  /// `prefetchingPragma` are their pragmas, `body` one vertex's visit.
  void emitEveryVertexPrefetching(const VertexTraversalExpr &t, const NeighborValueRead &read,
                                  const std::string &inner, const std::string &prefetchingPragma,
                                  const std::string &body);
  /// configUpdateSync htm and merge: the runtime objects a traversal's
  /// deferred reductions go through, and what a variant does with them
  /// before its loops (prepare) and after (flush or fold).
  void emitDeferredReductions(const EdgeTraversalExpr &t);
  std::vector<std::string> deferredPrepare(const EdgeTraversalExpr &t, const VariantPlan &v);
  std::vector<std::string> deferredFinish(const EdgeTraversalExpr &t, const VariantPlan &v);
  std::string traversalSignature(const EdgeTraversalExpr &t, const std::string &name);
};

std::string indentOf(unsigned level);

/// configDistribution: the global holding the rank's part of the edgeset,
/// and the one holding a vector's freshness flags.
constexpr const char *kRankPart = "polyc_rank_part";
std::string freshnessName(const VarDecl &vector);
/// The global keeping a scalar's value before a traversal folds into it.
std::string keptName(const VarDecl &scalar);

/// A parallel loop that catches its tasks' errors (the library-errors pass):
/// the local keeping the first, declared before the loop at indent 1, and a
/// task's lines inside the try whose catch keeps its error there.
extern const char *const kTaskErrorsDeclaration;
std::vector<std::string> catchingTaskErrors(const std::vector<std::string> &task);
/// The OpenMP pragma line (with its newline) for a vertex loop, or nothing
/// for a serial one; `grain` is the chunk of a dynamic schedule, `clauses`
/// follow the schedule.
std::string parallelForPragma(const LoopPlan &loop, const std::string &grain,
                              const std::string &clauses = "");
/// A schedule number as a C++ expression: the literal, or a call reading it
/// from the program's arguments (`what` names it in the error message).
std::string scheduleNumber(const ScheduleNumber &n, const std::string &what);
/// The traversal runs its whole ordered loop (LoopNest::roundsInOneRegion):
/// its function takes the loop's condition instead of a frontier.
bool runsItsLoop(const EdgeTraversalExpr &t);

/// A NUMA partition strategy as polyrt spells it.
const char *partitionStrategy(NumaPartition p);
/// chunk-alpha's alpha as the runtime takes it (-1: its default).
std::string alphaOf(const std::optional<double> &alpha);

} // namespace polyc

#endif
