//===- EmitEdgeTraversal.cpp - One function per scheduled edge traversal --===//
//
// A traversal labelled s1 becomes `s1(g[, frontier])`. A hybrid direction
// becomes one function per variant (s1_sparse_push, s1_dense_pull) plus the
// s1 that picks one per call on the frontier's size. The loops themselves
// are written by EmitEdgeVariant.cpp.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"

#include "llvm/ADT/StringExtras.h"

using namespace polyc;

std::string CppEmitter::appliedFunction(const FuncDecl &func, const std::vector<WriteInfo> &writes,
                                        bool tracksChanges, const std::string &traversalName,
                                        const std::vector<const VarDecl *> &replicaReads) {
  bool needsAtomics = llvm::any_of(writes, [](const WriteInfo &w) {
    return w.sync == WriteSync::Atomic;
  });
  if (!tracksChanges && !needsAtomics && replicaReads.empty())
    return cppFunctionName(func);
  FunctionContext ctx;
  ctx.func = &func;
  ctx.tracksChanges = tracksChanges;
  if (!replicaReads.empty())
    ctx.replicaReads = &replicaReads;
  for (const WriteInfo &w : writes)
    ctx.writes[w.stmt] = w;
  std::string specialisedName = traversalName + "_" + func.name;
  std::vector<std::string> how;
  if (needsAtomics)
    how.push_back("writes other threads may share are atomic");
  if (tracksChanges)
    how.push_back("reports whether the tracked vector changed");
  if (!replicaReads.empty()) {
    std::vector<std::string> names;
    for (const VarDecl *vector : replicaReads)
      names.push_back(vector->name);
    how.push_back("reads " + llvm::join(names, ", ") + " from its node's replica");
  }
  os << "// " << func.name << " as " << traversalName << " applies it: " << llvm::join(how, "; ")
     << ".\n";
  emitFunction(func, specialisedName, ctx);
  return specialisedName;
}

std::string CppEmitter::traversalSignature(const EdgeTraversalExpr &t, const std::string &name) {
  std::string result = t.producesFrontier() ? "polyrt::VertexSubset" : "void";
  std::string params = cppType(t.edges->type) + " &g";
  if (t.from)
    params += ", polyrt::VertexSubset &frontier";
  return "static " + result + " " + name + "(" + params + ")";
}

std::string polyc::scheduleNumber(const ScheduleNumber &n, const std::string &what) {
  if (!n.fromArgv())
    return std::to_string(n.value);
  return "polyrt::scheduleArgument(" + std::to_string(n.argvIndex) + ", \"" + what + "\")";
}

namespace {

const char *variantSuffix(Variant v) {
  switch (v) {
  case Variant::SparsePush: return "_sparse_push";
  case Variant::DensePush: return "_dense_push";
  case Variant::DensePull: return "_dense_pull";
  }
  return "";
}

} // namespace

void CppEmitter::emitEdgeTraversal(const EdgeTraversalExpr &t) {
  os << "// " << t.name << ": " << t.source << "\n"
     << "// " << spelling(t.direction);
  if (t.variants.size() == 1)
    os << ", " << spelling(t.variants.front().loop.parallelization);
  os << "\n";
  if (t.variants.size() == 1) {
    emitEdgeVariant(t, t.variants.front(), t.name);
    return;
  }
  const VariantPlan &sparse = t.variants[0], &dense = t.variants[1];
  std::string sparseName = t.name + variantSuffix(sparse.variant);
  std::string denseName = t.name + variantSuffix(dense.variant);
  emitEdgeVariant(t, sparse, sparseName);
  emitEdgeVariant(t, dense, denseName);
  std::string threshold =
      scheduleNumber(t.hybridThreshold, "the hybrid threshold of '" + t.label + "'");
  os << "// " << spelling(dense.variant) << " once the frontier's out-edges and size exceed |E|/"
     << (t.hybridThreshold.fromArgv() ? "argv[" + std::to_string(t.hybridThreshold.argvIndex) + "]"
                                      : threshold)
     << ".\n"
     << traversalSignature(t, t.name) << " {\n"
     << "  if (polyrt::frontierWorkExceeds(frontier, g, g.numEdges() / " << threshold << "))\n"
     << "    return " << denseName << "(g, frontier);\n"
     << "  return " << sparseName << "(g, frontier);\n"
     << "}\n\n";
}
