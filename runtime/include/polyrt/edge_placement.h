//===- edge_placement.h - A graph's edges moved to its NUMA nodes -------===//
//
// When every traversal of an edgeset walks agents (configApplyAgents on all
// of them, decided by polyc's edge-placement pass), at more than one node
// the program never reads the graph's own neighbour arrays: each node walks
// its part of the edges (node_subgraphs.h). Polymer and Gemini build those
// parts when the graph is loaded and keep no second copy; so does this:
//
//   polyrt::placeEdgesOnNodes(edges, {{polyrt::SubgraphSide::Pull,
//                                      polyrt::PartitionStrategy::EdgeBalanced, -1}});
//
// builds each listed traversal's parts at load (outside the timed region)
// and then frees the graph's neighbour and weight arrays, keeping the
// offsets (degrees). On one node (none emulated) the one-node loops read
// the graph itself: nothing is built or freed.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_EDGE_PLACEMENT_H
#define POLYRT_EDGE_PLACEMENT_H

#include "polyrt/graph.h"
#include "polyrt/node_subgraphs.h"
#include "polyrt/numa_partition.h"
#include "polyrt/segmented_graph.h"

#include <vector>

namespace polyrt {

/// The agents of one traversal variant: what its prepareAgents call names.
struct AgentParts {
  SubgraphSide side;
  PartitionStrategy how;
  double alpha; // < 0: the strategy's default
};

template <typename W> void placeEdgesOnNodes(Graph<W> &g, const std::vector<AgentParts> &parts);

/// The NUMA merge form of one traversal variant: what its NumaMerge::prepare
/// names (configApplyNUMA on a pull that folds, with configApplyNumSSG's
/// segments).
struct MergeParts {
  PartitionStrategy how;
  double alpha; // < 0: the strategy's default
  int64_t segments = 1;
  SegmentSplit split = SegmentSplit::VertexCount;
  /// The vertices the form walks (NumaMerge::ownVertices): an MPI rank's; last < 0 is n.
  VertexId first = 0, last = -1;
};

/// Builds, at load, the node parts every listed merge form walks (its
/// prepare then finds them cached) and keeps them, so that the timed region
/// builds none; the graph keeps its own edges, which other loops read. The
/// time counts as loading (POLYRT_REPORT_TIME). Nothing on one node (none
/// emulated): the one-node loops read the graph itself.
template <typename W> void buildMergeParts(Graph<W> &g, const std::vector<MergeParts> &parts);

} // namespace polyrt

#endif
