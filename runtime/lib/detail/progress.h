//===- progress.h - A long load's progress on a terminal (internal) -*- C++ -*-===//
//
// While a graph loads, one line on stderr, rewritten in place ('\r'): the
// bytes read, the edges parsed once known, and the rate. Only when stderr is a
// terminal and the load has taken more than a second; finished with a newline.
// InFile reports the bytes it reads to the progress of the load running on
// its thread (LoadProgress::current()), the loaders report edge counts.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_DETAIL_PROGRESS_H
#define POLYRT_DETAIL_PROGRESS_H

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace polyrt::detail {

/// "loading g.el: 1.5 GiB read, 12.3 M edges, 250.0 MiB/s" (edges < 0:
/// not known yet, left out; seconds <= 0: no rate).
std::string formatProgress(const std::string &path, int64_t bytes, int64_t edges,
                           double seconds);

class LoadProgress {
public:
  /// Shows progress on out when `show` (by default: stderr is a terminal)
  /// once delaySeconds have passed. Becomes current() on this thread.
  explicit LoadProgress(std::string path, std::FILE *out = stderr, int show = -1,
                        double delaySeconds = 1.0);
  ~LoadProgress();
  LoadProgress(const LoadProgress &) = delete;
  LoadProgress &operator=(const LoadProgress &) = delete;

  void addBytes(int64_t bytes);
  void setEdges(int64_t edges);
  /// Ends the line (newline) if anything was shown.
  void finish();

  /// The load running on this thread, or nullptr.
  static LoadProgress *current();
  /// Reports to current(), if any.
  static void bytesRead(int64_t bytes);
  static void edgesKnown(int64_t edges);

private:
  void update(bool force);
  double elapsed() const;
  std::string path_;
  std::FILE *out_;
  bool enabled_;
  double delay_;
  std::chrono::steady_clock::time_point start_;
  double lastShown_ = -1;
  size_t lastLength_ = 0;
  bool shown_ = false;
  int64_t bytes_ = 0, edges_ = -1;
  LoadProgress *previous_;
};

} // namespace polyrt::detail

#endif
