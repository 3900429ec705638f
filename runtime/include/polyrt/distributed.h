//===- distributed.h - A program's vertices over MPI ranks ---------------===//
//
// What a program compiled with configDistribution calls (docs/distributed.md).
// Only such programs include this header and link libpolyrt-mpi.a; polyrt
// itself knows nothing of MPI.
//
// The model (Gemini's, with replicated vectors):
// - One program-wide partition gives each rank its vertices: a contiguous
//   range (chunk-alpha, edge- or vertex-balanced; boundaries on multiples of
//   4096 vertices, agreed by all ranks) or every p-th vertex (hash: v mod p).
//   A rank owns its vertices' data.
// - The ranks form an r x c grid (rank_partition.h), numbered by column;
//   r = 1 but under Cartesian. A rank's part of an edgeset is the edges
//   whose destination lies in its column's range (the owned ranges of the
//   column's r ranks: its pulled destinations) and whose source a rank of
//   its row owns. With r = 1 that is the in-edges of the vertices it owns.
//   Its Graph has every vertex id of the whole graph, its CSR holds the
//   part's edges keyed by source (the sparse mode's lists), its CSC the same
//   edges keyed by destination (the dense mode's). The sources it lists that
//   another rank owns are its mirrors (all owned in its row); the pulled
//   destinations another rank owns are its partials (all owned in its
//   column).
// - Every per-vertex vector has all n elements on every rank. The owner's
//   element is the true one; a mirror's is refreshed by an exchange before a
//   traversal reads it at a source; every element is refreshed (gathered from
//   the owners) before serial code reads the vector. A traversal writes only
//   elements of destinations it pulls: with r = 1 those it owns, so it needs
//   no other exchange; under Cartesian it folds into its partials' elements
//   too (cleared to the fold's identity first, clearPartials), which their
//   owners then fold into their own (foldPartials): a Cartesian round is a
//   refresh of the mirrors, the traversal and a fold of the partials.
// - Serial code runs on every rank with the same values, so every rank takes
//   the same branches and makes the same collective calls. Only rank 0's
//   standard output is kept.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_DISTRIBUTED_H
#define POLYRT_DISTRIBUTED_H

#include "polyrt/checked_arithmetic.h"
#include "polyrt/graph.h"
#include "polyrt/program.h"
#include "polyrt/rank_partition.h"
#include "polyrt/types.h"
#include "polyrt/vertex_array.h"
#include "polyrt/vertex_subset.h"

#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace polyrt::dist {
namespace detail {
class RingInFlight;
}

// Strategy, Combining, Communication: rank_partition.h.

/// This process's rank and the number of ranks (0 and 1 before MPI is
/// initialised; a program started without mpirun is one rank).
int rank();
int ranks();

/// runMain (program.h) for a distributed program: initialises MPI
/// (MPI_THREAD_FUNNELED: only the main thread calls MPI) unless it is already,
/// keeps standard output (std::cout and stdout) on rank 0 only, and makes an
/// error on any rank end every rank: the failing rank prints "<program>:
/// error: rank R: <message>" (plain "<program>: error: <message>" with one
/// rank) and, with several ranks, calls MPI_Abort, so no rank waits forever
/// in a collective (polyrt::setErrorHook, so stopProgram does the same).
/// After body, prints the --account-messages table (if enabled) and
/// finalises MPI if it initialised it.
int runMain(int argc, char **argv, const Usage &usage, const std::function<void()> &body);

/// The program's RankPartition (rank_partition.h) over ranks(): made once,
/// from the first edgeset loaded, by makeRankPartition over its in-degrees.
/// A graph with fewer than 4096 * ranks() vertices leaves some ranks empty
/// (they own nothing but take part in every collective); fewer vertices than
/// ranks is an error. Hash gives every rank n / ranks vertices, rounded up
/// or down, whatever n.

/// A rank's view of one loaded edgeset: the partition, the global degrees
/// and edge count the program's queries answer, the mirror lists, and the
/// message counters.
class EdgesPart {
public:
  // Not copied: list_ points into partition_.
  EdgesPart() = default;
  EdgesPart(const EdgesPart &) = delete;
  EdgesPart &operator=(const EdgesPart &) = delete;
  EdgesPart(EdgesPart &&) = default;
  EdgesPart &operator=(EdgesPart &&) = default;

  const RankPartition &partition() const { return partition_; }
  /// This rank's vertices: ownedVertex(i) for i in [0, ownedCount()), in
  /// increasing order from firstOwned(), all below ownedLimit(); a range
  /// (ownedList() nullptr) or a list (RankPartition::listed(): hash, metis).
  /// RankPartition's, cached here for the generated loops.
  int64_t ownedCount() const { return ownedCount_; }
  VertexId ownedVertex(int64_t i) const { return owned().vertex(i); }
  VertexId firstOwned() const { return first_; }
  VertexId ownedLimit() const { return limit_; }
  const VertexId *ownedList() const { return list_; }
  /// The same, as a value a loop keeps in registers (a global part's fields
  /// are read again after every store the loop body might alias them with).
  using OwnedVertices = RankVertices;
  OwnedVertices owned() const { return {first_, limit_, ownedCount_, list_}; }
  /// The destinations of this rank's part (its column's range under
  /// Cartesian; owned() under every other strategy and on one rank): what a
  /// pull walks.
  OwnedVertices pulled() const { return partition_.pulled(rank_); }
  /// Whether this rank owns v; false for v outside [0, n). A range test,
  /// then a lookup only under a listed strategy.
  bool owns(VertexId v) const {
    return v >= first_ && v < limit_ && (!list_ || partition_.ownerOf(v) == rank_);
  }
  /// The whole graph's vertex count (every rank's Graph has every id).
  VertexId numVertices() const { return partition_.numVertices(); }
  /// The whole graph's edge count and out-degrees (not this rank's part's).
  EdgeOffset numEdges() const { return numEdges_; }
  EdgeOffset outDegree(VertexId v) const { return outOffsets()[v + 1] - outOffsets()[v]; }
  /// The whole graph's out-offsets and degree bounds: what a hybrid's
  /// frontierWorkExceeds reads, so that every rank, holding the whole
  /// frontier, makes the same choice (Gemini's switch on the active edges
  /// summed over ranks).
  /// On one rank these are the loaded graph's own (the frontier's recorded
  /// work then serves the hybrid's choice, as without MPI).
  const EdgeOffset *outOffsets() const {
    return graphOffsets_ ? graphOffsets_ : outOffsets_.data();
  }
  EdgeOffset minOutDegree() const { return minOutDegree_; }
  EdgeOffset maxOutDegree() const { return maxOutDegree_; }
  /// Mirrors this rank lists, summed over ranks (Σ|V'_i| in Gemini's terms;
  /// the same on every rank).
  int64_t listedVertices() const { return listedVertices_; }

  /// Sets partition_ and rank_ and the cached ownership.
  void setPartition(const RankPartition &partition, int rank) {
    partition_ = partition;
    rank_ = rank;
    first_ = partition.first(rank);
    list_ = partition_.ownedList(rank); // (into this part's own copy)
    limit_ = partition.limit(rank);
    ownedCount_ = partition.ownedCount(rank);
  }

  /// For a pull that walks the edges from this rank's own vertices while
  /// the mirrors' values travel (beginRefreshMirrors), then the rest
  /// (splitSources at load; a chunk strategy's range; the lists are sorted,
  /// graph.h). ownSources: the run of owned vertex v's in-list [offsets[v],
  /// offsets[v + 1]) of `neighbors` whose sources this rank owns (the whole
  /// list on one rank). hasOtherSources: whether the list of ownedVertex(i)
  /// has edges from mirrors. The vertices that do, in order: mirroredVertex(k) for k
  /// below mirroredCount(); otherSources: the runs before and after the own
  /// run of the k-th.
  struct EdgeRun {
    EdgeOffset first, last;
  };
  EdgeRun ownSources(const EdgeOffset *offsets, const VertexId *neighbors, VertexId v) const {
    const EdgeOffset begin = offsets[v], end = offsets[v + 1];
    // Without a split (one rank) the list is all the rank's own. A list whose
    // ends are the rank's own is (sorted) all its own: the split is read only
    // for the others, which a grid has few of.
    if (sourceSplits_.empty() || begin == end ||
        (neighbors[begin] >= first_ && neighbors[end - 1] < limit_))
      return {begin, end};
    const SourceSplit split = sourceSplits_[v - first_]; // (a range: stride 1)
    return {begin + split.below, end - split.above};
  }
  bool hasOtherSources(int64_t i) const {
    return !sourceSplits_.empty() && (sourceSplits_[i].below | sourceSplits_[i].above) != 0;
  }
  int64_t mirroredCount() const { return static_cast<int64_t>(mirrored_.size()); }
  VertexId mirroredVertex(int64_t k) const { return ownedVertex(mirrored_[k]); }
  std::array<EdgeRun, 2> otherSources(const EdgeOffset *offsets, VertexId v, int64_t k) const {
    const SourceSplit split = sourceSplits_[mirrored_[k]];
    return {EdgeRun{offsets[v], offsets[v] + split.below},
            EdgeRun{offsets[v + 1] - split.above, offsets[v + 1]}};
  }
  /// Counts, per owned vertex, its in-edges from sources below and above
  /// this rank's range, and lists the vertices that have any (nothing on
  /// one rank, whose every source is its own). Throws Error under hash,
  /// whose ranks own no range, under Cartesian, whose pulls walk more than
  /// the owned range, and for a vertex with 2^32 or more in-edges from
  /// either side.
  template <typename W> void splitSources(const Graph<W> &g);

  // Filled by loadPart.
  int rank_ = 0;
  RankPartition partition_;
  VertexId first_ = 0, limit_ = 0;
  const VertexId *list_ = nullptr; // into partition_.members
  int64_t ownedCount_ = 0;
  EdgeOffset numEdges_ = 0;
  std::vector<EdgeOffset> outOffsets_ = std::vector<EdgeOffset>(1, 0);
  /// One rank: the out-offsets of the Graph loadPart returned (which the
  /// program keeps as long as the part), instead of a copy.
  const EdgeOffset *graphOffsets_ = nullptr;
  EdgeOffset minOutDegree_ = 0, maxOutDegree_ = 0;
  int64_t listedVertices_ = 0;
  /// Per peer rank q: the vertices this rank owns that q lists as sources,
  /// ascending (sent to q), with how many of q's edges leave each (for the
  /// per-edge combining levels); and the vertices q owns that this rank
  /// lists (received from q), ascending. sendTo_[q] here is receiveFrom_[r]
  /// on q: messages over them name list positions, not vertices
  /// (list_encoding.h).
  std::vector<std::vector<VertexId>> sendTo_, receiveFrom_;
  std::vector<std::vector<int32_t>> sendEdges_;
  /// Per peer rank q (Cartesian only; empty lists otherwise and on one
  /// rank): the vertices q owns that this rank pulls and that have in-edges
  /// in its part, ascending (this rank's partial folds of them go to q);
  /// and the vertices this rank owns that q sends partial folds of,
  /// ascending. partialTo_[q] here is partialFrom_[r] on q.
  std::vector<std::vector<VertexId>> partialTo_, partialFrom_;
  struct SourceSplit {
    uint32_t below = 0, above = 0;
  };
  std::vector<SourceSplit> sourceSplits_; // by owned index (splitSources; empty on one rank)
  std::vector<int64_t> mirrored_;         // owned indices with edges from mirrors, ascending
};

/// Loads this rank's part of the graph file at `path` (the part described
/// above) and fills `part`, making the program's partition by `how` (alpha:
/// chunk-alpha's, < 0 for 8 * (ranks - 1)) on the first call; later edgesets
/// must have the same vertex count. On one rank the part is the whole graph
/// as loadGraph returns it; on several the Graph returned is directed
/// whatever the file is. A .sg/.wsg file (not compressed, a regular file, and not to
/// be symmetrized by POLYRT_SYMMETRIZE=1): every rank reads the header and
/// offsets and seeks to only its own vertices' in-lists (the CSC of a
/// directed file, the CSR of an undirected one); it checks what it reads
/// (sizes, offsets, neighbour ids, weights), not that the CSC is the CSR's
/// transpose, which would need the whole file. Other formats: every rank
/// loads the whole file with loadGraph and keeps its part. All ranks check
/// with MPI_Allreduce that they agree on n and the bounds. Errors: the graph
/// has fewer vertices than ranks ("cannot split 3 vertices over 4 ranks"), a
/// missing or bad file on any rank (reported by that rank; the others follow
/// without waiting), mismatched vertex counts.
template <typename W>
Graph<W> loadPart(const std::string &path, EdgesPart &part, Strategy how, double alpha);

/// Whether every rank's copy of a vector is current: set false by a write
/// phase (a traversal that writes the vector on owned elements); the
/// exchanges below set it again. All ranks hold the same flags, since they
/// run the same serial code.
struct Freshness {
  bool mirrors = true; // the elements this rank lists as mirrors
  bool all = true;     // every element
  /// For update tracking: the value of each element this rank last sent
  /// (indexed as EdgesPart::sendTo_ concatenated, element size bytes each),
  /// for the part in sentFor; empty until first sent.
  std::vector<unsigned char> lastSent;
  const EdgesPart *sentFor = nullptr;
  /// snapshotMirrors: the elements of this rank's mirrors before a traversal
  /// folds into them (indexed as EdgesPart::receiveFrom_ concatenated).
  std::vector<unsigned char> snapshot;
  /// foldPartials' update tracking, for the part in partialsFor: the
  /// partials this rank last sent (indexed as EdgesPart::partialTo_
  /// concatenated) and the last it received (as partialFrom_), element size
  /// bytes each.
  std::vector<unsigned char> partialsSent, partialsReceived;
  const EdgesPart *partialsFor = nullptr;
  /// beginRefreshMirrors: the exchange under way until finishRefreshMirrors.
  std::shared_ptr<detail::RingInFlight> inFlight;
};

/// How a traversal folds into elements of its sources (configDistribution:
/// `x[src] += v`, min=, max=, or `x[src] = constant`), which the owners then
/// combine (Assign: the owner takes the value a rank set).
enum class Fold { Add, Min, Max, Assign };

/// A traversal wrote the vector's owned elements.
inline void wrote(Freshness &f) { f.mirrors = f.all = false; }
/// Code outside traversals wrote the vector on every rank alike (a fill, an
/// assignment in serial code): mirrors are current, but what owners last sent
/// no longer says what the mirrors hold, so the next exchange sends all.
inline void wroteOnEveryRank(Freshness &f) { f.lastSent.clear(); }

namespace detail {
/// The type-independent cores of refreshMirrors and gatherAll (elements of
/// elementSize bytes, compared and sent as bytes).
void refreshMirrorBytes(EdgesPart &part, unsigned char *values, int64_t size, size_t elementSize,
                        Freshness &f, Combining combining, Communication communication,
                        const char *traversal);
void beginRefreshMirrorBytes(EdgesPart &part, unsigned char *values, int64_t size,
                             size_t elementSize, Freshness &f, const char *traversal);
void finishRefreshMirrorBytes(Freshness &f);
void gatherAllBytes(EdgesPart &part, unsigned char *values, int64_t size, size_t elementSize,
                    Freshness &f);
void gatherForPrintBytes(EdgesPart &part, unsigned char *values, int64_t size,
                         size_t elementSize, Freshness &f);
/// The element types foldIntoOwners combines (the language's numbers).
enum class ElementKind { Bool, Int32, Int64, UInt32, UInt64, Float, Double };
template <typename T> constexpr ElementKind elementKind() {
  if constexpr (std::is_same_v<T, bool>) return ElementKind::Bool;
  else if constexpr (std::is_same_v<T, int32_t>) return ElementKind::Int32;
  else if constexpr (std::is_same_v<T, int64_t>) return ElementKind::Int64;
  else if constexpr (std::is_same_v<T, uint32_t>) return ElementKind::UInt32;
  else if constexpr (std::is_same_v<T, uint64_t>) return ElementKind::UInt64;
  else if constexpr (std::is_same_v<T, float>) return ElementKind::Float;
  else {
    static_assert(std::is_same_v<T, double>, "folds combine numbers");
    return ElementKind::Double;
  }
}
void snapshotMirrorBytes(const EdgesPart &part, const unsigned char *values, int64_t size,
                         size_t elementSize, Freshness &f);
void foldIntoOwnerBytes(EdgesPart &part, unsigned char *values, int64_t size, ElementKind kind,
                        Fold fold, Freshness &f, Communication communication,
                        const char *traversal);
void foldPartialBytes(EdgesPart &part, unsigned char *values, int64_t size, ElementKind kind,
                      Fold fold, Freshness &f, Communication communication,
                      const char *traversal);
/// What a partial fold starts from: folding it in changes nothing (Add: +0,
/// so that a sum of nothing is 0, not -0; Min: the largest value or +inf;
/// Max: the lowest or -inf). Assign has none: an internal error.
template <typename T> T partialIdentity(Fold fold) {
  if (fold == Fold::Assign)
    throw Error("internal error: a partial fold that assigns");
  if (fold == Fold::Add)
    return T(0);
  if constexpr (std::is_floating_point_v<T>)
    return fold == Fold::Min ? std::numeric_limits<T>::infinity()
                             : -std::numeric_limits<T>::infinity();
  else
    return fold == Fold::Min ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest();
}
} // namespace detail

/// Before a traversal that folds into `values` at its sources: keeps the
/// elements of this rank's mirrors, whose change the fold then sends.
template <typename T>
void snapshotMirrors(const EdgesPart &part, const VertexArray<T> &values, Freshness &f) {
  detail::snapshotMirrorBytes(part, reinterpret_cast<const unsigned char *>(values.data()),
                              values.size(), sizeof(T), f);
}

/// After it: every rank sends, for each mirror whose element changed, its
/// change to the owner (the difference for Add, the element for Min, Max and
/// Assign), one message per owner over their shared list (list_encoding.h),
/// which folds it into its own element (Assign: takes it), in rank order.
/// Counted as a round of `traversal`. The copies are then stale
/// (the caller marks the vector written).
template <typename T>
void foldIntoOwners(EdgesPart &part, VertexArray<T> &values, Freshness &f, Fold fold,
                    Communication communication, const char *traversal) {
  detail::foldIntoOwnerBytes(part, reinterpret_cast<unsigned char *>(values.data()),
                             values.size(), detail::elementKind<T>(), fold, f, communication,
                             traversal);
}

/// Before a traversal that folds into `values` at its destinations
/// (Cartesian: it pulls destinations other ranks own): sets this rank's
/// partials' elements (EdgesPart::partialTo_) to the fold's identity
/// (detail::partialIdentity), so that they collect this rank's part of the
/// fold alone. Nothing under other strategies or on one rank.
template <typename T>
void clearPartials(const EdgesPart &part, VertexArray<T> &values, Fold fold) {
  const T identity = detail::partialIdentity<T>(fold);
  for (const std::vector<VertexId> &list : part.partialTo_)
    for (VertexId v : list)
      values[v] = identity;
}

/// After it: every rank sends each owner q its partials' elements of q's
/// vertices that changed since it last sent them (Gluon's update tracking:
/// all of them on the first call), one message per owner over their shared
/// list (list_encoding.h); each owner keeps the last partial it received
/// for each place (f.partialsReceived) and folds every one it holds into its
/// own elements, in rank order (q = 0, 1, ...), so that the result is that
/// of sending all, the same on every run. Counted as a round
/// of `traversal`. The partials' copies are then stale (the caller marks the
/// vector written), and f.lastSent is cleared.
template <typename T>
void foldPartials(EdgesPart &part, VertexArray<T> &values, Freshness &f, Fold fold,
                  Communication communication, const char *traversal) {
  detail::foldPartialBytes(part, reinterpret_cast<unsigned char *>(values.data()), values.size(),
                           detail::elementKind<T>(), fold, f, communication, traversal);
}

/// Before a traversal that reads `values` at sources: unless f.mirrors,
/// every owner sends the elements other ranks list (only those that changed
/// since it last sent them: compared bytewise with f.lastSent), combined and
/// carried as asked: Mirrors sends one message per listing rank over the
/// list both agreed on at load, without vertex ids (list_encoding.h: all
/// values in order, a bitset and the changed values, or positions and
/// values, whichever is smallest); Batched and PerUpdate a record
/// {uint32 vertex; T value} per cut edge. Each call is one
/// round of `traversal` for --account-messages (a call with f.mirrors set
/// counts as a round without traffic). Sets f.mirrors.
template <typename T>
void refreshMirrors(EdgesPart &part, VertexArray<T> &values, Freshness &f, Combining combining,
                    Communication communication, const char *traversal) {
  static_assert(std::is_trivially_copyable_v<T>, "mirrors are sent as bytes");
  detail::refreshMirrorBytes(part, reinterpret_cast<unsigned char *>(values.data()),
                             values.size(), sizeof(T), f, combining, communication, traversal);
}

/// refreshMirrors with Mirrors combining over the ring, overlapped with
/// computation: begin encodes what changed and starts the exchange on a
/// thread of its own (RingInFlight), which puts each peer's values into this
/// rank's mirrors as they arrive; until finish, the caller reads none of
/// this rank's mirrors of `values` and makes no MPI call (a DensePull walks
/// the edges from its own vertices meanwhile; docs/distributed.md, "The
/// schedule functions"). The round is counted by begin, as refreshMirrors
/// counts it. finish waits for the exchange and sets f.mirrors; with nothing
/// begun it does nothing.
template <typename T>
void beginRefreshMirrors(EdgesPart &part, VertexArray<T> &values, Freshness &f,
                         const char *traversal) {
  static_assert(std::is_trivially_copyable_v<T>, "mirrors are sent as bytes");
  detail::beginRefreshMirrorBytes(part, reinterpret_cast<unsigned char *>(values.data()),
                                  values.size(), sizeof(T), f, traversal);
}
inline void finishRefreshMirrors(Freshness &f) { detail::finishRefreshMirrorBytes(f); }

/// Before serial code reads `values`: unless f.all, every element is gathered
/// from its owner (MPI_Allgatherv of the owned ranges; under hash each
/// rank's elements packed, then put in place). Sets f.all and
/// f.mirrors (and, for update tracking, records the values as sent).
template <typename T> void gatherAll(EdgesPart &part, VertexArray<T> &values, Freshness &f) {
  static_assert(std::is_trivially_copyable_v<T>, "elements are gathered as bytes");
  detail::gatherAllBytes(part, reinterpret_cast<unsigned char *>(values.data()), values.size(),
                         sizeof(T), f);
}

/// Before serial code that reads `values` only to print it (only rank 0
/// prints): unless f.all, every element is gathered from its owner to rank
/// 0 alone (MPI_Gatherv; under hash packed as gatherAll's). f's flags do not
/// change, so they stay alike on every rank: the next read gathers again.
/// Rank 0's copies then hold their owners' values, and each owner records
/// them as sent to rank 0 (a value changed back later is then sent again).
template <typename T>
void gatherForPrint(EdgesPart &part, VertexArray<T> &values, Freshness &f) {
  static_assert(std::is_trivially_copyable_v<T>, "elements are gathered as bytes");
  detail::gatherForPrintBytes(part, reinterpret_cast<unsigned char *>(values.data()),
                              values.size(), sizeof(T), f);
}

/// A vertexset a traversal built holds this rank's members (and possibly
/// stale ones of other ranks' vertices, which are dropped): gathers every
/// rank's members of its own vertices, so that each rank holds the whole set,
/// the same size everywhere, in the form the ranks share (sparse before
/// dense before bits; dense when they share none; under hash bits go by
/// bytes and end dense). A sparse set's members come in rank order (under
/// hash sorted, as rank order of ranges would give ascending lists).
void gatherSet(const EdgesPart &part, VertexSubset &set);

/// Reductions over ranks, for vertices.size(), sums and global scalars
/// written by traversals. A double sum adds the ranks' values in rank order
/// (MPI_Allgather), so that every rank gets the same number whatever
/// MPI_Allreduce's order would be.
int64_t sumOverRanks(int64_t value);
double sumOverRanks(double value);
int64_t minOverRanks(int64_t value);
int64_t maxOverRanks(int64_t value);
double minOverRanks(double value);
double maxOverRanks(double value);

/// vec.sum() in serial code, without gathering the vector: each rank sums
/// the elements it owns in vertex order, then the ranks' sums are added
/// (sumOverRanks). An integer sum is the undistributed one (sumOwnedInts:
/// an int vector's, in 64 bits and checked once, as polyrt::sumOfInts); a
/// double's is added in another order than vertex order over several ranks,
/// so its last digits may differ (docs/distributed.md, "The model").
namespace detail {
/// This rank's sum of the elements it owns, added in Sum: an integer sum
/// split over the threads (the same in any order), a double one in vertex order.
template <typename Sum, typename T>
Sum ownedSum(const EdgesPart &part, const VertexArray<T> &values) {
  const EdgesPart::OwnedVertices owned = part.owned();
  Sum mine = Sum();
  if constexpr (std::is_integral_v<Sum>) {
#pragma omp parallel for schedule(static) reduction(+ : mine) if (owned.count > 4 * kSerialWork)
    for (int64_t i = 0; i < owned.count; ++i)
      mine += values[owned.vertex(i)];
  } else {
    for (int64_t i = 0; i < owned.count; ++i)
      mine += values[owned.vertex(i)];
  }
  return mine;
}
} // namespace detail
template <typename T> T sumOwned(const EdgesPart &part, const VertexArray<T> &values) {
  static_assert(std::is_same_v<T, double> || std::is_same_v<T, int64_t> ||
                    std::is_same_v<T, uint64_t>,
                "sums of float, bool or narrow vectors are gathered first (the distribution pass)");
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(sumOverRanks(static_cast<int64_t>(detail::ownedSum<T>(part, values))));
  else
    return sumOverRanks(detail::ownedSum<T>(part, values));
}
inline int32_t sumOwnedInts(const EdgesPart &part, const VertexArray<int32_t> &values,
                            const char *where) {
  return sumToInt(sumOverRanks(detail::ownedSum<int64_t>(part, values)), where);
}

/// A global number every rank folded its part of a traversal into, starting
/// from `kept` (the same on every rank): the whole traversal's result. Add
/// sums the ranks' changes; Min and Max take the least or greatest.
template <typename T> T combineOverRanks(T mine, T kept, Fold fold) {
  static_assert(std::is_arithmetic_v<T>, "folds combine numbers");
  if constexpr (std::is_floating_point_v<T>) {
    double v = static_cast<double>(mine);
    double all = fold == Fold::Add   ? static_cast<double>(kept) + sumOverRanks(v - double(kept))
                 : fold == Fold::Min ? minOverRanks(v)
                                     : maxOverRanks(v);
    return static_cast<T>(all);
  } else {
    int64_t v = static_cast<int64_t>(mine);
    int64_t all = fold == Fold::Add   ? static_cast<int64_t>(kept) + sumOverRanks(v - int64_t(kept))
                  : fold == Fold::Min ? minOverRanks(v)
                                      : maxOverRanks(v);
    return static_cast<T>(all);
  }
}

/// --account-messages: turns the counters on; at the end of dist::runMain
/// rank 0 prints one table to stderr, headed "polyrt message accounting", a
/// row per traversal, rank and round: traversal rank round mode records
/// messages bytes peers bytes/edge, and a total row per traversal. records
/// are the values sent (one per {vertex, value} record for the per-edge
/// levels), messages MPI messages carrying them, bytes what they carry (list
/// headers and bitsets included), peers the ranks sent a byte to,
/// bytes/edge the bytes over the whole graph's edge count (docs/runtime.md,
/// "Distributed programs").
void enableMessageAccounting();
/// The mode a traversal's round ran in, for the table ("sparse", "dense"):
/// the round refreshMirrors is counting if it has no mode yet, else the next.
void noteMode(const char *traversal, const char *mode);

} // namespace polyrt::dist

#endif
