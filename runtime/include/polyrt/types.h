//===- types.h - Basic polyrt types and errors --------------------------===//
#ifndef POLYRT_TYPES_H
#define POLYRT_TYPES_H

#include <cstdint>
#include <stdexcept>
#include <string>

namespace polyrt {

using VertexId = int32_t;   // 32-bit vertex ids: at most 2^31-1 vertices
using EdgeOffset = int64_t; // 64-bit edge offsets: more than 2^31 edges are fine

/// The weight type of an unweighted graph.
struct NoWeight {};

/// Every error the runtime reports to a user (bad graph file, missing
/// argument, ...). Generated programs catch it in main, print
/// "<program>: error: <what>" and exit with status 1.
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace polyrt

#endif
