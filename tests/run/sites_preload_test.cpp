// run --sites (run/sites.h): where the preload library is found, and how it
// joins the job's LD_PRELOAD.
#include <gtest/gtest.h>

#include "run/sites.h"
#include "support/paths.h"

namespace oomlens::run {
namespace {

TEST(SitesRun, PreloadIsAppendedNeverReplaced) {
  EXPECT_EQ(append_preload("", "/l/s.so"), "/l/s.so");
  EXPECT_EQ(append_preload("/u/jemalloc.so", "/l/s.so"), "/u/jemalloc.so /l/s.so");
  EXPECT_EQ(append_preload("/a.so:/l/s.so", "/l/s.so"), "/a.so:/l/s.so");
  EXPECT_TRUE(find_sites_library(oomlens::testing::oomlens_binary()).has_value());
}

}  // namespace
}  // namespace oomlens::run
