// Lines whose kernel text is inside another format or encoding
// (prefix_parts.h): `journalctl -o json` objects (whole, or cut by a viewer),
// node-problem-detector's `"message": "…"` fragments, rsyslog's `#012` and
// /dev/kmsg's `\x0a` escapes, HTML entities and quoted-printable, and a
// viewer's `...`/`…` cut at the end of a line (cut_stump()).
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <string_view>

#include "kernel_log/prefix_parts.h"
#include "util/ascii.h"
#include "util/text.h"
#include "util/time.h"

namespace oomlens::prefix_parts {

using namespace oomlens::text;

namespace {

// A journal JSON line a viewer cut (`{"MESSAGE":"…","_TRANSPORT":"ker…`):
// MESSAGE as far as it survived; every other field is unknown.
bool take_cut_journal_json(std::string_view s, NormalizedLine& out) {
  constexpr std::string_view kKey = "\"MESSAGE\":\"";
  std::string_view u = trim_right(s);
  size_t k = s.find(kKey);
  if (k == std::string_view::npos || !ends_in_ellipsis(u)) return false;
  std::string_view v = u.substr(k + kKey.size());
  size_t close = 0;
  while (close < v.size() && v[close] != '"') close += v[close] == '\\' ? 2 : 1;
  const bool whole = close < v.size();
  if (whole) {
    v = v.substr(0, close);
  } else {  // the message itself was cut: drop the marker and a half escape
    v.remove_suffix(3);
    if (!v.empty() && v.back() == '\\') v.remove_suffix(1);
  }
  auto text = nlohmann::json::parse("\"" + std::string(v) + "\"", nullptr, false);
  if (!text.is_string()) return false;
  out.owned = text.get<std::string>();
  if (!whole) out.owned += "...";
  out.text = out.owned;
  if (!whole) out.truncated = cut_stump(out.text);
  out.has_prefix = true;
  return true;
}

// The length of a terminal control sequence at the start of `s` (after its
// ESC, or after the `^[` that `cat -v` and `less` print for it): a CSI
// (`[` parameters, intermediates, a final byte 0x40-0x7E: colours, `\e[K`)
// or a two-byte escape (`(B` of tput's sgr0). 0 when `s` starts none.
size_t escape_length(std::string_view s) {
  if (s.empty()) return 0;
  if (s[0] == '(' || s[0] == ')') return s.size() >= 2 ? 2 : 0;
  if (s[0] != '[') return 0;
  for (size_t i = 1; i < s.size() && i < 32; ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x40 && c <= 0x7E) return i + 1;
    if (c < 0x20 || c > 0x3F) return 0;
  }
  return 0;
}

}  // namespace

// `journalctl -o json` (one object per line).
bool take_journal_json(std::string_view s, NormalizedLine& out) {
  if (s.find("\"MESSAGE\"") == std::string_view::npos) return false;
  auto j = nlohmann::json::parse(s.begin(), s.end(), nullptr, false);
  if (j.is_discarded()) return take_cut_journal_json(s, out);
  if (!j.is_object()) return false;
  auto str = [&](const char* key) -> std::optional<std::string> {
    auto it = j.find(key);
    if (it == j.end() || !it->is_string()) return std::nullopt;
    return it->get<std::string>();
  };
  auto it = j.find("MESSAGE");
  if (it == j.end()) return false;
  if (it->is_string()) {
    out.owned = it->get<std::string>();
  } else if (it->is_array()) {  // non-UTF-8 messages are byte arrays
    for (const auto& b : *it)
      if (b.is_number_unsigned()) out.owned += static_cast<char>(b.get<unsigned>() & 0xff);
  } else {
    return false;
  }
  if (auto m = str("_SOURCE_MONOTONIC_TIMESTAMP"))
    if (auto v = parse_u64(*m)) out.prefix.monotonic_s = static_cast<double>(*v) / 1e6;
  if (auto r = str("__REALTIME_TIMESTAMP"))
    if (auto v = parse_u64(*r)) {
      std::string w = format_rfc3339(*v);
      if (!w.empty()) out.prefix.wall = std::move(w);
    }
  if (auto h = str("_HOSTNAME")) out.prefix.host = *h;
  if (auto bid = str("_BOOT_ID")) out.prefix.boot_id = *bid;
  if (auto pr = str("PRIORITY"))
    if (auto v = parse_u64(*pr); v && *v <= 7) out.prefix.level = static_cast<int>(*v);
  auto transport = str("_TRANSPORT");
  auto ident = str("SYSLOG_IDENTIFIER");
  if ((transport && *transport != "kernel") || (!transport && ident && *ident != "kernel")) out.foreign = true;
  out.text = out.owned;
  out.has_prefix = true;
  return true;
}

namespace {
// A string value's text up to its closing quote (or the end), its escapes (`\n`, `\t`, `\r`, `\"`, `\\`) undone
// once, into `value`; whether an unescaped `"` ended it.
bool unescape_to_quote(std::string_view t, std::string& value) {
  value.clear();
  for (size_t i = 0; i < t.size(); ++i) {
    char c = t[i];
    if (c == '"') return true;
    if (c == '\\' && i + 1 < t.size()) {
      char e = t[++i];
      value += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
    } else {
      value += c;
    }
  }
  return false;
}

// The string value of a JSON field line `"key": "<value>",` (the key with its
// quotes and colon), unescaped once; a value the excerpt cut ends the text.
bool json_field_value(std::string_view s, std::string_view key, std::string& value) {
  if (!starts_with(s, key)) return false;
  std::string_view t = trim_left(s.substr(key.size()));
  if (t.empty() || t[0] != '"') return false;
  (void)unescape_to_quote(t.substr(1), value);
  return true;
}
}  // namespace

// Kubernetes node-problem-detector event fragment: `"message": "<kernel text>",`.
bool take_npd_message(std::string_view s, NormalizedLine& out) {
  if (!json_field_value(s, "\"message\":", out.owned)) return false;
  out.text = out.owned;
  out.has_prefix = true;
  return true;
}

// Google Cloud Logging's export of a serial console: `"textPayload": "<line>",`,
// the console's whole line (its `[ts]` too) escaped once more when the entry
// says is_text_escaped, so its line end reads `\\r\\n`. `line` gets the line
// without its line end, real or escaped.
bool take_text_payload(std::string_view s, std::string& line) {
  if (!json_field_value(s, "\"textPayload\":", line)) return false;
  for (;;) {
    std::string_view v = line;
    if (v.size() >= 2 && v[v.size() - 2] == '\\' && (v.back() == 'r' || v.back() == 'n')) {
      line.resize(line.size() - 2);
    } else if (!v.empty() && (v.back() == '\r' || v.back() == '\n')) {
      line.pop_back();
    } else {
      break;
    }
  }
  return true;
}

// A program's string literal holding one log line (a test's or a parser's sample: `"4,101,1001,-;micd invoked
// oom-killer: …\n",`, `"[  823.44] lowmemorykiller: …",`): the line is the literal, opened by the line's first `"`
// and closed by its last, after which only `,`, `;`, `)`, `+` or `]` follow; no unescaped `"` lies inside (a JSON
// field, `"raw": "…"`, is two literals). `line` gets the value unescaped once, without its escaped line end. Kernel
// text neither starts nor ends with a `"` around the whole record.
bool take_string_literal(std::string_view s, std::string& line) {
  std::string_view t = trim_right(s);
  while (!t.empty() && (t.back() == ',' || t.back() == ';' || t.back() == ')' || t.back() == '+' || t.back() == ']'))
    t = trim_right(t.substr(0, t.size() - 1));
  if (t.size() < 3 || t[0] != '"' || t.back() != '"') return false;
  if (unescape_to_quote(t.substr(1, t.size() - 2), line)) return false;  // a second literal on the line
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  return !line.empty() && line.find('\n') == std::string::npos;
}

// Decodes rsyslog `#012`/`#011` and kmsg `\x0a`/`\x09` into owned text.
void decode_escapes(NormalizedLine& out, bool kmsg) {
  std::string_view t = out.text;
  bool rs = t.find("#01") != std::string_view::npos;
  bool km = kmsg && t.find("\\x") != std::string_view::npos;
  if (!rs && !km) return;
  std::string dec;
  dec.reserve(t.size());
  for (size_t i = 0; i < t.size(); ++i) {
    if (rs && t[i] == '#' && t.substr(i, 4) == "#012") {
      dec += '\n';
      i += 3;
    } else if (rs && t[i] == '#' && t.substr(i, 4) == "#011") {
      dec += '\t';
      i += 3;
    } else if (km && t[i] == '\\' && t.substr(i, 4) == "\\x0a") {
      dec += '\n';
      i += 3;
    } else if (km && t[i] == '\\' && t.substr(i, 4) == "\\x09") {
      dec += '\t';
      i += 3;
    } else {
      dec += t[i];
    }
  }
  out.owned = std::move(dec);
  out.text = out.owned;
}

// Forum markup (vBulletin/phpBB BBCode) a poster put inside the records to colour or stress them:
// `[COLOR="Red"]Free swap  = 0kB[/COLOR]`, `[135404.406178][COLOR="Red"] hostname invoked oom-killer: …`.
// The tags go: an opening `[NAME]` or `[NAME=value]` and a closing `[/NAME]`, NAME one of the text-styling
// tags, any case. Kernel text prints none of them (a frame is `[symbol+off/len]`, a row `[  pid]`, a buddy
// list's migrate types `(UME)`). Returns true when a tag was removed; `out` is then the line without them.
bool strip_forum_markup(std::string_view raw, std::string& out) {
  static constexpr std::string_view kTags[] = {"color", "colour", "size", "font", "highlight", "b", "i", "u"};
  const auto tag_end = [&](size_t at) -> size_t {  // one past the tag's `]` at raw[at] == '[', or 0
    size_t i = at + 1;
    const bool closing = i < raw.size() && raw[i] == '/';
    if (closing) ++i;
    size_t n = i;
    while (n < raw.size() && is_alpha(raw[n])) ++n;
    const std::string_view name = raw.substr(i, n - i);
    bool known = false;
    for (std::string_view t : kTags)
      known = known || (name.size() == t.size() && std::equal(name.begin(), name.end(), t.begin(), [](char a, char b) {
                          return (a | 0x20) == b;
                        }));
    if (!known || n >= raw.size()) return 0;
    // A one-letter opening tag only with its closing one after it on the line: `[I]`, `[W]` alone are a
    // router's level letters (`[I] Oct 22 20:02:32 kernel: …`, corpus 239).
    if (!closing && raw[n] == ']' && name.size() == 1) {
      const char lower = static_cast<char>(name[0] | 0x20);
      bool closed = false;
      for (size_t c = raw.find("[/", n); !closed && c != std::string_view::npos; c = raw.find("[/", c + 2))
        closed = c + 3 < raw.size() && (raw[c + 2] | 0x20) == lower && raw[c + 3] == ']';
      if (!closed) return 0;
    }
    if (raw[n] == ']') return n + 1;
    if (closing || raw[n] != '=') return 0;
    const size_t close = raw.find(']', n);  // a value: `"Red"`, `3`, `Courier New`
    if (close == std::string_view::npos || close - n > 40 || raw.substr(n, close - n).find('[') != std::string_view::npos)
      return 0;
    return close + 1;
  };
  bool any = false;
  std::string d;
  size_t from = 0;
  for (size_t at = raw.find('['); at != std::string_view::npos; at = raw.find('[', at + 1)) {
    const size_t end = tag_end(at);
    if (!end) continue;
    if (!any) d.reserve(raw.size());
    any = true;
    d.append(raw.substr(from, at - from));
    from = end;
    at = end - 1;
  }
  if (!any) return false;
  d.append(raw.substr(from));
  out = std::move(d);
  return true;
}

bool spaces_for_no_break_spaces(std::string_view s, std::string& out) {
  constexpr std::string_view kNoBreakSpace = "\xC2\xA0";
  size_t at = s.find(kNoBreakSpace);
  if (at == std::string_view::npos) return false;
  std::string spaced;
  spaced.reserve(s.size());
  size_t from = 0;
  for (; at != std::string_view::npos; at = s.find(kNoBreakSpace, from)) {
    spaced.append(s.substr(from, at - from));
    spaced.push_back(' ');
    from = at + kNoBreakSpace.size();
  }
  spaced.append(s.substr(from));
  out = std::move(spaced);
  return true;
}

// Text copied from a web page (`&gt;`, `&amp;`, …) or a quoted-printable
// mail archive (`=3D`, `=20`): decoded into `owned`. Returns true when it was.
// QP is decoded only when the line holds `=3D`, `=2E`, `=2D` or an encoded UTF-8
// character (`=D0=B8`), which kernel text never prints: GMX's mailer encodes
// every `.` as `=2E` (`[121972=2E020000]`, `rpc=2Eidmapd`), so a line with no
// `=` of its own holds no `=3D` (corpus 508). Forum markup tags go first
// (strip_forum_markup()).
bool decode_transfer(std::string_view raw, std::string& owned) {
  std::string plain;
  bool stripped = oomlens::strip_terminal_escapes(raw, plain);
  if (stripped) raw = plain;
  // Only a line that holds a `[` then a letter or `/` can hold a tag (a printk time or a row's `[` is followed by
  // a digit or a space).
  bool markup = false;
  for (size_t b = raw.find('['); !markup && b != std::string_view::npos && b + 1 < raw.size(); b = raw.find('[', b + 1))
    markup = raw[b + 1] == '/' || is_alpha(raw[b + 1]);
  if (std::string unmarked; markup && strip_forum_markup(raw, unmarked)) {
    plain = std::move(unmarked);
    raw = plain;
    stripped = true;
  }
  bool html = raw.find('&') != std::string_view::npos &&
              (raw.find("&gt;") != std::string_view::npos || raw.find("&lt;") != std::string_view::npos ||
               raw.find("&amp;") != std::string_view::npos || raw.find("&quot;") != std::string_view::npos ||
               raw.find("&#39;") != std::string_view::npos);
  // `=3D` (an encoded '='), or an encoded UTF-8 character (`=D0=B8`: a
  // localized month name, a comm): lead byte C0-FF, continuation 80-BF.
  // A line that ends in its encoded line end (`=0A=`, `=0D=0A=`, corpus 759) and was read alone: the end goes.
  const bool encoded_eol = ends_with(raw, "=0A=");
  if (encoded_eol) raw.remove_suffix(ends_with(raw, "=0D=0A=") ? 7 : 4);
  // `=2D`: a '-' some encoders escape at a line's start (`file=` + `=2Drss:0kB` after a soft break, corpus 765).
  bool qp = encoded_eol || raw.find("=3D") != std::string_view::npos || raw.find("=2E") != std::string_view::npos ||
            raw.find("=2D") != std::string_view::npos;
  const auto qp_hex = [](char c) { return hex_value(c, HexCase::upper); };  // QP's hex is uppercase
  for (size_t e = raw.find('='); !qp && e != std::string_view::npos && e + 5 < raw.size(); e = raw.find('=', e + 1))
    qp = qp_hex(raw[e + 1]) >= 0xC && qp_hex(raw[e + 2]) >= 0 && raw[e + 3] == '=' &&
         qp_hex(raw[e + 4]) >= 8 && qp_hex(raw[e + 4]) <= 0xB && qp_hex(raw[e + 5]) >= 0;
  if (!html && !qp) {
    if (!stripped) return false;
    owned = std::move(plain);
    return true;
  }
  std::string d;
  if (html) {
    d.reserve(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
      bool done = false;
      if (raw[i] == '&') {
        static constexpr std::pair<std::string_view, char> kEnt[] = {
            {"&gt;", '>'}, {"&lt;", '<'}, {"&amp;", '&'}, {"&quot;", '"'}, {"&#39;", '\''}};
        for (auto [e, ch] : kEnt)
          if (raw.substr(i, e.size()) == e) {
            d += ch;
            i += e.size() - 1;
            done = true;
            break;
          }
      }
      if (!done) d += raw[i];
    }
  } else {
    d.assign(raw);
  }
  // No entity yields `=`, so decoding the entities first leaves the QP
  // escapes as they were. Encoded twice (a quoted-printable mail quoting a
  // QP archive: `=3D3D`): kernel text never prints `=3D`, so decode again,
  // a few times at most.
  for (int pass = 0; qp && pass < 4 && (pass == 0 || d.find("=3D") != std::string::npos); ++pass) {
    std::string once;
    once.reserve(d.size());
    for (size_t i = 0; i < d.size(); ++i) {
      if (d[i] == '=' && i + 2 < d.size() && qp_hex(d[i + 1]) >= 0 && qp_hex(d[i + 2]) >= 0) {
        once += static_cast<char>(qp_hex(d[i + 1]) * 16 + qp_hex(d[i + 2]));
        i += 2;
      } else {
        once += d[i];
      }
    }
    d = std::move(once);
  }
  owned = std::move(d);
  return true;
}

// A viewer's ellipsis (`...`, `…`) at the end: the last, cut field is dropped
// (back to the last space or comma), so no number is read from its stump.
bool cut_stump(std::string_view& t) {
  std::string_view u = trim_right(t);
  if (!ends_in_ellipsis(u)) return false;
  u.remove_suffix(3);  // either ellipsis is three bytes
  // A line of `...` alone is no cut line: a poster's elision of whole lines,
  // or the kernel's own (a MIPS stack dump ends in `          ...`).
  if (trim(u).empty()) {
    t = {};
    return false;
  }
  size_t cut = u.find_last_of(" ,");
  if (cut != std::string_view::npos) {
    u = u.substr(0, cut);
  } else {  // one word: `oom-kill:constraint=...` keeps its `oom-kill:`, the field after it was cut
    const size_t colon = u.find(':');
    u = colon == std::string_view::npos ? std::string_view{} : u.substr(0, colon + 1);
  }
  while (!u.empty() && (u.back() == ',' || is_space(u.back()))) u.remove_suffix(1);  // no field ends in `,`
  t = u;
  return true;
}

// A poster's mark after a line (` ★`, ` ←`, ` ✔`: corpus 745's author starred the rows and show_mem() lines that
// mattered): a last word of one to three symbols of U+2190-U+27BF (arrows, mathematical and technical symbols,
// geometric shapes, miscellaneous symbols, dingbats; UTF-8 E2 86 90 to E2 9E BF), which no kernel line ends in and
// no letter is, goes with the space before it. A comm that ends so would lose it: none seen.
bool strip_poster_mark(std::string_view& t) {
  bool any = false;
  for (;;) {
    std::string_view u = t;
    size_t n = 0;
    while (n < 3 && u.size() >= 3) {
      const auto b0 = static_cast<unsigned char>(u[u.size() - 3]), b1 = static_cast<unsigned char>(u[u.size() - 2]),
                 b2 = static_cast<unsigned char>(u[u.size() - 1]);
      if (b0 != 0xE2 || b1 < 0x86 || b1 > 0x9E || b2 < 0x80 || b2 > 0xBF) break;
      u.remove_suffix(3);
      ++n;
    }
    if (n == 0 || u.empty() || !is_space(u.back())) return any;
    u = trim_right(u);
    if (u.empty()) return any;
    t = u;
    any = true;
  }
}

}  // namespace oomlens::prefix_parts

namespace oomlens {

// See prefix.h.
bool strip_terminal_escapes(std::string_view raw, std::string& plain) {
  if (raw.find('\x1b') == std::string_view::npos && raw.find("^[") == std::string_view::npos) return false;
  std::string out;
  out.reserve(raw.size());
  bool any = false;
  for (size_t i = 0; i < raw.size(); ++i) {
    const size_t intro = raw[i] == '\x1b' ? 1 : (raw[i] == '^' && i + 1 < raw.size() && raw[i + 1] == '[') ? 2 : 0;
    const size_t len = intro ? prefix_parts::escape_length(raw.substr(i + intro)) : 0;
    if (len) {
      i += intro + len - 1;
      any = true;
    } else {
      out += raw[i];
    }
  }
  if (any) plain = std::move(out);
  return any;
}

}  // namespace oomlens
