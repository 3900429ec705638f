//===- IRPrinter.cpp - The IR as --emit=ir and --print-ir-after show it --===//
//
// One block per traversal, in source order, listing what the program asked
// for and every decision the passes have made so far. Lines are stable so
// that lit tests can check them with FileCheck.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/ASTPrinter.h"
#include "polyc/IR/IR.h"

#include "llvm/ADT/STLExtras.h"

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
  return "";
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
  }
  return "";
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
  return "";
}

/// `loops: segments > owners(...) > edges`, then how the output is added to.
void printNest(const LoopNest &nest, FrontierRepr output, llvm::raw_ostream &os) {
  if (nest.loops.empty())
    return;
  os << "      loops:";
  for (const ForLoop &loop : nest.loops) {
    os << (&loop == &nest.loops.front() ? " " : " > ");
    switch (loop.kind) {
    case ForLoop::Segments: os << "segments"; break;
    case ForLoop::Edges:
      os << "edges";
      if (loop.stop == EdgeStop::AtOwner)
        os << "(stop at the first neighbour >= the owner)";
      else if (loop.stop == EdgeStop::AboveOwner)
        os << "(stop at the first neighbour > the owner)";
      if (loop.partialSums > 1)
        os << "(unrolled, " << loop.partialSums << " partial sums)";
      if (loop.prefetchesAhead)
        os << "(prefetches the stream ahead where timing shows it pays)";
      break;
    case ForLoop::Owners:
      os << "owners(" << spelling(loop.owners) << ", " << spelling(loop.shape);
      if (loop.shape != LoopShape::Serial && loop.shape != LoopShape::Static) {
        os << " ";
        printNumber(loop.grain, os);
      }
      if (loop.serialWhenSmall)
        os << ", serial when small";
      if (loop.prefetchesOwnerOffsets)
        os << ", each chunk's offsets prefetched first";
      if (loop.catchesErrors)
        os << ", tasks catch errors";
      os << ")";
      break;
    }
  }
  os << "\n";
  if (nest.merge)
    os << "      then a barrier, then merge: owners(" << spelling(nest.merge->owners) << ", "
       << spelling(nest.merge->shape) << " " << nest.merge->grain.value
       << (nest.merge->catchesErrors ? ", tasks catch errors" : "") << ")\n";
  if (nest.roundsInOneRegion)
    os << "      rounds: the whole ordered loop in one parallel region\n";
  if (nest.drainsCurrentBucket) {
    os << "      then each thread drains its own current bucket while below ";
    printNumber(*nest.drainsCurrentBucket, os);
    os << " (bucket fusion)\n";
  }
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
    os << "    deferred " << spelling(d.how) << " @" << d.object << ": " << d.vector->name << " "
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
    if (v.numa && !v.numa->oneNode.loops.empty())
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

void polyc::printIR(const Module &module, llvm::raw_ostream &os) {
  os << "module {\n";
  // fuseFields: each group's array and its fields, in schedule order.
  for (const FusedFieldGroup &group : module.fusedFields) {
    os << "  fused-fields @" << group.arrayName << ":";
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
