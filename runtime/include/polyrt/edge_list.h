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
/// Weights are converted from int32 to W (ignored for NoWeight). Throws Error
/// for an id outside [0, numVertices). Within a neighbour list, duplicate
/// edges are ordered by weight, so the result is the same for any thread count.
template <typename W>
Graph<W> buildGraph(const EdgeList &edges, VertexId numVertices, bool symmetrize);

/// max id + 1 over both endpoints (0 for no edges): the vertex count the text
/// loaders use.
VertexId countVertices(const EdgeList &edges);

/// Graph500 Kronecker generator (A=0.57, B=0.19, C=0.19), 2^scale vertices,
/// degree*2^scale edges; weights uniform in [1, 255]. Vertex ids are randomly
/// permuted (as GAPBS does) so that high-degree vertices are not clustered.
/// Deterministic per seed whatever the thread count (the edges are drawn in
/// fixed blocks, each with its own random stream). scale in [0, 30], degree
/// >= 0, else Error.
EdgeList generateKronecker(int scale, int degree, uint64_t seed);
/// Uniform random edges (Erdos-Renyi style), same sizes and weights.
EdgeList generateUniform(int scale, int degree, uint64_t seed);
/// A rows x cols 2-D grid; vertex r*cols+c has edges to its right and down
/// neighbours (rows*(cols-1) + (rows-1)*cols edges), weights from the seed.
/// rows, cols >= 1 and rows*cols < 2^31, else Error.
EdgeList generateGrid(VertexId rows, VertexId cols, uint64_t seed);

} // namespace polyrt

#endif
