//===- distributed_transfer.cpp - Moving bytes between ranks ---------------===//
//
// MPI counts are ints: every transfer here is cut into messages of at most
// messagePieceBytes() (INT_MAX) bytes, so no count overflows silently.
//
//===----------------------------------------------------------------------===//
#include "detail/distributed_detail.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <climits>

namespace polyrt::dist::detail {
namespace {

int64_t pieceBytes = INT_MAX;

constexpr int kCountTag = 7101, kDataTag = 7102, kRingTag = 7103;

/// Messages in flight per peer and direction at a time: with one message
/// per record, posting them all at once made MPI's matching cost grow with
/// their square (16 s for 32K records of PageRank at 2 ranks).
constexpr int64_t kWindow = 1024;

/// Posts the messages of bytes [first, last) of one peer's bytes (pieces,
/// or one per record), `unit` bytes each.
void post(std::vector<MPI_Request> &requests, bool sending, unsigned char *data, int64_t first,
          int64_t last, int peer, int64_t unit, int64_t &messages) {
  for (int64_t at = first; at < last; at += unit) {
    int k = static_cast<int>(std::min(unit, last - at));
    MPI_Request request;
    if (sending) {
      MPI_Isend(data + at, k, MPI_BYTE, peer, kDataTag, MPI_COMM_WORLD, &request);
      ++messages;
    } else {
      MPI_Irecv(data + at, k, MPI_BYTE, peer, kDataTag, MPI_COMM_WORLD, &request);
    }
    requests.push_back(request);
  }
}

void waitAll(std::vector<MPI_Request> &requests) {
  if (!requests.empty())
    MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
  requests.clear();
}

/// One peer's receives and another's (or the same one's) sends, at most
/// kWindow messages of each in flight: both sides cut the same byte counts
/// into the same windows, so each window's messages match.
struct Transfer {
  unsigned char *in;
  int64_t incoming;
  int from;
  unsigned char *out;
  int64_t outgoing;
  int to;
};
void transferInWindows(const std::vector<Transfer> &transfers, int64_t unit, int64_t &messages) {
  std::vector<MPI_Request> requests;
  const int64_t window = kWindow * unit;
  int64_t most = 0;
  for (const Transfer &t : transfers)
    most = std::max({most, t.incoming, t.outgoing});
  for (int64_t first = 0; first < most; first += window) {
    for (const Transfer &t : transfers)
      post(requests, false, t.in, first, std::min(t.incoming, first + window), t.from, unit,
           messages);
    for (const Transfer &t : transfers)
      post(requests, true, t.out, first, std::min(t.outgoing, first + window), t.to, unit,
           messages);
    waitAll(requests);
  }
}

/// One ring step of whole messages: `out` to `to` in pieces of pieceBytes,
/// the last one shorter (empty if need be, so a peer with nothing to say
/// sends an empty message), and `in` resized to what `from` sends, each
/// piece's size learnt from the piece itself (MPI_Mprobe) rather than from
/// a count sent before it. Returns the pieces with bytes it sent.
int64_t sendAndProbe(std::vector<unsigned char> &out, int to, std::vector<unsigned char> &in,
                     int from) {
  std::vector<MPI_Request> requests;
  const int64_t size = static_cast<int64_t>(out.size());
  int64_t messages = 0, at = 0, piece = 0;
  do {
    piece = std::min(pieceBytes, size - at);
    MPI_Request request;
    MPI_Isend(out.data() + at, static_cast<int>(piece), MPI_BYTE, to, kDataTag, MPI_COMM_WORLD,
              &request);
    requests.push_back(request);
    messages += piece > 0;
    at += piece;
  } while (piece == pieceBytes);
  in.clear();
  int count = 0;
  do {
    MPI_Message message;
    MPI_Status status;
    MPI_Mprobe(from, kDataTag, MPI_COMM_WORLD, &message, &status);
    MPI_Get_count(&status, MPI_BYTE, &count);
    const size_t before = in.size();
    in.resize(before + static_cast<size_t>(count));
    MPI_Mrecv(in.data() + before, count, MPI_BYTE, &message, MPI_STATUS_IGNORE);
  } while (count == pieceBytes);
  waitAll(requests);
  return messages;
}

/// MPI_Alltoallv in rounds of at most pieceBytes / p bytes per peer, so that
/// counts and displacements fit in an int.
int64_t alltoallv(const PeerBuffers &send, PeerBuffers &recv) {
  int p = static_cast<int>(send.size()), r = rank();
  int64_t piece = std::max<int64_t>(1, pieceBytes / p);
  int64_t rounds = 0;
  for (int q = 0; q < p; ++q)
    rounds = std::max({rounds, (static_cast<int64_t>(send[q].size()) + piece - 1) / piece,
                       (static_cast<int64_t>(recv[q].size()) + piece - 1) / piece});
  MPI_Allreduce(MPI_IN_PLACE, &rounds, 1, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD);
  std::vector<int> sendCounts(p), sendAt(p), recvCounts(p), recvAt(p);
  std::vector<unsigned char> out, in;
  int64_t messages = 0;
  for (int64_t round = 0; round < rounds; ++round) {
    int64_t lo = round * piece;
    int sent = 0, received = 0;
    for (int q = 0; q < p; ++q) {
      auto slice = [&](int64_t size) { return static_cast<int>(std::clamp<int64_t>(size - lo, 0, piece)); };
      sendCounts[q] = slice(static_cast<int64_t>(send[q].size()));
      recvCounts[q] = slice(static_cast<int64_t>(recv[q].size()));
      sendAt[q] = sent;
      recvAt[q] = received;
      sent += sendCounts[q];
      received += recvCounts[q];
      if (q != r && sendCounts[q] > 0)
        ++messages;
    }
    out.resize(sent);
    in.resize(received);
    for (int q = 0; q < p; ++q)
      std::copy_n(send[q].data() + lo, sendCounts[q], out.data() + sendAt[q]);
    MPI_Alltoallv(out.data(), sendCounts.data(), sendAt.data(), MPI_BYTE, in.data(),
                  recvCounts.data(), recvAt.data(), MPI_BYTE, MPI_COMM_WORLD);
    for (int q = 0; q < p; ++q)
      std::copy_n(in.data() + recvAt[q], recvCounts[q], recv[q].data() + lo);
  }
  return messages;
}

/// Waits for every request, testing now and then rather than spinning in
/// MPI_Waitall, so that a thread waiting beside the computation leaves it
/// the cores.
void pollUntilDone(std::vector<MPI_Request> &requests, std::vector<MPI_Status> &statuses) {
  statuses.resize(requests.size());
  // Longer sleeps the longer it waits: each wake-up takes a core from the
  // computation for a moment.
  for (int64_t sleep = 5;; sleep = std::min<int64_t>(2 * sleep, 200)) {
    int done = 0;
    MPI_Testall(static_cast<int>(requests.size()), requests.data(), &done, statuses.data());
    if (done)
      return;
    std::this_thread::sleep_for(std::chrono::microseconds(sleep));
  }
}

} // namespace

RingInFlight::RingInFlight(PeerBuffers send, std::vector<int64_t> sendCapacity,
                           std::vector<int64_t> receiveCapacity, Received received)
    : send_(std::move(send)), sendCapacity_(std::move(sendCapacity)),
      receiveCapacity_(std::move(receiveCapacity)), received_(std::move(received)) {
  const int p = ranks(), r = rank();
  recv_.assign(p, {});
  for (int q = 0; q < p; ++q) {
    if (q == r)
      continue;
    if (static_cast<int64_t>(send_[q].size()) > sendCapacity_[q])
      throw Error("internal error: a message of " + std::to_string(send_[q].size()) +
                  " bytes for rank " + std::to_string(q) + ", above the " +
                  std::to_string(sendCapacity_[q]) + " its list allows");
    recv_[q].resize(receiveCapacity_[q]);
    messages_ += (static_cast<int64_t>(send_[q].size()) + pieceBytes - 1) / pieceBytes;
  }
  int level = MPI_THREAD_SINGLE;
  MPI_Query_thread(&level);
  if (level >= MPI_THREAD_SERIALIZED && p > 1)
    thread_ = std::thread([this] { run(); });
  else
    run(); // no thread may call MPI beside the caller: the exchange is not overlapped
}

RingInFlight::~RingInFlight() {
  if (thread_.joinable())
    thread_.join();
}

void RingInFlight::finish() {
  if (thread_.joinable())
    thread_.join();
  if (error_)
    std::rethrow_exception(error_);
}

void RingInFlight::run() {
  try {
    const int p = ranks(), r = rank();
    auto pieces = [](int64_t capacity) { return (capacity + pieceBytes - 1) / pieceBytes; };
    std::vector<std::vector<MPI_Request>> receives(p);
    std::vector<MPI_Request> sends;
    for (int k = 1; k < p; ++k) {
      const int from = (r - k + p) % p;
      for (int64_t j = 0; j < pieces(receiveCapacity_[from]); ++j) {
        const int64_t at = j * pieceBytes;
        MPI_Request request;
        MPI_Irecv(recv_[from].data() + at,
                  static_cast<int>(std::min(pieceBytes, receiveCapacity_[from] - at)), MPI_BYTE,
                  from, kRingTag, MPI_COMM_WORLD, &request);
        receives[from].push_back(request);
      }
    }
    for (int k = 1; k < p; ++k) {
      const int to = (r + k) % p;
      const int64_t size = static_cast<int64_t>(send_[to].size());
      // Every piece the capacity implies goes, the ones past the message empty.
      for (int64_t j = 0; j < pieces(sendCapacity_[to]); ++j) {
        const int64_t at = std::min(j * pieceBytes, size);
        MPI_Request request;
        MPI_Isend(send_[to].data() + at, static_cast<int>(std::min(pieceBytes, size - at)),
                  MPI_BYTE, to, kRingTag, MPI_COMM_WORLD, &request);
        sends.push_back(request);
      }
    }
    std::vector<MPI_Status> statuses;
    for (int k = 1; k < p; ++k) {
      const int from = (r - k + p) % p;
      pollUntilDone(receives[from], statuses);
      int64_t bytes = 0;
      for (MPI_Status &status : statuses) {
        int count = 0;
        MPI_Get_count(&status, MPI_BYTE, &count);
        bytes += count;
      }
      received_(from, recv_[from].data(), static_cast<size_t>(bytes));
    }
    pollUntilDone(sends, statuses);
  } catch (...) {
    error_ = std::current_exception();
  }
}

int64_t messagePieceBytes() { return pieceBytes; }
void setMessagePieceBytes(int64_t bytes) { pieceBytes = std::clamp<int64_t>(bytes, 1, INT_MAX); }

int64_t exchangeBytes(const PeerBuffers &send, PeerBuffers &recv, Communication how,
                      int64_t recordBytes) {
  int p = ranks(), r = rank();
  recv.assign(p, {});
  std::vector<int64_t> sendCounts(p), recvCounts(p, 0);
  for (int q = 0; q < p; ++q)
    sendCounts[q] = q == r ? 0 : static_cast<int64_t>(send[q].size());
  int64_t unit = recordBytes > 0 ? recordBytes : pieceBytes;
  int64_t messages = 0;
  auto &out = const_cast<PeerBuffers &>(send); // MPI's send buffers are not const-qualified
  if (how == Communication::Alltoallv) {
    MPI_Alltoall(sendCounts.data(), 1, MPI_INT64_T, recvCounts.data(), 1, MPI_INT64_T,
                 MPI_COMM_WORLD);
    for (int q = 0; q < p; ++q)
      recv[q].resize(q == r ? 0 : recvCounts[q]);
    if (recordBytes == 0)
      return alltoallv(send, recv);
    std::vector<Transfer> transfers;
    for (int q = 0; q < p; ++q)
      if (q != r)
        transfers.push_back({recv[q].data(), recvCounts[q], q, out[q].data(), sendCounts[q], q});
    transferInWindows(transfers, unit, messages);
    return messages;
  }
  // Ring: step k sends to r + k and receives from r - k.
  for (int k = 1; k < p; ++k) {
    int to = (r + k) % p, from = (r - k + p) % p;
    if (recordBytes == 0) {
      messages += sendAndProbe(out[to], to, recv[from], from);
      continue;
    }
    // A message per record: the receiver posts them all, so it needs the count.
    int64_t incoming = 0;
    MPI_Sendrecv(&sendCounts[to], 1, MPI_INT64_T, to, kCountTag, &incoming, 1, MPI_INT64_T, from,
                 kCountTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    recv[from].resize(incoming);
    transferInWindows({{recv[from].data(), incoming, from, out[to].data(), sendCounts[to], to}},
                      unit, messages);
  }
  return messages;
}

void allgatherBytes(unsigned char *data, const std::vector<int64_t> &offsets) {
  int p = static_cast<int>(offsets.size()) - 1;
  if (offsets.back() <= pieceBytes) {
    std::vector<int> counts(p), at(p);
    for (int q = 0; q < p; ++q) {
      counts[q] = static_cast<int>(offsets[q + 1] - offsets[q]);
      at[q] = static_cast<int>(offsets[q]);
    }
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, data, counts.data(), at.data(), MPI_BYTE,
                   MPI_COMM_WORLD);
    return;
  }
  // Too large for int displacements: each owner broadcasts its slice in pieces.
  for (int q = 0; q < p; ++q)
    for (int64_t at = offsets[q]; at < offsets[q + 1]; at += pieceBytes)
      MPI_Bcast(data + at, static_cast<int>(std::min(pieceBytes, offsets[q + 1] - at)), MPI_BYTE,
                q, MPI_COMM_WORLD);
}

void gatherBytesToRoot(unsigned char *data, const std::vector<int64_t> &offsets) {
  const int p = static_cast<int>(offsets.size()) - 1, r = rank();
  if (offsets.back() <= pieceBytes) {
    std::vector<int> counts(p), at(p);
    for (int q = 0; q < p; ++q) {
      counts[q] = static_cast<int>(offsets[q + 1] - offsets[q]);
      at[q] = static_cast<int>(offsets[q]);
    }
    MPI_Gatherv(r == 0 ? MPI_IN_PLACE : data + offsets[r], counts[r], MPI_BYTE, data,
                counts.data(), at.data(), MPI_BYTE, 0, MPI_COMM_WORLD);
    return;
  }
  // Too large for int displacements: each slice goes to rank 0 in pieces.
  for (int q = 1; q < p; ++q)
    for (int64_t at = offsets[q]; at < offsets[q + 1]; at += pieceBytes) {
      int bytes = static_cast<int>(std::min(pieceBytes, offsets[q + 1] - at));
      if (r == q)
        MPI_Send(data + at, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
      else if (r == 0)
        MPI_Recv(data + at, bytes, MPI_BYTE, q, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

} // namespace polyrt::dist::detail
