#include "util/i18n.h"

#include <libintl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <clocale>
#include <cstdlib>
#include <cstring>

namespace oomlens::i18n {
namespace {

constexpr const char* kDomain = "oomlens";
std::string g_language = "en";
SavedLanguage g_saved;
std::atomic<int> g_english_scopes{0};

bool is_c_locale(std::string_view v) { return v == "C" || v == "POSIX" || v.starts_with("C."); }

/// "zh_CN.UTF-8@x", "zh-CN", "zh" -> "zh_CN"; others -> "en".
std::string normalise(std::string_view v) {
  const size_t end = v.find_first_of(".@");
  std::string base(v.substr(0, end));
  for (char& c : base)
    if (c == '-') c = '_';
  if (base == "zh" || base == "zh_CN" || base == "zh_SG" || base == "zh_Hans" || base == "zh_Hans_CN") return "zh_CN";
  return "en";
}

bool exists(const std::string& path) {
  struct stat st{};
  return ::stat(path.c_str(), &st) == 0;
}

std::string getenv_string(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

std::string exe_dir() {
  std::string buf(4096, '\0');
  const ssize_t n = ::readlink("/proc/self/exe", buf.data(), buf.size());
  if (n <= 0 || static_cast<size_t>(n) >= buf.size()) return ".";
  buf.resize(static_cast<size_t>(n));
  return buf.substr(0, buf.rfind('/'));
}

}  // namespace

std::string resolve_language(std::string_view flag, std::string (*env)(const char*)) {
  if (!flag.empty()) return normalise(flag);
  std::string locale;
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    locale = env(name);
    if (!locale.empty()) break;
  }
  if (!locale.empty() && is_c_locale(locale)) return "en";
  const std::string language = env("LANGUAGE");
  if (!language.empty()) return normalise(std::string_view(language).substr(0, language.find(':')));
  return normalise(locale);
}

std::string locale_dir_for(const std::string& exe_dir) {
  const std::string installed = exe_dir + "/../share/locale";
  if (exists(installed + "/zh_CN/LC_MESSAGES/oomlens.mo")) return installed;
  return exe_dir + "/locale";
}

void init(int argc, char** argv) {
  std::string flag;
  for (int i = 1; i < argc && argv[i][0] == '-'; ++i) {
    const std::string_view a = argv[i];
    if (a == "--lang" && i + 1 < argc) flag = argv[++i];
    else if (a.starts_with("--lang=")) flag = std::string(a.substr(7));
    else if (a == "--") break;
  }
  if (const char* v = std::getenv("LANGUAGE")) g_saved = {true, v};
  g_language = resolve_language(flag, getenv_string);
  if (g_language != "zh_CN") return;
  // Only LC_MESSAGES (and nothing that changes how numbers parse): the
  // user's locale when it exists, else C.UTF-8 (not "C", where gettext
  // ignores LANGUAGE).
  const char* set = std::setlocale(LC_MESSAGES, "");
  if (!set || is_c_locale(set) || normalise(set) != "zh_CN") std::setlocale(LC_MESSAGES, "C.UTF-8");
  ::setenv("LANGUAGE", "zh_CN", 1);
  ::bindtextdomain(kDomain, locale_dir_for(exe_dir()).c_str());
  ::bind_textdomain_codeset(kDomain, "UTF-8");
}

const std::string& language() { return g_language; }

const char* html_lang() { return g_language == "zh_CN" ? "zh-CN" : "en"; }

const SavedLanguage& original_language_env() { return g_saved; }

const char* tr(const char* msgid) {
  if (g_language == "en" || g_english_scopes.load(std::memory_order_relaxed) > 0 || !msgid || !*msgid) return msgid;
  return ::dgettext(kDomain, msgid);
}

EnglishScope::EnglishScope() { g_english_scopes.fetch_add(1); }
EnglishScope::~EnglishScope() { g_english_scopes.fetch_sub(1); }

}  // namespace oomlens::i18n
