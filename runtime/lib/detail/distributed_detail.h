//===- distributed_detail.h - libpolyrt-mpi's internals (internal) --------===//
#ifndef POLYRT_DETAIL_DISTRIBUTED_DETAIL_H
#define POLYRT_DETAIL_DISTRIBUTED_DETAIL_H

#include "polyrt/distributed.h"

#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace polyrt::dist::detail {

/// Throws Error unless MPI is initialised (dist::runMain does it).
void requireMpi();

/// How many vertices some lists hold together (EdgesPart::sendTo_, receiveFrom_).
inline int64_t totalSize(const std::vector<std::vector<VertexId>> &lists) {
  int64_t total = 0;
  for (const auto &list : lists)
    total += static_cast<int64_t>(list.size());
  return total;
}

/// Throws Error naming `what` unless a vector has one element per vertex.
void requireVectorOfVertices(const EdgesPart &part, int64_t size, const char *what);

/// Another rank failed and reports its own error; this rank only follows.
class PeerFailed : public Error {
public:
  using Error::Error;
};

/// After a step any rank may fail alone (reading its part of a file): every
/// rank learns whether some rank failed, so that none waits in a later
/// collective. A rank that failed throws its own error, the others
/// PeerFailed naming what failed.
void agreeOnFailure(const std::string *ownError, const std::string &what);

/// The program's partition: made by the first loadPart, checked by the rest.
const RankPartition &programPartition(VertexId n, const EdgeOffset *inOffsets, Strategy how,
                                      double alpha, const std::string &path);
/// Forgets it (tests load graphs of different sizes).
void resetProgramPartition();

/// Bytes for and from each peer rank (index = rank; this rank's own empty).
using PeerBuffers = std::vector<std::vector<unsigned char>>;

/// The largest MPI message (INT_MAX bytes by default; tests lower it to
/// exercise the splitting of large transfers).
int64_t messagePieceBytes();
void setMessagePieceBytes(int64_t bytes);

/// Sends send[q] to every rank q and returns what each sent here, as asked:
/// Alltoallv (counts by MPI_Alltoall, then MPI_Alltoallv) or Ring (step k
/// exchanges with r+k and r-k, each message's size learnt from the message,
/// an empty one from a peer with nothing); recordBytes > 0 sends every
/// record of that many bytes as its own message, the ring's counts first.
/// Returns the data messages (with bytes) this rank sent.
int64_t exchangeBytes(const PeerBuffers &send, PeerBuffers &recv, Communication how,
                      int64_t recordBytes = 0);

/// A ring exchange begun and not yet finished, for overlap with computation
/// (beginRefreshMirrors): a thread of its own posts the receives from r - 1,
/// r - 2, ... and the sends to r + 1, r + 2, ..., then waits for each receive
/// in that order, polling with short sleeps so that it takes no core from
/// the computation, and hands each message to `received` as it arrives.
/// Message q is at most capacity bytes, known to both ranks, so that every
/// receive is posted before its size is known; the sender pads with empty
/// pieces to the count the capacity implies (pieces of messagePieceBytes()).
/// Needs MPI_THREAD_SERIALIZED (the caller makes no MPI call until finish);
/// below it, the constructor does the whole exchange itself.
class RingInFlight {
public:
  using Received = std::function<void(int peer, const unsigned char *data, size_t bytes)>;
  RingInFlight(PeerBuffers send, std::vector<int64_t> sendCapacity,
               std::vector<int64_t> receiveCapacity, Received received);
  RingInFlight(const RingInFlight &) = delete;
  RingInFlight &operator=(const RingInFlight &) = delete;
  /// Joins the thread (an error it met is thrown again, by finish).
  ~RingInFlight();
  /// Waits for every message in and out; throws what handling one threw.
  void finish();
  /// The data messages (non-empty pieces) this rank sends.
  int64_t messages() const { return messages_; }

private:
  void run();
  PeerBuffers send_, recv_;
  std::vector<int64_t> sendCapacity_, receiveCapacity_;
  Received received_;
  int64_t messages_ = 0;
  std::exception_ptr error_;
  std::thread thread_;
};

/// Every rank's slice [offsets[r], offsets[r + 1]) of data, from rank r to
/// all (MPI_Allgatherv in place, or broadcasts in pieces when large).
void allgatherBytes(unsigned char *data, const std::vector<int64_t> &offsets);
/// The same to rank 0 only (MPI_Gatherv in place, or sends in pieces).
void gatherBytesToRoot(unsigned char *data, const std::vector<int64_t> &offsets);

/// One refreshMirrors call's traffic from this rank.
struct RoundCounts {
  int64_t records = 0, messages = 0, bytes = 0, peers = 0;
  /// Counts what one peer is sent: its bytes, and the peer if there are any.
  void addMessage(const std::vector<unsigned char> &message) {
    bytes += static_cast<int64_t>(message.size());
    peers += message.empty() ? 0 : 1;
  }
};
/// Counts a round of `traversal` (when accounting is on), in `mode` when
/// given (foldPartials' "fold"), else in the one noteMode gives it.
void recordRound(const char *traversal, const RoundCounts &counts, EdgeOffset numEdges,
                 const char *mode = nullptr);
/// This rank's counts of the last round of `traversal` (zeros if none; for
/// tests).
RoundCounts lastRound(const char *traversal);
/// Rank 0 prints every rank's rounds to stderr (collective; nothing unless
/// some rank turned accounting on).
void printMessageAccounting();

} // namespace polyrt::dist::detail

#endif
