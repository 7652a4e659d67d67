#pragma once
// The words of the lines that tell of memory trouble beside the kernel's OOM
// reports (diagnose/userspace_evidence.h reads those lines: Slurm's OOM
// count, systemd's unit sentence, memory.events `high N`, the user-space
// killers' kills, Ray's memory monitor, PyTorch's DataLoader workers killed
// by a signal, a shell's `Killed` job status, a container runtime's OOM
// watcher). The scanner's anchor sweep finds them in the same pass as
// its anchors (anchor_search.h find_anchor_watching(), report_scanner.h
// LineWatch); find_evidence_word() finds them alone. Case-sensitive; every
// word's first and fourth byte are a SIMD pair of anchor_simd.h's
// EvidencePairs (anchor_search.cpp static_asserts it).
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
/// A user-space killer's kill line: earlyoom `sending SIG` and `killing
/// process `, systemd-oomd `Killed /` and systemd's `oomd killed `, lmkd
/// `Kill '`, the lowmemorykiller `Killing '`, nohang `Send SIG…` and
/// `Sending SIG…` (`to the victim`), Talos `Sending SIGKILL to cgroup`.
inline constexpr std::string_view kKillers[] = {"sending SIG", "killing process ", "Killed /", "oomd killed ",
                                                "Kill '",      "Killing '",        "Send SIG", "Sending SIG"};
/// Ray's memory monitor (a user-space OOM killer in the raylet): its kills'
/// `… Workers (tasks / actors) killed due to memory pressure (OOM) …` and
/// `Task was killed due to the node running low on memory.`, Ray 2.0's
/// `System memory low at node … killing latest task …`, and the link every
/// such message gives (`…/ray-core/scheduling/ray-oom-prevention.html`).
inline constexpr std::string_view kRay[] = {"killed due to ", "killing latest task", "oom-prevention"};
/// PyTorch's DataLoader (torch/csrc/DataLoader.cpp): `DataLoader worker (pid
/// N) is killed by signal: Killed.` (SIGKILL) or `… Bus error.` (SIGBUS).
inline constexpr std::string_view kDataLoader = "killed by signal: ";
/// A shell's job status for a child that SIGKILL ended, its column padded:
/// bash's `script: line 28:  8156 Killed                  python3 main.py`
/// and `[1]+  Killed                  python train.py`.
inline constexpr std::string_view kShellKilled = "Killed  ";
/// Backend.AI's kernel runner in a session container: `python-kernel:
/// detected potentially oom-killed process:` (after `Out-of-memory
/// detected!`).
inline constexpr std::string_view kOomKilled = "oom-killed process";

}  // namespace oomlens::evidence_words
