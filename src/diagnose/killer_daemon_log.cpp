// Parsers of userspace OOM killers' log lines (see killer_daemon_log.h).
#include "diagnose/killer_daemon_log.h"
#include "util/i18n.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include "util/text.h"

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

}  // namespace

std::optional<DaemonKill> parse_earlyoom_line(std::string_view m) {
  m = trim(m);
  // Older versions prefix nothing; a log level or program name may precede it.
  auto at = m.find("sending SIG");
  if (at == std::string_view::npos) return std::nullopt;
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
  // ` uid N "NAME": …` (the name may itself hold quotes: end at the last `": `).
  if (s.starts_with(" uid ")) {
    auto q = s.find('"');
    auto e = s.rfind("\": ");
    if (q != std::string_view::npos && e != std::string_view::npos && e > q) k.name = std::string(s.substr(q + 1, e - q - 1));
  }
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

std::vector<DaemonKill> parse_nohang_lines(const std::vector<std::string>& messages) {
  std::vector<DaemonKill> out;
  std::optional<int> pid;
  std::string name;
  std::string status_line;
  for (const auto& raw : messages) {
    std::string_view m = trim(raw);
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
      }
      continue;
    }
    constexpr std::string_view kSend = "Sending ";
    constexpr std::string_view kVictim = " to the victim";
    if (m.size() >= kSend.size() + kVictim.size() && m.starts_with(kSend) && m.ends_with(kVictim)) {
      std::string_view sig = m.substr(kSend.size(), m.size() - kSend.size() - kVictim.size());
      if (pid && is_signal(sig)) {
        DaemonKill k;
        k.daemon = "nohang";
        k.pid = pid;
        k.name = name;
        k.signal = std::string(sig);
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
