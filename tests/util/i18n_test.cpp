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
