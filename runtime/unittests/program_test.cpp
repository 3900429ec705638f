//===- program_test.cpp - runMain, arguments, number parsing, timers ----===//
#include "polyrt/program.h"
#include "polyrt/timer.h"
#include "test_util.h"

#include <cstdlib>
#include <iostream>
#include <new>
#include <stdexcept>
#include <thread>

using namespace polyrt;
using namespace polyrt::test;

namespace {

char arg0[] = "/some/dir/myprog";
char arg1[] = "graph.el";
char *argv2[] = {arg0, arg1, nullptr};

TEST(RunMain, SuccessReturnsZero) {
  bool ran = false;
  EXPECT_EQ(runMain(2, argv2, [&] { ran = true; }), 0);
  EXPECT_TRUE(ran);
}

TEST(RunMain, ErrorIsReportedWithProgramName) {
  testing::internal::CaptureStderr();
  int status = runMain(2, argv2, [] { throw Error("graph.el:3: negative vertex id -1"); });
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, 1);
  EXPECT_EQ(err, "myprog: error: graph.el:3: negative vertex id -1\n");
}

TEST(RunMain, BadAllocIsReported) {
  testing::internal::CaptureStderr();
  int status = runMain(2, argv2, [] { throw std::bad_alloc(); });
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, 1);
  EXPECT_EQ(err, "myprog: error: out of memory\n");
}

TEST(RunMain, EveryOtherExceptionIsOneLineAndStatusOne) {
  testing::internal::CaptureStderr();
  int status = runMain(2, argv2, [] { std::vector<int>().reserve(std::size_t(1) << 62); });
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, 1);
  EXPECT_CONTAINS(err, "myprog: error: a size is too large to allocate (");
  testing::internal::CaptureStderr();
  status = runMain(2, argv2, [] { throw std::runtime_error("boom"); });
  EXPECT_EQ(status, 1);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "myprog: error: internal error: boom\n");
  testing::internal::CaptureStderr();
  status = runMain(2, argv2, [] { throw 42; });
  EXPECT_EQ(status, 1);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "myprog: error: internal error: an exception of unknown type\n");
}

// What libpolyrt-mpi installs: it reports instead of runMain and stopProgram.
std::string hookedReport;
void recordReport(const std::string &program, const std::string &message) {
  hookedReport += program + " | " + message + "\n";
}

TEST(RunMain, ErrorHookReportsInsteadOfPrinting) {
  hookedReport.clear();
  setErrorHook(recordReport);
  testing::internal::CaptureStderr();
  int status = runMain(2, argv2, [] { throw Error("bad file"); });
  std::string err = testing::internal::GetCapturedStderr();
  setErrorHook(nullptr);
  EXPECT_EQ(status, 1);
  EXPECT_EQ(err, "");
  EXPECT_EQ(hookedReport, "myprog | bad file\n");
  // stopProgram (here ending a forked child) goes through the hook as well.
  auto hookThenStop = [] {
    setErrorHook([](const std::string &program, const std::string &message) {
      std::cerr << "hooked: " << program << ": " << message << std::endl;
    });
    runMain(2, argv2, [] { stopProgram("vertex 9 is out of range"); });
  };
  EXPECT_EXIT(hookThenStop(), testing::ExitedWithCode(1), "hooked: myprog: vertex 9 is out of range");
}

TEST(RunMain, MissingArgumentFromBody) {
  testing::internal::CaptureStderr();
  int status = runMain(2, argv2, [] { argument(2, argv2, 2); });
  EXPECT_EQ(status, 1);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "myprog: error: missing command-line argument 2 (the program was given 1)\n");
}

TEST(RunMain, VerboseReportsTopologyAndTime) {
  setenv("POLYRT_VERBOSE", "1", 1);
  testing::internal::CaptureStderr();
  int status = runMain(2, argv2, [] {});
  std::string err = testing::internal::GetCapturedStderr();
  unsetenv("POLYRT_VERBOSE");
  EXPECT_EQ(status, 0);
  EXPECT_CONTAINS(err, "polyrt: NUMA: ");
  EXPECT_CONTAINS(err, "polyrt: main ran in ");
  EXPECT_CONTAINS(err, " s\n");
}

TEST(RunMain, QuietByDefault) {
  unsetenv("POLYRT_VERBOSE");
  testing::internal::CaptureStderr();
  runMain(2, argv2, [] {});
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(Argument, ReturnsOrThrows) {
  EXPECT_EQ(argument(2, argv2, 1), "graph.el");
  EXPECT_EQ(argument(2, argv2, 0), "/some/dir/myprog");
  EXPECT_EQ(errorOf([] { argument(2, argv2, 3); }),
            "missing command-line argument 3 (the program was given 1)");
  EXPECT_EQ(errorOf([] { argument(1, argv2, 1); }),
            "missing command-line argument 1 (the program was given 0)");
  EXPECT_CONTAINS(errorOf([] { argument(2, argv2, -1); }), "missing command-line argument -1");
}

TEST(ParseInt, WholeStringOnly) {
  EXPECT_EQ(parseInt("42"), 42);
  EXPECT_EQ(parseInt("-7"), -7);
  EXPECT_EQ(parseInt("+7"), 7);
  EXPECT_EQ(parseInt("2147483647"), 2147483647);
  for (const char *bad : {"", "x", "12x", " 12", "12 ", "1.5", "+", "+-3", "0x10"})
    EXPECT_EQ(errorOf([&] { parseInt(bad); }), std::string("'") + bad + "' is not an integer") << bad;
  EXPECT_EQ(errorOf([] { parseInt("2147483648"); }), "'2147483648' is out of range for an int");
}

TEST(ParseDouble, WholeStringOnly) {
  EXPECT_EQ(parseDouble("0.85"), 0.85);
  EXPECT_EQ(parseDouble(".85"), 0.85);
  EXPECT_EQ(parseDouble("1e-7"), 1e-7);
  EXPECT_EQ(parseDouble("-3"), -3.0);
  EXPECT_EQ(parseDouble("+2.5"), 2.5);
  for (const char *bad : {"", "abc", "1.5x", "1.5 ", "--1"})
    EXPECT_EQ(errorOf([&] { parseDouble(bad); }), std::string("'") + bad + "' is not a number") << bad;
  EXPECT_CONTAINS(errorOf([] { parseDouble("1e999"); }), "out of range");
}

TEST(Timer, MeasuresElapsedTime) {
  startTimer();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  double elapsed = stopTimer();
  EXPECT_GE(elapsed, 0.019);
  EXPECT_LT(elapsed, 5.0);
  double a = now(), b = now();
  EXPECT_LE(a, b);
}

} // namespace
