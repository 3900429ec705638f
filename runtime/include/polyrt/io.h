//===- io.h - Reading and writing graph files ---------------------------===//
//
// Formats, chosen by extension:
//   .el   "u v" per line (text), unweighted       .wel  "u v w" per line
//   .sg   GAPBS serialized, unweighted            .wsg  GAPBS serialized, weighted (int32)
// Text formats: '#' and '%' lines are comments; the vertex count is max id+1.
// Every problem (missing file, bad token with its line, negative id, id beyond
// the declared count, truncated binary, more than 2^31-1 vertices, a weighted
// graph requested from an unweighted file) throws polyrt::Error with a message
// that names the file.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_IO_H
#define POLYRT_IO_H

#include "polyrt/edge_list.h"
#include "polyrt/graph.h"

#include <string>

namespace polyrt {

/// Loads a graph. W = NoWeight ignores weights in weighted files.
template <typename W> Graph<W> loadGraph(const std::string &path);

/// Writes .sg (unweighted graph) or .wsg (weights converted to int32).
template <typename W> void writeSerializedGraph(const Graph<W> &g, const std::string &path);

} // namespace polyrt

#endif
