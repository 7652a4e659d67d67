// run --sites (run/sites.h): where the preload library is found, and how it
// joins the job's LD_PRELOAD.
#include <gtest/gtest.h>

#include <cerrno>

#include <nlohmann/json.hpp>

#include "run/sites.h"
#include "support/fixture_tree.h"
#include "support/paths.h"

namespace oomlens::run {
namespace {

TEST(SitesRun, PreloadIsAppendedNeverReplaced) {
  EXPECT_EQ(append_preload("", "/l/s.so"), "/l/s.so");
  EXPECT_EQ(append_preload("/u/jemalloc.so", "/l/s.so"), "/u/jemalloc.so /l/s.so");
  EXPECT_EQ(append_preload("/a.so:/l/s.so", "/l/s.so"), "/a.so:/l/s.so");
  EXPECT_TRUE(find_sites_library(oomlens::testing::oomlens_binary()).has_value());
}

// Why a run goes on without sites is prepare()'s error (the mkdir's errno
// when that failed), and its note is said and recorded in the same words.
TEST(SitesRun, WhyItRunsWithoutSitesIsTheErrorAndTheNote) {
  oomlens::testing::FixtureTree t;
  SitesRun s;
  auto st = s.prepare(t.root() + "/missing/r.jsonl", {"true"});
  ASSERT_FALSE(st);
  EXPECT_FALSE(s.active());
  if (st.error().errnum == 0) {  // the library is not next to the test binary
    EXPECT_EQ(st.error().what, "liboomlens-sites.so was not found next to oomlens");
  } else {
    EXPECT_EQ(st.error().errnum, ENOENT);
    EXPECT_EQ(st.error().what, "cannot make " + t.root() + "/missing/r.jsonl.sites");
  }
  nlohmann::json v;
  s.add_to_verdict(v, {});
  ASSERT_EQ(v["sites"]["notes"].size(), 1u) << v.dump();
  EXPECT_EQ(v["sites"]["notes"][0], without_sites_note(st.error()));
  EXPECT_EQ(without_sites_note(SystemError{ENOENT, "cannot make /x/r.jsonl.sites"}),
            "--sites: cannot make /x/r.jsonl.sites: No such file or directory; running without sites");
  EXPECT_EQ(without_sites_note(SystemError{0, "liboomlens-sites.so was not found next to oomlens"}),
            "--sites: liboomlens-sites.so was not found next to oomlens; running without sites");
}

}  // namespace
}  // namespace oomlens::run
