//===- input_bounds_test.cpp - Memory bounded by the input, not its claims ===//
#include "detail/file.h"
#include "polyrt/io.h"
#include "test_util.h"

#include <sys/resource.h>
#include <sys/stat.h>

#include <cstdlib>
#include <thread>

using namespace polyrt;
using namespace polyrt::test;

namespace {

TEST(InputBounds, EdgeListWithAFarVertexIdIsRefusedBeforeAllocating) {
  // 20 bytes that would be 16 GB of offsets.
  std::string path = writeTemp("g.el", "0 1\n0 2147483646\n");
  std::string error = errorOf([&] { loadGraph<NoWeight>(path); });
  EXPECT_CONTAINS(error, "g.el: its largest vertex id is 2147483646, so the graph would have "
                         "2147483647 vertices, but its 2 edges touch at most 4");
  EXPECT_CONTAINS(error, "POLYRT_ALLOW_ISOLATED_VERTICES=1");
}

TEST(InputBounds, IsolatedVerticesWithinTheSlackOrAllowedLoad) {
  // 2 edges and ids up to 2^20 + 4: within 2m + 2^20.
  Graph<NoWeight> g = loadGraph<NoWeight>(writeTemp("g.el", "0 1\n0 1048579\n"));
  EXPECT_EQ(g.numVertices(), 1048580);
  std::string beyond = writeTemp("g.el", "0 1\n0 3000000\n");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(beyond); }), "isolated vertices");
  ScopedEnv allow("POLYRT_ALLOW_ISOLATED_VERTICES", "1");
  EXPECT_EQ(loadGraph<NoWeight>(beyond).numVertices(), 3000001);
}

TEST(InputBounds, MatrixMarketSizeLineIsAClaimTheEntriesMustJustify) {
  std::string general = writeTemp("g.mtx", "%%MatrixMarket matrix coordinate pattern general\n"
                                           "2000000000 2000000000 1\n1 2\n");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(general); }),
                  "g.mtx: its size line declares 2000000000 rows or columns, so the graph would "
                  "have 2000000000 vertices, but its 1 edge touches at most 2");
  // Claiming many entries does not help: the entries read must match.
  std::string claims = writeTemp("g.mtx", "%%MatrixMarket matrix coordinate pattern general\n"
                                          "2000000000 2000000000 1000000000\n1 2\n");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(claims); }),
                  "the size line declares 1000000000 entries but the file has 1");
}

TEST(InputBounds, AStreamThatDoesNotEndIsCutAtTheLimit) {
  detail::InFile zeros("/dev/zero");
  std::string error = errorOf([&] { zeros.readAll(1 << 20); });
  EXPECT_CONTAINS(error, "/dev/zero: the input goes on past the 1048576 bytes polyrt reads");
  EXPECT_GT(detail::largestInMemoryFile(), int64_t(1) << 20);
}

TEST(InputBounds, AStreamedSerializedGraphIsReadAsItArrivesNotAsItsHeaderClaims) {
  // A .sg through a pipe has no size to check the header against: one that
  // claims 2^62 edges and 2e9 vertices, then ends, is "truncated", not a
  // 16 GB allocation or a length_error.
  std::string fifo = tempPath("stream.sg");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] {
    std::FILE *out = std::fopen(fifo.c_str(), "wb");
    ASSERT_NE(out, nullptr);
    uint8_t directed = 0;
    int64_t edges = int64_t(1) << 62, vertices = 2000000000;
    std::fwrite(&directed, 1, 1, out);
    std::fwrite(&edges, 8, 1, out);
    std::fwrite(&vertices, 8, 1, out);
    std::vector<char> zeros(1 << 20, 0);
    std::fwrite(zeros.data(), 1, zeros.size(), out);
    std::fclose(out);
  });
  std::string error = errorOf([&] { loadGraph<NoWeight>(fifo); });
  writer.join();
  EXPECT_CONTAINS(error, "stream.sg: file is truncated");
  // Nothing near the claim was allocated (ru_maxrss is the peak, in KiB).
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  EXPECT_LT(usage.ru_maxrss, 1 << 20);
}

} // namespace
