//===- parallel_errors.h - An error inside a par_for, reported after it -===//
//
// An exception may not leave an OpenMP loop's body (the program would stop
// with std::terminate). A par_for catches what an iteration throws, keeps the
// first, and throws it again once the loop is over, where runMain reports it
// as usual:
//
//   polyrt::ParallelErrors errors;
//   #pragma omp parallel for schedule(dynamic, 1)
//   for (int32_t i = lo; i < hi; ++i) {
//     try { ... } catch (...) { errors.capture(); }
//   }
//   errors.rethrow();
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_PARALLEL_ERRORS_H
#define POLYRT_PARALLEL_ERRORS_H

#include <exception>
#include <mutex>

namespace polyrt {

class ParallelErrors {
public:
  /// Keeps the exception being handled unless one is kept already.
  void capture() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!first_)
      first_ = std::current_exception();
  }
  /// Throws the kept exception, if any.
  void rethrow() {
    if (first_)
      std::rethrow_exception(first_);
  }

private:
  std::mutex mutex_;
  std::exception_ptr first_;
};

} // namespace polyrt

#endif
