//===- io_test.cpp - Loaders and writers --------------------------------===//
#include "polyrt/edge_list.h"
#include "polyrt/io.h"
#include "test_util.h"

#include <cstring>
#include <tuple>

using namespace polyrt;
using namespace polyrt::test;

namespace {

// ---- text edge lists --------------------------------------------------------

TEST(LoadEdgeList, ReadsEdgesVerbatim) {
  std::string path = writeTemp("g.el", "# a comment\n% another\n\n0 1\n0\t2\r\n  2 2 \n0 1\n5 0\n");
  Graph<NoWeight> g = loadGraph<NoWeight>(path);
  EXPECT_EQ(g.numVertices(), 6); // max id + 1
  EXPECT_EQ(g.numEdges(), 5);
  EXPECT_TRUE(g.directed());
  EXPECT_ELEMENTS(outList(g, 0), 1, 1, 2);
  EXPECT_ELEMENTS(outList(g, 2), 2);
  EXPECT_ELEMENTS(outList(g, 5), 0);
  EXPECT_EQ(g.outDegree(3), 0);
}

TEST(LoadEdgeList, NoTrailingNewline) {
  Graph<NoWeight> g = loadGraph<NoWeight>(writeTemp("g.el", "0 1\n1 2"));
  EXPECT_EQ(g.numEdges(), 2);
}

TEST(LoadEdgeList, EmptyFileIsEmptyGraph) {
  Graph<NoWeight> g = loadGraph<NoWeight>(writeTemp("g.el", ""));
  EXPECT_EQ(g.numVertices(), 0);
  EXPECT_EQ(g.numEdges(), 0);
  Graph<NoWeight> c = loadGraph<NoWeight>(writeTemp("g.el", "# only a comment\n"));
  EXPECT_EQ(c.numVertices(), 0);
}

TEST(LoadEdgeList, ExtensionIsCaseInsensitive) {
  EXPECT_EQ(loadGraph<NoWeight>(writeTemp("g.EL", "0 1\n")).numEdges(), 1);
}

TEST(LoadErrors, MissingFile) {
  std::string path = tempPath("missing.el");
  std::string msg = errorOf([&] { loadGraph<NoWeight>(path); });
  EXPECT_CONTAINS(msg, path + ": cannot open file: No such file or directory");
}

TEST(LoadErrors, Directory) {
  std::string dir = tempPath("dir.el");
  ASSERT_EQ(mkdir(dir.c_str(), 0700), 0);
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(dir); }), "it is a directory");
}

TEST(LoadErrors, UnknownExtension) {
  // (An unknown extension whose content is a graph loads: io_formats_test.cpp.)
  std::string path = writeTemp("g.xyz", "not a graph\n");
  std::string msg = errorOf([&] { loadGraph<NoWeight>(path); });
  EXPECT_CONTAINS(msg, path + ": unknown graph file extension '.xyz'");
  EXPECT_CONTAINS(msg, "supported: .el, .wel, .txt and .edgelist (edge lists), .mtx, .gr (DIMACS), .sg, .wsg");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(writeTemp("graph", "")); }),
                  "graph file has no extension");
}

TEST(LoadErrors, BadToken) {
  std::string path = writeTemp("g.el", "0 1\n0 x1\n");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(path); }),
                  path + ":2: expected a vertex id, found 'x1'");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(writeTemp("g.el", "1.5 2\n")); }),
                  ":1: expected a vertex id, found '1.5'");
}

TEST(LoadErrors, MissingColumn) {
  std::string path = writeTemp("g.el", "0 1\n\n3\n");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(path); }),
                  path + ":3: missing the destination vertex id");
  std::string wel = writeTemp("g.wel", "0 1 2\n0 1\n");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<int32_t>(wel); }), wel + ":2: missing the weight");
}

TEST(LoadErrors, NegativeId) {
  std::string path = writeTemp("g.el", "0 -4\n");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(path); }), path + ":1: negative vertex id -4");
}

TEST(LoadErrors, IdTooLarge) {
  std::string msg = errorOf([&] { loadGraph<NoWeight>(writeTemp("g.el", "2147483647 0\n")); });
  EXPECT_CONTAINS(msg, ":1: vertex id 2147483647 is too large: polyrt uses 32-bit vertex ids");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(writeTemp("g.el", "0 99999999999999999999\n")); }),
                  "vertex id 99999999999999999999 is too large");
}

TEST(LoadErrors, ExtraColumnInEl) {
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(writeTemp("g.el", "0 1 5\n")); }),
                  ":1: unexpected extra text '5'");
}

TEST(LoadErrors, WeightsRequestedFromUnweightedFile) {
  std::string el = writeTemp("g.el", "0 1\n");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<int32_t>(el); }), el + ": file has no weights");
  Graph<NoWeight> g(2, {0, 1, 1}, {1}, {}, true);
  std::string sg = tempPath("g.sg");
  writeSerializedGraph(g, sg);
  EXPECT_CONTAINS(errorOf([&] { loadGraph<double>(sg); }), sg + ": file has no weights");
}

TEST(LoadErrors, LineNumbersInLargeFiles) {
  // Over 1 MiB, so the file is parsed in parallel chunks.
  std::string text;
  for (int i = 0; i < 200000; ++i)
    text += std::to_string(i % 1000) + " " + std::to_string((i * 7) % 1000) + "\n";
  text += "12 oops\n";
  for (int i = 0; i < 50000; ++i)
    text += "1 2\n";
  std::string path = writeTemp("big.el", text);
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(path); }),
                  path + ":200001: expected a vertex id, found 'oops'");
}

TEST(LoadEdgeList, LargeFileMatchesThreadCounts) {
  std::string text;
  for (int i = 0; i < 150000; ++i)
    text += std::to_string((i * 31) % 5003) + " " + std::to_string((i * 17) % 4999) + " " +
            std::to_string(i % 100) + "\n";
  std::string path = writeTemp("big.wel", text);
  Graph<int32_t> one = withThreads(1, [&] { return loadGraph<int32_t>(path); });
  Graph<int32_t> four = withThreads(4, [&] { return loadGraph<int32_t>(path); });
  EXPECT_EQ(one.numEdges(), 150000);
  EXPECT_TRUE(sameGraph(one, four));
}

// ---- weighted text ----------------------------------------------------------

TEST(LoadWeightedEdgeList, IntegerAndFloatingWeights) {
  std::string path = writeTemp("g.wel", "0 1 5\n1 2 -3\n2 0 2.0\n");
  Graph<int32_t> gi = loadGraph<int32_t>(path);
  EXPECT_ELEMENTS(outWeightList(gi, 1), -3);
  EXPECT_ELEMENTS(outWeightList(gi, 2), 2);
  Graph<double> gd = loadGraph<double>(writeTemp("g.wel", "0 1 0.25\n0 2 1e-3\n"));
  EXPECT_ELEMENTS(outWeightList(gd, 0), 0.25, 1e-3);
  Graph<float> gf = loadGraph<float>(writeTemp("g.wel", "0 1 1.5\n"));
  EXPECT_ELEMENTS(outWeightList(gf, 0), 1.5f);
}

TEST(LoadWeightedEdgeList, UnsignedWeightsAreReadExactly) {
  std::string path = writeTemp("g.wel", "0 1 4294967295\n0 2 2.0\n1 2 9007199254740993\n");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<uint32_t>(path); }),
                  path + ":3: weight 9007199254740993 does not fit in a uint");
  Graph<uint64_t> g = loadGraph<uint64_t>(path);
  EXPECT_ELEMENTS(outWeightList(g, 0), 4294967295u, 2u);
  EXPECT_ELEMENTS(outWeightList(g, 1), uint64_t{9007199254740993}); // 2^53 + 1: not a double
  EXPECT_CONTAINS(errorOf([&] { loadGraph<uint64_t>(writeTemp("g.wel", "0 1 -1\n")); }),
                  ":1: weight -1 does not fit in a uint_64");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<uint64_t>(writeTemp("g.wel", "0 1 1e20\n")); }),
                  "does not fit in a uint_64");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<uint32_t>(writeTemp("g.wel", "0 1 0.5\n")); }),
                  "is not an integer (the program reads uint weights)");
}

TEST(LoadWeightedEdgeList, UnweightedRequestIgnoresWeights) {
  Graph<NoWeight> g = loadGraph<NoWeight>(writeTemp("g.wel", "0 1 0.5\n1 0 7\n"));
  EXPECT_EQ(g.numEdges(), 2);
  EXPECT_EQ(g.outWeights(), nullptr);
}

TEST(LoadWeightedEdgeList, NonIntegerWeightForIntGraph) {
  std::string path = writeTemp("g.wel", "0 1 1\n0 2 1.5\n");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<int32_t>(path); }),
                  path + ":2: weight 1.5 is not an integer");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<int32_t>(writeTemp("g.wel", "0 1 3e10\n")); }),
                  "does not fit in an int");
}

TEST(LoadWeightedEdgeList, BadWeights) {
  EXPECT_CONTAINS(errorOf([&] { loadGraph<double>(writeTemp("g.wel", "0 1 heavy\n")); }),
                  ":1: expected a weight, found 'heavy'");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<double>(writeTemp("g.wel", "0 1 nan\n")); }),
                  "is not a finite number");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<double>(writeTemp("g.wel", "0 1 2 3\n")); }),
                  ":1: unexpected extra text '3'");
}

// ---- Matrix Market ----------------------------------------------------------

TEST(LoadMatrixMarket, GeneralPattern) {
  Graph<NoWeight> g = loadGraph<NoWeight>(writeTemp(
      "g.mtx", "%%MatrixMarket matrix coordinate pattern general\n% comment\n4 4 3\n1 2\n2 3\n4 4\n"));
  EXPECT_EQ(g.numVertices(), 4);
  EXPECT_TRUE(g.directed());
  EXPECT_ELEMENTS(outList(g, 0), 1);
  EXPECT_ELEMENTS(outList(g, 3), 3);
}

TEST(LoadMatrixMarket, SymmetricIsUndirected) {
  Graph<double> g = loadGraph<double>(writeTemp(
      "g.mtx", "%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n2 1 0.5\n3 1 1.5\n3 3 2\n"));
  EXPECT_FALSE(g.directed());
  EXPECT_EQ(g.numEdges(), 5); // the diagonal entry once
  EXPECT_ELEMENTS(outList(g, 0), 1, 2);
  EXPECT_ELEMENTS(outWeightList(g, 0), 0.5, 1.5);
  EXPECT_ELEMENTS(outList(g, 2), 0, 2);
}

TEST(LoadMatrixMarket, Errors) {
  auto load = [](const std::string &text) {
    return errorOf([&] { loadGraph<NoWeight>(writeTemp("g.mtx", text)); });
  };
  EXPECT_CONTAINS(load("1 2\n"), ":1: not a Matrix Market file");
  EXPECT_CONTAINS(load("%%MatrixMarket matrix array real general\n2 2\n"),
                  "only coordinate Matrix Market files");
  EXPECT_CONTAINS(load("%%MatrixMarket matrix coordinate complex general\n"), "field 'complex'");
  EXPECT_CONTAINS(load("%%MatrixMarket matrix coordinate pattern hermitian\n"),
                  "symmetry 'hermitian'");
  EXPECT_CONTAINS(load("%%MatrixMarket matrix coordinate pattern general\n2 2\n"),
                  ":2: expected the size line");
  EXPECT_CONTAINS(load("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n0 1\n"),
                  ":3: index 0 in a 1-based Matrix Market file");
  EXPECT_CONTAINS(load("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 3\n"),
                  ":3: index 3 is beyond the matrix size 2");
  EXPECT_CONTAINS(load("%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 2\n"),
                  "declares 2 entries but the file has 1");
  EXPECT_CONTAINS(errorOf([&] {
                    loadGraph<int32_t>(writeTemp(
                        "g.mtx", "%%MatrixMarket matrix coordinate pattern general\n1 1 0\n"));
                  }),
                  "file has no weights");
}

// ---- GAPBS serialized graphs ------------------------------------------------

/// A serialized graph, byte for byte as GAPBS writes it.
struct SgBuilder {
  std::string bytes;
  template <typename T> SgBuilder &put(T value) {
    bytes.append(reinterpret_cast<const char *>(&value), sizeof value);
    return *this;
  }
  template <typename T> SgBuilder &put(const std::vector<T> &values) {
    for (T v : values)
      put(v);
    return *this;
  }
};

std::string readBytes(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(Serialized, WritesGapbsLayoutDirected) {
  // 0->1, 0->2, 2->1
  Graph<NoWeight> g(3, {0, 2, 2, 3}, {1, 2, 1}, {}, true);
  std::string path = tempPath("g.sg");
  writeSerializedGraph(g, path);
  SgBuilder expected;
  expected.put<uint8_t>(1).put<int64_t>(3).put<int64_t>(3);
  expected.put(std::vector<int64_t>{0, 2, 2, 3}).put(std::vector<int32_t>{1, 2, 1});
  expected.put(std::vector<int64_t>{0, 0, 2, 3}).put(std::vector<int32_t>{0, 2, 0});
  EXPECT_EQ(readBytes(path), expected.bytes);
}

TEST(Serialized, WritesGapbsLayoutWeightedUndirected) {
  Graph<int32_t> g = buildGraph<int32_t>({{0, 1, 9}}, 2, true);
  std::string path = tempPath("g.wsg");
  writeSerializedGraph(g, path);
  SgBuilder expected;
  expected.put<uint8_t>(0).put<int64_t>(2).put<int64_t>(2);
  expected.put(std::vector<int64_t>{0, 1, 2}).put(std::vector<int32_t>{1, 9, 0, 9});
  EXPECT_EQ(readBytes(path), expected.bytes);
}

TEST(LigraBinary, WritesWhatLigraReadsWithB) {
  // 0->1, 0->2, 2->1, and a weighted graph's weights left out
  Graph<int32_t> g(3, {0, 2, 2, 3}, {1, 2, 1}, {5, 6, 7}, true);
  std::string base = tempPath("g.ligra");
  writeGraph(g, base); // by the extension
  EXPECT_EQ(readBytes(base + ".config"), "3\n");
  SgBuilder adj, idx;
  adj.put(std::vector<uint32_t>{1, 2, 1});
  idx.put(std::vector<uint32_t>{0, 2, 2});
  EXPECT_EQ(readBytes(base + ".adj"), adj.bytes);
  EXPECT_EQ(readBytes(base + ".idx"), idx.bytes);
}

TEST(GeminiBinary, WritesPackedEdgeRecords) {
  // 0->1, 0->2, 2->1: uint32 pairs, and with .wgemini a float weight each.
  Graph<int32_t> g(3, {0, 2, 2, 3}, {1, 2, 1}, {5, 6, 7}, true);
  std::string plain = tempPath("g.gemini"), weighted = tempPath("g.wgemini");
  writeGraph(g, plain); // by the extension
  writeGraph(g, weighted);
  SgBuilder pairs, records;
  pairs.put(std::vector<uint32_t>{0, 1, 0, 2, 2, 1});
  for (auto [u, v, w] : {std::tuple{0u, 1u, 5.0f}, {0u, 2u, 6.0f}, {2u, 1u, 7.0f}})
    records.put(u).put(v).put(w);
  EXPECT_EQ(readBytes(plain), pairs.bytes);
  EXPECT_EQ(readBytes(weighted), records.bytes);
}

TEST(GeminiBinary, RejectsWeightsItCannotHold) {
  std::string path = tempPath("w.wgemini");
  Graph<NoWeight> unweighted(2, {0, 1, 1}, {1}, {}, true);
  EXPECT_EQ(errorOf([&] { writeGraph(unweighted, path); }),
            path + ": the graph has no weights: write a .gemini file");
  Graph<double> tenth(2, {0, 1, 1}, {1}, {0.1}, true);
  EXPECT_EQ(errorOf([&] { writeGraph(tenth, path); }),
            path + ": the weight of edge 0 -> 1 is not exactly a float, which Gemini's weights are");
}

TEST(GaloisBinary, WritesVersionOneWithPadding) {
  // 0->1, 0->2, 2->1: three edges, so a uint32 of padding before the weights.
  Graph<int32_t> g(3, {0, 2, 2, 3}, {1, 2, 1}, {5, 6, 7}, true);
  std::string plain = tempPath("g.galois"), weighted = tempPath("g.wgalois");
  writeGraph(g, plain); // by the extension
  writeGraph(g, weighted);
  SgBuilder expected, expectedWeighted;
  for (SgBuilder *b : {&expected, &expectedWeighted}) {
    b->put(uint64_t{1}).put(uint64_t{b == &expected ? 0u : 4u}).put(uint64_t{3}).put(uint64_t{3});
    b->put(std::vector<uint64_t>{2, 2, 3}).put(std::vector<uint32_t>{1, 2, 1, 0});
  }
  expectedWeighted.put(std::vector<uint32_t>{5, 6, 7});
  EXPECT_EQ(readBytes(plain), expected.bytes);
  EXPECT_EQ(readBytes(weighted), expectedWeighted.bytes);
}

TEST(GaloisBinary, RejectsWeightsItCannotHold) {
  std::string path = tempPath("w.wgalois");
  Graph<NoWeight> unweighted(2, {0, 1, 1}, {1}, {}, true);
  EXPECT_EQ(errorOf([&] { writeGraph(unweighted, path); }),
            path + ": the graph has no weights: write a .galois file");
  Graph<int32_t> negative(2, {0, 1, 1}, {1}, {-3}, true);
  EXPECT_EQ(errorOf([&] { writeGraph(negative, path); }),
            path + ": weight -3 of edge 0 is not a whole number from 0 to 2^32-1, which "
                   "Galois's uint32 weights are");
}

TEST(AdjacencyWriter, WritesWhatTheReaderReads) {
  Graph<int32_t> g(3, {0, 2, 2, 3}, {1, 2, 1}, {5, 6, 7}, true);
  std::string plain = tempPath("g.adj"), weighted = tempPath("g.wadj");
  writeGraph(g, plain);
  writeGraph(g, weighted);
  auto text = [](const std::string &path) { return readBytes(path); };
  EXPECT_EQ(text(plain), "AdjacencyGraph\n3\n3\n0\n2\n2\n1\n2\n1\n");
  EXPECT_EQ(text(weighted), "WeightedAdjacencyGraph\n3\n3\n0\n2\n2\n1\n2\n1\n5\n6\n7\n");
  Graph<NoWeight> unweighted(2, {0, 1, 1}, {1}, {}, true);
  EXPECT_EQ(errorOf([&] { writeGraph(unweighted, weighted); }),
            weighted + ": the graph has no weights: write a .adj file");
}

TEST(Serialized, ReadsGapbsBytesWithCsc) {
  SgBuilder b;
  b.put<uint8_t>(1).put<int64_t>(2).put<int64_t>(3);
  b.put(std::vector<int64_t>{0, 1, 2, 2}).put(std::vector<int32_t>{2, 2});
  b.put(std::vector<int64_t>{0, 0, 0, 2}).put(std::vector<int32_t>{0, 1});
  Graph<NoWeight> g = loadGraph<NoWeight>(writeTemp("g.sg", b.bytes));
  EXPECT_EQ(g.numVertices(), 3);
  EXPECT_EQ(g.numEdges(), 2);
  EXPECT_TRUE(g.directed());
  ASSERT_TRUE(g.hasInEdges());
  EXPECT_ELEMENTS(inList(g, 2), 0, 1);
}

TEST(Serialized, RejectsInconsistentParts) {
  // Undirected, but 0->1 has no 1->0.
  SgBuilder a;
  a.put<uint8_t>(0).put<int64_t>(1).put<int64_t>(2);
  a.put(std::vector<int64_t>{0, 1, 1}).put(std::vector<int32_t>{1});
  std::string asym = writeTemp("asym.sg", a.bytes);
  EXPECT_EQ(errorOf([&] { loadGraph<NoWeight>(asym); }),
            asym + ": says undirected but vertex 0 has an out-edge to 1 and 1 none to 0");
  // Directed 0->2, 1->2, but the in-edges say 0->2 twice.
  SgBuilder d;
  d.put<uint8_t>(1).put<int64_t>(2).put<int64_t>(3);
  d.put(std::vector<int64_t>{0, 1, 2, 2}).put(std::vector<int32_t>{2, 2});
  d.put(std::vector<int64_t>{0, 0, 0, 2}).put(std::vector<int32_t>{0, 0});
  std::string bad = writeTemp("bad.sg", d.bytes);
  EXPECT_EQ(errorOf([&] { loadGraph<NoWeight>(bad); }),
            bad + ": its in-edges are not the transpose of its out-edges (vertex 2 has 2 in-edges "
                  "from 0, but 0 has only 1 out-edge to 2)");
  // A .wsg whose in-edge has another weight: an error for a weighted
  // program, not for an unweighted one (which never reads the weights).
  SgBuilder w;
  w.put<uint8_t>(1).put<int64_t>(1).put<int64_t>(2);
  w.put(std::vector<int64_t>{0, 1, 1}).put(std::vector<int32_t>{1, 4});
  w.put(std::vector<int64_t>{0, 0, 1}).put(std::vector<int32_t>{0, 5});
  std::string weights = writeTemp("w.wsg", w.bytes);
  EXPECT_EQ(errorOf([&] { loadGraph<int32_t>(weights); }),
            weights + ": its in-edges are not the transpose of its out-edges (vertex 0 has an "
                      "out-edge to 1 with weight 4, but 1 has no in-edge from 0 with weight 4)");
  EXPECT_EQ(loadGraph<NoWeight>(weights).numEdges(), 1);
}

TEST(Serialized, RoundTrips) {
  EdgeList el = generateKronecker(10, 8, 5);
  for (bool sym : {false, true}) {
    Graph<int32_t> g = buildGraph<int32_t>(el, 1 << 10, sym);
    std::string wsg = tempPath("k.wsg"), sg = tempPath("k.sg");
    writeSerializedGraph(g, wsg);
    writeSerializedGraph(g, sg);
    Graph<int32_t> back = loadGraph<int32_t>(wsg);
    EXPECT_TRUE(sameGraph(g, back));
    EXPECT_EQ(back.directed(), !sym);
    EXPECT_TRUE(back.hasInEdges());
    g.buildInEdges();
    EXPECT_EQ(inEdgesOf(g), inEdgesOf(back));
    Graph<float> asFloat = loadGraph<float>(wsg);
    EXPECT_EQ(edgesOf(asFloat), edgesOf(g));
    Graph<NoWeight> plain = loadGraph<NoWeight>(sg);
    Graph<NoWeight> plainFromWsg = loadGraph<NoWeight>(wsg);
    EXPECT_TRUE(sameGraph(plain, plainFromWsg));
    EXPECT_EQ(plain.numEdges(), g.numEdges());
  }
}

TEST(Serialized, ReadErrors) {
  Graph<NoWeight> g(3, {0, 2, 2, 3}, {1, 2, 1}, {}, true);
  std::string good = tempPath("g.sg");
  writeSerializedGraph(g, good);
  std::string bytes = readBytes(good);
  auto load = [](const std::string &contents) {
    return errorOf([&] { loadGraph<NoWeight>(writeTemp("bad.sg", contents)); });
  };
  EXPECT_CONTAINS(load(bytes.substr(0, 10)), "file is truncated");
  EXPECT_CONTAINS(load(bytes.substr(0, bytes.size() - 1)), "file is truncated");
  EXPECT_CONTAINS(load(bytes + "x"), "unexpected trailing data");
  EXPECT_CONTAINS(load(""), "file is truncated");
  auto patched = [&](size_t offset, auto value) {
    std::string b = bytes;
    std::memcpy(b.data() + offset, &value, sizeof value);
    return b;
  };
  // Layout: 17-byte header, 4 offsets (32 bytes), 3 neighbours (12 bytes), ...
  EXPECT_CONTAINS(load(patched(17 + 32 + 4, int32_t{3})),
                  "out-edge neighbour 3 of vertex 0 is outside [0, num_nodes) = [0, 3)");
  EXPECT_CONTAINS(load(patched(17 + 32 + 8, int32_t{-2})), "neighbour -2 of vertex 2");
  EXPECT_CONTAINS(load(patched(17 + 8, int64_t{3})), "offsets are not monotone at vertex 1");
  EXPECT_CONTAINS(load(patched(17 + 24, int64_t{2})), "out-edge offsets end at 2, not at num_edges 3");
  EXPECT_CONTAINS(load(patched(17 + 44 + 8, int64_t{3})), "in-edge offsets are not monotone at vertex 1");
  EXPECT_CONTAINS(load(patched(0, uint8_t{7})), "not a GAPBS serialized graph");
  EXPECT_CONTAINS(load(patched(9, int64_t{3000000000})),
                  "graph has 3000000000 vertices: polyrt uses 32-bit vertex ids");
  EXPECT_CONTAINS(load(patched(1, int64_t{1} << 40)), "file is truncated");
  EXPECT_CONTAINS(load(patched(1, int64_t{-1})), "corrupt header");
}

TEST(Serialized, WriteErrors) {
  Graph<NoWeight> g(2, {0, 1, 1}, {1}, {}, true);
  EXPECT_CONTAINS(errorOf([&] { writeSerializedGraph(g, tempPath("g.wsg")); }),
                  "the graph has no weights: write a .sg file");
  EXPECT_CONTAINS(errorOf([&] { writeSerializedGraph(g, tempPath("g.el")); }),
                  "writeSerializedGraph writes .sg or .wsg files");
  Graph<double> d(2, {0, 1, 1}, {1}, {0.5}, true);
  EXPECT_CONTAINS(errorOf([&] { writeSerializedGraph(d, tempPath("g.wsg")); }),
                  "is not an int32; .wsg files store int32 weights");
  std::string nowhere = testing::TempDir() + "no/such/dir/g.sg";
  EXPECT_CONTAINS(errorOf([&] { writeSerializedGraph(g, nowhere); }),
                  nowhere + ": cannot create file");
}

// ---- text writers -----------------------------------------------------------

TEST(WriteText, EdgeListRoundTrip) {
  EdgeList el = generateKronecker(9, 4, 2);
  Graph<NoWeight> g = buildGraph<NoWeight>(el, countVertices(el), false);
  std::string path = tempPath("g.el");
  writeGraph(g, path);
  EXPECT_TRUE(sameGraph(loadGraph<NoWeight>(path), g));
}

TEST(WriteText, WeightedRoundTripIsExact) {
  Graph<double> g(3, {0, 2, 3, 3}, {1, 2, 0}, {0.1, 1e-300, 12345.678}, true);
  std::string path = tempPath("g.wel");
  writeGraph(g, path);
  EXPECT_EQ(readBytes(path), "0 1 0.1\n0 2 1e-300\n1 0 12345.678\n");
  EXPECT_EQ(edgesOf(loadGraph<double>(path)), edgesOf(g));
}

TEST(WriteText, Errors) {
  Graph<NoWeight> g(2, {0, 1, 1}, {1}, {}, true);
  EXPECT_CONTAINS(errorOf([&] { writeGraph(g, tempPath("g.wel")); }),
                  "the graph has no weights: write a .el file");
  EXPECT_CONTAINS(errorOf([&] { writeGraph(g, tempPath("g.mtx")); }),
                  "cannot write graphs with extension '.mtx'");
}

TEST(WriteText, LargeGraphIsWrittenInOrder) {
  EdgeList el = generateUniform(14, 16, 9);
  Graph<int32_t> g = buildGraph<int32_t>(el, 1 << 14, true);
  std::string path = tempPath("u.wel");
  withThreads(4, [&] {
    writeGraph(g, path);
    return 0;
  });
  Graph<int32_t> back = loadGraph<int32_t>(path);
  EXPECT_EQ(edgesOf(back), edgesOf(g));
}

} // namespace

TEST(LoadAdjacencyGraph, LigrasFormatWithAndWithoutExtension) {
  // 0 -> {2, 1}, 1 -> {}, 2 -> {0}: lists come back sorted.
  std::string text = "AdjacencyGraph\n3\n3\n0\n2\n2\n2\n1\n0\n";
  for (std::string name : {"g.adj", "g"}) {
    Graph<NoWeight> g = loadGraph<NoWeight>(writeTemp(name, text));
    EXPECT_EQ(g.numVertices(), 3);
    EXPECT_EQ(g.numEdges(), 3);
    EXPECT_TRUE(g.directed());
    EXPECT_ELEMENTS(outList(g, 0), 1, 2);
    EXPECT_EQ(g.outDegree(1), 0);
    EXPECT_ELEMENTS(outList(g, 2), 0);
  }
  Graph<int32_t> w = loadGraph<int32_t>(
      writeTemp("w.adj", "WeightedAdjacencyGraph 2 2  0 1  1 0  7 -3"));
  EXPECT_ELEMENTS(outWeightList(w, 0), 7);
  EXPECT_ELEMENTS(outWeightList(w, 1), -3);
}

TEST(LoadAdjacencyGraph, BadFilesAreErrors) {
  auto error = [](const std::string &text) {
    return errorOf([&] { loadGraph<NoWeight>(writeTemp("bad.adj", text)); });
  };
  EXPECT_CONTAINS(error("EdgeList 1 0 0"), "not an adjacency graph");
  EXPECT_CONTAINS(error("AdjacencyGraph 2000000000 3 0"), "more numbers than its");
  EXPECT_CONTAINS(error("AdjacencyGraph 2 1 0 1 5"), "expected a neighbour id in [0, 1], found '5'");
  EXPECT_CONTAINS(error("AdjacencyGraph 2 2 0 3 1 0"), "expected an offset in [0, 2], found '3'");
  EXPECT_CONTAINS(error("AdjacencyGraph 2 2 1 1 1 0"), "the first offset must be 0");
  EXPECT_CONTAINS(error("AdjacencyGraph 2 1 0 1 1 9"), "more numbers than its header declares");
  EXPECT_CONTAINS(error("AdjacencyGraph 3 2 0 1"), "ends before an offset");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<int32_t>(writeTemp("u.adj", "AdjacencyGraph 1 0 0")); }),
                  "file has no weights");
  EXPECT_CONTAINS(errorOf([&] {
                    loadGraph<uint32_t>(writeTemp("n.adj", "WeightedAdjacencyGraph 2 1 0 1 1 -4"));
                  }),
                  "negative weight -4");
  // A file without extension that is no graph format.
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(writeTemp("plain", "EdgeList 0 1\n")); }),
                  "graph file has no extension");
}
