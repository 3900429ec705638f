//===- loaded_graphs.cpp - Which graph files the program loaded ---------===//
#include "polyrt/loaded_graphs.h"

#include "polyrt/program.h"

#include <algorithm>
#include <mutex>
#include <utility>

namespace polyrt {
namespace {

struct LoadedGraph {
  std::string path;
  int64_t vertices;
};

std::mutex registryMutex;
std::vector<LoadedGraph> &registry() {
  static std::vector<LoadedGraph> graphs;
  return graphs;
}

std::string joinedWithOr(const std::vector<std::string> &names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return out;
}

/// "NOUN I is outside [0, COUNT)".
template <typename Index>
std::string outsideDescription(const char *noun, Index i, int64_t count) {
  return std::string(noun) + " " + std::to_string(i) + " is outside [0, " +
         std::to_string(count) + ")";
}

/// "NOUN V is not a vertex of FILE (COUNT vertices)" when a loaded graph has
/// `count` vertices, else "OUTSIDE V is outside [0, COUNT)".
template <typename Index>
std::string outOfRangeDescription(Index v, int64_t count, const char *noun, const char *outside) {
  std::vector<std::string> files = loadedGraphsWithVertices(count);
  if (files.empty())
    return outsideDescription(outside, v, count);
  return std::string(noun) + " " + std::to_string(v) + " is not a vertex of " +
         joinedWithOr(files) + " (" + std::to_string(count) +
         (count == 1 ? " vertex)" : " vertices)");
}

template <typename Index> std::string vertexDescription(Index v, int64_t count) {
  return outOfRangeDescription(v, count, "vertex", "index");
}

template <typename Index> std::string indexDescription(Index i, int64_t count) {
  return outsideDescription("index", i, count);
}

template <typename Index> std::string startVertexDescription(Index v, int64_t count) {
  return outOfRangeDescription(v, count, "start vertex", "start vertex");
}

} // namespace

void recordLoadedGraph(const std::string &path, int64_t vertices) {
  std::lock_guard<std::mutex> lock(registryMutex);
  std::vector<LoadedGraph> &graphs = registry();
  // A file loaded again (an exported function called twice) is one entry.
  auto same = [&](const LoadedGraph &g) { return g.path == path && g.vertices == vertices; };
  if (std::none_of(graphs.begin(), graphs.end(), same))
    graphs.push_back({path, vertices});
}

std::vector<std::string> loadedGraphsWithVertices(int64_t vertices) {
  std::lock_guard<std::mutex> lock(registryMutex);
  std::vector<std::string> names;
  for (const LoadedGraph &g : registry())
    if (g.vertices == vertices && std::find(names.begin(), names.end(), g.path) == names.end())
      names.push_back(g.path);
  return names;
}

void forgetLoadedGraphs() {
  std::lock_guard<std::mutex> lock(registryMutex);
  registry().clear();
}

std::string describeVertexOutOfRange(int64_t v, int64_t count) {
  return vertexDescription(v, count);
}
std::string describeVertexOutOfRange(uint64_t v, int64_t count) {
  return vertexDescription(v, count);
}
std::string describeIndexOutOfRange(int64_t i, int64_t count) {
  return indexDescription(i, count);
}
std::string describeIndexOutOfRange(uint64_t i, int64_t count) {
  return indexDescription(i, count);
}

void vertexOutOfRange(int64_t v, int64_t count, const char *where) {
  stopProgram(std::string(where) + ": " + describeVertexOutOfRange(v, count));
}
void vertexOutOfRange(uint64_t v, int64_t count, const char *where) {
  stopProgram(std::string(where) + ": " + describeVertexOutOfRange(v, count));
}
void indexOutOfRange(int64_t i, int64_t count, const char *where) {
  stopProgram(std::string(where) + ": " + describeIndexOutOfRange(i, count));
}
void indexOutOfRange(uint64_t i, int64_t count, const char *where) {
  stopProgram(std::string(where) + ": " + describeIndexOutOfRange(i, count));
}
void startVertexOutOfRange(int64_t v, int64_t count, const char *where) {
  stopProgram(std::string(where) + ": " + startVertexDescription(v, count));
}
void startVertexOutOfRange(uint64_t v, int64_t count, const char *where) {
  stopProgram(std::string(where) + ": " + startVertexDescription(v, count));
}

} // namespace polyrt
