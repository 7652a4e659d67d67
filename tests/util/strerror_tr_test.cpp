// util/strerror_tr.h: errno texts for people, through oomlens's own
// catalogue (issue 19), and their render-time translation inside stored
// English (util/i18n.h retranslate_with).
#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "util/i18n.h"
#include "util/strerror_tr.h"

namespace oomlens {
namespace {

// Each msgid is glibc's own English wording, so tr() finds the text
// strerrordesc_np gives at run time.
TEST(StrerrorTr, EveryMsgidIsGlibcsWording) {
  size_t n = 0;
  const ErrnoMsgid* m = errno_msgids(&n);
  ASSERT_GE(n, 13u);
  for (size_t i = 0; i < n; ++i) EXPECT_STREQ(m[i].msgid, ::strerrordesc_np(m[i].errnum)) << m[i].errnum;
}

TEST(StrerrorTr, EnglishIsLibcsTextAndUnknownErrnosSayTheirNumber) {
  // The tests run in English (no i18n::init): the msgids themselves.
  EXPECT_EQ(tr_strerror(ENOENT), "No such file or directory");
  EXPECT_EQ(tr_strerror(EACCES), "Permission denied");
  EXPECT_EQ(tr_strerror(ENOSPC), "No space left on device");
  EXPECT_EQ(tr_strerror(987654), "Unknown error 987654");
}

// English built by a lower layer, `…: <strerror>`, translates whole at
// render time: the errno text is a msgid of its own.
TEST(StrerrorTr, StoredErrnoTextsRetranslate) {
  const std::vector<i18n::CatalogueEntry> cat = {
      {"cannot open {}: {}", "无法打开 {}：{}"},
      {"mkdir {}: {}", "mkdir {}：{}"},
      {"off: {}", "关闭：{}"},
      {"Permission denied", "权限不够"},
      {"No such file or directory", "没有那个文件或目录"},
  };
  EXPECT_EQ(i18n::retranslate_with("cannot open /sys/kernel/tracing/instances/oomlens-7/trace_pipe: Permission denied", cat),
            "无法打开 /sys/kernel/tracing/instances/oomlens-7/trace_pipe：权限不够");
  EXPECT_EQ(i18n::retranslate_with("off: mkdir /sys/kernel/tracing/instances/oomlens-7: No such file or directory", cat),
            "关闭：mkdir /sys/kernel/tracing/instances/oomlens-7：没有那个文件或目录");
}

}  // namespace
}  // namespace oomlens
