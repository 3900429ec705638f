//===- report.cpp - The kernel time of a benchmark program --------------===//
//
// Linked into the polyc programs of test/benchmarks/programs/ (polyc
// --Xcxx=report.cpp): they declare `extern func benchReportSeconds(seconds :
// double);` and call it with stopTimer() after the algorithm, before printing.
// Writes the line the baselines write (baselines/common.h), on stderr, so that
// stdout stays the example's output.
//
//===----------------------------------------------------------------------===//
#include <cstdio>

void benchReportSeconds(double seconds) {
  std::fprintf(stderr, "kernel_seconds: %.6f\n", seconds);
}
