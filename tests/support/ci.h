#pragma once
// Tests that need something the machine may lack (root, a Debian package,
// the shared corpus) skip with a reason outside CI and fail under CI=true,
// where everything must be there (tests/README.md).
#include <cstdlib>
#include <string_view>

#include <gtest/gtest.h>

namespace oomlens::testing {

/// True when the environment has CI=true (the CI stages and `make test` in CI).
inline bool under_ci() {
  const char* ci = std::getenv("CI");
  return ci != nullptr && std::string_view(ci) == "true";
}

}  // namespace oomlens::testing

/// In a TEST body (or a void helper): fails under CI=true, else skips; both
/// with `reason` (anything `<<` takes), then returns.
#define OOMLENS_SKIP_UNLESS_CI(reason)                                            \
  do {                                                                            \
    if (::oomlens::testing::under_ci()) FAIL() << "CI=true: " << reason;          \
    GTEST_SKIP() << reason;                                                       \
  } while (0)
