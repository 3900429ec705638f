//===- relabel.h - edges.relabel(): vertices renumbered by degree -------===//
//
// GraphIt's relabel (GAPBS's RelabelByDegree): an undirected graph whose
// degrees are skewed gets new vertex ids in decreasing order of degree, so
// that in triangle counting's `dst < src` the high-degree vertices come
// first and each neighbour list is walked only up to a small id. A graph
// that would not gain is returned unchanged: a directed one (in-edges would
// need the same renumbering), one of average degree below 10, or one whose
// mean degree / 1.3 is not above its median (GAPBS's and GraphIt's test,
// here over every vertex instead of a sample, so the choice is the same on
// every run). Vertex data keyed by the old ids does not follow: a program
// that relabels reads per-vertex results in the new numbering, as in GraphIt.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_RELABEL_H
#define POLYRT_RELABEL_H

#include "polyrt/graph.h"

namespace polyrt {

/// Whether relabelByDegree would renumber g (see above).
template <typename W> bool worthRelabelling(const Graph<W> &g);

/// g renumbered by decreasing degree (ties by old id), or g itself.
template <typename W> Graph<W> relabelByDegree(const Graph<W> &g);

/// g = relabelByDegree(g), without the copy of a graph that stays as it is
/// (a program's `edges = edges.relabel();`).
template <typename W> void relabelByDegreeInPlace(Graph<W> &g);

} // namespace polyrt

#endif
