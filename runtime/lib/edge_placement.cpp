//===- edge_placement.cpp - A graph's edges moved to its NUMA nodes -----===//
#include "polyrt/edge_placement.h"

#include "polyrt/numa.h"
#include "polyrt/numa_loop.h"
#include "polyrt/program.h"
#include "polyrt/timer.h"

#include <iostream>

namespace polyrt {

template <typename W> void placeEdgesOnNodes(Graph<W> &g, const std::vector<AgentParts> &parts) {
  const int nodes = topology().nodes;
  if (nodes == 1 || g.neighborsReleased())
    return;
  // Every partition first: a push's is balanced on in-degrees, which builds
  // the CSC from the CSR before any split consumes the CSR. Requests that
  // name the same split once (an undirected graph's pull and push parts
  // are the same edges) are built once.
  struct Split {
    SubgraphSide side;
    Partition partition;
  };
  std::vector<Split> splits;
  for (const AgentParts &request : parts) {
    // The partition NumaOwnerLoop::prepareAgents makes, so that its lookup
    // finds these parts.
    Partition p = partitionVertices(g.numVertices(), agentBalancedOffsets(g, request.side), nodes,
                                    request.how, request.alpha);
    if (request.side == SubgraphSide::Pull)
      g.buildInEdges();
    SubgraphSide side = g.directed() ? request.side : SubgraphSide::Push;
    bool known = false;
    for (const Split &s : splits)
      known = known || (s.side == side && s.partition.bounds == p.bounds);
    if (!known)
      splits.push_back({side, std::move(p)});
  }
  // The last split reading the CSR (pushing) or the CSC (pulling) consumes
  // it, so that it and the parts are never both whole in memory.
  const bool report = verbose();
  EdgeOffset copied = 0;
  int64_t listed = 0, agents = 0; // vertices in the parts' lists; those another node owns
  for (size_t i = 0; i < splits.size(); ++i) {
    bool lastReader = true;
    for (size_t j = i + 1; j < splits.size(); ++j)
      lastReader = lastReader && splits[j].side != splits[i].side;
    const NodeSubgraphs<W> &split =
        lastReader ? nodeSubgraphsConsumingEdges(g, splits[i].partition, splits[i].side)
                   : nodeSubgraphs(g, splits[i].partition, splits[i].side);
    // Counted for the report only: a lookup per listed vertex.
    for (size_t k = 0; report && k < split.parts.size(); ++k) {
      const NodeSubgraph<W> &part = split.parts[k];
      copied += part.numEdges();
      listed += part.numVertices();
      const int node = split.nodeOf(k);
      for (int64_t j = 0; j < part.numVertices(); ++j)
        agents += split.partition.ownerOf(part.vertices[j]) != node;
    }
  }
  pinNodeSubgraphs(g);
  g.releaseNeighbors();
  if (report) {
    // Each listed vertex costs its id and its offset.
    const double mib = 1024.0 * 1024.0, perListed = sizeof(VertexId) + sizeof(EdgeOffset);
    std::cerr << "polyrt: the graph's " << g.numEdges() << " edges placed on " << nodes
              << " nodes (" << copied << " in the agents' parts); its own neighbour arrays "
              << "released\n"
              << "polyrt:   lists: " << listed << " vertices, " << agents << " of them agents; "
              << listed * perListed / mib << " MiB, agents " << agents * perListed / mib
              << " MiB\n";
  }
}

template <typename W> void buildMergeParts(Graph<W> &g, const std::vector<MergeParts> &parts) {
  const int nodes = topology().nodes;
  if (nodes == 1 || parts.empty())
    return;
  const double start = now();
  g.buildInEdges();
  for (const MergeParts &request : parts) {
    if (request.segments < 1)
      throw Error("the number of segments must be at least 1, not " +
                  std::to_string(request.segments));
    // The partition and the segments per node NumaMerge::prepare makes, so
    // that its lookup finds these parts.
    Partition p = partitionWithin(g.numVertices(), request.first, request.last, g.inOffsets(),
                                  nodes, request.how, request.alpha);
    const int64_t perNode = (request.segments + p.nodes() - 1) / p.nodes();
    nodeSubgraphs(g, p, SubgraphSide::Pull, perNode, request.split);
  }
  pinNodeSubgraphs(g);
  addLoadSeconds(now() - start);
}

#define POLYRT_INSTANTIATE(W)                                                                  \
  template void placeEdgesOnNodes<W>(Graph<W> &, const std::vector<AgentParts> &);            \
  template void buildMergeParts<W>(Graph<W> &, const std::vector<MergeParts> &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
