//===- distributed_load.cpp - A rank's part of an edgeset ------------------===//
//
// Every rank reads the whole graph's degrees and only the in-lists of the
// vertices it pulls (seeking in a .sg/.wsg file to its range, or its
// column's under Cartesian, keeping its row's sources, or to runs of hash's
// every p-th vertex; other formats are loaded whole and cut), builds its
// part and learns from the others which of its vertices they list as
// mirrors (and, under Cartesian, which they fold into).
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

/// Which in-edges of the pulled destinations the part keeps: those whose
/// source a rank of this rank's row owns (every one with one row).
struct RowFilter {
  const RankPartition &split;
  int rows, row;
  RowFilter(const RankPartition &s, int r) : split(s), rows(s.rows()), row(s.rowOf(r)) {}
  bool all() const { return rows == 1; }
  bool keeps(VertexId u) const { return rows == 1 || split.ownerOf(u) % rows == row; }
};

/// The pulled vertices' kept in-edges, one list after another in vertex
/// order, and each list's length.
template <typename W> struct PartLists {
  std::vector<EdgeOffset> degrees; // per pulled vertex
  std::vector<VertexId> sources;
  std::vector<W> weights;
};

/// Keeps, of the lists [at, at + degree) of `count` vertices from `vertex`
/// (degrees from `in`) just put at the end of lists, the edges `filter`
/// keeps, moving them down to `at`; records each list's kept length.
/// Returns where the kept edges end.
template <typename W, typename Vertex>
EdgeOffset keepRow(PartLists<W> &lists, EdgeOffset at, const std::vector<EdgeOffset> &in,
                   const RowFilter &filter, int64_t first, int64_t last, Vertex vertex) {
  EdgeOffset to = at;
  for (int64_t k = first; k < last; ++k) {
    const VertexId v = vertex(k);
    const EdgeOffset from = to;
    if (filter.all()) {
      lists.degrees[k] = in[v + 1] - in[v];
      at = to += lists.degrees[k];
      continue;
    }
    for (EdgeOffset e = at, end = at + in[v + 1] - in[v]; e < end; ++e)
      if (filter.keeps(lists.sources[e])) {
        lists.sources[to] = lists.sources[e];
        if constexpr (Graph<W>::kWeighted)
          lists.weights[to] = lists.weights[e];
        ++to;
      }
    at += in[v + 1] - in[v];
    lists.degrees[k] = to - from;
  }
  return to;
}

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

/// The file's in-lists of the rank's pulled vertices, in their order, with
/// the sources its row keeps. Pulled vertices whose lists lie close
/// together (hash's every p-th vertex on a graph of small degrees) are read
/// as one run, the lists between them skipped after the read; a run spans
/// at most kRunEdges edges unless one vertex has more, so memory stays the
/// rank's own lists and one run.
template <typename W>
void readPartLists(SerializedFile &file, const std::string &path, const Degrees &degrees,
                   const RankPartition &split, int r, PartLists<W> &lists) {
  constexpr int64_t kRunEdges = 1 << 20, kGapEdges = 1 << 14;
  bool directed = file.header().directed;
  int section = directed ? 1 : 0;
  const char *what = directed ? "in-edge" : "out-edge";
  const std::vector<EdgeOffset> &in = degrees.in();
  const RankVertices pulled = split.pulled(r); // (its column under Cartesian)
  const RowFilter filter(split, r);
  const int64_t count = pulled.count, bytes = file.neighborBytes();
  auto vertex = [&](int64_t i) { return pulled.vertex(i); };
  lists.degrees.resize(count);
  if (filter.all()) { // every edge is kept: the lists' room at once
    EdgeOffset total = 0;
    for (int64_t i = 0; i < count; ++i)
      total += in[vertex(i) + 1] - in[vertex(i)];
    lists.sources.resize(total);
    if constexpr (Graph<W>::kWeighted)
      lists.weights.resize(total);
  }
  std::vector<unsigned char> raw;
  EdgeOffset at = 0; // into lists
  for (int64_t i = 0; i < count;) {
    EdgeOffset runFirst = in[vertex(i)], runLast = in[vertex(i) + 1];
    int64_t j = i + 1;
    for (; j < count; ++j) {
      VertexId u = vertex(j);
      if (in[u + 1] - runFirst > kRunEdges || in[u] - runLast > kGapEdges)
        break;
      runLast = in[u + 1];
    }
    const unsigned char *data = nullptr;
    int64_t runAt = file.neighborsAt(section) + runFirst * bytes;
    if (!filter.all()) { // room for the run's lists, until the row's are kept
      lists.sources.resize(at + (runLast - runFirst));
      if constexpr (Graph<W>::kWeighted)
        lists.weights.resize(at + (runLast - runFirst));
    }
    if (bytes == 4 && !pulled.list) { // one range: straight into place
      file.read(runAt, lists.sources.data() + at, (runLast - runFirst) * 4);
    } else {
      raw.resize((runLast - runFirst) * bytes);
      file.read(runAt, raw.data(), static_cast<int64_t>(raw.size()));
      data = raw.data();
    }
    // Each pulled vertex's list; adjacent lists as one segment.
    for (int64_t k = i; k < j;) {
      EdgeOffset first = in[vertex(k)], last = in[vertex(k) + 1];
      int64_t l = k + 1;
      for (; l < j && in[vertex(l)] == last; ++l)
        last = in[vertex(l) + 1];
      int64_t edges = last - first;
      VertexId *sources = lists.sources.data() + at;
      if (bytes == 4 && data) {
        std::memcpy(sources, data + (first - runFirst) * 4, edges * 4);
      } else if (bytes == 8) {
        W *weights = nullptr;
        if constexpr (Graph<W>::kWeighted)
          weights = lists.weights.data() + at;
        polyrt::detail::splitSerializedNeighbors<W>(
            path, what,
            reinterpret_cast<const polyrt::detail::SerializedWeightedNeighbor *>(
                data + (first - runFirst) * 8),
            edges, first, sources, weights);
      }
      polyrt::detail::checkSerializedNeighbors(path, what, degrees.n, in, sources, first, edges);
      at = keepRow(lists, at, in, filter, k, l, vertex);
      k = l;
    }
    i = j;
  }
  lists.sources.resize(at);
  if constexpr (Graph<W>::kWeighted)
    lists.weights.resize(at);
}

/// The part: the pulled vertices' kept in-edges, as a CSR keyed by source
/// and the same edges as the CSC.
template <typename W>
Graph<W> buildPart(VertexId n, const RankPartition &split, int r, PartLists<W> lists) {
  const RankVertices pulled = split.pulled(r); // (its column under Cartesian)
  EdgeOffset count = static_cast<EdgeOffset>(lists.sources.size());
  std::vector<EdgeOffset> inOffsets(int64_t{n} + 1, 0);
  for (int64_t i = 0; i < pulled.count; ++i)
    inOffsets[pulled.vertex(i) + 1] = lists.degrees[i];
  for (int64_t v = 0; v < n; ++v)
    inOffsets[v + 1] += inOffsets[v];
  std::vector<EdgeOffset> outOffsets(int64_t{n} + 1, 0);
  for (VertexId u : lists.sources)
    ++outOffsets[u + 1];
  for (int64_t u = 0; u < n; ++u)
    outOffsets[u + 1] += outOffsets[u];
  std::vector<EdgeOffset> next(outOffsets.begin(), outOffsets.end() - 1);
  std::vector<VertexId> targets(count);
  std::vector<W> outWeights(Graph<W>::kWeighted ? count : 0);
  for (int64_t i = 0; i < pulled.count; ++i) {
    VertexId v = pulled.vertex(i);
    for (EdgeOffset e = inOffsets[v]; e < inOffsets[v + 1]; ++e) {
      EdgeOffset at = next[lists.sources[e]]++;
      targets[at] = v;
      if constexpr (Graph<W>::kWeighted)
        outWeights[at] = lists.weights[e];
    }
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
    for (int64_t i = 0; i < split.ownedCount(q); ++i) {
      VertexId u = split.ownedVertex(q, i);
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

/// Tells every owner in this rank's column which of its vertices this rank
/// folds into (those with in-edges in its part; one exchange). Nothing with
/// one row, where every rank pulls only its own vertices.
template <typename W> void setUpPartials(const Graph<W> &g, EdgesPart &part) {
  const int p = ranks(), r = rank();
  const RankPartition &split = part.partition_;
  part.partialTo_.assign(p, {});
  part.partialFrom_.assign(p, {});
  const int rows = split.rows();
  if (rows == 1)
    return; // (alike on every rank: no exchange)
  detail::PeerBuffers send(p), recv;
  const int column = split.columnOf(r);
  for (int q = column * rows; q < (column + 1) * rows; ++q) {
    if (q == r)
      continue;
    for (int64_t i = 0; i < split.ownedCount(q); ++i) {
      VertexId v = split.ownedVertex(q, i);
      if (g.inDegree(v) > 0)
        part.partialTo_[q].push_back(v);
    }
    const auto *bytes = reinterpret_cast<const unsigned char *>(part.partialTo_[q].data());
    send[q].assign(bytes, bytes + part.partialTo_[q].size() * sizeof(VertexId));
  }
  detail::exchangeBytes(send, recv, Communication::Alltoallv);
  for (int q = 0; q < p; ++q)
    for (size_t at = 0; at + sizeof(VertexId) <= recv[q].size(); at += sizeof(VertexId)) {
      VertexId v;
      std::memcpy(&v, recv[q].data() + at, sizeof v);
      std::vector<VertexId> &list = part.partialFrom_[q];
      if (!part.owns(v) || (!list.empty() && list.back() >= v))
        throw Error("internal error: rank " + std::to_string(q) + " folds into vertex " +
                    std::to_string(v) + " as rank " + std::to_string(r) + "'s");
      list.push_back(v);
    }
}

/// What every rank knows of the whole graph: its edge count and
/// out-degrees (a copy, or on one rank the loaded graph's own array).
void setWholeDegrees(EdgesPart &part, EdgeOffset m, std::vector<EdgeOffset> outOffsets,
                     const EdgeOffset *graphOffsets = nullptr) {
  part.numEdges_ = m;
  part.outOffsets_ = std::move(outOffsets);
  part.graphOffsets_ = graphOffsets;
  const VertexId n = graphOffsets ? part.numVertices()
                                  : static_cast<VertexId>(part.outOffsets_.size() - 1);
  part.minOutDegree_ = part.maxOutDegree_ = 0;
  for (VertexId v = 0; v < n; ++v) {
    EdgeOffset d = part.outDegree(v);
    part.minOutDegree_ = v == 0 ? d : std::min(part.minOutDegree_, d);
    part.maxOutDegree_ = std::max(part.maxOutDegree_, d);
  }
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

/// One rank owns every vertex: its part is the graph as a program without
/// configDistribution loads it (an undirected graph's one CSR serving as its
/// CSC too, where a part of several ranks holds both), so that the one-rank
/// run walks the same arrays (docs/distributed.md, "Measurements").
template <typename W>
Graph<W> loadWhole(const std::string &path, EdgesPart &part, Strategy how, double alpha) {
  Graph<W> g;
  std::string failure;
  try {
    g = loadGraph<W>(path);
    g.buildInEdges(); // at load, as a part's CSC is
  } catch (const Error &e) {
    failure = e.what();
  }
  detail::agreeOnFailure(failure.empty() ? nullptr : &failure, "load " + path);
  const VertexId n = g.numVertices();
  part.setPartition(detail::programPartition(n, g.inOffsets(), how, alpha, path), rank());
  // (The Graph's arrays move with it into the program's edgeset.)
  setWholeDegrees(part, g.numEdges(), {}, g.outOffsets());
  setUpMirrors(g, part);
  setUpPartials(g, part);
  return g;
}

template <typename W>
Graph<W> loadPart(const std::string &path, EdgesPart &part, Strategy how, double alpha) {
  detail::requireMpi();
  if (ranks() == 1)
    return loadWhole<W>(path, part, how, alpha);
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
  part.setPartition(detail::programPartition(degrees.n, in.data(), how, alpha, path), rank());
  setWholeDegrees(part, degrees.m, degrees.outOffsets);
  const RankPartition &split = part.partition_;
  PartLists<W> lists;
  try {
    if (byPosition) {
      readPartLists<W>(*file, path, degrees, split, part.rank_, lists);
    } else {
      const RankVertices pulled = split.pulled(part.rank_);
      const RowFilter filter(split, part.rank_);
      const EdgeOffset *offsets = whole.inOffsets();
      lists.degrees.resize(pulled.count);
      for (int64_t i = 0; i < pulled.count; ++i) {
        VertexId v = pulled.vertex(i);
        const size_t before = lists.sources.size();
        for (EdgeOffset e = offsets[v]; e < offsets[v + 1]; ++e)
          if (filter.keeps(whole.inNeighbors()[e])) {
            lists.sources.push_back(whole.inNeighbors()[e]);
            if constexpr (Graph<W>::kWeighted)
              lists.weights.push_back(whole.inWeights()[e]);
          }
        lists.degrees[i] = static_cast<EdgeOffset>(lists.sources.size() - before);
      }
      whole = Graph<W>();
    }
  } catch (const Error &e) {
    failure = e.what();
  }
  detail::agreeOnFailure(failure.empty() ? nullptr : &failure, "load " + path);
  Graph<W> g = buildPart<W>(degrees.n, split, part.rank_, std::move(lists));
  setUpMirrors(g, part);
  setUpPartials(g, part);
  if (byPosition) {
    recordLoadedGraph(path, degrees.n);
    addLoadSeconds(now() - start);
  }
  return g;
}

template <typename W> void EdgesPart::splitSources(const Graph<W> &g) {
  if (partition_.listed())
    throw Error("internal error: splitSources under a listed strategy, whose ranks own no range");
  if (partition_.how == Strategy::Cartesian)
    throw Error("internal error: splitSources under cartesian, whose pulls walk more than the "
                "rank's range");
  sourceSplits_.clear();
  mirrored_.clear();
  if (partition_.ranks == 1)
    return; // every source is the rank's own
  const EdgeOffset *offsets = g.inOffsets();
  const VertexId *neighbors = g.inNeighbors();
  sourceSplits_.assign(ownedCount_, {});
  std::string failure;
  #pragma omp parallel for schedule(dynamic, 1024)
  for (int64_t i = 0; i < ownedCount_; ++i) {
    const VertexId v = ownedVertex(i);
    const VertexId *begin = neighbors + offsets[v], *end = neighbors + offsets[v + 1];
    const int64_t below = std::lower_bound(begin, end, first_) - begin;
    const int64_t above = end - std::lower_bound(begin, end, limit_);
    if (below > UINT32_MAX || above > UINT32_MAX) {
      #pragma omp critical(polyrt_split_sources)
      failure = "vertex " + std::to_string(v) + " has 2^32 or more in-edges from vertices " +
                "of other ranks on one side of rank " + std::to_string(rank_) + "'s range";
      continue;
    }
    sourceSplits_[i] = {static_cast<uint32_t>(below), static_cast<uint32_t>(above)};
  }
  if (!failure.empty())
    throw Error(failure);
  for (int64_t i = 0; i < ownedCount_; ++i)
    if (hasOtherSources(i))
      mirrored_.push_back(i);
}

#define POLYRT_INSTANTIATE(W)                                                                  \
  template Graph<W> loadPart<W>(const std::string &, EdgesPart &, Strategy, double);            \
  template void EdgesPart::splitSources<W>(const Graph<W> &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt::dist
