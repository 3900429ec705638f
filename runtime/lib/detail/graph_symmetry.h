//===- graph_symmetry.h - Vouching for a graph's symmetry (internal) ----===//
//
// Graph::outListsSymmetric() lets a triangle count skip its end tests, so
// only code that built the reverse of every edge itself, or checked that the
// file it read holds them, may set it: the setter is a friend kept out of
// the installed headers.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_DETAIL_GRAPH_SYMMETRY_H
#define POLYRT_DETAIL_GRAPH_SYMMETRY_H

#include "polyrt/graph.h"

namespace polyrt::detail {

struct GraphSymmetry {
  /// Records that every out-edge of g has its reverse. Only undirected
  /// graphs are vouched for: a directed one's CSR is not read as both ways.
  template <typename W> static void vouch(Graph<W> &g) { g.outListsSymmetric_ = !g.directed(); }
};

} // namespace polyrt::detail

#endif
