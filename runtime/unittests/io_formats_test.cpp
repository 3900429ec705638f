//===- io_formats_test.cpp - The graph files users bring ----------------===//
//
// SNAP .txt, gzip-compressed files, NetworkX edge lists, DIMACS .gr,
// skew-symmetric Matrix Market, formats taken from the content, and the
// progress line of a long load.
//
//===----------------------------------------------------------------------===//
#include "detail/file.h"
#include "detail/io_detail.h"
#include "detail/progress.h"
#include "polyrt/io.h"
#include "test_util.h"

#include <sys/stat.h>
#include <zlib.h>

#include <thread>

using namespace polyrt;
using namespace polyrt::test;

namespace {

/// bytes as one gzip member.
std::string gzip(const std::string &bytes) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&z, bytes.size()) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  z.next_out = reinterpret_cast<Bytef *>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

const char *kEdges = "0 1\n0 2\n2 1\n3 0\n";
const char *kWeighted = "0 1 5\n0 2 7\n2 1 1\n3 0 2\n";

template <typename W> auto edgesIn(const std::string &name, const std::string &contents) {
  return edgesOf(loadGraph<W>(writeTemp(name, contents)));
}

/// A GAPBS .sg or .wsg file's bytes, written by polyrt from an edge list.
std::string serializedBytes(const char *text, bool weighted) {
  std::string path = tempPath(weighted ? "s.wsg" : "s.sg");
  if (weighted)
    writeSerializedGraph(loadGraph<int32_t>(writeTemp("s.wel", text)), path);
  else
    writeSerializedGraph(loadGraph<NoWeight>(writeTemp("s.el", text)), path);
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// ---- SNAP .txt -------------------------------------------------------------

TEST(SnapText, CommentedEdgeListLoadsAsTheEdgeList) {
  std::string snap = "# Directed graph (each unordered pair of nodes is saved once): g.txt\n"
                     "# Nodes: 4 Edges: 4\n# FromNodeId\tToNodeId\n0\t1\n0\t2\n2\t1\n3\t0\n";
  EXPECT_EQ(edgesIn<NoWeight>("g.txt", snap), edgesIn<NoWeight>("g.el", kEdges));
  // A third column is a weight.
  EXPECT_EQ(edgesIn<int32_t>("w.txt", kWeighted), edgesIn<int32_t>("w.wel", kWeighted));
  EXPECT_CONTAINS(errorOf([&] { loadGraph<int32_t>(writeTemp("u.txt", kEdges)); }),
                  "file has no weights (its first edge line has no weight column nor a 'weight' key)");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(writeTemp("m.txt", "0 1\n1 2 3\n")); }),
                  "m.txt:2: unexpected extra text '3'");
}

// ---- gzip ---------------------------------------------------------------------

TEST(Gzip, EveryFormatLoadsCompressed) {
  EXPECT_EQ(edgesIn<NoWeight>("g.el.gz", gzip(kEdges)), edgesIn<NoWeight>("g.el", kEdges));
  EXPECT_EQ(edgesIn<int32_t>("g.wel.gz", gzip(kWeighted)), edgesIn<int32_t>("g.wel", kWeighted));
  EXPECT_EQ(edgesIn<NoWeight>("g.txt.gz", gzip(std::string("# c\n") + kEdges)),
            edgesIn<NoWeight>("g.el", kEdges));
  std::string mtx = "%%MatrixMarket matrix coordinate integer general\n4 4 4\n1 2 5\n1 3 7\n3 2 1\n4 1 2\n";
  EXPECT_EQ(edgesIn<int32_t>("g.mtx.gz", gzip(mtx)), edgesIn<int32_t>("g.wel", kWeighted));
  std::string gr = "c x\np sp 4 4\na 1 2 5\na 1 3 7\na 3 2 1\na 4 1 2\n";
  EXPECT_EQ(edgesIn<int32_t>("g.gr.gz", gzip(gr)), edgesIn<int32_t>("g.wel", kWeighted));
  std::string adj = "AdjacencyGraph\n4\n4\n0 2 2 3\n1 2 1 0\n";
  EXPECT_EQ(edgesIn<NoWeight>("g.adj.gz", gzip(adj)), edgesIn<NoWeight>("g.el", kEdges));
  // Binary formats through the stream path (no size to check the header against).
  Graph<NoWeight> sg = loadGraph<NoWeight>(writeTemp("g.sg.gz", gzip(serializedBytes(kEdges, false))));
  EXPECT_EQ(edgesOf(sg), edgesIn<NoWeight>("g.el", kEdges));
  EXPECT_EQ(edgesIn<int32_t>("g.wsg.gz", gzip(serializedBytes(kWeighted, true))),
            edgesIn<int32_t>("g.wel", kWeighted));
  // Upper case, and members one after another (cat a.gz b.gz).
  EXPECT_EQ(edgesIn<NoWeight>("G.EL.GZ", gzip("0 1\n0 2\n") + gzip("2 1\n3 0\n")),
            edgesIn<NoWeight>("g.el", kEdges));
  // No extension inside: the content decides.
  EXPECT_EQ(edgesIn<NoWeight>("graph.gz", gzip(kEdges)), edgesIn<NoWeight>("g.el", kEdges));
}

TEST(Gzip, BrokenCompressedFiles) {
  std::string whole = gzip(kEdges);
  std::string cut = writeTemp("cut.el.gz", whole.substr(0, whole.size() - 6));
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(cut); }),
                  cut + ": the gzip data is truncated");
  std::string corrupt = whole;
  corrupt[12] = static_cast<char>(corrupt[12] ^ 0x55);
  corrupt[13] = static_cast<char>(corrupt[13] ^ 0x55);
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(writeTemp("bad.el.gz", corrupt)); }),
                  "corrupt gzip data");
  std::string plain = writeTemp("plain.el.gz", kEdges);
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(plain); }),
                  plain + ": not gzip data (a .gz file starts with the bytes 1f 8b)");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(writeTemp("g.el.gz", gzip("0 x\n"))); }),
                  "g.el.gz:1: expected a vertex id, found 'x'");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(writeTemp("g.zz.gz", gzip("hello\n"))); }),
                  "unknown graph file extension '.zz.gz', and its content is not a graph format");
}

TEST(Gzip, ABombEndsAtTheInputBound) {
  // 64 MiB of zeros compress to about 64 KiB; decompressed, they are bounded
  // by the same limit as any stream (here lowered to 1 MiB).
  std::string bomb = gzip(std::string(64 << 20, '\0'));
  EXPECT_LT(bomb.size(), 100u << 10);
  std::string path = writeTemp("bomb.el.gz", bomb);
  detail::InFile in(path);
  in.startGunzip();
  EXPECT_EQ(in.size(), -1);
  std::string error = errorOf([&] { in.readAll(1 << 20); });
  EXPECT_CONTAINS(error, path + ": the input goes on past the 1048576 bytes polyrt reads");
  EXPECT_CONTAINS(error, "gzip bomb");
}

// ---- NetworkX ---------------------------------------------------------------------

TEST(NetworkX, DataColumnIsIgnoredOrGivesTheWeight) {
  std::string plain = "0 1 {}\n0 2 {}\n2 1 {}\n3 0 {}\n";
  EXPECT_EQ(edgesIn<NoWeight>("g.edgelist", plain), edgesIn<NoWeight>("g.el", kEdges));
  EXPECT_EQ(edgesIn<NoWeight>("g.el", plain), edgesIn<NoWeight>("g.el", kEdges));
  EXPECT_EQ(edgesIn<NoWeight>("g.txt", plain), edgesIn<NoWeight>("g.el", kEdges));
  EXPECT_CONTAINS(errorOf([&] { loadGraph<int32_t>(writeTemp("g.edgelist", plain)); }),
                  "file has no weights");
  std::string weighted = "0 1 {'weight': 5}\n0 2 {'weight': 7, 'color': 'red, or {blue}'}\n"
                         "2 1 {'label': [1, 2], 'weight': 1}\n3 0 {\"weight\": 2}\n";
  EXPECT_EQ(edgesIn<int32_t>("g.edgelist", weighted), edgesIn<int32_t>("g.wel", kWeighted));
  EXPECT_EQ(edgesIn<int32_t>("g.wel", weighted), edgesIn<int32_t>("g.wel", kWeighted));
  EXPECT_EQ(edgesIn<NoWeight>("g.edgelist", weighted), edgesIn<NoWeight>("g.el", kEdges));
  auto floats = edgesIn<double>("f.edgelist", "0 1 {'weight': 2.5}\n1 0 {'weight': 1e-05}\n");
  EXPECT_EQ(std::get<2>(floats[0]), 2.5);
  EXPECT_EQ(std::get<2>(floats[1]), 1e-05);
}

TEST(NetworkX, BadDataColumns) {
  auto error = [](const std::string &text) {
    return errorOf([&] { loadGraph<int32_t>(writeTemp("g.edgelist", text)); });
  };
  EXPECT_CONTAINS(error("0 1 {'weight': 5}\n1 2 {}\n"), ":2: no 'weight' key in the data column '{}'");
  EXPECT_CONTAINS(error("0 1 {'weight': 5}\n1 2 {'weight': 5\n"), ":2: unterminated data column");
  EXPECT_CONTAINS(error("0 1 {'weight': 5}\n1 2 {'weight' 5}\n"), ":2: expected ':' after the key ''weight''");
  EXPECT_CONTAINS(error("0 1 {'weight': 5}\n1 2 {'weight': 'x'}\n"), ":2: expected a weight, found ''x''");
  EXPECT_CONTAINS(error("0 1 {'weight': 5}\n1 2 {'weight': 2.5}\n"), ":2: weight 2.5 is not an integer");
  EXPECT_CONTAINS(error("0 1 {'weight': 5} x\n"), ":1: unexpected extra text 'x'");
}

// ---- DIMACS .gr --------------------------------------------------------------------

TEST(Dimacs, ShortestPathGraph) {
  std::string gr = "c 9th DIMACS Implementation Challenge\nc\np sp 5 4\nc arcs\n"
                   "a 1 2 5\na 1 3 7\n\na 3 2 1\na 4 1 2\n";
  Graph<int32_t> g = loadGraph<int32_t>(writeTemp("g.gr", gr));
  EXPECT_EQ(g.numVertices(), 5); // from the problem line, not the largest id
  EXPECT_TRUE(g.directed());
  EXPECT_EQ(edgesOf(g), edgesIn<int32_t>("g.wel", kWeighted));
  EXPECT_EQ(loadGraph<NoWeight>(writeTemp("g.gr", gr)).numEdges(), 4);
}

TEST(Dimacs, Errors) {
  auto error = [](const std::string &text) {
    return errorOf([&] { loadGraph<int32_t>(writeTemp("g.gr", text)); });
  };
  EXPECT_CONTAINS(error("c only\n"), "missing the problem line 'p sp <vertices> <arcs>'");
  EXPECT_CONTAINS(error("a 1 2 3\n"), ":1: expected the problem line");
  EXPECT_CONTAINS(error("p max 3 1\n"), ":1: a DIMACS 'max' problem, not a shortest-path graph");
  EXPECT_CONTAINS(error("p sp 3\n"), ":1: expected the problem line 'p sp <vertices> <arcs>'");
  EXPECT_CONTAINS(error("p sp 3 2\na 1 2 1\n"), "the problem line declares 2 arcs but the file has 1");
  EXPECT_CONTAINS(error("p sp 3 1\na 1 4 1\n"), ":2: vertex id 4 is beyond the 3 vertices of the problem line");
  EXPECT_CONTAINS(error("p sp 3 1\na 0 2 1\n"), ":2: vertex id 0 in a 1-based DIMACS file");
  EXPECT_CONTAINS(error("p sp 3 1\na 1 2\n"), ":2: missing the weight");
  EXPECT_CONTAINS(error("p sp 3 1\ne 1 2 1\n"), ":2: expected an arc line 'a <from> <to> <weight>', found 'e'");
  EXPECT_CONTAINS(error("p sp 3 2\na 1 2 1\np sp 3 2\n"), ":3: expected an arc line");
  EXPECT_CONTAINS(error("p sp 2000000000 1\na 1 2 1\n"),
                  "its problem line declares 2000000000 vertices, so the graph would have "
                  "2000000000 vertices, but its 1 edge touches at most 2");
  EXPECT_CONTAINS(error("p sp 3000000000 1\n"), "polyrt uses 32-bit vertex ids");
}

// ---- skew-symmetric Matrix Market ---------------------------------------------------

TEST(MatrixMarketSkew, EachEntryStandsForItsNegatedMirror) {
  std::string mtx = "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n2 1 1.5\n3 1 -2\n";
  Graph<double> g = loadGraph<double>(writeTemp("s.mtx", mtx));
  EXPECT_TRUE(g.directed());
  using E = std::tuple<VertexId, VertexId, double>;
  EXPECT_EQ(edgesOf(g), (std::vector<E>{{0, 1, -1.5}, {0, 2, 2.0}, {1, 0, 1.5}, {2, 0, -2.0}}));
  EXPECT_EQ(loadGraph<NoWeight>(writeTemp("s.mtx", mtx)).numEdges(), 4);
  std::string ints = "%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 4\n";
  EXPECT_EQ(edgesOf(loadGraph<int32_t>(writeTemp("i.mtx", ints))),
            (std::vector<E>{{0, 1, -4.0}, {1, 0, 4.0}}));
}

TEST(MatrixMarketSkew, Errors) {
  auto error = [](const std::string &text, auto weight) {
    return errorOf([&] { loadGraph<decltype(weight)>(writeTemp("s.mtx", text)); });
  };
  EXPECT_CONTAINS(error("%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n2 2 1\n", 0.0),
                  "entry 1 (2, 2) is on the diagonal of a skew-symmetric matrix");
  EXPECT_CONTAINS(error("%%MatrixMarket matrix coordinate pattern skew-symmetric\n2 2 1\n2 1\n", NoWeight{}),
                  ":1: a pattern matrix cannot be skew-symmetric");
  EXPECT_CONTAINS(error("%%MatrixMarket matrix coordinate real hermitian\n2 2 1\n2 1 1\n", 0.0),
                  "unsupported Matrix Market symmetry 'hermitian' (supported: general, symmetric, skew-symmetric)");
  EXPECT_CONTAINS(error("%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 1\n", 0u),
                  "the program reads unsigned weights");
  EXPECT_CONTAINS(error("%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 -2147483648\n", 0),
                  "does not fit in an int");
}

// ---- formats from the content -------------------------------------------------------

TEST(Sniffing, UnknownNamesAreReadByTheirContent) {
  auto el = edgesIn<NoWeight>("g.el", kEdges);
  EXPECT_EQ(edgesIn<NoWeight>("g.edges", kEdges), el);
  EXPECT_EQ(edgesIn<NoWeight>("graph", std::string("# SNAP\n") + kEdges), el);
  EXPECT_EQ(edgesIn<int32_t>("g.tsv", "0\t1\t5\n0\t2\t7\n2\t1\t1\n3\t0\t2\n"),
            edgesIn<int32_t>("g.wel", kWeighted));
  EXPECT_EQ(edgesIn<NoWeight>("g.graph", "0 1 {}\n0 2 {}\n2 1 {}\n3 0 {}\n"), el);
  EXPECT_EQ(edgesIn<NoWeight>("m", "%%MatrixMarket matrix coordinate pattern general\n4 4 4\n1 2\n1 3\n3 2\n4 1\n"), el);
  EXPECT_EQ(edgesIn<NoWeight>("a.graph", "AdjacencyGraph\n4\n4\n0 2 2 3\n1 2 1 0\n"), el);
  EXPECT_EQ(edgesIn<int32_t>("d", "c x\np sp 4 4\na 1 2 5\na 1 3 7\na 3 2 1\na 4 1 2\n"),
            edgesIn<int32_t>("g.wel", kWeighted));
  EXPECT_EQ(edgesIn<NoWeight>("s.bin", serializedBytes(kEdges, false)), el);
  EXPECT_EQ(edgesIn<int32_t>("s.bin", serializedBytes(kWeighted, true)),
            edgesIn<int32_t>("g.wel", kWeighted));
  // A known extension keeps its meaning.
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(writeTemp("a.el", "AdjacencyGraph\n1\n0\n0\n")); }),
                  "a.el:1: expected a vertex id, found 'AdjacencyGraph'");
}

TEST(Sniffing, ContentThatIsNoFormatIsRefusedListingTheFormats) {
  auto error = [](const std::string &name, const std::string &text) {
    return errorOf([&] { loadGraph<NoWeight>(writeTemp(name, text)); });
  };
  std::string unknown = error("g.xyz", "hello world\n");
  EXPECT_CONTAINS(unknown, "unknown graph file extension '.xyz', and its content is not a graph "
                           "format polyrt recognizes (supported: .el, .wel, .txt");
  EXPECT_CONTAINS(error("noext", "vertex,vertex\n"), "graph file has no extension, and its content");
  EXPECT_CONTAINS(error("empty", ""), "graph file has no extension");
  // A .sg header whose counts do not give the file's size.
  std::string sg = serializedBytes(kEdges, false);
  EXPECT_CONTAINS(error("s.bin", sg + "x"), "unknown graph file extension '.bin'");
  EXPECT_FALSE(detail::looksLikeEdgeList("0 1 2 3\n"));
  EXPECT_FALSE(detail::looksLikeEdgeList("0 -1\n"));
  EXPECT_TRUE(detail::looksLikeEdgeList("% c\n\n 0 1 +2.5\n"));
}

/// Writes contents into a named pipe on another thread while f reads it.
template <typename F> void throughFifo(const std::string &name, const std::string &contents, F f) {
  std::string fifo = tempPath(name);
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] {
    std::FILE *out = std::fopen(fifo.c_str(), "wb");
    if (!out)
      return;
    std::fwrite(contents.data(), 1, contents.size(), out);
    std::fclose(out);
  });
  f(fifo);
  writer.join();
}

TEST(Sniffing, StreamsAreSniffedWithoutRewinding) {
  auto el = edgesIn<NoWeight>("g.el", kEdges);
  throughFifo("pipe", kEdges, [&](const std::string &p) { EXPECT_EQ(edgesOf(loadGraph<NoWeight>(p)), el); });
  throughFifo("pipe", gzip(kEdges), [&](const std::string &p) { EXPECT_EQ(edgesOf(loadGraph<NoWeight>(p)), el); });
  throughFifo("pipe", serializedBytes(kEdges, false),
              [&](const std::string &p) { EXPECT_EQ(edgesOf(loadGraph<NoWeight>(p)), el); });
  throughFifo("pipe", gzip(serializedBytes(kWeighted, true)), [&](const std::string &p) {
    EXPECT_EQ(edgesOf(loadGraph<int32_t>(p)), edgesIn<int32_t>("g.wel", kWeighted));
  });
  throughFifo("pipe.gr", "p sp 4 4\na 1 2 5\na 1 3 7\na 3 2 1\na 4 1 2\n", [&](const std::string &p) {
    EXPECT_EQ(edgesOf(loadGraph<int32_t>(p)), edgesIn<int32_t>("g.wel", kWeighted));
  });
}

TEST(Sniffing, PeekedBytesAreReadAgain) {
  detail::InFile in("g", std::string("abcdef"));
  EXPECT_EQ(in.size(), 6);
  EXPECT_EQ(in.peek(3), "abc");
  EXPECT_EQ(in.peek(10), "abcdef");
  char two[2];
  in.read(two, 2);
  EXPECT_EQ(std::string(two, 2), "ab");
  EXPECT_EQ(in.size(), 4);
  EXPECT_EQ(in.peek(1), "c");
  EXPECT_EQ(in.readAll(), "cdef");
  EXPECT_EQ(in.size(), 0);
}

// ---- progress -----------------------------------------------------------------------

TEST(LoadProgress, Formatting) {
  EXPECT_EQ(detail::formatProgress("g.el", 512, -1, 0), "loading g.el: 512 B read");
  EXPECT_EQ(detail::formatProgress("g.el", int64_t(3) << 29, 12345678, 2.0),
            "loading g.el: 1.5 GiB read, 12.3 M edges, 768.0 MiB/s");
  EXPECT_EQ(detail::formatProgress("g.el", 2048, 1, 1.0), "loading g.el: 2.0 KiB read, 1 edge, 2.0 KiB/s");
}

std::string contentsOf(std::FILE *f) {
  std::fflush(f);
  std::rewind(f);
  std::string text;
  char buffer[256];
  size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, f)) > 0)
    text.append(buffer, got);
  return text;
}

TEST(LoadProgress, OneLineRewrittenInPlaceOnATerminal) {
  std::FILE *out = std::tmpfile();
  ASSERT_NE(out, nullptr);
  {
    detail::LoadProgress progress("g.el", out, /*show=*/1, /*delaySeconds=*/0);
    EXPECT_EQ(detail::LoadProgress::current(), &progress);
    detail::LoadProgress::bytesRead(1000);
    detail::LoadProgress::edgesKnown(10);
  }
  EXPECT_EQ(detail::LoadProgress::current(), nullptr);
  std::string text = contentsOf(out);
  EXPECT_EQ(text.front(), '\r');
  EXPECT_EQ(text.back(), '\n');
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1);
  EXPECT_CONTAINS(text, "loading g.el: 1000 B read, 10 edges");
  std::fclose(out);
}

TEST(LoadProgress, NothingWhenNotATerminalOrQuick) {
  std::FILE *out = std::tmpfile(); // not a terminal
  ASSERT_NE(out, nullptr);
  {
    detail::LoadProgress progress("g.el", out, /*show=*/-1, /*delaySeconds=*/0);
    detail::LoadProgress::bytesRead(1000);
    detail::LoadProgress::edgesKnown(10);
  }
  {
    detail::LoadProgress quick("g.el", out, /*show=*/1, /*delaySeconds=*/60);
    detail::LoadProgress::bytesRead(1000);
  }
  EXPECT_EQ(contentsOf(out), "");
  std::fclose(out);
  // A whole load with stderr captured (a file, not a terminal).
  testing::internal::CaptureStderr();
  loadGraph<NoWeight>(writeTemp("g.el", kEdges));
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

} // namespace
