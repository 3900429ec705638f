//===- edge_list.h - Edge lists, CSR building and generators ------------===//
#ifndef POLYRT_EDGE_LIST_H
#define POLYRT_EDGE_LIST_H

#include "polyrt/graph.h"

#include <cstdint>
#include <vector>

namespace polyrt {

struct Edge {
  VertexId src, dst;
  int32_t weight; // ignored for unweighted graphs
};
using EdgeList = std::vector<Edge>;

/// Builds a CSR keeping every edge as given (self-loops and duplicates
/// included). symmetrize adds the reverse of every edge and marks the graph
/// undirected. Neighbour lists are sorted by id.
template <typename W>
Graph<W> buildGraph(const EdgeList &edges, VertexId numVertices, bool symmetrize);

/// Graph500 Kronecker generator (A=0.57, B=0.19, C=0.19), 2^scale vertices,
/// degree*2^scale edges; weights uniform in [1, 255]. Deterministic per seed.
EdgeList generateKronecker(int scale, int degree, uint64_t seed);
/// Uniform random edges (Erdos-Renyi style), same sizes and weights.
EdgeList generateUniform(int scale, int degree, uint64_t seed);
/// A rows x cols 2-D grid; edges to the right and down neighbours.
EdgeList generateGrid(VertexId rows, VertexId cols, uint64_t seed);

} // namespace polyrt

#endif
