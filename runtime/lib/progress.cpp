//===- progress.cpp - A long load's progress on a terminal --------------===//
#include "detail/progress.h"

#include <unistd.h>

#include <cstdio>

namespace polyrt::detail {
namespace {
thread_local LoadProgress *currentProgress = nullptr;

std::string oneDecimal(double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.1f", x);
  return buffer;
}

std::string bytesText(double bytes) {
  const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  while (bytes >= 1024 && u < 4) {
    bytes /= 1024;
    ++u;
  }
  return u == 0 ? std::to_string(static_cast<int64_t>(bytes)) + " B" : oneDecimal(bytes) + " " + units[u];
}

std::string countText(int64_t n) {
  if (n < 1000)
    return std::to_string(n);
  if (n < 1000000)
    return oneDecimal(n / 1e3) + " k";
  if (n < 1000000000)
    return oneDecimal(n / 1e6) + " M";
  return oneDecimal(n / 1e9) + " G";
}
} // namespace

std::string formatProgress(const std::string &path, int64_t bytes, int64_t edges,
                           double seconds) {
  std::string line = "loading " + path + ": " + bytesText(static_cast<double>(bytes)) + " read";
  if (edges >= 0)
    line += ", " + countText(edges) + (edges == 1 ? " edge" : " edges");
  if (seconds > 0)
    line += ", " + bytesText(bytes / seconds) + "/s";
  return line;
}

LoadProgress::LoadProgress(std::string path, std::FILE *out, int show, double delaySeconds)
    : path_(std::move(path)), out_(out),
      enabled_(show >= 0 ? show != 0 : isatty(fileno(out)) == 1), delay_(delaySeconds),
      start_(std::chrono::steady_clock::now()), previous_(currentProgress) {
  currentProgress = this;
}

LoadProgress::~LoadProgress() {
  finish();
  currentProgress = previous_;
}

LoadProgress *LoadProgress::current() { return currentProgress; }

void LoadProgress::bytesRead(int64_t bytes) {
  if (currentProgress)
    currentProgress->addBytes(bytes);
}

void LoadProgress::edgesKnown(int64_t edges) {
  if (currentProgress)
    currentProgress->setEdges(edges);
}

double LoadProgress::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void LoadProgress::addBytes(int64_t bytes) {
  bytes_ += bytes;
  update(false);
}

void LoadProgress::setEdges(int64_t edges) {
  edges_ = edges;
  update(true);
}

void LoadProgress::update(bool force) {
  if (!enabled_)
    return;
  double t = elapsed();
  // At most five updates a second, none in the first delay_ seconds.
  if (t < delay_ || (!force && shown_ && t - lastShown_ < 0.2))
    return;
  std::string line = formatProgress(path_, bytes_, edges_, t);
  size_t length = line.size();
  if (length < lastLength_)
    line.append(lastLength_ - length, ' '); // over the rest of a longer line
  std::fprintf(out_, "\r%s", line.c_str());
  std::fflush(out_);
  lastLength_ = length;
  lastShown_ = t;
  shown_ = true;
}

void LoadProgress::finish() {
  if (!shown_)
    return;
  update(true);
  std::fputc('\n', out_);
  std::fflush(out_);
  shown_ = false;
  enabled_ = false;
}

} // namespace polyrt::detail
