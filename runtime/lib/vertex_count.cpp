//===- vertex_count.cpp - Vertex counts the edges justify --------------===//
#include "detail/vertex_count.h"

#include "detail/environment.h"
#include "detail/file.h"

namespace polyrt::detail {

void checkVertexCountJustified(const std::string &path, int64_t numVertices, int64_t numEdges,
                               const std::string &claim) {
  if (numVertices <= 2 * numEdges + kIsolatedVertexSlack)
    return;
  if (environmentSwitch("POLYRT_ALLOW_ISOLATED_VERTICES"))
    return;
  std::string edges = numEdges == 1 ? "its 1 edge touches" : "its " + std::to_string(numEdges) +
                                                                 " edges touch";
  fileError(path, claim + ", so the graph would have " + std::to_string(numVertices) +
                      " vertices, but " + edges + " at most " + std::to_string(2 * numEdges) +
                      ": polyrt refuses to allocate for that many isolated vertices (set "
                      "POLYRT_ALLOW_ISOLATED_VERTICES=1 if they are meant)");
}

} // namespace polyrt::detail
