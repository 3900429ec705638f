//===- loaded_graphs.h - Which graph files the program loaded -----------===//
//
// A vertex id that is not a vertex of the graph usually comes from the
// command line (`./bfs graph.sg 64` on a 62-vertex graph). The message
// should say which graph: loadGraph records every file it loads (the name
// as the program was given it, and its vertex count), and the reports below
// name the file whose vertex count is the range that was missed:
//
//   vertex 64 is not a vertex of graph.sg (62 vertices)
//
// or, where no loaded graph has that many vertices (a vector of another
// length, or sized by `new vertexset{V}(n)`):
//
//   index 64 is outside [0, 62)
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_LOADED_GRAPHS_H
#define POLYRT_LOADED_GRAPHS_H

#include <cstdint>
#include <string>
#include <vector>

namespace polyrt {

/// Records that the graph file `path` (as given) was loaded with `vertices`
/// vertices. loadGraph calls it; thread-safe.
void recordLoadedGraph(const std::string &path, int64_t vertices);
/// The names of the files loaded with exactly `vertices` vertices, in load
/// order, each name once.
std::vector<std::string> loadedGraphsWithVertices(int64_t vertices);
/// Forgets every recorded file (for tests).
void forgetLoadedGraphs();

/// "vertex V is not a vertex of FILE (COUNT vertices)" when a loaded graph
/// has exactly `count` vertices ("of a.el or b.el" when several files do),
/// else "index V is outside [0, COUNT)".
std::string describeVertexOutOfRange(int64_t v, int64_t count);
std::string describeVertexOutOfRange(uint64_t v, int64_t count);
/// "index I is outside [0, COUNT)": a position that is no vertex (a slot of
/// a fixed-length vector, an edge of a per-edge vector).
std::string describeIndexOutOfRange(int64_t i, int64_t count);
std::string describeIndexOutOfRange(uint64_t i, int64_t count);

/// Stop the program or, in a library, throw (stopProgram) with
/// "WHERE: " and the description above; `where` is the program's
/// file:line:col.
[[noreturn]] void vertexOutOfRange(int64_t v, int64_t count, const char *where);
[[noreturn]] void vertexOutOfRange(uint64_t v, int64_t count, const char *where);
[[noreturn]] void indexOutOfRange(int64_t i, int64_t count, const char *where);
[[noreturn]] void indexOutOfRange(uint64_t i, int64_t count, const char *where);
/// "WHERE: start vertex V is not a vertex of FILE (COUNT vertices)": a vertex
/// that serial code adds to a vertex set (addVertex), usually the number a
/// user gave on the command line.
[[noreturn]] void startVertexOutOfRange(int64_t v, int64_t count, const char *where);
[[noreturn]] void startVertexOutOfRange(uint64_t v, int64_t count, const char *where);

} // namespace polyrt

#endif
