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

/// A GAPBS serialized graph's 17-byte header (io_serialized.cpp), read and
/// checked: a byte that is not 0 or 1, negative counts, more than 2^31-1
/// vertices, and (for a regular file) a size other than the header implies.
constexpr int64_t kSerializedHeaderBytes = 1 + 8 + 8;
struct SerializedHeader {
  bool directed = false;
  int64_t numVertices = 0, numEdges = 0;
};
SerializedHeader readSerializedHeader(InFile &in, bool weighted);
/// A .wsg neighbour as stored.
struct SerializedWeightedNeighbor {
  int32_t v, w;
};
/// Checks one section's n + 1 offsets (`what`: "out-edge" or "in-edge"):
/// they start at 0, never decrease and end at m.
void checkSerializedOffsets(const std::string &path, const char *what, int64_t n, int64_t m,
                            const std::vector<EdgeOffset> &offsets);
/// Checks that the section's edges [firstEdge, firstEdge + count), read into
/// nbrs, name vertices in [0, n); offsets are the section's, for the message.
void checkSerializedNeighbors(const std::string &path, const char *what, int64_t n,
                              const std::vector<EdgeOffset> &offsets, const VertexId *nbrs,
                              int64_t firstEdge, int64_t count);
/// Splits count stored .wsg neighbours (edges from firstEdge on) into ids and
/// weights converted to W (weights unused for NoWeight); a negative weight
/// for an unsigned W is an Error.
template <typename W>
void splitSerializedNeighbors(const std::string &path, const char *what,
                              const SerializedWeightedNeighbor *pairs, int64_t count,
                              int64_t firstEdge, VertexId *nbrs, W *weights);
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
