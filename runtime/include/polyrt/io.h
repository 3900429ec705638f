//===- io.h - Reading and writing graph files ---------------------------===//
//
// Formats, chosen by extension (X.gz: X gzip-compressed; a name whose
// extension names no format is read by its content; docs/runtime.md):
//   .el   "u v" per line (text), unweighted       .wel  "u v w" per line
//   .sg   GAPBS serialized, unweighted            .wsg  GAPBS serialized, weighted (int32)
//   .mtx  Matrix Market coordinate (read only; 1-based; "symmetric" files
//         give an undirected graph, diagonal entries stored once)
//   .txt, .edgelist  SNAP / NetworkX edge lists ("u v", "u v w", "u v {...}")
//   .gr   DIMACS shortest paths ("p sp N M", "a U V W"; 1-based, directed)
//   .adj  Ligra's AdjacencyGraph / WeightedAdjacencyGraph text CSR (read only;
//         also a file without extension that starts so, as GraphIt's test
//         graphs are; a directed graph of the lists as written)
// Text formats: '#' and '%' lines are comments; the vertex count is max id+1,
// or N if larger when an edge list's header has SNAP's "# Nodes: N" line.
// Text files are directed graphs, edges kept verbatim (self-loops and
// duplicates included), except an edge list whose header says "# Undirected
// graph" (SNAP's), stored both ways; POLYRT_SYMMETRIZE=1 symmetrizes every
// directed graph loaded, =0 none (docs/runtime.md). Weights are parsed as double and converted to W; for
// W = int32_t a weight that is not an integer is an error. .sg/.wsg are
// exactly GAPBS's serialized graphs (directed ones carry their CSC, which
// becomes the graph's in-edges).
// Every problem (missing file, bad token with its line, negative id, id beyond
// the declared count, truncated binary, more than 2^31-1 vertices, a weighted
// graph requested from an unweighted file) throws polyrt::Error with a message
// that names the file (and the line, for text).
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
/// A directed graph's CSC is written too (computed if missing). .wsg needs a
/// weighted graph whose weights are integers that fit in int32.
template <typename W> void writeSerializedGraph(const Graph<W> &g, const std::string &path);

/// Writes every stored edge as a text line: .el "u v", .wel "u v w" (needs a
/// weighted graph). An undirected graph's edges appear in both directions;
/// trailing isolated vertices are kept by a "# Nodes: N Edges: M" first line
/// (written only then: GAPBS's reader stops at a comment).
template <typename W> void writeEdgeListText(const Graph<W> &g, const std::string &path);

/// Writes Ligra's binary format, which Ligra reads with `-b base`: base.config
/// (n), base.adj (the out-neighbour lists, uint32) and base.idx (each list's
/// start, uint32), for Ligra's default 32-bit build; weights are left out.
/// Ligra takes an undirected graph as is with -s, else it transposes.
template <typename W> void writeLigraBinary(const Graph<W> &g, const std::string &base);

/// Writes Gemini's binary edge list: every stored edge as packed
/// {uint32 src, uint32 dst} (.gemini) or {uint32 src, uint32 dst, float w}
/// (.wgemini, needs a weighted graph whose weights are exactly floats). The
/// vertex count is not in the file: Gemini takes it on its command line.
template <typename W> void writeGeminiBinary(const Graph<W> &g, const std::string &path);

/// Writes Ligra's and GBBS's text CSR (io_adjacency_writer.cpp): .adj
/// AdjacencyGraph, .wadj WeightedAdjacencyGraph (needs a weighted graph).
template <typename W> void writeAdjacencyGraph(const Graph<W> &g, const std::string &path);

/// Writes Galois's binary graph, version 1 (io_galois_binary.cpp): .galois
/// without edge data, .wgalois with uint32 weights (needs a weighted graph
/// whose weights are whole numbers from 0 to 2^32-1).
template <typename W> void writeGaloisBinary(const Graph<W> &g, const std::string &path);

/// writeSerializedGraph or writeEdgeListText by the extension of path;
/// `.ligra`: writeLigraBinary with path as the base name; `.gemini`,
/// `.wgemini`: writeGeminiBinary; `.adj`, `.wadj`: writeAdjacencyGraph;
/// `.galois`, `.wgalois`: writeGaloisBinary.
template <typename W> void writeGraph(const Graph<W> &g, const std::string &path);

/// The extensions loadGraph accepts, for messages: ".el, .wel, .mtx, .sg, .wsg, .adj ...".
const char *supportedGraphExtensions();

} // namespace polyrt

#endif
