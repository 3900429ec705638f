//===- program.h - What a generated main() needs ------------------------===//
#ifndef POLYRT_PROGRAM_H
#define POLYRT_PROGRAM_H

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace polyrt {

/// What a program takes on its command line, for its usage text (polyc
/// writes it from the program's argv[N] uses and the features it has).
struct Usage {
  /// Each argv[N] the program or its schedule reads, by N, and what for.
  std::vector<std::pair<int, std::string>> arguments;
  /// The settings beyond the ones every program reads (UsageSettings bits).
  unsigned settings = 0;
};
/// Usage::settings: what the program has that a POLYRT_* setting steers.
enum UsageSettings : unsigned {
  ReadsGraphFiles = 1,       // POLYRT_ALLOW_ISOLATED_VERTICES
  PrefetchesStreams = 2,     // POLYRT_STREAM_PREFETCH
  PrefetchesNeighbors = 4,   // POLYRT_NEIGHBOR_PREFETCH
  UsesTransactions = 8,      // POLYRT_HTM
  WalksAgents = 16,          // POLYRT_AGENT_ORDER
};

/// "usage: prog ARGV1 ...", the arguments and the settings that apply: what
/// `prog --help` prints, and a run without arguments that needs some.
std::string usageText(const std::string &program, const Usage &usage);

/// runMain of a program with a usage text: `prog --help` (or -h, as the only
/// argument) prints it on stdout and returns 0; a run without arguments of a
/// program that reads some prints it on stderr and returns 1. Otherwise the
/// arguments reach the program as given, numbered as given.
int runMain(int argc, char **argv, const Usage &usage, const std::function<void()> &body);

/// Runs body (the program's main), turning a polyrt::Error, std::bad_alloc or
/// any other exception into "<argv[0]>: error: <message>" on stderr and exit
/// status 1. Reads
/// POLYRT_NUMA_NODES and, with POLYRT_VERBOSE=1, reports the topology and the
/// run time on stderr. With POLYRT_REPORT_TIME=1 it prints, after the
/// program's main, one line for tools (polyc-tune; docs/runtime.md):
///   polyrt-time: seconds=<main's time minus its graph loads> load_seconds=<loads>
int runMain(int argc, char **argv, const std::function<void()> &body);

/// Adds one graph load's seconds to those POLYRT_REPORT_TIME leaves out of
/// the program's time (loadGraph calls it).
void addLoadSeconds(double seconds);

/// Whether POLYRT_VERBOSE asks for reports on stderr (set and not "0").
bool verbose();

/// A run-time error of generated code (a bad vertex, an integer overflow),
/// from any thread. In a standalone program (runMain is running) it reports
/// "<argv[0]>: error: <message>" and ends the program with status 1: inside a
/// parallel loop an exception could not reach runMain. Anywhere else polyrt
/// is a library in another program, which must survive: it throws Error,
/// which a library's parallel loops catch per task and throw again after the
/// loop (polyrt::ParallelErrors; docs/embedding.md, "Errors").
[[noreturn]] void stopProgram(const std::string &message);

/// What a standalone program's error calls instead of printing
/// "<program>: error: <message>" itself: runMain's error report and
/// stopProgram's (possibly from a worker thread, once). If it returns, the
/// program ends as without it (status 1). For libpolyrt-mpi, which names the
/// failing rank and ends every rank (MPI_Abort), so polyrt stays free of MPI.
/// Null restores the plain report.
using ErrorHook = void (*)(const std::string &program, const std::string &message);
void setErrorHook(ErrorHook hook);

/// For an exported function of a library program: throws Error saying that
/// `function` ("pr::pagerank") ran before `initializer` ("pr::polyc_initialize")
/// when `initialized` is false. Without it the function would read globals
/// that were never set up and return wrong values without a word.
void requireInitialized(bool initialized, const char *function, const char *initializer);

/// argv[i] of the language; throws Error naming the missing argument.
std::string argument(int argc, char **argv, int i);
/// atoi/atof of the language; throw Error for text that is not a number.
int parseInt(const std::string &text);
double parseDouble(const std::string &text);

} // namespace polyrt

#endif
