//===- node_subgraphs.h - A traversal's edges split by NUMA node --------===//
//
// The one structure behind GraphIt's NUMA subgraphs, Polymer's per-node
// agent graph and Gemini's per-partition compressed indices: the edges of a
// traversal split by the node that owns one endpoint, grouped by the other
// endpoint, listing only the vertices that have such edges.
//
//   Pull  node k's part: the in-edges whose SOURCE node k owns, grouped by
//         destination (a doubly compressed CSC: a node walks the
//         destinations it reaches, not all |V| offsets)
//   Push  node k's part: the out-edges whose DESTINATION node k owns,
//         grouped by source
//
// Each part's arrays live in that node's memory (NodeBlock). A part lists
// vertices in increasing order, each with its edges in the CSC's (CSR's)
// order. Agents (a later pass) are the listed vertices another node owns:
// position i of `vertices` with its edge range offsets[i] .. offsets[i+1]
// is all an agent needs, so they need no second copy.
//
// When a node walks the vertices it owns instead (the owner form), the
// graph's own CSC (CSR) slice is its part: nothing is built.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_NODE_SUBGRAPHS_H
#define POLYRT_NODE_SUBGRAPHS_H

#include "polyrt/graph.h"
#include "polyrt/numa_memory.h"
#include "polyrt/numa_partition.h"
#include "polyrt/segmented_graph.h"

#include <algorithm>
#include <vector>

namespace polyrt {

template <typename W> struct NodeSubgraph {
  NodeBlock<VertexId> vertices;  // the grouped-by endpoints, increasing
  NodeBlock<EdgeOffset> offsets; // vertices.size() + 1 entries
  NodeBlock<VertexId> neighbors; // the split endpoints
  NodeBlock<W> weights;          // empty if unweighted
  int64_t numVertices() const { return vertices.size(); }
  EdgeOffset numEdges() const { return neighbors.size(); }
  /// v's position in `vertices`, or -1 when the part holds none of its
  /// edges: how a sparse frontier finds its agents without a |V| index.
  int64_t find(VertexId v) const {
    const VertexId *first = vertices.data(), *last = first + vertices.size();
    const VertexId *at = std::lower_bound(first, last, v);
    return at != last && *at == v ? at - first : -1;
  }
};

/// Each node's part may be cut further by the split endpoint into
/// segmentsPerNode segments (cache blocking inside a node: GraphIt's
/// configApplyNumSSG with configApplyNUMA): parts[k * segmentsPerNode + s]
/// is node k's segment s, segments in increasing order of their range.
template <typename W> struct NodeSubgraphs {
  Partition partition;
  int64_t segmentsPerNode = 1;
  std::vector<NodeSubgraph<W>> parts;
  int nodeOf(size_t part) const { return static_cast<int>(part / segmentsPerNode); }
};

enum class SubgraphSide { Pull, Push };

/// g's edges split by p's nodes (see above), each node's split-endpoint
/// range cut into segmentsPerNode segments of equal vertex counts
/// (SegmentSplit::VertexCount) or, for a pull, of equal out-edges of the
/// sources (EdgeCount; a push splits by vertices). Built in parallel on
/// first use and cached, keyed by the graph (address, sizes, arrays), the
/// partition's bounds, the side and the segments; calls must come from
/// serial code. Pull calls g.buildInEdges(). The cache keeps the four most
/// recently used; a reference stays valid until its entry is dropped. For
/// an undirected graph a node's pull part and push part are the same edges
/// (its in-edges are its out-edges), so both sides share one copy.
/// Throws Error for segmentsPerNode < 1.
template <typename W>
const NodeSubgraphs<W> &nodeSubgraphs(Graph<W> &g, const Partition &p, SubgraphSide side,
                                      int64_t segmentsPerNode = 1,
                                      SegmentSplit how = SegmentSplit::VertexCount);
/// The same (one segment per node), built, if not cached, from g's arrays
/// whose pages are handed back to the system as they are copied, so that
/// g's edges and the parts are never both whole in memory: for
/// placeEdgesOnNodes (edge_placement.h), which releases g's neighbours
/// right after and reads them no more. g's edges read as zeros afterwards.
template <typename W>
const NodeSubgraphs<W> &nodeSubgraphsConsumingEdges(Graph<W> &g, const Partition &p,
                                                    SubgraphSide side);
/// Keeps the subgraphs of g built so far until forgetNodeSubgraphs(g): for
/// a graph whose own edges are released afterwards.
template <typename W> void pinNodeSubgraphs(const Graph<W> &g);
/// Drops the cached subgraphs of g.
template <typename W> void forgetNodeSubgraphs(const Graph<W> &g);

} // namespace polyrt

#endif
