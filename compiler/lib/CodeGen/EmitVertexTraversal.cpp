//===- EmitVertexTraversal.cpp - set.apply(f) and set.filter(f) ----------===//
//
// A vertex traversal walks the set in whichever form it already has (a list
// of ids, or one flag per vertex), so it never pays for a conversion; a dense
// set of every vertex (a program's `vertices`) is walked without reading its
// flags. A list is walked in its own order, which serial functions see.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"

using namespace polyc;

std::string polyc::parallelForPragma(const LoopPlan &loop, const std::string &grain) {
  switch (loop.parallelization) {
  case Parallelization::Serial: return "";
  case Parallelization::StaticVertex: return "#pragma omp parallel for schedule(static)\n";
  default: return "#pragma omp parallel for schedule(dynamic, " + grain + ")\n";
  }
}

void CppEmitter::emitVertexTraversal(const VertexTraversalExpr &t) {
  if (t.fusedInto)
    return; // its pull loop runs it (EmitEdgeVariant.cpp)
  bool filter = t.op == VertexTraversalExpr::Filter;
  std::string f = appliedFunction(*t.func, t.writes, /*tracksChanges=*/false, traversalName(t));
  std::string visit = filter ? "if (" + f + "(v))\n        next.add(v);" : f + "(v);";
  std::string grain = scheduleNumber(t.loop.grain, "the grain size of '" + t.label + "'");
  // A grain read from argv is read before any parallel region, where an
  // error can still unwind to runMain's message.
  std::string readGrain;
  if (t.loop.grain.fromArgv() && t.loop.parallelization == Parallelization::DynamicVertex) {
    readGrain = "  const int64_t grain = " + grain + ";\n";
    grain = "grain";
  }
  std::string pragma = parallelForPragma(t.loop, grain);
  if (!pragma.empty())
    pragma = "    " + pragma;

  // A short list is walked by one thread (see polyrt::kSerialWork).
  std::string listPragma = pragma;
  if (t.serialWhenSmall)
    listPragma.insert(listPragma.size() - 1,
                      " if (static_cast<int64_t>(members.size()) > polyrt::kSerialWork)");

  os << "// " << traversalName(t) << ": " << t.source << "\n"
     << "// " << spelling(t.loop.parallelization) << "\n"
     << "static " << (filter ? "polyrt::VertexSubset " : "void ") << traversalName(t)
     << "(polyrt::VertexSubset &set) {\n";
  os << readGrain;
  if (filter)
    os << "  polyrt::DenseFrontierBuilder next(set.universe());\n";
  // Every vertex (a program's `vertices`): no list to read, no test per vertex.
  // The counter is a vertex id itself (ids fit 32 bits): indexing is then
  // affine in it, where a 64-bit counter narrowed at each step is not, and
  // the C++ compiler vectorizes an apply that allows it (PageRank's
  // contributions: half the time on a 1024x1024 grid).
  os << "  if (!set.hasSparse() && set.size() == set.universe()) {\n"
     << "    const polyrt::VertexId universe = static_cast<polyrt::VertexId>(set.universe());\n"
     << pragma
     << "    for (polyrt::VertexId v = 0; v < universe; ++v) {\n"
     << "      " << visit << "\n"
     << "    }\n"
     << "  } else if (set.hasSparse()) {\n"
     << "    const polyrt::IdList &members = set.sparse();\n"
     << listPragma
     << "    for (int64_t i = 0; i < static_cast<int64_t>(members.size()); ++i) {\n"
     << "      const polyrt::VertexId v = members[i];\n"
     << "      " << visit << "\n"
     << "    }\n"
     << "  } else {\n"
     << "    const uint8_t *member = set.dense();\n"
     << "    const polyrt::VertexId universe = static_cast<polyrt::VertexId>(set.universe());\n"
     << pragma
     << "    for (polyrt::VertexId v = 0; v < universe; ++v) {\n"
     << "      if (member[v])\n"
     << "        " << (filter ? "if (" + f + "(v))\n          next.add(v);" : f + "(v);") << "\n"
     << "    }\n"
     << "  }\n";
  if (filter)
    os << "  return next.finish();\n";
  os << "}\n\n";
}
