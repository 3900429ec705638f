// bump() for extern_rebucket.gt: even vertices of buckets below 4 go to 4.
#include "polyrt/polyrt.h"

namespace gt {
extern polyrt::VertexArray<int32_t> D;
}

polyrt::VertexSubset bump(polyrt::VertexSubset &active) {
  std::vector<polyrt::VertexId> moved;
  for (polyrt::VertexId v : active.sparse())
    if (v % 2 == 0 && gt::D[v] < 4) {
      gt::D[v] = 4;
      moved.push_back(v);
    }
  return polyrt::VertexSubset::fromSparse(static_cast<polyrt::VertexId>(gt::D.size()), moved);
}
