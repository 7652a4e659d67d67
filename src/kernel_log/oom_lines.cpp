// Line parsers of the OOM report (see oom_lines.h). Comms may contain spaces
// and parentheses, so every parser anchors on the fixed text around them and
// takes the comm greedily up to the last anchor occurrence.
#include "kernel_log/oom_lines.h"

#include <algorithm>
#include <array>

#include "util/ascii.h"
#include "util/text.h"
#include "util/units.h"

namespace oomlens::oomline {
namespace {

using namespace oomlens::text;

std::optional<int> to_int(std::optional<int64_t> v) {
  if (!v || *v < -1000000 || *v > 1000000) return std::nullopt;
  return static_cast<int>(*v);
}

// Value of `key=` up to the next ", " (header fields).
std::optional<std::string> header_field(std::string_view s, std::string_view key) {
  size_t p = s.find(key);
  if (p == std::string_view::npos) return std::nullopt;
  std::string_view v = s.substr(p + key.size());
  size_t e = v.find(", ");
  v = trim(v.substr(0, e));
  if (!v.empty() && v.back() == ',') v.remove_suffix(1);  // the line was cut after the comma
  if (v.empty()) return std::nullopt;
  return std::string(v);
}

// The text before `anchor` as a message when it ends in ": ", and only when
// it is one the kernel prints (oom_kill.c: `Out of memory`, `Memory cgroup
// out of memory`, `Out of memory (oom_kill_allocating_task)`): the rest of a
// wrapped message (`ry`, `memory`) or a piece of a broken JSON record is
// unknown (null), never a message (issue 12). A label that quoted the line
// (`OOMKilling: ` of a Kubernetes node event, `1 OOMKilling: ` as kubectl
// lists it) ends in ": " before the whole message: the message is still it.
std::optional<std::string> message_before(std::string_view s, size_t anchor_pos) {
  std::string_view m = trim_right(s.substr(0, anchor_pos));
  if (m.empty() || m.back() != ':') return std::nullopt;
  m.remove_suffix(1);
  m = trim(m);
  for (std::string_view known : {"Out of memory", "Memory cgroup out of memory", "Out of memory (oom_kill_allocating_task)"}) {
    if (m == known) return std::string(known);
    if (m.size() > known.size() + 1 && ends_with(m, known) && ends_with(m.substr(0, m.size() - known.size()), ": "))
      return std::string(known);
    // A page that ran the record into its prose (`… as follows Out of memory: Kill process …`): the kernel's
    // messages start with a capital letter, which no longer message ends in (`Memory cgroup out of memory`).
    if (m.size() > known.size() + 1 && ends_with(m, known) && m[m.size() - known.size() - 1] == ' ')
      return std::string(known);
  }
  return std::nullopt;
}

}  // namespace

// A gfp_mask as printed: `0xHEX`, then `(FLAG|FLAG…)` (%pGg, 4.7+) or
// nothing. A terminal's or a mail client's break inside the flags leaves a
// space there (`__GFP_ZE RO`), which no flag holds: dropped. A page that lost
// the `, ` after the mask (`0x800d0order=0`) leaves the next field glued:
// the mask ends before it. Anything else in the flags (a viewer's `...`, a
// quote's `>`) makes the mask unknown, never a value read from a stump.
namespace {
std::optional<std::string> clean_gfp_mask(std::string_view v) {
  if (v.size() < 3 || v[0] != '0' || v[1] != 'x') return std::nullopt;
  size_t i = 2;
  while (i < v.size() && is_xdigit(v[i])) ++i;
  if (i == 2) return std::nullopt;
  std::string out(v.substr(0, i));
  std::string_view rest = v.substr(i);
  if (rest.empty() || starts_with(rest, "order=") || starts_with(rest, "nodemask=")) return out;
  if (rest[0] != '(' || rest.back() != ')') return std::nullopt;
  out += '(';
  for (char c : rest.substr(1, rest.size() - 2)) {
    if (c == ' ') continue;
    if (!is_alnum(c) && c != '_' && c != '|') return std::nullopt;
    out += c;
  }
  out += ')';
  return out;
}
}  // namespace

namespace {
// OpenVZ/Virtuozzo's oom_report_invocation(): `%d (%s) invoked %s oom-killer: gfp 0x%x order %d oomkilladj=%d`,
// the type `loc` (a container's beancounter: out_of_memory_in_ub()), `glob` (out_of_memory()) or `PF`
// (pagefault_out_of_memory(), gfp and order 0: unknown). Words, never `key=`, before oomkilladj. A pid or comm
// the text lost (a cut, a wrap) is unknown, the rest is still read.
std::optional<Header> parse_openvz_header(std::string_view s) {
  constexpr std::string_view kAnchor = " oom-killer: gfp ";
  const size_t a = s.find(kAnchor);
  if (a == std::string_view::npos) return std::nullopt;
  std::string_view before = s.substr(0, a);
  const size_t sp = before.rfind(' ');
  if (sp == std::string_view::npos) return std::nullopt;
  const std::string_view type = before.substr(sp + 1);
  if (type.empty() || type.size() > 8 || !std::all_of(type.begin(), type.end(), [](char c) { return is_alpha(c); }))
    return std::nullopt;
  before = before.substr(0, sp);
  constexpr std::string_view kInvoked = ") invoked";
  if (!ends_with(before, kInvoked)) return std::nullopt;
  before.remove_suffix(kInvoked.size());
  Header h;
  // `<pid> (<comm>`: the comm up to the last `) invoked` (a comm may hold `)`), at most 15 bytes (TASK_COMM_LEN).
  if (const size_t open = before.find(" ("); open != std::string_view::npos) {
    std::string_view pid_text = before.substr(0, open);
    const std::string_view comm = before.substr(open + 2);
    const size_t start = pid_text.find_last_not_of("0123456789");
    if (start != std::string_view::npos) pid_text = pid_text.substr(start + 1);
    if (!pid_text.empty() && pid_text.size() <= 10 && !comm.empty() && comm.size() <= 15) {
      std::string_view t = pid_text;
      h.pid = take_i64(t);
      h.comm = std::string(comm);
    }
  }
  std::string_view rest = s.substr(a + kAnchor.size());
  std::string_view mask = take_token(rest);
  h.gfp_mask = clean_gfp_mask(mask);
  if (take_token(rest) == "order") {
    std::string_view t = trim_left(rest);
    h.order = to_int(take_i64(t));
  }
  h.oom_adj = to_int(field_int(rest, "oomkilladj="));
  return h;
}
}  // namespace

// 2.6.11-2.6.18's header, which names no task: `oom-killer: gfp_mask=0xd2` (2.6.11), `oom-killer:
// gfp_mask=0x201d2, order=0` (2.6.16). The whole line, the mask bare hex (flag names came with 4.8): a modern
// header wrapped after `invoked` keeps its `(GFP_…)` names or more fields after the order (corpus 294).
static std::optional<Header> parse_comm_less_header(std::string_view s) {
  s = trim(s);
  constexpr std::string_view kLead = "oom-killer: gfp_mask=0x";
  if (!starts_with(s, kLead)) return std::nullopt;
  std::string_view rest = s.substr(kLead.size() - 2);
  size_t n = 2;
  while (n < rest.size() && is_xdigit(rest[n])) ++n;
  if (n == 2) return std::nullopt;
  Header h;
  h.gfp_mask = std::string(rest.substr(0, n));
  rest = rest.substr(n);
  if (rest.empty()) return h;
  if (!starts_with(rest, ", order=")) return std::nullopt;
  rest.remove_prefix(8);
  const auto order = take_i64(rest);
  if (!order || !rest.empty()) return std::nullopt;
  h.order = to_int(order);
  return h;
}

std::optional<Header> parse_header(std::string_view s) {
  constexpr std::string_view kAnchor = " invoked oom-killer:";
  size_t p = s.find(kAnchor);
  if (p == std::string_view::npos) {
    if (auto h = parse_comm_less_header(s)) return h;
    return parse_openvz_header(s);
  }
  Header h;
  // A comm is at most 15 bytes (TASK_COMM_LEN): a longer "comm" is the rest
  // of something else (a broken JSON record, an unknown prefix), unknown.
  // So is one that starts a journal JSON object (`{"MESSAGE":"b`, a wrapped record).
  if (p <= 15 && s.substr(0, 2) != "{\"") h.comm = std::string(s.substr(0, p));
  // A syslog prefix the reader does not know (a poster's masked time, `Jun 1 XX:XX:XX host kernel: httpd invoked
  // oom-killer: …`) still ends in the `kernel: ` tag, which no comm holds: the comm is what follows the last one.
  if (p > 15) {
    constexpr std::string_view kTag = "kernel: ";
    const size_t k = s.substr(0, p).rfind(kTag);
    if (k != std::string_view::npos && p - (k + kTag.size()) <= 15 && p > k + kTag.size())
      h.comm = std::string(s.substr(k + kTag.size(), p - k - kTag.size()));
  }
  std::string_view rest = s.substr(p + kAnchor.size());
  h.gfp_mask = header_field(rest, "gfp_mask=");
  // A gfp mask never holds ',' (flags are joined by '|'): a rejoined
  // `gfp_mask=0xd0,` + `order=0` ends at the comma.
  if (h.gfp_mask) h.gfp_mask = h.gfp_mask->substr(0, h.gfp_mask->find(','));
  if (h.gfp_mask) h.gfp_mask = clean_gfp_mask(*h.gfp_mask);
  if (size_t n = rest.find("nodemask="); n != std::string_view::npos) {
    std::string_view v = rest.substr(n + 9);
    size_t e = v.find(", order=");
    if (e == std::string_view::npos) e = v.find(",  order=");
    if (e == std::string_view::npos) e = v.find(",order=");  // a rejoined soft break that lost its space
    h.nodemask = std::string(trim(v.substr(0, e)));
  }
  h.order = to_int(field_int(rest, "order="));
  h.oom_adj = to_int(field_int(rest, "oom_adj="));
  if (!h.oom_adj) h.oom_adj = to_int(field_int(rest, "oomkilladj="));  // ≤2.6.31's name for it
  h.oom_score_adj = to_int(field_int(rest, "oom_score_adj="));
  return h;
}

std::optional<Header> parse_header_cut(std::string_view s) {
  constexpr std::string_view kAnchor = " invoked oom-killer";
  s = trim(s);
  if (s.size() <= kAnchor.size() || s.substr(s.size() - kAnchor.size()) != kAnchor) return std::nullopt;
  const size_t p = s.size() - kAnchor.size();
  if (p > 15) return std::nullopt;  // TASK_COMM_LEN, as parse_header
  Header h;
  h.comm = std::string(s.substr(0, p));
  return h;
}

std::optional<AllocStall> parse_alloc_stall(std::string_view s) {
  s = trim(s);
  constexpr std::string_view kWords = ": page allocation stall";
  const size_t p = s.find(kWords);
  if (p == std::string_view::npos || p == 0 || p > 15) return std::nullopt;  // TASK_COMM_LEN-1 bytes of comm
  std::string_view rest = s.substr(p + kWords.size());
  if (starts_with(rest, "s")) rest.remove_prefix(1);
  if (!starts_with(rest, " for ")) return std::nullopt;
  rest.remove_prefix(5);
  const auto ms = take_sized(rest, "ms");
  if (!ms) return std::nullopt;
  AllocStall a;
  a.comm = std::string(s.substr(0, p));
  a.stall_ms = *ms;
  a.order = to_int(field_int(rest, "order:"));
  return a;
}

std::optional<CpusetLine> parse_cpuset(std::string_view s) {
  size_t c = s.find(" cpuset=");
  size_t m = s.rfind(" mems_allowed=");
  if (c == std::string_view::npos || m == std::string_view::npos || m < c) return std::nullopt;
  // The node list (`0`, `0-1`, `0,2-3`) ends the kernel's line: a poster's `(...snipped...)` a wrap joined
  // after it is not part of it.
  std::string_view mems = trim(s.substr(m + 14));
  size_t n = 0;
  while (n < mems.size() && (is_digit(mems[n]) || mems[n] == ',' || mems[n] == '-')) ++n;
  if (n > 0) mems = mems.substr(0, n);
  return CpusetLine{std::string(s.substr(0, c)), std::string(s.substr(c + 8, m - c - 8)), std::string(mems)};
}

std::optional<StackLine> parse_stack_line(std::string_view s) {
  StackLine out;
  std::string_view comm;
  // ` PID: 1 Comm: init Not tainted …`: a `CPU: N PID:` line whose first bytes a console dropped (corpus 402, a
  // boot log whose serial console lost bytes elsewhere too).
  const std::string_view lost_cpu = trim_left(s);
  if (starts_with(s, "CPU: ") || starts_with(lost_cpu, "PID: ")) {
    const std::string_view line = starts_with(s, "CPU: ") ? s : lost_cpu;
    size_t p = starts_with(line, "PID: ") ? 0 : line.find(" PID: ");
    size_t c = line.find(" Comm:");
    if (p == std::string_view::npos || c == std::string_view::npos || c < p) return std::nullopt;
    std::string_view t = line.substr(p == 0 ? 5 : p + 6);
    auto pid = take_i64(t);
    if (!pid) return std::nullopt;
    out.pid = *pid;
    // ` Comm:` ends the line a wrap broke after it (its comm empty until the rest is
    // joined), and a join without a space glues the comm to it (`Comm:Worker-31`).
    comm = trim_left(line.substr(c + 6));
  } else if (starts_with(s, "Pid: ")) {
    std::string_view t = s.substr(5);
    auto pid = take_i64(t);
    if (!pid || !starts_with(t, ", comm: ")) return std::nullopt;
    out.pid = *pid;
    comm = t.substr(8);
  } else {
    return std::nullopt;
  }
  // The comm (%.20s) is followed by the taint/kdump words; it may hold spaces.
  size_t end = comm.size();
  for (std::string_view stop : {" Not tainted", " Tainted:", " Kdump:", " Kdump: loaded"}) {
    size_t e = comm.find(stop);
    if (e != std::string_view::npos && e < end) end = e;
  }
  if (end == comm.size()) end = std::min(comm.find(' '), comm.size());
  out.comm = std::string(comm.substr(0, end));
  // The release follows the taint words (`Not tainted 4.4.0-119-generic #143`, `Tainted: P OE 4.15.0-1023-azure`,
  // RHEL's `Tainted: G ------------ T 3.10.0-327.el7.x86_64`): its first word that starts `N.N`.
  for (std::string_view rest = comm.substr(end); !rest.empty();) {
    std::string_view word = take_token(rest);
    if (word.empty()) break;
    if (!is_digit(word[0])) continue;
    auto major = take_i64(word);
    if (!major || !starts_with(word, ".")) continue;
    word.remove_prefix(1);
    auto minor = take_i64(word);
    if (!minor || *major > 99 || *minor > 999) continue;
    if (!word.empty() && word[0] != '.' && word[0] != '-' && word[0] != '+') continue;
    out.release = std::pair<int, int>(static_cast<int>(*major), static_cast<int>(*minor));
    break;
  }
  return out;
}

bool frame_names(std::string_view t, std::string_view name) {
  for (size_t p = t.find(name); p != std::string_view::npos; p = t.find(name, p + 1)) {
    const char before = p == 0 ? ' ' : t[p - 1];
    const char after = p + name.size() < t.size() ? t[p + name.size()] : ' ';
    if ((before == ' ' || before == '(') && (after == '+' || after == '.' || (before == '(' && after == ')')))
      return true;
  }
  return false;
}

bool is_oom_frame(std::string_view t) {
  return frame_names(t, "out_of_memory") || frame_names(t, "mem_cgroup_out_of_memory") ||
         frame_names(t, "pagefault_out_of_memory");
}

namespace {

// A mail client wrapped a quoted record and the archive or a reader joined the
// pieces back with a space: the next piece's quote marker stays inside the
// record (`Kill process 7963 > (sge_qmaster) score 948`). The kernel prints no
// `>` run between spaces in a kill or selection line; read without it (into
// `buf`). The text as it was when it holds none.
std::string_view without_joined_quote(std::string_view s, std::string& buf) {
  size_t at = s.find(" >");
  if (at == std::string_view::npos) return s;
  buf.clear();
  size_t from = 0;
  for (; at != std::string_view::npos; at = s.find(" >", at + 1)) {
    size_t e = at + 1;
    while (e < s.size() && (s[e] == '>' || (s[e] == ' ' && e + 1 < s.size() && s[e + 1] == '>'))) ++e;
    if (e >= s.size() || s[e] != ' ') continue;  // `->`, `>>` glued to a word: not a marker between spaces
    buf.append(s.substr(from, at - from));
    from = e;  // keep the space after the marker
    at = e - 1;
  }
  if (from == 0) return s;
  buf.append(s.substr(from));
  return buf;
}

// `…<anchor>N (`, a line that names a process by pid then comm (the reaper's, OpenVZ's kill line): the pid N,
// with `comm` left at what follows the ` (` and `anchor_at` (when given) set to where `anchor` starts; nullopt
// without the anchor, a pid or the ` (`.
std::optional<int64_t> pid_then_comm(std::string_view s, std::string_view anchor, std::string_view& comm,
                                     size_t* anchor_at = nullptr) {
  const size_t a = s.find(anchor);
  if (a == std::string_view::npos) return std::nullopt;
  std::string_view t = s.substr(a + anchor.size());
  auto pid = take_i64(t);
  if (!pid || !starts_with(t, " (")) return std::nullopt;
  comm = t.substr(2);
  if (anchor_at) *anchor_at = a;
  return pid;
}

/// `… Killed process N`: the kill line with its message and pid set, and
/// `t` left at what follows the pid; nullopt without the anchor or a pid.
std::optional<KillLine> kill_head(std::string_view s, std::string_view& t) {
  constexpr std::string_view kAnchor = "Killed process ";
  size_t a = s.find(kAnchor);
  if (a == std::string_view::npos) return std::nullopt;
  KillLine k;
  k.message = message_before(s, a);
  t = s.substr(a + kAnchor.size());
  auto pid = take_i64(t);
  if (!pid) return std::nullopt;
  k.pid = *pid;
  return k;
}

// OpenVZ's kill line (oom_kill_task() in mm/oom_kill.c of its 2.6.2x/2.6.32 kernels): `… OOM killed process 21738
// (php-cgi) score 0 vm:281988kB, rss:17004kB, swap:0kB` (the 042stab kernels), or without the score, `OOM killed
// process 2100 (php-cgi) vm:281988kB, rss:17004kB, swap:0kB` (earlier ones: the score is then on no line), lower-case
// `killed`. Read only with its `[score N ]vm:` tail, which no prose that says a process was killed has.
std::optional<KillLine> parse_openvz_kill(std::string_view s) {
  size_t a = 0;
  std::string_view t;
  const auto pid = pid_then_comm(s, "killed process ", t, &a);
  if (!pid) return std::nullopt;
  std::optional<uint64_t> score;
  size_t close = t.rfind(") score ");
  std::string_view figs;
  if (close != std::string_view::npos && close <= 15) {  // TASK_COMM_LEN
    figs = t.substr(close + 8);
    score = take_u64(figs);
    if (!score) return std::nullopt;
  } else {
    close = t.rfind(") vm:");
    if (close == std::string_view::npos || close > 15) return std::nullopt;
    figs = t.substr(close + 1);
  }
  if (!starts_with(figs, " vm:")) return std::nullopt;
  KillLine k;
  k.pid = *pid;
  k.comm = std::string(t.substr(0, close));
  k.score = score;
  k.total_vm_kb = field_sized(figs, " vm:", "kB");
  // kernel/bc/oom_kill.c out_of_memory_in_ub() passes `Out of memory in UB`, printed with the beancounter's id
  // (`Out of memory in UB 1234: OOM killed process …`): the message, id included, when the line prints it whole.
  std::string_view before = trim_right(s.substr(0, a));
  if (ends_with(before, " OOM") || before == "OOM") {
    before = trim_right(before.substr(0, before.size() - 3));
    if (!before.empty() && before.back() == ':') {
      before.remove_suffix(1);
      constexpr std::string_view kUb = "Out of memory in UB ";
      const size_t m = before.rfind(kUb);
      std::string_view id = m == std::string_view::npos ? std::string_view() : before.substr(m + kUb.size());
      if (id.size() <= 10 && all_digits(id) && (m == 0 || before[m - 1] == ' '))
        k.message = std::string(before.substr(m));
    }
  }
  return k;
}

}  // namespace

std::optional<KillLine> parse_kill(std::string_view s) {
  std::string unquoted;
  s = without_joined_quote(s, unquoted);
  std::string_view t;
  auto head = kill_head(s, t);
  if (!head) return parse_openvz_kill(s);
  KillLine& k = *head;
  if (starts_with(t, ", UID ")) {  // RHEL6: `Killed process N, UID U, (comm) total-vm:`
    t.remove_prefix(6);
    auto uid = take_u64(t);
    if (uid && *uid <= UINT32_MAX) k.uid = static_cast<uint32_t>(*uid);
    if (!starts_with(t, ", ")) return std::nullopt;
    t.remove_prefix(2);
  } else {
    t = trim_left(t);
  }
  if (t.empty() || t[0] != '(') return std::nullopt;
  t.remove_prefix(1);
  // Greedy: the comm ends at the last `)` that is followed by a known tail.
  size_t close = std::string_view::npos;
  // 2.4.0's `Killed process N (comm), saved process M (comm2).` names the allocating task after it.
  for (std::string_view tail : {") total-vm:", "), UID ", ") in VE \"", ") vsz:", "), saved process "}) {
    size_t c = t.rfind(tail);
    if (c != std::string_view::npos && (close == std::string_view::npos || c > close)) close = c;
  }
  if (close == std::string_view::npos) {
    close = t.rfind(')');
    // Without a known tail, a `)` past TASK_COMM_LEN belongs to text joined after the line (a poster's
    // shortened `(grep)    anon-rss:…` run into the next records): the comm ends at the last `)` within it.
    if (close != std::string_view::npos && close > 15) {
      const size_t in_comm = t.substr(0, 16).rfind(')');
      if (in_comm != std::string_view::npos) close = in_comm;
    }
  }
  if (close == std::string_view::npos) return std::nullopt;
  k.comm = std::string(t.substr(0, close));
  std::string_view figs = t.substr(close + 1);
  if (starts_with(figs, ", UID ")) {  // RHEL7 late: `(comm), UID U, total-vm:`
    std::string_view u = figs.substr(6);
    auto uid = take_u64(u);
    if (uid && *uid <= UINT32_MAX) k.uid = static_cast<uint32_t>(*uid);
  }
  k.total_vm_kb = field_sized(figs, "total-vm:", "kB");
  if (!k.total_vm_kb) k.total_vm_kb = field_sized(figs, "vsz:", "kB");
  k.anon_rss_kb = field_sized(figs, "anon-rss:", "kB");
  k.file_rss_kb = field_sized(figs, "file-rss:", "kB");
  k.shmem_rss_kb = field_sized(figs, "shmem-rss:", "kB");
  k.pgtables_kb = field_sized(figs, "pgtables:", "kB");
  if (auto uid = field_int(figs, "UID:"); uid && *uid >= 0 && *uid <= UINT32_MAX)
    k.uid = static_cast<uint32_t>(*uid);
  k.oom_score_adj = to_int(field_int(figs, "oom_score_adj:"));
  // Every field the kernel prints ends in `kB` or is `UID:U`/`oom_score_adj:A`: a last word that is none of
  // them is a field a viewer cut (`total-`, `shmem-rs`, `anon-rss:`).
  const std::string_view figs_end = text::trim_right(figs);
  if (!figs_end.empty()) {
    const size_t sp = figs_end.find_last_of(" ,");
    const std::string_view last = sp == std::string_view::npos ? figs_end : figs_end.substr(sp + 1);
    const auto whole_int = [&](std::string_view key) {
      if (!starts_with(last, key)) return false;
      std::string_view n = last.substr(key.size());
      if (!n.empty() && n[0] == '-') n.remove_prefix(1);
      return !n.empty() && std::all_of(n.begin(), n.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    k.cut = !last.empty() && !ends_with(last, "kB") && !whole_int("UID:") && !whole_int("oom_score_adj:");
  }
  return head;
}

std::optional<std::string> parse_vm_killing(std::string_view s) {
  constexpr std::string_view kAnchor = "VM: killing process";
  s = trim(s);
  if (!starts_with(s, kAnchor)) return std::nullopt;
  std::string_view comm = s.substr(kAnchor.size());
  if (!comm.empty() && comm[0] != ' ') return std::nullopt;
  return std::string(trim(comm));
}

std::optional<KillLine> parse_kill_stump(std::string_view s) {
  std::string_view t;
  auto k = kill_head(s, t);
  if (!k || !(t.empty() || t[0] == ' ' || t[0] == ',')) return std::nullopt;
  // `Killed process 14011        3 (…)`: a terminal's pad inside the pid.
  if (std::string_view r = trim_left(t); !r.empty() && is_digit(r[0])) return std::nullopt;
  return k;
}

namespace {
// The part of a selection line both parsers share: `[message] Kill process
// PID` (or `kill process`). Fills sel->message and sel->pid and leaves `*rest`
// just after the pid; false when the anchor or the pid is missing.
bool parse_select_head(std::string_view s, SelectLine* sel, std::string_view* rest) {
  size_t a = s.find("Kill process ");
  if (a == std::string_view::npos) a = s.find("kill process ");
  if (a == std::string_view::npos) return false;
  sel->message = message_before(s, a);
  *rest = s.substr(a + 13);
  auto pid = take_i64(*rest);
  if (!pid) return false;
  sel->pid = *pid;
  return true;
}
}  // namespace

std::optional<SelectLine> parse_select(std::string_view s) {
  std::string unquoted;
  s = without_joined_quote(s, unquoted);
  SelectLine sel;
  std::string_view t;
  if (!parse_select_head(s, &sel, &t) || !starts_with(t, " (")) return std::nullopt;
  t.remove_prefix(2);
  size_t close = t.rfind(") score ");
  size_t score_at = close + 8;
  if (close == std::string_view::npos) {  // a wrap at the space before `score`, joined without it
    close = t.rfind(")score ");
    score_at = close + 7;
  }
  if (close == std::string_view::npos) {
    // OpenVZ's oom_kill_process() before its 042stab kernels prints no score: `Out of memory: kill process 2100
    // (php-cgi) or a child`, the line's end (its kill line is `OOM killed process … vm:`, parse_kill()).
    close = t.rfind(") or a child");
    if (close == std::string_view::npos || close > 15 || trim_right(t.substr(close)) != ") or a child")
      return std::nullopt;  // e.g. `… sharing same memory`
    sel.comm = std::string(t.substr(0, close));
    return sel;
  }
  sel.comm = std::string(t.substr(0, close));
  std::string_view sc = t.substr(score_at);
  if (auto v = take_i64(sc); v && *v >= 0) sel.score = static_cast<uint64_t>(*v);
  return sel;
}

std::optional<std::string> outcome_message(std::string_view s) {
  if (auto k = parse_kill(s)) return k->message;
  if (auto sel = parse_select(s)) return sel->message;
  return std::nullopt;
}

bool message_extends(std::string_view whole, std::string_view own) {
  return whole.size() > own.size() && ends_with(whole, own) && whole[whole.size() - own.size() - 1] == ' ';
}

bool is_cut_outcome_message(std::string_view s) {
  // prefix.cpp ends a cut text at its last space: `Memory cgroup out of memory:…` reads `Memory cgroup out of`.
  s = trim(s);
  if (!s.empty() && s.back() == ':') s.remove_suffix(1);
  if (s.find(' ') == std::string_view::npos) return false;  // two words at least (`Out of`)
  for (std::string_view known : {"Out of memory", "Memory cgroup out of memory", "Out of memory (oom_kill_allocating_task)"})
    if (starts_with(known, s) && (s.size() == known.size() || known[s.size()] == ' ')) return true;
  return false;
}

std::optional<SelectLine> parse_select_stump(std::string_view s) {
  SelectLine sel;
  std::string_view t;
  if (!parse_select_head(s, &sel, &t)) return std::nullopt;
  if (t.empty()) return sel;  // cut inside the comm: only the pid is known
  if (!starts_with(t, " (")) return std::nullopt;
  t.remove_prefix(2);
  if (ends_with(t, ") score")) t.remove_suffix(6);
  if (!ends_with(t, ")")) return std::nullopt;
  sel.comm = std::string(t.substr(0, t.size() - 1));
  return sel;
}

Reaped reaped_bytes(const ReaperLine& r) {
  return Reaped{kb_to_bytes(r.anon_rss_kb), kb_to_bytes(r.file_rss_kb), kb_to_bytes(r.shmem_rss_kb)};
}

namespace {
constexpr std::string_view kReaperAnchor = "oom_reaper: reaped process ";
}  // namespace

std::optional<ReaperLine> parse_reaper(std::string_view s) {
  std::string_view t;
  const auto pid = pid_then_comm(s, kReaperAnchor, t);
  if (!pid) return std::nullopt;
  // `), now ` before the figures; or `), nowanon-rss:`: a mail client's hard wrap at that space, whose rest a
  // prefixed line's unprefixed piece appends without it (corpus 514).
  size_t close = t.rfind("), now ");
  if (close == std::string_view::npos) close = t.rfind("), nowanon-rss:");
  if (close == std::string_view::npos) return std::nullopt;
  ReaperLine r;
  r.pid = *pid;
  r.comm = std::string(t.substr(0, close));
  std::string_view figs = t.substr(close);
  r.anon_rss_kb = field_sized(figs, "anon-rss:", "kB");
  r.file_rss_kb = field_sized(figs, "file-rss:", "kB");
  r.shmem_rss_kb = field_sized(figs, "shmem-rss:", "kB");
  return r;
}

std::optional<int64_t> parse_reaper_cut(std::string_view s) {
  std::string_view comm;
  return pid_then_comm(s, kReaperAnchor, comm);
}

namespace {
constexpr std::array<std::string_view, 10> kSummaryKeys = {
    "constraint=", "nodemask=", "cpuset=", "mems_allowed=", "global_oom",
    "oom_memcg=",  "task_memcg=", "task=",  "pid=",         "uid="};

// The kernel prints the keys in lower case; a page may not (`cOnstraint=`): compared ignoring ASCII case.
bool at_key(std::string_view s) {
  for (auto k : kSummaryKeys)
    if (starts_with_ascii_ci(s, k)) return true;
  return false;
}

// A memcg path with spaces inside a container id (`/docker/e9d9…cddde 5 a33d…`,
// a translator's or a page's): the kernel prints none there. Rejoined when
// the pieces make exactly one 64-hex id (with a runtime's `docker-`/`.scope`
// around it, or bare); false (unknown) when a space run lies between hex
// digits otherwise. A space elsewhere (`/my app`, rare: systemd escapes it) is kept.
bool unspace_container_id(std::string& path) {
  bool id_space = false;
  for (size_t i = path.find(' '); i != std::string::npos; i = path.find(' ', i + 1)) {
    size_t a = i, b = path.find_first_not_of(' ', i);
    if (a > 0 && b != std::string::npos && is_xdigit(path[a - 1]) && is_xdigit(path[b])) id_space = true;
  }
  if (!id_space) return true;
  const size_t slash = path.rfind('/', path.find(' '));
  std::string name;
  for (char c : std::string_view(path).substr(slash + 1))
    if (c != ' ') name += c;
  std::string_view id = name;
  if (size_t slash2 = id.find('/'); slash2 != std::string_view::npos) id = id.substr(0, slash2);
  for (std::string_view runtime : {"docker-", "libpod-", "cri-containerd-", "crio-"})
    if (starts_with(id, runtime)) id.remove_prefix(runtime.size());
  if (ends_with(id, ".scope")) id.remove_suffix(6);
  if (id.size() != 64 || !std::all_of(id.begin(), id.end(), is_xdigit)) return false;
  path = std::string(std::string_view(path).substr(0, slash + 1)) + name;
  return true;
}

// A constraint is an enum name (`CONSTRAINT_MEMCG`): a comma after it is
// the separator of a line that a break cut there (`…CONSTRAINT_MEMCG,`).
std::string_view trim_trailing_commas(std::string_view v) {
  while (!v.empty() && v.back() == ',') v.remove_suffix(1);
  return v;
}

// `path` is `root` or a cgroup below it.
bool memcg_within(std::string_view path, std::string_view root) {
  if (!starts_with(path, root)) return false;
  return path.size() == root.size() || root == "/" || path[root.size()] == '/';
}

// Splits `k=v,k=v` at commas that start a known key (values such as
// nodemask `0-1,3` contain commas). The kernel prints no space after a
// comma: one there is a rejoined wrap's (`…CONSTRAINT_MEMCG,` + `  oom_memcg=…`).
void apply_summary_fields(std::string_view s, Summary& out) {
  bool task_memcg_ends_line = false;
  while (!s.empty()) {
    size_t next = 0;
    for (;;) {
      next = s.find(',', next);
      if (next == std::string_view::npos || at_key(trim_left(s.substr(next + 1)))) break;
      ++next;
    }
    std::string_view seg = trim_left(s.substr(0, next));
    s = next == std::string_view::npos ? std::string_view{} : s.substr(next + 1);
    size_t eq = seg.find('=');
    const std::string_view key_text = seg.substr(0, eq);
    const auto key_is = [key_text](std::string_view name) { return equals_ascii_ci(key_text, name); };
    std::string_view val = eq == std::string_view::npos ? std::string_view{} : seg.substr(eq + 1);
    if (key_is("global_oom")) out.global_oom = true;
    else if (key_is("constraint")) out.constraint = std::string(trim_trailing_commas(val));
    else if (key_is("nodemask")) out.nodemask = std::string(val);
    else if (key_is("cpuset")) out.cpuset = std::string(val);
    else if (key_is("mems_allowed")) out.mems_allowed = std::string(val);
    else if (key_is("oom_memcg") || key_is("task_memcg")) {
      // A poster's elision (`/lxc.payload....-lxc/…`) leaves no path to name.
      // So does `less -S`'s `>` that marks a chopped line, on the line's last path (the kernel prints
      // `,task=…,pid=…,uid=…` after it).
      if (find_ellipsis(val) != std::string_view::npos ||
          (s.empty() && !val.empty() && val.back() == '>')) {
        out.elided = true;
        continue;
      }
      std::string path(val);
      if (!unspace_container_id(path)) {
        out.elided = true;
        continue;
      }
      // The line ends in this path (the kernel prints `,task=…` after it): it may be cut inside a name.
      if (s.empty() && memcg_path_cut(path)) {
        out.path_cut = true;
        continue;
      }
      if (key_is("task_memcg")) task_memcg_ends_line = s.empty();
      (key_is("oom_memcg") ? out.oom_memcg : out.task_memcg) = std::move(path);
    }
    else if (key_is("task")) out.task = std::string(val);
    // A translator's spaces around a number (`pid= 2953 , liquid=999`, its `uid=` translated): the
    // kernel prints none, and a number ends at the next ','.
    else if (key_is("pid")) out.pid = parse_i64(trim(val.substr(0, val.find(','))));
    else if (key_is("uid")) {
      if (auto u = parse_u64(trim(val.substr(0, val.find(',')))); u && *u <= UINT32_MAX)
        out.uid = static_cast<uint32_t>(*u);
    }
  }
  // A memcg OOM's victim is in the OOM memcg or below it (mem_cgroup_scan_tasks() walks that subtree), so a
  // task_memcg ending the line outside it was cut by a viewer (`oom_memcg=/docker/37a2…,task_memcg=/docke`):
  // unknown.
  if (task_memcg_ends_line && out.oom_memcg && out.task_memcg && !memcg_within(*out.task_memcg, *out.oom_memcg)) {
    out.task_memcg.reset();
    out.task_memcg_outside = true;
  }
}
}  // namespace

bool parse_summary(std::string_view s, Summary& out) {
  if (trim(s) == "oom-kill:") return true;  // cut at its first field (prefix.cpp): every field unknown
  size_t a = s.find("oom-kill:");
  if (a == std::string_view::npos || !at_key(s.substr(a + 9))) return false;
  apply_summary_fields(trim(s.substr(a + 9)), out);
  return true;
}

bool parse_summary_continuation(std::string_view s, Summary& out) {
  if (s.size() < 2 || s[0] != ',' || !at_key(s.substr(1))) return false;
  apply_summary_fields(trim(s.substr(1)), out);
  return true;
}

std::optional<CounterLine> parse_counter(std::string_view s) {
  size_t colon = s.find(": usage ");
  if (colon == std::string_view::npos) return std::nullopt;
  std::string_view name = s.substr(0, colon);
  if (name != "memory" && name != "memory+swap" && name != "swap" && name != "kmem") return std::nullopt;
  CounterLine c;
  c.name = std::string(name);
  std::string_view rest = s.substr(colon + 1);
  c.usage_kb = field_sized(rest, "usage ", "kB");
  c.limit_kb = field_sized(rest, "limit ", "kB");
  if (auto f = field_int(rest, "failcnt "); f && *f >= 0) c.failcnt = static_cast<uint64_t>(*f);
  return c;
}

namespace {
// Container ids are 64 hex digits in every runtime's cgroup name.
constexpr size_t kRuntimeIdHex = 64;
// A Kubernetes pod UID (8-4-4-4-12, `_` for `-` under systemd's driver);
// a static pod's is 32 hex digits without dashes.
constexpr size_t kPodUid = 36, kStaticPodUid = 32;
}  // namespace

bool memcg_path_cut(std::string_view path) {
  if (path.size() > 1 && path.back() == '/') return true;
  const size_t slash = path.rfind('/');
  const std::string_view c = slash == std::string_view::npos ? path : path.substr(slash + 1);
  std::string_view parent;
  if (slash != std::string_view::npos && slash > 0) {
    parent = path.substr(0, slash);
    parent = parent.substr(parent.rfind('/') + 1);
  }
  if (c.empty()) return false;
  // A unit suffix cut short: `libpod-….sc`, `….` (a name holds no other dot after its id).
  if (size_t dot = c.rfind('.'); dot != std::string_view::npos) {
    const std::string_view suffix = c.substr(dot + 1);
    for (std::string_view unit : {"scope", "slice", "service"})
      if (suffix.size() < unit.size() && unit.substr(0, suffix.size()) == suffix) return true;
    return false;  // a whole suffix: the name ends there
  }
  const bool under_slice = ends_with(parent, ".slice");
  size_t h = c.size();
  while (h > 0 && is_xdigit(c[h - 1])) --h;
  const std::string_view id = c.substr(h), before = c.substr(0, h);
  if (!id.empty()) {
    for (std::string_view runtime :
         {"docker-", "libpod-", "libpod_pod_", "libpod-conmon-", "cri-containerd-", "crio-", "crio-conmon-"}) {
      if (!ends_with(before, runtime)) continue;
      if (id.size() < kRuntimeIdHex) return true;  // `libpod-3f2a`
      // systemd's driver names it `docker-<id>.scope`, `machine-libpod_pod_<id>.slice`:
      // under a slice, without that suffix, the name was cut after its id.
      return under_slice && id.size() == kRuntimeIdHex;
    }
    // A bare id: cgroupfs drivers' `/docker/<id>` (12 digits or more: a
    // short id's length), `/kubepods/…/pod<uid>/<id>` (nothing else lives there).
    if (before.empty() && id.size() < kRuntimeIdHex &&
        ((parent == "docker" && id.size() >= 12) || starts_with(parent, "pod")))
      return true;
  }
  // A pod's cgroup: `pod<uid>` (cgroupfs), `kubepods-…-pod<uid with _>.slice` (systemd).
  if (size_t p = c.rfind("pod"); p != std::string_view::npos && p + 3 < c.size()) {
    const std::string_view uid = c.substr(p + 3);
    bool uid_chars = true, dashes = false;
    for (char ch : uid) {
      dashes = dashes || ch == '-' || ch == '_';
      uid_chars = uid_chars && (is_xdigit(ch) || ch == '-' || ch == '_');
    }
    if (uid_chars && (p == 0 || c[p - 1] == '-')) {
      if (dashes && uid.size() < kPodUid) return true;
      if (under_slice && (uid.size() == kPodUid || uid.size() == kStaticPodUid)) return true;
    }
  }
  return false;
}

std::optional<TaskIn> parse_task_in(std::string_view s, bool line_cut) {
  constexpr std::string_view kMid = " killed as a result of limit of ";
  if (s == "Task in") return TaskIn{};  // both paths cut by a viewer (prefix.cpp): unknown
  if (!starts_with(s, "Task in ")) return std::nullopt;
  if (line_cut) {  // cut after the first path, inside `killed …` (prefix.cpp dropped the cut word)
    const std::string_view path = trim(s.substr(8));
    if (!path.empty() && path.front() == '/' && path.find_first_of(" \t") == std::string_view::npos) {
      TaskIn out;
      if (find_ellipsis(path) == std::string_view::npos && !memcg_path_cut(path)) out.task_memcg = std::string(path);
      return out;  // the OOM memcg is unknown: never the cut line's path
    }
  }
  // A viewer's cut (prefix.cpp drops the cut path): the OOM memcg is unknown.
  if (ends_with(s, trim_right(kMid))) return TaskIn{std::string(s.substr(8, s.size() - 8 - (kMid.size() - 1))), {}};
  size_t m = s.find(kMid);
  const size_t cut = find_ellipsis(s);
  // A viewer cut the line inside its first path and the poster's wrapped rest
  // came after the marker (`Task in /kubepods/…cab...ds/pod…`): both unknown.
  if (m == std::string_view::npos) return cut == std::string_view::npos ? std::nullopt : std::optional(TaskIn{});
  TaskIn out{cut < m ? std::string() : std::string(s.substr(8, m - 8)), std::string(trim(s.substr(m + kMid.size())))};
  // A cgroup path starts with `/`; `host` (Alibaba Cloud Linux, a global OOM) names the machine.
  if (out.oom_memcg == "host") {
    out.oom_memcg.clear();
    out.limit_of_host = true;
    return out;
  }
  if (find_ellipsis(out.oom_memcg) != std::string_view::npos) out.oom_memcg.clear();
  if (memcg_path_cut(out.oom_memcg)) {  // the line's last path, cut without a `...`: unknown
    out.oom_memcg.clear();
    out.path_cut = true;
  }
  return out;
}

std::optional<StatsHeader> parse_stats_header(std::string_view s) {
  constexpr std::string_view kHead = "Memory cgroup stats for ";
  if (s == trim_right(kHead)) return StatsHeader{};  // the path was cut (prefix.cpp): unknown
  if (!starts_with(s, kHead)) return std::nullopt;
  std::string_view t = s.substr(kHead.size());
  // The path ends at ':' followed by space/end (paths hold no ": ").
  size_t end = t.find(": ");
  std::string_view path = end == std::string_view::npos ? trim_right(t) : t.substr(0, end);
  if (end == std::string_view::npos && !path.empty() && path.back() == ':') path.remove_suffix(1);
  StatsHeader h;
  std::string_view pairs = end == std::string_view::npos ? std::string_view{} : t.substr(end + 1);
  if (size_t e = find_ellipsis(path); e != std::string_view::npos) {
    h.elided = true;
    if (end == std::string_view::npos) {  // `…/0249...8KB rss_huge:0KB …`: pairs after the cut figure
      pairs = t.substr(e);
      pairs.remove_prefix(std::min(pairs.size(), pairs.find(' ')));
    }
  } else {
    h.path = std::string(path);
  }
  if (!pairs.empty()) {
    while (!pairs.empty()) {
      std::string_view tok = take_token(pairs);
      if (tok.empty()) break;
      size_t c = tok.find(':');
      if (c == std::string_view::npos) continue;
      std::string_view v = tok.substr(c + 1);
      if (auto n = take_sized(v, "KB")) h.kb_pairs.emplace_back(std::string(tok.substr(0, c)), *n);
    }
  }
  return h;
}

std::optional<std::pair<std::string, uint64_t>> parse_stat_kv(std::string_view s) {
  s = trim(s);
  size_t sp = s.find(' ');
  if (sp == 0 || sp == std::string_view::npos) return std::nullopt;
  std::string_view key = s.substr(0, sp);
  for (char c : key)
    if (!((c >= 'a' && c <= 'z') || c == '_' || is_digit(c))) return std::nullopt;
  auto v = parse_u64(trim(s.substr(sp + 1)));
  if (!v) return std::nullopt;
  return std::make_pair(std::string(key), *v);
}

bool starts_table_header(std::string_view s) {
  if (s.empty() || s[0] != '[') return false;
  size_t close = s.find(']');
  return close != std::string_view::npos && trim(s.substr(1, close - 1)) == "pid";
}

std::optional<std::vector<std::string>> parse_table_header(std::string_view s) {
  if (!starts_table_header(s)) return std::nullopt;
  size_t close = s.find(']');
  std::vector<std::string> cols;
  std::string_view t = s.substr(close + 1);
  for (std::string_view tok = take_token(t); !tok.empty(); tok = take_token(t)) cols.emplace_back(tok);
  if (cols.size() < 3 || cols.back() != "name") return std::nullopt;
  return cols;
}

std::string without_pads(std::string_view t, std::string_view keep) {
  std::string out;
  out.reserve(t.size());
  for (size_t i = 0; i < t.size();) {
    size_t e = i;
    while (e < t.size() && t[e] == ' ') ++e;
    if (e - i >= 4) {
      out.append(keep);
      i = e;
      continue;
    }
    if (e > i) {
      out.append(t.substr(i, e - i));
      i = e;
      continue;
    }
    out.push_back(t[i++]);
  }
  return out;
}

std::optional<RowLine> parse_row(std::string_view s) {
  if (s.empty() || s[0] != '[') return std::nullopt;
  size_t close = s.find(']');
  if (close == std::string_view::npos) return std::nullopt;
  auto pid = parse_i64(trim(s.substr(1, close - 1)));
  if (!pid) return std::nullopt;
  RowLine r;
  r.pid = *pid;
  std::string_view t = s.substr(close + 1);
  for (;;) {
    std::string_view before = t;
    std::string_view tok = take_token(t);
    if (tok.empty()) break;
    auto n = parse_i64(tok);
    if (!n) {
      // A comm holds no run of 4 spaces: that is a terminal's pad inside it
      // (`systemd-jou        rnal`), dropped.
      r.comm = without_pads(trim(before));
      break;
    }
    r.numbers.push_back(*n);
  }
  if (r.numbers.size() < 3) return std::nullopt;
  // A quoted-printable soft line break (`=` ending a mail's line) that no
  // decoder removed: the comm is on the next line, not `=`.
  if (r.comm == "=") r.comm.clear();
  return r;
}

namespace {
// `N (COMM)` then `tail` right after the `)`: the pid and the comm (the last `)` before `tail`).
bool pid_comm_then(std::string_view s, std::string_view tail, NotKilled& out) {
  size_t i = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  const auto pid = parse_i64(s.substr(0, i));
  if (!pid || s.substr(i, 2) != " (") return false;
  const size_t close = s.rfind(")" + std::string(tail));
  if (close == std::string_view::npos || close < i + 2) return false;
  out.pid = pid;
  out.comm = std::string(s.substr(i + 2, close - i - 2));
  return !out.comm.empty() && out.comm.size() <= 15;
}
}  // namespace

std::optional<NotKilled> parse_not_killed(std::string_view s) {
  NotKilled n;
  if (starts_with(s, "OOM: disabled for process ")) {
    std::string_view rest = s.substr(26);
    n.why = NotKilled::Why::disabled;
    for (std::string_view by : {std::string_view("oom_adj"), std::string_view("virtinfo")})
      if (pid_comm_then(rest, std::string(" by ") + std::string(by) + ".", n)) {
        n.by = std::string(by);
        return n;
      }
    return std::nullopt;
  }
  if (starts_with(s, "OOM: no mm for process ")) {
    n.why = NotKilled::Why::no_mm;
    if (pid_comm_then(s.substr(23), ".", n)) return n;
    return std::nullopt;
  }
  for (std::string_view head : {std::string_view("Would have killed process "),
                                std::string_view("oom_kill_process: would have killed process ")})
    if (starts_with(s, head)) {
      n.why = NotKilled::Why::dry_run;
      const std::string_view rest = s.substr(head.size());
      if (pid_comm_then(rest, ". But continuing instead.", n) || pid_comm_then(rest, ", but continuing instead...", n))
        return n;
      return std::nullopt;
    }
  if (starts_with(s, "oom-killer in ub ")) {
    std::string_view rest = s.substr(17);
    const size_t sp = rest.find(' ');
    const auto ub = sp == std::string_view::npos ? std::nullopt : parse_i64(rest.substr(0, sp));
    const size_t ends = rest.find(" ends: ");
    if (!ub || ends == std::string_view::npos || !starts_with(rest.substr(sp), " generation ")) return std::nullopt;
    n.why = NotKilled::Why::ub_oom_ended;
    n.ub = ub;
    n.reason = std::string(trim(rest.substr(ends + 7)));
    if (n.reason.empty()) return std::nullopt;
    return n;
  }
  return std::nullopt;
}

std::optional<std::string> parse_group_kill(std::string_view s) {
  constexpr std::string_view kTail = " are going to be killed due to memory.oom.group set";
  if (!starts_with(s, "Tasks in ")) return std::nullopt;
  size_t e = s.find(kTail);
  if (e == std::string_view::npos || e < 9) return std::nullopt;
  return std::string(s.substr(9, e - 9));
}

}  // namespace oomlens::oomline
