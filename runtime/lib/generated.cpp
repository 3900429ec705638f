//===- generated.cpp - The out-of-line, cold parts of generated.h -------===//
#include "polyrt/generated.h"

#include "polyrt/program.h"

#include <string>

namespace polyrt {

void outNeighborOutOfRange(int64_t numVertices, int64_t v, int64_t degree, int64_t i) {
  if (degree < 0)
    stopProgram("getOutNeighbor: " + std::to_string(v) + " is not a vertex of the graph (" +
                std::to_string(numVertices) + " vertices)");
  stopProgram("getOutNeighbor: vertex " + std::to_string(v) + " has " + std::to_string(degree) +
              " out-neighbours, so there is no neighbour at position " + std::to_string(i));
}

void degreeDoesNotFit(int64_t v, int64_t degree, const char *type) {
  stopProgram("vertex " + std::to_string(v) + " has " + std::to_string(degree) +
              " out-edges, more than " + type + " can count (getOutDegree(s) return " + type + ")");
}

void integerDivisionFailed(const char *where, bool byZero) {
  stopProgram(std::string(where) + ": " +
              (byZero ? "integer division by zero"
                      : "integer overflow: the lowest value of its type divided by -1"));
}

} // namespace polyrt
