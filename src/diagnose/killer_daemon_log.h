#pragma once
// Userspace OOM killers' own log lines: who sent the job its SIGTERM/SIGKILL
// when the kernel OOM killer did not. Pure parsers of journal MESSAGE texts
// (read by logsource/journal_daemons.h), one daemon each:
//
//  - earlyoom (kill.c, kill_process()): one line per signal,
//      `sending SIGTERM to process 1234 uid 1000 "python3": badness 812, VmRSS 5012 MiB`
//    (the text after the quoted name changed between versions: oom_score /
//    oom_score_adj / ordering / cmdline were added; only the prefix up to the
//    name is relied on). Some versions log `sending SIGKILL ...` after the
//    SIGTERM when the victim does not exit.
//  - systemd-oomd (src/oom/oomd-manager.c): names a cgroup, never a pid,
//      `Killed /user.slice/.../app.scope due to memory pressure for /user.slice being 67.81% > 50.00% for > 20s with reclaim activity`
//      `Killed /user.slice/.../app.scope due to swap used (2000000) / total (2097148) being more than 90.00%`
//    It kills the whole cgroup with SIGKILL.
//  - nohang (src/nohang, implement_corrective_action()): logs to stdout, so
//    journald makes each line an entry; the pid is only in the victim status
//    printed just before the action (print_victim_status, on by default):
//      `Victim status (found in 12ms):`
//      `  PID:       1234, name: python3, state: R, EUID: 1000, ...`
//      `Implementing a corrective action:`
//      `  Sending SIGTERM to the victim`
//    Releases of 2019 to early 2020 print the status one field a line (`  Name:      python3`
//    before `  PID:       1234`) and the action as
//      `Implement a corrective action:`
//      `  Send SIGKILL to the victim; total response time: 31 ms`
//    (between the two: `  Sending SIGTERM to the victim; total response time: …`).
//  - Android's lmkd (system/memory/lmkd/lmkd.cpp), one logcat line per kill,
//      `Kill 'com.google.android.gms' (17933), uid 10446, oom_score_adj 0 to free 140528kB rss, 37404kB swap; reason: …`
//    (older releases: `… oom_adj 0 to free 140528kB`; Samsung's build words the same kill `Reclaim 'NAME' (PID), uid
//    U, oom_score_adj N, state S to free NkB rss, NkB swap; reason: …`, then calls process_mrelease on the pid as
//    AOSP's does after its kill), and the in-kernel
//    lowmemorykiller of Android's staging driver (≤4.12),
//      `Killing 'com.android.browser' (1234), adj 1000,` (its `to free …kB` on the next line).
//    Both kill with SIGKILL.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oomlens::diagnose {

/// One kill a userspace OOM killer logged.
struct DaemonKill {
  std::string daemon;                 ///< "earlyoom", "systemd-oomd", "nohang"
  std::optional<int> pid;             ///< earlyoom, nohang (null for systemd-oomd)
  std::optional<std::string> cgroup;  ///< systemd-oomd: the killed cgroup, as it logs it ("/user.slice/…")
  std::string signal;                 ///< "SIGTERM", "SIGKILL"
  std::string name;                   ///< the victim's comm when logged
  std::string reason;                 ///< systemd-oomd: "memory pressure" or "swap used"; lmkd: its `reason:`
  std::optional<int> oom_score_adj;   ///< lmkd: the victim's oom_score_adj (`oom_score_adj N`, `oom_adj N`, `adj N`)
  std::optional<uint64_t> rss_freed_bytes;  ///< lmkd: `to free NkB` (its RSS), in bytes
  bool reclaim_wording = false;       ///< lmkd: its kill line says `Reclaim '` (Samsung's build), not `Kill '`
  std::string message;                ///< the line naming the kill, verbatim
};

/// earlyoom's `sending SIG… to process PID uid UID "NAME": …` (before 1.2:
/// `killing process PID "NAME" with signal 15|9: …`); nullopt otherwise
/// (including its `sending 0 (no-op signal)` self-test).
[[nodiscard]] std::optional<DaemonKill> parse_earlyoom_line(std::string_view message);

/// earlyoom's (1.3+) `escalating to SIGKILL after N seconds` (kill.c, after its SIGTERM's victim did not exit in
/// time): the seconds as printed (`2.4`); nullopt for any other line.
[[nodiscard]] std::optional<std::string_view> parse_earlyoom_escalation(std::string_view message);

/// Android's lmkd `Kill 'NAME' (PID), uid U, oom_score_adj N to free NkB …` (Samsung's `Reclaim 'NAME' (PID), …`) or the
/// in-kernel lowmemorykiller's `Killing 'NAME' (PID), adj N,` anywhere in the line
/// (after a logcat or syslog prefix; daemon "lmkd" or "lowmemorykiller"); nullopt otherwise.
[[nodiscard]] std::optional<DaemonKill> parse_lmkd_line(std::string_view message);

/// systemd-oomd's `Killed CGROUP due to memory pressure|swap used …`; nullopt otherwise.
[[nodiscard]] std::optional<DaemonKill> parse_oomd_line(std::string_view message);

/// nohang's corrective action anywhere in a line (after a journal prefix):
/// `Send SIGKILL to the victim` or `Sending SIGTERM to the victim`, alone or
/// followed by `; total response time: …`. The signal ("SIGTERM" or
/// "SIGKILL"); nullopt for any other line (a soft action's `Executing the
/// command: …` sends none).
[[nodiscard]] std::optional<std::string> parse_nohang_action(std::string_view message);

/// nohang's consecutive entries, oldest first: each action
/// (parse_nohang_action()) joined to the last `PID: N` line before it, and the
/// victim's name from that line's `, name: X` or an older release's `Name: X`
/// line before it. An action with no victim status before it
/// (print_victim_status off) is skipped: it names no pid. Executing a
/// soft-action command is not a signal: skipped.
[[nodiscard]] std::vector<DaemonKill> parse_nohang_lines(const std::vector<std::string>& messages);

/// The first kill that hit the job: a pid in `job_pids`, or (systemd-oomd) a
/// killed cgroup that is the job's cgroup or one of its ancestors
/// (`job_cgroup` as /proc/PID/cgroup shows it, or a cgroupfs directory that
/// ends with it). nullopt when none did.
[[nodiscard]] std::optional<DaemonKill> kill_of_job(const std::vector<DaemonKill>& kills,
                                                    const std::vector<int>& job_pids,
                                                    const std::vector<std::string>& job_cgroups);

/// "earlyoom sent SIGTERM to pid 1234 (python3): «line»" — one evidence sentence.
[[nodiscard]] std::string describe(const DaemonKill& k);

}  // namespace oomlens::diagnose
