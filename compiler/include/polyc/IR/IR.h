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
#include "polyc/IR/Loops.h"
#include "polyc/Schedule/Schedule.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace polyc {

/// How a write in an applied function is made safe.
enum class WriteSync {
  Plain,  // one thread owns the written element
  Atomic, // several threads may write it: atomic read-modify-write
  Claim,  // a compare-and-swap from the value the destination filter admits
  // configUpdateSync's other choices for a write that would be atomic:
  Lock,  // plain, under the element's striped lock (claims: test and set there)
  Htm,   // a reduction kept and committed with others in one transaction
  Merge, // a reduction folded into the node's buffer, merged after the loops
};

/// A reduction whose updates configUpdateSync defers (htm, merge): one
/// runtime object per traversal and vector, made ready when a variant starts
/// and flushed (htm) or folded into the vector (merge) when its loops end.
/// Deferring is correct because nothing in the traversal reads the vector
/// and every write to it is this reduction (the update-sync pass checks).
struct DeferredReduction {
  WriteSync how = WriteSync::Htm; // Htm or Merge
  const VarDecl *vector = nullptr;
  AssignOp op = AssignOp::Add;    // Add, Min or Max
  std::optional<ScheduleNumber> coarsening; // Htm: updates per transaction (unset: the runtime's)
  // The object is named by the emitter, after its traversal and vector.
};

/// One write to global state in a function applied by a traversal.
struct WriteInfo {
  const AssignStmt *stmt;
  std::string target;   // the written global ("parent")
  bool indexedByOwner;  // target[owner]: the element this thread owns
  bool tracked;         // the vector applyModified reports changes of
  WriteSync sync = WriteSync::Plain;
  const Expr *expected = nullptr; // Claim: the value the filter admits
  int deferredTo = -1; // Htm, Merge: index into the traversal's deferred reductions
};

/// How the loop of a traversal runs.
struct LoopPlan {
  Parallelization parallelization = Parallelization::Serial;
  /// Vertices (edges for the edge-aware and edge-parallel loops) per task.
  ScheduleNumber grain{256, -1, {}};
};

/// A variant whose applied function only folds a value into its owner's
/// element keeps the running value in a register for the whole of the
/// owner's edges: a pull's `x[dst] += value` (`min=`, ...) over the
/// destination's in-edges, or a push over every vertex's `x[src] += value`,
/// possibly under an `if` (triangle counting's `if dst < src`).
struct Accumulation {
  const AssignStmt *fold = nullptr; // the applied function's one statement
  /// Push only: the test of the `if` the fold is the whole body of; the
  /// value is folded on the edges that pass it.
  const Expr *guard = nullptr;
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
  /// Agents: several nodes walk in-edges of the same destination, so the
  /// register starts at the fold's identity and is combined into the target
  /// with one atomic += (min=, max=) per listed vertex, not one per edge.
  bool combinesAtomically = false;
  /// The transient-accumulator pass: the folded vector rests at this constant
  /// outside the walk (its initial value, which the fused vertex apply stores
  /// back into each element at its end, and nothing else writes it). The
  /// register starts from the constant, the element is never stored, and the
  /// fused apply reads and writes the register instead: memory keeps the
  /// constant the program would leave there. Null: the register starts from
  /// the element and is stored back.
  const Expr *restingValue = nullptr;
  /// The summed-vector pass: the folded vector is kept only as its sum
  /// (Module::summedVectors). The register starts at 0 and is added to the
  /// running total after the owner's walk; no element is read or written.
  bool addsToSum = false;
  /// The walked-prefix pass: the value's intersectNeighbor(E, src, dst)
  /// call, pushing over E's out-lists as the graph stores them. src's
  /// neighbours below dst are the walked list's entries before the edge, so
  /// the call is given the edge's index and walks them by count
  /// (polyrt::neighborIntersectionCountBeforeEdge). Null: none.
  const CallExpr *intersectsWalkedPrefix = nullptr;
  /// A single-precision sum: in another order it can move by more than the
  /// 1e-6 a schedule may change a result by, so no pass reassociates it
  /// (the mirror-overlap pass; the verifier checks).
  bool sumsFloats() const {
    return (fold->op == AssignOp::Add || fold->op == AssignOp::Sub) &&
           fold->target->type.kind == Type::Float;
  }
};

/// A variant that runs node by node (configApplyNUMA): the owners it walks
/// are split into one range per NUMA node, each node's threads take chunks
/// of their own node's range, and stealing decides who helps whom.
struct NumaPlan {
  /// The merge form (the merge-reduce pass): node k folds the in-edges from
  /// the sources it owns into a buffer of its own, one entry per destination
  /// it has such edges to, starting at the fold's identity; after a barrier
  /// the buffers are folded into each destination by the threads of the
  /// destination's node with `combine`. Otherwise the owner form: a node's
  /// threads walk its own destinations' in-edges (sources anywhere).
  bool merge = false;
  AssignOp combine = AssignOp::Add; // how a buffer folds into the target
  BarrierKind barrier = BarrierKind::Omp; // between the walk and the merge
  NumaPartition partition = NumaPartition::VertexBalanced;
  std::optional<double> alpha; // chunk-alpha's alpha; default 8 * (N - 1)
  llvm::SMLoc loc;             // the configApplyNUMA call
  WorkStealing stealing = WorkStealing::IntraNode;
  ScheduleNumber chunk{64, -1, {}}; // vertices a thread takes at a time
  /// A push with an input frontier under configApplyFrontier: each node's
  /// threads walk the node's part of the frontier (its list, or its range
  /// tested against the bits) instead of a regrouped list or the range.
  bool readsNodeParts = false;
  /// configApplyAgents (the agents pass): each edge lives on the node owning
  /// the endpoint touched at random (the destination pushing, the source
  /// pulling), and node k walks only its own edges, grouped by the other
  /// endpoint (an agent where another node owns it). Several nodes then walk
  /// one owner, so no write is owned by its thread.
  bool agents = false;
  /// The frontier forms the variant reads and builds on one node, where
  /// configApplyFrontier's per-node parts would only cost (unset: its own).
  std::optional<FrontierRepr> oneNodeInput, oneNodeOutput;
  /// With agents: the writes (update-sync pass) and register fold
  /// (accumulation pass) of the variant without agents, which its one-node
  /// loops run, since one node walks every owner whole.
  std::optional<std::vector<WriteInfo>> oneNodeWrites;
  std::optional<Accumulation> oneNodeAccumulation;
  /// The loops the variant runs when the machine has one node (and none is
  /// emulated): those of the same variant without NUMA, since one partition
  /// needs no split, no buffers and no merge (the loop-nest pass).
  LoopNest oneNode;
};

/// configApplyFrontier: the traversal's output frontier is held node by
/// node (polyrt::NodeFrontierParts), each node's part a list or a bitmap
/// (the node-frontiers pass). The parts follow the partition of the
/// traversal's NUMA variant, taken over out-edges, so that the next push
/// reads them as they are.
struct NodeFrontierPlan {
  FrontierStructure structure = FrontierStructure::Adaptive;
  /// adaptive: a node's part is dense when its work exceeds its out-edges / threshold.
  ScheduleNumber threshold{20, -1, {}};
  NumaPartition partition = NumaPartition::VertexBalanced;
  std::optional<double> alpha;
  llvm::SMLoc loc; // the configApplyFrontier call
};

/// What one variant's loop touches, for --account-accesses (the
/// access-accounting pass): per-vertex data of the owner (per visit, and per
/// edge) and of the other endpoint (per edge). Topology is counted from the
/// loop itself (offsets, neighbors, weights).
struct AccessModel {
  int ownerReads = 0, ownerWrites = 0;               // once per owner visited
  int ownerReadsPerEdge = 0, ownerWritesPerEdge = 0; // the owner's data, per edge
  int otherReads = 0, otherWrites = 0;               // the other endpoint's data, per edge
  int replicaReadsPerEdge = 0; // of replicated vectors: the node's copy, always local
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
  /// NUMA: the owners are split over the nodes (the numa-partitioning pass).
  std::optional<NumaPlan> numa;
  /// Writes of the applied function, each with its synchronisation.
  std::vector<WriteInfo> writes;
  std::optional<Accumulation> accumulation;
  /// The source-register pass: a push whose applied function reads this
  /// vector at the source, which the traversal writes only through its
  /// queue's updatePriorityMin/Max (a change re-queues the vertex, so a
  /// source whose element drops is walked again): the element is read once
  /// per source, into a register passed to the function, not again after
  /// every atomic update of an edge. Null: read where the function reads it.
  const VarDecl *sourceElementInRegister = nullptr;
  /// Each destination enters the output at most once (its write is a claim),
  /// so the output needs no deduplication.
  bool outputUnique = false;
  /// The loops that run it (the loop-nest pass, last).
  LoopNest nest;
  /// Set under --account-accesses: what to count (the access-accounting pass).
  std::optional<AccessModel> accounting;

  bool isPush() const { return variant != Variant::DensePull; }
  bool readsSparseInput() const { return variant == Variant::SparsePush; }
  /// The edge loop walks each owner's whole list as the graph stores it, one
  /// edge at a time: not split over nodes or into segments, nor handed out
  /// edge by edge.
  bool walksStoredLists() const {
    return !numa && !segments && loop.parallelization != Parallelization::EdgeParallel;
  }
};

class VertexTraversalExpr;
class EdgeTraversalExpr;

/// configApplyPriorityUpdate and its parameters, for one queue.
struct PriorityQueuePlan {
  PriorityUpdate update = PriorityUpdate::EagerPriorityUpdate;
  ScheduleNumber delta{1, -1, {}};                         // configApplyPriorityUpdateDelta
  std::optional<ScheduleNumber> openBuckets;               // configNumOpenBuckets
  const EdgeTraversalExpr *from = nullptr;                 // the traversal that set it
  bool currentRead = false; // the program reads get_current_priority(): delta must be 1
  /// Why a vertex's priority may change after the queue took it, or empty:
  /// then it never does (every update of the queue is a sum clamped at the
  /// current priority, and nothing else writes the priority vector once the
  /// queue is made), and the runtime keeps a taken byte per vertex in place
  /// of the priority it was taken at (polyrt::TakenPriorities::Final).
  std::string whyTakenMayChange = "not analysed";
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
  /// apply(f) with a bool f whose result the program uses: the output holds
  /// the destinations for which f returned true (GraphIt, Ligra).
  bool outputByResult = false;
  /// applyUpdatePriority(f): f changes priorities through a queue's update
  /// methods; the traversal returns nothing.
  bool updatesPriority = false;
  /// The queue f updates (the priority-update pass), or null.
  const VarDecl *priorityQueue = nullptr;
  /// f's updates are all updatePrioritySum(v, c, current priority) with one
  /// constant c: constant_sum_reduce_before_update applies.
  bool priorityConstantSums = false;
  /// Why the rounds of the queue must claim each vertex they process (f
  /// processing a vertex twice at one priority might not do what once does),
  /// or empty: f only lowers or raises destinations' priorities to values the
  /// source fixes, and rounds need not claim (polyrt::Repeats::Harmless).
  std::string whyRoundsClaim = "no priority-update pass";
  bool priorityRepeatsHarmless() const { return whyRoundsClaim.empty(); }
  /// The program reads the queue's current priority: its delta is 1.
  bool priorityCurrentRead = false;
  /// The plain ordered loop around it (the priority-update pass), where
  /// bucket fusion does what later rounds would, and which the loop-nest pass
  /// may run in one parallel region where it declares its frontier.
  const WhileStmt *orderedLoop = nullptr;
  /// eager_priority_update_with_merge: the bucket-fusion threshold, for
  /// the loop-nest pass to give the push loops (the priority-update pass,
  /// which checked the ordered loop around this traversal allows it).
  std::optional<ScheduleNumber> bucketFusion;
  /// Inside a par_for: other iterations run this traversal at the same
  /// time, so no write is owned by its thread and nothing is kept in
  /// function statics (no NUMA, segments, replicas or per-source caches).
  bool concurrent = false;
  std::string source;               // the chain as written, for comments

  // Identity: the statement's scoped label ("l1:s1", empty when unlabelled)
  // and its name, unique in the module ("l1_s1", or "traversalN"), which
  // --emit=ir shows and the emitter names what it generates for it after.
  std::string label;
  std::string name;

  // Decisions of the passes.
  Direction direction = Direction::SparsePush;
  /// A hybrid goes dense when the frontier's work exceeds |E| / threshold.
  ScheduleNumber hybridThreshold{20, -1, {}};
  /// ... or, when set, when it holds more than |V| / this many vertices.
  std::optional<ScheduleNumber> hybridVertexThreshold;
  bool deduplicate = true;
  /// The variants the direction is made of; a hybrid's sparse one first.
  std::vector<VariantPlan> variants;
  /// A vertex apply over every vertex that the next statement would run and
  /// that the pull loop runs instead, for each destination once its edges
  /// are done (the vertex-fusion pass).
  VertexTraversalExpr *fusedVertexApply = nullptr;
  /// Replicated vectors (configDataPlacement) the applied function reads and
  /// the traversal never writes: read through the thread's node's copy,
  /// refreshed when the traversal starts (the data-placement pass).
  std::vector<const VarDecl *> replicaReads;
  /// configApplyFrontier (the node-frontiers pass).
  std::optional<NodeFrontierPlan> nodeFrontier;
  /// The reductions configUpdateSync htm or merge defers (the update-sync
  /// pass); writes name theirs by index.
  std::vector<DeferredReduction> deferred;

  bool producesFrontier() const { return trackedVector != nullptr || outputByResult; }
  bool isHybrid() const {
    return direction == Direction::SparsePushDensePull ||
           direction == Direction::SparsePushDensePush;
  }
};

/// A value an applied function reads through one neighbour of the vertex
/// its traversal hands it, `values[edges.getOutNeighbor(v, position)]`, at a
/// position the traversal's loop does not change (the neighbor-prefetch
/// pass). Afforest's sampling reads its neighbour's label so.
struct NeighborValueRead {
  const MethodCallExpr *neighbor = nullptr; // edges.getOutNeighbor(v, position)
  const VarDecl *values = nullptr;          // a global per-vertex vector of numbers
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
  /// Inside a par_for (as EdgeTraversalExpr::concurrent).
  bool concurrent = false;
  /// A list of members walked in parallel runs on one thread when it is at
  /// most polyrt::kSerialWork long (the loop-nest pass).
  bool serialWhenSmall = false;
  std::vector<WriteInfo> writes;
  /// Set when the vertex-fusion pass moved this apply into a pull loop.
  const EdgeTraversalExpr *fusedInto = nullptr;
  /// The loop over every vertex prefetches this read for the vertex
  /// polyrt::kNeighborValueDistance ahead, where the graph's neighbours lie
  /// far apart (polyrt::NeighborValuePrefetch; the neighbor-prefetch pass).
  std::optional<NeighborValueRead> prefetchedNeighborValue;
  /// A parallel loop's tasks catch what they throw, thrown again after the
  /// loop (as ForLoop::catchesErrors; the library-errors pass).
  bool catchesErrors = false;
  /// configDistribution: only the members this MPI rank owns are visited
  /// (the distribution pass): a list under hash and metis (listedOwners),
  /// a range under the other strategies.
  bool ownedVertices = false;
  bool listedOwners = false;
};

/// fuseFields: per-vertex vectors stored as one array of structs (decided by
/// the field-fusion pass). `a[v]` of a field `a` is field `a` of the
/// array's element v; the emitter names the array and its element type.
struct FusedFieldGroup {
  /// Unique among the groups: the fields' names joined by '_' ("a_b"), made
  /// unique by a suffix ("a_b_2") when another group's join is the same.
  std::string name;
  std::vector<const VarDecl *> fields; // in the order fuseFields names them
  llvm::SMLoc loc;                     // the fuseFields call
};

/// The unit passes work on.
/// The node parts one agents variant walks (what its prepareAgents names).
struct AgentParts {
  bool push = false; // split by destination owner (push) or by source owner (pull)
  NumaPartition partition = NumaPartition::VertexBalanced;
  std::optional<double> alpha;
  bool operator==(const AgentParts &) const = default;
};

/// An edgeset whose every traversal walks agents (the edge-placement pass):
/// on more than one node the program reads its edges only through the node
/// parts, so they are built when it is loaded and its own neighbour arrays
/// freed (polyrt::placeEdgesOnNodes).
struct EdgePlacement {
  const VarDecl *edges = nullptr;
  std::vector<AgentParts> parts; // distinct, in traversal order
};

/// The node parts one NUMA merge form walks (what its NumaMerge::prepare
/// names), built when its edgeset is loaded (the edge-placement pass).
struct MergeParts {
  NumaPartition partition = NumaPartition::VertexBalanced;
  std::optional<double> alpha;
  int64_t segments = 1; // configApplyNumSSG's count (fixed in the schedule)
  Segmenting split = Segmenting::FixedVertexCount;
  /// configDistribution: the parts of this MPI rank's vertices (the distribution pass).
  bool ranksVertices = false;
  bool operator==(const MergeParts &) const = default;
};

/// The values an int expression may take, both ends included.
struct IntRange {
  int64_t lo = 0, hi = 0;
};

/// Why a graph query's vertex is one of its edgeset's: `param` of `func`,
/// which only traversals over `edges` apply (the in-range-vertices pass).
struct InRangeVertex {
  const FuncDecl *func = nullptr;
  const ParamDecl *param = nullptr;
  const VarDecl *edges = nullptr;
};

/// How a vector access that runs serially checks its index (the
/// checked-indices pass).
enum class IndexCheck {
  Vertex,   // a per-vertex vector: a bad index is named as no vertex of the loaded graph
  Position, // any other vector (fixed-length, per-edge): the range is named
};

/// One exchange between MPI ranks that the distribution pass places before
/// or after a statement of serial code (docs/distributed.md, "The model").
struct RankExchange {
  enum Kind {
    RefreshMirrors, // before a traversal reading `target` at sources: owners send their mirrors' values
    GatherVector,   // before serial code reading `target`: every element from its owner
    GatherForPrint, // before serial code reading `target` only to print it: the same, to rank 0
    Wrote,          // after a traversal wrote `target`'s owned elements: copies are stale
    GatherSet,      // after a traversal built the vertexset `target`: every rank's members
    WroteEverywhere, // after serial code wrote `target` on every rank alike: owners send it again
    SnapshotMirrors, // before a traversal folds into `target` at sources: the mirrors' elements kept
    FoldIntoOwners,  // after it: each mirror's change folded into its owner's element (`fold`)
    KeepScalar,      // before a traversal folds into the global number `target`: its value kept
    CombineScalar,   // after it: every rank's fold combined (`fold`) by an MPI_Allreduce
    /// Cartesian: before a traversal folds into `target` at destinations, the
    /// elements of those another rank owns set to the fold's identity ...
    ClearPartials,
    FoldPartials, // ... and after it folded into their owners' (`fold`)
  };
  Kind kind = RefreshMirrors;
  const VarDecl *target = nullptr;
  /// RefreshMirrors: the traversal whose reads it serves (its name counts the
  /// messages), and how its records are combined and travel.
  const EdgeTraversalExpr *traversal = nullptr;
  MessageCombining combining = MessageCombining::Mirrors;
  Communication communication = Communication::Ring;
  /// FoldIntoOwners, CombineScalar, ClearPartials, FoldPartials: Add (for +=
  /// and -=), Min or Max.
  AssignOp fold = AssignOp::Add;
  /// RefreshMirrors: only begun here; the traversal's pull finishes it once
  /// it has walked the edges from the rank's own vertices (LoopOp::MirrorOverlap).
  bool overlapped = false;
};

/// configDistribution (the distribution pass): the program's vertices are
/// split over MPI ranks; every rank runs the serial code, each traversal
/// walks the rank's part of the one edgeset, and the exchanges below keep
/// the copies of the vectors current where they are read.
struct DistributionPlan {
  Distribution how = Distribution::ChunkAlpha;
  std::optional<double> alpha;
  llvm::SMLoc loc; // the configDistribution call
  const VarDecl *edges = nullptr; // the program's one loaded edgeset
  /// The per-vertex vectors that have copies on every rank (Freshness flags).
  std::vector<const VarDecl *> vectors;
  /// Global numbers traversals fold into (KeepScalar's copy of each).
  std::set<const VarDecl *> scalars;
  std::map<const Stmt *, std::vector<RankExchange>> before, after;
  /// `x.sum()` in serial code, of an int, uint_64 or double vector: each
  /// rank sums the elements it owns, then the ranks' sums are added, with no
  /// gather of x (a float, bool or uint sum gathers x and keeps its order).
  std::set<const MethodCallExpr *> ownedSums;
  /// Whether a rank's vertices are a list, not a range (hash, metis).
  bool listsOwners() const { return how == Distribution::Hash || how == Distribution::Metis; }
  /// The destinations a pull walks on its rank (without NUMA): its list
  /// under hash and metis, its column's range under the Cartesian cut, its
  /// own range otherwise (the distribution pass's choice, which the verifier checks).
  OwnerList pullOwners() const {
    return listsOwners()                    ? OwnerList::RankListedVertices
           : how == Distribution::Cartesian ? OwnerList::RankColumnRange
                                            : OwnerList::RankRange;
  }
  /// The element types whose sums ranks add up (polyrt::dist::sumOwned).
  static bool sumsOverRanks(const Type &element) {
    return element.kind == Type::Int || element.kind == Type::UInt64 ||
           element.kind == Type::Double;
  }
  /// --account-messages: the program counts its messages and prints them at exit.
  bool accountMessages = false;
  /// Some pull overlaps its mirrors' refresh: the part cuts each in-list at
  /// the rank's range at load (EdgesPart::splitSources).
  bool splitsSources = false;
};

struct Module {
  Program *program = nullptr;
  Schedule schedule;
  std::vector<EdgeTraversalExpr *> edgeTraversals;     // source order
  std::vector<VertexTraversalExpr *> vertexTraversals; // source order
  std::vector<FusedFieldGroup> fusedFields;            // in schedule order
  /// `set = local` assignments whose local is dead afterwards: emitted as a
  /// move, since a frontier can be as large as the graph (the local-moves pass).
  std::set<const AssignStmt *> movedAssignments;
  /// Locals `var t = g.transpose();` that may refer to g itself when g is
  /// undirected: neither changes while t lives (the transpose-views pass).
  std::set<const VarDecl *> transposeViews;
  /// --account-accesses: generated code counts local and remote accesses.
  bool accountAccesses = false;
  /// --account-messages: a distributed program counts its messages (the
  /// distribution pass copies it into its plan).
  bool accountMessages = false;
  /// configDataPlacement: where a global per-vertex vector's pages live
  /// (the data-placement pass); vectors not named keep the default.
  std::map<const VarDecl *, DataPlacement> placements;
  /// configIntersection: the method of each intersection() call in a
  /// labelled statement (the intersection pass); others merge.
  std::map<const CallExpr *, IntersectionMethod> intersectionMethods;
  /// Edgesets placed on NUMA nodes at load, in declaration order.
  std::vector<EdgePlacement> edgesOnNodes;
  /// The parts of the NUMA merge forms that walk each loaded edgeset, built
  /// at load so that no traversal builds them in the timed region (the
  /// edge-placement pass); a form whose segments come from argv builds its own.
  std::vector<std::pair<const VarDecl *, std::vector<MergeParts>>> mergePartsAtLoad;
  /// configParForGrainSize on a par_for: iterations per task (the par-for
  /// pass); a par_for not named takes one at a time.
  std::map<const ForStmt *, ScheduleNumber> parForGrains;
  /// How the traversals updating a priority queue update it, given to each
  /// `new priority_queue` of it (the priority-update pass); a queue no
  /// scheduled traversal updates gets the defaults.
  std::map<const NewExpr *, PriorityQueuePlan> priorityQueuePlans;
  /// The ordered loops run as one call of their traversal (the loop-nest
  /// pass; LoopNest::roundsInOneRegion).
  std::map<const WhileStmt *, const EdgeTraversalExpr *> orderedLoops;
  /// set.applyUpdatePriorityExtern(f): the queue that re-buckets what f
  /// returns, the program's only one (the priority-update pass).
  std::map<const MethodCallExpr *, const VarDecl *> externPriorityUpdates;
  /// Locals that functor applications bind, made Global by lowering
  /// (specialiseFunctors): declared at namespace scope, initialised where
  /// their declaration statement runs.
  std::vector<const VarDecl *> hoistedLocals;
  /// Those of hoistedLocals declared inside a par_for body: one per thread,
  /// since each iteration has its own.
  std::set<const VarDecl *> threadLocalHoisted;
  /// Integer vectors that start at 0, grow only by register folds and are
  /// read only by .sum(): kept as a running total, never allocated (the
  /// summed-vector pass).
  std::set<const VarDecl *> summedVectors;
  /// The functions that fold into them, applied only by traversals whose
  /// variants fold through helpers of their own: not emitted as functions.
  std::set<const FuncDecl *> summedFolders;
  /// Vector accesses `x[i]` in code that runs serially (main, the functions
  /// no traversal applies and no applied function calls, the globals'
  /// initialisers): emitted with a range check, since their index may come
  /// from the user (a start vertex). Accesses not listed, those of applied
  /// functions and what they call, are the traversals' loops and stay plain
  /// (the checked-indices pass).
  std::map<const IndexExpr *, IndexCheck> checkedIndices;
  /// The same for the element that writeMin(x, i, v) and compareAndSwap(x,
  /// i, a, b) in serial code update: i is checked against x's size.
  std::map<const CallExpr *, IndexCheck> checkedAtomicIndices;
  /// set.addVertex(v) in serial code: v is checked as a start vertex, with
  /// the place in the program ("start vertex 64 is not a vertex of ...").
  std::set<const MethodCallExpr *> checkedStartVertices;
  /// Arguments that serial code passes as a vertex (an element parameter)
  /// to a function a traversal applies, whose body indexes its vectors
  /// unchecked: checked against the element's count at the call.
  std::set<const Expr *> checkedVertexArguments;
  /// `edges.getOutDegree(v)` and `edges.getOutNeighbor(v, i)` whose v is a
  /// parameter every traversal applying the function hands a vertex of
  /// edges: emitted without the vertex check (the in-range-vertices pass).
  std::map<const MethodCallExpr *, InRangeVertex> inRangeVertexQueries;
  /// int `+`, `-`, `*` and negations (BinaryExpr, UnaryExpr) whose operands'
  /// ranges prove that the result fits, with the result's range: emitted as
  /// plain operators, without the overflow check (the value-ranges pass).
  std::map<const Expr *, IntRange> overflowFreeArithmetic;
  /// `edges.getOutDegree(v)` as a direct operand of a comparison with an
  /// int: emitted as the 64-bit degree, without the check that it fits an
  /// int (the value-ranges pass).
  std::set<const MethodCallExpr *> comparedOutDegrees;
  /// configDistribution (the distribution pass); unset: one process.
  std::optional<DistributionPlan> distribution;
};

/// Other threads walk the same owners as this variant's: agents split an
/// owner's edges between nodes, and a traversal inside a par_for runs in
/// every iteration at once. No write is then owned, and a register fold is
/// combined atomically.
inline bool ownersShared(const EdgeTraversalExpr &t, const VariantPlan &v) {
  return (v.numa && v.numa->agents) || t.concurrent;
}

/// Whether the program exports functions to C++ and Python (a library,
/// or a program with both main and exports).
inline bool hasExportFunctions(const Program &program) {
  for (const auto &decl : program.decls)
    if (auto *f = llvm::dyn_cast<FuncDecl>(decl.get()); f && f->linkage == FuncDecl::Export)
      return true;
  return false;
}

/// What a NUMA variant runs on a machine with one node (and none emulated):
/// the same variant without NUMA, with its one-node frontier forms and loops.
VariantPlan oneNodeVariant(const VariantPlan &v);

/// Checks the invariants the emitter relies on (each variant's frontier
/// forms fit its direction, plain writes are owned by their thread, loop
/// nests fit their variant, ...). Returns the first violation found, or an
/// empty string. Run after every pass under --verify-each.
std::string verifyModule(const Module &module);

/// Gives every functor application `f[args]` a function of its own (f's body
/// with the bound parameters replaced by the arguments), binds locals it
/// names as namespace-scope variables, and drops the functors. Run by
/// lowerToIR first.
bool specialiseFunctors(Program &program, Module &module, DiagnosticEngine &diags);

/// Replaces traversal method chains by traversal nodes and fills the Module.
/// Reports chains it cannot lower (e.g. `to` given a vertexset) as errors.
bool lowerToIR(Program &program, Schedule schedule, Module &module, DiagnosticEngine &diags);

/// The IR as `--emit=ir` and `--print-ir-after` show it.
void printIR(const Module &module, llvm::raw_ostream &os);

/// Whether the functions in `funcs` run only as the applied functions of
/// `edges` and `vertices`: no other traversal applies them and no statement
/// names them (no call, no functor), so a pass may change how they run there.
bool runOnlyWithin(const Module &module, const std::set<const FuncDecl *> &funcs,
                   const std::set<const EdgeTraversalExpr *> &edges,
                   const std::set<const VertexTraversalExpr *> &vertices);

/// The fields of `group` other than `field`, quoted, for diagnostics ("'a', 'b'").
inline std::string otherFusedFields(const FusedFieldGroup &group, const VarDecl *field) {
  std::string names;
  for (const VarDecl *other : group.fields)
    if (other != field)
      names += (names.empty() ? "'" : ", '") + other->name + "'";
  return names;
}

/// The fuseFields group the vector `decl` is a field of, or null.
inline const FusedFieldGroup *fusedGroupOf(const Module &module, const Decl *decl) {
  if (!decl)
    return nullptr;
  for (const FusedFieldGroup &group : module.fusedFields)
    for (const VarDecl *field : group.fields)
      if (field == decl)
        return &group;
  return nullptr;
}

} // namespace polyc

#endif
