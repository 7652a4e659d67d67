#pragma once
// Text that tells of memory trouble without being a kernel OOM report, read
// when an input holds no report (pure over the text fed to it):
//  - Slurm's `slurmstepd: error: Detected N oom-kill event(s) in StepId=J.S
//    cgroup` (newer releases: `Detected N oom_kill events in StepId=J.S.`): it counted OOM kills in the step's cgroup (memory.events
//    oom_kill); the kernel's reports are in the compute node's kernel log.
//  - systemd's `<unit>: A process of this unit has been killed by the OOM
//    killer.`: the kernel killed in the unit's cgroup; its report is in the
//    kernel log. `<unit>: Failed with result 'oom-kill'.`: an OOM kill in the
//    unit's cgroup ended it, the kernel's or systemd-oomd's (not told which).
//  - a memory.events `high N` count: memory.high throttling, which is no kill.
//  - a user-space killer's kill (diagnose/killer_daemon_log.h: earlyoom,
//    systemd-oomd and systemd's `<unit>: systemd-oomd killed N process(es) in
//    this unit.` (a `Killed /PATH` line whose ` due to …` reason a paste
//    wrapped onto the next line is read with it), Android's lmkd and
//    in-kernel lowmemorykiller (Samsung's lmkd words its kill `Reclaim '`), nohang's `Send SIGKILL to the victim`, Talos' OOM
//    controller `[talos] Sending SIGKILL to cgroup`, Ray's memory monitor:
//    its count of the workers it killed, its task exception, Ray 2.0's
//    `System memory low … killing latest task`, its OOM-prevention link): it
//    killed, not the kernel's OOM killer, which logs no report for it.
//  - a job runner's own memory limit on its workers: the Dask nanny's
//    `Worker … exceeded 95% memory budget. Restarting`, YARN's
//    NodeManager's `… is running beyond physical|virtual memory limits. …
//    Killing container.` and Spark's report of it, `Container killed by
//    YARN for exceeding memory limits`: user-space kills, no kernel OOM kill;
//    YARN's `Container killed on request. Exit code is 137|143`: an exit by
//    SIGKILL (sender not named) or SIGTERM (never the kernel's OOM killer).
//  - a batch scheduler's own memory enforcement (diagnose/userspace_lines.h batch_scheduler()): PBS's MoM, Torque's
//    job mail `Job exceeded a memory resource limit`, Moab's `exceeded MEM usage hard limit (A > B)`, LSF's
//    TERM_MEMLIMIT, HTCondor's hold, Flux's job shell.
//  - PyTorch's `DataLoader worker (pid N) is killed by signal: Killed.`
//    (SIGKILL: the kernel's report, if its OOM killer sent it, is in the
//    kernel log) or `… Bus error.` (SIGBUS: /dev/shm full, no OOM kill).
//  - a shell's `Killed` job status (`line 28:  8156 Killed   python3 …`,
//    `[1]+  Killed   …`, or `Killed` alone: `sh -c`'s foreground command,
//    npm's `errno 137`): a SIGKILL whose sender the shell does not know.
//  - PostgreSQL's postmaster: `server process (PID N) was terminated by
//    signal 9: Killed`: a SIGKILL whose sender it does not know; then its
//    crash restart, and what of PostgreSQL's settings sizes its memory.
//  - Backend.AI's kernel runner `detected potentially oom-killed process`:
//    an OOM kill in its container; the kernel's report is on the host.
//  - a container runtime's or the kubelet's notice of an OOM in a container's
//    memory cgroup: Docker's `oom` event (`"status":"oom"`), containerd's
//    `TaskOOM`, `docker inspect`'s `"OOMKilled": true|false`, Kubernetes'
//    container state reason `OOMKilled`, a `docker events --format` line's `Status=oom`, the kubelet's `SystemOOM` and
//    `CgroupOOM` events (`… OOM encountered[, victim process: X, pid: N]`):
//    read from the cgroup or the kernel log, never the kernel's report, which
//    is in the host's (node's) kernel log.
//  - a process supervisor's report of a child that SIGKILL ended: gunicorn's
//    `Worker (pid:N) was sent SIGKILL! Perhaps out of memory?` (its own kill
//    when a `WORKER TIMEOUT (pid:N)` came before), torchrun's `failed
//    (exitcode: -9) local_rank: R (pid: N)` and `exitcode  : -9 (pid: N)`:
//    a SIGKILL whose sender it does not know (each pid said once); gunicorn ≤20's `Worker with pid N was
//    terminated due to signal 9`, Celery's pool `Process 'ForkPoolWorker-N' pid:N exited with 'signal 9
//    (SIGKILL)'`, PostgreSQL's `server process (PID N) was terminated by signal 9: Killed`, Python's
//    `Command '…' died with <Signals.SIGKILL: 9>.` (no pid): the same.
//  - DeepSpeed's launcher's `Killing subprocess N` (its sigkill_handler, one
//    line per rank): it kills its ranks itself when one exits with an error
//    code (its `exits with return code = C` line, -9 a SIGKILL whose sender
//    it does not know); said once.
// Never an event: what it says is a sentence for the user.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernel_log/report_scanner.h"
#include "kernel_log/oom_event.h"

namespace oomlens::diagnose {

struct UserspaceEvidence {
  uint64_t line = 0;    ///< 1-based line of the input
  std::string message;  ///< translated sentence
  /// A kill's: a user-space killer's kill, or systemd's `Failed with result
  /// 'oom-kill'` (said beside the kernel's reports too; the other sentences
  /// say that the kernel's report is not in the text).
  bool kill = false;
  /// systemd's lines of one unit, said beside the kernel's kills tied to the kill in that unit's cgroup
  /// (systemd_beside_kills()): its main process's `code=killed, status=9/KILL`, its `Failed with result
  /// 'oom-kill'`; none for the other lines.
  enum class Systemd { none, main_sigkill, oom_kill_result };
  Systemd systemd = Systemd::none;
  std::string unit;  ///< the unit systemd's line names (`sidekiq-4.service`), or "" (none named, or no such line)
};

/// A kernel kill as systemd_beside_kills() ties systemd's lines to it: its lines in the input, its victim, and the
/// systemd unit its memory cgroup names (decode_cgroup_owner() of task_memcg, else of oom_memcg; "" when neither is
/// a unit's). Made by kill_seen() from an OomEvent as it is read.
struct KillSeen {
  LineRange lines;
  std::optional<int64_t> pid;  ///< the first victim's
  std::string comm;
  std::string unit;
  bool cgroup_printed = false;  ///< the report printed a memory cgroup (task_memcg, oom_memcg or `Task in`)
};
[[nodiscard]] KillSeen kill_seen(const OomEvent& e);

/// What to say of systemd's line `x` (UserspaceEvidence::systemd not none) in an input with the kernel's `kills`:
/// tied to the kill whose memory cgroup is `x.unit`'s (the last one at or before x's line, else the first), or to a
/// kill whose report names no cgroup that ends within kNearLines lines before it (told by nearness only); else that
/// no kill of this text is tied to it. Pure.
[[nodiscard]] std::string systemd_beside_kills(const UserspaceEvidence& x, const std::vector<KillSeen>& kills);
inline constexpr uint64_t kNearLines = 10;

/// Reads the whole input (a job's output ends with slurmstepd's error): as a
/// ReportScanner's LineWatch (the lines its anchor sweep finds the words
/// in, kernel_log/evidence_words.h; after the first report the kill words
/// alone), or fed in chunks (a line may span chunks). Only the lines that
/// hold one of the words a sentence needs are read one by one, each with up
/// to LineWatch::kLinesBefore lines before it (a memory.events dump); the
/// rest are counted. At most kMaxEvidence sentences of kills and as many of
/// the others are kept, the first ones; a sentence equal to one kept is not
/// kept again (a job runner restarting worker after worker, naming none).
class UserspaceEvidenceScan final : public LineWatch {
 public:
  void feed(std::string_view chunk);
  void finish();
  /// LineWatch: whole lines from line `first_line` on; lines skipped since
  /// the last call hold no word.
  void lines(std::string_view text, uint64_t first_line) override;
  /// One whole line out of the text's order, numbered `number` (a journal
  /// entry of a user-space program, LogSink::program_line(), numbered by
  /// ReportScanner::pass_line()): read as every line that holds a word is.
  void line_at(std::string_view line, uint64_t number);
  [[nodiscard]] const std::vector<UserspaceEvidence>& found() const { return found_; }
  /// The user-space killers' signals to a pid read so far (earlyoom, lmkd, the in-kernel lowmemorykiller; at
  /// most kMaxDaemonKills, the first ones), with their lines: what attach_userspace_kills() matches.
  [[nodiscard]] const std::vector<UserspaceKill>& daemon_kills() const { return daemon_kills_; }
  static constexpr size_t kMaxDaemonKills = 64;
  static constexpr size_t kMaxEvidence = 8;  // of each kind: one input says the same few times; more adds nothing

 private:
  void line(std::string_view t);
  void feed_lines(std::string_view chunk);
  void scan_lines(std::string_view bulk);
  std::string partial_;
  uint64_t line_no_ = 0;
  bool memory_events_ = false;  // the previous line was a memory.events key (`low N`) or named the file
  std::vector<UserspaceEvidence> found_;
  size_t kept_[2] = {0, 0};  // found_'s sentences that are no kill's, and a kill's
  [[nodiscard]] bool done() const;  // nothing more is kept: the rest need not be read
  // A systemd-oomd `Killed /PATH` line without its ` due to …` reason (found_[oomd_cut_index_] says so): the
  // next line, when it starts with `due to `, is that reason wrapped by a paste, and the two are read as one.
  std::string oomd_cut_;
  size_t oomd_cut_index_ = 0;
  std::vector<UserspaceKill> daemon_kills_;
  // The line of the last of Ray's memory-monitor lines read: the lines of one message (a count wrapped by a
  // paste, an exception with its top-10 memory table, then its link) lie within kRayMessageLines of one another.
  std::optional<uint64_t> last_ray_line_;
  // gunicorn's `WORKER TIMEOUT (pid:N)` lines read so far (pid, line; at most kMaxDaemonKills): a SIGKILL of that
  // worker after one is most likely gunicorn's own.
  std::vector<std::pair<uint64_t, uint64_t>> timed_out_;
  // The pids a supervisor's SIGKILL sentence named already (torchrun names a rank's pid on two lines).
  std::vector<uint64_t> sigkill_pids_;
  static constexpr uint64_t kRayMessageLines = 16;
};

/// Copies into `event.userspace_kills` the `kills` that name its victim: the same pid and, when both are known,
/// the same name (a comm of 15 bytes may be a longer name's start). Pure.
void attach_userspace_kills(OomEvent& event, const std::vector<UserspaceKill>& kills);

/// The sentence for one line, or "" (for tests: `memory_events` says the
/// line is inside a memory.events dump).
[[nodiscard]] std::string userspace_evidence_line(std::string_view line, bool memory_events = false);

}  // namespace oomlens::diagnose
