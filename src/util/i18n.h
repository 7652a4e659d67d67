#pragma once
// Translation (issue 19): GNU gettext (libc's), text domain "oomlens", one
// catalogue per language, po/<lang>.po built into
// <localedir>/<lang>/LC_MESSAGES/oomlens.mo. Only Simplified Chinese (zh_CN)
// exists; every other language is English (the msgids).
//
// What is translated: human-readable sentences, labels and headers. What is
// never translated: JSON, the record, metrics, the event schema, the
// kernel's names (OOM Killer, cgroup, oom_score_adj, anon-rss, PSS), units,
// identifiers and paths. A renderer of machine-readable output holds an
// `EnglishScope` while it builds text that goes there.
//
// Marking: `tr("text")` translates now; `N_("text")` only marks a constant
// for xgettext (tr() it where it is printed); `trf("{} of {}", a, b)`
// formats a translated fmt format string (python-brace-format in the .po,
// checked by msgfmt --check-format; a broken translation falls back to the
// English format rather than throwing).
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/core.h>

#define N_(text) text

namespace oomlens::i18n {

/// The language oomlens speaks: "zh_CN" or "en".
/// `flag` is --lang's value (empty: none given); `env` looks a variable up
/// (getenv in the program). Rule, as gettext's: LANGUAGE (its first entry)
/// unless LC_ALL, LC_MESSAGES or LANG (the first of them set) is C or POSIX,
/// then that variable; --lang beats them all. zh, zh_CN and zh_SG (any
/// codeset or modifier, "zh-CN" too) give "zh_CN"; anything else "en".
/// Pure.
[[nodiscard]] std::string resolve_language(std::string_view flag, std::string (*env)(const char*));

/// Where the catalogues are: `exe_dir`/../share/locale when
/// `exe_dir`/../share/locale/zh_CN/LC_MESSAGES/oomlens.mo exists (installed:
/// bin/ beside share/), else `exe_dir`/locale (the build tree: build/oomlens
/// beside build/locale/). `exe_dir` ends without '/'.
[[nodiscard]] std::string locale_dir_for(const std::string& exe_dir);

/// Sets the language for the rest of the process: --lang's value from argv
/// (`--lang X` or `--lang=X` before the subcommand), else the environment.
/// Binds the text domain to locale_dir_for(/proc/self/exe's directory), UTF-8
/// output. For zh_CN it sets LC_MESSAGES (to the user's locale, or C.UTF-8
/// where zh_CN.UTF-8 is not generated) and LANGUAGE=zh_CN in this process;
/// job_language_env() gives children the caller's own LANGUAGE back.
/// Never fails: without a catalogue the text stays English.
void init(int argc, char** argv);

/// "zh_CN" or "en" (init()'s choice; "en" before init()).
[[nodiscard]] const std::string& language();

/// The value for an HTML page's <html lang="…">: "zh-CN" or "en".
[[nodiscard]] const char* html_lang();

/// LANGUAGE as the user had it before init() (nullopt-like: `had` false
/// when it was unset), for the environment of a job oomlens starts.
struct SavedLanguage {
  bool had = false;
  std::string value;
};
[[nodiscard]] const SavedLanguage& original_language_env();

/// The translation of `msgid` in the current language (msgid itself in
/// English, inside an EnglishScope, or when the catalogue lacks it).
[[nodiscard]] const char* tr(const char* msgid);

/// While one exists (on any thread), tr() returns msgids: for sentences that
/// go into JSON or the record. Nests.
class EnglishScope {
 public:
  EnglishScope();
  ~EnglishScope();
  EnglishScope(const EnglishScope&) = delete;
  EnglishScope& operator=(const EnglishScope&) = delete;
};

/// One msgid and its translation, as a catalogue holds them.
struct CatalogueEntry {
  std::string msgid, msgstr;
};

/// The translation of a sentence oomlens wrote in English earlier (a run
/// record's verdict summary, evidence and advice, the guard's messages):
/// render time translation, for text that must stay English where it is
/// stored (JSON, the record). Rule: the sentence itself when it is a msgid;
/// else the msgid with fmt placeholders ({} {:.1f} ...) whose literal parts
/// match the sentence whole (the most literal text wins), each captured
/// piece translated the same way (pieces are often sentences of their own:
/// "was killed by SIGKILL"), substituted into its translation. A msgid with
/// no English word of its own ("{}: {}") counts only when every captured
/// piece with letters translates. Unchanged when nothing matches. Pure.
[[nodiscard]] std::string retranslate_with(std::string_view english, const std::vector<CatalogueEntry>& catalogue);

/// retranslate_with() over the current language's catalogue (read once
/// from <localedir>/zh_CN/LC_MESSAGES/oomlens.mo); `english` itself in
/// English, inside an EnglishScope, or without a catalogue.
[[nodiscard]] std::string retranslate(std::string_view english);

/// fmt::format with the translated format string; on a format error in the
/// translation, the English format.
template <typename... Args>
[[nodiscard]] std::string trf(const char* msgid, Args&&... args) {
  const char* t = tr(msgid);
  if (t != msgid) {
    try {
      return fmt::vformat(t, fmt::make_format_args(args...));
    } catch (const std::runtime_error&) {  // fmt::format_error
    }
  }
  return fmt::vformat(msgid, fmt::make_format_args(args...));
}

}  // namespace oomlens::i18n

namespace oomlens {
using i18n::retranslate;
using i18n::tr;
using i18n::trf;
}  // namespace oomlens
