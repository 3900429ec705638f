//===- htm.h - Hardware transactions, probed at run time -----------------===//
//
// configUpdateSync "htm" (Atomic Active Messages): a batch of updates is
// committed by one hardware transaction (Intel RTM) instead of one atomic
// instruction each. Whether transactions run is decided once per program:
//
//   Hardware  the processor has RTM (cpuid leaf 7, EBX bit 11) and the
//             operating system leaves it on (the "rtm" flag in /proc/cpuinfo);
//   Software  POLYRT_HTM=software: a stand-in that makes a batch a
//             transaction by holding one lock around it, and aborts when the
//             lock is taken (as a conflicting hardware transaction would), so
//             that batching, retries and the fallback run on any machine;
//   Fallback  neither (or POLYRT_HTM=off): every update is an atomic
//             operation, unbatched.
//
// POLYRT_VERBOSE=1 says which one runs.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_HTM_H
#define POLYRT_HTM_H

#include <cstdint>

namespace polyrt::htm {

enum class Mode { Hardware, Software, Fallback };

/// The mode of this run: probed on first use, from then on fixed.
Mode mode();
/// "hardware transactions (RTM)", ...; for reports.
const char *describe(Mode mode);

/// Whether this processor and operating system run RTM transactions.
bool processorHasRtm();

/// Updates one transaction commits when the schedule does not say
/// (configUpdateSync's third argument).
constexpr int64_t kDefaultCoarsening = 16;
/// Attempts of a batch as a transaction before its updates go atomic.
constexpr int kAttempts = 3;

/// Starts a transaction in the software stand-in: false when it aborts.
bool beginSoftwareTransaction();
void endSoftwareTransaction();

/// Tests: the next `count` beginnings of software transactions abort.
void abortNextSoftwareTransactions(int count);

} // namespace polyrt::htm

#endif
