//===- sanitizer_defaults.h - Defaults of sanitized generated programs ----===//
//
// `polyc --sanitize=...` appends `#include "polyrt/sanitizer_defaults.h"` to
// the generated C++ (nothing else includes it): the sanitizer runtimes call
// these functions at start-up. The environment's ASAN_OPTIONS, UBSAN_OPTIONS
// and TSAN_OPTIONS are read after them and win.
//
// ThreadSanitizer suppressions: the known benign races of the generated code.
// A parallel traversal updates a vertex vector with the runtime's atomic
// read-modify-writes (writeMin for sssp's and cc's `min=`, claimTracked's
// compare-and-swap for bfs's parent claim, writeAdd/writeUpdate for `+=`)
// while the same traversal reads elements of that vector with plain loads:
// sssp's `SP[src] + weight`, cc's `IDs[src]`, bfs's filter `parent[v] == -1`.
// A stale value there is what the algorithm tolerates (a later CAS or min
// decides, and the next round sees every update after the loop's barrier),
// and on x86-64 a plain aligned load of up to 8 bytes is the instruction a
// relaxed atomic load compiles to; strictly it is still a data race in C++'s
// memory model, which relaxed std::atomic_ref loads in the generated code
// would remove (not done yet, see docs/testing.md). Each line below hides a
// race one of whose two accesses is inside that runtime function, that is,
// an atomic update: what TSan still reports are races between plain accesses
// (two plain writes, a plain write and a read: a missing atomic) anywhere, and
// everything in the runtime outside these functions.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_SANITIZER_DEFAULTS_H
#define POLYRT_SANITIZER_DEFAULTS_H

#include "polyrt/thread_sanitizer.h"

#ifdef POLYRT_TSAN
// libomp is not instrumented: Archer describes its synchronisation, and TSan
// must ignore the accesses inside it.
extern "C" const char *__tsan_default_options() {
  return "ignore_noninstrumented_modules=1";
}
extern "C" const char *__tsan_default_suppressions() {
  return "race:polyrt::writeMin\n"
         "race:polyrt::writeMax\n"
         "race:polyrt::writeAdd\n"
         "race:polyrt::writeUpdate\n"
         "race:polyrt::atomicStore\n"
         "race:polyrt::compareAndSwap\n"
         "race:polyrt::claimTracked\n"
         "race:polyrt::atomicAssignTracked\n"
         "race:polyrt::atomicUpdateTracked\n";
}
#endif

extern "C" const char *__ubsan_default_options() {
  return "print_stacktrace=1";
}

#ifdef POLYRT_DISTRIBUTED_H
// A distributed program (configDistribution; ASan only): Open MPI and the
// libraries under it keep memory they never free. The runtime checks leaks
// before MPI_Finalize (distributed_program.cpp), when that memory is still
// referenced; what they lost before then is suppressed by library, which
// needs whole stacks: their code has no frame pointers for the fast unwinder.
extern "C" const char *__asan_default_options() {
  return "fast_unwind_on_malloc=0";
}
extern "C" const char *__lsan_default_options() {
  return "print_suppressions=0";
}
extern "C" const char *__lsan_default_suppressions() {
  return "leak:libmpi.so\n"
         "leak:libopen-pal.so\n"
         "leak:libopen-rte.so\n"
         "leak:mca_\n"
         "leak:libpmix\n"
         "leak:libhwloc\n"
         "leak:libevent\n";
}
#endif

#endif
