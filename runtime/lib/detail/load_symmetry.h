//===- load_symmetry.h - Undirected at load (internal) ----------*- C++ -*-===//
//
// An undirected edge list (NetworkX's write_edgelist, SNAP's undirected
// files) lists each edge once; loaded directed, it gives wrong answers without
// a word. POLYRT_SYMMETRIZE says how a loaded graph is taken: auto (a text
// edge list whose header says "Undirected graph" is symmetrized, as SNAP's
// files say), 1 (every directed graph loaded is), 0 (none is). It is an
// environment setting, not a flag, so that a program's argv keeps its numbering.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_DETAIL_LOAD_SYMMETRY_H
#define POLYRT_DETAIL_LOAD_SYMMETRY_H

#include "polyrt/graph.h"

namespace polyrt::detail {

enum class LoadSymmetry { Auto, On, Off };

/// POLYRT_SYMMETRIZE=auto|1|0 (an Error for anything else).
LoadSymmetry loadSymmetrySetting();

/// Whether a graph that its file calls undirected (fileSaysUndirected) or
/// not is to be symmetrized, by the setting.
bool symmetrizeAtLoad(bool fileSaysUndirected);

/// g with every edge stored both ways (a self-loop once), undirected.
template <typename W> Graph<W> symmetrizedGraph(const Graph<W> &g);

} // namespace polyrt::detail

#endif
