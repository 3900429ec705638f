/* pmpi_count.c - counts the bytes each MPI rank sends, through the MPI
 * profiling interface, so that polyc's programs and the peer systems
 * (Gemini, D-Galois) are measured the same way, whatever their own
 * accounting says. docs/distributed-peers.md says how it is used.
 *
 * Build:  mpicc -O2 -shared -fPIC -o pmpi_count.so scripts/peers/pmpi_count.c
 * Run:    mpirun -x LD_PRELOAD=$PWD/pmpi_count.so ... ./program ...
 *
 * At MPI_Finalize every rank prints one line to stderr:
 *   pmpi_count rank R p2p_bytes B p2p_msgs M coll_bytes C coll_calls K
 *              reduce_bytes D reduce_calls L
 * p2p: point-to-point sends and one-sided puts to another rank (self-sends
 * are left out: they cross no link). coll: the data of all-to-all, gather and
 * broadcast calls that goes to the other ranks, as the application passed it
 * (not what Open MPI's algorithm moves). reduce: allreduce/reduce payloads,
 * counted once per call and rank (their traffic depends on the algorithm).
 * Counters are atomic: some systems call MPI from a communication thread. */
#include <mpi.h>
#include <stdio.h>

static unsigned long long p2p_bytes, p2p_msgs, coll_bytes, coll_calls, reduce_bytes, reduce_calls;

static void add(unsigned long long *c, unsigned long long v) { __atomic_fetch_add(c, v, __ATOMIC_RELAXED); }

static unsigned long long bytes_of(int count, MPI_Datatype type) {
  int size = 0;
  PMPI_Type_size(type, &size);
  return (unsigned long long)count * (unsigned long long)size;
}

static int rank_in(MPI_Comm comm) {
  int r = 0;
  PMPI_Comm_rank(comm, &r);
  return r;
}

static int size_of(MPI_Comm comm) {
  int p = 1;
  PMPI_Comm_size(comm, &p);
  return p;
}

static void p2p(int count, MPI_Datatype type, int dest, MPI_Comm comm) {
  if (dest == MPI_PROC_NULL || dest == rank_in(comm))
    return;
  add(&p2p_bytes, bytes_of(count, type));
  add(&p2p_msgs, 1);
}

#define SEND_LIKE(NAME)                                                                          \
  int NAME(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {    \
    p2p(count, type, dest, comm);                                                                \
    return P##NAME(buf, count, type, dest, tag, comm);                                           \
  }
SEND_LIKE(MPI_Send)
SEND_LIKE(MPI_Ssend)
SEND_LIKE(MPI_Rsend)
SEND_LIKE(MPI_Bsend)

#define ISEND_LIKE(NAME)                                                                         \
  int NAME(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,      \
           MPI_Request *req) {                                                                   \
    p2p(count, type, dest, comm);                                                                \
    return P##NAME(buf, count, type, dest, tag, comm, req);                                      \
  }
ISEND_LIKE(MPI_Isend)
ISEND_LIKE(MPI_Issend)
ISEND_LIKE(MPI_Irsend)
ISEND_LIKE(MPI_Ibsend)

int MPI_Sendrecv(const void *sbuf, int scount, MPI_Datatype stype, int dest, int stag, void *rbuf,
                 int rcount, MPI_Datatype rtype, int source, int rtag, MPI_Comm comm,
                 MPI_Status *status) {
  p2p(scount, stype, dest, comm);
  return PMPI_Sendrecv(sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag, comm,
                       status);
}

int MPI_Put(const void *obuf, int ocount, MPI_Datatype otype, int target, MPI_Aint tdisp,
            int tcount, MPI_Datatype ttype, MPI_Win win) {
  MPI_Group g;
  int me = -1;
  PMPI_Win_get_group(win, &g);
  PMPI_Group_rank(g, &me);
  PMPI_Group_free(&g);
  if (target != me) {
    add(&p2p_bytes, bytes_of(ocount, otype));
    add(&p2p_msgs, 1);
  }
  return PMPI_Put(obuf, ocount, otype, target, tdisp, tcount, ttype, win);
}

static void coll(unsigned long long bytes) {
  add(&coll_bytes, bytes);
  add(&coll_calls, 1);
}

int MPI_Alltoallv(const void *sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype,
                  void *rbuf, const int rcounts[], const int rdispls[], MPI_Datatype rtype,
                  MPI_Comm comm) {
  int p = size_of(comm), me = rank_in(comm);
  unsigned long long b = 0;
  for (int j = 0; j < p; ++j)
    if (j != me)
      b += bytes_of(scounts[j], stype);
  coll(b);
  return PMPI_Alltoallv(sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype, comm);
}

int MPI_Alltoall(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                 MPI_Datatype rtype, MPI_Comm comm) {
  coll(bytes_of(scount, stype) * (unsigned long long)(size_of(comm) - 1));
  return PMPI_Alltoall(sbuf, scount, stype, rbuf, rcount, rtype, comm);
}

/* A gather to every rank: this rank's block reaches the p - 1 others. */
int MPI_Allgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                  MPI_Datatype rtype, MPI_Comm comm) {
  if (sbuf == MPI_IN_PLACE)
    coll(bytes_of(rcount, rtype) * (unsigned long long)(size_of(comm) - 1));
  else
    coll(bytes_of(scount, stype) * (unsigned long long)(size_of(comm) - 1));
  return PMPI_Allgather(sbuf, scount, stype, rbuf, rcount, rtype, comm);
}

int MPI_Allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                   const int rcounts[], const int displs[], MPI_Datatype rtype, MPI_Comm comm) {
  int me = rank_in(comm);
  if (sbuf == MPI_IN_PLACE)
    coll(bytes_of(rcounts[me], rtype) * (unsigned long long)(size_of(comm) - 1));
  else
    coll(bytes_of(scount, stype) * (unsigned long long)(size_of(comm) - 1));
  return PMPI_Allgatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm);
}

int MPI_Gather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
               MPI_Datatype rtype, int root, MPI_Comm comm) {
  coll(rank_in(comm) == root ? 0 : bytes_of(scount, stype));
  return PMPI_Gather(sbuf, scount, stype, rbuf, rcount, rtype, root, comm);
}

int MPI_Gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm) {
  coll(rank_in(comm) == root ? 0 : bytes_of(scount, stype));
  return PMPI_Gatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm);
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  coll(rank_in(comm) == root ? bytes_of(count, type) * (unsigned long long)(size_of(comm) - 1) : 0);
  return PMPI_Bcast(buf, count, type, root, comm);
}

static void reduction(int count, MPI_Datatype type) {
  add(&reduce_bytes, bytes_of(count, type));
  add(&reduce_calls, 1);
}

int MPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm) {
  reduction(count, type);
  return PMPI_Allreduce(sbuf, rbuf, count, type, op, comm);
}

int MPI_Iallreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,
                   MPI_Comm comm, MPI_Request *req) {
  reduction(count, type);
  return PMPI_Iallreduce(sbuf, rbuf, count, type, op, comm, req);
}

int MPI_Reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root,
               MPI_Comm comm) {
  reduction(count, type);
  return PMPI_Reduce(sbuf, rbuf, count, type, op, root, comm);
}

int MPI_Finalize(void) {
  fprintf(stderr,
          "pmpi_count rank %d p2p_bytes %llu p2p_msgs %llu coll_bytes %llu coll_calls %llu "
          "reduce_bytes %llu reduce_calls %llu\n",
          rank_in(MPI_COMM_WORLD), p2p_bytes, p2p_msgs, coll_bytes, coll_calls, reduce_bytes,
          reduce_calls);
  fflush(stderr);
  return PMPI_Finalize();
}
