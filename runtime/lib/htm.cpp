//===- htm.cpp - Probing for transactions; the software stand-in ---------===//
#include "polyrt/htm.h"

#include "detail/environment.h"
#include "polyrt/program.h"
#include "polyrt/types.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace polyrt::htm {
namespace {

bool cpuidHasRtm() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned a, b, c, d;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
    return false;
  return (b >> 11) & 1;
#else
  return false;
#endif
}

/// Linux clears the flag when it turns TSX off (tsx=off, TAA mitigation).
bool kernelListsRtm() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("flags", 0) != 0)
      continue;
    std::istringstream words(line.substr(line.find(':') + 1));
    std::string flag;
    while (words >> flag)
      if (flag == "rtm")
        return true;
    return false;
  }
  return true; // no /proc: trust cpuid
}

Mode probe() {
  enum { Auto, Software, Off };
  const size_t requested = detail::environmentChoice("POLYRT_HTM", {"auto", "software", "off"});
  Mode m;
  if (requested == Software)
    m = Mode::Software;
  else if (requested == Off)
    m = Mode::Fallback;
  else
    m = processorHasRtm() ? Mode::Hardware : Mode::Fallback;
  if (verbose()) {
    std::cerr << "polyrt: htm: " << describe(m);
    if (m == Mode::Fallback && requested != Off)
      std::cerr << " (the processor has no RTM)";
    std::cerr << std::endl;
  }
  return m;
}

std::mutex softwareTransaction;
std::atomic<int> forcedAborts{0};

} // namespace

bool processorHasRtm() { return cpuidHasRtm() && kernelListsRtm(); }

Mode mode() {
  static const Mode m = probe();
  return m;
}

const char *describe(Mode m) {
  switch (m) {
  case Mode::Hardware: return "hardware transactions (RTM) commit batches of updates";
  case Mode::Software:
    return "software stand-in for transactions (POLYRT_HTM=software): a lock around each batch";
  case Mode::Fallback: return "no transactions: updates fall back to atomic operations";
  }
  return "";
}

bool beginSoftwareTransaction() {
  int pending = forcedAborts.load(std::memory_order_relaxed);
  while (pending > 0)
    if (forcedAborts.compare_exchange_weak(pending, pending - 1))
      return false;
  // Another batch in flight is a conflict: abort, as hardware would.
  return softwareTransaction.try_lock();
}

void endSoftwareTransaction() { softwareTransaction.unlock(); }

void abortNextSoftwareTransactions(int count) { forcedAborts.store(count); }

} // namespace polyrt::htm
