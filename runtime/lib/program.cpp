//===- program.cpp - What a generated main() needs ----------------------===//
#include "polyrt/program.h"

#include "detail/environment.h"
#include "polyrt/numa.h"
#include "polyrt/numa_memory.h"
#include "polyrt/schedule_args.h"
#include "polyrt/timer.h"
#include "polyrt/types.h"

#include <omp.h>

#include <atomic>
#include <cerrno>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <mutex>
#include <new>
#include <stdexcept>

namespace polyrt {
namespace {

std::string programName(int argc, char **argv) {
  if (argc < 1 || !argv[0] || !*argv[0])
    return "program";
  const char *slash = std::strrchr(argv[0], '/');
  return slash ? slash + 1 : argv[0];
}

/// Skips one leading '+', which from_chars does not accept.
const char *skipPlus(const std::string &text) {
  const char *p = text.c_str();
  return (*p == '+' && p[1] != '-') ? p + 1 : p;
}

} // namespace

namespace {
// Graph loads so far, in nanoseconds: loads may run on any thread.
std::atomic<int64_t> loadNanoseconds{0};

bool reportTime() { return detail::environmentSwitch("POLYRT_REPORT_TIME"); }
} // namespace

void addLoadSeconds(double seconds) {
  loadNanoseconds.fetch_add(int64_t(std::llround(seconds * 1e9)), std::memory_order_relaxed);
}

bool verbose() { return detail::environmentSwitch("POLYRT_VERBOSE"); }

namespace {
// runMain's, for stopProgram.
std::string runningProgramName = "program";
// Whether runMain runs the process (a standalone program); otherwise polyrt
// is a library in somebody else's process, which must survive our errors.
std::atomic<bool> standalone{false};
std::atomic<ErrorHook> errorHook{nullptr};

/// "<program>: error: <message>" on stderr, or the hook's report.
void reportError(const std::string &program, const std::string &message) {
  std::cout.flush();
  if (ErrorHook hook = errorHook.load()) {
    hook(program, message);
    return;
  }
  std::cerr << program << ": error: " << message << std::endl;
}
} // namespace

void setErrorHook(ErrorHook hook) { errorHook.store(hook); }

void stopProgram(const std::string &message) {
  if (!standalone.load(std::memory_order_relaxed))
    throw Error(message);
  // One report even when several threads fail at once.
  static std::once_flag reported;
  std::call_once(reported, [&] { reportError(runningProgramName, message); });
  std::_Exit(1);
}

int runMain(int argc, char **argv, const std::function<void()> &body) {
  std::string name = programName(argc, argv);
  runningProgramName = name;
  // Only while it runs: a process may run a program and then go on.
  struct Standalone {
    Standalone() { standalone.store(true, std::memory_order_relaxed); }
    ~Standalone() { standalone.store(false, std::memory_order_relaxed); }
  } whileRunning;
  setScheduleArguments(argc, argv);
  auto fail = [&](const std::string &message) {
    reportError(name, message);
    return 1;
  };
  try {
    // A traversal inside a par_for runs on its iteration's thread: its own
    // parallel loops are inactive nested regions, one thread each.
    omp_set_max_active_levels(1);
    const Topology &topo = topology(); // reports a bad POLYRT_NUMA_NODES early
    hugePagesEnabled();                 // and a bad POLYRT_HUGE_PAGES
    threadsBoundToNodes();
    bool report = verbose();
    if (report) {
      std::cerr << "polyrt: " << topo.describe() << std::endl;
      std::string binding = describeBinding();
      for (size_t at = 0, end; at < binding.size(); at = end + 1) {
        end = binding.find('\n', at);
        std::cerr << "polyrt:   " << binding.substr(at, end - at) << std::endl;
      }
    }
    double start = now();
    body();
    double ran = now() - start;
    if (report) {
      std::cout.flush();
      std::cerr << "polyrt: main ran in " << ran << " s" << std::endl;
    }
    if (reportTime()) {
      // One line in a fixed format, after the program's output, for tools
      // that time schedules: loading the graph is the same for all of them.
      double load = double(loadNanoseconds.load()) * 1e-9;
      std::cout.flush();
      std::fprintf(stderr, "polyrt-time: seconds=%.6f load_seconds=%.6f\n",
                   std::max(0.0, ran - load), load);
      std::fflush(stderr);
    }
  } catch (const Error &e) {
    return fail(e.what());
  } catch (const std::bad_alloc &) {
    return fail("out of memory");
  } catch (const std::length_error &e) {
    // A size beyond what a container can hold (a header claiming 2^62 edges).
    return fail(std::string("a size is too large to allocate (") + e.what() + ")");
  } catch (const std::exception &e) {
    // Anything else is a bug in polyrt or the generated code, but it still
    // ends with one line and status 1, never std::terminate's abort.
    return fail(std::string("internal error: ") + e.what());
  } catch (...) {
    return fail("internal error: an exception of unknown type");
  }
  std::cout.flush();
  return 0;
}

std::string usageText(const std::string &program, const Usage &usage) {
  std::string text = "usage: " + program;
  int last = usage.arguments.empty() ? 0 : usage.arguments.back().first;
  for (int i = 1; i <= last; ++i)
    text += " ARGV" + std::to_string(i);
  text += "\n";
  for (const auto &[index, what] : usage.arguments)
    if (index > 0)
      text += "  argv[" + std::to_string(index) + "]  " + what + "\n";
  struct Setting {
    unsigned when; // 0: always
    const char *spelling, *what;
  };
  static const Setting kSettings[] = {
      {0, "OMP_NUM_THREADS=N", "the number of threads"},
      {0, "POLYRT_NUMA_NODES=N", "emulate N NUMA nodes"},
      {0, "POLYRT_VERBOSE=1", "report the topology and the run time on stderr"},
      {0, "POLYRT_REPORT_TIME=1", "print a polyrt-time: line on stderr after the program"},
      {0, "POLYRT_HUGE_PAGES=on|off", "huge pages for vertex arrays of 2 MiB or more (on)"},
      {ReadsGraphFiles, "POLYRT_SYMMETRIZE=auto|1|0",
       "load directed graphs undirected: 1 all, auto those a header says are (auto)"},
      {ReadsGraphFiles, "POLYRT_ALLOW_ISOLATED_VERTICES=1",
       "load a text graph whose vertex count far exceeds what its edges touch"},
      {PrefetchesStreams, "POLYRT_STREAM_PREFETCH=timed|on|off",
       "prefetch neighbour lists ahead (timed)"},
      {PrefetchesNeighbors, "POLYRT_NEIGHBOR_PREFETCH=sampled|on|off",
       "prefetch a neighbour's value ahead (sampled)"},
      {UsesTransactions, "POLYRT_HTM=auto|software|off", "configUpdateSync htm's transactions (auto)"},
      {WalksAgents, "POLYRT_AGENT_ORDER=rolling|increasing", "the order nodes walk agents (rolling)"},
  };
  text += "settings (environment variables; docs/runtime.md):\n";
  for (const Setting &setting : kSettings)
    if (setting.when == 0 || (usage.settings & setting.when)) {
      std::string spelling = setting.spelling;
      text += "  " + spelling + std::string(spelling.size() < 40 ? 40 - spelling.size() : 1, ' ') +
              setting.what + "\n";
    }
  return text;
}

int runMain(int argc, char **argv, const Usage &usage, const std::function<void()> &body) {
  std::string name = programName(argc, argv);
  if (argc == 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
    std::fputs(usageText(name, usage).c_str(), stdout);
    return 0;
  }
  bool takesArguments = std::any_of(usage.arguments.begin(), usage.arguments.end(),
                                    [](const auto &argument) { return argument.first > 0; });
  if (argc <= 1 && takesArguments) {
    std::fprintf(stderr, "%s: error: no arguments given\n%s", name.c_str(),
                 usageText(name, usage).c_str());
    return 1;
  }
  return runMain(argc, argv, body);
}

void requireInitialized(bool initialized, const char *function, const char *initializer) {
  if (!initialized)
    throw Error(std::string(function) + " was called before " + initializer +
                "(argc, argv): call that once first; the program's globals are not set up");
}

std::string argument(int argc, char **argv, int i) {
  if (i < 0 || i >= argc)
    throw Error("missing command-line argument " + std::to_string(i) +
                " (the program was given " + std::to_string(argc > 0 ? argc - 1 : 0) + ")");
  return argv[i];
}

int parseInt(const std::string &text) {
  const char *begin = skipPlus(text);
  const char *end = text.c_str() + text.size();
  int value = 0;
  auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec == std::errc::result_out_of_range)
    throw Error("'" + text + "' is out of range for an int");
  if (ec != std::errc() || ptr != end || begin == end)
    throw Error("'" + text + "' is not an integer");
  return value;
}

double parseDouble(const std::string &text) {
  const char *begin = skipPlus(text);
  const char *end = text.c_str() + text.size();
  double value = 0;
  auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec == std::errc::result_out_of_range)
    throw Error("'" + text + "' is out of range for a double");
  if (ec != std::errc() || ptr != end || begin == end)
    throw Error("'" + text + "' is not a number");
  return value;
}

} // namespace polyrt
