//===- Loops.h - The loop IR of an edge traversal's variants ----*- C++ -*-===//
//
// Each variant of an edge traversal runs a small program of loop ops, as
// Halide's `For` nests or MLIR's scf.parallel lowered to omp ops: the
// loop-nest pass builds it from the decisions recorded on the variant; later
// passes rewrite it (stream-prefetch versions the owner loop, owner-prefetch
// changes its tasks, library-errors makes its tasks catch); the verifier
// checks it; the C++ emitter prints each op kind in one place. --emit=ir
// shows it. docs/architecture.md, "The loop IR", has an example.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_IR_LOOPS_H
#define POLYC_IR_LOOPS_H

#include "polyc/Schedule/Schedule.h"

#include <optional>
#include <utility>
#include <vector>

namespace polyc {

class VarDecl;

/// Where the owners an owner loop walks come from.
enum class OwnerList {
  AllVertices,         // 0 .. n-1 (the dense variants)
  FrontierList,        // the input frontier's ids (SparsePush)
  SegmentDestinations, // one cache-blocked segment's destinations
  NodeRanges,          // every vertex, as one range per NUMA node (configApplyNUMA)
  NodeSubgraphVertices, // merge form: the destinations each node has edges to
  NodeFrontierList,     // the input frontier's ids, regrouped by owner node
  NodeFrontierParts,    // the input frontier's per-node parts (configApplyFrontier)
  NodeAgents,           // each node's agent subgraph: the vertices it lists (configApplyAgents)
  NodeAgentFrontier,    // the input frontier's ids, each looked up in every node's agent subgraph
  RankRange,            // this MPI rank's vertices, one range (configDistribution: a chunk
                        // strategy's pull's destinations)
  RankListedVertices,   // this MPI rank's vertices, a list (the same under hash and metis)
  RankColumnRange,      // the destinations of this rank's part under the Cartesian cut: its
                        // column of ranks' vertices, one range (partials for all but its own)
  RankNodeRanges,       // the same, as one range per NUMA node (configApplyNUMA inside a rank)
  RankMirroredVertices, // those of them with in-edges from mirrors (a mirror overlap's second loop)
};

/// How a loop's iterations are cut into tasks; the parallelization pass's
/// choice made concrete for one loop.
enum class LoopShape {
  Serial,
  Static,             // OpenMP's static split, one iteration per task
  Dynamic,            // dynamic chunks of `grain` iterations
  EdgeBalancedChunks, // runs of owners with about `grain` edges each
  EdgeRanges,         // ranges of `grain` edges, an owner's edges possibly split
  NodeChunks,         // chunks of `grain` vertices of a node's range (polyrt::NodeWork)
};

/// Where an edge loop stops early. Neighbour lists are sorted (graph.h), so
/// when the applied function does nothing once the neighbour reaches the
/// owner (its whole body under `if dst < src`, pushing), the loop can stop at
/// the first such neighbour instead of testing every remaining edge.
enum class EdgeStop {
  None,
  AtOwner,    // at the first neighbour >= the owner (the test was `<`)
  AboveOwner, // at the first neighbour > the owner (`<=`)
};

/// How a destination joins the output frontier.
enum class OutputAdd {
  Add,          // the builder's own add (thread-private lists, or atomic bits)
  AddShared,    // a bool array several threads write: one byte, no race on it
  AddToOwnWord, // a bitvector whose 64-vertex words each have one writer
  /// A thread's own list (sparse queue, sliding queue) in a parallel push:
  /// the thread's number is looked up once per source and named in each add.
  AddFromThread,
};

/// How an owner's register fold starts (FoldPrologue) and ends
/// (FoldEpilogue); both ops of one owner carry the same kind.
enum class FoldRegister {
  Stored,             // loaded from the element, stored back (floating point)
  StoredIfChanged,    // ... stored only when it changed (clean lines stay clean)
  TrackedSteps,       // each step notes a change; stored and output if one did
  TrackedMinMax,      // stored and output if it ended below (above) its start
  Resting,            // starts at the resting constant, never stored (the fused apply sets it back)
  SummedTotal,        // starts at 0, added to the variant's running total (summed vector)
  CombinedAtomically, // starts at the identity, combined into the element with one atomic (agents)
  IntoBuffer,         // starts at the identity, kept in the part's buffer (the merge form's walk)
  /// Loaded from the element, which is set back to the resting constant at
  /// once (a mirror overlap's second loop, after the first stored its part).
  Reset,
};

/// The edges an edge loop walks.
enum class EdgeBounds {
  OwnerList,  // the owner's whole list, offsets[k] .. offsets[k + 1]
  SplitRange, // the part of the owner's list inside the task's range of edges
  /// configDistribution, a mirror overlap: the run of the owner's sorted
  /// list from the rank's own vertices (its first loop), or the runs before
  /// and after it, from mirrors (its second).
  RankSources,
  OtherRankSources,
};

/// What an edge loop's body does after the applied function (pulling):
/// the destination's walk ends when its filter stops admitting it, or at
/// the first update (applyModified's early exit).
enum class EdgeExit { None, FilterFails, FirstUpdate };

/// How an owner loop first tests an owner against the input frontier.
enum class OwnerFrontierTest {
  None,         // every owner is a member (a frontier list, node parts) or there is no frontier
  Member,       // a membership test in the input's dense form
  FrontierBits, // agents: the frontier's bits, read once per call
};

/// What a versioned op chooses between per call.
enum class VersionChoice {
  PrefetchAhead, // polyrt::StreamPrefetchChoice: the copy that prefetches, or the one that does not
};

/// The team a parallel region runs.
enum class RegionTeam {
  Threads,   // the program's threads (a loop without a wait, then a bucket drain)
  MergeTeam, // the NUMA merge's threads, node by node (polyrt::NumaMerge)
};

/// The capacity a sliding-queue output reserves: every destination once, or
/// (without deduplication) once per edge that may reach it.
enum class OutputCapacity { Vertices, FrontierEdges, AllEdges };

/// One op of a variant's loop program. Fields apply to the kinds named.
struct LoopOp {
  enum Kind {
    // Loops and regions (their ops are their bodies).
    Segments,       // for each cache-blocked segment: ops (one owner loop over its destinations)
    OwnerLoop,      // over `owners`, cut into tasks by `shape`; ops run per owner
    SourceValues,   // per vertex, the fold's value of a source alone, before the owner loop
    ParallelRegion, // one team (`team`) runs ops: phases, a loop without a wait and a drain
    Versioned,      // if (choice) ops[0] else ops[1]: copies of one loop, chosen per call
    BucketDrain,    // the thread's own entries of the current bucket; ops per owner
    Rounds,         // every round of the ordered loop, in one region; ops per owner
    Barrier,        // the region's threads wait for each other between phases
    Exchange,       // each owner takes what every part made for it (the merge phase); ops per owner
    /// configDistribution: ops[0] walks the edges from the rank's own
    /// vertices while the mirrors of `awaited` travel, which it then waits
    /// for; ops[1] walks the rest, for the vertices that have any (the ring
    /// overlapped with computation).
    MirrorOverlap,
    // Per owner.
    SourceRegister, // the source's element read once into a register
    FoldPrologue,   // the register fold starts (`fold`)
    OutputThread,   // the thread's number, looked up once for the owner's adds
    EdgeLoop,       // the owner's edges, the applied function on each
    CombineParts,   // inside Exchange: every part's partial fold folded into the register
    FoldEpilogue,   // the register fold ends (`fold`)
    FusedApply,     // the vertex apply fused into the pull, on the owner
    /// In a mirror overlap's first loop, after the own sources' run: an
    /// owner with edges from mirrors stores its register and leaves the
    /// rest of its visit to the second loop.
    DeferToMirrors,
  };
  Kind kind = OwnerLoop;
  std::vector<LoopOp> ops;

  // OwnerLoop, Exchange, SourceValues.
  OwnerList owners = OwnerList::AllVertices;
  LoopShape shape = LoopShape::Serial;
  ScheduleNumber grain{256, -1, {}}; // Dynamic, EdgeBalancedChunks, EdgeRanges, NodeChunks
  /// The parallel loop runs on one thread when the frontier's work is at
  /// most polyrt::kSerialWork (a walk of the frontier list).
  bool serialWhenSmall = false;
  /// A frontier list in dynamic chunks: each task first prefetches the
  /// offsets of its chunk's owners, then walks them (owner-prefetch pass).
  bool prefetchesOwnerOffsets = false;
  /// Each task catches what it throws; the variant throws the first error
  /// again after its loops (a library's errors are exceptions, and one may
  /// not leave an OpenMP region; the library-errors pass).
  bool catchesErrors = false;
  /// Inside a ParallelRegion: the loop's threads go on without waiting.
  bool nowait = false;
  OwnerFrontierTest frontierTest = OwnerFrontierTest::None;

  // EdgeLoop.
  EdgeBounds bounds = EdgeBounds::OwnerList;
  /// The list's end read once into a local: read from memory it would be
  /// read again after every atomic update of the body.
  bool hoistsEnd = false;
  EdgeStop stop = EdgeStop::None;
  /// A pull's double += fold split into this many partial sums, the loop
  /// unrolled to match (the sum is reassociated, as a push's atomics do).
  int partialSums = 1;
  /// Each edge prefetches the neighbour polyrt::kStreamDistance edges on
  /// (in the Versioned copy that chose it; the stream-prefetch pass).
  bool prefetchesAhead = false;
  /// Pulling from a frontier: each source is tested for membership.
  bool testsSourceInFrontier = false;
  /// A self-loop reads the element the register holds: stored before it.
  bool storesBeforeSelfLoop = false;
  EdgeExit exit = EdgeExit::None;

  // Versioned.
  VersionChoice choice = VersionChoice::PrefetchAhead;
  // ParallelRegion.
  RegionTeam team = RegionTeam::Threads;
  // MirrorOverlap: the vectors whose refresh, begun before the traversal, it finishes.
  std::vector<const VarDecl *> awaited;
  // FoldPrologue, FoldEpilogue.
  FoldRegister fold = FoldRegister::Stored;

  bool isParallel() const { return shape != LoopShape::Serial; }
  /// Whole owners per task in OpenMP's own loop (serial, static, dynamic).
  bool walksVertexTasks() const {
    return shape == LoopShape::Serial || shape == LoopShape::Static || shape == LoopShape::Dynamic;
  }
  /// Runs once per owner, inside an op that visits owners.
  bool isPerOwner() const;
  /// Visits owners, running its per-owner ops for each.
  bool visitsOwners() const;
  /// Its iterations are a loop's tasks (what may catch their errors).
  bool runsTasks() const;
  /// Every field and op the same (versioned copies are compared so).
  bool operator==(const LoopOp &) const = default;
};

/// A variant's loop program and what its declarations before the loops
/// read (the loop-nest pass).
struct LoopNest {
  std::vector<LoopOp> ops; // in order; empty until the loop-nest pass
  OutputAdd outputAdd = OutputAdd::Add;
  /// The traversal's edge arrays as locals of the function (not where the
  /// loops walk arrays of their own: segments, node parts, agents, rounds).
  bool declaresEdgeArrays = false;
  /// The input frontier read before the loops in its own form (not where
  /// node parts or agents read it, or the rounds take it in their queue).
  bool readsInput = false;
  OutputCapacity capacity = OutputCapacity::Vertices; // a sliding-queue output's
  /// Bucket fusion's threshold (BucketDrain), and whether the traversal is
  /// the ordered loop's round run in one region (Rounds).
  std::optional<ScheduleNumber> drainsCurrentBucket;
  bool roundsInOneRegion = false;

  /// The owner loop: the one that walks the variant's input (for a merge
  /// form, its walk phase), inside whatever regions, versions and segments.
  const LoopOp &owners() const;
  LoopOp &owners() { return const_cast<LoopOp &>(std::as_const(*this).owners()); }
  /// The merge form's exchange, or null.
  const LoopOp *exchange() const;
  /// The first op of `kind`, depth first, or null.
  const LoopOp *find(LoopOp::Kind kind) const;
  /// Calls f on every op, depth first.
  template <typename F> void forEach(F &&f) const {
    for (const LoopOp &op : ops)
      forEachOp(op, f);
  }
  template <typename F> void forEach(F &&f) {
    for (LoopOp &op : ops)
      forEachOp(op, f);
  }
  /// Calls f on `op` and every op under it, depth first.
  template <typename Op, typename F> static void forEachOp(Op &op, F &f) {
    f(op);
    for (auto &inner : op.ops)
      forEachOp(inner, f);
  }
};

} // namespace polyc

#endif
