#include <gtest/gtest.h>

#include "kernel_log/oom_event.h"

TEST(Smoke, EventDefaultsAreUnknown) {
  oomlens::OomEvent e;
  EXPECT_FALSE(e.constraint.has_value());
  EXPECT_FALSE(e.time.monotonic_s.has_value());
}
