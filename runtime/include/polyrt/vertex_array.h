//===- vertex_array.h - Per-vertex data ---------------------------------===//
//
// The storage behind `vector{Vertex}(T)`: one T per vertex, allocated by the
// runtime so that NUMA placement (interleaved, node-local, replicated) can be
// chosen per array later without touching generated code.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_VERTEX_ARRAY_H
#define POLYRT_VERTEX_ARRAY_H

#include <cstddef>
#include <cstdint>
#include <memory>

namespace polyrt {

template <typename T> class VertexArray {
public:
  VertexArray() = default;
  VertexArray(int64_t n, const T &init) : n_(n), data_(new T[n]) {
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < n; ++i)
      data_[i] = init;
  }
  T &operator[](int64_t i) { return data_[i]; }
  const T &operator[](int64_t i) const { return data_[i]; }
  T *data() { return data_.get(); }
  const T *data() const { return data_.get(); }
  int64_t size() const { return n_; }

private:
  int64_t n_ = 0;
  std::unique_ptr<T[]> data_;
};

} // namespace polyrt

#endif
