// The line a person reads for a SystemError (util/message.h).
#include "util/message.h"

#include <gtest/gtest.h>

#include <cerrno>

namespace oomlens {
namespace {

TEST(ErrorText, WhatErrnoAndAdvice) {
  EXPECT_EQ(error_text(SystemError{0, "/dev/kmsg: cannot be opened"}), "/dev/kmsg: cannot be opened");
  EXPECT_EQ(error_text(SystemError{ENOENT, "open /tmp/x"}), "open /tmp/x: No such file or directory");
  // A log source's error (errnum 0: its text says why) keeps its advice.
  EXPECT_EQ(error_text(SystemError{0, "/dev/kmsg: Permission denied", "run as root"}),
            "/dev/kmsg: Permission denied (run as root)");
  EXPECT_EQ(error_text(SystemError{EACCES, "open /var/log/kern.log", "join the adm group"}),
            "open /var/log/kern.log: Permission denied (join the adm group)");
}

}  // namespace
}  // namespace oomlens
