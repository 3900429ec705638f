//===- io_adjacency.cpp - Ligra's adjacency graph format -------------------===//
//
// Ligra's (and GraphIt's test graphs') text CSR: the word AdjacencyGraph (or
// WeightedAdjacencyGraph), n, m, then n offsets, m neighbour ids and, when
// weighted, m weights, all separated by white space. Read as a directed graph
// holding the lists as written, each list sorted by neighbour.
//
//===----------------------------------------------------------------------===//
#include "polyrt/io.h"

#include "detail/file.h"
#include "detail/io_detail.h"
#include "detail/progress.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <numeric>
#include <string_view>
#include <tuple>

namespace polyrt::detail {
namespace {

class Tokens {
public:
  Tokens(const std::string &path, const std::string &text) : path_(path), text_(text) {}

  std::string_view next(const char *what) {
    while (pos_ < text_.size() && isSpace(text_[pos_]))
      ++pos_;
    if (pos_ >= text_.size())
      fileError(path_, std::string("ends before ") + what);
    size_t start = pos_;
    while (pos_ < text_.size() && !isSpace(text_[pos_]))
      ++pos_;
    return std::string_view(text_).substr(start, pos_ - start);
  }
  template <typename T> T number(const char *what, int64_t lo, int64_t hi) {
    std::string_view tok = next(what);
    int64_t value = 0;
    auto [ptr, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), value);
    if (ec != std::errc() || ptr != tok.data() + tok.size() || value < lo || value > hi)
      fileError(path_, std::string("expected ") + what + " in [" + std::to_string(lo) + ", " +
                           std::to_string(hi) + "], found '" + printable(tok.substr(0, 40)) +
                           "'");
    return static_cast<T>(value);
  }
  bool atEnd() {
    while (pos_ < text_.size() && isSpace(text_[pos_]))
      ++pos_;
    return pos_ >= text_.size();
  }

private:
  static bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }
  const std::string &path_;
  const std::string &text_;
  size_t pos_ = 0;
};

} // namespace

template <typename W> Graph<W> loadAdjacencyGraph(InFile &in) {
  const std::string &path = in.path();
  std::string text = in.readText();
  Tokens tokens(path, text);
  std::string_view kind = tokens.next("the header");
  if (kind != "AdjacencyGraph" && kind != "WeightedAdjacencyGraph")
    fileError(path, "not an adjacency graph (the file must start with AdjacencyGraph or "
                    "WeightedAdjacencyGraph)");
  bool weighted = kind == "WeightedAdjacencyGraph";
  if (Graph<W>::kWeighted && !weighted)
    fileError(path, "file has no weights (AdjacencyGraph), but the program needs a weighted graph");
  auto n = tokens.number<int64_t>("the vertex count", 0, INT32_MAX);
  auto m = tokens.number<int64_t>("the edge count", 0, INT64_MAX / 4);
  LoadProgress::edgesKnown(m);
  // Every number takes at least two bytes: claims the file cannot hold are
  // errors before anything that large is allocated.
  int64_t numbers = n + m * (weighted ? 2 : 1);
  if (numbers > static_cast<int64_t>(text.size() / 2) + 1)
    fileError(path, "declares " + std::to_string(n) + " vertices and " + std::to_string(m) +
                        " edges, more numbers than its " + std::to_string(text.size()) +
                        " bytes can hold");
  std::vector<EdgeOffset> offsets(static_cast<size_t>(n) + 1);
  for (int64_t v = 0; v < n; ++v) {
    offsets[v] = tokens.number<EdgeOffset>("an offset", v == 0 ? 0 : offsets[v - 1], m);
    if (v == 0 && offsets[0] != 0)
      fileError(path, "the first offset must be 0");
  }
  offsets[n] = m;
  std::vector<VertexId> neighbors(static_cast<size_t>(m));
  for (int64_t e = 0; e < m; ++e)
    neighbors[e] = tokens.number<VertexId>("a neighbour id", 0, n - 1);
  std::vector<W> weights;
  if (weighted) {
    std::vector<int64_t> raw(static_cast<size_t>(m));
    for (int64_t e = 0; e < m; ++e)
      raw[e] = tokens.number<int64_t>("a weight", INT32_MIN, INT32_MAX);
    if constexpr (Graph<W>::kWeighted) {
      weights.resize(static_cast<size_t>(m));
      for (int64_t e = 0; e < m; ++e) {
        if (std::is_unsigned_v<W> && raw[e] < 0)
          fileError(path, "edge " + std::to_string(e) + " has the negative weight " +
                              std::to_string(raw[e]) + ", and the program reads unsigned weights");
        weights[e] = static_cast<W>(raw[e]);
      }
    }
  }
  if (!tokens.atEnd())
    fileError(path, "has more numbers than its header declares");
  std::string().swap(text);
  // Each list sorted by neighbour (weights with their edges), as every loader's.
#pragma omp parallel for schedule(dynamic, 1024)
  for (int64_t v = 0; v < n; ++v) {
    EdgeOffset lo = offsets[v], hi = offsets[v + 1];
    if constexpr (Graph<W>::kWeighted) {
      std::vector<std::pair<VertexId, W>> list;
      for (EdgeOffset e = lo; e < hi; ++e)
        list.push_back({neighbors[e], weights[e]});
      std::sort(list.begin(), list.end());
      for (EdgeOffset e = lo; e < hi; ++e)
        std::tie(neighbors[e], weights[e]) = list[e - lo];
    } else {
      std::sort(neighbors.begin() + lo, neighbors.begin() + hi);
    }
  }
  return Graph<W>(static_cast<VertexId>(n), std::move(offsets), std::move(neighbors),
                  std::move(weights), true);
}

#define POLYRT_INSTANTIATE(W) template Graph<W> loadAdjacencyGraph<W>(InFile &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt::detail
