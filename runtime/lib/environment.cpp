//===- environment.cpp - The POLYRT_* settings read -------------------===//
#include "detail/environment.h"

#include "polyrt/types.h"

#include <cstdlib>
#include <string>

namespace polyrt::detail {

bool environmentSwitch(const char *name) {
  const char *value = std::getenv(name);
  return value && *value && std::string_view(value) != "0";
}

size_t environmentChoice(const char *name, std::initializer_list<std::string_view> choices) {
  const char *set = std::getenv(name);
  const std::string_view value = set ? set : "";
  if (value.empty())
    return 0;
  size_t index = 0;
  for (std::string_view choice : choices) {
    if (value == choice)
      return index;
    ++index;
  }
  std::string message = std::string(name) + " must be ";
  index = 0;
  for (std::string_view choice : choices) {
    if (index > 0)
      message += index + 1 == choices.size() ? " or " : ", ";
    message += choice;
    ++index;
  }
  throw Error(message + ", not '" + std::string(value) + "'");
}

} // namespace polyrt::detail
