//===- io_detail.h - Per-format loaders and writers (internal) ----------===//
#ifndef POLYRT_DETAIL_IO_DETAIL_H
#define POLYRT_DETAIL_IO_DETAIL_H

#include "polyrt/graph.h"

#include <string>

namespace polyrt::detail {

/// .el (weighted=false) or .wel (weighted=true).
template <typename W> Graph<W> loadEdgeListText(const std::string &path, bool weighted);
/// .mtx (Matrix Market coordinate).
template <typename W> Graph<W> loadMatrixMarket(const std::string &path);
/// .sg (weighted=false) or .wsg (weighted=true).
template <typename W> Graph<W> loadSerialized(const std::string &path, bool weighted);
/// Ligra's AdjacencyGraph / WeightedAdjacencyGraph (.adj, or no extension).
template <typename W> Graph<W> loadAdjacencyGraph(const std::string &path);
/// Whether the file starts as an adjacency graph does.
bool isAdjacencyGraph(const std::string &path);

} // namespace polyrt::detail

#endif
