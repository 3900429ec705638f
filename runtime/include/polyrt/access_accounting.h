//===- access_accounting.h - Counting local and remote accesses ---------===//
//
// polyc's --account-accesses mode: a generated program counts, for each
// traversal and each NUMA node, its reads and writes of per-vertex data and
// of topology (offsets, neighbors, weights), each local or remote (by the
// node owning the element under the partition in force, against the node on
// whose behalf the thread works) and sequential or random (the compiler
// knows which accesses walk an array in order: the loop's own vertex and
// its edges; an access through a neighbor id is random). At exit it prints
// one table to stderr. On a machine with one real node this is how polyc
// shows what a NUMA schedule does. Programs built without the flag contain
// no call into this file: it costs nothing then.
//
// Ownership: a NUMA traversal's own partition; otherwise the vertex-balanced
// partition over the topology's nodes. A vertex's adjacency list counts as
// living on the vertex's owner; a node's subgraph part and its buffer on
// that node.
//
// The table ("polyrt access accounting"), one row per traversal and node,
// then a total row per traversal and one for the program; columns:
//   traversal node vertex-reads vertex-writes topology-reads remote% random-remote%
// counts are plain integers; remote% is the remote share of all counted
// accesses, random-remote% the share that is both remote and random.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_ACCESS_ACCOUNTING_H
#define POLYRT_ACCESS_ACCOUNTING_H

#include "polyrt/numa_partition.h"

#include <cstdint>
#include <string>

namespace polyrt::accounting {

enum Data { VertexData = 0, TopologyData = 1 };
enum Op { Read = 0, Write = 1 };
enum Pattern { Sequential = 0, Random = 1 };

/// The counters of one traversal on one node.
struct Counts {
  // [data][op][remote][random]
  uint64_t n[2][2][2][2] = {};
};

/// Registers a traversal (serially; later calls with the same name return
/// the same id) counted over `nodes` nodes (at least the topology's) and
/// turns accounting on, with the table printed at exit.
int registerTraversal(const char *name, int nodes = 0);

/// The partition accesses of non-NUMA traversals are judged by: vertex
/// balanced over the topology's nodes, made on first use for n vertices.
const Partition &defaultOwnership(VertexId n);
/// The node of the calling OpenMP thread.
int nodeOfThread();

/// Adds count accesses. Safe from any thread of a parallel region.
void add(int traversal, int node, Data data, Op op, bool remote, Pattern pattern,
         uint64_t count = 1);

/// An owner's visit: its offsets and `edges` neighbor (and weight) reads,
/// sequential; `reads`/`writes` of its own vertex data, sequential; local
/// iff p owns `owner` at `node`.
void countOwner(int traversal, int node, const Partition &p, VertexId owner, int64_t edges,
                int weightsPerEdge, int64_t reads, int64_t writes);
/// The same for an owner walked as an agent (configApplyAgents): its edges
/// are in the walking node's part, so the topology reads are local; its
/// data is where p puts it.
void countAgent(int traversal, int node, const Partition &p, VertexId owner, int64_t edges,
                int weightsPerEdge, int64_t reads, int64_t writes);
/// One edge's accesses to its other endpoint's data: random, local iff p
/// owns `other` at `node`.
void countOther(int traversal, int node, const Partition &p, VertexId other, int64_t reads,
                int64_t writes);
/// One edge's reads of replicated vectors (configDataPlacement): random,
/// and local wherever they point, since each node reads its own copy.
void countReplicaReads(int traversal, int node, int64_t reads);
/// Reads and writes of v's data, sequential, local iff p owns v at `node`.
void countVertex(int traversal, int node, const Partition &p, VertexId v, int64_t reads,
                 int64_t writes);

/// The table as printed at exit (tests).
std::string table();
/// Forgets every count and traversal (tests).
void reset();

} // namespace polyrt::accounting

#endif
