#include "util/i18n.h"
#include "util/ascii.h"
#include "util/file.h"

#include <libintl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <clocale>
#include <cstdlib>
#include <cstring>

namespace oomlens::i18n {
namespace {

constexpr const char* kDomain = "oomlens";
std::string g_language = "en";
SavedLanguage g_saved;
std::atomic<int> g_english_scopes{0};
std::string g_locale_dir;

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
  auto exe = own_executable();
  return exe ? exe->substr(0, exe->rfind('/')) : ".";
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
  g_locale_dir = locale_dir_for(exe_dir());
  ::bindtextdomain(kDomain, g_locale_dir.c_str());
  ::bind_textdomain_codeset(kDomain, "UTF-8");
  // libc's own messages (strerror) would follow LANGUAGE too, in the C
  // locale's ASCII (every Chinese character a '?'), and they go into
  // records and JSON as well (never translated): they stay English, and
  // lines for people translate them from oomlens's catalogue
  // (util/strerror_tr.h).
  ::bindtextdomain("libc", "/nonexistent");
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

// ---- render-time translation of stored English (retranslate) -------------

namespace oomlens::i18n {
namespace {

// A msgid cut at its fmt placeholders: literal texts around them.
struct Pattern {
  std::vector<std::string> lits;  ///< placeholders + 1 literals
  const CatalogueEntry* entry = nullptr;
  size_t lit_len = 0;
  bool has_letters = false;  ///< an English word of its own
};

// A word of two letters or more that is not a unit (KiB, MiB, GiB, ...).
bool has_letter(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    if (!text::is_alpha(s[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() && text::is_alpha(s[j])) ++j;
    const std::string_view w = s.substr(i, j - i);
    if (w.size() >= 2 && w != "KiB" && w != "MiB" && w != "GiB" && w != "TiB" && w != "PiB" && w != "kB") return true;
    i = j;
  }
  return false;
}

// Two English words in a row ("was killed"): a piece that must translate.
bool has_phrase(std::string_view s) {
  auto word = [](std::string_view w) {
    if (w.size() < 2) return false;
    for (char c : w)
      if (!text::is_alpha(c) && c != '\'' && c != '-') return false;
    return true;
  };
  bool prev = false;
  size_t i = 0;
  while (i <= s.size()) {
    size_t j = s.find(' ', i);
    if (j == std::string_view::npos) j = s.size();
    const bool w = word(s.substr(i, j - i));
    if (w && prev) return true;
    prev = w;
    i = j + 1;
  }
  return false;
}

// Splits fmt format text into literals; false when it has no placeholder
// or is not well-formed.
bool cut(std::string_view f, std::vector<std::string>& lits) {
  lits.assign(1, "");
  for (size_t i = 0; i < f.size(); ++i) {
    const char c = f[i];
    if ((c == '{' || c == '}') && i + 1 < f.size() && f[i + 1] == c) {
      lits.back() += c;
      ++i;
    } else if (c == '{') {
      const size_t end = f.find('}', i);
      if (end == std::string_view::npos) return false;
      lits.emplace_back();
      i = end;
    } else if (c == '}') {
      return false;
    } else {
      lits.back() += c;
    }
  }
  return lits.size() > 1;
}

// The translation with the pieces put in its placeholders ({} in order,
// {N} by index); nullopt when it does not fit.
std::optional<std::string> fill(std::string_view f, const std::vector<std::string>& pieces) {
  std::string out;
  size_t next = 0;
  for (size_t i = 0; i < f.size(); ++i) {
    const char c = f[i];
    if ((c == '{' || c == '}') && i + 1 < f.size() && f[i + 1] == c) {
      out += c;
      ++i;
    } else if (c == '{') {
      const size_t end = f.find('}', i);
      if (end == std::string_view::npos) return std::nullopt;
      std::string_view spec = f.substr(i + 1, end - i - 1);
      size_t idx = next++;
      if (!spec.empty() && text::is_digit(spec[0])) idx = static_cast<size_t>(std::atoi(std::string(spec).c_str()));
      if (idx >= pieces.size()) return std::nullopt;
      out += pieces[idx];
      i = end;
    } else {
      out += c;
    }
  }
  return out;
}

class Retranslator {
 public:
  explicit Retranslator(const std::vector<CatalogueEntry>& cat) {
    for (const auto& e : cat) {
      if (e.msgid.empty() || e.msgstr.empty()) continue;
      Pattern p;
      if (cut(e.msgid, p.lits)) {
        p.entry = &e;
        bool blank_between = false;  // "{}{}", "{} {}": no text of its own between pieces
        for (size_t i = 0; i < p.lits.size(); ++i) {
          p.lit_len += p.lits[i].size();
          p.has_letters |= has_letter(p.lits[i]);
          if (i > 0 && i + 1 < p.lits.size() && p.lits[i].find_first_not_of(' ') == std::string::npos)
            blank_between = true;
        }
        // Nothing of its own ("{}"), or only glue ("{}{} {}"): it would
        // match anything.
        if (p.lit_len == 0 || (!p.has_letters && blank_between)) continue;
        if (!p.lits.front().empty()) heads_.push_back(p.lits.front());
        patterns_.push_back(std::move(p));
      } else if (e.msgid.find('{') == std::string::npos) {
        exact_.emplace(e.msgid, &e);
        heads_.push_back(e.msgid);
      }
    }
    std::sort(heads_.begin(), heads_.end());
    heads_.erase(std::unique(heads_.begin(), heads_.end()), heads_.end());
  }

  /// The translation and how many characters of catalogue text it used
  /// (0: none, the text as it was).
  std::pair<std::string, int> run(std::string_view text) {
    if (text.empty() || !has_letter(text) || text.size() > 8192) return {std::string(text), 0};
    if (auto it = exact_.find(std::string(text)); it != exact_.end())
      return {it->second->msgstr, static_cast<int>(text.size())};
    std::string key(text);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    memo_[key] = {key, 0};  // a piece never contains itself; this guards it anyway
    auto out = search(text);
    memo_[key] = out;
    return out;
  }

 private:
  // Scores: 16 per character of catalogue text used, -1 per piece that
  // stays as it was (so a split that explains more of the text wins, and
  // of equal ones the one that leaves less unexplained).
  static constexpr int kPerChar = 16;

  std::pair<std::string, int> search(std::string_view text) {
    const CatalogueEntry* best = nullptr;
    std::string best_text;
    int best_total = 0;
    std::vector<bool> head;  // head[i]: a msgid starts at text[i] (computed when a pattern needs it)
    for (const auto& p : patterns_) {
      if (!text.starts_with(p.lits.front()) || !text.ends_with(p.lits.back()) ||
          text.size() < p.lits.front().size() + p.lits.back().size())
        continue;
      if (head.empty()) {
        head.assign(text.size() + 1, false);
        for (size_t i = 0; i < text.size(); ++i) head[i] = head_at(text.substr(i));
      }
      auto split = best_split(text, p, head);
      if (!split) continue;
      const int total = static_cast<int>(p.lit_len) * kPerChar + split->score;
      if (!best || total > best_total) {
        auto filled = fill(p.entry->msgstr, split->pieces);
        if (!filled) continue;
        best = p.entry;
        best_total = total;
        best_text = std::move(*filled);
      }
    }
    if (!best) return {std::string(text), 0};
    return {best_text, std::max(best_total, 0) / kPerChar};
  }

  struct Split {
    int score = 0;
    std::vector<std::string> pieces;
  };

  // The split of `text` into p's literals whose pieces translate best
  // (dynamic programming over placeholder and position), nullopt when none
  // fits. A piece with words that does not translate must not be an
  // English phrase longer than the pattern's own text, must not follow
  // another placeholder directly ("{}{}": such pieces are clauses of their
  // own), and is refused by a pattern without words of its own ("{}: {}").
  std::optional<Split> best_split(std::string_view text, const Pattern& p, const std::vector<bool>& head) {
    const size_t n = p.lits.size() - 1;  // placeholders
    std::map<std::pair<size_t, size_t>, std::optional<Split>> memo;
    auto piece = [&](size_t k, std::string_view c) -> std::optional<std::pair<int, std::string>> {
      const int raw = c.empty() ? 0 : -1;
      // A piece between quotes ("{}", '{}', `{}`) is echoed text: as it is.
      const std::string& before = p.lits[k];
      const std::string& after = p.lits[k + 1];
      if (!before.empty() && !after.empty() && before.back() == after.front() &&
          (after.front() == '"' || after.front() == '\'' || after.front() == '`'))
        return std::pair{0, std::string(c)};
      auto [t, cov] = run(c);
      if (cov > 0) return std::pair{cov * kPerChar, std::move(t)};
      if (has_letter(c)) {
        if (!p.has_letters) return std::nullopt;
        if (has_phrase(c) && c.size() > p.lit_len) return std::nullopt;
        if (k > 0 && p.lits[k].empty()) return std::nullopt;
      }
      return std::pair{raw, std::move(t)};
    };
    std::function<std::optional<Split>(size_t, size_t)> go = [&](size_t k, size_t pos) -> std::optional<Split> {
      if (auto it = memo.find({k, pos}); it != memo.end()) return it->second;
      const std::string& next = p.lits[k + 1];
      size_t rest_len = 0;  // the literals still to come
      for (size_t i = k + 1; i < p.lits.size(); ++i) rest_len += p.lits[i].size();
      std::vector<size_t> ends;  // where piece k may end
      if (k + 1 == n) {
        if (text.size() >= pos + next.size()) ends.push_back(text.size() - next.size());
      } else if (next.empty()) {
        for (size_t at = pos; at <= text.size(); ++at)
          if (at == pos || at == text.size() || head[at]) ends.push_back(at);
      } else {
        for (size_t at = text.find(next, pos); at != std::string_view::npos; at = text.find(next, at + 1)) ends.push_back(at);
      }
      std::optional<Split> res;
      for (size_t at : ends) {
        if (at + rest_len > text.size()) continue;
        // After "{}{}", a piece starts where a msgid does.
        if (k > 0 && p.lits[k].empty() && at > pos && !head[pos]) continue;
        auto pc = piece(k, text.substr(pos, at - pos));
        if (!pc) continue;
        std::optional<Split> rest = k + 1 == n ? std::optional<Split>(Split{}) : go(k + 1, at + next.size());
        if (!rest) continue;
        if (!res || pc->first + rest->score > res->score) {
          Split s;
          s.score = pc->first + rest->score;
          s.pieces.push_back(std::move(pc->second));
          for (auto& x : rest->pieces) s.pieces.push_back(x);
          res = std::move(s);
        }
      }
      memo[{k, pos}] = res;
      return res;
    };
    return go(0, p.lits.front().size());
  }

  // Does a msgid (or a pattern's first literal) start here?
  bool head_at(std::string_view rest) const {
    auto it = std::upper_bound(heads_.begin(), heads_.end(), rest,
                               [](std::string_view r, const std::string& h) { return r < h; });
    // heads_ sorted: a head that prefixes `rest` sorts at or before it.
    while (it != heads_.begin()) {
      --it;
      if (rest.starts_with(*it)) return true;
      if (it->empty() || (*it)[0] != rest[0]) return false;
    }
    return false;
  }

  std::vector<Pattern> patterns_;
  std::vector<std::string> heads_;
  std::unordered_map<std::string, const CatalogueEntry*> exact_;
  std::unordered_map<std::string, std::pair<std::string, int>> memo_;
};

uint32_t u32(const std::string& b, size_t at, bool swap) {
  if (at + 4 > b.size()) return 0;
  uint32_t v = 0;
  std::memcpy(&v, b.data() + at, 4);
  return swap ? __builtin_bswap32(v) : v;
}

// A GNU .mo file's msgid/msgstr pairs (plural and context entries left out).
std::vector<CatalogueEntry> read_mo(const std::string& path) {
  std::vector<CatalogueEntry> out;
  std::ifstream in(path, std::ios::binary);
  if (!in) return out;
  std::string b((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const uint32_t magic = u32(b, 0, false);
  const bool swap = magic == 0xde120495u;
  if (!swap && magic != 0x950412deu) return out;
  const uint32_t n = u32(b, 8, swap), orig = u32(b, 12, swap), trans = u32(b, 16, swap);
  auto str = [&](uint32_t table, uint32_t i) -> std::optional<std::string> {
    const uint32_t len = u32(b, table + 8 * i, swap), off = u32(b, table + 8 * i + 4, swap);
    if (size_t{off} + len > b.size()) return std::nullopt;
    return b.substr(off, len);
  };
  for (uint32_t i = 0; i < n && i < (1u << 20); ++i) {
    auto id = str(orig, i), s = str(trans, i);
    if (!id || !s || id->empty() || id->find('\0') != std::string::npos || id->find('\x04') != std::string::npos) continue;
    out.push_back({*id, s->substr(0, s->find('\0'))});
  }
  return out;
}

}  // namespace

std::string retranslate_with(std::string_view english, const std::vector<CatalogueEntry>& catalogue) {
  return Retranslator(catalogue).run(english).first;
}

std::string retranslate(std::string_view english) {
  if (g_language == "en" || g_english_scopes.load(std::memory_order_relaxed) > 0) return std::string(english);
  static const std::vector<CatalogueEntry> catalogue = read_mo(g_locale_dir + "/" + g_language + "/LC_MESSAGES/oomlens.mo");
  static Retranslator r(catalogue);
  static std::mutex m;
  std::lock_guard lock(m);
  return r.run(english).first;
}

}  // namespace oomlens::i18n
