//===- EmitLoopOps.cpp - The loop ops of a variant, one printer each ------===//
//
// Prints a variant's loop program (polyc/IR/Loops.h) as C++ with OpenMP.
// Each op kind has one printer here; what varies between two loops of one
// kind (their shape, bounds, what a task catches, where an edge loop stops)
// is a field of the op, which a pass set. An owner loop's shape decides how
// its iterations become tasks:
//   serial / static / dynamic       whole owners, in OpenMP's own loop
//   edge-balanced chunks            runs of owners with about `grain` edges each
//   edge ranges                     ranges of `grain` edges, an owner's edges possibly split
//   node chunks                     chunks of the thread's node's range first
// and every owner is visited the same way (printVisit): its tests, then its
// per-owner ops, among them the one edge loop (printEdgeLoop).
//
//===----------------------------------------------------------------------===//
#include "VariantWriter.h"

#include "llvm/Support/ErrorHandling.h"

using namespace polyc;

//===----------------------------------------------------------------------===//
// Loops and regions
//===----------------------------------------------------------------------===//

void VariantWriter::printOps(const std::vector<LoopOp> &ops, const std::string &pad) {
  for (const LoopOp &op : ops) {
    declareLoopConstants(op, pad);
    printOp(op, pad);
  }
}

void VariantWriter::printOp(const LoopOp &op, const std::string &pad) {
  switch (op.kind) {
  case LoopOp::Segments: printSegments(op, pad); return;
  case LoopOp::OwnerLoop: printOwnerLoop(op, pad); return;
  case LoopOp::SourceValues: printSourceValues(op, pad); return;
  case LoopOp::ParallelRegion:
    if (op.team == RegionTeam::MergeTeam)
      printMergeTeam(op, pad);
    else
      printRegion(op, pad);
    return;
  case LoopOp::Versioned: printVersioned(op, pad); return;
  case LoopOp::BucketDrain: printBucketDrain(op, pad); return;
  case LoopOp::Rounds: printRounds(op, pad); return;
  case LoopOp::Barrier: os << pad << "numa.barrier(thread);\n"; return;
  case LoopOp::Exchange: printExchange(op, pad); return;
  case LoopOp::MirrorOverlap:
    os << pad << "// The edges from this rank's own vertices while the mirrors' values travel,\n"
       << pad << "// then the edges from mirrors (docs/distributed.md).\n";
    printOp(op.ops[0], pad);
    for (const VarDecl *vector : op.awaited)
      os << pad << "polyrt::dist::finishRefreshMirrors(" << freshnessName(*vector) << ");\n";
    printOp(op.ops[1], pad);
    return;
  case LoopOp::SourceRegister:
  case LoopOp::FoldPrologue:
  case LoopOp::OutputThread:
  case LoopOp::EdgeLoop:
  case LoopOp::CombineParts:
  case LoopOp::FoldEpilogue:
  case LoopOp::FusedApply:
  case LoopOp::DeferToMirrors: break;
  }
  llvm_unreachable("a per-owner op outside an owner loop (the verifier checks)");
}

void VariantWriter::declareLoopConstants(const LoopOp &op, const std::string &pad) {
  const LoopOp *loop = nullptr;
  auto firstVertexTasks = [&](const LoopOp &o) {
    if (!loop && (o.kind == LoopOp::OwnerLoop || o.kind == LoopOp::Rounds) && o.walksVertexTasks())
      loop = &o;
  };
  LoopNest::forEachOp(op, firstVertexTasks);
  if (!loop)
    return;
  // Read before the parallel region, where an error can still unwind to
  // runMain's message.
  if (loop->shape == LoopShape::Dynamic && loop->grain.fromArgv())
    os << pad << "const int64_t grain = "
       << scheduleNumber(loop->grain, "the grain size of '" + t.label + "'") << ";\n";
  if (nest.drainsCurrentBucket && nest.drainsCurrentBucket->fromArgv())
    os << pad << "const int64_t mergeThreshold = "
       << scheduleNumber(*nest.drainsCurrentBucket,
                         "the bucket merge threshold of '" + t.label + "'")
       << ";\n";
}

std::string VariantWriter::grainOf(const LoopOp &loop) const {
  if (loop.shape == LoopShape::Dynamic && loop.grain.fromArgv())
    return "grain"; // declareLoopConstants
  return scheduleNumber(loop.grain, "the grain size of '" + t.label + "'");
}

std::string VariantWriter::drainThreshold() const {
  if (!nest.drainsCurrentBucket)
    return "0";
  if (nest.drainsCurrentBucket->fromArgv())
    return "mergeThreshold"; // declareLoopConstants
  return scheduleNumber(*nest.drainsCurrentBucket,
                        "the bucket merge threshold of '" + t.label + "'");
}

Owners VariantWriter::ownersOf(OwnerList list) const {
  switch (list) {
  case OwnerList::SegmentDestinations:
    return {"static_cast<int64_t>(segment.dsts.size())", "dsts[i]", "i",
            "offsets, static_cast<polyrt::VertexId>(segment.dsts.size())", "", "", "", ""};
  case OwnerList::NodeSubgraphVertices: return {"", "dsts[i]", "i", "", "", "", "", ""};
  case OwnerList::NodeAgents: return {"", "listed[i - first]", "(i - first)", "", "", "", "", ""};
  case OwnerList::NodeAgentFrontier: return {"", "sources[i - first]", "at", "", "", "", "", ""};
  // Walked in whole-owner tasks only (the distribution pass). A range is
  // walked by vertex id, as AllVertices is: an index turned into the id
  // each time cost BFS's pull 10% on kron20 (docs/distributed.md).
  case OwnerList::RankRange:
    return {"owned.limit", "static_cast<polyrt::VertexId>(i)", owner, "", "", "", "", "",
            "const polyrt::dist::EdgesPart::OwnedVertices owned = polyc_rank_part.owned();",
            "owned.first"};
  case OwnerList::RankListedVertices:
    return {"owned.count", "owned.list[i]", owner, "", "", "", "", "",
            "const polyrt::dist::EdgesPart::OwnedVertices owned = polyc_rank_part.owned();"};
  case OwnerList::RankColumnRange:
    return {"pulled.limit", "static_cast<polyrt::VertexId>(i)", owner, "", "", "", "", "",
            "const polyrt::dist::EdgesPart::OwnedVertices pulled = polyc_rank_part.pulled();",
            "pulled.first"};
  case OwnerList::RankMirroredVertices: // (the mirror-overlap pass)
    return {"polyc_rank_part.mirroredCount()", "polyc_rank_part.mirroredVertex(i)", owner, "", "",
            "", "", ""};
  case OwnerList::NodeFrontierParts:
  case OwnerList::NodeFrontierList: return {"", "nodeSources[i]", "src", "", "", "", "", ""};
  case OwnerList::FrontierList:
    return {"static_cast<int64_t>(sources.size())", "sources[i]", "src",
            "sources, offsets", "firstEdge", "static_cast<int64_t>(sources.size())",
            "firstEdge.sourceIndexOfEdge(begin)", "offsets[src] + (k - firstEdge[i])"};
  case OwnerList::NodeRanges:
  case OwnerList::RankNodeRanges: // the vertices outside the rank's are not handed out
  case OwnerList::AllVertices:
    return {"g.numVertices()", "static_cast<polyrt::VertexId>(i)", owner,
            "offsets, g.numVertices()", "offsets", "g.numVertices()",
            "polyrt::sourceOfEdge(offsets, g.numVertices(), begin)", "k"};
  }
  llvm_unreachable("an owner list without its C++ form");
}

/// What the loop's parallel pragma adds after its schedule: the reduction of
/// folds kept as a sum, and the test that keeps a small frontier on one thread.
std::string VariantWriter::pragmaClauses(const LoopOp &loop) const {
  return std::string(v.accumulation && v.accumulation->addsToSum ? " reduction(+ : sumOfFolds)"
                                                                   : "") +
         (loop.serialWhenSmall ? " if (parallel)" : "");
}

void VariantWriter::guardTask(const LoopOp &loop, const std::string &pad,
                              llvm::function_ref<void(const std::string &)> print) {
  if (!loop.catchesErrors) {
    print(pad);
    return;
  }
  os << pad << "try {\n";
  print(pad + "  ");
  os << pad << "} catch (...) {\n" << pad << "  taskErrors.capture();\n" << pad << "}\n";
}

void VariantWriter::printSegments(const LoopOp &op, const std::string &pad) {
  const char *split = v.segments->how == Segmenting::EdgeAwareVertexCount
                          ? "polyrt::SegmentSplit::EdgeCount"
                          : "polyrt::SegmentSplit::VertexCount";
  os << pad << "// Cache blocking: one pass per segment of sources, each over the in-edges\n"
     << pad << "// from that segment only, grouped by destination.\n"
     << pad << "const auto &segmented = polyrt::segmentedInEdges(g, "
     << scheduleNumber(v.segments->count, "the number of segments of '" + t.label + "'") << ", "
     << split << ");\n"
     << pad << "for (const auto &segment : segmented.segments) {\n"
     << pad << "  const polyrt::VertexId *dsts = segment.dsts.data();\n"
     << pad << "  const polyrt::EdgeOffset *offsets = segment.offsets.data();\n"
     << pad << "  const polyrt::VertexId *neighbors = segment.srcs.data();\n";
  if (t.edges->type.isWeightedEdgeSet())
    os << pad << "  const " << cppType(*t.edges->type.value)
       << " *weights = segment.weights.data();\n";
  printOps(op.ops, pad + "  ");
  os << pad << "}\n";
}

void VariantWriter::printOwnerLoop(const LoopOp &op, const std::string &pad) {
  Owners owners = ownersOf(op.owners);
  switch (op.shape) {
  case LoopShape::Serial:
  case LoopShape::Static:
  case LoopShape::Dynamic:
    if (op.prefetchesOwnerOffsets)
      printPrefetchedChunks(op, pad, owners);
    else
      printVertexTaskLoop(op, pad, owners);
    return;
  case LoopShape::NodeChunks:
    if (op.owners == OwnerList::NodeSubgraphVertices)
      printMergeWalk(op, pad);
    else
      printNodeChunks(op, pad, owners);
    return;
  case LoopShape::EdgeBalancedChunks: printEdgeBalancedChunks(op, pad, owners); return;
  case LoopShape::EdgeRanges: printEdgeRanges(op, pad, owners); return;
  }
  llvm_unreachable("an owner loop shape without a printer");
}

void VariantWriter::printVertexTaskLoop(const LoopOp &op, const std::string &pad,
                                        const Owners &owners) {
  std::string schedule = op.shape == LoopShape::Static ? "schedule(static)"
                                                        : "schedule(dynamic, " + grainOf(op) + ")";
  if (!owners.declare.empty())
    os << pad << owners.declare << "\n";
  if (op.isParallel() && op.nowait)
    os << pad << "#pragma omp for " << schedule << " nowait\n";
  else if (op.isParallel())
    os << pad << "#pragma omp parallel for " << schedule << pragmaClauses(op) << "\n";
  os << pad << "for (int64_t i = " << owners.first << "; i < " << owners.count << "; ++i) {\n"
     << pad << "  const polyrt::VertexId " << owner << " = " << owners.at << ";\n";
  guardTask(op, pad + "  ", [&](const std::string &in) {
    printVisit(op, in, owners, {"continue", degreeOf(owners.edgesOf)});
  });
  os << pad << "}\n";
}

void VariantWriter::printPrefetchedChunks(const LoopOp &op, const std::string &pad,
                                          const Owners &owners) {
  std::string grain = grainOf(op);
  os << pad << "// Each task takes a chunk of " << grain
     << " sources and prefetches their offsets first (the owner-prefetch pass).\n"
     << pad << "const int64_t chunks = polyrt::chunkCount(" << owners.count << ", " << grain
     << ");\n"
     << pad << "#pragma omp parallel for schedule(dynamic, 1)" << pragmaClauses(op) << "\n"
     << pad << "for (int64_t chunk = 0; chunk < chunks; ++chunk) {\n"
     << pad << "  const int64_t chunkBegin = chunk * " << grain << ";\n"
     << pad << "  const int64_t chunkEnd = chunkBegin + std::min<int64_t>(" << grain << ", "
     << owners.count << " - chunkBegin);\n"
     << pad << "  polyrt::prefetchOwnerOffsets(offsets, sources.data(), chunkBegin, chunkEnd);\n"
     << pad << "  for (int64_t i = chunkBegin; i < chunkEnd; ++i) {\n"
     << pad << "    const polyrt::VertexId " << owner << " = " << owners.at << ";\n";
  guardTask(op, pad + "    ", [&](const std::string &in) {
    printVisit(op, in, owners, {"continue", degreeOf(owners.edgesOf)});
  });
  os << pad << "  }\n" << pad << "}\n";
}

void VariantWriter::printNodeChunks(const LoopOp &op, const std::string &in,
                                    const Owners &owners) {
  // One parallel region; each thread takes chunks of its node's range
  // first (polyrt::NumaOwnerLoop), so whole owners stay with one thread.
  const NumaPlan &numa = *v.numa;
  os << in << "// NUMA: each node's threads walk the " << owner << "s of the node's "
     << (op.owners == OwnerList::NodeRanges          ? "range"
         : op.owners == OwnerList::RankNodeRanges    ? "part of this rank's vertices"
         : op.owners == OwnerList::NodeAgents        ? "agent list"
         : op.owners == OwnerList::NodeAgentFrontier ? "agent list found in the frontier"
                                                     : "part of the frontier")
     << " first (" << spelling(numa.partition) << " partition, " << spelling(numa.stealing)
     << " stealing).\n"
     << in << "static polyrt::NumaOwnerLoop nodes;\n";
  bool list = op.owners == OwnerList::NodeFrontierList;
  bool parts = op.owners == OwnerList::NodeFrontierParts;
  bool agents = walksAgents(op);
  bool agentList = op.owners == OwnerList::NodeAgentFrontier;
  std::string chunk = scheduleNumber(numa.chunk, "the work-stealing chunk of '" + t.label + "'");
  if (agents) {
    os << in << "// Agents: node k walks the " << (push ? "out" : "in") << "-edges whose "
       << (push ? "destination" : "source") << " it owns, grouped by " << owner
       << " (an agent where another node owns it).\n"
       << in << "const auto &agents = nodes." << (agentList ? "prepareAgentList" : "prepareAgents")
       << "(g, polyrt::SubgraphSide::" << (push ? "Push" : "Pull") << ", "
       << partitionStrategy(numa.partition) << ", " << alphaOf(numa.alpha) << ", " << chunk
       << ", " << stealingMethod(numa.stealing) << (agentList ? ", sources" : "") << ");\n";
    if (agentList)
      os << in << "// Every node looks each frontier vertex up in its list: a round costs the\n"
         << in << "// frontier, not the node's whole list.\n";
    else if (op.frontierTest == OwnerFrontierTest::FrontierBits)
      os << in << "const uint64_t *frontierBits = frontier.bits();\n";
  } else if (parts) {
    const NodeFrontierPlan &f = *t.nodeFrontier;
    os << in << "const polyrt::NodeFrontierParts &parts = nodes.prepareParts(frontier, "
       << "g.numVertices(), offsets, " << partitionStrategy(numa.partition) << ", "
       << alphaOf(numa.alpha) << ", " << frontierStructure(f.structure) << ", "
       << scheduleNumber(f.threshold, "the frontier threshold of '" + t.label + "'") << ", "
       << chunk << ", " << stealingMethod(numa.stealing) << ");\n"
       << in << "const uint64_t *frontierBits = frontier.bits();\n";
  } else {
    if (op.owners == OwnerList::RankNodeRanges)
      os << in
         << "nodes.ownVertices(polyc_rank_part.firstOwned(), polyc_rank_part.ownedLimit());\n";
    os << in << (list ? "nodes.prepareList(g.numVertices(), offsets, sources, "
                      : "nodes.prepare(g.numVertices(), offsets, ")
       << partitionStrategy(numa.partition) << ", " << alphaOf(numa.alpha) << ", " << chunk
       << ", " << stealingMethod(numa.stealing) << ");\n";
  }
  if (list)
    os << in << "const polyrt::VertexId *nodeSources = nodes.list(); // by owner node\n";
  lines(accountSetup("nodes.partition()", "nodes.partition().nodes()"), in);
  os << in << "#pragma omp parallel num_threads(nodes.teamSize())" << pragmaClauses(op) << "\n"
     << in << "{\n"
     << in << "  const int thread = omp_get_thread_num();\n"
     << in << "  int64_t begin, end;\n";
  if (v.accounting || parts || agents)
    os << in << "  int node;\n" << in << "  while (nodes.next(thread, begin, end, node)) {\n";
  else
    os << in << "  while (nodes.next(thread, begin, end)) {\n";
  if (agents) {
    os << in << "    const auto &part = agents.parts[node];\n"
       << in << "    const int64_t first = nodes.firstItem(node); // the part's items: i - first\n";
    if (!agentList)
      os << in << "    const polyrt::VertexId *listed = part.vertices.data();\n";
    os << in << "    const polyrt::EdgeOffset *offsets = part.offsets.data();\n"
       << in << "    const polyrt::VertexId *neighbors = part.neighbors.data();\n";
    if (t.edges->type.isWeightedEdgeSet())
      os << in << "    const auto *weights = part.weights.data();\n";
  }
  os << in << "    for (int64_t i = begin; i < end; ++i) {\n";
  guardTask(op, in + "      ", [&](const std::string &pad) {
    if (parts)
      os << pad << "polyrt::VertexId " << owner << ";\n"
         << pad << "if (!parts.member(node, i, frontierBits, " << owner << "))\n"
         << pad << "  continue;\n";
    else
      os << pad << "const polyrt::VertexId " << owner << " = " << owners.at << ";\n";
    if (agentList)
      os << pad << "const int64_t at = part.find(" << owner << ");\n"
         << pad << "if (at < 0)\n" << pad << "  continue;\n";
    printVisit(op, pad, owners, {"continue", degreeOf(owners.edgesOf), "node"});
  });
  os << in << "    }\n" << in << "  }\n" << in << "}\n";
}

void VariantWriter::printEdgeBalancedChunks(const LoopOp &op, const std::string &pad,
                                            const Owners &owners) {
  os << pad << "const auto chunks = polyrt::edgeBalancedBoundaries(" << owners.chunker << ", "
     << grainOf(op) << ");\n"
     << pad << "const int64_t numChunks = static_cast<int64_t>(chunks.size()) - 1;\n"
     << pad << "#pragma omp parallel for schedule(dynamic, 1)" << pragmaClauses(op) << "\n"
     << pad << "for (int64_t c = 0; c < numChunks; ++c) {\n";
  guardTask(op, pad + "  ", [&](const std::string &in) {
    os << in << "for (int64_t i = chunks[c]; i < chunks[c + 1]; ++i) {\n"
       << in << "  const polyrt::VertexId " << owner << " = " << owners.at << ";\n";
    printVisit(op, in + "  ", owners, {"continue", degreeOf(owners.edgesOf)});
    os << in << "}\n";
  });
  os << pad << "}\n";
}

void VariantWriter::printEdgeRanges(const LoopOp &op, const std::string &pad,
                                    const Owners &owners) {
  // Over the owners' edges numbered 0..numEdges-1 in owner order: the
  // owner list's own offsets when it is every vertex, a prefix sum of the
  // frontier's degrees when it is the frontier.
  if (op.owners == OwnerList::FrontierList)
    os << pad << "const polyrt::FrontierEdgePrefix firstEdge(sources, offsets);\n";
  os << pad << "const polyrt::EdgeOffset numEdges = " << owners.prefix << "["
     << owners.prefixSize << "];\n"
     << pad << "const polyrt::EdgeOffset grain = " << grainOf(op) << ";\n"
     << pad << "#pragma omp parallel for schedule(dynamic, 1)" << pragmaClauses(op) << "\n"
     << pad << "for (polyrt::EdgeOffset begin = 0; begin < numEdges; begin += grain) {\n";
  guardTask(op, pad + "  ", [&](const std::string &in) {
    os << in << "const polyrt::EdgeOffset end = std::min(begin + grain, numEdges);\n"
       << in << "polyrt::EdgeOffset k = begin;\n"
       << in << "for (int64_t i = " << owners.ownerOfEdgeBegin << "; k < end; ++i) {\n"
       << in << "  const polyrt::VertexId " << owner << " = " << owners.at << ";\n"
       << in << "  const polyrt::EdgeOffset stop = std::min(" << owners.prefix
       << "[i + 1], end);\n";
    Visit visit{"continue", "(stop - k)"};
    visit.splitRange = true;
    printVisit(op, in + "  ", owners, visit);
    os << in << "  k = stop;\n" << in << "}\n";
  });
  os << pad << "}\n";
}

void VariantWriter::printSourceValues(const LoopOp &op, const std::string &pad) {
  std::string type = foldType();
  os << pad << "// The folded value depends on the source alone: computed once per source.\n"
     << pad << "static std::vector<" << type << "> sourceValue;\n"
     << pad << "sourceValue.resize(g.numVertices());\n";
  if (op.isParallel())
    os << pad << "#pragma omp parallel for schedule(static)\n";
  os << pad << "for (int64_t i = 0; i < g.numVertices(); ++i) {\n"
     << pad << "  const polyrt::VertexId src = static_cast<polyrt::VertexId>(i);\n";
  // Sources outside the frontier fold the operation's identity, so the
  // edge loop needs no membership test.
  guardTask(op, pad + "  ", [&](const std::string &in) {
    if (t.from)
      os << in << "sourceValue[src] = " << inFrontier("src") << " ? " << name
         << "_value(src) : " << foldIdentity(*v.accumulation->fold) << ";\n";
    else
      os << in << "sourceValue[src] = " << name << "_value(src);\n";
  });
  os << pad << "}\n";
}

void VariantWriter::printRegion(const LoopOp &op, const std::string &pad) {
  os << pad << "#pragma omp parallel" << (nest.owners().serialWhenSmall ? " if (parallel)" : "")
     << "\n"
     << pad << "{\n";
  for (const LoopOp &inner : op.ops)
    printOp(inner, pad + "  ");
  os << pad << "}\n";
}

void VariantWriter::printVersioned(const LoopOp &op, const std::string &pad) {
  // One copy of the loop per choice rather than a test per edge: a test
  // the compiler unswitches lays the loop out for one side only.
  os << pad << "// Prefetch the neighbours polyrt::kStreamDistance edges ahead on the calls where\n"
     << pad << "// that pays: the first calls are timed without and with (the stream-prefetch pass).\n"
     << pad << "static polyrt::StreamPrefetchChoice prefetchChoice(\"" << name << "\");\n"
     << pad << "const bool prefetchAhead = prefetchChoice.beginCall();\n"
     << pad << "if (prefetchAhead) {\n";
  printOp(op.ops[0], pad + "  ");
  os << pad << "} else {\n";
  printOp(op.ops[1], pad + "  ");
  os << pad << "}\n" << pad << "prefetchChoice.endCall();\n";
}

void VariantWriter::printBucketDrain(const LoopOp &op, const std::string &pad) {
  os << pad << "// Bucket fusion: this thread's own entries of the current bucket, while\n"
     << pad << "// fewer than the threshold, processed now rather than in another round.\n"
     << pad << cppName(t.priorityQueue->name) << ".drainOwnCurrentBucket(" << drainThreshold()
     << ", " << repeats() << ", [&](const polyrt::VertexId " << owner << ") {\n";
  Owners owners = ownersOf(op.owners);
  guardTask(op, pad + "  ", [&](const std::string &in) {
    printVisit(op, in, owners, {"return", degreeOf(owners.edgesOf)});
  });
  os << pad << "});\n";
}

void VariantWriter::printRounds(const LoopOp &op, const std::string &in) {
  os << in << "// Every round of the ordered loop around " << t.label
     << ", in one parallel region: a round\n"
     << in << "// takes the next bucket, whose entries (each thread's, moved out of its\n"
     << in << "// bins) the threads process in dynamic chunks"
     << (nest.drainsCurrentBucket ? ", then each drains its own current bucket (bucket\n" + in +
                                        "// fusion)"
                                  : "")
     << ".\n"
     << in << cppName(t.priorityQueue->name) << ".processInRounds(keepGoing, " << grainOf(op)
     << ", " << drainThreshold() << ", " << repeats() << ",\n"
     << in << "    [&](const polyrt::VertexId " << owner << ") {\n"
     << in << "  // The edge arrays in locals of this function, which stay in registers\n"
     << in << "  // across the atomic updates (read through a capture, or a copy in the\n"
     << in << "  // closure, they would be read again after each one).\n";
  emitEdgeArrays(in + "  ");
  Owners owners = ownersOf(op.owners);
  guardTask(op, in + "  ", [&](const std::string &pad) {
    printVisit(op, pad, owners, {"return", degreeOf(owners.edgesOf)});
  });
  os << in << "});\n";
}

//===----------------------------------------------------------------------===//
// The NUMA merge form: a team's walk into buffers, a barrier, the exchange
//===----------------------------------------------------------------------===//

void VariantWriter::printMergeTeam(const LoopOp &op, const std::string &pad) {
  const NumaPlan &numa = *v.numa;
  std::string type = foldType();
  os << pad << "// NUMA, merge form: node k folds the in-edges from the sources it owns into\n"
     << pad << "// its own buffer; after a barrier each node's threads fold all buffers into\n"
     << pad << "// the destinations the node owns (" << spelling(numa.partition) << " partition, "
     << spelling(numa.stealing) << " stealing).\n"
     << pad << "static polyrt::NumaMerge<" << type << ", " << weightType() << "> numa;\n";
  if (nest.exchange()->owners == OwnerList::RankNodeRanges)
    os << pad
       << "numa.ownVertices(polyc_rank_part.firstOwned(), polyc_rank_part.ownedLimit());\n";
  os << pad << "numa.prepare(g, " << partitionStrategy(numa.partition) << ", "
     << alphaOf(numa.alpha) << ", "
     << scheduleNumber(numa.chunk, "the work-stealing chunk of '" + t.label + "'") << ", "
     << stealingMethod(numa.stealing) << ", "
     << (numa.barrier == BarrierKind::Hierarchical ? "polyrt::BarrierKind::Hierarchical"
                                                   : "polyrt::BarrierKind::Omp");
  if (v.segments)
    os << ", " << scheduleNumber(v.segments->count, "the number of segments of '" + t.label + "'")
       << ", "
       << (v.segments->how == Segmenting::EdgeAwareVertexCount ? "polyrt::SegmentSplit::EdgeCount"
                                                                : "polyrt::SegmentSplit::VertexCount");
  os << ");\n";
  lines(accountSetup("numa.partition()", "numa.partition().nodes()"), pad);
  os << pad << "#pragma omp parallel num_threads(numa.teamSize())" << pragmaClauses(nest.owners())
     << "\n"
     << pad << "{\n"
     << pad << "  const int thread = omp_get_thread_num();\n"
     << pad << "  int64_t begin, end;\n"
     << pad << "  int part;\n";
  // (Each phase guarded on its own: every thread must reach the barrier.)
  for (const LoopOp &phase : op.ops)
    printOp(phase, pad + "  ");
  os << pad << "}\n";
}

void VariantWriter::printMergeWalk(const LoopOp &op, const std::string &pad) {
  const char *acct = "polyrt::accounting::";
  std::string type = foldType();
  Owners owners = ownersOf(op.owners);
  guardTask(op, pad, [&](const std::string &in) {
    os << in << "while (numa.nextWalk(thread, begin, end, part)) {\n"
       << in << "  const polyrt::VertexId *dsts = numa.destinations(part);\n"
       << in << "  const polyrt::EdgeOffset *offsets = numa.offsets(part);\n"
       << in << "  const polyrt::VertexId *neighbors = numa.sources(part);\n";
    if (t.edges->type.isWeightedEdgeSet())
      os << in << "  const " << weightType() << " *weights = numa.weights(part);\n";
    os << in << "  " << type << " *buffer = numa.buffer(part);\n"
       << in << "  for (int64_t i = begin; i < end; ++i) {\n"
       // (A fold whose value ignores its destination leaves dst unread.)
       << in << "    [[maybe_unused]] const polyrt::VertexId dst = " << owners.at << ";\n";
    if (v.accounting) // the part and its buffer live on the part's node
      os << in << "    const int accountNode = numa.nodeOf(part);\n"
         << in << "    " << acct << "add(accountId, accountNode, " << acct << "TopologyData, "
         << acct << "Read, false, " << acct << "Sequential, 2 + (offsets[i + 1] - offsets[i]) * "
         << (t.edges->type.isWeightedEdgeSet() ? 2 : 1) << ");\n"
         << in << "    " << acct << "add(accountId, accountNode, " << acct << "VertexData, "
         << acct << "Write, false, " << acct << "Sequential, 1);\n";
    for (const LoopOp &perOwner : op.ops)
      printOwnerOp(perOwner, in + "    ", owners);
    os << in << "  }\n" << in << "}\n";
  });
}

void VariantWriter::printExchange(const LoopOp &op, const std::string &pad) {
  os << pad << "std::vector<int64_t> cursor(numa.parts());\n";
  Owners owners = ownersOf(op.owners);
  guardTask(op, pad, [&](const std::string &in) {
    if (v.accounting)
      os << in << "int node;\n" << in << "while (numa.nextMerge(thread, begin, end, node)) {\n";
    else
      os << in << "while (numa.nextMerge(thread, begin, end)) {\n";
    os << in << "  numa.seek(begin, cursor.data());\n"
       << in << "  for (int64_t i = begin; i < end; ++i) {\n"
       << in << "    const polyrt::VertexId dst = static_cast<polyrt::VertexId>(i);\n";
    if (v.accounting)
      os << in << "    const int accountNode = node;\n"
         << in << "    polyrt::accounting::countVertex(accountId, accountNode, accountOwners, dst, "
         << v.accounting->ownerReads << ", " << v.accounting->ownerWrites << ");\n";
    for (const LoopOp &perOwner : op.ops)
      printOwnerOp(perOwner, in + "    ", owners);
    os << in << "  }\n" << in << "}\n";
  });
}

std::string VariantWriter::combineParts() const {
  const AssignStmt &fold = *v.accumulation->fold;
  switch (v.numa->combine) {
  case AssignOp::Min: return "polyrt::reduceMin(folded, partial);";
  case AssignOp::Max: return "polyrt::reduceMax(folded, partial);";
  default: return emitter.inPlaceUpdate(v.numa->combine, fold.target->type, "folded", "partial", fold.loc);
  }
}

//===----------------------------------------------------------------------===//
// One owner: its visit and its per-owner ops
//===----------------------------------------------------------------------===//

/// Conditions an owner must meet for its edges to be walked at all.
std::vector<std::string> VariantWriter::ownerTests(const LoopOp &loop) const {
  std::vector<std::string> tests;
  switch (loop.frontierTest) {
  case OwnerFrontierTest::None: break;
  case OwnerFrontierTest::Member: tests.push_back(inFrontier("src")); break;
  case OwnerFrontierTest::FrontierBits: tests.push_back("polyrt::bitIsSet(frontierBits, src)"); break;
  }
  if (push && t.srcFilter)
    tests.push_back(cppFunctionName(*t.srcFilter) + "(src)");
  if (!push && t.toFilter)
    tests.push_back(cppFunctionName(*t.toFilter) + "(dst)");
  return tests;
}

void VariantWriter::printVisit(const LoopOp &loop, const std::string &pad, const Owners &owners,
                               const Visit &visit) {
  for (const std::string &test : ownerTests(loop)) {
    if (visit.splitRange)
      os << pad << "if (!" << test << ") {\n"
         << pad << "  k = stop;\n" << pad << "  " << visit.skip << ";\n" << pad << "}\n";
    else
      os << pad << "if (!" << test << ")\n" << pad << "  " << visit.skip << ";\n";
  }
  lines(accountOwnerVisit(visit.degree, visit.node), pad);
  for (const LoopOp &op : loop.ops)
    printOwnerOp(op, pad, owners);
}

void VariantWriter::printOwnerOp(const LoopOp &op, const std::string &pad, const Owners &owners) {
  switch (op.kind) {
  case LoopOp::SourceRegister: {
    const VarDecl &vector = *v.sourceElementInRegister;
    os << pad << "const " << cppType(*vector.type.value) << " "
       << elementRegisterName(vector, "src") << " = " << cppName(vector.name)
       << "[src]; // the source-register pass\n";
    return;
  }
  case LoopOp::FoldPrologue: lines(foldPrologue(op.fold), pad); return;
  case LoopOp::OutputThread:
    os << pad << "const int outputThread = omp_get_thread_num(); // for the adds below\n";
    return;
  case LoopOp::EdgeLoop: printEdgeLoop(op, pad, owners); return;
  case LoopOp::CombineParts: {
    std::string type = foldType();
    os << pad << "for (int k = 0; k < numa.parts(); ++k) {\n"
       << pad << "  " << type << " partial;\n"
       << pad << "  if (numa.take(k, dst, cursor[k], partial))";
    if (v.accounting)
      os << " {\n"
         << pad << "    polyrt::accounting::add(accountId, accountNode, "
         << "polyrt::accounting::VertexData, polyrt::accounting::Read, numa.nodeOf(k) != "
         << "accountNode, polyrt::accounting::Sequential, 1);\n"
         << pad << "    " << combineParts() << "\n"
         << pad << "  }\n";
    else
      os << "\n" << pad << "    " << combineParts() << "\n";
    os << pad << "}\n";
    return;
  }
  case LoopOp::FoldEpilogue: lines(foldEpilogue(op.fold), pad); return;
  case LoopOp::DeferToMirrors:
    os << pad << "if (run.first != offsets[" << owner << "] || run.last != offsets[" << owner
       << " + 1]) { // the rest is from mirrors\n"
       << pad << "  " << name << "_target(" << owner << ") = folded;\n"
       << pad << "  continue;\n"
       << pad << "}\n";
    return;
  case LoopOp::FusedApply:
    os << pad << vertexApply
       << (op.fold == FoldRegister::Resting ? "(dst, folded); // " : "(dst); // ")
       << t.fusedVertexApply->source << ", fused\n";
    return;
  case LoopOp::Segments:
  case LoopOp::OwnerLoop:
  case LoopOp::SourceValues:
  case LoopOp::ParallelRegion:
  case LoopOp::Versioned:
  case LoopOp::BucketDrain:
  case LoopOp::Rounds:
  case LoopOp::Barrier:
  case LoopOp::Exchange:
  case LoopOp::MirrorOverlap: break;
  }
  llvm_unreachable("a loop inside an owner's visit (the verifier checks)");
}

std::vector<std::string> VariantWriter::foldPrologue(FoldRegister fold) const {
  const Accumulation &a = *v.accumulation;
  std::string type = foldType();
  switch (fold) {
  case FoldRegister::SummedTotal: return {type + " folded = 0;"};
  case FoldRegister::CombinedAtomically:
    return {type + " folded = " + foldIdentity(*a.fold) + "; // this node's part"};
  case FoldRegister::TrackedSteps:
    return {type + " folded = " + name + "_target(dst);",
            "bool changed = false; // by some step (applyModified's test)"};
  case FoldRegister::TrackedMinMax:
    return {"const " + type + " initial = " + name + "_target(dst);", type + " folded = initial;"};
  case FoldRegister::Resting:
    return {type + " folded = " + emitter.exprAs(*a.restingValue, a.fold->target->type) + "; // " +
            foldedVector(a).name + "[dst] before and after: the fused apply sets it back"};
  case FoldRegister::StoredIfChanged:
    return {"const " + type + " initial = " + name + "_target(" + owner + ");",
            type + " folded = initial;"};
  case FoldRegister::Stored: return {type + " folded = " + name + "_target(" + owner + ");"};
  case FoldRegister::IntoBuffer: return {type + " folded = " + foldIdentity(*a.fold) + ";"};
  case FoldRegister::Reset:
    return {type + " folded = " + name + "_target(" + owner + "); // the own sources' part",
            name + "_target(" + owner + ") = " +
                emitter.exprAs(*a.restingValue, a.fold->target->type) +
                "; // back at rest: the fused apply sets nothing back"};
  }
  llvm_unreachable("a register fold without a prologue");
}

std::vector<std::string> VariantWriter::foldEpilogue(FoldRegister fold) const {
  const Accumulation &a = *v.accumulation;
  std::vector<std::string> out;
  auto storedThenAdded = [&](const std::string &test) {
    out = {"if (" + test + ") {", "  " + name + "_target(dst) = folded;"};
    for (const std::string &add : addToOutput())
      out.push_back("  " + add);
    out.push_back("}");
    return out;
  };
  switch (fold) {
  case FoldRegister::SummedTotal: return {"sumOfFolds += folded;"};
  case FoldRegister::CombinedAtomically: {
    // This node's partial fold, combined with the other nodes' in one
    // atomic; a min= (max=) that moved the element adds it to the output.
    AssignOp op = a.fold->op;
    std::string target = "&" + name + "_target(dst), folded";
    if (op == AssignOp::Add)
      return {emitter.atomicAdd(a.fold->target->type, "&" + name + "_target(dst)", "folded",
                                a.fold->loc)};
    std::string write = op == AssignOp::Min ? "polyrt::writeMin(" : "polyrt::writeMax(";
    if (!a.tracksChange)
      return {write + target + ");"};
    out = {"if (" + write + target + ")) {"};
    for (const std::string &add : addToOutput())
      out.push_back("  " + add);
    out.push_back("}");
    return out;
  }
  case FoldRegister::TrackedSteps: return storedThenAdded("changed");
  case FoldRegister::TrackedMinMax:
    return storedThenAdded(std::string("folded") +
                           (a.fold->op == AssignOp::Min ? " < " : " > ") + "initial");
  case FoldRegister::Resting: return {};
  case FoldRegister::StoredIfChanged:
    return {"if (folded != initial)", "  " + name + "_target(" + owner + ") = folded;"};
  case FoldRegister::Stored: return {name + "_target(" + owner + ") = folded;"};
  case FoldRegister::IntoBuffer: return {"buffer[i] = folded;"};
  case FoldRegister::Reset: return {};
  }
  llvm_unreachable("a register fold without an epilogue");
}

//===----------------------------------------------------------------------===//
// The edge loop
//===----------------------------------------------------------------------===//

/// The runs of an owner's list a mirror overlap's loop walks: the one from
/// the rank's own vertices, declared as `run` for the rest of the visit
/// (DeferToMirrors reads it), or each run from mirrors in a loop, which it
/// opens (returns true) for the caller to close.
bool VariantWriter::openRankRuns(const LoopOp &op, const std::string &pad,
                                 const Owners &owners) {
  switch (op.bounds) {
  case EdgeBounds::RankSources:
    os << pad << "const polyrt::dist::EdgesPart::EdgeRun run = " << kRankPart
       << ".ownSources(offsets, neighbors, " << owners.edgesOf << ");\n";
    return false;
  case EdgeBounds::OtherRankSources:
    os << pad << "for (const polyrt::dist::EdgesPart::EdgeRun run : " << kRankPart
       << ".otherSources(offsets, " << owners.edgesOf << ", i)) {\n";
    return true;
  case EdgeBounds::OwnerList:
  case EdgeBounds::SplitRange: break;
  }
  llvm_unreachable("edge bounds that are not a rank's runs");
}

void VariantWriter::printEdgeLoop(const LoopOp &op, const std::string &pad,
                                  const Owners &owners) {
  if (op.bounds == EdgeBounds::RankSources || op.bounds == EdgeBounds::OtherRankSources) {
    const bool opened = openRankRuns(op, pad, owners);
    LoopOp inRun = op;
    inRun.bounds = EdgeBounds::OwnerList; // (of the run: see edgesFrom)
    inRun.hoistsEnd = true;
    runs = true;
    printEdgeLoop(inRun, opened ? pad + "  " : pad, owners);
    runs = false;
    if (opened)
      os << pad << "}\n";
    return;
  }
  if (op.partialSums > 1) {
    printPartialSums(op, pad, owners);
    return;
  }
  switch (op.bounds) {
  case EdgeBounds::SplitRange:
    os << pad << "for (; k < stop; ++k) {\n"
       << pad << "  const polyrt::EdgeOffset e = " << owners.edgeAtK << ";\n";
    break;
  case EdgeBounds::OwnerList:
    if (op.hoistsEnd)
      os << pad << "for (polyrt::EdgeOffset e = " << edgesFrom(owners) << ", edgesEnd = "
         << edgesTo(owners) << "; e < edgesEnd; ++e) {\n";
    else
      os << pad << "for (polyrt::EdgeOffset e = offsets[" << owners.edgesOf << "]; e < offsets["
         << owners.edgesOf << " + 1]; ++e) {\n";
    break;
  case EdgeBounds::RankSources:
  case EdgeBounds::OtherRankSources:
    llvm_unreachable("a run's edge loop printed as a list's (openRankRuns)");
  }
  if (op.prefetchesAhead)
    os << pad << "  polyrt::prefetchStreamAhead(neighbors, e);\n";
  lines(edgeBody(op), pad + "  ");
  os << pad << "}\n";
}

std::string VariantWriter::edgesFrom(const Owners &owners) const {
  return runs ? "run.first" : "offsets[" + owners.edgesOf + "]";
}
std::string VariantWriter::edgesTo(const Owners &owners) const {
  return runs ? "run.last" : "offsets[" + owners.edgesOf + " + 1]";
}

/// A pull's double sum split into partial sums (LoopOp::partialSums):
/// `folded` and folded1.., one edge each per step of the unrolled loop,
/// then the rest of the edges into `folded`, then the partial sums added in.
void VariantWriter::printPartialSums(const LoopOp &op, const std::string &pad,
                                     const Owners &owners) {
  int partials = op.partialSums;
  std::string type = foldType();
  os << pad << "{ // " << partials << " partial sums, so that the adds overlap (reassociated)\n";
  for (int k = 1; k < partials; ++k)
    os << pad << "  " << type << " folded" << k << " = " << type << "(0);\n";
  os << pad << "  polyrt::EdgeOffset e = " << edgesFrom(owners) << ";\n"
     << pad << "  const polyrt::EdgeOffset edgesEnd = " << edgesTo(owners) << ";\n"
     << pad << "  for (; e + " << partials << " <= edgesEnd; e += " << partials << ") {\n";
  if (op.prefetchesAhead)
    os << pad << "    polyrt::prefetchStreamAhead(neighbors, e);\n";
  os << pad << "    folded += " << foldedValue("neighbors[e]", "e") << ";\n";
  for (int k = 1; k < partials; ++k) {
    std::string at = "e + " + std::to_string(k);
    os << pad << "    folded" << k << " += " << foldedValue("neighbors[" + at + "]", at) << ";\n";
  }
  os << pad << "  }\n"
     << pad << "  for (; e < edgesEnd; ++e)\n"
     << pad << "    folded += " << foldedValue("neighbors[e]", "e") << ";\n";
  std::string rest = "folded1";
  for (int k = 2; k < partials; ++k)
    rest = (k == 2 ? rest : "(" + rest + ")") + " + folded" + std::to_string(k);
  os << pad << "  folded += " << rest << ";\n" << pad << "}\n";
}

/// One edge: its stop, accounting, tests, then the applied function (or
/// the register fold) and the output.
std::vector<std::string> VariantWriter::edgeBody(const LoopOp &edges) const {
  std::vector<std::string> body;
  body.push_back("const polyrt::VertexId " + other + " = neighbors[e];");
  if (edges.stop != EdgeStop::None) {
    body.push_back("if (" + other + (edges.stop == EdgeStop::AtOwner ? " >= " : " > ") + owner +
                   ") // the list is sorted: " + t.applyFunc->name + " does nothing from here");
    body.push_back("  break;");
  }
  if (v.accounting && (v.accounting->otherReads || v.accounting->otherWrites))
    body.push_back("polyrt::accounting::countOther(accountId, accountNode, accountOwners, " + other +
                   ", " + std::to_string(v.accounting->otherReads) + ", " +
                   std::to_string(v.accounting->otherWrites) + ");");
  if (v.accounting && v.accounting->replicaReadsPerEdge)
    body.push_back("polyrt::accounting::countReplicaReads(accountId, accountNode, " +
                   std::to_string(v.accounting->replicaReadsPerEdge) + ");");
  auto skipUnless = [&](const std::string &condition) {
    body.push_back("if (!" + condition + ")");
    body.push_back("  continue;");
  };
  if (edges.testsSourceInFrontier)
    skipUnless(inFrontier("src"));
  if (!push && t.srcFilter)
    skipUnless(cppFunctionName(*t.srcFilter) + "(src)");
  if (push && t.toFilter)
    skipUnless(cppFunctionName(*t.toFilter) + "(dst)");
  std::string args = t.edges->type.isWeightedEdgeSet() ? "src, dst, weights[e]" : "src, dst";
  if (v.sourceElementInRegister)
    args += ", " + elementRegisterName(*v.sourceElementInRegister, "src");
  if (v.accumulation) {
    const AssignStmt &foldStmt = *v.accumulation->fold;
    std::string value = foldedValue("src", "e");
    if (edges.storesBeforeSelfLoop) {
      body.push_back("if (src == dst) // a self-loop: the value reads the element being folded");
      body.push_back("  " + name + "_target(dst) = folded;");
    }
    std::vector<std::string> fold;
    switch (foldStmt.op) {
    case AssignOp::Min: fold.push_back("polyrt::reduceMin(folded, " + value + ");"); break;
    case AssignOp::Max: fold.push_back("polyrt::reduceMax(folded, " + value + ");"); break;
    default:
      if (v.accumulation->tracksChange) { // each step reports a change, as updateTracked does
        fold.push_back("const " + cppType(foldStmt.target->type) + " before = folded;");
        fold.push_back(
            emitter.inPlaceUpdate(foldStmt.op, foldStmt.target->type, "folded", value, foldStmt.loc));
        fold.push_back("changed |= folded != before;");
        break;
      }
      fold.push_back(
          emitter.inPlaceUpdate(foldStmt.op, foldStmt.target->type, "folded", value, foldStmt.loc));
    }
    if (v.accumulation->guard) {
      body.push_back("if (" + name + "_guard(" + args + ")) {");
      for (const std::string &line : fold)
        body.push_back("  " + line);
      body.push_back("}");
    } else {
      body.insert(body.end(), fold.begin(), fold.end());
    }
    return body;
  }

  // When pulling, a destination's filter can only change through this
  // thread's own updates, so it is re-tested after each one.
  std::string exitTest = edges.exit == EdgeExit::FilterFails
                             ? "!" + cppFunctionName(*t.toFilter) + "(dst)"
                             : std::string();
  if (t.producesFrontier()) {
    body.push_back("if (" + apply + "(" + args + ")) {");
    for (const std::string &add : addToOutput())
      body.push_back("  " + add);
    if (edges.exit == EdgeExit::FirstUpdate) {
      body.push_back("  break; // applyModified's early exit");
    } else if (!exitTest.empty()) {
      body.push_back("  if (" + exitTest + ")");
      body.push_back("    break;");
    }
    body.push_back("}");
  } else {
    body.push_back(apply + "(" + args + ");");
    if (edges.exit == EdgeExit::FirstUpdate) {
      body.push_back("if (true)");
      body.push_back("  break;");
    } else if (!exitTest.empty()) {
      body.push_back("if (" + exitTest + ")");
      body.push_back("  break;");
    }
  }
  return body;
}
