// The time stamps of line prefixes (prefix_parts.h): raw dmesg's monotonic
// `[ 1234.567890]` and printk caller id, `dmesg -T`'s localised date, classic
// syslog's `Mon DD HH:MM:SS`, RFC 3339 / ISO stamps (bare and bracketed), and
// the wall-clock text they are all written as (format_wall()).
#include <fmt/format.h>

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "kernel_log/month_names.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix_parts.h"
#include "util/ascii.h"
#include "util/text.h"
#include "util/time.h"

namespace oomlens::prefix_parts {

using namespace oomlens::text;

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

namespace {
// `1234.567890]` (what follows a printk stamp's `[` and its padding) → seconds; advances t past the `]`.
bool take_seconds_bracket(std::string_view& t, double& out) {
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
  t.remove_prefix(1);
  return true;
}
}  // namespace

// `[ 1234.567890]` → seconds; advances s. Not a task row's `[pid]` cell that a dmesg printed as a stamp
// (`[19392.000000]     0 19392     5485 …`, oomline::pid_read_as_stamp()): that line is the row.
bool take_monotonic(std::string_view& s, double& out) {
  if (s.empty() || s[0] != '[') return false;
  std::string_view t = trim_left(s.substr(1));
  if (!take_seconds_bracket(t, out)) return false;
  if (const size_t close = s.find(']'); close != std::string_view::npos)
    if (const auto pid = oomline::pid_read_as_stamp(trim(s.substr(1, close - 1)));
        pid && oomline::row_body_of_pid(t, *pid))
      return false;
  s = t;
  return true;
}

// `1234.567890] Out of memory: …`: a printk stamp whose `[` (and padding) a poster's cut of the line's start took,
// the rest whole: the seconds, a fraction, `]`, then a space and text, or a printk caller id (`][ T9185] …`).
// Advances s past the `]`.
bool take_cut_monotonic(std::string_view& s, double& out) {
  if (s.empty() || !is_digit(s[0])) return false;
  std::string_view t = s;
  double v = 0;
  if (!take_seconds_bracket(t, v) || t.size() < 2 || trim_left(t).empty()) return false;
  std::string_view id = t;
  std::optional<uint32_t> caller;
  if (t[0] != ' ' && !(t[0] == '[' && take_caller_id(id, caller))) return false;
  out = v;
  s = t;
  return true;
}

// `[   535] Out of memory: …`: a dmesg stamp whose fraction the poster dropped, its seconds still padded to
// dmesg's width (`%5lu`, five or more places between the brackets) and text after it. A task-table row
// (`[ 1514]     0  1514 …`) has a digit after its pid, a bash job (`[3]   Killed …`) or a markdown
// reference (`[12] …`) is narrower: neither is read as a stamp.
bool take_whole_seconds(std::string_view& s, double& out) {
  if (s.empty() || s[0] != '[') return false;
  const size_t close = s.find(']');
  if (close == std::string_view::npos || close < 6 || close > 16) return false;
  std::string_view t = trim_left(s.substr(1, close - 1));
  auto sec = take_u64(t);
  if (!sec || !t.empty()) return false;
  std::string_view after = s.substr(close + 1);
  if (after.size() < 2 || after[0] != ' ') return false;
  const std::string_view text = trim_left(after);
  if (text.empty() || is_digit(text[0]) || text[0] == '[') return false;
  out = static_cast<double>(*sec);
  s = after;
  return true;
}

// A poster's `[...]` (or `[…]`) where the printk stamp stood, then the kernel's text (corpus 871): a stamp whose
// time is unknown. The text after it must be there and start as no stamp does.
bool take_elided_printk_stamp(std::string_view& s) {
  std::string_view t = s;
  if (starts_with(t, "[...]")) t.remove_prefix(5);
  else if (starts_with(t, "[\xE2\x80\xA6]")) t.remove_prefix(5);
  else return false;
  if (t.size() < 2 || t[0] != ' ') return false;
  const std::string_view text = trim_left(t);
  if (text.empty() || is_digit(text[0]) || text[0] == '[') return false;
  s = t;
  return true;
}

// printk caller id `[ T1234]` / `[  C3]`.
namespace {
// `T1234` / `C3` (the whole of `s`) as printk's caller_id.
std::optional<uint32_t> caller_value(std::string_view s) {
  if (s.empty() || (s[0] != 'T' && s[0] != 'C')) return std::nullopt;
  const bool cpu = s[0] == 'C';
  s.remove_prefix(1);
  const auto v = take_u64(s);
  if (!v || !s.empty() || *v >= 0x80000000u) return std::nullopt;
  return static_cast<uint32_t>(cpu ? 0x80000000u + *v : *v);
}
}  // namespace

bool take_caller_id(std::string_view& s, std::optional<uint32_t>& id) {
  if (s.empty() || s[0] != '[') return false;
  const size_t close = s.find(']');
  if (close == std::string_view::npos) return false;
  std::string_view t = trim_left(s.substr(1));
  if (t.empty() || (t[0] != 'T' && t[0] != 'C')) return false;
  const std::string_view value = t.substr(0, static_cast<size_t>(s.data() + close - t.data()));
  t.remove_prefix(1);
  if (!take_u64(t) || t.empty() || t[0] != ']') return false;
  id = caller_value(value);
  s = t.substr(1);
  return true;
}

// A vendor kernel's CPU field glued after the printk time, before the caller id (Kylin/UOS-style
// `[34536.806115][ 3] [T96407] `, corpus 654): `[`, spaces, the CPU number, `]`, then the caller id. Only with
// that caller id after it: a bracketed number alone after the time is a task-table row's pid (`[  613]`).
bool take_cpu_field_before_caller(std::string_view& s) {
  if (s.size() < 4 || s[0] != '[') return false;
  std::string_view t = trim_left(s.substr(1));
  size_t digits = 0;
  while (digits < t.size() && is_digit(t[digits])) ++digits;
  if (digits == 0 || digits > 4 || digits >= t.size() || t[digits] != ']') return false;
  std::string_view rest = trim_left(t.substr(digits + 1));
  std::string_view probe = rest;
  std::optional<uint32_t> id;
  if (!take_caller_id(probe, id)) return false;
  s = rest;
  return true;
}

std::optional<uint32_t> printk_caller_in(std::string_view prefix) {
  const std::string_view s = trim_right(prefix);
  if (!s.empty() && s.back() == ';') {  // a /dev/kmsg record's header
    const size_t at = s.rfind(",caller=");
    if (at == std::string_view::npos) return std::nullopt;
    std::string_view v = s.substr(at + 8, s.size() - 1 - (at + 8));
    return caller_value(v.substr(0, v.find(',')));  // other `key=value` fields may follow it
  }
  // The bracket right after the time's (`[   71.146532][ T9694]`).
  if (s.size() < 4 || s.back() != ']') return std::nullopt;
  const size_t open = s.rfind('[');
  if (open == std::string_view::npos || open == 0 || s[open - 1] != ']') return std::nullopt;
  return caller_value(trim_left(s.substr(open + 1, s.size() - open - 2)));
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
bool take_iso_stamp(std::string_view& s, LinePrefix& p, char end) {
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
  // A stamp with its fraction or zone ending the line is a prefix alone (its text empty, or a markdown fence the
  // caller took off its end: `2024-05-07T21:44:40,000750+02:00 ```` `, corpus 681 re-prefixed).
  if (i >= s.size() ? end != ' ' || i <= 19 : s[i] != end) return false;
  if (end != ' ') {
    ++i;
    if (i < s.size() && s[i] == ':') ++i;
  }
  p.wall = std::move(wall);
  s = trim_left(s.substr(i));
  return true;
}

// `journalctl -o short-unix`: seconds since the epoch with their fraction before the host (`1787068905.416344 host
// kernel: …`). Nine to eleven digits before the '.' (2001 to 5138; no uptime reaches 10^9 s, and a monotonic stamp
// is bracketed) and a space after the fraction: the wall time in UTC.
bool take_unix_stamp(std::string_view& s, LinePrefix& p) {
  size_t i = 0;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i < 9 || i > 11 || i >= s.size() || s[i] != '.') return false;
  size_t j = i + 1;
  while (j < s.size() && is_digit(s[j])) ++j;
  const size_t digits = j - i - 1;
  if (digits == 0 || j >= s.size() || s[j] != ' ') return false;
  const auto sec = parse_u64(s.substr(0, i));
  if (!sec) return false;
  uint64_t usec = 0;
  for (size_t k = 0; k < 6; ++k) usec = usec * 10 + (k < digits ? static_cast<uint64_t>(s[i + 1 + k] - '0') : 0);
  std::string wall = format_rfc3339(*sec * 1000000 + usec, 0, static_cast<int>(digits < 6 ? digits : 6));
  if (wall.empty()) return false;
  p.wall = std::move(wall);
  s = trim_left(s.substr(j));
  return true;
}

// A time of day alone before the kernel's tag (`04:36:00 kernel: `): a post
// that shortened its syslog lines. No date, so no wall time is recorded.
// Another program's tag after it (`15:18:53 systemd[1]: `, corpus 605) is a
// line of that program: *foreign set, its tag taken too.
bool take_clock_before_tag(std::string_view& s, bool* foreign) {
  int h, mi, sec;
  if (s.size() < 9 || !parse_hms(s.substr(0, 8), h, mi, sec) || h > 23 || mi > 59 || sec > 60) return false;
  size_t i = 8;
  if (i < s.size() && (s[i] == '.' || s[i] == ',')) {
    ++i;
    while (i < s.size() && is_digit(s[i])) ++i;
  }
  std::string_view t = s.substr(i);
  if (t.empty() || t[0] != ' ') return false;
  t = trim_left(t);
  if (starts_with(t, "kernel: ")) {
    s = t;
    return true;
  }
  // `name[pid]: `: a word, a pid in brackets, a colon and a space.
  const size_t open = t.find('['), colon = t.find("]: ");
  if (open == 0 || open == std::string_view::npos || colon == std::string_view::npos || colon < open + 2 ||
      t.substr(0, open).find(' ') != std::string_view::npos) {
    // `name: ` without a pid (GNOME Logs' and `journalctl -o cat`-style exports shortened to `HH:MM:SS systemd: `,
    // corpus 653): the clock is the line's prefix and the rest its text, the word kept. Without a pid the word
    // may be the kernel's own (`CPU: 6 PID: …`, `oom_reaper: reaped …`): the text's parsers tell, and another
    // program's line (`systemd: user@1000.service: …`) is then a prefixed line of its own, never the rest of the
    // record before it. A kernel text right after a clock with no such word (`04:36:00 Killed process 7 (a)`)
    // stays the line's own.
    const size_t tag_end = t.find(": ");
    if (tag_end == 0 || tag_end == std::string_view::npos || tag_end > 64) return false;
    for (char c : t.substr(0, tag_end))
      if (!is_alpha(c) && !is_digit(c) && c != '-' && c != '_' && c != '.' && c != '@' && c != '+') return false;
    s = t;
    return true;
  }
  for (char c : t.substr(open + 1, colon - open - 1))
    if (!is_digit(c)) return false;
  *foreign = true;
  s = t.substr(colon + 3);
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

// `dmesg -H` / `--reltime`: a record's stamp is the time since the one before, `[  +0.000001]` (the
// sign always printed), and the first record of each minute gets the clock instead, `[Sep20 10:42]` or
// `[Sep 20 10:42]` (month in the locale, no year, no seconds). A delta tells no time on its own: the prefix
// goes, no time is recorded. The clock is the record's minute: with a `year` (the caller's guess, as for syslog)
// it is recorded as `wall` to the minute (`YYYY-MM-DDTHH:MM`, no seconds invented), `year_inferred` set.
bool take_relative_stamp(std::string_view& s, LinePrefix& p, std::optional<int> year) {
  if (s.size() < 5 || s[0] != '[') return false;
  const size_t close = s.find(']');
  if (close == std::string_view::npos || close > 24) return false;
  std::string_view in = trim(s.substr(1, close - 1));
  if (!in.empty() && in[0] == '+') {
    in.remove_prefix(1);
    if (!take_u64(in) || in.size() < 2 || in[0] != '.') return false;
    in.remove_prefix(1);
    if (!take_u64(in) || !in.empty()) return false;
  } else {
    // The clock: `Mon DD HH:MM` or `MonDD HH:MM`.
    if (in.size() < 10) return false;
    const std::string_view hm = in.substr(in.size() - 5);
    for (size_t i : {0, 1, 3, 4})
      if (!is_digit(hm[i])) return false;
    const int hour = (hm[0] - '0') * 10 + (hm[1] - '0'), minute = (hm[3] - '0') * 10 + (hm[4] - '0');
    if (hm[2] != ':' || in[in.size() - 6] != ' ' || hour > 23 || hm[3] > '5') return false;
    const std::string_view date = trim_right(in.substr(0, in.size() - 6));
    size_t d = date.size();
    while (d > 0 && is_digit(date[d - 1])) --d;
    const auto day = parse_u64(date.substr(d));
    const int month = localized_month(trim_right(date.substr(0, d)));
    if (!day || *day < 1 || *day > 31 || month == 0) return false;
    if (year) {
      p.wall = fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}", *year, month, *day, hour, minute);
      p.year_inferred = true;
    }
  }
  s = s.substr(close + 1);
  return true;
}

}  // namespace oomlens::prefix_parts
