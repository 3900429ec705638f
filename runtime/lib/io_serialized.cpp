//===- io_serialized.cpp - GAPBS serialized graphs: .sg, .wsg -----------===//
//
// The layout (GAPBS writer.h / reader.h), native little-endian:
//   bool    directed            1 byte
//   int64   num_edges           stored out-edges (both directions of an
//                               undirected edge count)
//   int64   num_nodes
//   int64   offsets[num_nodes+1]
//   neighbours[num_edges]       int32 (.sg) or {int32 v; int32 w} (.wsg)
//   if directed: the in-edges (CSC), offsets and neighbours laid out the same.
//
//===----------------------------------------------------------------------===//
#include "polyrt/io.h"

#include "detail/build_csr.h"
#include "detail/file.h"
#include "detail/graph_check.h"
#include "detail/graph_symmetry.h"
#include "detail/io_detail.h"
#include "detail/parallel.h"
#include "detail/progress.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace polyrt::detail {
namespace {

constexpr int64_t kHeaderBytes = kSerializedHeaderBytes;

using WeightedNeighbor = SerializedWeightedNeighbor;
static_assert(sizeof(WeightedNeighbor) == 8);

std::string str(int64_t x) { return std::to_string(x); }

/// Reads count elements into v. A regular file's header was checked against
/// its size already; a stream's header only against the memory bound, so v
/// is reserved (address space, not memory) and filled as the data arrives:
/// a stream that ends early is "truncated" with only its data in memory, and
/// v never moves (a moving vector holds two copies at once).
template <typename T> void readElements(InFile &in, std::vector<T> &v, int64_t count) {
  if (in.size() >= 0) {
    v.resize(count);
    in.read(v.data(), count * static_cast<int64_t>(sizeof(T)));
    return;
  }
  constexpr int64_t kChunk = int64_t(1) << 22;
  v.clear();
  v.reserve(count);
  for (int64_t done = 0; done < count;) {
    int64_t k = std::min(kChunk, count - done);
    v.resize(done + k);
    in.read(v.data() + done, k * static_cast<int64_t>(sizeof(T)));
    done += k;
  }
}

/// Reads one CSR (offsets, then neighbours with or without weights).
template <typename W>
void readCSR(InFile &in, const std::string &path, const char *what, int64_t n, int64_t m,
             bool weighted, std::vector<EdgeOffset> &offsets, std::vector<VertexId> &nbrs,
             std::vector<W> &weights) {
  readElements(in, offsets, n + 1);
  checkSerializedOffsets(path, what, n, m, offsets);
  if (!weighted) {
    readElements(in, nbrs, m);
  } else {
    // Pairs come in blocks, split into ids and (converted) weights; from a
    // stream the reserved arrays fill block by block, as readElements does.
    bool stream = in.size() < 0;
    nbrs.clear();
    weights.clear();
    if (!stream) {
      nbrs.resize(m);
      if constexpr (!std::is_same_v<W, NoWeight>)
        weights.resize(m);
    } else {
      nbrs.reserve(m);
      if constexpr (!std::is_same_v<W, NoWeight>)
        weights.reserve(m);
    }
    constexpr int64_t kBlock = 1 << 20;
    std::vector<WeightedNeighbor> block(std::min(m, kBlock));
    for (int64_t lo = 0; lo < m; lo += kBlock) {
      int64_t k = std::min(kBlock, m - lo);
      in.read(block.data(), k * 8);
      if (stream) {
        nbrs.resize(lo + k);
        if constexpr (!std::is_same_v<W, NoWeight>)
          weights.resize(lo + k);
      }
      W *w = nullptr;
      if constexpr (!std::is_same_v<W, NoWeight>)
        w = weights.data() + lo;
      splitSerializedNeighbors<W>(path, what, block.data(), k, lo, nbrs.data() + lo, w);
    }
  }
  checkSerializedNeighbors(path, what, n, offsets, nbrs.data(), 0, m);
}

} // namespace

template <typename W>
void splitSerializedNeighbors(const std::string &path, const char *what,
                              const SerializedWeightedNeighbor *pairs, int64_t count,
                              int64_t firstEdge, VertexId *nbrs, W *weights) {
  int64_t negative = -1; // an edge with a negative weight, for unsigned W
#pragma omp parallel for schedule(static) if (count > kSerialCutoff)
  for (int64_t i = 0; i < count; ++i) {
    nbrs[i] = pairs[i].v;
    if constexpr (std::is_unsigned_v<W>)
      if (pairs[i].w < 0)
        std::atomic_ref<int64_t>(negative).store(i, std::memory_order_relaxed);
    if constexpr (!std::is_same_v<W, NoWeight>)
      weights[i] = static_cast<W>(pairs[i].w);
  }
  if (negative >= 0)
    fileError(path, std::string(what) + " edge " + str(firstEdge + negative) +
                        " has the negative weight " + str(pairs[negative].w) +
                        ", and the program reads unsigned weights");
}

void checkSerializedOffsets(const std::string &path, const char *what, int64_t n, int64_t m,
                            const std::vector<EdgeOffset> &offsets) {
  if (offsets[0] != 0)
    fileError(path, std::string(what) + " offsets must start at 0, not " + str(offsets[0]));
  int64_t bad = -1;
#pragma omp parallel for schedule(static) if (n > kSerialCutoff)
  for (int64_t v = 0; v < n; ++v)
    if (offsets[v] > offsets[v + 1])
      std::atomic_ref<int64_t>(bad).store(v, std::memory_order_relaxed);
  if (bad >= 0)
    fileError(path, std::string(what) + " offsets are not monotone at vertex " + str(bad) + " (" +
                        str(offsets[bad]) + " > " + str(offsets[bad + 1]) + ")");
  if (offsets[n] != m)
    fileError(path, std::string(what) + " offsets end at " + str(offsets[n]) +
                        ", not at num_edges " + str(m));
}

void checkSerializedNeighbors(const std::string &path, const char *what, int64_t n,
                              const std::vector<EdgeOffset> &offsets, const VertexId *nbrs,
                              int64_t firstEdge, int64_t count) {
  int64_t bad = -1;
#pragma omp parallel for schedule(static) if (count > kSerialCutoff)
  for (int64_t e = 0; e < count; ++e)
    if (nbrs[e] < 0 || nbrs[e] >= n)
      std::atomic_ref<int64_t>(bad).store(e, std::memory_order_relaxed);
  if (bad >= 0) {
    int64_t edge = firstEdge + bad;
    int64_t v = std::upper_bound(offsets.begin(), offsets.end(), edge) - offsets.begin() - 1;
    fileError(path, std::string(what) + " neighbour " + str(nbrs[bad]) + " of vertex " + str(v) +
                        " is outside [0, num_nodes) = [0, " + str(n) + ")");
  }
}

namespace {

/// The int32 weights of a .wsg, checked to be integers in range.
template <typename W> int32_t toFileWeight(const std::string &path, W w) {
  if constexpr (std::is_same_v<W, int32_t>) {
    return w;
  } else if constexpr (std::is_same_v<W, NoWeight>) {
    (void)path;
    return 0;
  } else {
    double d = static_cast<double>(w);
    if (!(d == std::trunc(d)) || d < -2147483648.0 || d > 2147483647.0)
      fileError(path, "weight " + std::to_string(w) +
                          " is not an int32; .wsg files store int32 weights");
    return static_cast<int32_t>(w);
  }
}

template <typename W>
void writeCSR(OutFile &out, const std::string &path, VertexId n, const EdgeOffset *offsets,
              const VertexId *nbrs, const W *weights, bool weighted) {
  EdgeOffset m = offsets[n];
  out.write(offsets, (int64_t{n} + 1) * 8);
  if (!weighted) {
    out.write(nbrs, m * 4);
    return;
  }
  constexpr int64_t kBlock = 1 << 20;
  std::vector<WeightedNeighbor> block(std::min(m, kBlock));
  for (int64_t lo = 0; lo < m; lo += kBlock) {
    int64_t k = std::min(kBlock, m - lo);
    for (int64_t i = 0; i < k; ++i)
      block[i] = WeightedNeighbor{nbrs[lo + i], toFileWeight(path, weights[lo + i])};
    out.write(block.data(), k * 8);
  }
}

} // namespace

SerializedHeader readSerializedHeader(InFile &in, bool weighted) {
  const std::string &path = in.path();
  int64_t size = in.size();
  if (size >= 0 && size < kHeaderBytes)
    fileError(path, "file is truncated: a serialized graph starts with a " + str(kHeaderBytes) +
                        "-byte header, the file has " + str(size) + " bytes");
  uint8_t directedByte;
  int64_t m, n;
  in.read(&directedByte, 1);
  in.read(&m, 8);
  in.read(&n, 8);
  if (directedByte > 1)
    fileError(path, "not a GAPBS serialized graph (the first byte, 'directed', is " +
                        str(directedByte) + ", not 0 or 1)");
  bool directed = directedByte == 1;
  if (n < 0 || m < 0)
    fileError(path, "corrupt header: num_nodes " + str(n) + ", num_edges " + str(m));
  if (n > INT32_MAX)
    fileError(path, "graph has " + str(n) + " vertices: polyrt uses 32-bit vertex ids (at most " +
                        str(INT32_MAX) + ")");
  LoadProgress::edgesKnown(m);
  int64_t neighborBytes = weighted ? 8 : 4;
  if (size >= 0) {
    // Check the size before allocating anything: a corrupt header must not
    // make us allocate terabytes.
    if (m > size)
      fileError(path, "file is truncated: the header declares " + str(m) + " edges, the file has " +
                          str(size) + " bytes");
    int64_t parts = directed ? 2 : 1;
    int64_t expected = kHeaderBytes + parts * ((n + 1) * 8 + m * neighborBytes);
    if (size < expected)
      fileError(path, "file is truncated: " + str(n) + " vertices and " + str(m) + " edges need " +
                          str(expected) + " bytes, the file has " + str(size));
    if (size > expected)
      fileError(path, "unexpected trailing data: " + str(n) + " vertices and " + str(m) +
                          " edges take " + str(expected) + " bytes, the file has " + str(size) +
                          (weighted ? "" : " (is it a .wsg file?)"));
  } else {
    // A stream has no size: its header's claim is checked against the bound
    // before any of it is read (the graph takes at least the file's bytes).
    const int64_t limit = largestInMemoryFile();
    __int128 parts = directed ? 2 : 1;
    __int128 claimed = kHeaderBytes + parts * ((__int128(n) + 1) * 8 + __int128(m) * neighborBytes);
    if (claimed > limit)
      fileError(path, "the header claims " + str(n) + " vertices and " + str(m) + " edges, " +
                          (claimed > INT64_MAX ? std::string("more than 2^63")
                                               : str(static_cast<int64_t>(claimed))) +
                          " bytes, more than the " + str(limit) +
                          " bytes polyrt reads (half of this machine's memory or address-space "
                          "limit): refused before reading them");
  }
  return SerializedHeader{directed, n, m};
}

template <typename W> Graph<W> loadSerialized(InFile &in, bool weighted) {
  const std::string &path = in.path();
  int64_t size = in.size();
  auto [directed, n, m] = readSerializedHeader(in, weighted);
  std::vector<EdgeOffset> offsets;
  std::vector<VertexId> nbrs;
  std::vector<W> weights;
  readCSR<W>(in, path, "out-edge", n, m, weighted, offsets, nbrs, weights);
  Graph<W> g(static_cast<VertexId>(n), std::move(offsets), std::move(nbrs), std::move(weights),
             directed);
  if (directed) {
    readCSR<W>(in, path, "in-edge", n, m, weighted, offsets, nbrs, weights);
    try {
      g.setInEdges(std::move(offsets), std::move(nbrs), std::move(weights));
    } catch (const Error &e) {
      fileError(path, e.what());
    }
  }
  // The CSC must be the CSR's transpose, an undirected graph's CSR symmetric:
  // nothing in the format ties them together (detail/graph_check.h).
  if (TransposeCheck check = checkTranspose(g); !check.ok())
    fileError(path, check.problem);
  GraphSymmetry::vouch(g); // (an undirected graph's check was of its symmetry)
  if (size < 0) { // not a regular file: check for trailing data now
    char extra;
    bool more = true;
    try {
      in.read(&extra, 1);
    } catch (const Error &) {
      more = false;
    }
    if (more)
      fileError(path, "unexpected trailing data after the graph");
  }
  return g;
}

} // namespace polyrt::detail

namespace polyrt {

template <typename W> void writeSerializedGraph(const Graph<W> &g, const std::string &path) {
  const bool weighted =
      detail::writesWeights(path, "writeSerializedGraph", ".sg", ".wsg", Graph<W>::kWeighted);
  uint8_t directed = g.directed() ? 1 : 0;
  int64_t m = g.numEdges(), n = g.numVertices();
  detail::OutFile out(path);
  out.write(&directed, 1);
  out.write(&m, 8);
  out.write(&n, 8);
  detail::writeCSR<W>(out, path, g.numVertices(), g.outOffsets(), g.outNeighbors(),
                      g.outWeights(), weighted);
  if (g.directed()) {
    if (g.hasInEdges()) {
      detail::writeCSR<W>(out, path, g.numVertices(), g.inOffsets(), g.inNeighbors(),
                          g.inWeights(), weighted);
    } else {
      std::vector<EdgeOffset> offsets;
      std::vector<VertexId> nbrs;
      std::vector<W> weights;
      detail::transposeCSR<W>(g.numVertices(), g.outOffsets(), g.outNeighbors(), g.outWeights(),
                              offsets, nbrs, weights);
      detail::writeCSR<W>(out, path, g.numVertices(), offsets.data(), nbrs.data(),
                          weights.data(), weighted);
    }
  }
  out.close();
}

#define POLYRT_INSTANTIATE(W)                                                                  \
  template void writeSerializedGraph<W>(const Graph<W> &, const std::string &);              \
  template Graph<W> detail::loadSerialized<W>(detail::InFile &, bool);                        \
  template void detail::splitSerializedNeighbors<W>(const std::string &, const char *,         \
                                                    const detail::SerializedWeightedNeighbor *, \
                                                    int64_t, int64_t, VertexId *, W *);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
