// Line parsers of the OOM report (see oom_lines.h): what followed the kill
// (the OOM reaper, the `oom-kill:` summary) and the lines of a task not killed
// or a group kill.
#include "kernel_log/oom_lines.h"

#include <algorithm>
#include <array>

#include "kernel_log/oom_lines_parts.h"
#include "util/ascii.h"
#include "util/text.h"
#include "util/units.h"

namespace oomlens::oomline {
namespace {
using namespace oomlens::text;
}  // namespace

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
  // The oom_reaper's first version (linux-next, early 2016) printed `shmem-rss:%lulB`, the kernel's own typo for
  // kB, fixed by a later patch (`s@lulB@lukB@`): the same kB figure (corpus 651, `shmem-rss:0lB`).
  if (!r.shmem_rss_kb) r.shmem_rss_kb = field_sized(figs, "shmem-rss:", "lB");
  return r;
}

std::optional<int64_t> parse_reaper_failed(std::string_view s) {
  constexpr std::string_view kAnchor = "oom_reaper: unable to reap pid:";
  const size_t a = s.find(kAnchor);
  if (a == std::string_view::npos) return std::nullopt;
  std::string_view t = s.substr(a + kAnchor.size());
  const auto pid = take_i64(t);
  if (!pid || *pid <= 0 || !starts_with(t, " (")) return std::nullopt;
  return pid;
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

// The end of a poster's elision at `at` (`...`, `…`, more dots) and of the blanks and commas after it.
size_t past_elision(std::string_view s, size_t at) {
  size_t e = at + (starts_with(s.substr(at), kEllipsis) ? kEllipsis.size() : kThreeDots.size());
  while (e < s.size() && (s[e] == '.' || s[e] == ' ' || s[e] == ','))
    ++e;
  return e;
}

// A poster's elision between two fields (`task=pt_data_worker,pid=61138... uid=1001`, `CONSTRAINT_NONE,...,task=`,
// corpus 626 and 632): what it left out lay between them, so the field before it ends there, whole, and the next
// starts after it; read as the comma the kernel prints. An elision followed by no key (`task_memcg=/a/…/b`, `task=x
// ... anon-rss:…`) is kept, for the field it is in to tell. So is one glued to both the value before it and the
// key after it (`oom_memcg=/kubepods…pod233b_...task_memcg=…`: a viewer's cut at a line's end, the summary's next
// piece, broken there by a poster, joined after it, corpus 727): the field before it was cut, not ended there.
std::string elisions_as_separators(std::string_view s) {
  std::string out;
  size_t from = 0;
  for (size_t at = find_ellipsis(s); at != std::string_view::npos;) {
    const size_t next = past_elision(s, at);
    const size_t mark = starts_with(s.substr(at), kEllipsis) ? kEllipsis.size() : kThreeDots.size();
    const bool glued = at > 0 && s[at - 1] != ' ' && s[at - 1] != ',' && next == at + mark;
    if (next < s.size() && at_key(s.substr(next)) && glued) {
      out.append(s.substr(from, next - from));
      out += ',';
      from = next;
    } else if (next < s.size() && at_key(s.substr(next))) {
      out.append(trim_right(s.substr(from, at - from)));
      while (!out.empty() && out.back() == ',') out.pop_back();
      out += ',';
      from = next;
    }
    const size_t later = find_ellipsis(s.substr(next));
    at = later == std::string_view::npos ? later : next + later;
  }
  out.append(s.substr(from));
  return out;
}

// `path` less a last `,stump` that is the start of `next_key` (`task=`) cut by a viewer, with at most one more
// character (a viewer that keeps a cut line's last one: `,tas0`); `path` itself otherwise. A stump holds no `/`
// or `=`, so no path component is taken for one.
std::string_view drop_key_stump(std::string_view path, std::string_view next_key) {
  const size_t c = path.rfind(',');
  if (c == std::string_view::npos) return path;
  const std::string_view rest = path.substr(c + 1);
  if (rest.empty() || rest.size() > next_key.size() || rest.find_first_of("/=") != std::string_view::npos)
    return path;
  const std::string_view head = next_key.substr(0, rest.size());
  if (rest == head || (rest.size() >= 2 && rest.substr(0, rest.size() - 1) == head.substr(0, rest.size() - 1)))
    return path.substr(0, c);
  return path;
}

// Splits `k=v,k=v` at commas that start a known key (values such as
// nodemask `0-1,3` contain commas). The kernel prints no space after a
// comma: one there is a rejoined wrap's (`…CONSTRAINT_MEMCG,` + `  oom_memcg=…`).
void apply_summary_fields(std::string_view text, Summary& out) {
  const std::string fields = elisions_as_separators(text);
  std::string_view s = fields;
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
    // An enum name (`CONSTRAINT_NONE`): it ends at a comma or a space (a poster's `, ...` after it, corpus 654).
    else if (key_is("constraint")) {
      const std::string_view name = trim_left(val);
      out.constraint = std::string(trim_trailing_commas(name.substr(0, name.find_first_of(", "))));
    }
    else if (key_is("nodemask")) out.nodemask = std::string(val);
    // Ending the line with a comma, the separator of a summary a wrap cut there (`…,cpuset=test,` + `mems_allowed=…`,
    // corpus 618 re-prefixed): the comma is no part of the name.
    else if (key_is("cpuset")) out.cpuset = std::string(s.empty() ? trim_trailing_commas(val) : val);
    else if (key_is("mems_allowed")) out.mems_allowed = std::string(s.empty() ? trim_trailing_commas(val) : val);
    else if (key_is("oom_memcg") || key_is("task_memcg")) {
      // A poster's elision (`/lxc.payload....-lxc/…`) leaves no path to name.
      // So does `less -S`'s `>` that marks a chopped line, on the line's last path (the kernel prints
      // `,task=…,pid=…,uid=…` after it).
      if (find_ellipsis(val) != std::string_view::npos ||
          (s.empty() && !val.empty() && val.back() == '>')) {
        out.elided = true;
        continue;
      }
      // The line's last field, cut after its separator (`oom_memcg=/lxc.payload.librewxr,` + a rest a break put on
      // the next line): the comma is no part of the path.
      std::string path(s.empty() ? trim_trailing_commas(val) : val);
      // The line's last field with a stump of the key the kernel prints after it (`task_memcg=/a/b.service,tas0`: a
      // viewer cut inside `,task=`, keeping the line's last character, corpus 690): the comma is the kernel's
      // separator and the path before it whole.
      if (s.empty()) path = std::string(drop_key_stump(path, key_is("oom_memcg") ? "task_memcg=" : "task="));
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
    else if (key_is("task")) {
      // A comm (`task=%s`): at most 15 bytes (TASK_COMM_LEN - 1). A poster's elision after it (`task=weewx-clearskie
      // ... anon-rss:…`, corpus 600) ends it; a longer value without one holds what followed it on the page, not
      // the comm: unknown.
      std::string_view comm = val;
      if (const size_t dots = find_ellipsis(comm); dots != std::string_view::npos) comm = trim_right(comm.substr(0, dots));
      // The kernel prints `,pid=` right after the comm: `,pid` or `,uid` inside the value is that key with its
      // `=` broken (`task=dd,pid3D4=404`: a quoted-printable `=3D` a re-wrap split, corpus 618), so where
      // the comm ends is unknown.
      for (size_t c = comm.find(','); c != std::string_view::npos; c = comm.find(',', c + 1))
        if (starts_with_ascii_ci(comm.substr(c + 1), "pid") || starts_with_ascii_ci(comm.substr(c + 1), "uid")) {
          comm = {};
          break;
        }
      if (!comm.empty() && comm.size() <= 15) out.task = std::string(comm);
    }
    // A translator's spaces around a number (`pid= 2953 , liquid=999`, its `uid=` translated): the
    // kernel prints none, and a number ends at the next ','. dump_oom_summary() prints `,uid=` after the pid: one
    // that ends the text may be a stump (Summary::pid_ends_text).
    else if (key_is("pid")) {
      out.pid = parse_i64(trim(val.substr(0, val.find(','))));
      out.pid_ends_text = s.empty() && val.find(',') == std::string_view::npos;
    }
    else if (key_is("uid")) {
      std::string_view u_text = trim(val.substr(0, val.find(',')));
      // `uid=` ends the kernel's line: letters glued straight after its digits (`uid=1001user@host:~$`) are the
      // next line of the text, taken as the summary's wrapped rest (a shell prompt, a poster's word): the digits
      // are the uid. A digit after them is a wrap inside the number and stays its part.
      size_t digits = 0;
      while (digits < u_text.size() && is_digit(u_text[digits])) ++digits;
      if (digits > 0 && digits < u_text.size() && is_alpha(u_text[digits])) u_text = u_text.substr(0, digits);
      if (auto u = parse_u64(u_text); u && *u <= UINT32_MAX) out.uid = static_cast<uint32_t>(*u);
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
  if (a == std::string_view::npos) return false;
  std::string_view rest = s.substr(a + 9);
  // A poster's elision of the first fields (`oom-kill:... task=pt_data_worker,pid=61138`, corpus 626).
  if (const std::string_view t = trim_left(rest); find_ellipsis(t) == 0) rest = t.substr(past_elision(t, 0));
  // A poster's condensed copy spaced after the colon (`oom-kill: task=wsman,pid=881345,uid=0`, corpus 752): the
  // kernel prints none, but what follows is still its fields when it starts at one of their keys.
  if (!at_key(rest) && at_key(trim_left(rest))) rest = trim_left(rest);
  if (!at_key(rest)) return false;
  apply_summary_fields(trim(rest), out);
  return true;
}

bool summary_rest(std::string_view t) {
  t = trim(t);
  if (t.empty()) return false;
  if (t[0] == ',' || at_key(t) || t.find(' ') == std::string_view::npos) return true;
  for (size_t c = t.find(','); c != std::string_view::npos; c = t.find(',', c + 1))
    if (at_key(trim_left(t.substr(c + 1)))) return true;
  return false;
}

bool parse_summary_fields(std::string_view s, Summary& out) {
  s = trim(s);
  if (!at_key(s)) return false;
  apply_summary_fields(s, out);
  return true;
}

bool at_summary_key(std::string_view s) { return at_key(s); }

bool parse_summary_continuation(std::string_view s, Summary& out) {
  if (s.size() < 2 || s[0] != ',' || !at_key(s.substr(1))) return false;
  apply_summary_fields(trim(s.substr(1)), out);
  return true;
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
