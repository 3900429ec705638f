//===- io_text.cpp - Text graph formats: edge lists, .mtx, DIMACS .gr ---===//
//
// The file is read whole and split into chunks at line boundaries; chunks are
// parsed in parallel. Each chunk stops at its first error; the error of the
// earliest chunk is reported with its line number, counted only then.
//
//===----------------------------------------------------------------------===//
#include "polyrt/io.h"

#include "detail/build_csr.h"
#include "detail/file.h"
#include "detail/io_detail.h"
#include "detail/load_symmetry.h"
#include "detail/parallel.h"
#include "detail/progress.h"
#include "detail/vertex_count.h"

#include <omp.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <limits>
#include <string_view>

namespace polyrt::detail {

std::vector<std::string_view> splitBlanks(std::string_view line) {
  std::vector<std::string_view> tokens;
  size_t p = 0;
  while (p < line.size()) {
    while (p < line.size() && isBlank(line[p]))
      ++p;
    size_t start = p;
    while (p < line.size() && !isBlank(line[p]))
      ++p;
    if (p > start)
      tokens.push_back(line.substr(start, p - start));
  }
  return tokens;
}

namespace {

struct TextFormat {
  TextWeights weights;   // None or Number (Auto is resolved before parsing)
  int base;              // 0 (edge lists) or 1 (.mtx, .gr)
  int64_t limit;         // ids (base subtracted) must be below this
  const char *extraHint; // appended to the "unexpected extra text" error
  bool dimacs = false;   // 'c' lines are comments, edges are 'a' lines
};

struct ParseError {
  size_t pos = std::string::npos; // byte offset of the offending token
  std::string message;
};

std::string quoted(std::string_view token) {
  if (token.size() > 40)
    return "'" + printable(token.substr(0, 37)) + "...'";
  return "'" + printable(token) + "'";
}

/// Parses the lines of data[begin, end) into edges.
template <typename W> class ChunkParser {
public:
  ChunkParser(const char *data, size_t begin, size_t end, const TextFormat &fmt)
      : data_(data), p_(begin), end_(end), fmt_(fmt) {}

  /// false on the first error (in error()).
  bool run(std::vector<WEdge<W>> &out, VertexId &maxId) {
    while (p_ < end_) {
      skipBlanks();
      if (p_ >= end_)
        break;
      char c = data_[p_];
      if (c == '\n') {
        ++p_;
        continue;
      }
      if (c == '#' || c == '%' || (fmt_.dimacs && c == 'c')) {
        skipLine();
        continue;
      }
      if (fmt_.dimacs) {
        if (c != 'a' || p_ + 1 >= end_ || !isBlank(data_[p_ + 1])) {
          size_t start = p_;
          return fail(start, "expected an arc line 'a <from> <to> <weight>', found " +
                                 quoted(token()));
        }
        ++p_;
      }
      WEdge<W> e{};
      if (!parseId("source", e.src) || !parseId("destination", e.dst))
        return false;
      skipBlanks();
      bool lineEnds = p_ >= end_ || data_[p_] == '\n';
      if (!lineEnds && data_[p_] == '{') {
        // A NetworkX data column: its 'weight' key is the weight.
        size_t start = p_;
        std::string_view weight;
        size_t weightPos = 0;
        if (!parseDataColumn(weight, weightPos))
          return false;
        if (fmt_.weights == TextWeights::Number) {
          if (weightPos != 0) {
            if (!parseWeightToken(weight, weightPos, e.w))
              return false;
          } else if constexpr (Graph<W>::kWeighted) {
            return fail(start, "no 'weight' key in the data column " + quoted(std::string_view(data_ + start, p_ - start)));
          }
        }
      } else if (fmt_.weights == TextWeights::Number && !parseWeight(e.w)) {
        return false;
      }
      skipBlanks();
      if (p_ < end_ && data_[p_] != '\n') {
        size_t start = p_;
        return fail(start, "unexpected extra text " + quoted(token()) + fmt_.extraHint);
      }
      ++p_;
      maxId = std::max(maxId, std::max(e.src, e.dst));
      out.push_back(e);
    }
    return true;
  }
  const ParseError &error() const { return error_; }

private:
  void skipBlanks() {
    while (p_ < end_ && isBlank(data_[p_]))
      ++p_;
  }
  void skipLine() {
    while (p_ < end_ && data_[p_] != '\n')
      ++p_;
    ++p_;
  }
  /// The next token (p_ at its first character), p_ moved past it.
  std::string_view token() {
    size_t start = p_;
    while (p_ < end_ && !isBlank(data_[p_]) && data_[p_] != '\n')
      ++p_;
    return std::string_view(data_ + start, p_ - start);
  }
  bool fail(size_t pos, std::string message) {
    error_.pos = pos;
    error_.message = std::move(message);
    return false;
  }

  /// A Python dict as NetworkX's write_edgelist writes it, `{}` or
  /// `{'weight': 3, 'color': 'red'}`, p_ at its '{'; weight (at weightPos,
  /// 0 if absent) is the value of its 'weight' key.
  bool parseDataColumn(std::string_view &weight, size_t &weightPos) {
    size_t open = p_++;
    weightPos = 0;
    auto unterminated = [&] { return fail(open, "unterminated data column (a '{' without its '}')"); };
    for (;;) {
      skipBlanks();
      if (p_ >= end_ || data_[p_] == '\n')
        return unterminated();
      if (data_[p_] == '}') {
        ++p_;
        return true;
      }
      size_t keyStart = p_;
      if (data_[p_] == '\'' || data_[p_] == '"') {
        if (!skipQuoted())
          return unterminated();
      } else {
        while (p_ < end_ && !isBlank(data_[p_]) && data_[p_] != '\n' && data_[p_] != ':' &&
               data_[p_] != ',' && data_[p_] != '}')
          ++p_;
      }
      std::string_view key(data_ + keyStart, p_ - keyStart);
      skipBlanks();
      if (p_ >= end_ || data_[p_] != ':')
        return fail(p_ < end_ ? p_ : keyStart, "expected ':' after the key " + quoted(key) +
                                                   " in the data column");
      ++p_;
      skipBlanks();
      size_t valueStart = p_;
      if (!skipValue())
        return unterminated();
      size_t valueEnd = p_;
      while (valueEnd > valueStart && isBlank(data_[valueEnd - 1]))
        --valueEnd;
      if (key == "'weight'" || key == "\"weight\"") {
        weight = std::string_view(data_ + valueStart, valueEnd - valueStart);
        weightPos = valueStart;
      }
      skipBlanks();
      if (p_ < end_ && data_[p_] == ',')
        ++p_;
      else if (p_ >= end_ || data_[p_] != '}')
        return fail(p_ < end_ ? p_ : open, "expected ',' or '}' in the data column");
    }
  }
  /// Moves p_ past a quoted string (p_ at its quote); false at the line's end.
  bool skipQuoted() {
    char quote = data_[p_];
    for (++p_; p_ < end_ && data_[p_] != quote && data_[p_] != '\n'; ++p_)
      if (data_[p_] == '\\')
        ++p_;
    if (p_ >= end_ || data_[p_] != quote)
      return false;
    ++p_;
    return true;
  }
  /// Moves p_ past one value (to the ',' or '}' after it), nested brackets
  /// and quoted strings included; false at the line's end.
  bool skipValue() {
    int depth = 0;
    while (p_ < end_ && data_[p_] != '\n') {
      char c = data_[p_];
      if (c == '\'' || c == '"') {
        if (!skipQuoted())
          return false;
        continue;
      }
      if (depth == 0 && (c == ',' || c == '}'))
        return true;
      if (c == '{' || c == '[' || c == '(')
        ++depth;
      else if (c == '}' || c == ']' || c == ')')
        --depth;
      ++p_;
    }
    return false;
  }

  bool parseId(const char *which, VertexId &id) {
    skipBlanks();
    size_t start = p_;
    std::string_view tok = token();
    const char *what = fmt_.base == 1 && !fmt_.dimacs ? "index" : "vertex id";
    if (tok.empty())
      return fail(start, std::string("missing the ") + which + " " + what);
    int64_t value = 0;
    auto [ptr, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), value);
    bool whole = ptr == tok.data() + tok.size();
    if (ec == std::errc::result_out_of_range && tok[0] != '-')
      value = INT64_MAX;
    else if (ec != std::errc() || !whole) {
      if (ec == std::errc::result_out_of_range && tok[0] == '-')
        return fail(start, std::string("negative ") + what + " " + quoted(tok));
      return fail(start, std::string("expected a ") + what + ", found " + quoted(tok));
    }
    if (value < 0)
      return fail(start, std::string("negative ") + what + " " + std::string(tok));
    if (fmt_.base == 1) {
      if (value == 0)
        return fail(start, fmt_.dimacs ? "vertex id 0 in a 1-based DIMACS file"
                                       : "index 0 in a 1-based Matrix Market file");
      value -= 1;
    }
    if (value >= fmt_.limit) {
      if (fmt_.dimacs)
        return fail(start, "vertex id " + std::string(tok) + " is beyond the " +
                               std::to_string(fmt_.limit) + " vertices of the problem line");
      if (fmt_.base == 1)
        return fail(start, "index " + std::string(tok) + " is beyond the matrix size " +
                               std::to_string(fmt_.limit));
      return fail(start, "vertex id " + std::string(tok) +
                             " is too large: polyrt uses 32-bit vertex ids (at most " +
                             std::to_string(INT32_MAX - 1) + ")");
    }
    id = static_cast<VertexId>(value);
    return true;
  }

  /// The weight token as W (NoWeight: checked as a number, then dropped).
  /// Integer weights are read as integers, so uint_64 ones above 2^53 stay exact.
  template <typename T> bool parseWeight(T &out) {
    skipBlanks();
    size_t start = p_;
    std::string_view tok = token();
    if (tok.empty())
      return fail(start, "missing the weight");
    return parseWeightToken(tok, start, out);
  }
  template <typename T> bool parseWeightToken(std::string_view tok, size_t start, T &out) {
    if (tok.empty())
      return fail(start, "missing the weight");
    const char *b = tok.data();
    const char *e = tok.data() + tok.size();
    if (*b == '+' && tok.size() > 1)
      ++b;
    if constexpr (std::is_integral_v<T>) {
      auto [ptr, ec] = std::from_chars(b, e, out);
      if (ec == std::errc() && ptr == e)
        return true;
      // Not an integer token: "2.0" and "1e3" still name integers.
      double w;
      auto [dptr, dec] = std::from_chars(b, e, w);
      bool number = dec == std::errc() && dptr == e;
      if (number && !std::isfinite(w))
        return fail(start, "weight " + quoted(tok) + " is not a finite number");
      if (number && w != std::trunc(w))
        return fail(start, "weight " + std::string(tok) + " is not an integer (the program reads " +
                               integerName<T>() + " weights)");
      constexpr double lowest = static_cast<double>(std::numeric_limits<T>::min());
      constexpr double beyond = static_cast<double>(std::numeric_limits<T>::max()) + 1.0;
      if (number && w >= lowest && w < beyond) {
        out = static_cast<T>(w);
        return true;
      }
      if (!number && dec != std::errc::result_out_of_range)
        return fail(start, "expected a weight, found " + quoted(tok));
      return fail(start, "weight " + std::string(tok) + " does not fit in " +
                             (std::is_signed_v<T> ? "an " : "a ") + integerName<T>());
    } else {
      double w;
      auto [ptr, ec] = std::from_chars(b, e, w);
      if (ec == std::errc::result_out_of_range)
        return fail(start, "weight " + quoted(tok) + " is out of range");
      if (ec != std::errc() || ptr != e)
        return fail(start, "expected a weight, found " + quoted(tok));
      if (!std::isfinite(w))
        return fail(start, "weight " + quoted(tok) + " is not a finite number");
      if constexpr (std::is_same_v<T, float>) {
        if (std::fabs(w) > 3.4028234663852886e38)
          return fail(start, "weight " + std::string(tok) + " does not fit in a float");
      }
      if constexpr (!std::is_same_v<T, NoWeight>)
        out = static_cast<T>(w);
      return true;
    }
  }

  /// The language's name of an integer weight type, for messages.
  template <typename T> static const char *integerName() {
    if constexpr (std::is_same_v<T, int32_t>)
      return "int";
    else if constexpr (std::is_same_v<T, uint32_t>)
      return "uint";
    else
      return "uint_64";
  }

  const char *data_;
  size_t p_, end_;
  const TextFormat &fmt_;
  ParseError error_;
};

/// Parses the edge lines of text[begin, end); the line at begin is firstLine.
template <typename W>
std::vector<WEdge<W>> parseEdges(const std::string &path, const std::string &text, size_t begin,
                                 int64_t firstLine, const TextFormat &fmt, VertexId &maxId) {
  size_t end = text.size();
  size_t bytes = end - begin;
  int chunks = bytes < (size_t{1} << 20) ? 1 : omp_get_max_threads() * 4;
  std::vector<size_t> bounds(chunks + 1);
  bounds[0] = begin;
  bounds[chunks] = end;
  for (int k = 1; k < chunks; ++k) {
    size_t p = std::max(bounds[k - 1], begin + bytes * k / chunks);
    while (p < end && p > begin && text[p - 1] != '\n')
      ++p;
    bounds[k] = p;
  }
  std::vector<std::vector<WEdge<W>>> parts(chunks);
  std::vector<VertexId> maxIds(chunks, -1);
  std::vector<ParseError> errors(chunks);
#pragma omp parallel for schedule(dynamic, 1) if (chunks > 1)
  for (int k = 0; k < chunks; ++k) {
    ChunkParser<W> parser(text.data(), bounds[k], bounds[k + 1], fmt);
    parts[k].reserve((bounds[k + 1] - bounds[k]) / 8);
    if (!parser.run(parts[k], maxIds[k]))
      errors[k] = parser.error();
  }
  for (int k = 0; k < chunks; ++k)
    if (errors[k].pos != std::string::npos) {
      int64_t line = firstLine + std::count(text.begin() + begin, text.begin() + errors[k].pos, '\n');
      lineError(path, line, errors[k].message);
    }
  std::vector<size_t> sizes(chunks), starts(chunks + 1);
  for (int k = 0; k < chunks; ++k)
    sizes[k] = parts[k].size();
  prefixSum(sizes.data(), chunks, starts.data());
  std::vector<WEdge<W>> edges(starts[chunks]);
#pragma omp parallel for schedule(dynamic, 1) if (chunks > 1)
  for (int k = 0; k < chunks; ++k) {
    std::copy(parts[k].begin(), parts[k].end(), edges.begin() + starts[k]);
    std::vector<WEdge<W>>().swap(parts[k]);
  }
  maxId = *std::max_element(maxIds.begin(), maxIds.end());
  return edges;
}

template <typename W>
Graph<W> buildFromParsed(const std::string &path, const std::vector<WEdge<W>> &edges, VertexId n,
                         bool symmetrize) {
  try {
    const WEdge<W> *data = edges.data();
    return buildCSR<W>(static_cast<int64_t>(edges.size()), [data](int64_t i) { return data[i]; },
                       n, symmetrize, /*mirrorSelfLoops=*/false);
  } catch (const Error &e) {
    fileError(path, e.what());
  }
}

std::string lower(std::string_view text) {
  std::string s(text);
  for (char &c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

/// What the first edge line of text[begin..] has after its two ids: None
/// (nothing, or a data column without a 'weight' key) or Number.
TextWeights firstLineWeights(std::string_view text, size_t begin) {
  size_t pos = begin;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos)
      nl = text.size();
    std::vector<std::string_view> tokens = splitBlanks(text.substr(pos, nl - pos));
    pos = nl + 1;
    if (tokens.empty() || tokens[0][0] == '#' || tokens[0][0] == '%')
      continue;
    if (tokens.size() < 3)
      return TextWeights::None;
    if (tokens[2][0] != '{')
      return TextWeights::Number;
    // A data column: weighted if it names a weight.
    for (size_t k = 2; k < tokens.size(); ++k)
      if (tokens[k].find("'weight'") != std::string_view::npos ||
          tokens[k].find("\"weight\"") != std::string_view::npos)
        return TextWeights::Number;
    return TextWeights::None;
  }
  return TextWeights::None;
}
} // namespace

template <typename W> Graph<W> loadEdgeListText(InFile &in, TextWeights weights) {
  const std::string &path = in.path();
  std::string text = in.readText();
  if (weights == TextWeights::Auto) {
    weights = firstLineWeights(text, 0);
    if (weights == TextWeights::None && Graph<W>::kWeighted)
      fileError(path, "file has no weights (its first edge line has no weight column nor a "
                      "'weight' key), but the program needs a weighted graph");
  }
  TextFormat fmt{weights, 0, INT32_MAX,
                 weights == TextWeights::None
                     ? " (an .el line holds two vertex ids; weighted edges go in a .wel file)"
                     : ""};
  TextHeader header = readTextHeader(text);
  VertexId maxId = -1;
  std::vector<WEdge<W>> edges = parseEdges<W>(path, text, 0, 1, fmt, maxId);
  std::string().swap(text);
  LoadProgress::edgesKnown(static_cast<int64_t>(edges.size()));
  // A "# Nodes: N" header keeps trailing isolated vertices; SNAP's ids need
  // not be below N (its N counts the vertices that occur), so N is a floor.
  int64_t n = int64_t{maxId} + 1;
  std::string claim = "its largest vertex id is " + std::to_string(maxId);
  if (header.nodes > n) {
    if (header.nodes > INT32_MAX)
      fileError(path, "its '# Nodes:' line (line " + std::to_string(header.nodesLine) +
                          ") declares " + std::to_string(header.nodes) +
                          " vertices: polyrt uses 32-bit vertex ids (at most " +
                          std::to_string(INT32_MAX) + " vertices)");
    n = header.nodes;
    claim = "its '# Nodes:' line (line " + std::to_string(header.nodesLine) + ") declares " +
            std::to_string(n) + " vertices";
  }
  checkVertexCountJustified(path, n, static_cast<int64_t>(edges.size()), claim);
  return buildFromParsed<W>(path, edges, static_cast<VertexId>(n),
                            symmetrizeAtLoad(header.undirected));
}

template <typename W> Graph<W> loadMatrixMarket(InFile &in) {
  const std::string &path = in.path();
  std::string text = in.readText();
  size_t pos = 0;
  int64_t line = 0;
  auto nextLine = [&](std::string_view &out) {
    if (pos >= text.size())
      return false;
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos)
      nl = text.size();
    out = std::string_view(text).substr(pos, nl - pos);
    pos = nl + 1;
    ++line;
    return true;
  };
  std::string_view header;
  nextLine(header);
  std::vector<std::string_view> h = splitBlanks(header);
  if (h.empty() || lower(h[0]) != "%%matrixmarket")
    lineError(path, 1, "not a Matrix Market file (the first line must start with %%MatrixMarket)");
  if (h.size() != 5 || lower(h[1]) != "matrix")
    lineError(path, 1, "expected '%%MatrixMarket matrix coordinate <field> <symmetry>'");
  std::string format = lower(h[2]), field = lower(h[3]), symmetry = lower(h[4]);
  if (format != "coordinate")
    lineError(path, 1, "only coordinate Matrix Market files hold graphs, not '" + printable(format) + "'");
  if (field != "pattern" && field != "integer" && field != "real" && field != "double")
    lineError(path, 1, "unsupported Matrix Market field '" + printable(field) +
                           "' (supported: pattern, integer, real)");
  if (symmetry != "general" && symmetry != "symmetric" && symmetry != "skew-symmetric")
    lineError(path, 1, "unsupported Matrix Market symmetry '" + printable(symmetry) +
                           "' (supported: general, symmetric, skew-symmetric)");
  bool weighted = field != "pattern";
  bool skew = symmetry == "skew-symmetric";
  if (skew && !weighted)
    lineError(path, 1, "a pattern matrix cannot be skew-symmetric (the Matrix Market format "
                       "defines no such matrices: an entry's mirror is its negation)");
  if (Graph<W>::kWeighted && !weighted)
    fileError(path, "file has no weights (its field is 'pattern'), but the program needs a "
                    "weighted graph");
  if (skew && std::is_unsigned_v<W>)
    fileError(path, "a skew-symmetric matrix's mirrored entries are negated, and the program "
                    "reads unsigned weights");
  // The size line: the first line that is neither blank nor a comment.
  std::string_view sizeLine;
  std::vector<std::string_view> dims;
  while (dims.empty()) {
    if (!nextLine(sizeLine))
      fileError(path, "missing the size line 'rows columns entries'");
    std::vector<std::string_view> tokens = splitBlanks(sizeLine);
    if (tokens.empty() || tokens[0][0] == '%')
      continue;
    dims = tokens;
  }
  int64_t rows = -1, cols = -1, nnz = -1;
  auto parseDim = [&](std::string_view t, int64_t &v) {
    auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    return ec == std::errc() && ptr == t.data() + t.size() && v >= 0;
  };
  if (dims.size() != 3 || !parseDim(dims[0], rows) || !parseDim(dims[1], cols) ||
      !parseDim(dims[2], nnz))
    lineError(path, line, "expected the size line 'rows columns entries'");
  int64_t n = std::max(rows, cols);
  if (n > INT32_MAX)
    lineError(path, line, "matrix has " + std::to_string(n) +
                              " rows or columns: polyrt uses 32-bit vertex ids (at most " +
                              std::to_string(INT32_MAX) + " vertices)");
  // The size line is a claim: its entry count (checked against the entries
  // read below, before any per-vertex array exists) bounds the vertices.
  // A symmetric (or skew-symmetric) file's entry stands for two edges.
  checkVertexCountJustified(path, n, symmetry != "general" ? 2 * nnz : nnz,
                            "its size line declares " + std::to_string(n) + " rows or columns");
  TextFormat fmt{weighted ? TextWeights::Number : TextWeights::None, 1, n, ""};
  VertexId maxId = -1;
  std::vector<WEdge<W>> edges = parseEdges<W>(path, text, std::min(pos, text.size()), line + 1, fmt, maxId);
  std::string().swap(text);
  if (static_cast<int64_t>(edges.size()) != nnz)
    fileError(path, "the size line declares " + std::to_string(nnz) + " entries but the file has " +
                        std::to_string(edges.size()));
  if (skew) {
    // (i, j, w) stands for (i, j, w) and (j, i, -w); the diagonal is zero.
    size_t m = edges.size();
    edges.reserve(2 * m);
    for (size_t k = 0; k < m; ++k) {
      const WEdge<W> e = edges[k];
      if (e.src == e.dst)
        fileError(path, "entry " + std::to_string(k + 1) + " (" + std::to_string(e.src + 1) + ", " +
                            std::to_string(e.dst + 1) +
                            ") is on the diagonal of a skew-symmetric matrix, which is zero");
      WEdge<W> mirror{e.dst, e.src, e.w};
      if constexpr (Graph<W>::kWeighted) {
        if constexpr (std::is_same_v<W, int32_t>)
          if (e.w == INT32_MIN)
            fileError(path, "entry " + std::to_string(k + 1) +
                                " has the weight -2147483648, whose negation does not fit in an int");
        mirror.w = -e.w;
      }
      edges.push_back(mirror);
    }
  }
  LoadProgress::edgesKnown(static_cast<int64_t>(edges.size()));
  return buildFromParsed<W>(path, edges, static_cast<VertexId>(n), symmetry == "symmetric");
}

template <typename W> Graph<W> loadDimacs(InFile &in) {
  const std::string &path = in.path();
  std::string text = in.readText();
  // Comment lines ('c') and blank lines, then the problem line 'p sp N M'.
  size_t pos = 0;
  int64_t line = 0;
  std::vector<std::string_view> problem;
  while (problem.empty()) {
    if (pos >= text.size())
      fileError(path, "missing the problem line 'p sp <vertices> <arcs>'");
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos)
      nl = text.size();
    std::vector<std::string_view> tokens = splitBlanks(std::string_view(text).substr(pos, nl - pos));
    pos = nl + 1;
    ++line;
    if (tokens.empty() || tokens[0][0] == 'c' || tokens[0][0] == '#' || tokens[0][0] == '%')
      continue;
    if (tokens[0] != "p")
      lineError(path, line, "expected the problem line 'p sp <vertices> <arcs>' before the arcs");
    problem = tokens;
  }
  int64_t n = -1, m = -1;
  auto parseCount = [&](std::string_view t, int64_t &v) {
    auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    return ec == std::errc() && ptr == t.data() + t.size() && v >= 0;
  };
  if (problem.size() != 4 || problem[1] != "sp" || !parseCount(problem[2], n) ||
      !parseCount(problem[3], m))
    lineError(path, line, (problem.size() >= 2 && problem[1] != "sp"
                               ? "a DIMACS '" + printable(problem[1].substr(0, 20)) +
                                     "' problem, not a shortest-path graph: expected "
                               : std::string("expected ")) +
                              "the problem line 'p sp <vertices> <arcs>'");
  if (n > INT32_MAX)
    lineError(path, line, "the problem line declares " + std::to_string(n) +
                              " vertices: polyrt uses 32-bit vertex ids (at most " +
                              std::to_string(INT32_MAX) + ")");
  checkVertexCountJustified(path, n, m,
                            "its problem line declares " + std::to_string(n) + " vertices");
  TextFormat fmt{TextWeights::Number, 1, n, "", /*dimacs=*/true};
  VertexId maxId = -1;
  std::vector<WEdge<W>> edges = parseEdges<W>(path, text, std::min(pos, text.size()), line + 1, fmt, maxId);
  std::string().swap(text);
  if (static_cast<int64_t>(edges.size()) != m)
    fileError(path, "the problem line declares " + std::to_string(m) + " arcs but the file has " +
                        std::to_string(edges.size()));
  LoadProgress::edgesKnown(m);
  return buildFromParsed<W>(path, edges, static_cast<VertexId>(n), false);
}

template <typename W> void writeTextEdges(const Graph<W> &g, const std::string &path) {
  const bool weighted =
      writesWeights(path, "writeEdgeListText", ".el", ".wel", Graph<W>::kWeighted);
  OutFile out(path);
  VertexId n = g.numVertices();
  const EdgeOffset *offsets = g.outOffsets();
  const VertexId *nbrs = g.outNeighbors();
  [[maybe_unused]] const W *weights = g.outWeights();
  // The ids give the vertex count (largest + 1) unless the last vertices are
  // isolated: then SNAP's "# Nodes:" header says it, which the loader reads.
  // Only then, since GAPBS's reader stops at a comment line.
  VertexId maxId = -1;
#pragma omp parallel for reduction(max : maxId) schedule(dynamic, 1024)
  for (VertexId u = 0; u < n; ++u)
    for (EdgeOffset e = offsets[u]; e < offsets[u + 1]; ++e)
      maxId = std::max(maxId, std::max(u, nbrs[e]));
  if (maxId + 1 < n) {
    std::string header = "# Nodes: " + std::to_string(n) + " Edges: " + std::to_string(g.numEdges()) + "\n";
    out.write(header.data(), static_cast<int64_t>(header.size()));
  }
  constexpr EdgeOffset kChunkEdges = 1 << 18;
  const size_t maxChunks = static_cast<size_t>(omp_get_max_threads()) * 4;
  std::vector<VertexId> bounds;
  std::vector<std::string> buffers;
  VertexId v = 0;
  while (v < n) {
    // One round: up to maxChunks chunks of about kChunkEdges edges each.
    bounds.assign(1, v);
    while (bounds.size() <= maxChunks && bounds.back() < n) {
      VertexId lo = bounds.back();
      EdgeOffset target = offsets[lo] + kChunkEdges;
      bounds.push_back(static_cast<VertexId>(std::lower_bound(offsets + lo + 1, offsets + n, target) - offsets));
    }
    int chunks = static_cast<int>(bounds.size()) - 1;
    buffers.resize(chunks);
#pragma omp parallel for schedule(dynamic, 1)
    for (int k = 0; k < chunks; ++k) {
      std::string &buf = buffers[k];
      buf.clear();
      // Each number through its own buffer, large enough for any of them
      // (a double's shortest form is at most 24 characters).
      auto put = [&buf](auto x, char after) {
        char digits[32];
        buf.append(digits, std::to_chars(digits, digits + sizeof digits, x).ptr);
        buf.push_back(after);
      };
      for (VertexId u = bounds[k]; u < bounds[k + 1]; ++u)
        for (EdgeOffset e = offsets[u]; e < offsets[u + 1]; ++e) {
          put(u, ' ');
          bool withWeight = false;
          if constexpr (Graph<W>::kWeighted)
            withWeight = weighted;
          put(nbrs[e], withWeight ? ' ' : '\n');
          if constexpr (Graph<W>::kWeighted)
            if (withWeight)
              put(weights[e], '\n');
        }
    }
    for (int k = 0; k < chunks; ++k)
      out.write(buffers[k].data(), static_cast<int64_t>(buffers[k].size()));
    v = bounds.back();
  }
  out.close();
}

#define POLYRT_INSTANTIATE(W)                                                                \
  template Graph<W> loadEdgeListText<W>(InFile &, TextWeights);                             \
  template Graph<W> loadMatrixMarket<W>(InFile &);                                           \
  template Graph<W> loadDimacs<W>(InFile &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt::detail

namespace polyrt {
template <typename W> void writeEdgeListText(const Graph<W> &g, const std::string &path) {
  detail::writeTextEdges(g, path);
}
#define POLYRT_INSTANTIATE(W)                                                                  \
  template void writeEdgeListText<W>(const Graph<W> &, const std::string &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE
} // namespace polyrt
