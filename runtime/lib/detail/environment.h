//===- environment.h - The POLYRT_* settings read (internal) -----*- C++ -*-===//
//
// polyrt's run-time settings are environment variables of two kinds: switches
// (POLYRT_VERBOSE=1) and choices among a few named settings
// (POLYRT_STREAM_PREFETCH=off). Read here, so that every one accepts the same
// spellings and refuses a bad value with the same message.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_DETAIL_ENVIRONMENT_H
#define POLYRT_DETAIL_ENVIRONMENT_H

#include <cstddef>
#include <initializer_list>
#include <string_view>

namespace polyrt::detail {

/// A switch: on when the variable is set to anything but "" or "0".
bool environmentSwitch(const char *name);

/// Which of `choices` the variable names: its index, or 0 (the first choice
/// is the default) when the variable is unset or empty. Throws Error
/// ("NAME must be a, b or c, not 'x'") for anything else.
size_t environmentChoice(const char *name, std::initializer_list<std::string_view> choices);

} // namespace polyrt::detail

#endif
