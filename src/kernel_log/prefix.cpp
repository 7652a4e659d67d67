// Line normalisation (see prefix.h). Each recogniser is a small hand-written
// parser over string_view; the layers are peeled outside-in in a loop because
// wrappers nest (syslog → `[ts]`, VMware → `<6>` → `[ts]`, dmesg -x → `[ts]`).
#include "kernel_log/prefix.h"

#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>

#include "kernel_log/month_names.h"
#include "util/text.h"
#include "util/time.h"

namespace oomlens {
namespace {

using namespace oomlens::text;

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

std::string format_wall(int y, int mo, int d, int h, int mi, int s, std::string_view frac) {
  std::string w = fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}", y, mo, d, h, mi, s);
  if (!frac.empty()) {
    w += '.';
    w += frac;
  }
  return w;
}

// "HH:MM:SS" → fields.
bool parse_hms(std::string_view t, int& h, int& mi, int& s) {
  if (t.size() != 8 || t[2] != ':' || t[5] != ':') return false;
  for (size_t i : {0, 1, 3, 4, 6, 7})
    if (!is_digit(t[i])) return false;
  h = (t[0] - '0') * 10 + (t[1] - '0');
  mi = (t[3] - '0') * 10 + (t[4] - '0');
  s = (t[6] - '0') * 10 + (t[7] - '0');
  return true;
}

// `[ 1234.567890]` → seconds; advances s.
bool take_monotonic(std::string_view& s, double& out) {
  if (s.empty() || s[0] != '[') return false;
  std::string_view t = trim_left(s.substr(1));
  auto sec = take_u64(t);
  // Some vendor kernels print the CPU before the time: `[2-3219.1870]`.
  if (sec && *sec < 4096 && t.size() > 1 && t[0] == '-' && is_digit(t[1])) {
    t.remove_prefix(1);
    sec = take_u64(t);
  }
  if (!sec || t.empty() || t[0] != '.') return false;
  t.remove_prefix(1);
  size_t n = t.size();
  auto frac = take_u64(t);
  if (!frac || t.empty() || t[0] != ']') return false;
  size_t digits = n - t.size();
  double f = static_cast<double>(*frac);
  for (size_t i = 0; i < digits; ++i) f /= 10.0;
  out = static_cast<double>(*sec) + f;
  s = t.substr(1);
  return true;
}

// printk caller id `[ T1234]` / `[  C3]`.
bool take_caller_id(std::string_view& s) {
  if (s.empty() || s[0] != '[') return false;
  std::string_view t = trim_left(s.substr(1));
  if (t.empty() || (t[0] != 'T' && t[0] != 'C')) return false;
  t.remove_prefix(1);
  if (!take_u64(t) || t.empty() || t[0] != ']') return false;
  s = t.substr(1);
  return true;
}

// dmesg -T: `[<words> DD HH:MM:SS YYYY]`, any locale.
bool take_dmesg_T(std::string_view& s, LinePrefix& p) {
  if (s.empty() || s[0] != '[') return false;
  size_t close = s.find(']');
  if (close == std::string_view::npos || close > 64 || close < 16) return false;
  std::string_view in = s.substr(1, close - 1);
  // Split into tokens from the right: year, time, day, month.
  std::array<std::string_view, 4> tok{};
  std::string_view rest = trim_right(in);
  for (int i = 0; i < 4; ++i) {
    size_t sp = rest.find_last_of(' ');
    std::string_view t = sp == std::string_view::npos ? rest : rest.substr(sp + 1);
    tok[static_cast<size_t>(i)] = t;
    rest = sp == std::string_view::npos ? std::string_view{} : trim_right(rest.substr(0, sp));
    if (t.empty()) return false;
  }
  int h, mi, sec;
  auto year = parse_u64(tok[0]);
  if (!year || tok[0].size() != 4 || !parse_hms(tok[1], h, mi, sec)) return false;
  // "Mon DD" in most locales, "DD mois" in French/Spanish/….
  auto day = parse_u64(tok[2]);
  std::string_view month_tok = tok[3];
  if (!day) {
    day = parse_u64(tok[3]);
    month_tok = tok[2];
  }
  if (!day || *day < 1 || *day > 31) return false;
  int month = localized_month(month_tok);
  if (month != 0)
    p.wall = format_wall(static_cast<int>(*year), month, static_cast<int>(*day), h, mi, sec, {});
  s = s.substr(close + 1);
  return true;
}

constexpr std::array<std::string_view, 20> kFac = {
    "kern", "user", "mail", "daemon", "auth", "syslog", "lpr", "news", "uucp", "cron",
    "authpriv", "ftp", "local0", "local1", "local2", "local3", "local4", "local5", "local6", "local7"};
constexpr std::array<std::string_view, 8> kLvl = {"emerg", "alert", "crit", "err", "warn", "notice", "info", "debug"};

// A syslog level's name → 0..7; -1 when none. dmesg -x and logread print
// `warn`/`err`; talosctl dmesg prints `warning`.
int level_index(std::string_view name) {
  if (name == "warning") return 4;
  for (size_t i = 0; i < kLvl.size(); ++i)
    if (name == kLvl[i]) return static_cast<int>(i);
  return -1;
}

// OpenWrt `logread`: `Mon Mar 31 16:58:31 2025 kern.warn kernel: ` (ctime
// stamp with the year, then facility.level, then the tag).
bool take_logread(std::string_view& s, LinePrefix& p) {
  if (s.size() < 26 || s[3] != ' ' || s[7] != ' ' || !is_alpha(s[0])) return false;
  const int month = english_month(s.substr(4, 3));
  if (month == 0) return false;
  std::string_view t = s.substr(8);
  if (!t.empty() && t[0] == ' ') t.remove_prefix(1);  // `Apr  1`
  auto day = take_u64(t);
  int h, mi, sec;
  if (!day || *day < 1 || *day > 31 || t.size() < 15 || t[0] != ' ' || !parse_hms(t.substr(1, 8), h, mi, sec) ||
      t[9] != ' ')
    return false;
  std::string_view y = t.substr(10, 4);
  auto year = parse_u64(y);
  if (!year || t.size() < 16 || t[14] != ' ') return false;
  std::string_view rest = t.substr(15);
  std::string_view fl = take_token(rest);
  size_t dot = fl.find('.');
  if (dot == std::string_view::npos) return false;
  bool fac_ok = false;
  for (auto f : kFac) fac_ok = fac_ok || fl.substr(0, dot) == f;
  if (!fac_ok) return false;
  if (const int level = level_index(fl.substr(dot + 1)); level >= 0) {
    p.level = level;
    p.wall = format_wall(static_cast<int>(*year), month, static_cast<int>(*day), h, mi, sec, {});
    s = trim_left(rest);
    return true;
  }
  return false;
}

// dmesg -x: `kern  :err   : `; talosctl dmesg: `kern:    info: `.
bool take_dmesg_x(std::string_view& s, LinePrefix& p) {
  size_t c1 = s.find(':');
  if (c1 == std::string_view::npos || c1 > 12) return false;
  std::string_view fac = trim_right(s.substr(0, c1));
  bool ok = false;
  for (auto f : kFac) ok = ok || fac == f;
  if (!ok) return false;
  std::string_view t = s.substr(c1 + 1);
  size_t c2 = t.find(':');
  if (c2 == std::string_view::npos || c2 > 9) return false;
  const int level = level_index(trim(t.substr(0, c2)));
  if (level < 0) return false;
  p.level = level;
  s = trim_left(t.substr(c2 + 1));
  return true;
}

// /dev/kmsg text record `pri,seq,ts_usec,flags[,…];text`.
bool take_kmsg(std::string_view& s, LinePrefix& p) {
  std::string_view t = s;
  auto pri = take_u64(t);
  if (!pri || t.empty() || t[0] != ',') return false;
  t.remove_prefix(1);
  auto seq = take_u64(t);
  if (!seq || t.empty() || t[0] != ',') return false;
  t.remove_prefix(1);
  auto usec = take_u64(t);
  if (!usec || t.empty() || t[0] != ',') return false;
  size_t semi = t.find(';');
  if (semi == std::string_view::npos || semi > 16) return false;
  p.level = static_cast<int>(*pri & 7);
  p.kmsg_seq = *seq;
  p.monotonic_s = static_cast<double>(*usec) / 1e6;
  s = t.substr(semi + 1);
  return true;
}

// `<N>` priority.
bool take_priority(std::string_view& s, LinePrefix& p) {
  if (s.size() < 3 || s[0] != '<') return false;
  std::string_view t = s.substr(1);
  auto v = take_u64(t);
  if (!v || t.empty() || t[0] != '>' || *v > 191) return false;
  p.level = static_cast<int>(*v & 7);
  s = t.substr(1);
  return true;
}

bool is_tag_char(char c) { return is_alpha(c) || is_digit(c) || c == '_' || c == '-' || c == '.' || c == '/' || c == '@'; }

// `name[pid]:` or `name:`; returns the name (empty when not a tag).
std::string_view tag_name(std::string_view tok, bool require_pid) {
  if (tok.size() < 2 || tok.back() != ':') return {};
  tok.remove_suffix(1);
  size_t br = tok.find('[');
  std::string_view name = tok.substr(0, br);
  if (name.empty()) return {};
  for (char c : name)
    if (!is_tag_char(c)) return {};
  if (br != std::string_view::npos) {
    std::string_view pid = tok.substr(br + 1);
    if (pid.size() < 2 || pid.back() != ']' || !parse_u64(pid.substr(0, pid.size() - 1))) return {};
  } else if (require_pid && name != "kernel") {
    return {};
  }
  return name;
}

// After a syslog/ISO stamp: `host tag: rest`, `hostkernel: rest` or `tag: rest`.
void take_host_tag(std::string_view& s, NormalizedLine& out, bool strict) {
  std::string_view t = s;
  std::string_view t1 = take_token(t);
  if (t1.empty()) return;
  if (ends_with(t1, "kernel:")) {  // `kernel:` alone, or host glued to the tag
    if (t1.size() > 7) out.prefix.host = std::string(t1.substr(0, t1.size() - 7));
    s = trim_left(t);
    return;
  }
  std::string_view after1 = t;
  std::string_view t2 = take_token(t);
  std::string_view name = tag_name(t2, strict);
  if (!name.empty()) {
    if (t1 != "..." && t1 != "\xE2\x80\xA6") out.prefix.host = std::string(t1);  // a poster's elided host: unknown
    if (name != "kernel") out.foreign = true;
    s = trim_left(t);
    return;
  }
  if (strict) return;
  name = tag_name(t1, true);  // `dockerd[812]:`; a bare `CPU:` is kernel text (dmesg --time-format iso)
  if (!name.empty()) {  // no host printed
    if (name != "kernel") out.foreign = true;
    s = trim_left(after1);
  }
}

// Classic syslog / journalctl short: `Mon DD HH:MM:SS[.frac] `. journalctl
// prints the month in the user's locale (`июл 24 01:01:37`, `avril 16 …`).
bool take_syslog_stamp(std::string_view& s, LinePrefix& p, std::optional<int> year) {
  if (s.size() < 16) return false;
  size_t sp = 3;
  int month = s[3] == ' ' ? english_month(s.substr(0, 3)) : 0;
  if (month == 0) {
    sp = s.substr(0, 13).find(' ');
    if (sp == std::string_view::npos || sp < 3) return false;
    month = localized_month(s.substr(0, sp));
  }
  if (month == 0) return false;
  std::string_view t = s.substr(sp + 1);
  if (!t.empty() && t[0] == ' ') t.remove_prefix(1);
  auto day = take_u64(t);
  if (!day || *day < 1 || *day > 31 || t.size() < 9 || t[0] != ' ') return false;
  int h, mi, sec;
  if (!parse_hms(t.substr(1, 8), h, mi, sec)) return false;
  t.remove_prefix(9);
  std::string_view frac;
  if (!t.empty() && t[0] == '.') {
    size_t i = 1;
    while (i < t.size() && is_digit(t[i])) ++i;
    frac = t.substr(1, i - 1);
    t.remove_prefix(i);
  }
  if (t.empty() || t[0] != ' ') return false;
  // A template that prints the year after the time (`Dec 27 09:19:05 2013 kernel: `).
  if (t.size() > 6 && is_digit(t[1]) && is_digit(t[2]) && is_digit(t[3]) && is_digit(t[4]) && t[5] == ' ') {
    std::string_view y = t.substr(1, 4);
    if (auto printed = parse_u64(y); printed && *printed >= 1990 && *printed <= 2199) {
      p.wall = format_wall(static_cast<int>(*printed), month, static_cast<int>(*day), h, mi, sec, frac);
      s = trim_left(t.substr(5));
      return true;
    }
  }
  if (year) {
    p.wall = format_wall(*year, month, static_cast<int>(*day), h, mi, sec, frac);
    p.year_inferred = true;
  }
  s = trim_left(t);
  return true;
}

// RFC 3339 / ISO 8601: `YYYY-MM-DDTHH:MM:SS[.frac][Z|±HH:MM|±HHMM] `, or
// with `end` = ']' the inside of talosctl dmesg's `[…Z]: ` (s after the '[').
bool take_iso_stamp(std::string_view& s, LinePrefix& p, char end = ' ') {
  if (s.size() < 20 || s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != ' ')) return false;
  for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (!is_digit(s[i])) return false;
  int h, mi, sec;
  if (!parse_hms(s.substr(11, 8), h, mi, sec)) return false;
  size_t i = 19;
  if (i < s.size() && (s[i] == '.' || s[i] == ',')) {
    ++i;
    while (i < s.size() && is_digit(s[i])) ++i;
  }
  std::string wall(s.substr(0, i));
  wall[10] = 'T';
  if (wall.size() > 19 && wall[19] == ',') wall[19] = '.';  // dmesg --time-format iso: `,678628`
  if (i < s.size() && s[i] == 'Z') {
    wall += 'Z';
    ++i;
  } else if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    std::string_view z = s.substr(i);
    if (z.size() >= 6 && z[3] == ':' && is_digit(z[1]) && is_digit(z[2]) && is_digit(z[4]) && is_digit(z[5])) {
      wall += z.substr(0, 6);
      i += 6;
    } else if (z.size() >= 5 && is_digit(z[1]) && is_digit(z[2]) && is_digit(z[3]) && is_digit(z[4])) {
      wall += fmt::format("{}:{}", z.substr(0, 3), z.substr(3, 2));
      i += 5;
    }
  }
  if (i >= s.size() || s[i] != end) return false;
  if (end != ' ') {
    ++i;
    if (i < s.size() && s[i] == ':') ++i;
  }
  p.wall = std::move(wall);
  s = trim_left(s.substr(i));
  return true;
}

// A stamp in brackets that is not a printk time: talosctl dmesg's
// `[2025-06-04T04:51:57.572293906Z]: `.
bool take_iso_bracket(std::string_view& s, LinePrefix& p) {
  if (s.size() < 2 || s[0] != '[' || !is_digit(s[1])) return false;
  std::string_view t = s.substr(1);
  if (!take_iso_stamp(t, p, ']')) return false;
  s = t;
  return true;
}

// A label a collecting tool put before the kernel's own prefix: a node name
// or address and a colon (`10.0.0.2: ` of talosctl dmesg, `node01: ` of
// pdsh/clush), or a machine name and ` # ` (the NixOS test driver's
// `server # `). Taken only when a printk time, a bracketed ISO stamp or a
// dmesg -x facility follows, so kernel text (`CPU: 0 PID: …`) never is.
bool take_label(std::string_view& s, LinePrefix& p) {
  const size_t sp = s.substr(0, 65).find(' ');
  if (sp == std::string_view::npos || sp < 2) return false;
  std::string_view label = s.substr(0, sp);
  std::string_view rest = s.substr(sp + 1);
  if (label.back() == ':') {
    label.remove_suffix(1);
  } else if (starts_with(rest, "# ")) {
    rest.remove_prefix(2);
  } else {
    return false;
  }
  for (char c : label)
    if (!is_alpha(c) && !is_digit(c) && c != '.' && c != '-' && c != '_' && c != ':') return false;
  rest = trim_left(rest);
  LinePrefix probe;
  std::string_view r = rest;
  double mono = 0;
  const bool stamp = rest.empty() ? false
                     : rest[0] == '['  ? take_monotonic(r, mono) || take_iso_bracket(r, probe)
                                       : is_alpha(rest[0]) && take_dmesg_x(r, probe);
  if (!stamp) return false;
  p.host = std::string(label);
  s = rest;
  return true;
}

// `journalctl -o json` (one object per line).
bool cut_stump(std::string_view& t);

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

// Kubernetes node-problem-detector event fragment: `"message": "<kernel text>",`.
bool take_npd_message(std::string_view s, NormalizedLine& out) {
  constexpr std::string_view kKey = "\"message\":";
  if (!starts_with(s, kKey)) return false;
  std::string_view t = trim_left(s.substr(kKey.size()));
  if (t.empty() || t[0] != '"') return false;
  t.remove_prefix(1);
  out.owned.clear();
  for (size_t i = 0; i < t.size(); ++i) {
    char c = t[i];
    if (c == '"') break;
    if (c == '\\' && i + 1 < t.size()) {
      char e = t[++i];
      out.owned += e == 'n' ? '\n' : e == 't' ? '\t' : e;
    } else {
      out.owned += c;
    }
  }
  out.text = out.owned;
  out.has_prefix = true;
  return true;
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

// RFC 5424 `<PRI>1 TIMESTAMP HOST APP PROCID MSGID SD MSG` (SD `-` or `[…]`).
bool take_rfc5424(std::string_view& s, NormalizedLine& out) {
  std::string_view t = s;
  if (!take_priority(t, out.prefix) || !starts_with(t, "1 ")) return false;
  t.remove_prefix(2);
  if (!take_iso_stamp(t, out.prefix)) return false;
  std::string_view host = take_token(t), app = take_token(t), procid = take_token(t), msgid = take_token(t);
  t = trim_left(t);
  if (msgid.empty()) return false;
  if (starts_with(t, "- ") || t == "-") {
    t.remove_prefix(t.size() > 1 ? 2 : 1);
  } else if (!t.empty() && t[0] == '[') {
    size_t e = t.find("] ");
    if (e == std::string_view::npos) return false;
    t.remove_prefix(e + 2);
  } else {
    return false;
  }
  if (host != "-") out.prefix.host = std::string(host);
  if (app != "kernel") out.foreign = true;
  (void)procid;
  s = t;
  return true;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Text copied from a web page (`&gt;`, `&amp;`, …) or a quoted-printable
// mail archive (`=3D`, `=20`): decoded into `owned`. Returns true when it was.
// QP is decoded only when the line holds `=3D` or an encoded UTF-8 character
// (`=D0=B8`), which kernel text never prints.
bool decode_transfer(std::string_view raw, std::string& owned) {
  bool html = raw.find('&') != std::string_view::npos &&
              (raw.find("&gt;") != std::string_view::npos || raw.find("&lt;") != std::string_view::npos ||
               raw.find("&amp;") != std::string_view::npos || raw.find("&quot;") != std::string_view::npos ||
               raw.find("&#39;") != std::string_view::npos);
  // `=3D` (an encoded '='), or an encoded UTF-8 character (`=D0=B8`: a
  // localized month name, a comm): lead byte C0-FF, continuation 80-BF.
  bool qp = raw.find("=3D") != std::string_view::npos;
  for (size_t e = raw.find('='); !qp && e != std::string_view::npos && e + 5 < raw.size(); e = raw.find('=', e + 1))
    qp = hex_value(raw[e + 1]) >= 0xC && hex_value(raw[e + 2]) >= 0 && raw[e + 3] == '=' &&
         hex_value(raw[e + 4]) >= 8 && hex_value(raw[e + 4]) <= 0xB && hex_value(raw[e + 5]) >= 0;
  if (!html && !qp) return false;
  std::string d;
  d.reserve(raw.size());
  for (size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (html && c == '&') {
      static constexpr std::pair<std::string_view, char> kEnt[] = {
          {"&gt;", '>'}, {"&lt;", '<'}, {"&amp;", '&'}, {"&quot;", '"'}, {"&#39;", '\''}};
      bool done = false;
      for (auto [e, ch] : kEnt)
        if (raw.substr(i, e.size()) == e) {
          d += ch;
          i += e.size() - 1;
          done = true;
          break;
        }
      if (done) continue;
    }
    if (qp && c == '=' && i + 2 < raw.size() && hex_value(raw[i + 1]) >= 0 && hex_value(raw[i + 2]) >= 0) {
      d += static_cast<char>(hex_value(raw[i + 1]) * 16 + hex_value(raw[i + 2]));
      i += 2;
      continue;
    }
    d += c;
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

}  // namespace

void normalize_line(std::string_view raw, NormalizedLine& out, std::optional<int> default_year) {
  out.text = {};
  out.owned.clear();
  out.prefix = LinePrefix{};
  out.has_prefix = out.foreign = out.continuation = out.truncated = false;

  std::string_view s = raw;
  std::string decoded;  // HTML/QP-decoded copy of raw; `s` may view it
  if (decode_transfer(raw, decoded)) s = decoded;
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  bool indented = !s.empty() && is_space(s[0]);
  s = trim_left(s);
  while (!s.empty() && s[0] == '>') {  // mail quoting: '>' and one space; more is the line's indentation
    s.remove_prefix(1);
    if (!s.empty() && s[0] == ' ') s.remove_prefix(1);
    indented = !s.empty() && is_space(s[0]);
    s = trim_left(s);
  }
  // Markdown pasted unrendered: a line in `inline code`, or glued to a fence (```` ```[ts] … ````).
  if (!s.empty() && s[0] == '`') {
    while (!s.empty() && s[0] == '`') s.remove_prefix(1);
    s = trim_left(s);
  }
  if (std::string_view r = trim_right(s); !r.empty() && r.back() == '`') {
    while (!r.empty() && r.back() == '`') r.remove_suffix(1);
    s = trim_right(r);
  }
  if (s.empty()) {
    out.text = s;
    return;
  }
  // A web page's numbered list (`  1. <4>[12345.342532] …`): the number goes when a stamp follows.
  if (is_digit(s[0])) {
    size_t i = 0;
    while (i < s.size() && i < 6 && is_digit(s[i])) ++i;
    if (i + 2 < s.size() && s[i] == '.' && s[i + 1] == ' ' && (s[i + 2] == '<' || s[i + 2] == '['))
      s.remove_prefix(i + 2);
  }
  if (s[0] == '{' && take_journal_json(s, out)) return;
  if (s[0] == '"' && take_npd_message(s, out)) return;

  LinePrefix& p = out.prefix;
  bool prefixed = false;
  bool kmsg = false;
  if (s[0] == '<' && take_rfc5424(s, out)) {
    prefixed = true;
  } else if (is_digit(s[0]) && take_iso_stamp(s, p)) {
    prefixed = true;
    size_t guest = s.substr(0, 48).find(" Guest: ");  // VMware vmware.log capture
    if (guest != std::string_view::npos && starts_with(s, "In(")) {
      s = trim_left(s.substr(guest + 8));
    } else {
      take_host_tag(s, out, false);
    }
  } else if (is_alpha(s[0]) && take_logread(s, p)) {
    prefixed = true;
    take_host_tag(s, out, false);
  } else if ((is_alpha(s[0]) || static_cast<unsigned char>(s[0]) >= 0x80) && take_syslog_stamp(s, p, default_year)) {
    prefixed = true;
    take_host_tag(s, out, false);
  } else if (is_digit(s[0]) && take_kmsg(s, p)) {
    prefixed = kmsg = true;
  } else if (s[0] != '[' && take_label(s, p)) {
    prefixed = true;
  }
  // Inner layers, outermost first; each iteration peels at most one.
  for (int round = 0; round < 6 && !s.empty(); ++round) {
    double mono = 0;
    if (s[0] == '<' && take_priority(s, p)) {
      prefixed = true;
    } else if (s[0] == '[' && take_monotonic(s, mono)) {
      p.monotonic_s = mono;
      prefixed = true;
      std::string_view t = trim_left(s);
      if (!t.empty() && t[0] == '[' && take_caller_id(t)) s = t;
      if (!out.foreign && !p.host) {  // journalctl -o short-monotonic
        std::string_view h = trim_left(s);
        NormalizedLine probe;
        take_host_tag(h, probe, true);
        if (probe.prefix.host || probe.foreign) {
          p.host = probe.prefix.host;
          out.foreign = probe.foreign;
          s = h;
        }
      }
    } else if (s[0] == '[' && take_dmesg_T(s, p)) {
      prefixed = true;
    } else if (prefixed && s.size() > 2 && s[0] == ':' && s[1] == ' ' && s[2] == '[') {
      s.remove_prefix(2);  // a stray `: ` between the tag and the printk time (`kernel: : [277622.359064] `)
    } else if (s[0] == '[' && take_iso_bracket(s, p)) {
      prefixed = true;
    } else if (is_alpha(s[0]) && (!prefixed || (p.host && !p.level)) && take_dmesg_x(s, p)) {
      prefixed = true;
    } else {
      break;
    }
    if (!s.empty() && s[0] == ' ') s.remove_prefix(1);
  }
  if (!out.foreign && starts_with(s, "kernel: ")) {  // a bare tag without a stamp
    s = trim_left(s.substr(8));
    prefixed = true;
  }
  out.has_prefix = prefixed;
  out.continuation = !prefixed && indented;
  out.text = trim_right(prefixed ? trim_left(s) : s);
  // `Out of memory and no killable processes...` is the kernel's own ellipsis.
  if (out.text.find("killable processes") == std::string_view::npos)
    out.truncated = cut_stump(out.text);
  decode_escapes(out, kmsg);
  if (!decoded.empty() && out.text.data() >= decoded.data() && out.text.data() <= decoded.data() + decoded.size()) {
    out.owned = std::string(out.text);
    out.text = out.owned;
  }
}

}  // namespace oomlens
