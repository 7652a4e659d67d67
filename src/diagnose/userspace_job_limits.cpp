// Job runners' and batch schedulers' own memory limits on a job (user-space lines; see userspace_evidence.h and
// userspace_lines.h): the Dask nanny, YARN and Spark, PBS's MoM, Torque's job mail, Moab, LSF, HTCondor, Flux.
#include <algorithm>
#include <optional>

#include "diagnose/userspace_lines.h"
#include "util/format.h"
#include "util/i18n.h"
#include "util/text.h"

namespace oomlens::diagnose {
using text::starts_with;
using text::take_u64;

// The Dask nanny (distributed/nanny.py, its memory monitor; `distributed.worker.memory.terminate`, 0.95 of the
// worker's memory_limit by default): it kills its worker process and starts another when the worker's memory passes
// that fraction. `distributed.nanny.memory - WARNING - Worker tls://A:P (pid=N) exceeded 95% memory budget.
// Restarting...` (the same after `distributed.worker_memory - ` or `distributed.worker.memory - `); before 2022
// `distributed.nanny - WARNING - Worker exceeded 95% memory budget. Restarting` (no address, no pid).
std::string dask_nanny(std::string_view t) {
  constexpr std::string_view kBudget = "% memory budget";
  const size_t at = t.find(kBudget);
  if (at == std::string_view::npos || t.find("Restarting", at) == std::string_view::npos) return {};
  size_t digits = 0;
  while (digits < at && text::is_digit(t[at - 1 - digits])) ++digits;
  constexpr std::string_view kExceeded = "exceeded ";
  if (digits == 0 || at - digits < kExceeded.size() ||
      t.substr(at - digits - kExceeded.size(), kExceeded.size()) != kExceeded)
    return {};
  std::string_view pct = t.substr(at - digits, digits);
  // The worker's address (`Worker tls://10.0.46.23:33455`) and pid (`(pid=52)`), when the line gives them.
  std::string worker(tr("a worker"));
  if (const size_t w = t.find("Worker "); w != std::string_view::npos && w < at) {
    std::string_view rest = t.substr(w + 7);
    const std::string_view address = text::take_token(rest);
    std::optional<uint64_t> pid;
    if (rest = text::trim_left(rest); starts_with(rest, "(pid=")) {
      rest.remove_prefix(5);
      if (const auto n = take_u64(rest); n && starts_with(rest, ")")) pid = n;
    }
    if (address.find("://") != std::string_view::npos)
      worker = pid ? trf("worker {} (pid {})", address, *pid) : trf("worker {}", address);
  }
  return trf("The Dask nanny, a user-space memory monitor, killed and restarted {} because its memory passed {}% of "
             "the worker's memory limit (`distributed.worker.memory.terminate`). {} Give each worker more memory "
             "(`memory_limit`) or fewer threads (fewer tasks holding memory at once), or make the chunks or "
             "partitions smaller; raise the fraction (or set it to false) only if the limit is below what the machine "
             "or container really has, which leaves the kernel's OOM killer as the backstop.",
             worker, pct, not_the_kernel());
}

namespace {
// What a batch scheduler's own memory limit line is not (Torque's job mail, LSF's TERM_MEMLIMIT): one sentence for
// every scheduler, its name passed in, so a translation says it once.
std::string scheduler_limit_not_kernel(std::string_view scheduler) {
  return trf("This line is {}'s, the batch system's own enforcement, not a kernel OOM report. If the cluster enforces "
             "that limit through the job's memory cgroup, the kernel's OOM killer killed there and its report is in "
             "the execution host's kernel log (`journalctl -k`, `dmesg`) at the job's end.",
             scheduler);
}

// The usage YARN prints before `physical memory used` or `virtual memory used` (`9.8 GB of 9.8 GB`), from the
// `: ` or `; ` before it; or "".
std::string_view yarn_usage(std::string_view t, std::string_view kind) {
  const size_t at = t.find(kind);
  if (at == std::string_view::npos) return {};
  std::string_view before = t.substr(0, at);
  size_t from = 0;  // after the last `: `, `; ` or `. ` (a size's own `.` has no space after it)
  for (std::string_view sep : {std::string_view(": "), std::string_view("; "), std::string_view(". ")})
    if (const size_t p = before.rfind(sep); p != std::string_view::npos) from = std::max(from, p + 2);
  before = text::trim(before.substr(from));
  return before.find(" of ") == std::string_view::npos ? std::string_view() : before;
}

}  // namespace

// YARN: the NodeManager's memory check (ContainersMonitorImpl) kills a container whose processes' physical memory
// (or virtual memory, its physical size times `yarn.nodemanager.vmem-pmem-ratio`) passes its limit:
// `Container [pid=8788,containerID=container_…] is running beyond physical memory limits. Current usage: 9.8 GB of
// 9.8 GB physical memory used; 43.0 GB of 47.6 TB virtual memory used. Killing container.` (Hadoop 3: `is running
// 6291456B beyond the 'PHYSICAL' memory limit.`); Spark's YarnAllocator reports it as `Container killed by YARN for
// exceeding memory limits. 7.2 GB of 4.2 GB virtual memory used.`. Any exit of a container's process by SIGKILL
// (137) or SIGTERM (143), whoever sent it, YARN words `Container killed on request. Exit code is 137`.
std::string yarn(std::string_view t) {
  const bool nodemanager = t.find("Killing container") != std::string_view::npos &&
                           t.find(" beyond ") != std::string_view::npos;
  const size_t spark = t.find("killed by YARN for exceeding memory limits");
  if (nodemanager || spark != std::string_view::npos) {
    const std::string_view reason = nodemanager ? t.substr(t.find(" beyond ")) : t.substr(spark);
    // The memory YARN found over its limit: the NodeManager names it after `beyond`, Spark before `memory used`.
    const size_t physical = std::min(reason.find("physical"), reason.find("PHYSICAL"));
    const size_t virt = std::min(reason.find("virtual"), reason.find("VIRTUAL"));
    if (physical == std::string_view::npos && virt == std::string_view::npos) return {};
    const bool is_virtual = virt < physical;
    const std::string_view usage = yarn_usage(reason, is_virtual ? "virtual memory used" : "physical memory used");
    std::string container;
    if (const size_t c = t.find("container_"); c != std::string_view::npos) {
      std::string_view id = t.substr(c);
      id = id.substr(0, std::min(id.size(), id.find_first_of(",] ")));
      container = std::string(id);
    }
    std::string pid;
    if (const size_t p = t.find("[pid="); p != std::string_view::npos) {
      std::string_view rest = t.substr(p + 5);
      if (const auto n = take_u64(rest)) pid = trf(" (pid {})", *n);
    }
    const std::string who = nodemanager ? trf("YARN's NodeManager, a user-space memory monitor, killed container {}{}",
                                              container.empty() ? std::string("?") : container, pid)
                                        : std::string(tr("Spark says YARN's NodeManager, a user-space memory monitor, "
                                                         "killed an executor's container"));
    const std::string used = usage.empty() ? std::string() : trf(" (`{}`)", usage);  // as YARN printed it
    if (is_virtual)
      return trf("{} because its processes' virtual memory{} passed the container's virtual-memory limit (its size "
                 "times `yarn.nodemanager.vmem-pmem-ratio`, 2.1 by default). {} Virtual memory is address space, not "
                 "memory in use, so this says little about RAM: raise the ratio or turn the check off "
                 "(`yarn.nodemanager.vmem-check-enabled`), or ask for a bigger container.",
                 who, used, not_the_kernel());
    return trf("{} because its processes' physical memory{} reached the container's limit (SIGTERM, then SIGKILL). {} "
               "The limit counts every process of the container (a JVM's heap and what it uses outside it, Python "
               "workers): ask for a bigger container (`mapreduce.map.memory.mb`, `mapreduce.reduce.memory.mb`; "
               "Spark: `spark.executor.memory` and `spark.executor.memoryOverhead`) or make the job use less.",
               who, used, not_the_kernel());
  }
  constexpr std::string_view kOnRequest = "killed on request. Exit code is ";
  if (const size_t at = t.find(kOnRequest); at != std::string_view::npos) {
    std::string_view rest = t.substr(at + kOnRequest.size());
    const auto code = take_u64(rest);
    if (code == 137u)
      return std::string(
          tr("YARN says the container's process ended by SIGKILL (exit code 137, 128 + 9): `Container killed on "
             "request` is its wording for every exit by SIGKILL or SIGTERM, whoever sent it: the NodeManager's memory "
             "check (it logs `is running beyond physical memory limits … Killing container.` first), the application "
             "master or the ResourceManager (preemption, a released executor), or the kernel's OOM killer, whose "
             "report (`Killed process` with what filled the memory) is then in that node's kernel log at that time "
             "(`journalctl -k`, `dmesg -T`)."));
    if (code == 143u)
      return std::string(
          tr("YARN says the container's process ended by SIGTERM (exit code 143, 128 + 15): `Container killed on "
             "request` is its wording for every exit by SIGKILL or SIGTERM. The kernel's OOM killer sends SIGKILL, "
             "never SIGTERM: this was YARN (its memory check, which logs `is running beyond … memory limits … Killing "
             "container.` first, or a request of the application master or the ResourceManager) or another "
             "process."));
  }
  return {};
}

// A size PBS prints in kB (`38427376kb`, Torque's `7339132 kb`): its bytes (PBS's kb is 1024 bytes), read from the
// front of `rest`, which is left after it; nullopt when `rest` starts with no such size.
namespace {
std::optional<uint64_t> take_pbs_kb(std::string_view& rest) {
  std::string_view r = rest;
  const auto n = take_u64(r);
  if (!n) return std::nullopt;
  r = text::trim_left(r);
  if (!text::starts_with_ascii_ci(r, "kb")) return std::nullopt;
  rest = r.substr(2);
  return *n * 1024;
}

// Moab (its RESOURCELIMITPOLICY): `job J exceeded RES usage hard limit (USED > LIMIT)` for a memory resource
// (MEM, JOBMEM: real memory, SWAP: virtual memory, in MB). "" for another resource or another line.
std::string moab(std::string_view t) {
  constexpr std::string_view kHard = " usage hard limit (";
  const size_t at = t.find(kHard);
  if (at == std::string_view::npos) return {};
  const std::string_view before = t.substr(0, at);
  const size_t sp = before.rfind(' ');
  if (sp == std::string_view::npos || sp < 9 || before.substr(sp - 9, 9) != " exceeded") return {};
  const std::string_view resource = before.substr(sp + 1);
  if (resource != "MEM" && resource != "JOBMEM" && resource != "SWAP") return {};
  // `job 3132467 exceeded`: the job's id, when the line names it so.
  const std::string_view head = before.substr(0, sp - 9);
  const size_t w = head.rfind(' ');
  const std::string_view id = w == std::string_view::npos ? head : head.substr(w + 1);
  const std::string_view lead = w == std::string_view::npos ? std::string_view() : head.substr(0, w);
  const bool named = !id.empty() && (lead == "job" || lead.ends_with(" job"));
  std::string_view rest = t.substr(at + kHard.size());
  const auto used = take_u64(rest);
  constexpr std::string_view kOver = " > ";
  std::optional<uint64_t> limit;
  if (used && starts_with(rest, kOver)) {
    rest.remove_prefix(kOver.size());
    limit = take_u64(rest);
    if (!starts_with(rest, ")")) limit.reset();
  }
  const std::string figures =
      used && limit ? trf(" (it used {} MB; the limit is {} MB)", *used, *limit) : std::string();
  return trf("Moab says {} went over its `{}` hard limit{}: the scheduler's own measure of the job's use "
             "(RESOURCELIMITPOLICY), not the kernel's OOM killer, which logs no report for it. What Moab then did is "
             "its configured action (`CANCEL`; a `Job deleted at request of root` after this line is that cancel), "
             "or a notice only. Ask for more memory (`qsub -l mem=…`, `pmem=…`) or make the job use less.",
             named ? trf("job {}", id) : std::string(tr("the job")), resource, figures);
}
}  // namespace

// Batch schedulers' own memory enforcement on a job (user-space lines, no kernel report):
//  - PBS's MoM (PBS Pro, Torque) polls a job's use and kills it over its limit:
//    `=>> PBS: job killed: mem 38427376kb exceeded limit 33554432kb` (Torque: `mem job total N kb exceeded limit
//    N kb`; also `vmem`, `pmem`, `pvmem`).
//  - Torque's job mail (pbs_server, for its exit status JOB_EXEC_OVERLIMIT_MEM, -10): `Job exceeded a memory
//    resource limit (vmem, pvmem, etc.). Job was aborted`: its MoM found the job over a memory limit and killed it.
//  - Moab's resource limit policy (RESOURCELIMITPOLICY): `job 3132467 exceeded MEM usage hard limit (2528 > 1126)`,
//    the job's use and its limit in MB (MEM, JOBMEM: real memory; SWAP: virtual memory); its action follows
//    (CANCEL, REQUEUE, SUSPEND, CHECKPOINT, MIGRATE or NOTIFY, as the site configured).
//  - LSF's job report: `TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.`
//  - HTCondor's hold reason of a pool whose SYSTEM_PERIODIC_HOLD stops a job over its memory:
//    `Job in status 2 put on hold by SYSTEM_PERIODIC_HOLD due to memory usage 3000000.`
//  - Flux's job shell (its oom plugin reads the job cgroup's memory.events oom_kill): `flux-shell[0]: ERROR: oom:
//    Memory cgroup out of memory: killed 1 task on HOST.`: the kernel's OOM killer killed there; its report is in
//    that node's kernel log.
// The sentence, or "".
std::string batch_scheduler(std::string_view t) {
  constexpr std::string_view kPbs = "PBS: job killed: ";
  if (const size_t at = t.find(kPbs); at != std::string_view::npos) {
    std::string_view rest = t.substr(at + kPbs.size());
    const std::string_view resource = text::take_token(rest);
    if (resource != "mem" && resource != "vmem" && resource != "pmem" && resource != "pvmem") return {};
    rest = text::trim_left(rest);
    if (starts_with(rest, "job total ")) rest.remove_prefix(10);
    const auto used = take_pbs_kb(rest);
    constexpr std::string_view kLimit = " exceeded limit ";
    std::optional<uint64_t> limit;
    if (starts_with(rest, kLimit)) rest.remove_prefix(kLimit.size()), limit = take_pbs_kb(rest);
    const std::string sizes =
        used && limit ? trf(" (it used {}; the limit is {})", format_bytes(*used), format_bytes(*limit)) : std::string();
    return trf("PBS's MoM, the batch scheduler's daemon on the job's node, killed the job because its `{}` use passed "
               "the job's limit{}. {} Ask for more (`qsub -l {}=…`, or `-l select=…:{}=…`) or make the job use less.",
               resource, sizes, not_the_kernel(), resource, resource);
  }
  if (t.find("Job exceeded a memory resource limit") != std::string_view::npos)
    return std::string(tr("Torque aborted the job because its MoM found the job over a memory limit (`Job exceeded a "
                          "memory resource limit`, exit status -10; the `vmem`, `pvmem`, `mem` or `pmem` it asked for "
                          "with `qsub -l`).")) +
           " " + scheduler_limit_not_kernel("Torque") + " " +
           tr("Compare `resources_used.vmem` or `resources_used.mem` in the job's record with what it asked for: ask "
              "for more, or make the job use less.");
  if (std::string s = moab(t); !s.empty()) return s;
  if (t.find("job killed after reaching LSF memory usage limit") != std::string_view::npos)
    return std::string(tr("LSF says it ended the job after the job reached its memory usage limit "
                          "(`TERM_MEMLIMIT`, the limit of `bsub -M`).")) +
           " " + scheduler_limit_not_kernel("LSF") + " " +
           tr("Ask for more memory (`bsub -M` with `-R \"rusage[mem=…]\"`) or make the job use less.");
  constexpr std::string_view kCondor = "put on hold by SYSTEM_PERIODIC_HOLD due to memory usage ";
  if (const size_t at = t.find(kCondor); at != std::string_view::npos) {
    std::string_view rest = t.substr(at + kCondor.size());
    const auto usage = take_u64(rest);
    // `condor_q -hold` starts a row with the job's id (`1050981.0`).
    std::string_view row = text::trim_left(t);
    const std::string_view id = text::take_token(row);
    const bool job_id = id.size() >= 3 && id.find('.') != std::string_view::npos &&
                        std::all_of(id.begin(), id.end(), [](char c) { return c == '.' || (c >= '0' && c <= '9'); });
    return trf("HTCondor put {} on hold: the pool's SYSTEM_PERIODIC_HOLD policy stopped it for its memory "
               "usage{}. A batch scheduler's hold, not a kernel OOM kill: the kernel's OOM killer did not act, and "
               "the kernel log holds no report of it. Ask for more (`request_memory` in the submit file) or make the "
               "job use less; `condor_q -hold` gives the reason, `condor_release` runs the job again.",
               job_id ? trf("job {}", id) : std::string(tr("the job")),
               usage ? trf(" ({}, as the hold reason prints it)", *usage) : std::string());
  }
  constexpr std::string_view kFlux = "oom: Memory cgroup out of memory: killed ";
  if (const size_t at = t.find(kFlux); at != std::string_view::npos && t.find("flux-shell") != std::string_view::npos) {
    std::string_view rest = t.substr(at + kFlux.size());
    const auto n = take_u64(rest);
    if (!n || !starts_with(rest, " task")) return {};
    std::string host;
    if (const size_t on = rest.find(" on "); on != std::string_view::npos) {
      std::string_view h = rest.substr(on + 4);
      h = text::take_token(h);
      while (!h.empty() && h.back() == '.') h.remove_suffix(1);
      host = std::string(h);
    }
    return trf("Flux's job shell read the job's memory cgroup (memory.events oom_kill): the kernel's OOM killer "
               "killed {} task(s) of the job{}, but its report is not in this text. Read it in that node's kernel "
               "log (`journalctl -k`, `dmesg`), at the job's end.",
               *n, host.empty() ? std::string() : trf(" on {}", host));
  }
  return {};
}

}  // namespace oomlens::diagnose
