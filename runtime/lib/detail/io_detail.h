//===- io_detail.h - Per-format loaders and writers (internal) ----------===//
#ifndef POLYRT_DETAIL_IO_DETAIL_H
#define POLYRT_DETAIL_IO_DETAIL_H

#include "polyrt/graph.h"

#include "detail/file.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace polyrt::detail {

/// The field separators of the text formats (a newline ends a line instead).
inline bool isBlank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/// The fields of one line, split at runs of isBlank characters.
std::vector<std::string_view> splitBlanks(std::string_view line);

/// The weight column of a text edge list.
enum class TextWeights {
  None,   // .el: two ids (a NetworkX data column `{...}` is ignored)
  Number, // .wel: a weight, or a data column with a 'weight' key
  Auto,   // .txt, .edgelist, sniffed: as the first edge line has it
};

/// What the comments before an edge list's first edge say (SNAP's header).
struct TextHeader {
  int64_t nodes = -1;     // "# Nodes: N ...": at least N vertices (-1: no such line)
  int64_t nodesLine = 0;  // the line that says so
  bool undirected = false; // "# Undirected graph ..."
};
TextHeader readTextHeader(std::string_view text);

/// A text edge list (.el, .wel, .txt, .edgelist, sniffed).
template <typename W> Graph<W> loadEdgeListText(InFile &in, TextWeights weights);
/// .mtx (Matrix Market coordinate).
template <typename W> Graph<W> loadMatrixMarket(InFile &in);
/// DIMACS shortest-path .gr (`p sp N M`, `a U V W` arcs).
template <typename W> Graph<W> loadDimacs(InFile &in);
/// .sg (weighted=false) or .wsg (weighted=true).
template <typename W> Graph<W> loadSerialized(InFile &in, bool weighted);
/// Ligra's AdjacencyGraph / WeightedAdjacencyGraph (.adj, or sniffed).
template <typename W> Graph<W> loadAdjacencyGraph(InFile &in);

/// Graph file formats, by extension or content.
enum class GraphFormat {
  Unknown,
  EdgeList,         // .el
  WeightedEdgeList, // .wel
  AnyEdgeList,      // .txt, .edgelist, or text that looks like an edge list
  MatrixMarket,     // .mtx
  Serialized,       // .sg
  WeightedSerialized, // .wsg
  Adjacency,        // .adj
  Dimacs,           // .gr
};

/// The format an extension (lower case, with its dot) names, or Unknown.
GraphFormat formatOfExtension(const std::string &ext);
/// The format in.peek() shows, or Unknown. A stream that may be a GAPBS
/// serialized graph is peeked (into memory, bounded) up to the size its
/// header implies, which it must have exactly.
GraphFormat sniffFormat(InFile &in);
/// Whether text (the first bytes of a file) starts with an edge-list line:
/// two vertex ids and, optionally, a weight or a `{...}` data column.
bool looksLikeEdgeList(std::string_view text);

} // namespace polyrt::detail

#endif
