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
  VertexArray(int64_t n, const T &init) : n_(n), data_(new T[n]) { fill(init); }
  // Copies are deep: `a = b;` in a program copies every element.
  VertexArray(const VertexArray &other) : n_(other.n_), data_(new T[other.n_]) {
    copyFrom(other);
  }
  VertexArray &operator=(const VertexArray &other) {
    if (this != &other) {
      if (n_ != other.n_) {
        data_.reset(new T[other.n_]);
        n_ = other.n_;
      }
      copyFrom(other);
    }
    return *this;
  }
  VertexArray(VertexArray &&) noexcept = default;
  VertexArray &operator=(VertexArray &&) noexcept = default;

  /// Sets every element (`a = 0.5;` in a program).
  void fill(const T &value) {
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < n_; ++i)
      data_[i] = value;
  }

  T &operator[](int64_t i) { return data_[i]; }
  const T &operator[](int64_t i) const { return data_[i]; }
  T *data() { return data_.get(); }
  const T *data() const { return data_.get(); }
  int64_t size() const { return n_; }

private:
  void copyFrom(const VertexArray &other) {
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < n_; ++i)
      data_[i] = other.data_[i];
  }

  int64_t n_ = 0;
  std::unique_ptr<T[]> data_;
};

} // namespace polyrt

#endif
