// util/exit_status.h against docs/oomlens.md's EXIT STATUS section, and the
// one error type (util/result.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "util/exit_status.h"
#include "util/result.h"
#include "support/paths.h"

namespace oomlens {
namespace {

// The statuses listed in a man-page style definition list: a line that is
// only a number, between `## EXIT STATUS` and the next `## ` heading.
std::vector<int> documented_common_statuses(const std::string& page) {
  std::istringstream in(page);
  std::string line;
  bool inside = false;
  std::vector<int> out;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) {
      inside = line == "## EXIT STATUS";
      continue;
    }
    if (inside && !line.empty() && std::all_of(line.begin(), line.end(), ::isdigit)) out.push_back(std::stoi(line));
  }
  return out;
}

TEST(ExitStatus, DocsListTheCommonStatusesOfTheHeader) {
  std::ifstream f(oomlens::testing::source_path("/docs/oomlens.md"));
  ASSERT_TRUE(f) << "docs/oomlens.md";
  std::stringstream ss;
  ss << f.rdbuf();
  auto documented = documented_common_statuses(ss.str());
  std::vector<int> header(kCommonExitStatuses.begin(), kCommonExitStatuses.end());
  std::sort(documented.begin(), documented.end());
  std::sort(header.begin(), header.end());
  EXPECT_EQ(documented, header) << "docs/oomlens.md EXIT STATUS and src/util/exit_status.h disagree";
  EXPECT_EQ(kExitUsage, 2);
  EXPECT_EQ(kExitOwnFailure, 125);
}

TEST(Result, CarriesTheValueOrWhatFailedWithErrno) {
  Result<std::string> ok(std::string("x"));
  ASSERT_TRUE(ok);
  EXPECT_EQ(*ok, "x");
  EXPECT_EQ(ok->size(), 1u);
  Result<std::string> bad = system_error("open /proc/42/comm", ENOENT);
  EXPECT_FALSE(bad);
  EXPECT_EQ(bad.error().errnum, ENOENT);
  EXPECT_EQ(bad.error().message(), "open /proc/42/comm: No such file or directory");
  EXPECT_EQ(bad.value_or("fallback"), "fallback");
  EXPECT_EQ(Result<int>(SystemError{0, "not a number"}).error().message(), "not a number");
}

}  // namespace
}  // namespace oomlens
