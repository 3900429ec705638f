//===- vertex_array.h - Per-vertex data ---------------------------------===//
//
// The storage behind `vector{Vertex}(T)`: one T per vertex, allocated by the
// runtime so that NUMA placement (configDataPlacement) is chosen per array
// without touching the code that uses it:
//
//   Default      ordinary memory (first touch decides where pages go)
//   Interleaved  pages spread round-robin over the real nodes
//   NodeLocal    one mapping whose slice of each node's vertices (the
//                vertex-balanced partition over the topology's nodes, on
//                multiples of 4096 vertices: whole pages for any element
//                size) is bound to that node: Polymer's "contiguous
//                virtual, discrete physical" application data
//
// The placement belongs to the array, not to its contents: assigning another
// array to it (`a = b;`, or the program's initialisation) copies into its own
// placement. On one real node binding is skipped (numa_memory.h).
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_VERTEX_ARRAY_H
#define POLYRT_VERTEX_ARRAY_H

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace polyrt {

enum class Placement { Default, Interleaved, NodeLocal };

namespace detail {
/// bytes for n elements of elementSize bytes, zeroed, placed as asked.
void *allocatePlaced(size_t bytes, int64_t n, size_t elementSize, Placement placement);
void freePlaced(void *memory, size_t bytes);
/// Zeroed memory on huge pages for a large unplaced array (allocateLarge in
/// numa_memory.h), freed by freePlaced; null below kLargeArrayBytes.
void *allocateLargeArray(size_t bytes);
} // namespace detail

template <typename T> class VertexArray {
  // Placed memory is raw: only element types without constructors use it.
  static constexpr bool kPlaceable = std::is_trivially_copyable_v<T> &&
                                     std::is_trivially_default_constructible_v<T>;

public:
  VertexArray() = default;
  explicit VertexArray(Placement placement) : placement_(placement) {}
  VertexArray(int64_t n, const T &init, Placement placement = Placement::Default)
      : placement_(placement) {
    allocate(n);
    fill(init);
  }
  // Copies are deep: `a = b;` in a program copies every element.
  VertexArray(const VertexArray &other) : placement_(other.placement_) {
    allocate(other.n_);
    copyFrom(other);
  }
  VertexArray &operator=(const VertexArray &other) {
    if (this != &other) {
      if (n_ != other.n_) {
        release();
        allocate(other.n_);
      }
      copyFrom(other);
    }
    return *this;
  }
  VertexArray(VertexArray &&other) noexcept { steal(other); }
  VertexArray &operator=(VertexArray &&other) {
    if (this == &other)
      return *this;
    if (placement_ != other.placement_ && placed()) // keep this array's placement
      return *this = static_cast<const VertexArray &>(other);
    Placement keep = placement_;
    release();
    steal(other);
    placement_ = keep == Placement::Default ? placement_ : keep;
    return *this;
  }
  ~VertexArray() { release(); }

  /// Sets every element (`a = 0.5;` in a program).
  void fill(const T &value) {
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < n_; ++i)
      data_[i] = value;
  }

  T &operator[](int64_t i) { return data_[i]; }
  const T &operator[](int64_t i) const { return data_[i]; }
  T *data() { return data_; }
  const T *data() const { return data_; }
  int64_t size() const { return n_; }
  Placement placement() const { return placement_; }

private:
  bool placed() const { return kPlaceable && placement_ != Placement::Default; }
  void allocate(int64_t n) {
    n_ = n;
    const size_t bytes = sizeof(T) * static_cast<size_t>(n);
    if (placed()) {
      bytes_ = bytes;
      data_ = static_cast<T *>(detail::allocatePlaced(bytes, n, sizeof(T), placement_));
    } else if (void *large = kPlaceable ? detail::allocateLargeArray(bytes) : nullptr) {
      bytes_ = bytes;
      data_ = static_cast<T *>(large);
    } else {
      data_ = n ? new T[n] : nullptr;
    }
  }
  void release() {
    if (bytes_)
      detail::freePlaced(data_, bytes_);
    else
      delete[] data_;
    data_ = nullptr;
    n_ = 0;
    bytes_ = 0;
  }
  void steal(VertexArray &other) {
    n_ = std::exchange(other.n_, 0);
    data_ = std::exchange(other.data_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
    placement_ = other.placement_;
  }
  void copyFrom(const VertexArray &other) {
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < n_; ++i)
      data_[i] = other.data_[i];
  }

  int64_t n_ = 0;
  T *data_ = nullptr;
  size_t bytes_ = 0; // placed or large memory's size; 0: new[] (or nothing)
  Placement placement_ = Placement::Default;
};

} // namespace polyrt

#endif
