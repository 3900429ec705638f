//===- io.cpp - Choosing a graph format by extension or content ---------===//
//
// The extension decides when it names a format (`X.gz`: X's, decompressed);
// otherwise (no extension, an unknown one, /dev/stdin, a pipe) the first bytes
// do: gzip's magic number (decompressed, then looked at again), Matrix Market's
// and Ligra's headers, DIMACS comment or problem lines, a GAPBS header whose
// counts give exactly the input's size, or a first line of vertex ids.
//
//===----------------------------------------------------------------------===//
#include "polyrt/io.h"
#include "polyrt/loaded_graphs.h"
#include "polyrt/program.h"
#include "polyrt/timer.h"

#include "detail/file.h"
#include "detail/io_detail.h"
#include "detail/load_symmetry.h"
#include "detail/progress.h"

#include <charconv>
#include <climits>
#include <cstring>

namespace polyrt {

const char *supportedGraphExtensions() {
  return ".el, .wel, .txt and .edgelist (edge lists), .mtx, .gr (DIMACS), .sg, .wsg, .adj "
         "(Ligra's AdjacencyGraph), each also gzip-compressed as X.gz; a file of another name "
         "by its content";
}

namespace detail {

GraphFormat formatOfExtension(const std::string &ext) {
  if (ext == ".el")
    return GraphFormat::EdgeList;
  if (ext == ".wel")
    return GraphFormat::WeightedEdgeList;
  if (ext == ".txt" || ext == ".edgelist")
    return GraphFormat::AnyEdgeList;
  if (ext == ".mtx")
    return GraphFormat::MatrixMarket;
  if (ext == ".sg")
    return GraphFormat::Serialized;
  if (ext == ".wsg")
    return GraphFormat::WeightedSerialized;
  if (ext == ".adj")
    return GraphFormat::Adjacency;
  if (ext == ".gr")
    return GraphFormat::Dimacs;
  return GraphFormat::Unknown;
}

namespace {
/// text starts with word, followed by white space or its end.
bool startsWithWord(std::string_view text, std::string_view word) {
  return text.starts_with(word) &&
         (text.size() == word.size() || isBlank(text[word.size()]) || text[word.size()] == '\n');
}

bool allDigits(std::string_view t) {
  return !t.empty() && t.find_first_not_of("0123456789") == std::string_view::npos;
}

/// The first line of text that is not blank, or that is not a comment when
/// comments is set ('#' and '%' lines); "" if there is none.
std::string_view firstLine(std::string_view text, bool skipComments) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? nl : nl - pos);
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
    size_t first = 0;
    while (first < line.size() && isBlank(line[first]))
      ++first;
    if (first == line.size())
      continue;
    if (skipComments && (line[first] == '#' || line[first] == '%'))
      continue;
    return line.substr(first);
  }
  return {};
}
} // namespace

bool looksLikeEdgeList(std::string_view text) {
  std::string_view line = firstLine(text, true);
  if (line.empty() || line.find('\0') != std::string_view::npos)
    return false;
  // A NetworkX data column: the rest of the line from '{' to its end.
  std::string_view data;
  if (size_t brace = line.find('{'); brace != std::string_view::npos) {
    data = line.substr(brace);
    line = line.substr(0, brace);
    while (!data.empty() && isBlank(data.back()))
      data.remove_suffix(1);
    if (data.back() != '}')
      return false;
  }
  std::vector<std::string_view> f = splitBlanks(line);
  if (f.size() < 2 || !allDigits(f[0]) || !allDigits(f[1]))
    return false;
  if (f.size() == 2)
    return true;
  if (f.size() > 3 || !data.empty())
    return false;
  std::string_view w = f[2];
  if (w.starts_with('+'))
    w.remove_prefix(1);
  double value;
  auto [ptr, ec] = std::from_chars(w.data(), w.data() + w.size(), value);
  return ec == std::errc() && ptr == w.data() + w.size();
}

GraphFormat sniffFormat(InFile &in) {
  std::string_view head = in.peek(1 << 16);
  if (head.empty())
    return GraphFormat::Unknown;
  if (head.size() >= 14 && strncasecmp(head.data(), "%%MatrixMarket", 14) == 0)
    return GraphFormat::MatrixMarket;
  if (startsWithWord(head, "AdjacencyGraph") || startsWithWord(head, "WeightedAdjacencyGraph"))
    return GraphFormat::Adjacency;
  unsigned char first = static_cast<unsigned char>(head[0]);
  if (first <= 1) {
    // A GAPBS header: directed, num_edges, num_nodes; the counts must give
    // exactly the input's size as .sg or as .wsg.
    if (head.size() < 17)
      return GraphFormat::Unknown;
    int64_t m, n;
    std::memcpy(&m, head.data() + 1, 8);
    std::memcpy(&n, head.data() + 9, 8);
    if (m < 0 || n < 0 || n > INT32_MAX || m > INT64_MAX / 64)
      return GraphFormat::Unknown;
    int64_t parts = first == 1 ? 2 : 1;
    int64_t asSg = 17 + parts * ((n + 1) * 8 + m * 4);
    int64_t asWsg = 17 + parts * ((n + 1) * 8 + m * 8);
    int64_t size = in.size();
    if (size < 0) {
      // A stream: peek (in memory) one byte past the larger size; a graph
      // beyond the memory bound could not be loaded anyway.
      if (asWsg >= largestInMemoryFile())
        return GraphFormat::Unknown;
      size = static_cast<int64_t>(in.peek(asWsg + 1).size());
    }
    if (size == asSg)
      return GraphFormat::Serialized;
    if (size == asWsg)
      return GraphFormat::WeightedSerialized;
    return GraphFormat::Unknown;
  }
  std::string_view line = firstLine(head, false);
  if (startsWithWord(line, "c") || startsWithWord(line, "p"))
    return GraphFormat::Dimacs;
  if (looksLikeEdgeList(head))
    return GraphFormat::AnyEdgeList;
  return GraphFormat::Unknown;
}

} // namespace detail

namespace {
/// Adds the load's time to those POLYRT_REPORT_TIME leaves out, on every
/// way out of loadGraph.
struct LoadTimer {
  double start = now();
  ~LoadTimer() { addLoadSeconds(now() - start); }
};

template <typename W> Graph<W> readGraphFile(const std::string &path) {
  using detail::GraphFormat;
  detail::LoadProgress progress(path);
  std::string ext = detail::extensionOf(path);
  bool gzName = ext == ".gz";
  if (gzName)
    ext = detail::extensionOf(path.substr(0, path.size() - 3));
  detail::InFile in(path);
  // gzip data is decompressed whatever the name: no format starts with 1f 8b.
  if (detail::isGzipMagic(in.peek(2)))
    in.startGunzip();
  else if (gzName)
    detail::fileError(path, "not gzip data (a .gz file starts with the bytes 1f 8b)");
  GraphFormat format = detail::formatOfExtension(ext);
  if (format == GraphFormat::Unknown) {
    format = detail::sniffFormat(in);
    if (format == GraphFormat::Unknown && detail::isGzipMagic(in.peek(2)))
      detail::fileError(path, "gzip data inside gzip data: decompress it once first");
  }
  bool wantWeights = Graph<W>::kWeighted;
  auto noWeights = [&] {
    detail::fileError(path, "file has no weights, but the program needs a weighted graph "
                            "(use a .wel or .wsg file)");
  };
  switch (format) {
  case GraphFormat::EdgeList:
    if (wantWeights)
      noWeights();
    return detail::loadEdgeListText<W>(in, detail::TextWeights::None);
  case GraphFormat::WeightedEdgeList:
    return detail::loadEdgeListText<W>(in, detail::TextWeights::Number);
  case GraphFormat::AnyEdgeList:
    return detail::loadEdgeListText<W>(in, detail::TextWeights::Auto);
  case GraphFormat::Serialized:
    if (wantWeights)
      noWeights();
    return detail::loadSerialized<W>(in, false);
  case GraphFormat::WeightedSerialized:
    return detail::loadSerialized<W>(in, true);
  case GraphFormat::MatrixMarket:
    return detail::loadMatrixMarket<W>(in);
  case GraphFormat::Adjacency:
    return detail::loadAdjacencyGraph<W>(in);
  case GraphFormat::Dimacs:
    return detail::loadDimacs<W>(in);
  case GraphFormat::Unknown:
    break;
  }
  std::string shown = gzName ? ext + ".gz" : ext;
  detail::fileError(path, (shown.empty() ? std::string("graph file has no extension")
                                         : "unknown graph file extension '" + shown + "'") +
                              ", and its content is not a graph format polyrt recognizes"
                              " (supported: " + supportedGraphExtensions() + ")");
}

} // namespace

template <typename W> Graph<W> loadGraph(const std::string &path) {
  LoadTimer timer;
  // (Read first, so that a bad POLYRT_SYMMETRIZE stops every load alike.)
  bool symmetrizeAll = detail::loadSymmetrySetting() == detail::LoadSymmetry::On;
  Graph<W> g = readGraphFile<W>(path);
  if (symmetrizeAll && g.directed()) // text edge lists are symmetrized as they are built
    g = detail::symmetrizedGraph(g);
  // For messages about vertex ids that are not vertices of it (loaded_graphs.h).
  recordLoadedGraph(path, g.numVertices());
  return g;
}

template <typename W> void writeGraph(const Graph<W> &g, const std::string &path) {
  std::string ext = detail::extensionOf(path);
  if (ext == ".sg" || ext == ".wsg")
    return writeSerializedGraph(g, path);
  if (ext == ".el" || ext == ".wel")
    return writeEdgeListText(g, path);
  if (ext == ".ligra")
    return writeLigraBinary(g, path);
  if (ext == ".gemini" || ext == ".wgemini")
    return writeGeminiBinary(g, path);
  if (ext == ".adj" || ext == ".wadj")
    return writeAdjacencyGraph(g, path);
  if (ext == ".galois" || ext == ".wgalois")
    return writeGaloisBinary(g, path);
  detail::fileError(path, "cannot write graphs with extension '" + ext +
                              "' (supported: .el, .wel, .sg, .wsg, .ligra, .gemini, .wgemini, "
                              ".adj, .wadj, .galois, .wgalois)");
}

#define POLYRT_INSTANTIATE(W)                                                                \
  template Graph<W> loadGraph<W>(const std::string &);                                      \
  template void writeGraph<W>(const Graph<W> &, const std::string &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
