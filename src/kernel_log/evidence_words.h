#pragma once
// The words of the lines that tell of memory trouble beside the kernel's OOM
// reports (diagnose/userspace_evidence.h reads those lines: Slurm's OOM
// count, systemd's unit sentence, memory.events `high N`, the user-space
// killers' kills, Ray's memory monitor, PyTorch's DataLoader workers killed
// by a signal, a shell's `Killed` job status, PostgreSQL's backend `terminated by signal 9: Killed`, a container runtime's OOM
// watcher and its OOM events, the kubelet's OOM events, a process supervisor's report of a child that SIGKILL ended). The scanner's anchor sweep finds them in the same pass as
// its anchors (anchor_search.h find_anchor_watching(), report_scanner.h
// LineWatch); find_evidence_word() finds them alone. Case-sensitive.
//
// kWords is the one list the searches are built from: anchor_search.cpp
// indexes it by first byte (evidence_word_at()) and static_asserts that
// anchor_simd.h's SIMD pairs hold each word's first and fourth byte
// (EvidencePairs, the sweep for every word) and each kill word's first byte
// and the byte at its `kill_pair` (AnchorKillPairs, the sweep after the
// first report, Watched::kills), and builds the 32-lane sweeps' filter of
// the first eight bytes (anchor_simd.h kWatchHeads) from it. A word added
// here that a pair set lacks fails the build; kWords below says how a word
// stays cheap.
#include <cstddef>
#include <string_view>

namespace oomlens::evidence_words {

/// Slurm's count of OOM kills in a step: `oom-kill event(s)` (older
/// slurmstepd), `oom_kill event` and `oom_kill events` (newer releases).
inline constexpr std::string_view kSlurm[] = {"oom-kill event", "oom_kill event"};
/// A memory.events key: `high N` (memory.high throttling).
inline constexpr std::string_view kHigh = "high ";
/// systemd's unit sentences, both wordings: `… killed by the OOM killer.`,
/// `The kernel OOM killer killed …`.
inline constexpr std::string_view kSystemd = "OOM killer";
/// systemd's service/scope result after an OOM kill in its cgroup:
/// `<unit>: Failed with result 'oom-kill'.`
inline constexpr std::string_view kSystemdResult = "oom-kill'";
/// systemd's line of a unit's main process that SIGKILL ended, whoever sent it: `<unit>: Main process exited,
/// code=killed, status=9/KILL` (older releases `main process exited`). A kill's word (said beside the kernel's
/// reports, tied to the kill in the unit's cgroup): its pair in the sweep after the first report is `=`…`L` (5 on).
inline constexpr std::string_view kSystemdSigkill = "=9/KILL";

/// Ray's memory monitor (a user-space OOM killer in the raylet): its kills'
/// `… Workers (tasks / actors) killed due to memory pressure (OOM) …` and
/// `Task was killed due to the node running low on memory.`, Ray 2.0's
/// `System memory low at node … killing latest task …`, and the link every
/// such message gives (`…/ray-core/scheduling/ray-oom-prevention.html`).
inline constexpr std::string_view kRay[] = {"killed due to ", "killing latest task", "oom-prevention"};
/// A job runner's own memory limit on its workers (user-space kills):
/// the Dask nanny's `Worker … exceeded 95% memory budget. Restarting`
/// (the word is `y budget`, the end of `memory budget`: its first and
/// fourth byte are the anchor `y: usage`'s), YARN's NodeManager's
/// `Container [pid=N,containerID=…] is running beyond physical memory
/// limits. … Killing container.`, Spark's report of it, `Container killed
/// by YARN for exceeding memory limits`, and YARN's `Container killed on
/// request. Exit code is 137` (its wording for any exit by SIGKILL or
/// SIGTERM, whoever sent it). Said only of an input without a report (no
/// kill_pair).
inline constexpr std::string_view kJobRunner[] = {"y budget", "Killing container", "killed by YARN",
                                                  "killed on request"};
/// A batch scheduler's own memory enforcement on a job (user-space lines):
/// PBS's MoM `=>> PBS: job killed: mem N kb exceeded limit N kb` (`killed: `),
/// LSF's `TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.`
/// (`killed after`), HTCondor's `put on hold by SYSTEM_PERIODIC_HOLD due to
/// memory usage N.` (`OLD due to memory`: `O` and a space, the pair of `OOM
/// killer`). Said only of an input without a report (no kill_pair). (Flux's
/// job shell `oom: Memory cgroup out of memory: killed N task on HOST.` needs
/// no word: the anchor `Memory` finds its line, which is no kernel record.)
inline constexpr std::string_view kScheduler[] = {"killed: ", "killed after", "OLD due to memory"};
/// Torque's job mail when pbs_server aborted a job its MoM found over a memory limit: `Job exceeded a memory resource
/// limit (vmem, pvmem, etc.). Job was aborted` (pair `r`…`o`, `r oom `'s), and Moab's `job N exceeded MEM usage hard
/// limit (A > B)` (the word is `ge hard limit`: `g`…`h`, `gnal 9`'s and `high `'s bucket). Said only of an input
/// without a report (no kill_pair).
inline constexpr std::string_view kTorque = "resource limit";
inline constexpr std::string_view kMoab = "ge hard limit";
/// PyTorch's DataLoader (torch/csrc/DataLoader.cpp): `DataLoader worker (pid
/// N) is killed by signal: Killed.` (SIGKILL) or `… Bus error.` (SIGBUS).
inline constexpr std::string_view kDataLoader = "killed by signal: ";
/// strsignal(SIGKILL), `Killed`, as programs say a child's end by it. Padded:
/// a shell's job status (bash's `script: line 28:  8156 Killed
/// python3 main.py`, `[1]+  Killed …`), a terminal's pad after a line's end.
/// At a line's end: alone on its line (`sh -c`'s foreground command, as npm's
/// run-script shows it), PostgreSQL's postmaster's `server process (PID 315)
/// was terminated by signal 9: Killed`. (`Killed` alone is no word: it is
/// the start of systemd-oomd's `Killed /`, whose near misses it would find.
/// A line ending in `\r\n`, or the input's last line without a newline, is
/// not found.)
inline constexpr std::string_view kKilled = "Killed";
inline constexpr std::string_view kKilledPadded = "Killed  ";
inline constexpr std::string_view kKilledAtEnd = "Killed\n";
/// Backend.AI's kernel runner in a session container: `python-kernel:
/// detected potentially oom-killed process:` (after `Out-of-memory
/// detected!`).
inline constexpr std::string_view kOomKilled = "oom-killed process";
/// DeepSpeed's launcher (deepspeed/launcher/launch.py, its sigkill_handler): `Killing subprocess N` for each rank
/// when one exits with an error code or the launcher is stopped.
inline constexpr std::string_view kDeepSpeedKilling = "Killing subprocess ";
/// A process supervisor's lines about one child, by its pid: gunicorn's
/// arbiter (`Worker (pid:N) was sent SIGKILL! Perhaps out of memory?`, and
/// `WORKER TIMEOUT (pid:N)` before it sends SIGABRT, then SIGKILL), torchrun
/// (torch.distributed.elastic: `failed (exitcode: -9) local_rank: R (pid:
/// N) of binary: …` and its summary's `exitcode  : -9 (pid: N)`).
inline constexpr std::string_view kPid = "(pid:";
/// A container runtime's or the kubelet's notice of an OOM in a container's
/// memory cgroup (diagnose/userspace_evidence.h): the kubelet's `System OOM
/// encountered` and `Cgroup OOM encountered, victim process: …` events,
/// containerd's `containerd.events.TaskOOM`, `docker inspect`'s `"OOMKilled":`
/// and Kubernetes' container state reason `OOMKilled`, and Docker's event
/// stream (`"status":"oom"`: the word is `oom"`).
inline constexpr std::string_view kRuntime[] = {"OOM encountered", "TaskOOM", "OOMKilled", "oom\""};
/// A supervisor's or runtime's line of a child that signal 9 (SIGKILL) ended: gunicorn ≤20's `Worker with pid N was
/// terminated due to signal 9`, Celery's pool (billiard) `Process 'ForkPoolWorker-N' pid:N exited with 'signal 9
/// (SIGKILL)'`, PostgreSQL's postmaster `server process (PID N) was terminated by signal 9: Killed`; and Python's
/// `<Signals.SIGKILL: 9>` (subprocess: `Command '…' died with <Signals.SIGKILL: 9>.`).
/// The words are `gnal 9` and `SIGKILL: 9` (their first and fourth bytes, `g`…`l` and `S`…`K`, are pairs text
/// rarely holds; `s`…`n` of `signal` is in `sion`, `spond`, `s (n`).
inline constexpr std::string_view kSignal9[] = {"gnal 9", "SIGKILL: 9"};
/// joblib's loky executor: `TerminatedWorkerError: A worker process managed by the executor was unexpectedly
/// terminated. … The exit codes of the workers are {SIGKILL(-9)}` (its set of the dead workers' codes; pair `S`…`K`).
inline constexpr std::string_view kLokySigkill = "SIGKILL(-9)";
/// PyTorch's DataLoader when it finds workers gone (torch/utils/data/dataloader.py `_try_get_data`): `DataLoader
/// worker (pid(s) N, M) exited unexpectedly` (pair `(`…`d`, kPid's).
inline constexpr std::string_view kDataLoaderExited = "(pid(s) ";
/// `docker events`' text lines of a container's memory cgroup OOM: `2019-05-04T18:05:44.998251824-05:00 container
/// oom <64-hex id> (image=…, name=…)`: the word is `r oom ` (the end of `container oom `; pair `r`…`o`).
inline constexpr std::string_view kDockerEventOom = "r oom ";
/// `docker events --format` lines that print the event's status or action as `KEY=VALUE` (Docker's documented
/// `Type={{.Type}}  Status={{.Status}}  ID={{.ID}}`): `Status=oom` (the word is `=oom`; pair `=`…`m`).
inline constexpr std::string_view kDockerFormatOom = "=oom";
/// Samsung's lmkd words its kill `Reclaim 'NAME' (PID), uid …, oom_score_adj … to free NkB rss, …` where AOSP's lmkd
/// says `Kill '` (pair `R`…`l`). Said only of an input without a report (no kill_pair).
inline constexpr std::string_view kLmkdReclaim = "Reclaim '";
/// An exit code 137 (128 + 9: SIGKILL) as programs print it: `exit code 137` (GitHub Actions' `Process completed
/// with exit code 137.`, the actions toolkit's `The process '/usr/bin/bash' failed with exit code 137`, CircleCI's
/// `received exit code 137`), Docker Compose's `web-1 exited with code 137`, and `docker events`' `container die <id>
/// (exitCode=137, …)`. The words are `e 137` and `e=137` (pair `e`…`3`).
inline constexpr std::string_view kExit137[] = {"e 137", "e=137"};

/// earlyoom's (1.3+) `escalating to SIGKILL after N seconds`, its SIGTERM's victim still alive: its pair `S..K` is
/// kSignal9's and its first eight bytes (`SIGKILL `) seldom in a log.
inline constexpr std::string_view kEarlyoomEscalation = "SIGKILL after ";

/// One word. `kill_pair`: for a kill's word (a user-space killer's kill
/// line, systemd's `oom-kill` result: what is said beside the kernel's
/// reports too, so the sweep after an input's first report looks for these
/// alone), the offset of the byte that with the first makes its SIMD pair in
/// that sweep (a pair rarer in a log than the first and fourth byte); 0 for
/// the other words.
struct Word {
  std::string_view text;
  size_t kill_pair = 0;
};

/// Every word. How a word stays cheap for the no-report sweep (every byte of an input without a report goes
/// through it: anchor_simd.h avx2_next_candidates_watch()), in order of cost:
///  - its first eight bytes (all of it when shorter) should be text a log seldom holds: a position that has them
///    stops the sweep and is verified whole (~150 instructions under callgrind); a word of four or five bytes
///    (`high `, `(pid:`, `oom"`) is filtered on those alone, so it must be rarer still;
///  - its first and fourth byte should be a pair text seldom holds, in one kWatchBuckets bucket that holds both
///    bytes already: a byte added to a bucket's set admits every pair of the nibbles' cross product (`g` beside
///    `h` admitted `g..h`: `g xhci_h`; `K` beside `d`, `s..k`: `sock_TCP`), and each position of a bucket's pairs
///    costs the filter's lookups (kWatchHeads, ~35 instructions), the word's own pair too (`o.."` of Docker's
///    `oom"`: `or="`, `on="` of audit lines). Start a word where its text is its own: `gnal 9`, not `signal 9`,
///    whose `s..n` is in `sion`, `spond`;
///  - measure: callgrind of `oomlens explain` on the no-report 32 MiB log (BENCHMARKS.md), before and after.
/// The kills: earlyoom `sending SIG` and `killing process `
/// (before 1.2), systemd-oomd `Killed /` and systemd's `oomd killed `, lmkd
/// `Kill '`, the lowmemorykiller `Killing '`, nohang `Send SIG…` and
/// `Sending SIG…` (`to the victim`), Talos `Sending SIGKILL to cgroup`,
/// systemd's `oom-kill'` result (its pair is the anchor `oom-kill`'s) and its
/// `status=9/KILL` of a unit's main process. Ray's,
/// the DataLoader's, a shell's and PostgreSQL's `Killed`, Backend.AI's, DeepSpeed's launcher's, the supervisors'
/// (`(pid:`) and the container runtimes' lines, the signal-9 lines (kSignal9), earlyoom's escalation to SIGKILL, loky's `SIGKILL(-9)`, the
/// DataLoader's `exited unexpectedly`, `docker events`' text lines and the exit codes 137 (kExit137), Torque's and
/// Moab's memory limits, a `docker events` format's `=oom` and Samsung's lmkd `Reclaim '` are said only of an input
/// without a report (no kill_pair).
inline constexpr Word kWords[] = {
    {kHigh},
    {kSlurm[0]},
    {kSlurm[1]},
    {kSystemd},
    {kSystemdResult, 7},
    {kSystemdSigkill, 5},
    {"sending SIG", 8},
    {"killing process ", 8},
    {"Killed /", 7},
    {"oomd killed ", 5},
    {"Kill '", 5},
    {"Killing '", 8},
    {"Send SIG", 5},
    {"Sending SIG", 8},
    {kRay[0]},
    {kRay[1]},
    {kRay[2]},
    {kJobRunner[0]},
    {kJobRunner[1]},
    {kJobRunner[2]},
    {kJobRunner[3]},
    {kDataLoader},
    {kKilledPadded},
    {kKilledAtEnd},
    {kOomKilled},
    {kDeepSpeedKilling},
    {kPid},
    {kRuntime[0]},
    {kRuntime[1]},
    {kRuntime[2]},
    {kRuntime[3]},
    {kSignal9[0]},
    {kSignal9[1]},
    {kScheduler[0]},
    {kScheduler[1]},
    {kScheduler[2]},
    {kLokySigkill},
    {kEarlyoomEscalation},
    {kDataLoaderExited},
    {kDockerEventOom},
    {kExit137[0]},
    {kExit137[1]},
    {kTorque},
    {kMoab},
    {kDockerFormatOom},
    {kLmkdReclaim},
};

/// Which words a sweep looks for: every word (an input before its first
/// report), or the kills' alone (after it: anchor_simd.h AnchorKillPairs).
enum class Watched { every_word, kills };

}  // namespace oomlens::evidence_words
