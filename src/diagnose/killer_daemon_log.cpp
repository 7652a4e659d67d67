// Parsers of userspace OOM killers' log lines (see killer_daemon_log.h).
#include "diagnose/killer_daemon_log.h"
#include "util/i18n.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include "util/text.h"
#include "util/units.h"

namespace oomlens::diagnose {
namespace {

std::optional<int> to_pid(std::string_view s) {
  int v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v <= 0) return std::nullopt;
  return v;
}

// Leading digits of s (and what follows them).
std::string_view digits(std::string_view s) {
  size_t n = 0;
  while (n < s.size() && s[n] >= '0' && s[n] <= '9') ++n;
  return s.substr(0, n);
}

using text::trim;

bool is_signal(std::string_view s) { return s == "SIGTERM" || s == "SIGKILL"; }

// earlyoom before 1.2 (kill.c): `killing process 28367 "python3" with signal 15: badness 698, VmRSS 11793 MiB`.
std::optional<DaemonKill> parse_earlyoom_killing(std::string_view m) {
  constexpr std::string_view kKilling = "killing process ";
  const size_t at = m.find(kKilling);
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view s = m.substr(at + kKilling.size());
  const std::string_view pid = digits(s);
  DaemonKill k;
  k.pid = to_pid(pid);
  if (!k.pid || s.substr(pid.size(), 2) != " \"") return std::nullopt;
  s.remove_prefix(pid.size() + 2);
  constexpr std::string_view kWith = "\" with signal ";
  const size_t q = s.rfind(kWith);
  if (q == std::string_view::npos) return std::nullopt;
  k.name = std::string(s.substr(0, q));
  const std::string_view sig = digits(s.substr(q + kWith.size()));
  if (sig == "15") k.signal = "SIGTERM";
  else if (sig == "9") k.signal = "SIGKILL";
  else return std::nullopt;  // 0: its no-op self-test
  k.daemon = "earlyoom";
  k.message = std::string(m);
  return k;
}

}  // namespace

std::optional<DaemonKill> parse_earlyoom_line(std::string_view m) {
  m = trim(m);
  // Older versions prefix nothing; a log level or program name may precede it.
  auto at = m.find("sending SIG");
  if (at == std::string_view::npos) return parse_earlyoom_killing(m);
  std::string_view s = m.substr(at + 8);  // "SIGTERM to process …"
  auto sp = s.find(' ');
  if (sp == std::string_view::npos || !is_signal(s.substr(0, sp))) return std::nullopt;
  DaemonKill k;
  k.daemon = "earlyoom";
  k.signal = std::string(s.substr(0, sp));
  s.remove_prefix(sp);
  constexpr std::string_view kTo = " to process ";
  if (!s.starts_with(kTo)) return std::nullopt;
  s.remove_prefix(kTo.size());
  auto pid = digits(s);
  k.pid = to_pid(pid);
  if (!k.pid) return std::nullopt;
  s.remove_prefix(pid.size());
  // ` uid N "NAME": …`, or 1.3's ` "NAME": …` without the uid (corpus 792); the name may itself hold quotes: end at
  // the last `": `.
  if (s.starts_with(" uid ") || s.starts_with(" \"")) {
    auto q = s.find('"');
    auto e = s.rfind("\": ");
    if (q != std::string_view::npos && e != std::string_view::npos && e > q) k.name = std::string(s.substr(q + 1, e - q - 1));
  }
  k.message = std::string(m);
  return k;
}

std::optional<std::string_view> parse_earlyoom_escalation(std::string_view m) {
  constexpr std::string_view kEscalating = "escalating to SIGKILL after ";
  const size_t at = m.find(kEscalating);
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view s = m.substr(at + kEscalating.size());
  size_t n = 0;
  while (n < s.size() && ((s[n] >= '0' && s[n] <= '9') || (n > 0 && s[n] == '.'))) ++n;
  if (n == 0 || s.substr(n, 8) != " seconds") return std::nullopt;
  return s.substr(0, n);
}

std::optional<DaemonKill> parse_lmkd_line(std::string_view m) {
  m = trim(m);
  DaemonKill k;
  size_t at = m.find("Kill '");
  std::string_view s;
  if (at != std::string_view::npos) {
    k.daemon = "lmkd";
    s = m.substr(at + 6);
  } else if ((at = m.find("Reclaim '")) != std::string_view::npos) {
    k.daemon = "lmkd";  // Samsung's build: the same line, its kill worded `Reclaim`
    k.reclaim_wording = true;
    s = m.substr(at + 9);
  } else if ((at = m.find("Killing '")) != std::string_view::npos) {
    k.daemon = "lowmemorykiller";
    s = m.substr(at + 9);
  } else {
    return std::nullopt;
  }
  // `NAME' (PID), …`: the name ends at the last `' (` (a name may hold a quote).
  const size_t close = s.find("' (");
  if (close == std::string_view::npos || close == 0) return std::nullopt;
  k.name = std::string(s.substr(0, close));
  s.remove_prefix(close + 3);
  const std::string_view pid = digits(s);
  k.pid = to_pid(pid);
  if (!k.pid || s.substr(pid.size(), 2) != "),") return std::nullopt;
  s.remove_prefix(pid.size() + 2);
  for (std::string_view key : {std::string_view("oom_score_adj "), std::string_view("oom_adj "),
                               std::string_view(" adj ")}) {
    const size_t a = s.find(key);
    if (a == std::string_view::npos) continue;
    std::string_view v = s.substr(a + key.size());
    const bool neg = !v.empty() && v.front() == '-';
    if (neg) v.remove_prefix(1);
    if (auto n = to_pid(digits(v))) k.oom_score_adj = neg ? -*n : *n;
    else if (digits(v) == "0") k.oom_score_adj = 0;
    break;
  }
  if (const size_t f = s.find("to free "); f != std::string_view::npos) {
    std::string_view v = s.substr(f + 8);
    const std::string_view kb = digits(v);
    // kb_to_bytes: a figure too large for bytes is unknown, never wrapped.
    if (v.substr(kb.size(), 2) == "kB") k.rss_freed_bytes = kb_to_bytes(text::parse_u64(kb));
  }
  if (const size_t r = s.find("; reason: "); r != std::string_view::npos) k.reason = std::string(trim(s.substr(r + 10)));
  k.signal = "SIGKILL";
  k.message = std::string(m);
  return k;
}

std::optional<DaemonKill> parse_oomd_line(std::string_view m) {
  m = trim(m);
  constexpr std::string_view kKilled = "Killed ";
  if (!m.starts_with(kKilled)) return std::nullopt;
  std::string_view s = m.substr(kKilled.size());
  auto due = s.find(" due to ");
  if (due == std::string_view::npos || due == 0) return std::nullopt;
  std::string_view cg = s.substr(0, due);
  std::string_view why = s.substr(due + 8);
  DaemonKill k;
  if (why.starts_with("memory pressure")) k.reason = "memory pressure";
  else if (why.starts_with("swap used")) k.reason = "swap used";
  else return std::nullopt;
  if (cg.front() != '/') return std::nullopt;  // oomd logs cgroup paths from the root
  k.daemon = "systemd-oomd";
  k.cgroup = std::string(cg);
  k.signal = "SIGKILL";  // oomd_cgroup_kill(): SIGKILL to every process of the cgroup
  k.message = std::string(m);
  return k;
}

std::optional<std::string> parse_nohang_action(std::string_view m) {
  constexpr std::string_view kVictim = " to the victim";
  for (std::string_view verb : {std::string_view("Sending "), std::string_view("Send ")}) {
    const size_t at = m.find(verb);
    if (at == std::string_view::npos) continue;
    std::string_view rest = m.substr(at + verb.size());
    const std::string_view sig = rest.substr(0, rest.find(' '));
    if (!is_signal(sig)) continue;
    rest.remove_prefix(sig.size());
    if (!rest.starts_with(kVictim)) continue;
    rest = trim(rest.substr(kVictim.size()));
    if (rest.empty() || rest.front() == ';') return std::string(sig);  // `; total response time: 31 ms`
  }
  return std::nullopt;
}

std::vector<DaemonKill> parse_nohang_lines(const std::vector<std::string>& messages) {
  std::vector<DaemonKill> out;
  std::optional<int> pid;
  std::string name;
  std::string name_line;  // an older release's `Name:      python3`, printed before its `PID:` line
  std::string status_line;
  for (const auto& raw : messages) {
    std::string_view m = trim(raw);
    if (m.starts_with("Name:")) {
      name_line = std::string(trim(m.substr(5)));
      continue;
    }
    if (m.starts_with("PID:")) {  // `  PID:       1234, name: python3, state: R, …`
      std::string_view s = trim(m.substr(4));
      auto d = digits(s);
      pid = to_pid(d);
      name.clear();
      status_line = std::string(m);
      auto n = s.find(", name: ");
      if (pid && n != std::string_view::npos) {
        std::string_view rest = s.substr(n + 8);
        name = std::string(rest.substr(0, rest.find(", state: ")));
      } else if (pid && d.size() == s.size()) {  // the pid alone on its line: the name was on its own line before
        name = name_line;
      }
      name_line.clear();
      continue;
    }
    if (auto sig = parse_nohang_action(m)) {
      if (pid) {
        DaemonKill k;
        k.daemon = "nohang";
        k.pid = pid;
        k.name = name;
        k.signal = std::move(*sig);
        k.message = status_line + " / " + std::string(m);
        out.push_back(std::move(k));
      }
      pid.reset();  // one status per action
    }
  }
  return out;
}

std::optional<DaemonKill> kill_of_job(const std::vector<DaemonKill>& kills, const std::vector<int>& job_pids,
                                      const std::vector<std::string>& job_cgroups) {
  for (const auto& k : kills) {
    if (k.pid && std::find(job_pids.begin(), job_pids.end(), *k.pid) != job_pids.end()) return k;
    if (!k.cgroup) continue;
    std::string_view kc = *k.cgroup;
    while (kc.size() > 1 && kc.back() == '/') kc.remove_suffix(1);
    if (kc.size() < 2) continue;  // "/" would match every job
    for (std::string_view jc : job_cgroups) {
      // The killed cgroup is the job's own or an ancestor: kc (which starts
      // with '/', so its start is component-aligned) ends at a component
      // boundary of jc ("/a/b" in ".../a/b" or ".../a/b/c", not ".../a/bc").
      for (size_t at = jc.find(kc); at != std::string_view::npos; at = jc.find(kc, at + 1)) {
        size_t end = at + kc.size();
        if (end == jc.size() || jc[end] == '/') return k;
      }
    }
  }
  return std::nullopt;
}

std::string describe(const DaemonKill& k) {
  std::string target = k.pid ? fmt::format("pid {}{}", *k.pid, k.name.empty() ? "" : " (" + k.name + ")")
                             : "cgroup " + k.cgroup.value_or("?");
  return fmt::format(N_("{} sent {} to {}; its log: \"{}\""), k.daemon, k.signal, target, k.message);
}

}  // namespace oomlens::diagnose
