//===- schedule_args.cpp - Schedule numbers read at run time ------------===//
#include "polyrt/schedule_args.h"

#include "polyrt/types.h"

#include <charconv>
#include <cstring>
#include <string>

namespace polyrt {
namespace {
int savedArgc = 0;
char **savedArgv = nullptr;
} // namespace

void setScheduleArguments(int argc, char **argv) {
  savedArgc = argc;
  savedArgv = argv;
}

int64_t scheduleArgument(int index, const char *what) {
  std::string name = "argument " + std::to_string(index) + " (" + what + ", \"argv[" +
                     std::to_string(index) + "]\" in the schedule)";
  if (index < 1 || index >= savedArgc || !savedArgv || !savedArgv[index])
  {
    int given = savedArgc > 0 ? savedArgc - 1 : 0;
    throw Error(name + " is missing: the program was given " + std::to_string(given) +
                (given == 1 ? " argument" : " arguments"));
  }
  const char *text = savedArgv[index];
  const char *begin = text[0] == '+' ? text + 1 : text;
  const char *end = text + std::strlen(text);
  int64_t value = 0;
  auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec == std::errc::result_out_of_range)
    throw Error(name + " is " + text + ", which is too large");
  if (ec != std::errc() || ptr != end || begin == end || (*begin == '-' && begin != text))
    throw Error(name + " is '" + text + "', not an integer");
  if (value <= 0)
    throw Error(name + " is " + text + "; it must be positive");
  return value;
}

} // namespace polyrt
