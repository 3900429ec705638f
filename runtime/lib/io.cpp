//===- io.cpp - Choosing a graph format by extension --------------------===//
#include "polyrt/io.h"

#include "detail/file.h"
#include "detail/io_detail.h"

namespace polyrt {

const char *supportedGraphExtensions() {
  return ".el, .wel, .mtx, .sg, .wsg, .adj (Ligra's AdjacencyGraph, also without extension)";
}

template <typename W> Graph<W> loadGraph(const std::string &path) {
  std::string ext = detail::extensionOf(path);
  bool wantWeights = Graph<W>::kWeighted;
  auto noWeights = [&] {
    detail::fileError(path, "file has no weights, but the program needs a weighted graph "
                            "(use a .wel or .wsg file)");
  };
  if (ext == ".el" || ext == ".sg") {
    if (wantWeights)
      noWeights();
    return ext == ".el" ? detail::loadEdgeListText<W>(path, false)
                        : detail::loadSerialized<W>(path, false);
  }
  if (ext == ".wel")
    return detail::loadEdgeListText<W>(path, true);
  if (ext == ".wsg")
    return detail::loadSerialized<W>(path, true);
  if (ext == ".mtx")
    return detail::loadMatrixMarket<W>(path);
  if (ext == ".adj" || (ext.empty() && detail::isAdjacencyGraph(path)))
    return detail::loadAdjacencyGraph<W>(path);
  detail::fileError(path, (ext.empty() ? std::string("graph file has no extension")
                                       : "unknown graph file extension '" + ext + "'") +
                              " (supported: " + supportedGraphExtensions() + ")");
}

template <typename W> void writeGraph(const Graph<W> &g, const std::string &path) {
  std::string ext = detail::extensionOf(path);
  if (ext == ".sg" || ext == ".wsg")
    return writeSerializedGraph(g, path);
  if (ext == ".el" || ext == ".wel")
    return writeEdgeListText(g, path);
  if (ext == ".ligra")
    return writeLigraBinary(g, path);
  detail::fileError(path, "cannot write graphs with extension '" + ext +
                              "' (supported: .el, .wel, .sg, .wsg, .ligra)");
}

#define POLYRT_INSTANTIATE(W)                                                                \
  template Graph<W> loadGraph<W>(const std::string &);                                      \
  template void writeGraph<W>(const Graph<W> &, const std::string &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
