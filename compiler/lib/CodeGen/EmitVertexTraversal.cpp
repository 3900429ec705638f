//===- EmitVertexTraversal.cpp - set.apply(f) and set.filter(f) ----------===//
//
// A vertex traversal walks the set in whichever form it already has (a list
// of ids, or one flag per vertex), so it never pays for a conversion; a dense
// set of every vertex (a program's `vertices`) is walked without reading its
// flags. A list is walked in its own order, which serial functions see.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"

#include "llvm/ADT/StringExtras.h"

using namespace polyc;

std::string polyc::parallelForPragma(const LoopPlan &loop, const std::string &grain,
                                     const std::string &clauses) {
  switch (loop.parallelization) {
  case Parallelization::Serial: return "";
  case Parallelization::StaticVertex:
    return "#pragma omp parallel for schedule(static)" + clauses + "\n";
  default: return "#pragma omp parallel for schedule(dynamic, " + grain + ")" + clauses + "\n";
  }
}

void CppEmitter::emitVertexTraversal(const VertexTraversalExpr &t) {
  if (t.fusedInto)
    return; // its pull loop runs it (EmitEdgeVariant.cpp)
  bool filter = t.op == VertexTraversalExpr::Filter;
  std::string f = appliedFunction(*t.func, t.writes, /*tracksChanges=*/false, traversalName(t));
  std::vector<std::string> visitLines;
  if (filter)
    visitLines = {"if (" + f + "(v))", "  next.add(v);"};
  else
    visitLines = {f + "(v);"};
  if (t.catchesErrors) // (the library-errors pass)
    visitLines = catchingTaskErrors(visitLines);
  // configDistribution: the rank visits its own vertices, a range, or a
  // list under hash and metis, walked by index, so that a chunk strategy's
  // loop stays the one the C++ compiler vectorizes; a sparse set's members
  // are tested (the distribution pass).
  const bool listed = t.ownedVertices && t.listedOwners;
  const std::string first = t.ownedVertices ? "first" : "0";
  const std::string range =
      listed ? std::string("    const polyrt::dist::EdgesPart::OwnedVertices owned = ") +
                   kRankPart + ".owned(); // this rank's vertices\n"
      : t.ownedVertices
          ? std::string("    const polyrt::VertexId first = ") + kRankPart +
                ".firstOwned(), universe = " + kRankPart + ".ownedLimit();" +
                " // this rank's vertices\n"
          : "    const polyrt::VertexId universe = static_cast<polyrt::VertexId>(set.universe());\n";
  // The loop header over those vertices, and (listed) the line naming v.
  const std::string header =
      listed ? "    for (int64_t i = 0; i < owned.count; ++i) {\n"
               "      const polyrt::VertexId v = owned.list[i];\n"
             : "    for (polyrt::VertexId v = " + first + "; v < universe; ++v) {\n";
  std::vector<std::string> memberLines = visitLines;
  if (t.ownedVertices) {
    for (std::string &line : memberLines)
      line = "  " + line;
    memberLines.insert(memberLines.begin(), std::string("if (") + kRankPart + ".owns(v))");
  }
  // One vertex's visit, its first line to follow `pad` and the others at it.
  auto visitAt = [&](const std::string &pad) { return llvm::join(visitLines, "\n" + pad); };
  std::string visit = visitAt("      ");
  std::string grain = scheduleNumber(t.loop.grain, "the grain size of '" + t.label + "'");
  // A grain read from argv is read before any parallel region, where an
  // error can still unwind to runMain's message.
  std::string readGrain;
  if (t.loop.grain.fromArgv() && t.loop.parallelization == Parallelization::DynamicVertex) {
    readGrain = "  const int64_t grain = " + grain + ";\n";
    grain = "grain";
  }
  // The pragma of each loop, at its indent: a short list is walked by one
  // thread (see polyrt::kSerialWork).
  auto pragmaAt = [&](const std::string &pad, const std::string &clauses = "") {
    std::string pragma = parallelForPragma(t.loop, grain, clauses);
    return pragma.empty() ? pragma : pad + pragma;
  };
  std::string pragma = pragmaAt("    ");
  std::string listPragma = pragmaAt(
      "    ", t.serialWhenSmall ? " if (static_cast<int64_t>(members.size()) > polyrt::kSerialWork)"
                              : "");

  os << "// " << traversalName(t) << ": " << t.source << "\n"
     << "// " << spelling(t.loop.parallelization) << "\n"
     << "static " << (filter ? "polyrt::VertexSubset " : "void ") << traversalName(t)
     << "(polyrt::VertexSubset &set) {\n";
  os << readGrain;
  if (filter)
    os << "  polyrt::DenseFrontierBuilder next(set.universe());\n";
  if (t.catchesErrors)
    os << kTaskErrorsDeclaration;
  // Every vertex (a program's `vertices`): no list to read, no test per vertex.
  // The counter is a vertex id itself (ids fit 32 bits): indexing is then
  // affine in it, where a 64-bit counter narrowed at each step is not, and
  // the C++ compiler vectorizes an apply that allows it (PageRank's
  // contributions: half the time on a 1024x1024 grid).
  os << "  if (!set.hasSparse() && set.size() == set.universe()) {\n" << range;
  if (t.prefetchedNeighborValue)
    emitEveryVertexPrefetching(t, *t.prefetchedNeighborValue, pragmaAt("      "),
                               pragmaAt("      ", " firstprivate(neighborValue)"), visitAt("        "));
  else
    os << pragma << header
       << "      " << visit << "\n"
       << "    }\n";
  os << "  } else if (set.hasSparse()) {\n"
     << "    const polyrt::IdList &members = set.sparse();\n"
     << listPragma
     << "    for (int64_t i = 0; i < static_cast<int64_t>(members.size()); ++i) {\n"
     << "      const polyrt::VertexId v = members[i];\n"
     << "      " << llvm::join(memberLines, "\n      ") << "\n"
     << "    }\n"
     << "  } else {\n"
     << "    const uint8_t *member = set.dense();\n"
     << range
     << pragma << header
     << "      if (member[v])\n"
     << "        " << visitAt("        ") << "\n"
     << "    }\n"
     << "  }\n";
  if (t.catchesErrors)
    os << "  taskErrors.rethrow();\n";
  if (filter)
    os << "  return next.finish();\n";
  os << "}\n\n";
}

// The loop over every vertex in two copies: one prefetching the value its
// function reads through a neighbour, for the vertex a few ahead, and one
// without, which runs where polyrt finds the neighbours near their vertices
// (a per-vertex test would cost the grids it is for).
// The prefetching copy's pragma gives each thread its own copy of the
// prefetcher: a shared one is read through a pointer after every atomic
// update the function makes (Afforest's links), which loses the gain
// (docs/benchmark-log/2026-11-29-1230-afforest-neighbor-prefetch-graphit.md).
void CppEmitter::emitEveryVertexPrefetching(const VertexTraversalExpr &t,
                                            const NeighborValueRead &read,
                                            const std::string &inner,
                                            const std::string &prefetchingPragma,
                                            const std::string &body) {
  os << "    // " << read.values->name << "[" << t.func->name
     << "'s neighbour]: prefetched ahead where the neighbours lie far apart\n"
     << "    const polyrt::NeighborValuePrefetch neighborValue(" << expr(*read.neighbor->receiver)
     << ", " << expr(*read.neighbor->args[1]) << ", " << cppName(read.values->name)
     << ".data(), \"" << traversalName(t) << "\");\n"
     << "    if (neighborValue.worthIt()) {\n"
     << prefetchingPragma
     << "      for (polyrt::VertexId v = 0; v < universe; ++v) {\n"
     << "        neighborValue.prefetchAhead(v);\n"
     << "        " << body << "\n"
     << "      }\n"
     << "    } else {\n"
     << inner
     << "      for (polyrt::VertexId v = 0; v < universe; ++v) {\n"
     << "        " << body << "\n"
     << "      }\n"
     << "    }\n";
}
