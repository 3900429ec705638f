//===- distributed.h - A program's vertices over MPI ranks ---------------===//
//
// What a program compiled with configDistribution calls (docs/distributed.md).
// Only such programs include this header and link libpolyrt-mpi.a; polyrt
// itself knows nothing of MPI.
//
// The model (Gemini's, with replicated vectors):
// - One program-wide partition gives each rank a contiguous range of
//   vertices (chunk-alpha, edge- or vertex-balanced; boundaries on multiples
//   of 4096 vertices, agreed by all ranks). A rank owns its vertices' data.
// - A rank's part of an edgeset is the in-edges of the vertices it owns: its
//   Graph has every vertex id of the whole graph, its CSR holds the edges
//   whose destination the rank owns (keyed by source: the sparse mode's
//   lists), its CSC the same edges keyed by destination (the dense mode's).
//   The sources it lists that another rank owns are its mirrors.
// - Every per-vertex vector has all n elements on every rank. The owner's
//   element is the true one; a mirror's is refreshed by an exchange before a
//   traversal reads it at a source; every element is refreshed (gathered from
//   the owners) before serial code reads the vector. A traversal writes only
//   elements of destinations it owns, so it needs no other exchange.
// - Serial code runs on every rank with the same values, so every rank takes
//   the same branches and makes the same collective calls. Only rank 0's
//   standard output is kept.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_DISTRIBUTED_H
#define POLYRT_DISTRIBUTED_H

#include "polyrt/graph.h"
#include "polyrt/program.h"
#include "polyrt/types.h"
#include "polyrt/vertex_array.h"
#include "polyrt/vertex_subset.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace polyrt::dist {

/// configDistribution's first argument.
enum class Strategy { ChunkAlpha, EdgeBalanced, VertexBalanced, Hash };
/// configMessageCombining: what one exchange sends for a mirror's value.
enum class Combining {
  Mirrors,   // one record per vertex and rank that lists it (Gemini)
  Batched,   // one record per cut edge, packed into batches per rank (AAM)
  PerUpdate, // one record per cut edge, each its own MPI message (the baseline)
};
/// configCommunication: how the records travel.
enum class Communication { Ring, Alltoallv };

/// This process's rank and the number of ranks (1 and 0 outside mpirun).
int rank();
int ranks();

/// runMain (program.h) for a distributed program: initialises MPI
/// (MPI_THREAD_FUNNELED; MPI_THREAD_MULTIPLE where a communication thread
/// needs it), keeps standard output on rank 0 only, and makes an error on any
/// rank end every rank: the failing rank prints "<program>: error: rank R:
/// <message>" (plain "<program>: error: <message>" with one rank) and calls
/// MPI_Abort, so no rank waits forever in a collective. Also installs the
/// same for stopProgram. Finalises MPI after body.
int runMain(int argc, char **argv, const Usage &usage, const std::function<void()> &body);

/// The program-wide split of [0, n) over ranks(): rank r owns
/// [begin(r), end(r)). Made once, from the first edgeset loaded.
struct RankPartition {
  Strategy how = Strategy::ChunkAlpha;
  std::vector<VertexId> bounds; // ranks() + 1 entries, multiples of 4096 but the last (n)
  VertexId begin(int r) const { return bounds[r]; }
  VertexId end(int r) const { return bounds[r + 1]; }
  int ownerOf(VertexId v) const;
  VertexId numVertices() const { return bounds.back(); }
};

/// A rank's view of one loaded edgeset: the partition, the global degrees
/// and edge count the program's queries answer, the mirror lists, and the
/// message counters.
class EdgesPart {
public:
  const RankPartition &partition() const { return partition_; }
  /// This rank's vertices.
  VertexId begin() const { return partition_.begin(rank_); }
  VertexId end() const { return partition_.end(rank_); }
  bool owns(VertexId v) const { return v >= begin() && v < end(); }
  int64_t ownedCount() const { return end() - begin(); }
  /// The whole graph's vertex count (every rank's Graph has every id).
  VertexId numVertices() const { return partition_.numVertices(); }
  /// The whole graph's edge count and out-degrees (not this rank's part's).
  EdgeOffset numEdges() const { return numEdges_; }
  EdgeOffset outDegree(VertexId v) const { return outDegrees_[v]; }
  const std::vector<EdgeOffset> &outDegrees() const { return outDegrees_; }
  /// Mirrors this rank lists, summed over ranks (Σ|V'_i| in Gemini's terms;
  /// the same on every rank).
  int64_t listedVertices() const { return listedVertices_; }

  // Filled by loadPart.
  int rank_ = 0;
  RankPartition partition_;
  EdgeOffset numEdges_ = 0;
  std::vector<EdgeOffset> outDegrees_;
  int64_t listedVertices_ = 0;
  /// Per peer rank q: the vertices this rank owns that q lists as sources,
  /// ascending (sent to q), with how many of q's edges leave each (for the
  /// per-edge combining levels); and the vertices q owns that this rank
  /// lists (received from q), ascending.
  std::vector<std::vector<VertexId>> sendTo_, receiveFrom_;
  std::vector<std::vector<int32_t>> sendEdges_;
};

/// Loads this rank's part of the graph file at `path` (the part described
/// above) and fills `part`, making the program's partition by `how` (alpha:
/// chunk-alpha's, < 0 for 8 * (ranks - 1)) on the first call; later edgesets
/// must have the same vertex count. A .sg/.wsg file: every rank reads the
/// offsets and only its own vertices' in-lists (the CSC of a directed file,
/// the CSR of an undirected one). Other formats: every rank reads the whole
/// file and keeps its part. All ranks check with MPI_Allreduce that they
/// agree on the bounds. Errors: the graph has fewer vertices than ranks
/// ("cannot split 3 vertices over 4 ranks"), a missing or bad file on any
/// rank (named by that rank), mismatched vertex counts.
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
  /// (indexed as EdgesPart::sendTo_ concatenated); empty until first sent.
  std::vector<unsigned char> lastSent;
};

/// A traversal wrote the vector's owned elements.
inline void wrote(Freshness &f) { f.mirrors = f.all = false; }

/// Before a traversal that reads `values` at sources: unless f.mirrors,
/// every owner sends the elements other ranks list (only those that changed
/// since it last sent them), combined and carried as asked, counted under
/// `traversal` for --account-messages. Sets f.mirrors.
template <typename T>
void refreshMirrors(EdgesPart &part, VertexArray<T> &values, Freshness &f, Combining combining,
                    Communication communication, const char *traversal);

/// Before serial code reads `values`: unless f.all, every element is gathered
/// from its owner (MPI_Allgatherv of the owned ranges). Sets f.all and
/// f.mirrors.
template <typename T> void gatherAll(EdgesPart &part, VertexArray<T> &values, Freshness &f);

/// A vertexset a traversal built holds only this rank's members: gathers
/// every rank's, so that each rank holds the whole set (in the form it had).
void gatherSet(const EdgesPart &part, VertexSubset &set);

/// Reductions over ranks, for vertices.size(), sums and global scalars
/// written by traversals.
int64_t sumOverRanks(int64_t value);
double sumOverRanks(double value);
int64_t minOverRanks(int64_t value);
int64_t maxOverRanks(int64_t value);
double minOverRanks(double value);
double maxOverRanks(double value);

/// --account-messages: turns the counters on; at exit rank 0 prints one table
/// to stderr, a row per traversal, rank and round: traversal rank round mode
/// messages bytes peers bytes-per-edge (docs/distributed.md).
void enableMessageAccounting();
/// The mode a traversal's round ran in, for the table ("sparse", "dense").
void noteMode(const char *traversal, const char *mode);

} // namespace polyrt::dist

#endif
