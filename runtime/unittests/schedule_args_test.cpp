//===- schedule_args_test.cpp - Schedule numbers from the command line --===//
#include "polyrt/program.h"
#include "polyrt/schedule_args.h"
#include "test_util.h"

using namespace polyrt;
using namespace polyrt::test;

namespace {

char arg0[] = "/bin/prog";
char arg1[] = "graph.sg";
char arg2[] = "16";
char arg3[] = "+7";
char arg4[] = "abc";
char arg5[] = "0";
char arg6[] = "-3";
char arg7[] = "12x";
char arg8[] = "99999999999999999999";
char arg9[] = "";
char *args[] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, nullptr};

const char *kWhat = "the number of segments";

TEST(ScheduleArgument, ReadsPositiveIntegers) {
  setScheduleArguments(10, args);
  EXPECT_EQ(scheduleArgument(2, kWhat), 16);
  EXPECT_EQ(scheduleArgument(3, "the grain size"), 7);
}

TEST(ScheduleArgument, Errors) {
  setScheduleArguments(10, args);
  EXPECT_EQ(errorOf([] { scheduleArgument(10, kWhat); }),
            "argument 10 (the number of segments, \"argv[10]\" in the schedule) is missing: "
            "the program was given 9 arguments");
  EXPECT_EQ(errorOf([] { scheduleArgument(4, kWhat); }),
            "argument 4 (the number of segments, \"argv[4]\" in the schedule) is 'abc', not an "
            "integer");
  EXPECT_EQ(errorOf([] { scheduleArgument(5, kWhat); }),
            "argument 5 (the number of segments, \"argv[5]\" in the schedule) is 0; it must be "
            "positive");
  EXPECT_CONTAINS(errorOf([] { scheduleArgument(6, kWhat); }), "is -3; it must be positive");
  EXPECT_CONTAINS(errorOf([] { scheduleArgument(7, kWhat); }), "is '12x', not an integer");
  EXPECT_CONTAINS(errorOf([] { scheduleArgument(8, kWhat); }), "which is too large");
  EXPECT_CONTAINS(errorOf([] { scheduleArgument(9, kWhat); }), "is '', not an integer");
  EXPECT_CONTAINS(errorOf([] { scheduleArgument(0, kWhat); }), "argument 0 (");
  EXPECT_CONTAINS(errorOf([] { scheduleArgument(-1, kWhat); }), "is missing");
}

TEST(ScheduleArgument, RunMainRecordsArgumentsAndReportsErrors) {
  int64_t segments = 0;
  EXPECT_EQ(runMain(3, args, [&] { segments = scheduleArgument(2, kWhat); }), 0);
  EXPECT_EQ(segments, 16);
  testing::internal::CaptureStderr();
  int status = runMain(3, args, [&] { scheduleArgument(3, kWhat); });
  EXPECT_EQ(status, 1);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "prog: error: argument 3 (the number of segments, \"argv[3]\" in the schedule) is "
            "missing: the program was given 2 arguments\n");
}

} // namespace
