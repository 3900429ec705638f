//===- graph_check.h - Do a graph's in-edges match its out-edges? -------===//
//
// A GAPBS .sg/.wsg file stores a directed graph's in-edges (CSC) next to its
// out-edges (CSR), and an undirected graph's out-edges as their own in-edges.
// Nothing in the format ties the two together: a file whose CSC is not the
// transpose of its CSR, or that says undirected but is not symmetric, would
// load and make push and pull traversals compute different answers. The
// loader checks the invariant with checkTranspose:
//
//  1. Exact degree check: each vertex's in-degree counted from the
//     out-edges equals its stored in-degree (an undirected graph: its
//     out-degree). Counted in parallel without atomics: per thread into its
//     own array, then summed per vertex, or (when threads x vertices
//     counters would take more than half the memory of the neighbour array)
//     each thread counting the edges into its own range of targets, found in
//     every sorted out-list by binary search.
//  2. Checksum: the sum, in 128 bits (exact, no overflow), of a 64-bit mixing
//     hash of each edge (source, target, weight) over the out-edges equals
//     the same sum over the stored in-edges. An undirected graph compares the
//     edges whose source is below their target with the reverses of those
//     above. The sums do not depend on list order, cost one sequential pass
//     over each edge array and no memory, and equal multisets always give
//     equal sums. Different multisets give equal sums with probability about
//     2^-64 for a random hash; the hash is keyed with a random key per load,
//     so no file is known in advance to pass.
//  3. Only when 1 or 2 fails: findTransposeMismatch, the exact comparison
//     (the out-edges transposed, compared list by list with the stored
//     in-edges), names the smallest vertex whose lists differ and the edge
//     that differs. A file that fails 1 or 2 is always rejected, with that
//     message.
//
// A .wsg loaded by an unweighted program is checked without its weights
// (the program never reads them).
//
// Check 1 alone misses a neighbour replaced by another (degrees unchanged),
// which is why 2 exists; 2 is probabilistic, which is why 1 exists: a wrong
// degree is always caught, a degree-preserving change is caught by 2 alone
// (failing to with probability about 2^-64 per load). An exact check of the
// neighbours themselves costs a transpose (several times 1 and 2, measured
// at scale 20), which is why it runs only to explain a failure. The results
// of 1 and 2 are reported separately (TransposeCheck) so that tests can tell
// which fired.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_DETAIL_GRAPH_CHECK_H
#define POLYRT_DETAIL_GRAPH_CHECK_H

#include "polyrt/graph.h"

#include <cstdint>
#include <string>

namespace polyrt::detail {

struct TransposeCheck {
  bool degreesAgree = true;   // check 1
  bool checksumsAgree = true; // check 2
  /// "" when consistent; else findTransposeMismatch's description, e.g.
  /// "says undirected but vertex 3 has an out-edge to 7 and 7 none to 3".
  std::string problem;
  bool ok() const { return problem.empty(); }
};

/// How check 1 counts: Auto chooses (PerThread while threads x vertices
/// counters take at most half the memory of the neighbour array); tests
/// force one or the other.
enum class Counting { Auto, PerThread, ByTargetRange };

/// Checks that g's in-edges are the transpose of its out-edges (weights
/// included), or that an undirected g is symmetric. key seeds the checksum's
/// hash; the overload without it draws a random key. A directed graph
/// without in-edges passes (there is nothing to disagree).
template <typename W>
TransposeCheck checkTranspose(const Graph<W> &g, uint64_t key, Counting counting = Counting::Auto);
template <typename W> TransposeCheck checkTranspose(const Graph<W> &g);

/// The exact comparison: "" when g is consistent, else what is wrong at the
/// smallest vertex whose lists differ. Builds the transpose (the cost of
/// buildInEdges); checkTranspose calls it only for a graph that failed.
template <typename W> std::string findTransposeMismatch(const Graph<W> &g);

} // namespace polyrt::detail

#endif
