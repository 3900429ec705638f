//===- id_list.cpp - The pool of large id arrays ---------------------------===//
#include "polyrt/id_list.h"

#include "detail/spare_pool.h"

namespace polyrt::detail {
namespace {

/// Never destroyed: a global frontier of the program may drop its array
/// after every function-local static is gone.
SparePool<VertexId, false> &idPool() {
  static auto *pool = new SparePool<VertexId, false>;
  return *pool;
}

} // namespace

VertexId *acquireIdArray(size_t count) { return idPool().acquire(static_cast<int64_t>(count)); }

void releaseIdArray(VertexId *ids) noexcept { idPool().release(ids); }

int64_t idArrayAllocations() { return idPool().allocations(); }

} // namespace polyrt::detail
