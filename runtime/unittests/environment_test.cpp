#include "detail/environment.h"
#include "test_util.h"

using namespace polyrt;
using namespace polyrt::test;
using polyrt::detail::environmentChoice;
using polyrt::detail::environmentSwitch;

namespace {

constexpr const char *kVariable = "POLYRT_TEST_SETTING";

TEST(Environment, ASwitchIsOnForAnythingButEmptyOrZero) {
  unsetenv(kVariable);
  EXPECT_FALSE(environmentSwitch(kVariable));
  for (const char *off : {"", "0"}) {
    ScopedEnv set(kVariable, off);
    EXPECT_FALSE(environmentSwitch(kVariable)) << "'" << off << "'";
  }
  for (const char *on : {"1", "yes", "00"}) {
    ScopedEnv set(kVariable, on);
    EXPECT_TRUE(environmentSwitch(kVariable)) << "'" << on << "'";
  }
}

TEST(Environment, AChoiceIsTheIndexOfTheNameGivenAndTheFirstByDefault) {
  unsetenv(kVariable);
  EXPECT_EQ(environmentChoice(kVariable, {"timed", "on", "off"}), 0u);
  {
    ScopedEnv set(kVariable, "");
    EXPECT_EQ(environmentChoice(kVariable, {"timed", "on", "off"}), 0u);
  }
  {
    ScopedEnv set(kVariable, "off");
    EXPECT_EQ(environmentChoice(kVariable, {"timed", "on", "off"}), 2u);
  }
  {
    ScopedEnv set(kVariable, "timed");
    EXPECT_EQ(environmentChoice(kVariable, {"timed", "on", "off"}), 0u);
  }
}

TEST(Environment, AnUnknownChoiceIsRefusedWithEveryChoiceNamed) {
  ScopedEnv set(kVariable, "Off");
  EXPECT_EQ(errorOf([] { environmentChoice(kVariable, {"timed", "on", "off"}); }),
            "POLYRT_TEST_SETTING must be timed, on or off, not 'Off'");
  EXPECT_EQ(errorOf([] { environmentChoice(kVariable, {"on", "off"}); }),
            "POLYRT_TEST_SETTING must be on or off, not 'Off'");
  EXPECT_EQ(errorOf([] { environmentChoice(kVariable, {"auto"}); }),
            "POLYRT_TEST_SETTING must be auto, not 'Off'");
}

} // namespace
