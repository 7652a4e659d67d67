// util/i18n.h's language choice and util/display_width.h (issue 19).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "util/display_width.h"
#include "util/i18n.h"

namespace oomlens::i18n {
namespace {

std::map<std::string, std::string> g_env;
std::string fake_env(const char* name) {
  auto it = g_env.find(name);
  return it == g_env.end() ? "" : it->second;
}
std::string with(std::map<std::string, std::string> env, std::string_view flag = "") {
  g_env = std::move(env);
  return resolve_language(flag, fake_env);
}

TEST(I18n, LanguageFromTheEnvironmentAsGettextReadsIt) {
  EXPECT_EQ(with({}), "en");
  EXPECT_EQ(with({{"LANG", "zh_CN.UTF-8"}}), "zh_CN");
  EXPECT_EQ(with({{"LANG", "zh_CN.GB18030"}}), "zh_CN");
  EXPECT_EQ(with({{"LANG", "en_US.UTF-8"}, {"LC_MESSAGES", "zh_CN.UTF-8"}}), "zh_CN");
  EXPECT_EQ(with({{"LC_ALL", "en_US.UTF-8"}, {"LC_MESSAGES", "zh_CN.UTF-8"}}), "en");  // LC_ALL first
  EXPECT_EQ(with({{"LANGUAGE", "zh_CN:en"}, {"LANG", "en_US.UTF-8"}}), "zh_CN");      // LANGUAGE beats LANG
  EXPECT_EQ(with({{"LANGUAGE", "zh_CN"}}), "zh_CN");
  EXPECT_EQ(with({{"LANGUAGE", "zh_CN"}, {"LANG", "C"}}), "en");  // C ignores LANGUAGE, as gettext does
  EXPECT_EQ(with({{"LANGUAGE", "zh_CN"}, {"LC_ALL", "POSIX"}}), "en");
  EXPECT_EQ(with({{"LANG", "zh_TW.UTF-8"}}), "en");  // only Simplified Chinese exists
  EXPECT_EQ(with({{"LANG", "de_DE.UTF-8"}}), "en");
}

TEST(I18n, LangFlagBeatsTheEnvironment) {
  EXPECT_EQ(with({{"LANG", "en_US.UTF-8"}}, "zh_CN"), "zh_CN");
  EXPECT_EQ(with({{"LANG", "zh_CN.UTF-8"}}, "en"), "en");
  EXPECT_EQ(with({}, "zh-CN"), "zh_CN");
  EXPECT_EQ(with({}, "zh"), "zh_CN");
  EXPECT_EQ(with({}, "zh_CN.UTF-8"), "zh_CN");
  EXPECT_EQ(with({}, "fr"), "en");
}

TEST(I18n, EnglishUntilInitAndInsideAnEnglishScope) {
  EXPECT_STREQ(tr("memory limit"), "memory limit");
  EnglishScope english;
  EXPECT_STREQ(tr("memory limit"), "memory limit");
  EXPECT_EQ(trf("{} of {}", 1, 2), "1 of 2");
}

TEST(I18n, CatalogueFoundInTheBuildTreeOrBesideBin) {
  EXPECT_EQ(locale_dir_for("/nonexistent/bin"), "/nonexistent/bin/locale");
}

}  // namespace
}  // namespace oomlens::i18n

namespace oomlens {
namespace {

TEST(DisplayWidth, CjkCountsTwoColumns) {
  EXPECT_EQ(display_width("victim"), 6u);
  EXPECT_EQ(display_width("被杀进程"), 8u);
  EXPECT_EQ(display_width("内存 cgroup"), 11u);
  EXPECT_EQ(display_width("（pid 1）"), 9u);  // fullwidth parentheses
  EXPECT_EQ(display_width("e\xcc\x81"), 1u);  // e + combining acute
  EXPECT_EQ(display_width("\xff"), 1u);       // an ill-formed byte
  EXPECT_EQ(pad_right("机器", 9), "机器     ");
  EXPECT_EQ(pad_left("限制", 6), "  限制");
  EXPECT_EQ(pad_right("toolongvalue", 4), "toolongvalue");
}

}  // namespace
}  // namespace oomlens

namespace oomlens::i18n {
namespace {

// Render-time translation of stored English (run records): nested pieces,
// placeholders with specs, reordered and indexed translations.
TEST(I18n, RetranslateMatchesMsgidsWholeAndTranslatesTheirPieces) {
  const std::vector<CatalogueEntry> cat = {
      {"exited with code {}", "以代码 {} 退出"},
      {"was killed by {}{}", "被 {} 杀死{}"},
      {" (core dumped)", "（已转储 core）"},
      {"The job exited normally (code 0).", "作业正常退出（代码 0）。"},
      {"the launcher (main process {}, pid {}) then {}", "启动器（主进程 {}，pid {}）随后{}"},
      {"at {:.1f} s, {} of {}", "在 {0:.1f} s，{2} 占 {1}"},
      {"{}: {}", "{}：{}"},
      {"sender unknown", "发送者未知"},
      {".", "。"},
      {"kernel OOM killer killed {}{}{}", "内核 OOM Killer 杀死了{}{}{}"},
      {"main process {} ({})", "主进程 {}（{}）"},
      {", limit {}", "，限制 {}"},
      {" (kernel log seq {}{})", "（内核日志序号 {}{}）"},
      {", full report", "，完整报告"},
      {"{} sent {} to {}; its log: \"{}\"", "{0} 向 {2} 发送了 {1}；它的日志：\"{3}\""},
  };
  EXPECT_EQ(retranslate_with("The job exited normally (code 0).", cat), "作业正常退出（代码 0）。");
  EXPECT_EQ(retranslate_with("exited with code 3", cat), "以代码 3 退出");
  EXPECT_EQ(retranslate_with("was killed by SIGKILL (core dumped)", cat), "被 SIGKILL 杀死（已转储 core）");
  EXPECT_EQ(retranslate_with("was killed by SIGKILL", cat), "被 SIGKILL 杀死");
  EXPECT_EQ(retranslate_with("the launcher (main process bash, pid 42) then exited with code 1", cat),
            "启动器（主进程 bash，pid 42）随后以代码 1 退出");
  EXPECT_EQ(retranslate_with("at 9.2 s, 1 GiB of 2 GiB", cat), "在 9.2 s，2 GiB 占 1 GiB");
  // "{}: {}" has no word of its own: only when its pieces translate.
  EXPECT_EQ(retranslate_with("sender unknown: exited with code 2", cat), "发送者未知：以代码 2 退出");
  EXPECT_EQ(retranslate_with("something else: entirely", cat), "something else: entirely");
  // A piece that is an English sentence of no msgid, longer than the
  // msgid's own text: the whole stays English.
  const std::string odd = "the launcher (main process bash, pid 42) then went away quietly after it had printed a "
                          "great many lines of its own";
  EXPECT_EQ(retranslate_with(odd, cat), odd);
  EXPECT_EQ(retranslate_with("no such sentence", cat), "no such sentence");
  EXPECT_EQ(retranslate_with("", cat), "");
  // Quoted pieces are echoed text: kept as they are.
  EXPECT_EQ(retranslate_with("earlyoom sent SIGTERM to pid 7; its log: \"sending SIGTERM to process 7\"", cat),
            "earlyoom 向 pid 7 发送了 SIGTERM；它的日志：\"sending SIGTERM to process 7\"");
  // Adjacent placeholders split only where a msgid starts.
  EXPECT_EQ(retranslate_with("kernel OOM killer killed main process 10677 (python3), limit 500 MiB (kernel log seq 5, "
                             "full report)", cat),
            "内核 OOM Killer 杀死了主进程 10677（python3），限制 500 MiB（内核日志序号 5，完整报告）");
  // Outside the program's zh_CN language (tests run in English): unchanged.
  EXPECT_EQ(retranslate("exited with code 3"), "exited with code 3");
}

}  // namespace
}  // namespace oomlens::i18n
