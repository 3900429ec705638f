//===- EmitEdgeVariant.cpp - The loops of one traversal variant -----------===//
//
// A variant is an outer loop over the vertices that own edges (sources when
// pushing, destinations when pulling) and an inner loop over each owner's
// edges. The owners come from one of three lists: every vertex (dense
// variants), the input frontier's ids (sparse push) or a segment's
// destinations (cache-blocked pull). The parallelization decides how the
// outer loop is cut into tasks:
//   serial / static / dynamic-vertex-parallel   one owner at a time
//   edge-aware-dynamic-vertex-parallel          runs of owners with about
//                                               `grain` edges each
//   edge-parallel                               ranges of `grain` edges, an
//                                               owner's edges possibly split
// Everything else (frontier tests, filters, the applied function, adding to
// the output) is the same per-edge body in every shape. The loops come from
// the variant's LoopNest (the loop-nest pass): this file prints them and
// decides nothing about them.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"
#include "polyc/AST/StmtWalk.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cassert>
#include <optional>

using namespace polyc;

const char *polyc::partitionStrategy(NumaPartition p) {
  switch (p) {
  case NumaPartition::VertexBalanced: return "polyrt::PartitionStrategy::VertexBalanced";
  case NumaPartition::EdgeBalanced: return "polyrt::PartitionStrategy::EdgeBalanced";
  case NumaPartition::ChunkAlpha: return "polyrt::PartitionStrategy::ChunkAlpha";
  }
  return "";
}

/// chunk-alpha's alpha as the runtime takes it (-1: its default).
std::string polyc::alphaOf(const std::optional<double> &alpha) {
  return alpha ? llvm::formatv("{0}", *alpha).str() : std::string("-1");
}

namespace {

/// The vector a register fold folds into (its target is x[dst]).
const VarDecl &foldedVector(const Accumulation &a) {
  return *llvm::cast<VarDecl>(
      llvm::cast<NameExpr>(*llvm::cast<IndexExpr>(*a.fold->target).base).decl);
}

/// The value folding which changes nothing: x + 0 == x, min(x, +inf) == x...
std::string foldIdentity(const AssignStmt &fold) {
  std::string type = cppType(fold.target->type);
  bool floating = fold.target->type.isFloating();
  std::string limits = "std::numeric_limits<" + type + ">::";
  switch (fold.op) {
  case AssignOp::Min: return floating ? limits + "infinity()" : limits + "max()";
  case AssignOp::Max: return floating ? "-" + limits + "infinity()" : limits + "lowest()";
  case AssignOp::Mul: return type + "(1)";
  default: return type + "(0)";
  }
}

const char *frontierStructure(FrontierStructure f) {
  switch (f) {
  case FrontierStructure::BoolArray: return "polyrt::FrontierStructure::BoolArray";
  case FrontierStructure::Bitvector: return "polyrt::FrontierStructure::Bitvector";
  case FrontierStructure::SparseQueue: return "polyrt::FrontierStructure::SparseQueue";
  case FrontierStructure::Adaptive: return "polyrt::FrontierStructure::Adaptive";
  }
  return "";
}

const char *stealingMethod(WorkStealing w) {
  switch (w) {
  case WorkStealing::None: return "polyrt::WorkStealing::None";
  case WorkStealing::IntraNode: return "polyrt::WorkStealing::IntraNode";
  case WorkStealing::MiniChunk: return "polyrt::WorkStealing::MiniChunk";
  case WorkStealing::InterNode: return "polyrt::WorkStealing::InterNode";
  }
  return "";
}

/// The list of owners a variant walks.
struct Owners {
  std::string count;      // how many
  std::string at;         // the owner at position i
  std::string edgesOf;    // the index into offsets of the owner at i
  std::string chunker;    // edgeBalancedBoundaries' arguments before the grain
  std::string prefix;     // edge-parallel: first edge of each owner (indexable),
  std::string prefixSize; // the number of owners,
  std::string ownerOfEdgeBegin; // and the owner index holding edge `begin`
};

class VariantWriter {
public:
  VariantWriter(CppEmitter &emitter, const EdgeTraversalExpr &t, const VariantPlan &v,
                const std::string &name, llvm::raw_ostream &os)
      : emitter(emitter), t(t), v(v), nest(v.nest), ownerLoop(v.nest.owners()), name(name),
        out(os), push(v.isPush()), owner(push ? "src" : "dst"), other(push ? "dst" : "src") {}

  void emitAccumulationHelpers();
  void emitBody(const std::string &apply);
  std::string vertexApply; // the fused vertex apply's function, if any
  std::vector<std::string> afterLoops; // run once every loop is done, before returning

private:
  CppEmitter &emitter;
  const EdgeTraversalExpr &t;
  const VariantPlan &v;
  const LoopNest &nest;
  const ForLoop &ownerLoop; // the parallel one; the edge loop inside it is serial
  std::string name;
  // The text is written to `os`, a buffer, so that a task's part can be
  // wrapped once printed (guardTask); each public method ends by moving it to `out`.
  llvm::raw_ostream &out;
  std::string buffer;
  llvm::raw_string_ostream os{buffer};
  void flushToOutput() {
    os.flush();
    out << buffer;
    buffer.clear();
  }
  /// Prints one task's part of a parallel loop (print() at `pad`); where the
  /// owner loop catches errors (ForLoop::catchesErrors) it is wrapped in a
  /// try whose catch keeps the error in taskErrors, thrown after the loops.
  void guardTask(const std::string &pad, llvm::function_ref<void()> print);
  bool push;
  std::string owner, other;
  // Lines around each owner's edge loop (the accumulation's load and store).
  std::vector<std::string> beforeEdges, afterEdges;
  bool walksFrontierList() const { return v.input == FrontierRepr::SparseQueue; }
  bool walksAgents() const {
    return ownerLoop.owners == OwnerList::NodeAgents ||
           ownerLoop.owners == OwnerList::NodeAgentFrontier;
  }
  std::string pragmaClauses() const;
  std::string inFrontier(const std::string &vertex) const;
  std::vector<std::string> ownerTests() const;
  std::vector<std::string> edgeBody(const std::string &apply) const;
  std::string foldedValue(const std::string &src, const std::string &e) const;
  /// The edge loop's prefetch of the stream ahead (ForLoop::prefetchesAhead), or nothing:
  /// tested per edge, or, in the copy of the loop for one choice
  /// (prefetchingCopy), there or not.
  std::vector<std::string> prefetchStream() const {
    if (!nest.find(ForLoop::Edges)->prefetchesAhead || prefetchingCopy == false)
      return {};
    if (prefetchingCopy == true)
      return {"polyrt::prefetchStreamAhead(neighbors, e);"};
    return {"if (prefetchAhead)", "  polyrt::prefetchStreamAhead(neighbors, e);"};
  }
  /// While a loop is printed once per prefetch choice: the copy's choice.
  std::optional<bool> prefetchingCopy;
  void emitPartialSums(const Owners &owners, int partials, const std::string &pad);
  std::vector<std::string> addToOutput() const;
  /// The out-offsets array: a push's own `offsets`, a pull's `outOffsets`.
  void emitOutputBuilder();
  void emitLoop(const Owners &owners, const std::vector<std::string> &body, unsigned indent);
  /// The owner loop over a frontier list as chunks whose sources' offsets
  /// are prefetched first (ForLoop::prefetchesOwnerOffsets).
  void emitPrefetchedChunks(const Owners &owners, const std::vector<std::string> &body,
                            const std::string &in, const std::string &grain,
                            const std::string &ownerDecl);
  /// The traversal's offsets, neighbors (and weights) as local pointers.
  void emitEdgeArrays(const std::string &pad);
  /// One owner's part of a loop body: its tests (`skip` when one fails), then
  /// its edges.
  void emitOwnerEdges(const Owners &owners, const std::vector<std::string> &body,
                      const std::string &pad, const char *skip);
  void emitOwnerEdgesOf(const Owners &owners, const std::vector<std::string> &body,
                        const std::string &pad, const char *skip);
  /// Bucket fusion's threshold as an expression ("0": none), declared first
  /// when read from argv.
  std::string drainThreshold(unsigned indent);
  /// Whether the queue's rounds claim the vertices they take
  /// (EdgeTraversalExpr::whyRoundsClaim).
  const char *repeats() const {
    return t.priorityRepeatsHarmless() ? "polyrt::Repeats::Harmless" : "polyrt::Repeats::Excluded";
  }
  /// The ordered loop's rounds in one region (LoopNest::roundsInOneRegion).
  void emitRounds(const Owners &owners, const std::vector<std::string> &body, unsigned indent,
                  const std::string &grain, const std::string &threshold);
  void emitMergeForm(const std::vector<std::string> &body);
  // --account-accesses (v.accounting): the counting calls.
  std::vector<std::string> accountSetup(const std::string &partition, const std::string &nodes) const;
  std::vector<std::string> accountOwnerVisit(const std::string &degree,
                                             const std::string &node) const;
  static std::string degreeOf(const std::string &edgesOf) {
    return "(offsets[" + edgesOf + " + 1] - offsets[" + edgesOf + "])";
  }
  void lines(const std::vector<std::string> &body, unsigned indent);
};

std::string VariantWriter::inFrontier(const std::string &vertex) const {
  if (v.input == FrontierRepr::Bitvector)
    return "polyrt::bitIsSet(inFrontier, " + vertex + ")";
  return "inFrontier[" + vertex + "]";
}

/// Conditions an owner must meet for its edges to be walked at all.
std::vector<std::string> VariantWriter::ownerTests() const {
  std::vector<std::string> tests;
  // (A walk of node parts meets members only; agents test the frontier's bits.)
  if (push && t.from && ownerLoop.owners == OwnerList::NodeAgents)
    tests.push_back("polyrt::bitIsSet(frontierBits, src)");
  else if (push && t.from && !walksFrontierList() &&
           ownerLoop.owners != OwnerList::NodeFrontierParts)
    tests.push_back(inFrontier("src"));
  if (push && t.srcFilter)
    tests.push_back(cppFunctionName(*t.srcFilter) + "(src)");
  if (!push && t.toFilter)
    tests.push_back(cppFunctionName(*t.toFilter) + "(dst)");
  return tests;
}

/// The statements that add dst to the output frontier.
std::vector<std::string> VariantWriter::addToOutput() const {
  std::vector<std::string> add;
  switch (nest.outputAdd) {
  case OutputAdd::AddShared: add.push_back("next.addShared(dst);"); break;
  case OutputAdd::AddToOwnWord: add.push_back("next.addToOwnWord(dst);"); break;
  case OutputAdd::Add: add.push_back("next.add(dst);"); break;
  case OutputAdd::AddFromThread: add.push_back("next.addFrom(outputThread, dst);"); break;
  }
  return add;
}

/// What the loop's parallel pragma adds after its schedule: the reduction of
/// folds kept as a sum, and the test that keeps a small frontier on one thread.
std::string VariantWriter::pragmaClauses() const {
  return std::string(v.accumulation && v.accumulation->addsToSum ? " reduction(+ : sumOfFolds)"
                                                                   : "") +
         (ownerLoop.serialWhenSmall ? " if (parallel)" : "");
}

std::vector<std::string> VariantWriter::edgeBody(const std::string &apply) const {
  std::vector<std::string> body;
  body.push_back("const polyrt::VertexId " + other + " = neighbors[e];");
  if (EdgeStop stop = nest.find(ForLoop::Edges)->stop; stop != EdgeStop::None) {
    body.push_back("if (" + other + (stop == EdgeStop::AtOwner ? " >= " : " > ") + owner +
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
  if (!push && t.from && !(v.accumulation && v.accumulation->perSource))
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
    // (In the NUMA merge form the walk folds into node buffers and the
    // target only changes in the merge phase: there is nothing to store.)
    // (Agents' registers start at the identity, so storing one would lose
    // the target's value; with such a value the accumulation pass lets them
    // fold only min= and max=, where reading the target without this node's
    // part is an order the per-edge atomics allow too.)
    if (v.accumulation->readsFoldedAtSource && !nest.merge && !v.accumulation->combinesAtomically) {
      body.push_back("if (src == dst) // a self-loop: the value reads the element being folded");
      body.push_back("  " + name + "_target(dst) = folded;");
    }
    std::vector<std::string> fold;
    switch (v.accumulation->fold->op) {
    case AssignOp::Min: fold.push_back("polyrt::reduceMin(folded, " + value + ");"); break;
    case AssignOp::Max: fold.push_back("polyrt::reduceMax(folded, " + value + ");"); break;
    default:
      if (v.accumulation->tracksChange) { // each step reports a change, as updateTracked does
        fold.push_back("const " + cppType(v.accumulation->fold->target->type) +
                       " before = folded;");
        fold.push_back(emitter.inPlaceUpdate(foldStmt.op, foldStmt.target->type, "folded", value,
                                       foldStmt.loc));
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
  std::string recheck =
      !push && t.toFilter ? "!" + cppFunctionName(*t.toFilter) + "(dst)" : std::string();
  if (!push && t.earlyExit)
    recheck = "true";
  if (t.producesFrontier()) {
    body.push_back("if (" + apply + "(" + args + ")) {");
    for (const std::string &add : addToOutput())
      body.push_back("  " + add);
    if (recheck == "true") {
      body.push_back("  break; // applyModified's early exit");
    } else if (!recheck.empty()) {
      body.push_back("  if (" + recheck + ")");
      body.push_back("    break;");
    }
    body.push_back("}");
  } else {
    body.push_back(apply + "(" + args + ");");
    if (!recheck.empty()) {
      body.push_back("if (" + recheck + ")");
      body.push_back("  break;");
    }
  }
  return body;
}

void VariantWriter::guardTask(const std::string &pad, llvm::function_ref<void()> print) {
  if (!ownerLoop.catchesErrors) {
    print();
    return;
  }
  os.flush();
  const size_t start = buffer.size();
  print();
  os.flush();
  // The task as printed, its lines relative to pad, nested in the try.
  std::vector<std::string> task;
  for (llvm::StringRef rest = llvm::StringRef(buffer).substr(start); !rest.empty();) {
    auto [line, next] = rest.split('\n');
    assert((line.empty() || line.starts_with(pad)) && "a task printed outside its pad");
    task.push_back(line.empty() ? std::string() : line.substr(pad.size()).str());
    rest = next;
  }
  buffer.resize(start);
  for (const std::string &line : catchingTaskErrors(task))
    os << (line.empty() ? "" : pad) << line << "\n";
}

void VariantWriter::lines(const std::vector<std::string> &body, unsigned indent) {
  for (const std::string &line : body)
    os << indentOf(indent) << line << "\n";
}

void VariantWriter::emitOutputBuilder() {
  std::string n = "g.numVertices()";
  std::string dedup = v.outputUnique    ? "polyrt::Dedup::None"
                      : t.deduplicate ? "polyrt::Dedup::OnAdd"
                                      : "polyrt::Dedup::AtFinish";
  if (v.outputUnique && (v.output == FrontierRepr::SparseQueue ||
                         v.output == FrontierRepr::SlidingQueue))
    os << "  // Each destination is claimed once: no deduplication needed.\n";
  switch (v.output) {
  case FrontierRepr::None: return;
  case FrontierRepr::SparseQueue:
    os << "  polyrt::SparseFrontierBuilder next(" << n << ", " << dedup << ");\n";
    return;
  case FrontierRepr::SlidingQueue: {
    // Without deduplication a destination is added once per edge reaching it.
    std::string capacity = t.deduplicate || v.outputUnique     ? n
                           : walksFrontierList()                ? "polyrt::frontierWork(frontier, g)"
                                                                : "g.numEdges()";
    os << "  polyrt::SlidingQueueBuilder next(" << n << ", " << capacity << ", " << dedup
       << ");\n";
    return;
  }
  case FrontierRepr::BoolArray:
    os << "  polyrt::DenseFrontierBuilder next(" << n << ");\n";
    return;
  case FrontierRepr::Bitvector:
    os << "  polyrt::BitvectorFrontierBuilder next(" << n << ");\n";
    return;
  case FrontierRepr::NodeParts: {
    const NodeFrontierPlan &f = *t.nodeFrontier;
    os << "  // configApplyFrontier: the output held node by node, over the NUMA partition of\n"
       << "  // out-edges the next push walks.\n"
       << "  static polyrt::PartitionCache frontierPartitions;\n"
       << "  polyrt::NodeFrontierBuilder next(" << n << ", frontierPartitions.get(" << n
       << ", g.outOffsets(), polyrt::topology().nodes, " << partitionStrategy(f.partition) << ", "
       << alphaOf(f.alpha) << ", \"the frontier of '" << t.label << "'\"), g.outOffsets(), "
       << frontierStructure(f.structure) << ", "
       << scheduleNumber(f.threshold, "the frontier threshold of '" + t.label + "'") << ");\n";
    return;
  }
  }
}

/// The traversal's accounting id and the partition that says who owns what.
std::vector<std::string> VariantWriter::accountSetup(const std::string &partition,
                                                     const std::string &nodes) const {
  if (!v.accounting)
    return {};
  return {"static const int accountId = polyrt::accounting::registerTraversal(\"" + name + "\"" +
              (nodes.empty() ? "" : ", " + nodes) + ");",
          "const polyrt::Partition &accountOwners = " + partition + ";"};
}

/// An owner's visit: its offsets, `degree` edges and its own data, counted
/// on `node`.
std::vector<std::string> VariantWriter::accountOwnerVisit(const std::string &degree,
                                                          const std::string &node) const {
  if (!v.accounting)
    return {};
  const AccessModel &m = *v.accounting;
  auto perVisit = [&](int once, int perEdge) {
    if (!perEdge)
      return std::to_string(once);
    return std::to_string(once) + " + " + std::to_string(perEdge) + " * " + degree;
  };
  return {"const int accountNode = " + node + ";",
          std::string(walksAgents() ? "polyrt::accounting::countAgent("
                                                                : "polyrt::accounting::countOwner(") +
              "accountId, accountNode, accountOwners, " + owner + ", " +
              degree + ", " + (t.edges->type.isWeightedEdgeSet() ? "1" : "0") + ", " +
              perVisit(m.ownerReads, m.ownerReadsPerEdge) + ", " +
              perVisit(m.ownerWrites, m.ownerWritesPerEdge) + ");"};
}

/// The outer loop over owners in the shape the parallelization asks for,
/// with `body` inside the loop over each owner's edges.
void VariantWriter::emitOwnerEdges(const Owners &owners, const std::vector<std::string> &body,
                                   const std::string &pad, const char *skip) {
  guardTask(pad, [&] { emitOwnerEdgesOf(owners, body, pad, skip); });
}

void VariantWriter::emitOwnerEdgesOf(const Owners &owners, const std::vector<std::string> &body,
                                     const std::string &pad, const char *skip) {
  for (const std::string &test : ownerTests())
    os << pad << "if (!" << test << ")\n" << pad << "  " << skip << ";\n";
  unsigned level = static_cast<unsigned>(pad.size() / 2);
  lines(accountOwnerVisit(degreeOf(owners.edgesOf), "polyrt::accounting::nodeOfThread()"), level);
  lines(beforeEdges, level);
  if (int partials = nest.find(ForLoop::Edges)->partialSums; partials > 1) {
    emitPartialSums(owners, partials, pad);
  } else {
    // The end in a local: a bound read from memory would be read again after
    // every atomic update in the body.
    os << pad << "for (polyrt::EdgeOffset e = offsets[" << owners.edgesOf
       << "], edgesEnd = offsets[" << owners.edgesOf << " + 1]; e < edgesEnd; ++e) {\n";
    lines(prefetchStream(), level + 1);
    lines(body, level + 1);
    os << pad << "}\n";
  }
  lines(afterEdges, level);
}

/// The register fold's value for the edge at index `e` whose source is
/// `src` (the per-source cache, or name_value(src, dst[, weight])).
std::string VariantWriter::foldedValue(const std::string &src, const std::string &e) const {
  if (v.accumulation->perSource)
    return "sourceValue[" + src + "]";
  return name + "_value(" + src + ", dst" +
         (t.edges->type.isWeightedEdgeSet() ? ", weights[" + e + "]" : std::string()) +
         (v.accumulation->intersectsWalkedPrefix ? ", " + e : std::string()) + ")";
}

/// A pull's double sum split into `partials` registers (the loop
/// nest's partialSums): `folded` and folded1.., one edge each per step of
/// the unrolled loop, then the rest of the edges into `folded`, then the
/// partial sums added in.
void VariantWriter::emitPartialSums(const Owners &owners, int partials, const std::string &pad) {
  std::string type = cppType(v.accumulation->fold->target->type);
  os << pad << "{ // " << partials << " partial sums, so that the adds overlap (reassociated)\n";
  for (int k = 1; k < partials; ++k)
    os << pad << "  " << type << " folded" << k << " = " << type << "(0);\n";
  os << pad << "  polyrt::EdgeOffset e = offsets[" << owners.edgesOf << "];\n"
     << pad << "  const polyrt::EdgeOffset edgesEnd = offsets[" << owners.edgesOf << " + 1];\n"
     << pad << "  for (; e + " << partials << " <= edgesEnd; e += " << partials << ") {\n";
  lines(prefetchStream(), static_cast<unsigned>(pad.size() / 2) + 2);
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

std::string VariantWriter::drainThreshold(unsigned indent) {
  if (!nest.drainsCurrentBucket)
    return "0";
  std::string threshold = scheduleNumber(*nest.drainsCurrentBucket,
                                         "the bucket merge threshold of '" + t.label + "'");
  if (!nest.drainsCurrentBucket->fromArgv())
    return threshold;
  os << indentOf(indent) << "const int64_t mergeThreshold = " << threshold << ";\n";
  return "mergeThreshold";
}

void VariantWriter::emitRounds(const Owners &owners, const std::vector<std::string> &body,
                               unsigned indent, const std::string &grain,
                               const std::string &threshold) {
  std::string in = indentOf(indent);
  os << in << "// Every round of the ordered loop around " << t.label
     << ", in one parallel region: a round\n"
     << in << "// takes the next bucket, whose entries (each thread's, moved out of its\n"
     << in << "// bins) the threads process in dynamic chunks"
     << (nest.drainsCurrentBucket ? ", then each drains its own current bucket (bucket\n" + in +
                                        "// fusion)"
                                  : "")
     << ".\n"
     << in << cppName(t.priorityQueue->name) << ".processInRounds(keepGoing, " << grain << ", "
     << threshold << ", " << repeats() << ",\n"
     << in << "    [&](const polyrt::VertexId " << owner << ") {\n"
     << in << "  // The edge arrays in locals of this function, which stay in registers\n"
     << in << "  // across the atomic updates (read through a capture, or a copy in the\n"
     << in << "  // closure, they would be read again after each one).\n";
  emitEdgeArrays(in + "  ");
  emitOwnerEdges(owners, body, in + "  ", "return");
  os << in << "});\n";
}

void VariantWriter::emitPrefetchedChunks(const Owners &owners,
                                         const std::vector<std::string> &body,
                                         const std::string &in, const std::string &grain,
                                         const std::string &ownerDecl) {
  os << in << "// Each task takes a chunk of " << grain
     << " sources and prefetches their offsets first (the owner-prefetch pass).\n"
     << in << "const int64_t chunks = polyrt::chunkCount(" << owners.count << ", " << grain
     << ");\n"
     << in << "#pragma omp parallel for schedule(dynamic, 1)" << pragmaClauses() << "\n"
     << in << "for (int64_t chunk = 0; chunk < chunks; ++chunk) {\n"
     << in << "  const int64_t chunkBegin = chunk * " << grain << ";\n"
     << in << "  const int64_t chunkEnd = chunkBegin + std::min<int64_t>(" << grain << ", "
     << owners.count << " - chunkBegin);\n"
     << in << "  polyrt::prefetchOwnerOffsets(offsets, sources.data(), chunkBegin, chunkEnd);\n"
     << in << "  for (int64_t i = chunkBegin; i < chunkEnd; ++i) {\n"
     << in << "    " << ownerDecl;
  emitOwnerEdges(owners, body, in + "    ", "continue");
  os << in << "  }\n" << in << "}\n";
}

void VariantWriter::emitLoop(const Owners &owners, const std::vector<std::string> &body,
                             unsigned indent) {
  std::string in = indentOf(indent);
  std::vector<std::string> tests = ownerTests();
  std::string grain = scheduleNumber(ownerLoop.grain, "the grain size of '" + t.label + "'");
  std::string ownerDecl = "const polyrt::VertexId " + owner + " = " + owners.at + ";\n";

  switch (ownerLoop.shape) {
  case LoopShape::Serial:
  case LoopShape::Static:
  case LoopShape::Dynamic: {
    std::string schedule;
    if (ownerLoop.shape == LoopShape::Static) {
      schedule = "schedule(static)";
    } else if (ownerLoop.shape == LoopShape::Dynamic) {
      // A grain read from argv is read before the parallel region, where an
      // error can still unwind to runMain's message.
      if (ownerLoop.grain.fromArgv()) {
        os << in << "const int64_t grain = " << grain << ";\n";
        grain = "grain";
      }
      schedule = "schedule(dynamic, " + grain + ")";
    }
    std::string threshold = drainThreshold(indent);
    if (nest.roundsInOneRegion) {
      emitRounds(owners, body, indent, grain, threshold);
      return;
    }
    // Bucket fusion keeps the threads of the loop for the drain after it:
    // a parallel region holding a worksharing loop that does not wait.
    bool drains = nest.drainsCurrentBucket.has_value();
    const bool prefetches = nest.find(ForLoop::Edges)->prefetchesAhead;
    if (prefetches)
      os << in << "// Prefetch the neighbours polyrt::kStreamDistance edges ahead on the calls where\n"
         << in << "// that pays: the first calls are timed without and with (the stream-prefetch pass).\n"
         << in << "static polyrt::StreamPrefetchChoice prefetchChoice(\"" << name << "\");\n"
         << in << "const bool prefetchAhead = prefetchChoice.beginCall();\n";
    std::string loopIn = in;
    if (ownerLoop.prefetchesOwnerOffsets) { // (never with a drain: the verifier)
      emitPrefetchedChunks(owners, body, in, grain, ownerDecl);
    } else {
      if (drains && ownerLoop.isParallel()) {
        os << in << "#pragma omp parallel" << (ownerLoop.serialWhenSmall ? " if (parallel)" : "")
           << "\n"
           << in << "{\n";
        loopIn = indentOf(indent + 1);
        os << loopIn << "#pragma omp for " << schedule << " nowait\n";
      }
      auto emitOwnerLoop = [&](const std::string &forIn) {
        if (ownerLoop.isParallel() && !drains)
          os << forIn << "#pragma omp parallel for " << schedule << pragmaClauses() << "\n";
        os << forIn << "for (int64_t i = 0; i < " << owners.count << "; ++i) {\n"
           << forIn << "  " << ownerDecl;
        emitOwnerEdges(owners, body, forIn + "  ", "continue");
        os << forIn << "}\n";
      };
      if (prefetches && !drains) {
        // One loop per choice rather than a test per edge: g++ unswitches the
        // test into two inner loops sharing one tail, laid out for one of
        // them, and the other then jumps to it at every owner (a 1024x1024
        // grid's PageRank pull: 0.074 s against 0.060 on one thread).
        for (bool copy : {true, false}) {
          prefetchingCopy = copy;
          os << in << (copy ? "if (prefetchAhead) {\n" : "} else {\n");
          emitOwnerLoop(indentOf(indent + 1));
        }
        prefetchingCopy.reset();
        os << in << "}\n";
      } else {
        emitOwnerLoop(loopIn);
      }
    }
    if (prefetches)
      os << in << "prefetchChoice.endCall();\n";
    if (drains) {
      os << loopIn << "// Bucket fusion: this thread's own entries of the current bucket, while\n"
         << loopIn << "// fewer than the threshold, processed now rather than in another round.\n"
         << loopIn << cppName(t.priorityQueue->name) << ".drainOwnCurrentBucket(" << threshold
         << ", " << repeats() << ", [&](const polyrt::VertexId " << owner << ") {\n";
      emitOwnerEdges(owners, body, loopIn + "  ", "return");
      os << loopIn << "});\n";
      if (ownerLoop.isParallel())
        os << in << "}\n";
    }
    return;
  }
  case LoopShape::NodeChunks: {
    // One parallel region; each thread takes chunks of its node's range
    // first (polyrt::NumaOwnerLoop), so whole owners stay with one thread.
    const NumaPlan &numa = *v.numa;
    os << in << "// NUMA: each node's threads walk the " << owner << "s of the node's "
       << (ownerLoop.owners == OwnerList::NodeRanges   ? "range"
           : ownerLoop.owners == OwnerList::NodeAgents ? "agent list"
           : ownerLoop.owners == OwnerList::NodeAgentFrontier ? "agent list found in the frontier"
                                                       : "part of the frontier")
       << " first (" << spelling(numa.partition) << " partition, " << spelling(numa.stealing)
       << " stealing).\n"
       << in << "static polyrt::NumaOwnerLoop nodes;\n";
    bool list = ownerLoop.owners == OwnerList::NodeFrontierList;
    bool parts = ownerLoop.owners == OwnerList::NodeFrontierParts;
    bool agents = walksAgents();
    bool agentList = ownerLoop.owners == OwnerList::NodeAgentFrontier;
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
      else if (push && t.from)
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
      os << in << (list ? "nodes.prepareList(g.numVertices(), offsets, sources, "
                        : "nodes.prepare(g.numVertices(), offsets, ")
         << partitionStrategy(numa.partition) << ", " << alphaOf(numa.alpha) << ", " << chunk
         << ", " << stealingMethod(numa.stealing) << ");\n";
    }
    if (list)
      os << in << "const polyrt::VertexId *nodeSources = nodes.list(); // by owner node\n";
    lines(accountSetup("nodes.partition()", "nodes.partition().nodes()"), indent);
    os << in << "#pragma omp parallel num_threads(nodes.teamSize())" << pragmaClauses() << "\n"
       << in << "{\n"
       << in << "  const int thread = omp_get_thread_num();\n"
       << in << "  int64_t begin, end;\n";
    if (v.accounting || parts || agents)
      os << in << "  int node;\n"
         << in << "  while (nodes.next(thread, begin, end, node)) {\n";
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
    guardTask(in + "      ", [&] {
      if (parts)
        os << in << "      polyrt::VertexId " << owner << ";\n"
           << in << "      if (!parts.member(node, i, frontierBits, " << owner << "))\n"
           << in << "        continue;\n";
      else
        os << in << "      " << ownerDecl;
      if (agentList)
        os << in << "      const int64_t at = part.find(" << owner << ");\n"
           << in << "      if (at < 0)\n" << in << "        continue;\n";
      for (const std::string &test : tests)
        os << in << "      if (!" << test << ")\n" << in << "        continue;\n";
      lines(accountOwnerVisit(degreeOf(owners.edgesOf), "node"), indent + 3);
      lines(beforeEdges, indent + 3);
      os << in << "      for (polyrt::EdgeOffset e = offsets[" << owners.edgesOf << "]; e < offsets["
         << owners.edgesOf << " + 1]; ++e) {\n";
      lines(body, indent + 4);
      os << in << "      }\n";
      lines(afterEdges, indent + 3);
    });
    os << in << "    }\n" << in << "  }\n" << in << "}\n";
    return;
  }
  case LoopShape::EdgeBalancedChunks:
    os << in << "const auto chunks = polyrt::edgeBalancedBoundaries(" << owners.chunker << ", "
       << grain << ");\n"
       << in << "const int64_t numChunks = static_cast<int64_t>(chunks.size()) - 1;\n"
       << in << "#pragma omp parallel for schedule(dynamic, 1)" << pragmaClauses() << "\n"
       << in << "for (int64_t c = 0; c < numChunks; ++c) {\n";
    guardTask(in + "  ", [&] {
      os << in << "  for (int64_t i = chunks[c]; i < chunks[c + 1]; ++i) {\n"
         << in << "    " << ownerDecl;
      for (const std::string &test : tests)
        os << in << "    if (!" << test << ")\n" << in << "      continue;\n";
      lines(accountOwnerVisit(degreeOf(owners.edgesOf), "polyrt::accounting::nodeOfThread()"),
            indent + 2);
      lines(beforeEdges, indent + 2);
      os << in << "    for (polyrt::EdgeOffset e = offsets[" << owners.edgesOf
         << "]; e < offsets[" << owners.edgesOf << " + 1]; ++e) {\n";
      lines(body, indent + 3);
      os << in << "    }\n";
      lines(afterEdges, indent + 2);
      os << in << "  }\n";
    });
    os << in << "}\n";
    return;
  case LoopShape::EdgeRanges: {
    // Over the owners' edges numbered 0..numEdges-1 in owner order: the
    // owner list's own offsets when it is every vertex, a prefix sum of the
    // frontier's degrees when it is the frontier.
    bool sparse = walksFrontierList();
    if (sparse)
      os << in << "const polyrt::FrontierEdgePrefix firstEdge(sources, offsets);\n";
    os << in << "const polyrt::EdgeOffset numEdges = " << owners.prefix << "["
       << owners.prefixSize << "];\n"
       << in << "const polyrt::EdgeOffset grain = " << grain << ";\n"
       << in << "#pragma omp parallel for schedule(dynamic, 1)" << pragmaClauses() << "\n"
       << in << "for (polyrt::EdgeOffset begin = 0; begin < numEdges; begin += grain) {\n";
    guardTask(in + "  ", [&] {
      os << in << "  const polyrt::EdgeOffset end = std::min(begin + grain, numEdges);\n"
         << in << "  polyrt::EdgeOffset k = begin;\n"
         << in << "  for (int64_t i = " << owners.ownerOfEdgeBegin << "; k < end; ++i) {\n"
         << in << "    " << ownerDecl
         << in << "    const polyrt::EdgeOffset stop = std::min(" << owners.prefix
         << "[i + 1], end);\n";
      for (const std::string &test : tests)
        os << in << "    if (!" << test << ") {\n"
           << in << "      k = stop;\n" << in << "      continue;\n" << in << "    }\n";
      lines(accountOwnerVisit("(stop - k)", "polyrt::accounting::nodeOfThread()"), indent + 2);
      // (Per range of an owner's edges: only the source register, never a
      // register fold, which would need the owner's edges whole.)
      assert(!v.accumulation && afterEdges.empty() && "a register fold over split edges");
      lines(beforeEdges, indent + 2);
      os << in << "    for (; k < stop; ++k) {\n";
      if (sparse)
        os << in << "      const polyrt::EdgeOffset e = offsets[src] + (k - firstEdge[i]);\n";
      else
        os << in << "      const polyrt::EdgeOffset e = k;\n";
      lines(body, indent + 3);
      os << in << "    }\n" << in << "    k = stop;\n" << in << "  }\n";
    });
    os << in << "}\n";
    return;
  }
  }
}

/// The NUMA merge form: in one parallel region, each node folds the
/// in-edges from its own sources into its buffer (one entry per destination
/// it reaches, from the fold's identity); after a barrier, the threads of
/// each node fold every node's buffer into the destinations the node owns.
/// beforeEdges/afterEdges (the target's load and store, the output, a fused
/// vertex apply) belong to the merge, once per destination.
void VariantWriter::emitMergeForm(const std::vector<std::string> &body) {
  const NumaPlan &numa = *v.numa;
  const AssignStmt &fold = *v.accumulation->fold;
  std::string type = cppType(fold.target->type);
  std::string weightType = t.edges->type.isWeightedEdgeSet() ? cppType(*t.edges->type.value)
                                                            : "polyrt::NoWeight";
  std::string combine;
  switch (numa.combine) {
  case AssignOp::Min: combine = "polyrt::reduceMin(folded, partial);"; break;
  case AssignOp::Max: combine = "polyrt::reduceMax(folded, partial);"; break;
  default: combine = emitter.inPlaceUpdate(numa.combine, fold.target->type, "folded", "partial", fold.loc);
  }
  os << "  // NUMA, merge form: node k folds the in-edges from the sources it owns into\n"
     << "  // its own buffer; after a barrier each node's threads fold all buffers into\n"
     << "  // the destinations the node owns (" << spelling(numa.partition) << " partition, "
     << spelling(numa.stealing) << " stealing).\n"
     << "  static polyrt::NumaMerge<" << type << ", " << weightType << "> numa;\n"
     << "  numa.prepare(g, " << partitionStrategy(numa.partition) << ", "
     << (numa.alpha ? llvm::formatv("{0}", *numa.alpha).str() : std::string("-1")) << ", "
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
  lines(accountSetup("numa.partition()", "numa.partition().nodes()"), 1);
  const char *acct = "polyrt::accounting::";
  os << "  #pragma omp parallel num_threads(numa.teamSize())" << pragmaClauses() << "\n"
     << "  {\n"
     << "    const int thread = omp_get_thread_num();\n"
     << "    int64_t begin, end;\n"
     << "    int part;\n";
  // (Each phase guarded on its own: every thread must reach the barrier.)
  guardTask("    ", [&] {
    os << "    while (numa.nextWalk(thread, begin, end, part)) {\n"
       << "      const polyrt::VertexId *dsts = numa.destinations(part);\n"
       << "      const polyrt::EdgeOffset *offsets = numa.offsets(part);\n"
       << "      const polyrt::VertexId *neighbors = numa.sources(part);\n";
    if (t.edges->type.isWeightedEdgeSet())
      os << "      const " << weightType << " *weights = numa.weights(part);\n";
    os << "      " << type << " *buffer = numa.buffer(part);\n"
       << "      for (int64_t i = begin; i < end; ++i) {\n"
       // (A fold whose value ignores its destination leaves dst unread.)
       << "        [[maybe_unused]] const polyrt::VertexId dst = dsts[i];\n";
    if (v.accounting) // the part and its buffer live on the part's node
      os << "        const int accountNode = numa.nodeOf(part);\n"
         << "        " << acct << "add(accountId, accountNode, " << acct << "TopologyData, " << acct
         << "Read, false, " << acct << "Sequential, 2 + (offsets[i + 1] - offsets[i]) * "
         << (t.edges->type.isWeightedEdgeSet() ? 2 : 1) << ");\n"
         << "        " << acct << "add(accountId, accountNode, " << acct << "VertexData, " << acct
         << "Write, false, " << acct << "Sequential, 1);\n";
    os << "        " << type << " folded = " << foldIdentity(fold) << ";\n"
       << "        for (polyrt::EdgeOffset e = offsets[i]; e < offsets[i + 1]; ++e) {\n";
    lines(body, 5);
    os << "        }\n"
       << "        buffer[i] = folded;\n"
       << "      }\n"
       << "    }\n";
  });
  os << "    numa.barrier(thread);\n"
     << "    std::vector<int64_t> cursor(numa.parts());\n";
  guardTask("    ", [&] {
    os << (v.accounting ? "    int node;\n    while (numa.nextMerge(thread, begin, end, node)) {\n"
                        : "    while (numa.nextMerge(thread, begin, end)) {\n")
       << "      numa.seek(begin, cursor.data());\n"
       << "      for (int64_t i = begin; i < end; ++i) {\n"
       << "        const polyrt::VertexId dst = static_cast<polyrt::VertexId>(i);\n";
    if (v.accounting)
      os << "        const int accountNode = node;\n"
         << "        " << acct << "countVertex(accountId, accountNode, accountOwners, dst, "
         << v.accounting->ownerReads << ", " << v.accounting->ownerWrites << ");\n";
    lines(beforeEdges, 4);
    os << "        for (int k = 0; k < numa.parts(); ++k) {\n"
       << "          " << type << " partial;\n"
       << "          if (numa.take(k, dst, cursor[k], partial))";
    if (v.accounting)
      os << " {\n"
         << "            " << acct << "add(accountId, accountNode, " << acct << "VertexData, " << acct
         << "Read, numa.nodeOf(k) != accountNode, " << acct << "Sequential, 1);\n"
         << "            " << combine << "\n"
         << "          }\n";
    else
      os << "\n            " << combine << "\n";
    os << "        }\n";
    lines(afterEdges, 4);
    os << "      }\n"
       << "    }\n";
  });
  os << "  }\n";
}

/// name_target(owner), the folded element, name_value(...), the folded
/// value, and name_guard(...), the test the fold is under (if any), for a
/// variant that accumulates in a register. Functions (rather than inlined
/// expressions) keep the applied function's parameter names.
void VariantWriter::emitAccumulationHelpers() {
  const AssignStmt &fold = *v.accumulation->fold;
  const Expr *guard = v.accumulation->guard;
  const FuncDecl &f = *t.applyFunc;
  const ParamDecl &ownerParam = *f.params[push ? 0 : 1];
  std::string type = cppType(fold.target->type);
  // Each helper names the parameters its expression uses (collectNames only
  // reads; it walks with the mutable child visitor).
  auto paramsOf = [&](const Expr &e) {
    std::set<const Decl *> used;
    collectNames(const_cast<Expr &>(e), used);
    std::vector<std::string> params;
    for (size_t i = 0; i < f.params.size(); ++i) {
      if (v.accumulation->perSource && i != 0)
        break;
      const ParamDecl &p = *f.params[i];
      std::string param = cppName(p.name);
      params.push_back(cppType(p.type) + " " + (used.count(&p) ? param : "/*" + param + "*/"));
    }
    return llvm::join(params, ", ");
  };
  os << "// " << f.name << " folds into one element per " << (push ? "source" : "destination")
     << "; " << name << " keeps it in a register.\n";
  // (A target resting at a constant, or kept as a sum, is never read or written.)
  if (!v.accumulation->restingValue && !v.accumulation->addsToSum)
    os << "static inline " << type << " &" << name << "_target(" << cppType(ownerParam.type)
       << " " << cppName(ownerParam.name) << ") {\n"
       << "  return " << emitter.expr(*fold.target) << ";\n"
       << "}\n";
  if (guard)
    os << "static inline bool " << name << "_guard(" << paramsOf(*guard) << ") {\n"
       << "  return " << emitter.exprReadingReplicas(*guard, guard->type, t.replicaReads)
       << ";\n"
       << "}\n";
  const CallExpr *atEdge = v.accumulation->intersectsWalkedPrefix;
  os << "static inline " << type << " " << name << "_value(" << paramsOf(*fold.value)
     << (atEdge ? ", polyrt::EdgeOffset polyc_edge" : "") << ") {\n"
     << "  return "
     << emitter.exprReadingReplicas(*fold.value, fold.target->type, t.replicaReads, atEdge)
     << ";\n"
     << "}\n\n";
  flushToOutput();
}

void VariantWriter::emitEdgeArrays(const std::string &pad) {
  const char *side = push ? "out" : "in";
  os << pad << "const polyrt::EdgeOffset *offsets = g." << side << "Offsets();\n"
     << pad << "const polyrt::VertexId *neighbors = g." << side << "Neighbors();\n";
  if (t.edges->type.isWeightedEdgeSet())
    os << pad << "const " << cppType(*t.edges->type.value) << " *weights = g." << side
       << "Weights();\n";
}

void VariantWriter::emitBody(const std::string &apply) {
  if (!push)
    os << "  g.buildInEdges(); // the CSC is built once, on first use\n";
  // Cache blocking, the NUMA merge form and agents walk arrays of their own;
  // the rounds' function declares its own (emitRounds).
  if (!v.segments && !nest.merge && !walksAgents() && !nest.roundsInOneRegion)
    emitEdgeArrays("  ");
  // (A walk of node parts reads the frontier through them.)
  bool walksParts = ownerLoop.owners == OwnerList::NodeFrontierParts ||
                    (push && ownerLoop.owners == OwnerList::NodeAgents);
  if (v.input == FrontierRepr::SparseQueue && !walksParts && !nest.roundsInOneRegion)
    os << "  const polyrt::IdList &sources = frontier.sparse();\n";
  else if (v.input == FrontierRepr::BoolArray && !walksParts)
    os << "  const uint8_t *inFrontier = frontier.dense();\n";
  else if (v.input == FrontierRepr::Bitvector && !walksParts)
    os << "  const uint64_t *inFrontier = frontier.bits();\n";
  emitOutputBuilder();
  if (ownerLoop.catchesErrors)
    os << kTaskErrorsDeclaration;
  // An int sum is summed in 64 bits, which the threads' partial sums cannot
  // overflow, and checked once when it is added to the int.
  const bool wideSum = v.accumulation && v.accumulation->addsToSum &&
                       CppEmitter::checksOverflow(v.accumulation->fold->target->type);
  if (v.accumulation && v.accumulation->addsToSum)
    os << "  " << (wideSum ? "int64_t" : cppType(v.accumulation->fold->target->type))
       << " sumOfFolds = 0; // added to " << summedName(foldedVector(*v.accumulation))
       << " after the walk\n";

  if (const VarDecl *vector = v.sourceElementInRegister)
    beforeEdges = {"const " + cppType(*vector->type.value) + " " +
                   elementRegisterName(*vector, "src") + " = " + cppName(vector->name) +
                   "[src]; // the source-register pass"};
  if (v.accumulation) {
    std::string type = cppType(v.accumulation->fold->target->type);
    if (v.accumulation->addsToSum) {
      // The vector is kept only as its sum (the summed-vector pass).
      beforeEdges = {type + " folded = 0;"};
      afterEdges = {"sumOfFolds += folded;"};
    } else if (v.accumulation->combinesAtomically) {
      // Agents: this node's partial fold, combined with the other nodes' in
      // one atomic; a min= (max=) that moved the element adds it to the output.
      AssignOp op = v.accumulation->fold->op;
      std::string target = "&" + name + "_target(dst), folded";
      beforeEdges = {type + " folded = " + foldIdentity(*v.accumulation->fold) + "; // this node's part"};
      if (op == AssignOp::Add) {
        afterEdges = {emitter.atomicAdd(v.accumulation->fold->target->type, "&" + name + "_target(dst)",
                                  "folded", v.accumulation->fold->loc)};
      } else {
        std::string write = op == AssignOp::Min ? "polyrt::writeMin(" : "polyrt::writeMax(";
        if (v.accumulation->tracksChange) {
          afterEdges = {"if (" + write + target + ")) {"};
          for (const std::string &add : addToOutput())
            afterEdges.push_back("  " + add);
          afterEdges.push_back("}");
        } else {
          afterEdges = {write + target + ");"};
        }
      }
    } else if (v.accumulation->tracksChange && v.accumulation->fold->op != AssignOp::Min &&
               v.accumulation->fold->op != AssignOp::Max) {
      // Another fold: whether some step changed the element, noted as it goes.
      beforeEdges = {type + " folded = " + name + "_target(dst);",
                     "bool changed = false; // by some step (applyModified's test)"};
      afterEdges = {"if (changed) {", "  " + name + "_target(dst) = folded;"};
      for (const std::string &add : addToOutput())
        afterEdges.push_back("  " + add);
      afterEdges.push_back("}");
    } else if (v.accumulation->tracksChange) {
      // min= (max=) changed the element iff the register ended below (above) its start.
      const char *moved = v.accumulation->fold->op == AssignOp::Min ? " < " : " > ";
      beforeEdges = {"const " + type + " initial = " + name + "_target(dst);",
                     type + " folded = initial;"};
      afterEdges = {"if (folded" + std::string(moved) + "initial) {",
                    "  " + name + "_target(dst) = folded;"};
      for (const std::string &add : addToOutput())
        afterEdges.push_back("  " + add);
      afterEdges.push_back("}");
    } else if (const Expr *resting = v.accumulation->restingValue) {
      // The fused apply works on the register and leaves the element where
      // it rests (the transient-accumulator pass): memory is not touched.
      beforeEdges = {type + " folded = " +
                     emitter.exprAs(*resting, v.accumulation->fold->target->type) + "; // " +
                     foldedVector(*v.accumulation).name +
                     "[dst] before and after: the fused apply sets it back"};
    } else if (!v.accumulation->fold->target->type.isFloating()) {
      // Stored only when changed: owners that fold nothing (most vertices of
      // a grid's triangle count) leave their cache lines clean. (Not for
      // floating point, where -0.0 == +0.0 but prints differently.)
      beforeEdges = {"const " + type + " initial = " + name + "_target(" + owner + ");",
                     type + " folded = initial;"};
      afterEdges = {"if (folded != initial)", "  " + name + "_target(" + owner + ") = folded;"};
    } else {
      beforeEdges = {type + " folded = " + name + "_target(" + owner + ");"};
      afterEdges = {name + "_target(" + owner + ") = folded;"};
    }
    if (v.accumulation->perSource) {
      std::string pragma = !ownerLoop.isParallel()
                               ? ""
                               : "  #pragma omp parallel for schedule(static)\n";
      os << "  // The folded value depends on the source alone: computed once per source.\n"
         << "  static std::vector<" << type << "> sourceValue;\n"
         << "  sourceValue.resize(g.numVertices());\n"
         << pragma << "  for (int64_t i = 0; i < g.numVertices(); ++i) {\n"
         << "    const polyrt::VertexId src = static_cast<polyrt::VertexId>(i);\n";
      // Sources outside the frontier fold the operation's identity, so the
      // edge loop needs no membership test.
      guardTask("    ", [&] {
        if (t.from)
          os << "    sourceValue[src] = " << inFrontier("src") << " ? " << name
             << "_value(src) : " << foldIdentity(*v.accumulation->fold) << ";\n";
        else
          os << "    sourceValue[src] = " << name << "_value(src);\n";
      });
      os << "  }\n";
    }
  }
  if (nest.outputAdd == OutputAdd::AddFromThread)
    beforeEdges.push_back("const int outputThread = omp_get_thread_num(); // for the adds below");
  if (const VertexTraversalExpr *u = t.fusedVertexApply)
    afterEdges.push_back(vertexApply +
                         (v.accumulation && v.accumulation->restingValue ? "(dst, folded); // "
                                                                         : "(dst); // ") +
                         u->source + ", fused");

  // The outer loop gives each thread whole owners (except edge-parallel):
  // that ownership is what lets the update-sync pass keep writes plain.
  std::vector<std::string> body = edgeBody(apply);
  // The NUMA loops set up accounting after they partition.
  if (ownerLoop.shape != LoopShape::NodeChunks)
    lines(accountSetup("polyrt::accounting::defaultOwnership(g.numVertices())", ""), 1);
  switch (ownerLoop.owners) {
  case OwnerList::NodeSubgraphVertices:
    emitMergeForm(body);
    break;
  case OwnerList::SegmentDestinations: {
    const char *split = v.segments->how == Segmenting::EdgeAwareVertexCount
                            ? "polyrt::SegmentSplit::EdgeCount"
                            : "polyrt::SegmentSplit::VertexCount";
    os << "  // Cache blocking: one pass per segment of sources, each over the in-edges\n"
       << "  // from that segment only, grouped by destination.\n"
       << "  const auto &segmented = polyrt::segmentedInEdges(g, "
       << scheduleNumber(v.segments->count, "the number of segments of '" + t.label + "'")
       << ", " << split << ");\n"
       << "  for (const auto &segment : segmented.segments) {\n"
       << "    const polyrt::VertexId *dsts = segment.dsts.data();\n"
       << "    const polyrt::EdgeOffset *offsets = segment.offsets.data();\n"
       << "    const polyrt::VertexId *neighbors = segment.srcs.data();\n";
    if (t.edges->type.isWeightedEdgeSet())
      os << "    const " << cppType(*t.edges->type.value) << " *weights = segment.weights.data();\n";
    // Cache blocking rejects edge-parallel loops: no prefix needed.
    Owners owners{"static_cast<int64_t>(segment.dsts.size())", "dsts[i]", "i",
                  "offsets, static_cast<polyrt::VertexId>(segment.dsts.size())", "", "", ""};
    emitLoop(owners, body, 2);
    os << "  }\n";
    break;
  }
  case OwnerList::NodeAgents: {
    Owners owners{"", "listed[i - first]", "(i - first)", "", "", "", ""};
    emitLoop(owners, body, 1);
    break;
  }
  case OwnerList::NodeAgentFrontier: {
    Owners owners{"", "sources[i - first]", "at", "", "", "", ""};
    emitLoop(owners, body, 1);
    break;
  }
  case OwnerList::NodeFrontierParts:
  case OwnerList::NodeFrontierList: {
    Owners owners{"", "nodeSources[i]", "src", "", "", "", ""};
    emitLoop(owners, body, 1);
    break;
  }
  case OwnerList::FrontierList: {
    if (ownerLoop.serialWhenSmall)
      os << "  const bool parallel = polyrt::frontierWorkExceeds(frontier, g, polyrt::kSerialWork);\n";
    Owners owners{"static_cast<int64_t>(sources.size())", "sources[i]", "src",
                  "sources, offsets", "firstEdge", "static_cast<int64_t>(sources.size())",
                  "firstEdge.sourceIndexOfEdge(begin)"};
    emitLoop(owners, body, 1);
    break;
  }
  case OwnerList::NodeRanges:
  case OwnerList::AllVertices: {
    Owners owners{"g.numVertices()", "static_cast<polyrt::VertexId>(i)", owner,
                  "offsets, g.numVertices()", "offsets", "g.numVertices()",
                  "polyrt::sourceOfEdge(offsets, g.numVertices(), begin)"};
    emitLoop(owners, body, 1);
    break;
  }
  }
  lines(afterLoops, 1);
  if (v.accumulation && v.accumulation->addsToSum)
    os << "  "
       << (wideSum ? "polyrt::addWide(" + summedName(foldedVector(*v.accumulation)) +
                         ", sumOfFolds, \"" + emitter.sourcePlace(v.accumulation->fold->loc) +
                         "\");"
                   : summedName(foldedVector(*v.accumulation)) + " += sumOfFolds;")
       << "\n";
  if (ownerLoop.catchesErrors)
    os << "  taskErrors.rethrow();\n";
  if (t.producesFrontier())
    os << "  return next.finish();\n";
  flushToOutput();
}

} // namespace

void CppEmitter::emitEdgeVariant(const EdgeTraversalExpr &t, const VariantPlan &v,
                                 const std::string &name) {
  assert(v.nest.find(ForLoop::Owners) && "the loop-nest pass has not run");
  std::string vertexApply;
  if (const VertexTraversalExpr *u = t.fusedVertexApply) {
    if (v.accumulation && v.accumulation->restingValue)
      vertexApply = appliedOnRegister(*u, t, foldedVector(*v.accumulation));
    else
      vertexApply = appliedFunction(*u->func, u->writes, false, traversalName(*u));
  }
  // A NUMA variant on a machine with one node (none emulated) runs its
  // one-node loops: the same variant without NUMA.
  std::string oneNode;
  if (v.numa) {
    VariantPlan single = oneNodeVariant(v);
    oneNode = name + "_one_node";
    os << "// " << name << " on a machine with one NUMA node.\n";
    emitVariantFunction(t, single, oneNode, vertexApply, "", /*fallback=*/true);
  }
  emitVariantFunction(t, v, name, vertexApply, oneNode);
}

void CppEmitter::emitVariantFunction(const EdgeTraversalExpr &t, const VariantPlan &v,
                                     const std::string &name, const std::string &vertexApply,
                                     const std::string &oneNode, bool fallback) {
  // An accumulating variant inlines the applied function as its fold.
  std::string apply = v.accumulation ? std::string()
                                     : appliedFunction(*t.applyFunc, v.writes,
                                                       t.trackedVector != nullptr, name, &t,
                                                       v.sourceElementInRegister);
  VariantWriter writer(*this, t, v, name, os);
  writer.vertexApply = vertexApply;
  if (v.accumulation)
    writer.emitAccumulationHelpers();
  if (name != traversalName(t))
    os << "// " << spelling(v.variant) << ", " << spelling(v.loop.parallelization) << "\n";
  os << traversalSignature(t, name) << " {\n";
  // The one-node fallback is entered from here, after the refresh.
  if (!fallback)
    for (const VarDecl *vector : t.replicaReads)
      os << "  " << replicasName(*vector) << ".refresh(" << cppName(vector->name)
         << "); // configDataPlacement replicated\n";
  if (!oneNode.empty())
    os << "  if (polyrt::topology().nodes == 1)\n"
       << "    return " << oneNode << "(g" << (t.from ? ", frontier" : "") << ");\n";
  for (const std::string &line : deferredPrepare(t, v))
    os << "  " << line << "\n";
  writer.afterLoops = deferredFinish(t, v);
  writer.emitBody(apply);
  os << "}\n\n";
}
