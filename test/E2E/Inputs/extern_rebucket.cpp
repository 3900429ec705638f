// bump() for extern_rebucket.gt: even vertices of buckets below 4 go to 4.
#include "polyrt/polyrt.h"

// The program's globals are in its namespace's detail (from the file name).
namespace extern_rebucket::detail {
extern polyrt::VertexArray<int32_t> D;
}

polyrt::VertexSubset bump(polyrt::VertexSubset &active) {
  std::vector<polyrt::VertexId> moved;
  for (polyrt::VertexId v : active.sparse())
    if (v % 2 == 0 && extern_rebucket::detail::D[v] < 4) {
      extern_rebucket::detail::D[v] = 4;
      moved.push_back(v);
    }
  auto n = static_cast<polyrt::VertexId>(extern_rebucket::detail::D.size());
  return polyrt::VertexSubset::fromSparse(n, moved);
}
