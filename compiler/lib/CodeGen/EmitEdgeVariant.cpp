//===- EmitEdgeVariant.cpp - One traversal variant's function ------------===//
//
// A variant's function declares what its loops read (the edge arrays, the
// input frontier, the output's builder, the register fold's helpers), then
// prints its loop ops (EmitLoopOps.cpp), then finishes what they deferred.
// Which declarations it makes is stated by its LoopNest (the loop-nest pass).
//
//===----------------------------------------------------------------------===//
#include "VariantWriter.h"
#include "polyc/AST/StmtWalk.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
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
  llvm_unreachable("a partition strategy without a spelling");
}

/// chunk-alpha's alpha as the runtime takes it (-1: its default).
std::string polyc::alphaOf(const std::optional<double> &alpha) {
  return alpha ? llvm::formatv("{0}", *alpha).str() : std::string("-1");
}

const VarDecl &polyc::foldedVector(const Accumulation &a) {
  return *llvm::cast<VarDecl>(
      llvm::cast<NameExpr>(*llvm::cast<IndexExpr>(*a.fold->target).base).decl);
}

std::string polyc::foldIdentity(const AssignStmt &fold) {
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

const char *polyc::frontierStructure(FrontierStructure f) {
  switch (f) {
  case FrontierStructure::BoolArray: return "polyrt::FrontierStructure::BoolArray";
  case FrontierStructure::Bitvector: return "polyrt::FrontierStructure::Bitvector";
  case FrontierStructure::SparseQueue: return "polyrt::FrontierStructure::SparseQueue";
  case FrontierStructure::Adaptive: return "polyrt::FrontierStructure::Adaptive";
  }
  llvm_unreachable("a frontier structure without a spelling");
}

const char *polyc::stealingMethod(WorkStealing w) {
  switch (w) {
  case WorkStealing::None: return "polyrt::WorkStealing::None";
  case WorkStealing::IntraNode: return "polyrt::WorkStealing::IntraNode";
  case WorkStealing::MiniChunk: return "polyrt::WorkStealing::MiniChunk";
  case WorkStealing::InterNode: return "polyrt::WorkStealing::InterNode";
  }
  llvm_unreachable("a work-stealing method without a spelling");
}

std::string VariantWriter::inFrontier(const std::string &vertex) const {
  if (v.input == FrontierRepr::Bitvector)
    return "polyrt::bitIsSet(inFrontier, " + vertex + ")";
  return "inFrontier[" + vertex + "]";
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
    std::string capacity = nest.capacity == OutputCapacity::Vertices        ? n
                           : nest.capacity == OutputCapacity::FrontierEdges ? "polyrt::frontierWork(frontier, g)"
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
          std::string(walksAgents(nest.owners()) ? "polyrt::accounting::countAgent("
                                                                : "polyrt::accounting::countOwner(") +
              "accountId, accountNode, accountOwners, " + owner + ", " +
              degree + ", " + (t.edges->type.isWeightedEdgeSet() ? "1" : "0") + ", " +
              perVisit(m.ownerReads, m.ownerReadsPerEdge) + ", " +
              perVisit(m.ownerWrites, m.ownerWritesPerEdge) + ");"};
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
  // (A target resting at a constant, or kept as a sum, is never read or written,
  // unless a mirror overlap stores its first loop's part there and resets it.)
  bool resets = false;
  v.nest.forEach([&](const LoopOp &op) { resets |= op.fold == FoldRegister::Reset; });
  if ((!v.accumulation->restingValue && !v.accumulation->addsToSum) || resets)
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
}

std::string VariantWriter::foldType() const { return cppType(v.accumulation->fold->target->type); }

std::string VariantWriter::weightType() const {
  return t.edges->type.isWeightedEdgeSet() ? cppType(*t.edges->type.value) : "polyrt::NoWeight";
}

void VariantWriter::lines(const std::vector<std::string> &body, const std::string &pad) {
  for (const std::string &line : body)
    os << pad << line << "\n";
}

void VariantWriter::emitEdgeArrays(const std::string &pad) {
  const char *side = push ? "out" : "in";
  os << pad << "const polyrt::EdgeOffset *offsets = g." << side << "Offsets();\n"
     << pad << "const polyrt::VertexId *neighbors = g." << side << "Neighbors();\n";
  if (t.edges->type.isWeightedEdgeSet())
    os << pad << "const " << cppType(*t.edges->type.value) << " *weights = g." << side
       << "Weights();\n";
}

void VariantWriter::emitBody(const std::string &applied) {
  apply = applied;
  if (!push)
    os << "  g.buildInEdges(); // the CSC is built once, on first use\n";
  if (nest.declaresEdgeArrays)
    emitEdgeArrays("  ");
  if (nest.readsInput) {
    if (v.input == FrontierRepr::SparseQueue)
      os << "  const polyrt::IdList &sources = frontier.sparse();\n";
    else if (v.input == FrontierRepr::BoolArray)
      os << "  const uint8_t *inFrontier = frontier.dense();\n";
    else if (v.input == FrontierRepr::Bitvector)
      os << "  const uint64_t *inFrontier = frontier.bits();\n";
  }
  emitOutputBuilder();
  bool catches = false;
  nest.forEach([&](const LoopOp &op) { catches |= op.catchesErrors; });
  if (catches)
    os << kTaskErrorsDeclaration;
  // An int sum is summed in 64 bits, which the threads' partial sums cannot
  // overflow, and checked once when it is added to the int.
  const bool sums = v.accumulation && v.accumulation->addsToSum;
  const bool wideSum = sums && CppEmitter::checksOverflow(v.accumulation->fold->target->type);
  if (sums)
    os << "  " << (wideSum ? "int64_t" : foldType())
       << " sumOfFolds = 0; // added to " << summedName(foldedVector(*v.accumulation))
       << " after the walk\n";

  // Before the owner loop: its accounting (the NUMA loops set theirs up
  // after they partition) and its test of the frontier's size.
  bool ownersPrepared = false;
  for (const LoopOp &op : nest.ops) {
    if (op.kind != LoopOp::SourceValues && !ownersPrepared) {
      const LoopOp &owners = nest.owners();
      if (owners.shape != LoopShape::NodeChunks)
        lines(accountSetup("polyrt::accounting::defaultOwnership(g.numVertices())", ""), "  ");
      if (owners.serialWhenSmall)
        os << "  const bool parallel = polyrt::frontierWorkExceeds(frontier, g, "
              "polyrt::kSerialWork);\n";
      ownersPrepared = true;
    }
    declareLoopConstants(op, "  ");
    printOp(op, "  ");
  }
  lines(afterLoops, "  ");
  if (sums)
    os << "  "
       << (wideSum ? "polyrt::addWide(" + summedName(foldedVector(*v.accumulation)) +
                         ", sumOfFolds, \"" + emitter.sourcePlace(v.accumulation->fold->loc) +
                         "\");"
                   : summedName(foldedVector(*v.accumulation)) + " += sumOfFolds;")
       << "\n";
  if (catches)
    os << "  taskErrors.rethrow();\n";
  if (t.producesFrontier())
    os << "  return next.finish();\n";
}

void CppEmitter::emitEdgeVariant(const EdgeTraversalExpr &t, const VariantPlan &v,
                                 const std::string &name) {
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
  if (module.distribution && module.distribution->accountMessages)
    os << "  polyrt::dist::noteMode(\"" << traversalName(t) << "\", \""
       << (v.isPush() ? "sparse" : "dense") << "\"); // --account-messages\n";
  writer.afterLoops = deferredFinish(t, v);
  writer.emitBody(apply);
  os << "}\n\n";
}
