//===- generated.cpp - The out-of-line, cold parts of generated.h -------===//
#include "polyrt/generated.h"

#include "polyrt/program.h"

#include <cmath>
#include <iomanip>
#include <sstream>
#include <string>

namespace polyrt {

void outNeighborOutOfRange(int64_t numVertices, int64_t v, int64_t degree, int64_t i) {
  if (degree < 0)
    stopProgram("getOutNeighbor: " + std::to_string(v) + " is not a vertex of the graph (" +
                std::to_string(numVertices) + " vertices)");
  stopProgram("getOutNeighbor: vertex " + std::to_string(v) + " has " + std::to_string(degree) +
              " out-neighbours, so there is no neighbour at position " + std::to_string(i));
}

void integerOverflow(const char *where, char operation, int64_t a, int64_t b) {
  std::string expression = operation == '-' && a == 0 ? "-(" + std::to_string(b) + ")"
                                                       : std::to_string(a) + " " + operation +
                                                             " " + std::to_string(b);
  stopProgram(std::string(where) + ": integer overflow: " + expression + " does not fit in int");
}

void sumOverflow(const char *where, int64_t sum) {
  stopProgram(std::string(where) + ": integer overflow: the sum " + std::to_string(sum) +
              " does not fit in int");
}

void intConversionOverflow(const char *where, uint64_t value) {
  stopProgram(std::string(where) + ": integer overflow: value " + std::to_string(value) +
              " does not fit in int");
}

void intConversionOverflow(const char *where, int64_t value) {
  stopProgram(std::string(where) + ": integer overflow: value " + std::to_string(value) +
              " does not fit in int");
}

void intConversionOverflow(const char *where, double value) {
  std::ostringstream message;
  message << std::setprecision(17) << where << ": integer overflow: value ";
  if (std::isnan(value))
    message << "NaN";
  else
    message << value;
  message << " does not fit in int";
  stopProgram(message.str());
}

void integerPowerOverflow(const char *where, double a, double b, double power, const char *type) {
  std::ostringstream message;
  message << std::setprecision(17) << where << ": integer overflow: " << a << " ^ " << b << " is ";
  if (std::isnan(power))
    message << "not a number";
  else
    message << power;
  message << ", which does not fit in " << type;
  stopProgram(message.str());
}

void degreeDoesNotFit(int64_t v, int64_t degree, const char *type) {
  stopProgram("vertex " + std::to_string(v) + " has " + std::to_string(degree) +
              " out-edges, more than " + type + " can count (getOutDegree(s) return " + type + ")");
}

void vertexCountMismatch(int64_t vertices, int64_t count, const char *element,
                         const char *where) {
  stopProgram(std::string(where) + ": the graph loaded here has " + std::to_string(vertices) +
              " vertices, but " + element + " already has " + std::to_string(count) +
              " (counted by an edgeset or vertexset before it); every edgeset of " + element +
              " must have as many vertices");
}

void integerDivisionFailed(const char *where, bool byZero) {
  stopProgram(std::string(where) + ": " +
              (byZero ? "integer division by zero"
                      : "integer overflow: the lowest value of its type divided by -1"));
}

} // namespace polyrt
