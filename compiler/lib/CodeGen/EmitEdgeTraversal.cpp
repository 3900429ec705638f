//===- EmitEdgeTraversal.cpp - One function per scheduled edge traversal --===//
//
// A traversal labelled s1 becomes `s1(g[, frontier])`. A hybrid direction
// becomes s1_push and s1_pull plus the s1 that picks one per call. The
// function applied to each edge is called directly when its writes need no
// synchronisation and no change tracking; otherwise a copy specialised for
// this traversal (s1_updateEdge) is emitted just before it.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"

#include "llvm/ADT/StringExtras.h"

using namespace polyc;

std::string CppEmitter::appliedFunction(const FuncDecl &func, const std::vector<WriteInfo> &writes,
                                        bool tracksChanges, const std::string &traversalName) {
  bool needsAtomics = llvm::any_of(writes, [](const WriteInfo &w) {
    return w.sync == WriteSync::Atomic;
  });
  if (!tracksChanges && !needsAtomics)
    return cppFunctionName(func);
  FunctionContext ctx;
  ctx.func = &func;
  ctx.tracksChanges = tracksChanges;
  for (const WriteInfo &w : writes)
    ctx.writes[w.stmt] = w;
  std::string specialisedName = traversalName + "_" + func.name;
  os << "// " << func.name << " as " << traversalName << " applies it"
     << (needsAtomics ? ": writes other threads may share are atomic" : "")
     << (tracksChanges ? (needsAtomics ? "; reports" : ": reports") : "")
     << (tracksChanges ? " whether the tracked vector changed" : "") << ".\n";
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

std::string polyc::parallelForPragma(const TraversalPlan &plan) {
  switch (plan.parallelization) {
  case Parallelization::Serial: return "";
  case Parallelization::StaticVertex: return "#pragma omp parallel for schedule(static)\n";
  default:
    return "#pragma omp parallel for schedule(dynamic, " + std::to_string(plan.grainSize) + ")\n";
  }
}

void CppEmitter::emitEdgeVariant(const EdgeTraversalExpr &t, bool push, const std::string &name) {
  const std::vector<WriteInfo> &writes = push ? t.plan.pushWrites : t.plan.pullWrites;
  std::string apply =
      appliedFunction(*t.applyFunc, writes, t.producesFrontier(), name);
  bool weighted = t.edges->type.isWeightedEdgeSet();
  bool tracked = t.producesFrontier();
  const char *side = push ? "out" : "in";

  os << traversalSignature(t, name) << " {\n";
  if (!push)
    os << "  g.buildInEdges(); // the CSC is built once, on first use\n";
  os << "  const polyrt::EdgeOffset *offsets = g." << side << "Offsets();\n"
     << "  const polyrt::VertexId *neighbors = g." << side << "Neighbors();\n";
  if (weighted)
    os << "  const " << cppType(*t.edges->type.value) << " *weights = g." << side
       << "Weights();\n";
  if (t.from)
    os << (push ? "  const std::vector<polyrt::VertexId> &sources = frontier.sparse();\n"
                : "  const uint8_t *inFrontier = frontier.dense();\n");
  if (tracked)
    os << (push ? "  polyrt::SparseFrontierBuilder next(g.numVertices(), /*dedup=*/" +
                      std::string(t.deduplicate ? "true" : "false") + ");\n"
                : std::string("  polyrt::DenseFrontierBuilder next(g.numVertices());\n"));

  // The outer loop gives each thread whole vertices: sources when pushing,
  // destinations when pulling. That ownership is what lets the update-sync
  // pass keep writes to them plain.
  std::string owner = push ? "src" : "dst", other = push ? "dst" : "src";
  os << parallelForPragma(t.plan);
  if (push && t.from)
    os << "  for (int64_t i = 0; i < static_cast<int64_t>(sources.size()); ++i) {\n"
       << "    const polyrt::VertexId src = sources[i];\n";
  else
    os << "  for (int64_t v = 0; v < g.numVertices(); ++v) {\n"
       << "    const polyrt::VertexId " << owner << " = static_cast<polyrt::VertexId>(v);\n";
  if (push && t.srcFilter)
    os << "    if (!" << cppFunctionName(*t.srcFilter) << "(src))\n      continue;\n";
  if (!push && t.toFilter)
    os << "    if (!" << cppFunctionName(*t.toFilter) << "(dst))\n      continue;\n";
  os << "    for (polyrt::EdgeOffset e = offsets[" << owner << "]; e < offsets[" << owner
     << " + 1]; ++e) {\n"
     << "      const polyrt::VertexId " << other << " = neighbors[e];\n";
  if (!push && t.from)
    os << "      if (!inFrontier[src])\n        continue;\n";
  if (!push && t.srcFilter)
    os << "      if (!" << cppFunctionName(*t.srcFilter) << "(src))\n        continue;\n";
  if (push && t.toFilter)
    os << "      if (!" << cppFunctionName(*t.toFilter) << "(dst))\n        continue;\n";
  std::string args = weighted ? "src, dst, weights[e]" : "src, dst";

  // When pulling, a destination's filter can only change through this
  // thread's own updates, so it is re-tested after each one.
  std::string recheck =
      !push && t.toFilter ? "!" + cppFunctionName(*t.toFilter) + "(dst)" : std::string();
  if (!push && t.earlyExit)
    recheck = "true";
  if (tracked) {
    os << "      if (" << apply << "(" << args << ")) {\n"
       << "        next.add(dst);\n";
    if (!recheck.empty())
      os << (recheck == "true" ? "        break; // applyModified's early exit\n"
                               : "        if (" + recheck + ")\n          break;\n");
    os << "      }\n";
  } else {
    os << "      " << apply << "(" << args << ");\n";
    if (!recheck.empty())
      os << "      if (" << recheck << ")\n        break;\n";
  }
  os << "    }\n  }\n";
  if (tracked)
    os << "  return next.finish();\n";
  os << "}\n\n";
}

void CppEmitter::emitEdgeTraversal(const EdgeTraversalExpr &t) {
  os << "// " << t.name << ": " << t.source << "\n"
     << "// " << spelling(t.direction) << ", " << spelling(t.plan.parallelization) << "\n";
  if (!t.isHybrid()) {
    emitEdgeVariant(t, t.usesPush(), t.name);
    return;
  }
  emitEdgeVariant(t, /*push=*/true, t.name + "_push");
  emitEdgeVariant(t, /*push=*/false, t.name + "_pull");
  std::string args = t.from ? "g, frontier" : "g";
  os << "// Pull once the frontier's out-edges are more than |E|/20.\n"
     << traversalSignature(t, t.name) << " {\n"
     << "  if (polyrt::frontierWork(frontier, g) > g.numEdges() / 20)\n"
     << "    return " << t.name << "_pull(" << args << ");\n"
     << "  return " << t.name << "_push(" << args << ");\n"
     << "}\n\n";
}
