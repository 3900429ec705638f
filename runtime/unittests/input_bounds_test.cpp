//===- input_bounds_test.cpp - Memory bounded by the input, not its claims ===//
#include "detail/file.h"
#include "polyrt/io.h"
#include "test_util.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
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

/// Writes header, then blocks of zeros (count of them, or without end until
/// the reader stops) into the named pipe `fifo`, from a thread; the bytes
/// written in total go to *written.
std::thread writeToFifo(const std::string &fifo, std::string header, int64_t blocks,
                        int64_t *written) {
  EXPECT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  return std::thread([fifo, header, blocks, written] {
    std::signal(SIGPIPE, SIG_IGN);
    int fd = open(fifo.c_str(), O_WRONLY);
    ASSERT_GE(fd, 0);
    *written = write(fd, header.data(), header.size());
    std::vector<char> zeros(1 << 20, 0);
    for (int64_t k = 0; blocks < 0 || k < blocks; ++k) {
      ssize_t got = write(fd, zeros.data(), zeros.size());
      if (got <= 0)
        break;
      *written += got;
    }
    close(fd);
  });
}

std::string sgHeader(int64_t edges, int64_t vertices) {
  std::string header(17, '\0');
  std::memcpy(&header[1], &edges, 8);
  std::memcpy(&header[9], &vertices, 8);
  return header;
}

TEST(InputBounds, AStreamedSerializedGraphsClaimIsCheckedAgainstTheBoundBeforeReading) {
  // A .sg through a pipe has no size to check the header against: one that
  // claims 2^62 edges and 2e9 vertices is refused at once, not a 16 GB
  // allocation, a length_error, or a read of what follows.
  std::string fifo = tempPath("stream.sg");
  int64_t written = 0;
  std::thread writer = writeToFifo(fifo, sgHeader(int64_t(1) << 62, 2000000000), 1, &written);
  std::string error = errorOf([&] { loadGraph<NoWeight>(fifo); });
  writer.join();
  EXPECT_CONTAINS(error, "stream.sg: the header claims 2000000000 vertices and "
                         "4611686018427387904 edges, more than 2^63 bytes, more than the " +
                             std::to_string(detail::largestInMemoryFile()) +
                             " bytes polyrt reads");
  EXPECT_CONTAINS(error, "refused before reading them");
  // Nothing near the claim was allocated (ru_maxrss is the peak, in KiB).
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  EXPECT_LT(usage.ru_maxrss, 1 << 20);
}

TEST(InputBounds, AStreamedSerializedGraphWithinTheBoundIsReadAsItArrives) {
  // 4 vertices' offsets promising 2^20 edges, then 1 MiB of zeros: 4 MiB
  // claimed, within the bound, so it is read, and found truncated.
  std::string header = sgHeader(int64_t(1) << 20, 4);
  for (int64_t offset : {int64_t(0), int64_t(0), int64_t(0), int64_t(0), int64_t(1) << 20})
    header.append(reinterpret_cast<const char *>(&offset), 8);
  std::string fifo = tempPath("short.sg");
  int64_t written = 0;
  std::thread writer = writeToFifo(fifo, header, 1, &written);
  std::string error = errorOf([&] { loadGraph<NoWeight>(fifo); });
  writer.join();
  EXPECT_CONTAINS(error, "short.sg: file is truncated");
}

TEST(InputBounds, TextWithANulByteStopsThereWithTheByteEscaped) {
  std::string path = writeTemp("nul.el", std::string("0 1\n1 2\n2\0 3\n", 13));
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(path); }),
                  "nul.el:3: a NUL byte (\\x00) at byte 9 of the input: a text graph has none");
  // From a stream that does not end, before the bound: the first piece read.
  detail::InFile zeros("/dev/zero");
  EXPECT_CONTAINS(errorOf([&] { zeros.readText(int64_t(1) << 40); }),
                  "/dev/zero:1: a NUL byte (\\x00) at byte 0");
}

TEST(InputBounds, MessagesQuotingTheFileEscapeUnprintableBytes) {
  std::string path = writeTemp("ctl.el", "0 1\n0 a\x01\x1b[31m\n");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(path); }),
                  "ctl.el:2: expected a vertex id, found 'a\\x01\\x1b[31m'");
  // UTF-8 stays as it is; a byte that is not UTF-8 is escaped.
  EXPECT_EQ(detail::printable("caf\xc3\xa9 \xff\xc3 \x7f\t"), "caf\xc3\xa9 \\xff\\xc3 \\x7f\\x09");
}

} // namespace
