//===- python.h - Python modules of library programs (nanobind) ---------===//
//
// What `polyc prog.gt --emit=python` modules call: a graph from Python (a
// SciPy sparse matrix or NumPy edge arrays) and results to NumPy arrays.
// Included only by those modules (polyrt.h does not): it needs nanobind.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_PYTHON_H
#define POLYRT_PYTHON_H

#include "polyrt/polyrt.h"

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <cstdint>
#include <limits>
#include <string>
#include <utility>

namespace polyrt::python {

namespace nb = nanobind;

/// `values` as a contiguous int64 NumPy array (NumPy converts any integer
/// array or sequence; a float one it refuses unless the values are whole).
inline nb::ndarray<const int64_t, nb::ndim<1>, nb::c_contig, nb::device::cpu>
int64Array(nb::handle values, const char *what) {
  nb::module_ np = nb::module_::import_("numpy");
  nb::object array = np.attr("asarray")(values);
  if (!nb::cast<bool>(np.attr("issubdtype")(array.attr("dtype"), np.attr("integer"))))
    throw nb::type_error((std::string(what) + " must hold integers").c_str());
  array = np.attr("ascontiguousarray")(array, nb::arg("dtype") = "int64");
  if (nb::cast<int64_t>(array.attr("ndim")) != 1)
    throw nb::type_error((std::string(what) + " must be one-dimensional").c_str());
  return nb::cast<nb::ndarray<const int64_t, nb::ndim<1>, nb::c_contig, nb::device::cpu>>(array);
}

inline VertexId vertexCount(int64_t n) {
  if (n < 0 || n > std::numeric_limits<VertexId>::max())
    throw nb::value_error(("a graph of " + std::to_string(n) +
                           " vertices: polyrt's vertex ids are 32-bit, at most 2^31-1 vertices")
                              .c_str());
  return static_cast<VertexId>(n);
}

/// A graph from Python, for an edgeset parameter:
///  - a SciPy sparse matrix or array (anything with tocsr()), n x n: an entry
///    at row i, column j is an edge i -> j (NetworkX's to_scipy_sparse_array
///    convention); its values are the weights of a weighted edgeset;
///  - a tuple (src, dst) or (src, dst, num_vertices) of integer arrays: the
///    edges src[k] -> dst[k], the vertex count max id + 1 unless given.
/// Edges are kept as given (duplicates and self-loops too), as the loaders
/// keep a file's. An id outside [0, n) is buildGraph's polyrt::Error, which
/// Python sees as a RuntimeError.
template <typename W> Graph<W> graphFrom(nb::handle graph) {
  EdgeList edges;
  int64_t n = 0;
  if (nb::hasattr(graph, "tocsr")) {
    nb::object csr = graph.attr("tocsr")();
    nb::tuple shape = nb::cast<nb::tuple>(csr.attr("shape"));
    n = nb::cast<int64_t>(shape[0]);
    if (nb::cast<int64_t>(shape[1]) != n)
      throw nb::value_error("a graph's sparse matrix must be square (n x n for n vertices)");
    auto offsets = int64Array(csr.attr("indptr"), "the matrix's indptr");
    auto targets = int64Array(csr.attr("indices"), "the matrix's indices");
    nb::ndarray<const int64_t, nb::ndim<1>, nb::c_contig, nb::device::cpu> weights;
    if constexpr (Graph<W>::kWeighted)
      weights = int64Array(csr.attr("data"), "the matrix's values (the weights)");
    edges.reserve(targets.shape(0));
    for (int64_t row = 0; row < n; ++row)
      for (int64_t k = offsets(row); k < offsets(row + 1); ++k) {
        int64_t weight = Graph<W>::kWeighted ? weights(k) : 0;
        if (weight < std::numeric_limits<int32_t>::min() ||
            weight > std::numeric_limits<int32_t>::max())
          throw nb::value_error("a weight does not fit in 32 bits");
        edges.push_back({static_cast<VertexId>(row), static_cast<VertexId>(targets(k)),
                         static_cast<int32_t>(weight)});
      }
  } else if (nb::isinstance<nb::tuple>(graph)) {
    nb::tuple t = nb::borrow<nb::tuple>(graph);
    if (t.size() != 2 && t.size() != 3)
      throw nb::type_error("a graph as a tuple is (src, dst) or (src, dst, num_vertices)");
    auto src = int64Array(t[0], "src"), dst = int64Array(t[1], "dst");
    if (src.shape(0) != dst.shape(0))
      throw nb::value_error("src and dst must have the same length");
    for (size_t k = 0; k < src.shape(0); ++k) {
      n = std::max(n, std::max(src(k), dst(k)) + 1);
      edges.push_back({static_cast<VertexId>(src(k)), static_cast<VertexId>(dst(k)), 1});
    }
    if (t.size() == 3)
      n = nb::cast<int64_t>(t[2]);
  } else {
    throw nb::type_error("a graph is a SciPy sparse matrix (row i, column j: an edge i -> j) "
                         "or a tuple (src, dst[, num_vertices]) of integer arrays");
  }
  return buildGraph<W>(edges, vertexCount(n), /*symmetrize=*/false);
}

/// A result for Python: a per-vertex vector becomes a NumPy array owning its
/// memory (no copy); anything else is returned as it is.
template <typename T> nb::object toPython(VertexArray<T> &&values) {
  auto *owned = new VertexArray<T>(std::move(values));
  nb::capsule owner(owned, [](void *p) noexcept { delete static_cast<VertexArray<T> *>(p); });
  size_t shape[1] = {static_cast<size_t>(owned->size())};
  return nb::cast(nb::ndarray<nb::numpy, T, nb::ndim<1>>(owned->data(), 1, shape, owner));
}
template <typename T> T toPython(T &&value) { return std::forward<T>(value); }

} // namespace polyrt::python

#endif
