//===- distributed_program.cpp - A distributed program's ranks and main ---===//
#include "polyrt/distributed.h"

#include "detail/distributed_detail.h"

#include <mpi.h>
#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
#endif

#include <chrono>
#include <cstdio>
#include <iostream>
#include <streambuf>
#include <thread>

namespace polyrt::dist {
namespace {

bool mpiRunning() {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  return initialized && !finalized;
}

/// Where the standard output of ranks other than 0 goes.
class NullBuffer : public std::streambuf {
protected:
  int overflow(int c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char *, std::streamsize n) override { return n; }
};
NullBuffer nullBuffer;

/// polyrt's error report, naming the rank, and the end of every rank: the
/// others may be waiting for this one in a collective.
/// (The rank and size, read once by runMain: stopProgram may call the hook
/// from a worker thread, which makes no other MPI call than MPI_Abort.)
int hookRank = 0, hookRanks = 1;
void reportAndAbort(const std::string &program, const std::string &message) {
  int p = hookRanks;
  std::string line = program + ": error: " +
                     (p > 1 ? "rank " + std::to_string(hookRank) + ": " : std::string()) + message +
                     "\n";
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
  if (p > 1)
    MPI_Abort(MPI_COMM_WORLD, 1);
}

} // namespace

int rank() {
  if (!mpiRunning())
    return 0;
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int ranks() {
  if (!mpiRunning())
    return 1;
  int p = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  return p;
}

void detail::requireMpi() {
  if (!mpiRunning())
    throw Error("MPI is not initialised: a distributed program runs inside polyrt::dist::runMain");
}

void detail::agreeOnFailure(const std::string *ownError, const std::string &what) {
  int failed = ownError ? rank() + 1 : 0, first = 0;
  MPI_Allreduce(&failed, &first, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (ownError)
    throw Error(*ownError);
  if (first)
    throw PeerFailed("rank " + std::to_string(first - 1) + " failed to " + what);
}

int runMain(int argc, char **argv, const Usage &usage, const std::function<void()> &body) {
  bool ownMpi = !mpiRunning();
  if (ownMpi) {
    int provided = 0;
    // SERIALIZED: an overlapped refresh's thread calls MPI while the main
    // thread computes (detail::RingInFlight; without it, no overlap).
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  }
  std::streambuf *coutBuffer = std::cout.rdbuf();
  if (rank() != 0) {
    std::cout.rdbuf(&nullBuffer);
    std::fflush(stdout);
    if (!std::freopen("/dev/null", "w", stdout))
      std::fclose(stdout); // (writes then fail quietly)
  }
  hookRank = rank();
  hookRanks = ranks();
  setErrorHook(reportAndAbort);
  int status = polyrt::runMain(argc, argv, usage, [&] {
    try {
      body();
    } catch (const detail::PeerFailed &) {
      // The failing rank prints its own error and aborts every rank; give it
      // the time to, and report only if it somehow did not.
      std::this_thread::sleep_for(std::chrono::seconds(3));
      throw;
    }
    detail::printMessageAccounting();
  });
  setErrorHook(nullptr);
  std::cout.flush();
  std::fflush(stdout);
  std::cout.rdbuf(coutBuffer);
#ifdef __SANITIZE_ADDRESS__
  // libpolyrt-mpi-asan.a (polyc --sanitize=address): check the program's
  // leaks now, while Open MPI's memory is still referenced. Finalize unloads
  // its components and loses some of it, which LeakSanitizer would report at
  // exit in modules it can no longer name; after this call it checks no more.
  __lsan_do_leak_check();
#endif
  if (ownMpi)
    MPI_Finalize();
  return status;
}

} // namespace polyrt::dist
