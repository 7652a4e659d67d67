// The fields of line prefixes that say who wrote a line and how urgent it is
// (prefix_parts.h): syslog `<N>` priorities, `dmesg -x`'s `kern  :err   : `,
// OpenWrt logread's `kern.warn`, /dev/kmsg's `6,1234,5678901,-;`, the
// `host tag[pid]: ` of syslog and journalctl, a capture's label
// (`… In(05) vcpu-5 - Guest: `) and RFC 5424's header.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "kernel_log/month_names.h"
#include "kernel_log/prefix_parts.h"
#include "util/ascii.h"
#include "util/text.h"

namespace oomlens::prefix_parts {

using namespace oomlens::text;

namespace {

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

}  // namespace

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

// OpenWrt `logread` as posted without its date: `kern.warn kernel: ` (or `kern.warn: `), facility.level
// then the kernel's tag. Only the kernel's lines: a daemon's (`daemon.info v2ray[4723]: `) say nothing here.
bool take_logread_dateless(std::string_view& s, LinePrefix& p) {
  std::string_view rest = s;
  std::string_view fl = take_token(rest);
  const bool colon = !fl.empty() && fl.back() == ':';
  if (colon) fl.remove_suffix(1);
  const size_t dot = fl.find('.');
  if (dot == std::string_view::npos || fl.substr(0, dot) != "kern") return false;
  const int level = level_index(fl.substr(dot + 1));
  if (level < 0) return false;
  rest = trim_left(rest);
  if (!colon) {
    if (!starts_with(rest, "kernel: ")) return false;
    rest.remove_prefix(8);
  }
  p.level = level;
  s = trim_left(rest);
  return true;
}

// Android's `logcat` (its default `threadtime` format): `MM-DD HH:MM:SS.mmm  PID  TID L TAG: message`, the
// year not printed, the level a letter (V D I W E F), the tag padded to eight places. The kernel's buffer as logd
// gives it splits the kernel's text at its first `: ` into tag and message (`I Call trace:  `, `W       : kswapd0
// invoked …` when no `: ` came first): the text is the tag, `: ` and the message again, or the message alone when the
// tag is blank. `rebuilt` holds it then and `s` views it. The year is `year` (inferred), none without it.
bool take_logcat(std::string_view& s, LinePrefix& p, std::optional<int> year, std::string& rebuilt) {
  if (s.size() < 32 || s[2] != '-' || s[5] != ' ' || s[14] != '.') return false;
  for (size_t i : {0, 1, 3, 4, 15, 16, 17})
    if (!is_digit(s[i])) return false;
  const auto month = parse_u64(s.substr(0, 2));
  const auto day = parse_u64(s.substr(3, 2));
  int h, mi, sec;
  if (!month || !day || *month < 1 || *month > 12 || *day < 1 || *day > 31 || !parse_hms(s.substr(6, 8), h, mi, sec))
    return false;
  std::string_view t = s.substr(18);
  if (t.empty() || t[0] != ' ') return false;
  t = trim_left(t);
  if (!take_u64(t) || t.empty() || t[0] != ' ') return false;  // pid
  t = trim_left(t);
  if (!take_u64(t) || t.size() < 3 || t[0] != ' ') return false;  // tid
  t = trim_left(t);
  int level = -1;
  switch (t[0]) {
    case 'V': case 'D': level = 7; break;
    case 'I': level = 6; break;
    case 'W': level = 4; break;
    case 'E': level = 3; break;
    case 'F': level = 2; break;
    default: return false;
  }
  if (t.size() < 2 || t[1] != ' ') return false;
  t = t.substr(2);
  const size_t colon = t.find(':');
  if (colon == std::string_view::npos || (colon + 1 < t.size() && t[colon + 1] != ' ')) return false;
  const std::string_view tag = trim(t.substr(0, colon));
  const std::string_view message = colon + 1 < t.size() ? trim_left(t.substr(colon + 2)) : std::string_view();
  p.level = level;
  if (year) {
    p.wall = format_wall(*year, static_cast<int>(*month), static_cast<int>(*day), h, mi, sec, s.substr(15, 3));
    p.year_inferred = true;
  }
  if (tag.empty()) {
    s = message;
  } else {
    std::string text;
    text.reserve(tag.size() + 2 + message.size());
    text.append(tag).append(": ").append(message);
    rebuilt = std::move(text);
    s = rebuilt;
  }
  return true;
}

namespace {
// A log viewer's one-letter severity as a syslog level: crit, err, warn, notice, info, debug; -1 for another.
int level_of_letter(char c) {
  switch (c) {
    case 'C': return 2;
    case 'E': return 3;
    case 'W': return 4;
    case 'N': return 5;
    case 'I': return 6;
    case 'D': return 7;
    default: return -1;
  }
}
}  // namespace

// Keenetic's system log: `[W] Oct 22 20:02:32 kernel: `, a level letter before a syslog stamp.
bool take_level_letter(std::string_view& s, LinePrefix& p) {
  if (s.size() < 8 || s[0] != '[' || s[2] != ']' || s[3] != ' ' || english_month(s.substr(4, 3)) == 0) return false;
  const int level = level_of_letter(s[1]);
  if (level < 0) return false;
  p.level = level;
  s.remove_prefix(4);
  return true;
}

// Google Cloud Logging's rows as the Logs Explorer copies them: a severity letter, then the entry's RFC 3339
// stamp (`A 2020-06-25T09:57:22.729902Z containerd invoked oom-killer: …`, corpus 363). Takes the letter only
// when a stamp with its `T` follows (take_iso_stamp() reads it); `A` (any/default) gives no level.
bool take_severity_before_iso(std::string_view& s, LinePrefix& p) {
  if (s.size() < 22 || s[1] != ' ' || !is_digit(s[2]) || s[6] != '-' || s[9] != '-' || s[12] != 'T') return false;
  const int level = level_of_letter(s[0]);
  if (level < 0 && s[0] != 'A') return false;
  if (level >= 0) p.level = level;
  s.remove_prefix(2);
  return true;
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

namespace {

// The rest of a /dev/kmsg record's header after its time: `,flags` (one
// character or a few), then any `,key=value` fields (`,caller=T1234567`:
// kernel/printk/printk.c, info_print_ext_header() with CONFIG_PRINTK_CALLER),
// then `;`. Its length (to the ';'), or npos when it is not such a header.
size_t kmsg_header_rest(std::string_view t) {
  constexpr size_t kMaxFlags = 4, kMaxField = 64, kMaxRest = 256;
  size_t i = 1;  // after the ','
  while (i < t.size() && i <= kMaxFlags && t[i] != ',' && t[i] != ';' && !is_space(t[i])) ++i;
  if (i == 1 || i > kMaxFlags) return std::string_view::npos;
  while (i < t.size() && t[i] == ',') {
    const size_t start = ++i;
    while (i < t.size() && ((t[i] >= 'a' && t[i] <= 'z') || t[i] == '_')) ++i;
    if (i == start || i >= t.size() || t[i] != '=') return std::string_view::npos;
    const size_t value = ++i;
    while (i < t.size() && t[i] != ',' && t[i] != ';' && !is_space(t[i])) ++i;
    if (i == value || i - start > kMaxField || i > kMaxRest) return std::string_view::npos;
  }
  return i < t.size() && t[i] == ';' ? i : std::string_view::npos;
}

}  // namespace

}  // namespace oomlens::prefix_parts

namespace oomlens {

std::optional<KmsgHeader> parse_kmsg_header(std::string_view s) {
  using text::take_u64;
  std::string_view t = s;
  auto pri = take_u64(t);
  if (!pri || t.empty() || t[0] != ',') return std::nullopt;
  t.remove_prefix(1);
  auto seq = take_u64(t);
  if (!seq || t.empty() || t[0] != ',') return std::nullopt;
  t.remove_prefix(1);
  auto usec = take_u64(t);
  if (!usec || t.empty() || t[0] != ',') return std::nullopt;
  const size_t semi = prefix_parts::kmsg_header_rest(t);
  if (semi == std::string_view::npos || t.substr(0, semi).find('\n') != std::string_view::npos) return std::nullopt;
  KmsgHeader h;
  h.pri = *pri;
  h.seq = *seq;
  h.ts_usec = *usec;
  h.flag = t[1];  // kmsg_header_rest() took at least one
  h.size = static_cast<size_t>(t.data() - s.data()) + semi + 1;
  h.caller_id = prefix_parts::printk_caller_in(s.substr(0, h.size));
  return h;
}

}  // namespace oomlens

namespace oomlens::prefix_parts {

// /dev/kmsg text record `pri,seq,ts_usec,flags[,key=value…];text`.
bool take_kmsg(std::string_view& s, LinePrefix& p) {
  const auto h = parse_kmsg_header(s);
  if (!h) return false;
  p.level = static_cast<int>(h->pri & 7);
  p.kmsg_seq = h->seq;
  p.caller_id = h->caller_id;
  p.monotonic_s = static_cast<double>(h->ts_usec) / 1e6;
  s.remove_prefix(h->size);
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

// After a syslog/ISO stamp: `host tag: rest`, `hostkernel: rest` or `tag: rest` (prefix_parts.h).
void take_host_tag(std::string_view& s, NormalizedLine& out, bool strict, bool kernel_only) {
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
  if (kernel_only && name != "kernel") return;
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

// A log export's columns before the kernel's text, joined by ` | `, one cell
// the syslog tag: a Kibana table (`Jun 25, 2021 @ 12:42:13.029 | kernel |
// [ts] …`, its later rows behind a `  | ` border), scylla-cluster-tests'
// `host  !INFO | kernel: [ts] …` after its RFC 3339 stamp. The tag cell comes
// within the first 120 bytes with no printk time (`[`) before it, so kernel
// text never is. Kibana's `Mon D, YYYY @ HH:MM:SS.mmm` cell is the wall time.
bool take_tag_cell(std::string_view& s, NormalizedLine& out) {
  const std::string_view head = s.substr(0, 120);
  size_t at = std::string_view::npos;
  size_t len = 0;
  for (std::string_view tag : {"| kernel | ", "| kernel: "}) {
    const size_t p = head.find(tag);
    if (p < at) at = p, len = tag.size();
  }
  if (at == std::string_view::npos) return false;
  std::string_view before = trim(s.substr(0, at));
  if (before.find('[') != std::string_view::npos) return false;
  if (!before.empty() && before[0] == '|') before = trim_left(before.substr(1));
  // Kibana's time cell: `Jun 25, 2021 @ 12:42:13.029`.
  std::string_view t = before;
  const int mo = t.size() > 4 && t[3] == ' ' ? english_month(t.substr(0, 3)) : 0;
  if (mo) {
    t.remove_prefix(4);
    auto d = take_u64(t);
    int h = 0, mi = 0, sec = 0;
    if (d && starts_with(t, ", ") && t.size() >= 18 && t.substr(6, 3) == " @ " && parse_hms(t.substr(9, 8), h, mi, sec)) {
      std::string_view frac = t.substr(17);
      if (!frac.empty() && frac[0] == '.') frac = frac.substr(1, std::min<size_t>(frac.find(' '), frac.size()) - 1);
      else frac = {};
      auto y = parse_i64(t.substr(2, 4));
      if (y) out.prefix.wall = format_wall(static_cast<int>(*y), mo, static_cast<int>(*d), h, mi, sec, frac);
    }
  } else if (std::string_view host = take_token(t); !host.empty() && !t.empty() && tag_name(host, false).empty()) {
    bool plain = true;  // `host  !INFO`: the first word a host name
    for (char c : host) plain = plain && is_tag_char(c);
    if (plain && !out.prefix.host) out.prefix.host = std::string(host);
  }
  s = trim_left(s.substr(at + len));
  return true;
}

// A collector's pipe-separated line, `LEVEL|TAG[PID]|message` (the syslog level's name, the program and its pid or
// `-`, then the message: `warning|kernel[-]|[2919920.414131] memhog invoked oom-killer: …`, corpus 794). Taken
// only with a level name first and a `TAG[…]|` cell right after it, so kernel text (`CPU: 0 PID: …`) never is.
bool take_level_pipe(std::string_view& s, NormalizedLine& out) {
  const size_t bar = s.substr(0, 8).find('|');
  if (bar == std::string_view::npos || bar < 3) return false;
  const int level = level_index(s.substr(0, bar));
  if (level < 0) return false;
  std::string_view t = s.substr(bar + 1);
  const size_t open = t.substr(0, 40).find('[');
  if (open == std::string_view::npos || open == 0) return false;
  const std::string_view name = t.substr(0, open);
  for (char c : name)
    if (!is_tag_char(c)) return false;
  t.remove_prefix(open + 1);
  const size_t close = t.substr(0, 12).find("]|");
  if (close == std::string_view::npos) return false;
  const std::string_view pid = t.substr(0, close);
  if (pid != "-" && !parse_u64(pid)) return false;
  out.prefix.level = level;
  if (name != "kernel") out.foreign = true;
  s = trim_left(t.substr(close + 2));
  return true;
}

// A label a collecting tool put before the kernel's own prefix: a node name
// or address and a colon (`10.0.0.2: ` of talosctl dmesg, `node01: ` of
// pdsh/clush), or a machine name and ` # ` (the NixOS test driver's
// `server # `), or a console program's prompt and ` › ` (Home Assistant's
// `ha › `, corpus 839: a program's name, no host). Taken only when a printk
// time, a bracketed ISO stamp or a dmesg -x facility follows, so kernel text
// (`CPU: 0 PID: …`) never is.
bool take_label(std::string_view& s, LinePrefix& p) {
  const size_t sp = s.substr(0, 65).find(' ');
  if (sp == std::string_view::npos || sp < 2) return false;
  std::string_view label = s.substr(0, sp);
  std::string_view rest = s.substr(sp + 1);
  bool host = true;
  if (label.back() == ':') {
    label.remove_suffix(1);
  } else if (starts_with(rest, "# ")) {
    rest.remove_prefix(2);
  } else if (starts_with(rest, "\xE2\x80\xBA ")) {
    rest.remove_prefix(4);
    host = false;
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
  // `kernel: [ts] …` is the syslog tag alone (a poster cut the stamp and host before it, corpus 794): no host.
  if (host && label != "kernel") p.host = std::string(label);
  s = rest;
  return true;
}

// A syslog line whose date and host the poster replaced by `...` (or `…`) to
// save width: `... kernel: [430837.193448] Xorg invoked oom-killer: …`,
// `... pulseaudio[31697]: …`. Taken only with the tag right after it
// (`kernel:` or `name[pid]:`), so kernel text never is.
bool take_elided_stamp(std::string_view& s, NormalizedLine& out) {
  std::string_view t = s;
  if (starts_with(t, "...") || starts_with(t, "\xE2\x80\xA6")) t.remove_prefix(3);
  else return false;
  if (t.empty() || t[0] != ' ') return false;
  t = trim_left(t);
  std::string_view tok = take_token(t);
  const std::string_view name = tok == "kernel:" ? std::string_view("kernel") : tag_name(tok, true);
  if (name.empty()) return false;
  if (name != "kernel") out.foreign = true;
  s = trim_left(t);
  return true;
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

// RFC 3164 as it travels (`<PRI>Mmm dd hh:mm:ss HOST TAG: MSG`): a syslog receiver that prints the packet before any
// daemon parses it (a netcat listener, a test receiver's `Received message  <6>Jun  8 11:15:26 host kernel: …`, corpus
// 854). The priority, then a BSD stamp; the host and tag are the caller's to take.
bool take_bsd_packet(std::string_view& s, LinePrefix& p, std::optional<int> year) {
  std::string_view t = s;
  LinePrefix probe;
  if (!take_priority(t, probe) || t.empty() || !is_alpha(t[0]) || !take_syslog_stamp(t, probe, year)) return false;
  p = std::move(probe);
  s = t;
  return true;
}

// Words before a syslog packet (`Received message  <6>Jun  8 …`, corpus 854): the receiver's, at most 48 bytes, a
// space before the `<`. Kernel text holds no `<PRI>` then a syslog stamp, so a line is moved only when one follows.
bool skip_receiver_label(std::string_view& s) {
  const size_t at = s.substr(0, 48).find(" <");
  if (at == std::string_view::npos) return false;
  std::string_view t = trim_left(s.substr(at));
  std::string_view probe = t;
  LinePrefix p;
  NormalizedLine scratch;
  if (!take_bsd_packet(probe, p, std::nullopt) && !take_rfc5424(probe, scratch)) return false;
  s = t;
  return true;
}

}  // namespace oomlens::prefix_parts
