//===- IRPrinter.cpp - The IR as --emit=ir and --print-ir-after show it --===//
//
// One block per traversal, in source order, listing what the program asked
// for and every decision the passes have made so far. Lines are stable so
// that lit tests can check them with FileCheck.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/ASTPrinter.h"
#include "polyc/AST/StmtWalk.h"
#include "polyc/IR/IR.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <utility>
#include <vector>

using namespace polyc;

namespace {

const char *spelling(WriteSync sync) {
  switch (sync) {
  case WriteSync::Plain: return "plain";
  case WriteSync::Atomic: return "atomic";
  case WriteSync::Claim: return "claim";
  case WriteSync::Lock: return "lock";
  case WriteSync::Htm: return "htm";
  case WriteSync::Merge: return "merge";
  }
  llvm_unreachable("a WriteSync outside the enum");
}

void printWrites(const char *heading, const std::vector<WriteInfo> &writes,
                 llvm::raw_ostream &os) {
  for (const WriteInfo &w : writes) {
    os << heading << ": ";
    printExpr(*w.stmt->target, os);
    os << " " << spelling(w.stmt->op) << " ";
    printExpr(*w.stmt->value, os);
    os << "  [" << spelling(w.sync);
    if (w.expected) {
      os << " from ";
      printExpr(*w.expected, os);
    }
    if (w.indexedByOwner)
      os << ", owner";
    if (w.tracked)
      os << ", tracked";
    os << "]\n";
  }
}

void printNumber(const ScheduleNumber &n, llvm::raw_ostream &os) {
  if (n.fromArgv())
    os << "argv[" << n.argvIndex << "]";
  else
    os << n.value;
}

void printLoop(const char *indent, const LoopPlan &loop, llvm::raw_ostream &os) {
  os << indent << "parallelization: " << spelling(loop.parallelization);
  if (loop.parallelization != Parallelization::Serial) {
    os << " (grain ";
    printNumber(loop.grain, os);
    os << ")";
  }
  os << "\n";
}

const char *spelling(OwnerList owners) {
  switch (owners) {
  case OwnerList::AllVertices: return "all vertices";
  case OwnerList::FrontierList: return "frontier list";
  case OwnerList::SegmentDestinations: return "segment destinations";
  case OwnerList::NodeRanges: return "node ranges";
  case OwnerList::NodeSubgraphVertices: return "node subgraph destinations";
  case OwnerList::NodeFrontierList: return "frontier list by node";
  case OwnerList::NodeFrontierParts: return "frontier parts by node";
  case OwnerList::NodeAgents: return "agent subgraph by node";
  case OwnerList::NodeAgentFrontier: return "frontier list in each node's agent subgraph";
  case OwnerList::RankRange: return "this rank's vertices";
  case OwnerList::RankListedVertices: return "this rank's vertices, a list";
  case OwnerList::RankColumnRange: return "this rank's column's vertices";
  case OwnerList::RankNodeRanges: return "this rank's vertices by node";
  case OwnerList::RankMirroredVertices: return "this rank's vertices with edges from mirrors";
  }
  llvm_unreachable("an owner list without a spelling");
}

const char *spelling(LoopShape shape) {
  switch (shape) {
  case LoopShape::Serial: return "serial";
  case LoopShape::Static: return "static";
  case LoopShape::Dynamic: return "dynamic";
  case LoopShape::EdgeBalancedChunks: return "edge-balanced chunks";
  case LoopShape::EdgeRanges: return "edge ranges";
  case LoopShape::NodeChunks: return "node chunks";
  }
  llvm_unreachable("a loop shape without a spelling");
}

const char *spelling(EdgeBounds bounds) {
  switch (bounds) {
  case EdgeBounds::OwnerList: return "the owner's list";
  case EdgeBounds::SplitRange: return "a split range";
  case EdgeBounds::RankSources: return "the run from the rank's own vertices";
  case EdgeBounds::OtherRankSources: return "the runs from mirrors";
  }
  llvm_unreachable("edge bounds without a spelling");
}

const char *spelling(FoldRegister fold) {
  switch (fold) {
  case FoldRegister::Stored: return "loaded and stored";
  case FoldRegister::StoredIfChanged: return "loaded, stored if changed";
  case FoldRegister::TrackedSteps: return "tracked step by step";
  case FoldRegister::TrackedMinMax: return "tracked by its end against its start";
  case FoldRegister::Resting: return "from its resting value, never stored";
  case FoldRegister::SummedTotal: return "from 0, added to the total";
  case FoldRegister::CombinedAtomically: return "from the identity, combined atomically";
  case FoldRegister::IntoBuffer: return "from the identity, into the part's buffer";
  case FoldRegister::Reset: return "loaded, the element set back to its resting value";
  }
  llvm_unreachable("a register fold without a spelling");
}

/// An owner loop's (or drain's, exchange's) list and tasks.
void printTasks(const LoopOp &op, llvm::raw_ostream &os) {
  os << "(" << spelling(op.owners) << ", " << spelling(op.shape);
  if (op.shape != LoopShape::Serial && op.shape != LoopShape::Static) {
    os << " ";
    printNumber(op.grain, os);
  }
  if (op.serialWhenSmall)
    os << ", serial when small";
  if (op.nowait)
    os << ", no wait";
  if (op.frontierTest == OwnerFrontierTest::Member)
    os << ", owners tested against the frontier";
  else if (op.frontierTest == OwnerFrontierTest::FrontierBits)
    os << ", owners tested against the frontier's bits";
  if (op.prefetchesOwnerOffsets)
    os << ", each chunk's offsets prefetched first";
  if (op.catchesErrors)
    os << ", tasks catch errors";
  os << ")";
}

void printEdgeLoop(const LoopOp &op, llvm::raw_ostream &os) {
  os << "edge-loop(" << spelling(op.bounds);
  if (op.hoistsEnd)
    os << ", end in a register";
  if (op.stop == EdgeStop::AtOwner)
    os << ", stops at the first neighbour >= the owner";
  else if (op.stop == EdgeStop::AboveOwner)
    os << ", stops at the first neighbour > the owner";
  if (op.partialSums > 1)
    os << ", unrolled into " << op.partialSums << " partial sums";
  if (op.prefetchesAhead)
    os << ", prefetches the stream ahead";
  if (op.testsSourceInFrontier)
    os << ", sources tested against the frontier";
  if (op.storesBeforeSelfLoop)
    os << ", stores the register before a self-loop";
  if (op.exit == EdgeExit::FilterFails)
    os << ", ends when the filter fails";
  else if (op.exit == EdgeExit::FirstUpdate)
    os << ", ends at the first update";
  os << ")";
}

/// One op per line, its body indented under it.
void printOp(const LoopOp &op, const LoopNest &nest, unsigned indent, llvm::raw_ostream &os) {
  os.indent(indent);
  switch (op.kind) {
  case LoopOp::Segments: os << "segments"; break;
  case LoopOp::OwnerLoop: os << "owner-loop"; printTasks(op, os); break;
  case LoopOp::SourceValues:
    os << "source-values(" << spelling(op.shape) << (op.catchesErrors ? ", tasks catch errors" : "")
       << ")";
    break;
  case LoopOp::ParallelRegion:
    os << "parallel-region(" << (op.team == RegionTeam::MergeTeam ? "the merge's team" : "threads")
       << ")";
    break;
  case LoopOp::Versioned: os << "versioned(prefetch ahead or not, timed per call)"; break;
  case LoopOp::BucketDrain:
    os << "bucket-drain(below ";
    printNumber(*nest.drainsCurrentBucket, os);
    os << (op.catchesErrors ? ", tasks catch errors" : "") << ")";
    break;
  case LoopOp::Rounds: os << "rounds"; printTasks(op, os); break;
  case LoopOp::Barrier: os << "barrier"; break;
  case LoopOp::Exchange: os << "exchange"; printTasks(op, os); break;
  case LoopOp::MirrorOverlap: {
    os << "mirror-overlap(own sources first, then awaits";
    for (const VarDecl *vector : op.awaited)
      os << " " << vector->name;
    os << ")";
    break;
  }
  case LoopOp::SourceRegister: os << "source-register"; break;
  case LoopOp::FoldPrologue: os << "fold-prologue(" << spelling(op.fold) << ")"; break;
  case LoopOp::OutputThread: os << "output-thread"; break;
  case LoopOp::EdgeLoop: printEdgeLoop(op, os); break;
  case LoopOp::CombineParts: os << "combine-parts"; break;
  case LoopOp::FoldEpilogue: os << "fold-epilogue(" << spelling(op.fold) << ")"; break;
  case LoopOp::FusedApply: os << "fused-apply"; break;
  case LoopOp::DeferToMirrors: os << "defer-to-mirrors"; break;
  }
  os << "\n";
  for (const LoopOp &inner : op.ops)
    printOp(inner, nest, indent + 2, os);
}

/// The loop ops as a tree, then how the output is added to.
void printNest(const LoopNest &nest, FrontierRepr output, llvm::raw_ostream &os) {
  if (nest.ops.empty())
    return;
  os << "      loops:\n";
  for (const LoopOp &op : nest.ops)
    printOp(op, nest, 8, os);
  if (output == FrontierRepr::None)
    return;
  os << "      output add: "
     << (nest.outputAdd == OutputAdd::AddShared       ? "shared"
         : nest.outputAdd == OutputAdd::AddToOwnWord  ? "own word"
         : nest.outputAdd == OutputAdd::AddFromThread ? "the source's thread"
                                                      : "plain")
     << "\n";
}

void printLabel(const std::string &label, llvm::raw_ostream &os) {
  os << "    label: " << (label.empty() ? "(none)" : label) << "\n";
}

void print(const EdgeTraversalExpr &t, llvm::raw_ostream &os) {
  os << "  edge-traversal @" << t.name << ": " << t.source << "\n";
  printLabel(t.label, os);
  os << "    apply: " << t.applyFunc->name;
  if (t.toFilter)
    os << ", to: " << t.toFilter->name;
  if (t.srcFilter)
    os << ", srcFilter: " << t.srcFilter->name;
  if (t.trackedVector)
    os << ", tracks: " << t.trackedVector->name << (t.earlyExit ? " (early exit)" : "");
  if (t.outputByResult)
    os << ", output: where " << t.applyFunc->name << " returns true";
  if (t.priorityQueue)
    os << ", updates priorities: " << t.priorityQueue->name
       << (t.priorityConstantSums ? " (sums of one constant)" : "")
       << (t.priorityRepeatsHarmless() ? " (repeats harmless)"
                                       : " (rounds claim each vertex: " + t.whyRoundsClaim + ")")
       << (t.priorityCurrentRead ? " (its current priority read: delta 1)" : "")
       << (t.orderedLoop ? " (bucket fusion possible)" : "");
  os << "\n";
  if (t.concurrent)
    os << "    concurrent: inside a par_for\n";
  if (t.fusedVertexApply)
    os << "    then, per destination: " << t.fusedVertexApply->func->name << " (fused "
       << t.fusedVertexApply->name << ")\n";
  if (const auto &f = t.nodeFrontier) {
    os << "    frontier by node: " << spelling(f->structure);
    if (f->structure == FrontierStructure::Adaptive) {
      os << " (dense above node edges/";
      printNumber(f->threshold, os);
      os << ")";
    }
    os << ", " << spelling(f->partition) << " partition of out-edges\n";
  }
  for (const DeferredReduction &d : t.deferred) {
    os << "    deferred " << spelling(d.how) << ": " << d.vector->name << " "
       << spelling(d.op);
    if (d.how == WriteSync::Htm) {
      os << ", coarsening ";
      if (d.coarsening)
        printNumber(*d.coarsening, os);
      else
        os << "default";
    }
    os << "\n";
  }
  for (const VarDecl *vector : t.replicaReads)
    os << "    reads @" << vector->name << " from its node's replica\n";
  os << "    direction: " << spelling(t.direction);
  if (t.isHybrid()) {
    os << " (dense above |E|/";
    printNumber(t.hybridThreshold, os);
    if (t.hybridVertexThreshold) {
      os << " or holding more than |V|/";
      printNumber(*t.hybridVertexThreshold, os);
      os << " vertices";
    }
    os << ")";
  }
  os << "\n";
  for (const VariantPlan &v : t.variants) {
    os << "    variant " << spelling(v.variant) << ":\n";
    printLoop("      ", v.loop, os);
    if (v.input != FrontierRepr::None || v.output != FrontierRepr::None) {
      os << "      frontier: in " << spelling(v.input) << ", out " << spelling(v.output);
      if (v.output == FrontierRepr::SparseQueue || v.output == FrontierRepr::SlidingQueue)
        os << (v.outputUnique ? ", unique" : t.deduplicate ? ", dedup" : ", no dedup");
      os << "\n";
    }
    if (v.segments) {
      os << "      segments: ";
      printNumber(v.segments->count, os);
      os << ", " << spelling(v.segments->how) << "\n";
    }
    printWrites("      write", v.writes, os);
    if (v.accumulation) {
      os << "      accumulation: in a register";
      if (v.accumulation->guard) {
        os << ", folded where ";
        printExpr(*v.accumulation->guard, os);
      }
      os << (v.accumulation->perSource ? ", value computed per source" : "")
         << (v.accumulation->readsFoldedAtSource ? ", stored before a self-loop reads it" : "")
         << (v.accumulation->tracksChange ? ", output added after the walk" : "")
         << (v.accumulation->combinesAtomically ? ", from the identity, combined atomically" : "");
      if (v.accumulation->restingValue) {
        os << ", from ";
        printExpr(*v.accumulation->restingValue, os);
        os << " (where the target rests), never stored";
      }
      if (v.accumulation->addsToSum) {
        os << ", from 0, added to the running sum of ";
        auto *element = llvm::dyn_cast<IndexExpr>(v.accumulation->fold->target.get());
        printExpr(element ? *element->base : *v.accumulation->fold->target, os);
      }
      if (v.accumulation->intersectsWalkedPrefix)
        os << ", intersectNeighbor reads the walked list before the edge";
      os << "\n";
    }
    if (v.sourceElementInRegister)
      os << "      source register: " << v.sourceElementInRegister->name
         << "[src] read once per source\n";
    if (v.numa) {
      os << "      numa: "
         << (v.numa->merge ? "merge form (" : v.numa->agents ? "agents, " : "owner form, ");
      if (v.numa->merge)
        os << "node buffers combined with " << spelling(v.numa->combine) << ", "
           << (v.numa->barrier == BarrierKind::Hierarchical ? "hierarchical" : "omp")
           << " barrier), ";
      os << spelling(v.numa->partition) << " partition";
      if (v.numa->alpha)
        os << " (alpha " << *v.numa->alpha << ")";
      os << ", " << spelling(v.numa->stealing) << " stealing, chunk ";
      printNumber(v.numa->chunk, os);
      os << "\n";
    }
    printNest(v.nest, v.output, os);
    if (v.numa && !v.numa->oneNode.ops.empty())
      os << "      on one node: the loops without NUMA\n";
  }
}

void print(const VertexTraversalExpr &t, llvm::raw_ostream &os) {
  os << "  vertex-traversal @" << t.name << ": " << t.source << "\n";
  printLabel(t.label, os);
  os << "    " << (t.op == VertexTraversalExpr::Apply ? "apply" : "filter") << ": "
     << t.func->name << "\n";
  if (t.fusedInto)
    os << "    fused into: " << t.fusedInto->name << "\n";
  if (t.concurrent)
    os << "    concurrent: inside a par_for\n";
  printLoop("    ", t.loop, os);
  if (t.serialWhenSmall)
    os << "    a short list runs serially\n";
  if (t.catchesErrors)
    os << "    tasks catch errors, thrown again after the loop\n";
  if (t.ownedVertices)
    os << "    visits only this rank's vertices" << (t.listedOwners ? " (a list)" : "")
       << "\n";
  if (t.prefetchedNeighborValue) {
    os << "    prefetches " << t.prefetchedNeighborValue->values->name << "[";
    printExpr(*t.prefetchedNeighborValue->neighbor, os);
    os << "] ahead where the graph's neighbours lie far apart\n";
  }
  printWrites("    write", t.writes, os);
}

/// A map keyed by expressions as (expression, value) pairs in source order
/// (the map's own order is by address).
template <typename E, typename V>
std::vector<std::pair<const E *, V>> inSourceOrder(const std::map<const E *, V> &byExpr) {
  std::vector<std::pair<const E *, V>> pairs(byExpr.begin(), byExpr.end());
  llvm::sort(pairs, [](const auto &a, const auto &b) {
    return a.first->loc.getPointer() < b.first->loc.getPointer();
  });
  return pairs;
}

/// A set of expressions in source order.
template <typename E> std::vector<const E *> inSourceOrder(const std::set<const E *> &exprs) {
  std::vector<const E *> ordered(exprs.begin(), exprs.end());
  llvm::sort(ordered, [](const E *a, const E *b) {
    return a->loc.getPointer() < b->loc.getPointer();
  });
  return ordered;
}

} // namespace

namespace {
const char *spelling(RankExchange::Kind kind) {
  switch (kind) {
  case RankExchange::RefreshMirrors: return "refresh-mirrors";
  case RankExchange::GatherVector: return "gather-vector";
  case RankExchange::GatherForPrint: return "gather-for-print";
  case RankExchange::Wrote: return "wrote";
  case RankExchange::GatherSet: return "gather-set";
  case RankExchange::WroteEverywhere: return "wrote-everywhere";
  case RankExchange::SnapshotMirrors: return "snapshot-mirrors";
  case RankExchange::FoldIntoOwners: return "fold-into-owners";
  case RankExchange::KeepScalar: return "keep-scalar";
  case RankExchange::CombineScalar: return "combine-scalar";
  case RankExchange::ClearPartials: return "clear-partials";
  case RankExchange::FoldPartials: return "fold-partials";
  }
  llvm_unreachable("a rank exchange without a name");
}

/// configDistribution: the plan, then each statement's exchanges in source
/// order, the statement shown by its first expression.
void printDistribution(const DistributionPlan &plan, llvm::raw_ostream &os) {
  os << "  distribution: " << spelling(plan.how) << " over MPI ranks, edgeset "
     << plan.edges->name;
  if (plan.alpha)
    os << ", alpha " << *plan.alpha;
  if (plan.accountMessages)
    os << ", messages accounted";
  if (plan.splitsSources)
    os << ", in-lists cut at each rank's range";
  os << "\n";
  std::vector<std::tuple<const char *, const Stmt *, const RankExchange *>> placed;
  for (const auto *side : {&plan.before, &plan.after})
    for (const auto &[stmt, exchanges] : *side)
      for (const RankExchange &x : exchanges)
        placed.emplace_back(side == &plan.before ? "before" : "after", stmt, &x);
  // By statement, in source order; a statement's own exchanges keep theirs
  // (before ones first, as collected).
  std::vector<size_t> order(placed.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  llvm::sort(order, [&](size_t a, size_t b) {
    const char *pa = std::get<1>(placed[a])->loc.getPointer();
    const char *pb = std::get<1>(placed[b])->loc.getPointer();
    return pa != pb ? pa < pb : a < b;
  });
  decltype(placed) sorted;
  for (size_t i : order)
    sorted.push_back(placed[i]);
  placed = std::move(sorted);
  for (const auto &[where, stmt, x] : placed) {
    os << "  rank-exchange " << where << " `";
    bool first = true;
    if (auto *loop = llvm::dyn_cast<ForStmt>(stmt)) { // (its first expression would be its start)
      os << "for " << loop->var->name;
      first = false;
    }
    forEachDirectExpr(const_cast<Stmt &>(*stmt), [&](ExprPtr &e) {
      if (first && llvm::isa<EdgeTraversalExpr>(*e))
        os << llvm::cast<EdgeTraversalExpr>(*e).name;
      else if (first && llvm::isa<VertexTraversalExpr>(*e))
        os << llvm::cast<VertexTraversalExpr>(*e).name;
      else if (first)
        printExpr(*e, os);
      first = false;
    });
    os << "`: " << spelling(x->kind) << " " << x->target->name;
    if (x->kind == RankExchange::CombineScalar || x->kind == RankExchange::ClearPartials)
      os << " with " << spelling(x->fold);
    if (x->kind == RankExchange::FoldIntoOwners || x->kind == RankExchange::FoldPartials)
      os << " with " << spelling(x->fold) << " for " << x->traversal->name << " ("
         << spelling(x->communication) << ")";
    if (x->kind == RankExchange::RefreshMirrors)
      os << " for " << x->traversal->name << " (" << spelling(x->combining) << ", "
         << spelling(x->communication) << (x->overlapped ? ", begun: the pull finishes it" : "")
         << ")";
    os << "\n";
  }
  std::vector<const MethodCallExpr *> sums(plan.ownedSums.begin(), plan.ownedSums.end());
  llvm::sort(sums, [](const MethodCallExpr *a, const MethodCallExpr *b) {
    return a->loc.getPointer() < b->loc.getPointer();
  });
  for (const MethodCallExpr *sum : sums) {
    os << "  rank-sum `";
    printExpr(*sum, os);
    os << "`: each rank's own elements, then over ranks\n";
  }
}
} // namespace

void polyc::printIR(const Module &module, llvm::raw_ostream &os) {
  os << "module {\n";
  // fuseFields: each group's array and its fields, in schedule order.
  for (const FusedFieldGroup &group : module.fusedFields) {
    os << "  fused-fields @" << group.name << ":";
    for (const VarDecl *field : group.fields)
      os << (field == group.fields.front() ? " " : ", ") << field->name << " : "
         << field->type.value->str();
    os << "\n";
  }
  for (const auto &[var, placement] : module.placements)
    os << "  placement @" << var->name << ": " << spelling(placement) << "\n";
  // configIntersection: each call's method, in source order.
  for (const auto &[call, method] : inSourceOrder(module.intersectionMethods)) {
    os << "  intersection ";
    printExpr(*call, os);
    os << ": " << spelling(method) << "\n";
  }
  // Each new priority queue's schedule, in source order.
  for (const auto &[alloc, plan] : inSourceOrder(module.priorityQueuePlans)) {
    os << "  priority-queue over ";
    printExpr(*alloc->args[2], os);
    os << ": " << spelling(plan.update) << ", delta ";
    printNumber(plan.delta, os);
    if (plan.openBuckets) {
      os << ", open buckets ";
      printNumber(*plan.openBuckets, os);
    }
    if (plan.whyTakenMayChange.empty())
      os << ", taken priorities final";
    else
      os << ", taken priorities may change (" << plan.whyTakenMayChange << ")";
    os << "\n";
  }
  for (const auto &[query, why] : inSourceOrder(module.inRangeVertexQueries)) {
    os << "  in-range vertex ";
    printExpr(*query, os);
    os << ": " << why.param->name << " is a vertex of " << why.edges->name << " wherever "
       << why.func->name << " runs\n";
  }
  for (const auto &[operation, range] : inSourceOrder(module.overflowFreeArithmetic)) {
    os << "  no overflow ";
    printExpr(*operation, os);
    os << ": in [" << range.lo << ", " << range.hi << "]\n";
  }
  for (const MethodCallExpr *degree : inSourceOrder(module.comparedOutDegrees)) {
    os << "  compared degree ";
    printExpr(*degree, os);
    os << ": not converted to int\n";
  }
  for (const EdgePlacement &placement : module.edgesOnNodes) {
    os << "  edges-on-nodes @" << placement.edges->name << ":";
    for (const AgentParts &parts : placement.parts)
      os << (&parts == &placement.parts.front() ? " " : "; ") << (parts.push ? "push" : "pull")
         << " parts (" << spelling(parts.partition)
         << (parts.alpha ? ", alpha " + std::to_string(*parts.alpha) : "") << ")";
    os << "\n";
  }
  for (const auto &[edges, parts] : module.mergePartsAtLoad) {
    os << "  merge-parts-at-load @" << edges->name << ":";
    for (const MergeParts &p : parts)
      os << (&p == &parts.front() ? " " : "; ") << spelling(p.partition)
         << (p.alpha ? ", alpha " + std::to_string(*p.alpha) : "") << ", " << p.segments
         << " segment" << (p.segments == 1 ? "" : "s") << " (" << spelling(p.split) << ")";
    os << "\n";
  }
  if (module.distribution)
    printDistribution(*module.distribution, os);
  // Interleave both kinds in source order.
  auto e = module.edgeTraversals.begin(), eEnd = module.edgeTraversals.end();
  auto v = module.vertexTraversals.begin(), vEnd = module.vertexTraversals.end();
  while (e != eEnd || v != vEnd) {
    bool edgeFirst = v == vEnd || (e != eEnd && (*e)->loc.getPointer() < (*v)->loc.getPointer());
    if (edgeFirst)
      print(**e++, os);
    else
      print(**v++, os);
  }
  os << "}\n";
}
