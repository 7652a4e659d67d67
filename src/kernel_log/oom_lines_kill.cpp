// Line parsers of the OOM report (see oom_lines.h): the kill line and the
// selection line (`Kill process N (comm) score S …`), whole or cut.
#include "kernel_log/oom_lines.h"

#include <algorithm>

#include "kernel_log/oom_lines_parts.h"
#include "util/ascii.h"
#include "util/text.h"

namespace oomlens::oomline {
namespace {

using namespace oomlens::text;

// The text before `anchor` as a message when it ends in ": ", and only when
// it is one the kernel prints (oom_kill.c: `Out of memory`, `Memory cgroup
// out of memory`, `Out of memory (oom_kill_allocating_task)`, ≤2.6.1x's `Out of Memory`): the rest of a
// wrapped message (`ry`, `memory`) or a piece of a broken JSON record is
// unknown (null), never a message (issue 12). A label that quoted the line
// (`OOMKilling: ` of a Kubernetes node event, `1 OOMKilling: ` as kubectl
// lists it) ends in ": " before the whole message: the message is still it.
std::optional<std::string> message_before(std::string_view s, size_t anchor_pos) {
  std::string_view m = trim_right(s.substr(0, anchor_pos));
  if (m.empty() || m.back() != ':') return std::nullopt;
  m.remove_suffix(1);
  m = trim(m);
  // `Out of Memory` (capital M): Linux 2.2, 2.4 and early 2.6's `Out of Memory: Killed process N (comm).`.
  for (std::string_view known : {"Out of memory", "Memory cgroup out of memory", "Out of memory (oom_kill_allocating_task)",
                                 "Out of Memory"}) {
    if (m == known) return std::string(known);
    if (m.size() > known.size() + 1 && ends_with(m, known) && ends_with(m.substr(0, m.size() - known.size()), ": "))
      return std::string(known);
    // A page that ran the record into its prose (`… as follows Out of memory: Kill process …`): the kernel's
    // messages start with a capital letter, which no longer message ends in (`Memory cgroup out of memory`).
    if (m.size() > known.size() + 1 && ends_with(m, known) && m[m.size() - known.size() - 1] == ' ')
      return std::string(known);
    // A page that quoted the record inside its prose, the quote or code span opened right before the message
    // (``dmesg`: `Memory cgroup out of memory: Killed process 972 …``, `captured live: "Out of memory: …`, a
    // markdown bold `**Out of memory: …`, corpus 634 and 636): the mark is the page's, the message the kernel's.
    if (m.size() > known.size() && ends_with(m, known))
      if (const char open = m[m.size() - known.size() - 1]; open == '`' || open == '"' || open == '\'' || open == '*')
        return std::string(known);
    // A /dev/kmsg record whose fields were not read as its prefix (`// 3,1362,97646497541,-;Out of memory: …`, a
    // sample quoted in a source comment, corpus 853): the `;` ends the record's fields, the message is the kernel's.
    if (m.size() > known.size() + 2 && ends_with(m, known))
      if (const std::string_view f = m.substr(0, m.size() - known.size()); ends_with(f, ",-;") || ends_with(f, ",c;"))
        return std::string(known);
  }
  return std::nullopt;
}

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

}  // namespace

// Declared, with its default argument, in oom_lines_parts.h.
std::optional<int64_t> pid_then_comm(std::string_view s, std::string_view anchor, std::string_view& comm,
                                     size_t* anchor_at) {
  const size_t a = s.find(anchor);
  if (a == std::string_view::npos) return std::nullopt;
  std::string_view t = s.substr(a + anchor.size());
  auto pid = take_i64(t);
  // ` (` after the pid; or `(` alone: a mail client's hard wrap at that space, whose rest a prefixed line's
  // unprefixed piece appends without it (`reaped process 3035` + `(oomprocs), now …`, corpus 808).
  if (!pid || !(starts_with(t, " (") || starts_with(t, "("))) return std::nullopt;
  comm = t.substr(t[0] == ' ' ? 2 : 1);
  if (anchor_at) *anchor_at = a;
  return pid;
}

namespace {

// Whether `a` and `b` are at most one edit apart (one byte changed, added or dropped).
bool one_edit_apart(std::string_view a, std::string_view b) {
  if (a.size() > b.size()) std::swap(a, b);
  if (b.size() - a.size() > 1) return false;
  size_t i = 0;
  while (i < a.size() && a[i] == b[i]) ++i;
  if (a.size() == b.size()) return a.substr(i + (i < a.size())) == b.substr(i + (i < b.size()));
  return a.substr(i) == b.substr(i + 1);
}

// A kill line typed again from a photo or a screen (corpus 839: `shmen-rss:0KB`, `oom_score ad j:200`): the value
// of a field whose `key` (8 bytes or more, so no short word is taken for it) the text does not hold, written with
// one byte changed, added or dropped, or blanks inside it (a terminal's pad, a retyping), and a `KB` for `kB`
// (`unit` empty: a signed integer).
// Only the first such spelling counts, and only one: two are ambiguous.
std::optional<int64_t> retyped_field(std::string_view figs, std::string_view key, std::string_view unit) {
  std::string packed;  // figs without blanks, where a retyping put them inside a key
  for (char c : figs)
    if (c != ' ') packed += c;
  std::optional<int64_t> found;
  for (size_t colon = packed.find(':'); colon != std::string::npos; colon = packed.find(':', colon + 1)) {
    bool match = false;
    for (size_t len = key.size() - 1; len <= key.size() + 1 && !match; ++len) {
      if (len > colon) break;
      const std::string_view word = std::string_view(packed).substr(colon - len, len);
      const size_t before = colon - len;
      // The key starts a field: at the figures' start or after a `,` or a unit's `B`.
      const bool starts = before == 0 || packed[before - 1] == ',' || packed[before - 1] == 'B';
      match = starts && word.find(',') == std::string_view::npos && one_edit_apart(word, key);
    }
    if (!match) continue;
    std::string_view v = std::string_view(packed).substr(colon + 1);
    const bool negative = unit.empty() && !v.empty() && v[0] == '-';
    if (negative) v.remove_prefix(1);
    size_t d = 0;
    while (d < v.size() && d < 18 && is_digit(v[d])) ++d;
    if (d == 0) continue;
    if (!unit.empty() && !(v.substr(d, 2) == "kB" || v.substr(d, 2) == "KB")) continue;
    if (found) return std::nullopt;
    int64_t n = 0;
    for (size_t i = 0; i < d; ++i) n = n * 10 + (v[i] - '0');
    found = negative ? -n : n;
  }
  return found;
}

}  // namespace

namespace {

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

// A writer's mask where the pid was (`NNNN`, `XXX`, `...`, `…`, `?`): one character repeated, at most 10.
bool pid_mask(std::string_view m) {
  if (m == "\u2026") return true;
  if (m.empty() || m.size() > 10) return false;
  const char c = m[0];
  return (c == 'N' || c == 'n' || c == 'X' || c == 'x' || c == '.' || c == '?') &&
         std::all_of(m.begin(), m.end(), [c](char d) { return d == c; });
}

// A kill line whose pid the writer left out or masked (`Killed process (pt_data_worker) anon-rss:29603...`, corpus
// 729; `Killed process NNNN (python) total-vm:…`, corpus 731): `t` left at the `(` of the name, the pid unknown
// (0: the idle task is never a victim). parse_kill() keeps it only with a kill line's figure after the name.
std::optional<KillLine> masked_pid_kill_head(std::string_view s, std::string_view& t) {
  constexpr std::string_view kAnchor = "Killed process ";
  const size_t a = s.find(kAnchor);
  if (a == std::string_view::npos) return std::nullopt;
  std::string_view r = s.substr(a + kAnchor.size());
  if (!starts_with(r, "(")) {
    const size_t sp = r.find(' ');
    if (sp == std::string_view::npos || !pid_mask(r.substr(0, sp))) return std::nullopt;
    r.remove_prefix(sp + 1);
    if (!starts_with(r, "(")) return std::nullopt;
  }
  KillLine k;
  k.message = message_before(s, a);
  t = r;
  return k;
}

// `key` then a digit in `figs`: a figure the kill line prints, whole or cut (`anon-rss:29603...`), never a
// template's `total-vm:…kB` or prose.
bool figure_printed(std::string_view figs, std::string_view key) {
  const size_t at = figs.find(key);
  if (at == std::string_view::npos) return false;
  // A writer's space after the colon (`total-vm: 5889288kB`, corpus 775) leaves the figure a figure.
  const std::string_view v = trim_left(figs.substr(at + key.size()));
  return !v.empty() && is_digit(v[0]);
}

// Nothing after a kill line's name but a writer's closing quote or sentence end: a line the kernel's message opens
// (`Out of memory: Killed process (koboldcpp)`) whose figures, if any, a wrap put on the next line (corpus 775).
bool nothing_after_name(std::string_view figs) {
  for (char c : figs)
    if (c != ' ' && c != '\t' && c != '`' && c != '\'' && c != '"' && c != '.' && c != ',') return false;
  return true;
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

namespace {
std::optional<KillLine> with_figures(KillLine& k, std::string_view figs);
}  // namespace

std::optional<KillLine> parse_kill(std::string_view s) {
  std::string unquoted;
  s = without_joined_quote(s, unquoted);
  std::string_view t;
  auto head = kill_head(s, t);
  const bool masked_pid = !head && (head = masked_pid_kill_head(s, t));
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
  // A kill line a writer copied without its `(comm)` (`Killed process 1044797 total-vm:944314492kB anon-rss:…`,
  // corpus 891): the pid straight followed by the kernel's first figure; the name unknown (empty).
  if (!masked_pid && (starts_with(t, "total-vm:") || starts_with(t, "anon-rss:")) &&
      (figure_printed(t, "total-vm:") || figure_printed(t, "anon-rss:")))
    return with_figures(k, t);
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
  // A masked pid and no figure: a kill only when the kernel's message opens it, no pid is printed (a placeholder's
  // `NNNN` is a template's) and nothing follows the name (its
  // figures wrapped to the next line, or none pasted): prose that names a killed process is none.
  if (masked_pid && !figure_printed(figs, "total-vm:") && !figure_printed(figs, "anon-rss:") &&
      !(k.message && nothing_after_name(figs) && s.find("process (") != std::string_view::npos))
    return std::nullopt;
  return with_figures(k, figs);
}

namespace {

// The kill line's figures after its name (`figs`) into `k`; whether a viewer cut them (KillLine::cut).
std::optional<KillLine> with_figures(KillLine& k, std::string_view figs) {
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
  // A retyped line's misspelt keys (retyped_field()): read when the kernel's spelling is not in the text.
  bool retyped_last = false;
  if (k.message && (k.total_vm_kb || k.anon_rss_kb)) {
    const auto retyped_kb = [&](std::optional<uint64_t>& to, std::string_view key) {
      if (to || figs.find(key) != std::string_view::npos) return;
      if (const auto v = retyped_field(figs, key.substr(0, key.size() - 1), "kB"); v && *v >= 0)
        to = static_cast<uint64_t>(*v);
    };
    retyped_kb(k.anon_rss_kb, "anon-rss:");
    retyped_kb(k.file_rss_kb, "file-rss:");
    retyped_kb(k.shmem_rss_kb, "shmem-rss:");
    retyped_kb(k.pgtables_kb, "pgtables:");
    if (!k.oom_score_adj && figs.find("oom_score_adj:") == std::string_view::npos) {
      k.oom_score_adj = to_int(retyped_field(figs, "oom_score_adj", ""));
      retyped_last = k.oom_score_adj.has_value();
    }
  }
  // `Out of Memory` (capital M) was the kill line of Linux 2.2, 2.4 and early 2.6, which printed the pid and the
  // comm alone (`Out of Memory: Killed process N (comm).`); every kernel that prints the victim's sizes on the kill
  // line writes `Out of memory`. With sizes, the capital is a person's retyping (corpus 791): the message is that.
  if (k.message && *k.message == "Out of Memory" && (k.total_vm_kb || k.anon_rss_kb || k.file_rss_kb))
    k.message = "Out of memory";
  // Every field the kernel prints ends in `kB` or is `UID:U`/`oom_score_adj:A`: a last word that is none of
  // them is a field a viewer cut (`total-`, `shmem-rs`, `anon-rss:`).
  const std::string_view figs_end = text::trim_right(figs);
  if (!figs_end.empty()) {
    const size_t sp = figs_end.find_last_of(" ,");
    std::string_view last = sp == std::string_view::npos ? figs_end : figs_end.substr(sp + 1);
    // A poster's quote closing after the line (a markdown code span's `` ` ``, a shell string's `'`) is no
    // part of the last field (corpus 710, 711).
    while (!last.empty() && (last.back() == '`' || last.back() == '\'' || last.back() == '"')) last.remove_suffix(1);
    const auto whole_int = [&](std::string_view key) {
      if (!starts_with(last, key)) return false;
      std::string_view n = last.substr(key.size());
      if (!n.empty() && n[0] == '-') n.remove_prefix(1);
      return !n.empty() && std::all_of(n.begin(), n.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    k.cut = !last.empty() && !ends_with(last, "kB") && !whole_int("UID:") && !whole_int("oom_score_adj:") &&
            !(retyped_last && is_digit(last.back()));
    // `less -S`'s `>` marks the line chopped inside UID's or oom_score_adj's value (`UID:1>` for `UID:1000`):
    // the digits before it are a prefix of the value, not the value (1, 10 or 1000): unknown.
    if (k.cut && ends_with(last, ">")) {
      last.remove_suffix(1);
      if (whole_int("UID:")) k.uid.reset();
      if (whole_int("oom_score_adj:")) k.oom_score_adj.reset();
    }
  }
  return k;
}

}  // namespace

std::optional<std::string> parse_vm_killing(std::string_view s) {
  constexpr std::string_view kAnchor = "VM: killing process";
  s = trim(s);
  if (!starts_with(s, kAnchor)) return std::nullopt;
  std::string_view comm = s.substr(kAnchor.size());
  if (!comm.empty() && comm[0] != ' ') return std::nullopt;
  return std::string(trim(comm));
}

namespace {
// A masked-pid kill line whose figures a cut dropped (`Memory cgroup out of memory: Killed process (pt_data_worker)`
// left of `anon-rss:29603...`, corpus 729): its message and name, the pid unknown (0), no size. Read only after the
// kernel's `… out of memory` message and with the name closing the line: prose naming a process is no kill.
std::optional<KillLine> masked_pid_stump(std::string_view s) {
  std::string_view t;
  auto k = masked_pid_kill_head(s, t);
  if (!k || !k->message || !ends_with_ascii_ci(*k->message, "out of memory")) return std::nullopt;
  t.remove_prefix(1);  // its `(`
  const size_t close = t.rfind(')');
  if (close == std::string_view::npos || close == 0 || close > 15 || !trim(t.substr(close + 1)).empty())
    return std::nullopt;
  k->comm = std::string(t.substr(0, close));
  k->cut = true;
  return k;
}
}  // namespace

std::optional<KillLine> parse_kill_stump(std::string_view s) {
  std::string_view t;
  auto k = kill_head(s, t);
  if (!k) return masked_pid_stump(s);
  if (!(t.empty() || t[0] == ' ' || t[0] == ',')) return std::nullopt;
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
  size_t len = 13;
  if (a == std::string_view::npos) {  // `Out of memory: Kill` + `process N (…`: a hard wrap at that space, rejoined
    a = s.find("Killprocess ");       // without it (corpus 808, a Gmail-wrapped quote)
    if (a == std::string_view::npos) a = s.find("killprocess ");
    len = 12;
  }
  if (a == std::string_view::npos) return false;
  sel->message = message_before(s, a);
  *rest = s.substr(a + len);
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
  if (!parse_select_head(s, &sel, &t)) return std::nullopt;
  // ` (` after the pid; `(` glued to it where a poster retyped the line without the space (`Kill process
  // 22667(mongod) score 238 …`, corpus 855), as parse_kill() and pid_then_comm() read it.
  if (starts_with(t, " (")) t.remove_prefix(2);
  else if (starts_with(t, "(")) t.remove_prefix(1);
  else return std::nullopt;
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
  // ≤2.6.35 prints `kill process` in lower case and ends `or a child` (that end may be wrapped away).
  sel.legacy_badness = sel.score && (trim(sc) == "or a child" || (s.find("Kill process ") == std::string_view::npos &&
                                                                    s.find("Killprocess ") == std::string_view::npos));
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

}  // namespace oomlens::oomline
