//===- mpi_pingpong.cpp - MPI latency and bandwidth between two ranks ----===//
//
//   mpirun -np 2 polyrt-mpi-pingpong
//
// Rank 0 sends a message of each size to rank 1, which sends it back; prints
// per size the median one-way time (half a round trip, over 5 repetitions of
// a batch of round trips) and the bandwidth it implies. The 4-byte time is the
// latency, the largest size's bandwidth the link's, for the time model of
// docs/distributed-model.md. A benchmark, not a test: numbers depend on the
// machine and on what else runs.
//
//===----------------------------------------------------------------------===//
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (ranks != 2) {
    if (rank == 0)
      std::fprintf(stderr, "polyrt-mpi-pingpong: error: run it with 2 ranks (mpirun -np 2)\n");
    MPI_Finalize();
    return 1;
  }
  if (rank == 0)
    std::printf("%12s %14s %14s\n", "bytes", "one-way (us)", "MB/s");
  for (long bytes : {4L, 64L, 1024L, 16384L, 262144L, 4194304L, 33554432L}) {
    std::vector<char> buffer(bytes, 1);
    // Fewer round trips for large messages, so each batch takes a few ms.
    int trips = static_cast<int>(std::clamp(4194304L / bytes, 4L, 2000L));
    std::vector<double> times;
    for (int rep = 0; rep < 6; ++rep) {
      MPI_Barrier(MPI_COMM_WORLD);
      double start = MPI_Wtime();
      for (int t = 0; t < trips; ++t) {
        if (rank == 0) {
          MPI_Send(buffer.data(), static_cast<int>(bytes), MPI_BYTE, 1, 0, MPI_COMM_WORLD);
          MPI_Recv(buffer.data(), static_cast<int>(bytes), MPI_BYTE, 1, 0, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE);
        } else {
          MPI_Recv(buffer.data(), static_cast<int>(bytes), MPI_BYTE, 0, 0, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE);
          MPI_Send(buffer.data(), static_cast<int>(bytes), MPI_BYTE, 0, 0, MPI_COMM_WORLD);
        }
      }
      if (rep > 0) // the first batch warms up
        times.push_back((MPI_Wtime() - start) / trips / 2);
    }
    double oneWay = median(times);
    if (rank == 0)
      std::printf("%12ld %14.2f %14.1f\n", bytes, oneWay * 1e6, bytes / oneWay / 1e6);
  }
  MPI_Finalize();
  return 0;
}
