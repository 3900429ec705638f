//===- schedule_args.h - Schedule numbers read at run time --------------===//
//
// A schedule may take a number from the command line ("argv[3]" where a
// grain size or a segment count goes). The generated code reads it with
// scheduleArgument; runMain records argc/argv for it.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_SCHEDULE_ARGS_H
#define POLYRT_SCHEDULE_ARGS_H

#include <cstdint>

namespace polyrt {

/// The positive integer in the program's argv[index]. what names the number
/// for messages ("the number of segments"). Throws Error when the argument
/// is missing, not an integer, or not positive, e.g. `argument 3 (the number
/// of segments, "argv[3]" in the schedule) is missing`.
int64_t scheduleArgument(int index, const char *what);

/// Records the arguments scheduleArgument reads (runMain calls it).
void setScheduleArguments(int argc, char **argv);

} // namespace polyrt

#endif
