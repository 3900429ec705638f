//===- distributed_load.cpp - A rank's part of an edgeset ------------------===//
//
// Every rank reads the whole graph's degrees and only its own vertices'
// in-lists (seeking in a .sg/.wsg file; other formats are loaded whole and
// cut), builds its part and learns from the others which of its vertices
// they list as mirrors.
//
//===----------------------------------------------------------------------===//
#include "polyrt/distributed.h"

#include "detail/distributed_detail.h"
#include "detail/file.h"
#include "detail/io_detail.h"
#include "detail/load_symmetry.h"
#include "polyrt/io.h"
#include "polyrt/loaded_graphs.h"
#include "polyrt/timer.h"

#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstring>
#include <memory>

namespace polyrt::dist {
namespace {

/// What a rank reads before the partition is known.
struct Degrees {
  VertexId n = 0;
  EdgeOffset m = 0;
  std::vector<EdgeOffset> outOffsets, inOffsets; // inOffsets empty: the same as outOffsets
  const std::vector<EdgeOffset> &in() const { return inOffsets.empty() ? outOffsets : inOffsets; }
};

/// The owned vertices' in-lists, [begin, end) of the in-offsets.
template <typename W> struct OwnedLists {
  std::vector<VertexId> sources;
  std::vector<W> weights;
};

/// A .sg/.wsg file read by position.
class SerializedFile {
public:
  SerializedFile(const std::string &path, bool weighted) : path_(path), weighted_(weighted) {
    polyrt::detail::InFile in(path); // the header's checks, against the file's size
    header_ = polyrt::detail::readSerializedHeader(in, weighted);
    file_.reset(std::fopen(path.c_str(), "rb"));
    if (!file_)
      polyrt::detail::fileError(path, "cannot open the file again to read this rank's part");
  }
  const polyrt::detail::SerializedHeader &header() const { return header_; }
  int64_t neighborBytes() const { return weighted_ ? 8 : 4; }
  /// Where each section starts: its offsets, then its neighbours.
  int64_t offsetsAt(int section) const { return polyrt::detail::kSerializedHeaderBytes + section * sectionBytes(); }
  int64_t neighborsAt(int section) const { return offsetsAt(section) + (header_.numVertices + 1) * 8; }

  void read(int64_t at, void *data, int64_t bytes) {
    if (bytes == 0)
      return;
    if (fseeko(file_.get(), at, SEEK_SET) != 0 ||
        std::fread(data, 1, static_cast<size_t>(bytes), file_.get()) != static_cast<size_t>(bytes))
      polyrt::detail::fileError(path_, "cannot read " + std::to_string(bytes) + " bytes at offset " +
                                   std::to_string(at) + " (the file changed while it was read?)");
  }

private:
  int64_t sectionBytes() const {
    return (header_.numVertices + 1) * 8 + header_.numEdges * neighborBytes();
  }
  struct Close {
    void operator()(std::FILE *f) const { std::fclose(f); }
  };
  std::string path_;
  bool weighted_;
  polyrt::detail::SerializedHeader header_;
  std::unique_ptr<std::FILE, Close> file_;
};

/// Whether path is read by position: an uncompressed .sg/.wsg regular file
/// that the setting does not ask to symmetrize (loadGraph does that).
bool readsByPosition(const std::string &path, bool &weighted) {
  std::string ext = polyrt::detail::extensionOf(path);
  if (ext != ".sg" && ext != ".wsg")
    return false;
  weighted = ext == ".wsg";
  if (polyrt::detail::loadSymmetrySetting() == polyrt::detail::LoadSymmetry::On)
    return false;
  polyrt::detail::InFile in(path);
  return in.size() >= 0;
}

template <typename W>
void readOwnedLists(SerializedFile &file, const std::string &path, const Degrees &degrees,
                    VertexId begin, VertexId end, OwnedLists<W> &lists) {
  bool directed = file.header().directed;
  int section = directed ? 1 : 0;
  const char *what = directed ? "in-edge" : "out-edge";
  const std::vector<EdgeOffset> &in = degrees.in();
  EdgeOffset first = in[begin], count = in[end] - in[begin];
  lists.sources.resize(count);
  int64_t at = file.neighborsAt(section) + first * file.neighborBytes();
  if (file.neighborBytes() == 4) {
    file.read(at, lists.sources.data(), count * 4);
  } else {
    if constexpr (Graph<W>::kWeighted)
      lists.weights.resize(count);
    constexpr int64_t kBlock = 1 << 20;
    std::vector<polyrt::detail::SerializedWeightedNeighbor> block(std::min<int64_t>(count, kBlock));
    for (int64_t lo = 0; lo < count; lo += kBlock) {
      int64_t k = std::min(kBlock, count - lo);
      file.read(at + lo * 8, block.data(), k * 8);
      W *weights = nullptr;
      if constexpr (Graph<W>::kWeighted)
        weights = lists.weights.data() + lo;
      polyrt::detail::splitSerializedNeighbors<W>(path, what, block.data(), k, first + lo,
                                          lists.sources.data() + lo, weights);
    }
  }
  polyrt::detail::checkSerializedNeighbors(path, what, degrees.n, in, lists.sources.data(), first, count);
}

/// The part: the owned vertices' in-edges, as a CSR keyed by source and the
/// same edges as the CSC.
template <typename W>
Graph<W> buildPart(VertexId n, const std::vector<EdgeOffset> &in, VertexId begin, VertexId end,
                   OwnedLists<W> lists) {
  EdgeOffset first = in[begin], count = in[end] - in[begin];
  std::vector<EdgeOffset> inOffsets(int64_t{n} + 1);
  for (int64_t v = 0; v <= n; ++v)
    inOffsets[v] = v <= begin ? 0 : v >= end ? count : in[v] - first;
  std::vector<EdgeOffset> outOffsets(int64_t{n} + 1, 0);
  for (VertexId u : lists.sources)
    ++outOffsets[u + 1];
  for (int64_t u = 0; u < n; ++u)
    outOffsets[u + 1] += outOffsets[u];
  std::vector<EdgeOffset> next(outOffsets.begin(), outOffsets.end() - 1);
  std::vector<VertexId> targets(count);
  std::vector<W> outWeights(Graph<W>::kWeighted ? count : 0);
  for (VertexId v = begin; v < end; ++v)
    for (EdgeOffset e = inOffsets[v]; e < inOffsets[v + 1]; ++e) {
      EdgeOffset at = next[lists.sources[e]]++;
      targets[at] = v;
      if constexpr (Graph<W>::kWeighted)
        outWeights[at] = lists.weights[e];
    }
  Graph<W> part(n, std::move(outOffsets), std::move(targets), std::move(outWeights), true);
  part.setInEdges(std::move(inOffsets), std::move(lists.sources), std::move(lists.weights));
  return part;
}

/// Tells every owner which of its vertices this rank lists and how many of
/// its edges leave each (one exchange), and counts the mirrors.
template <typename W> void setUpMirrors(const Graph<W> &g, EdgesPart &part) {
  int p = ranks(), r = rank();
  const RankPartition &split = part.partition_;
  part.receiveFrom_.assign(p, {});
  part.sendTo_.assign(p, {});
  part.sendEdges_.assign(p, {});
  detail::PeerBuffers send(p), recv;
  int64_t listed = 0;
  std::string failure; // (before the exchange, which every rank must reach)
  for (int q = 0; q < p && failure.empty(); ++q) {
    if (q == r)
      continue;
    for (VertexId u = split.begin(q); u < split.end(q); ++u) {
      EdgeOffset edges = g.outDegree(u);
      if (edges == 0)
        continue;
      if (edges > INT32_MAX) {
        failure = "vertex " + std::to_string(u) + " has " + std::to_string(edges) +
                  " edges into rank " + std::to_string(r) + "'s vertices, more than 2^31-1";
        break;
      }
      part.receiveFrom_[q].push_back(u);
      int32_t record[2] = {u, static_cast<int32_t>(edges)};
      const auto *bytes = reinterpret_cast<const unsigned char *>(record);
      send[q].insert(send[q].end(), bytes, bytes + sizeof record);
    }
    listed += static_cast<int64_t>(part.receiveFrom_[q].size());
  }
  detail::agreeOnFailure(failure.empty() ? nullptr : &failure, "list its mirrors");
  detail::exchangeBytes(send, recv, Communication::Alltoallv);
  for (int q = 0; q < p; ++q)
    for (size_t at = 0; at + 8 <= recv[q].size(); at += 8) {
      int32_t record[2];
      std::memcpy(record, recv[q].data() + at, 8);
      if (!part.owns(record[0]))
        throw Error("internal error: rank " + std::to_string(q) + " lists vertex " +
                    std::to_string(record[0]) + " as rank " + std::to_string(r) + "'s");
      part.sendTo_[q].push_back(record[0]);
      part.sendEdges_[q].push_back(record[1]);
    }
  MPI_Allreduce(&listed, &part.listedVertices_, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
}

/// All ranks must have read the same vertex count before they split it.
void agreeOnVertexCount(const std::string &path, VertexId n) {
  int64_t mine = n, low = 0, high = 0;
  MPI_Allreduce(&mine, &low, 1, MPI_INT64_T, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(&mine, &high, 1, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD);
  if (low != high)
    throw Error(path + ": the ranks read different vertex counts (" + std::to_string(low) +
                " to " + std::to_string(high) + "): is the file the same on every node?");
}

} // namespace

template <typename W>
Graph<W> loadPart(const std::string &path, EdgesPart &part, Strategy how, double alpha) {
  detail::requireMpi();
  double start = now();
  bool weighted = false, byPosition = false;
  std::unique_ptr<SerializedFile> file;
  Graph<W> whole;
  Degrees degrees;
  // Each step a rank may fail alone ends with every rank learning of it.
  std::string failure;
  try {
    byPosition = readsByPosition(path, weighted);
    if (byPosition && weighted != Graph<W>::kWeighted && !weighted)
      byPosition = false; // loadGraph's error: the file has no weights
    if (byPosition) {
      file = std::make_unique<SerializedFile>(path, weighted);
      const polyrt::detail::SerializedHeader &header = file->header();
      degrees.n = static_cast<VertexId>(header.numVertices);
      degrees.m = header.numEdges;
      degrees.outOffsets.resize(header.numVertices + 1);
      file->read(file->offsetsAt(0), degrees.outOffsets.data(), (header.numVertices + 1) * 8);
      polyrt::detail::checkSerializedOffsets(path, "out-edge", header.numVertices, header.numEdges,
                                     degrees.outOffsets);
      if (header.directed) {
        degrees.inOffsets.resize(header.numVertices + 1);
        file->read(file->offsetsAt(1), degrees.inOffsets.data(), (header.numVertices + 1) * 8);
        polyrt::detail::checkSerializedOffsets(path, "in-edge", header.numVertices, header.numEdges,
                                       degrees.inOffsets);
      }
    } else {
      whole = loadGraph<W>(path);
      whole.buildInEdges();
      degrees.n = whole.numVertices();
      degrees.m = whole.numEdges();
      degrees.outOffsets.assign(whole.outOffsets(), whole.outOffsets() + degrees.n + 1);
      degrees.inOffsets.assign(whole.inOffsets(), whole.inOffsets() + degrees.n + 1);
    }
  } catch (const Error &e) {
    failure = e.what();
  }
  detail::agreeOnFailure(failure.empty() ? nullptr : &failure, "load " + path);
  agreeOnVertexCount(path, degrees.n);
  const std::vector<EdgeOffset> &in = degrees.in();
  part.rank_ = rank();
  part.partition_ = detail::programPartition(degrees.n, in.data(), how, alpha, path);
  part.numEdges_ = degrees.m;
  part.outOffsets_ = degrees.outOffsets;
  part.minOutDegree_ = part.maxOutDegree_ = 0;
  for (VertexId v = 0; v < degrees.n; ++v) {
    EdgeOffset d = part.outDegree(v);
    part.minOutDegree_ = v == 0 ? d : std::min(part.minOutDegree_, d);
    part.maxOutDegree_ = std::max(part.maxOutDegree_, d);
  }
  VertexId begin = part.begin(), end = part.end();
  OwnedLists<W> lists;
  try {
    if (byPosition) {
      readOwnedLists<W>(*file, path, degrees, begin, end, lists);
    } else {
      const EdgeOffset *offsets = whole.inOffsets();
      lists.sources.assign(whole.inNeighbors() + offsets[begin], whole.inNeighbors() + offsets[end]);
      if constexpr (Graph<W>::kWeighted)
        lists.weights.assign(whole.inWeights() + offsets[begin], whole.inWeights() + offsets[end]);
      whole = Graph<W>();
    }
  } catch (const Error &e) {
    failure = e.what();
  }
  detail::agreeOnFailure(failure.empty() ? nullptr : &failure, "load " + path);
  Graph<W> g = buildPart<W>(degrees.n, in, begin, end, std::move(lists));
  setUpMirrors(g, part);
  if (byPosition) {
    recordLoadedGraph(path, degrees.n);
    addLoadSeconds(now() - start);
  }
  return g;
}

#define POLYRT_INSTANTIATE(W)                                                                  \
  template Graph<W> loadPart<W>(const std::string &, EdgesPart &, Strategy, double);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt::dist
