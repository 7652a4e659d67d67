// The `oomlens check` audit (see audit.h). Thresholds are stated in the
// reason text so a reader can judge them.
#include "check/audit.h"

#include <fmt/core.h>

#include <algorithm>

#include "util/format.h"
#include "util/i18n.h"
#include "util/sanitize.h"
#include "util/strerror_tr.h"
#include "util/units.h"

namespace oomlens::check {
namespace {

struct Ctx {
  const SystemFacts& f;
  std::string sudo() const { return f.as_root ? "" : "sudo "; }
  std::string sysctl(std::string_view kv) const {
    return trf("{}sysctl -w {}  (persist: echo '{}' | {}tee /etc/sysctl.d/90-oomlens.conf)", sudo(), kv, kv, sudo());
  }
};

std::string unknown_reason(std::string_view file) { return trf("cannot read {}", file); }

Finding overcommit(const Ctx& c) {
  Finding f{"overcommit", Status::pass, "vm.overcommit_memory", "", ""};
  const auto& m = c.f.meminfo;
  std::string commit;
  if (m && m->commit_limit_bytes && m->committed_as_bytes)
    commit = trf(" Committed_AS {} of CommitLimit {} ({:.0f}%).", format_bytes(*m->committed_as_bytes),
                         format_bytes(*m->commit_limit_bytes),
                         *m->commit_limit_bytes ? 100.0 * double(*m->committed_as_bytes) / double(*m->commit_limit_bytes) : 0.0);
  if (!c.f.overcommit_memory) {
    f.status = Status::warn;
    f.reason = unknown_reason("/proc/sys/vm/overcommit_memory");
    return f;
  }
  const int mode = *c.f.overcommit_memory;
  if (mode == 0) {
    f.reason = tr("0 (heuristic): only absurd allocations fail; memory runs out at page-fault time and the OOM "
                  "killer decides.") + commit;
  } else if (mode == 1) {
    f.status = Status::warn;
    f.reason = tr("1 (always): every allocation succeeds, even impossible ones; a job never sees MemoryError, it is "
                  "SIGKILLed by the OOM killer instead.") + commit;
    f.fix = c.sysctl("vm.overcommit_memory=0");
  } else if (mode == 2) {
    f.title = "vm.overcommit_memory / overcommit_ratio";
    std::string basis = c.f.overcommit_kbytes && *c.f.overcommit_kbytes
                            ? fmt::format("overcommit_kbytes {}", format_bytes(*c.f.overcommit_kbytes << 10))
                            : fmt::format("overcommit_ratio {}%", c.f.overcommit_ratio ? std::to_string(*c.f.overcommit_ratio) : "?");
    f.reason = trf("2 (never): allocations beyond CommitLimit (swap + RAM × {}) fail with ENOMEM, even "
                           "with RAM free; CUDA, JVMs and PyTorch reserve far more than they touch.",
                           basis) + commit;
    f.status = Status::warn;
    f.fix = c.sysctl("vm.overcommit_memory=0");
    if (m && m->commit_limit_bytes && m->committed_as_bytes && m->mem_total_bytes) {
      const double used = double(*m->committed_as_bytes) / double(std::max<uint64_t>(*m->commit_limit_bytes, 1));
      const bool small = *m->commit_limit_bytes < *m->mem_total_bytes * 8 / 10;
      if (used >= 0.9 || small) {
        f.status = Status::fail;
        if (small) f.reason += trf(" Only {} of {} RAM can ever be committed.", format_bytes(*m->commit_limit_bytes),
                                           format_bytes(*m->mem_total_bytes));
        if (used >= 0.9) f.reason += tr(" New allocations are about to fail.");
        f.fix = c.sysctl("vm.overcommit_memory=0") + tr("  or raise ") + c.sysctl("vm.overcommit_ratio=100");
      }
    }
  } else {
    f.status = Status::warn;
    f.reason = trf("unexpected value {}", mode);
  }
  return f;
}

bool is_zram(const SwapDevice& s) { return s.name.find("/zram") != std::string::npos; }

Finding swap(const Ctx& c) {
  Finding f{"swap", Status::pass, tr("swap and zram"), "", ""};
  std::string zram_fix = c.sudo() + "modprobe zram && " + c.sudo() + "zramctl --find --size 4G && " + c.sudo() +
                         "mkswap /dev/zram0 && " + c.sudo() + "swapon -p 100 /dev/zram0" + tr("  (or apt install systemd-zram-generator)");
  if (!c.f.swaps) {
    f.status = Status::warn;
    f.reason = unknown_reason("/proc/swaps");
    return f;
  }
  uint64_t total = 0, used = 0;
  std::string names;
  for (const auto& s : *c.f.swaps) {
    total += s.size_bytes;
    used += s.used_bytes;
    names += fmt::format("{}{} {}{}", names.empty() ? "" : ", ", printable(s.name), format_bytes(s.size_bytes),
                         is_zram(s) ? " (zram)" : "");
  }
  std::string idle_zram;
  for (const auto& z : c.f.zram) {
    bool active = std::any_of(c.f.swaps->begin(), c.f.swaps->end(),
                              [&](const SwapDevice& s) { return s.name == "/dev/" + z.name; });
    if (!active) idle_zram += (idle_zram.empty() ? "" : ", ") + z.name;
  }
  if (total == 0) {
    f.status = Status::warn;
    f.reason = tr("no swap: anonymous memory can never be paged out, so the OOM killer fires the moment RAM is "
                  "full; compressed swap in RAM (zram) buys headroom cheaply.");
    if (!idle_zram.empty()) f.reason += trf(" zram device(s) present but not used as swap: {}.", idle_zram);
    f.fix = zram_fix;
    return f;
  }
  const uint64_t ram = c.f.meminfo && c.f.meminfo->mem_total_bytes ? *c.f.meminfo->mem_total_bytes : 0;
  f.reason = trf("{} of swap ({}), {} used.", format_bytes(total), names, format_bytes(used));
  if (total < 512 * kMiB && ram && total < ram / 16) {
    f.status = Status::warn;
    f.reason += trf(" That is small next to {} RAM (under 512 MiB and under 1/16 of RAM).", format_bytes(ram));
    f.fix = zram_fix;
  } else if (used > total / 10 * 9) {
    f.status = Status::warn;
    // xgettext:no-c-format
    f.reason += tr(" Swap is over 90% full: the next spike goes straight to the OOM killer.");
    f.fix = zram_fix;
  }
  return f;
}

Finding swappiness(const Ctx& c) {
  Finding f{"swappiness", Status::pass, "vm.swappiness", "", ""};
  if (!c.f.swappiness) {
    f.status = Status::warn;
    f.reason = unknown_reason("/proc/sys/vm/swappiness");
    return f;
  }
  const int v = *c.f.swappiness;
  uint64_t total = 0;
  bool only_zram = c.f.swaps && !c.f.swaps->empty();
  if (c.f.swaps)
    for (const auto& s : *c.f.swaps) {
      total += s.size_bytes;
      only_zram &= is_zram(s);
    }
  if (total == 0) {
    f.reason = trf("{} (no effect: there is no swap).", v);
  } else if (v == 0) {
    f.status = Status::warn;
    f.reason = tr("0: the kernel avoids swap until the last moment (cgroup v1: never swaps a memory cgroup), so "
                  "configured swap does not prevent OOM kills.");
    f.fix = c.sysctl("vm.swappiness=60");
  } else if (only_zram && v < 100) {
    f.status = Status::warn;
    f.reason = trf("{} with zram-only swap: compressed RAM is cheaper than dropping page cache; 100–180 "
                           "suits zram (Linux 5.8+ accepts up to 200).", v);
    f.fix = c.sysctl("vm.swappiness=180");
  } else {
    f.reason = fmt::format("{}.", v);
  }
  return f;
}

Finding cgroup_limit(const Ctx& c) {
  Finding f{"cgroup_limit", Status::pass, tr("your memory cgroup limit"), "", ""};
  const uint64_t ram = c.f.meminfo && c.f.meminfo->mem_total_bytes ? *c.f.meminfo->mem_total_bytes : 0;
  if (!c.f.memory_controller) {
    f.status = Status::warn;
    f.reason = tr("no memory cgroup controller is mounted: no per-job limit is possible and every OOM is machine-wide.");
    f.fix = tr("mount the memory controller (cgroup v2: boot with systemd.unified_cgroup_hierarchy=1)");
    return f;
  }
  std::string where = c.f.cgroup_path ? printable(*c.f.cgroup_path) : "?";
  if (!c.f.cgroup_limit_bytes) {
    f.reason = trf("cgroup {} {} has no limit up to the root: RAM ({}) is the limit and a kill is a "
                           "machine-wide OOM kill.", c.f.cgroup_version, where, ram ? format_bytes(ram) : "?");
    return f;
  }
  const uint64_t lim = *c.f.cgroup_limit_bytes;
  f.reason = trf("cgroup {} {}: limit {} (set at {}){}", c.f.cgroup_version, where, format_bytes(lim),
                         printable(c.f.cgroup_limit_path.value_or("?")),
                         ram ? trf(" of {} RAM", format_bytes(ram)) : std::string());
  if (c.f.cgroup_usage_bytes)
    f.reason += trf(", {} in use ({:.0f}%)", format_bytes(*c.f.cgroup_usage_bytes),
                            100.0 * double(*c.f.cgroup_usage_bytes) / double(std::max<uint64_t>(lim, 1)));
  f.reason += tr(".");
  if (ram && lim > ram) {
    f.status = Status::warn;
    f.reason += tr(" The limit is above RAM, so it never fires: the machine-wide OOM killer acts first.");
    f.fix = tr("lower the limit below RAM (docker run --memory, systemd MemoryMax=, Slurm --mem)");
  } else if (c.f.cgroup_usage_bytes && *c.f.cgroup_usage_bytes >= lim / 10 * 9) {
    f.status = Status::warn;
    // xgettext:no-c-format
    f.reason += tr(" Usage is at 90% of the limit or more (usage includes page cache, which the kernel can reclaim).");
    f.fix = tr("oomlens top  (see who holds it)");
  }
  return f;
}

Finding dev_shm(const Ctx& c) {
  Finding f{"dev_shm", Status::pass, tr("/dev/shm size"), "", ""};
  std::string fix = c.sudo() + "mount -o remount,size=8G /dev/shm" + tr("  (Docker: --shm-size=8g; Kubernetes: an emptyDir "
                                                                    "with medium: Memory mounted at /dev/shm)");
  if (!c.f.shm_present) {
    f.status = Status::fail;
    f.reason = tr("/dev/shm is missing: PyTorch DataLoader workers and multiprocessing pass data through it.");
    f.fix = fix;
    return f;
  }
  if (!c.f.shm_size_bytes) {
    f.status = Status::warn;
    f.reason = tr("cannot statvfs /dev/shm");
    return f;
  }
  const uint64_t size = *c.f.shm_size_bytes;
  f.reason = trf("{} ({} used); it counts as shared memory, which no OOM kill frees.", format_bytes(size),
                         c.f.shm_used_bytes ? format_bytes(*c.f.shm_used_bytes) : "?");
  if (size < 256 * kMiB) {
    f.status = Status::fail;
    f.reason = trf("only {}: DataLoader workers fail with \"Bus error\" or \"unable to write to file "
                           "</torch_…>\" (Docker's default is 64 MiB).", format_bytes(size));
    f.fix = fix;
  } else if (size < kGiB) {
    f.status = Status::warn;
    f.reason = trf("{}: enough for small batches; several DataLoader workers with large tensors need GiBs.",
                           format_bytes(size));
    f.fix = fix;
  }
  return f;
}

Finding kernel_log(const Ctx& c) {
  Finding f{"kernel_log", Status::pass, tr("kernel log readable (kernel.dmesg_restrict)"), "", ""};
  std::string restrict = c.f.dmesg_restrict ? std::to_string(*c.f.dmesg_restrict) : tr("unknown");
  if (c.f.kmsg_readable) {
    f.reason = trf("/dev/kmsg opens (dmesg_restrict={}): oomlens explain can read OOM reports.", restrict);
    return f;
  }
  f.status = Status::warn;
  f.reason = trf("/dev/kmsg does not open ({}; dmesg_restrict={}): OOM reports are invisible to you, so "
                         "`oomlens explain` needs a saved log or root.",
                         c.f.kmsg_error ? tr_strerror(c.f.kmsg_error->errnum) : std::string(tr("unknown error")), restrict);
  if (c.f.dmesg_restrict && *c.f.dmesg_restrict)
    f.fix = c.sysctl("kernel.dmesg_restrict=0") + tr("  or run `sudo oomlens explain`, or read /var/log/kern.log (group adm)");
  else
    f.fix = tr("run `sudo oomlens explain`; in a container, the host's kernel log is not mounted: ask on the host");
  return f;
}

Finding psi(const Ctx& c) {
  Finding f{"psi", Status::pass, tr("pressure stall information (PSI)"), "", ""};
  if (!c.f.memory_pressure) {
    f.status = Status::warn;
    f.reason = tr("/proc/pressure/memory is missing: no early signal that memory is thrashing (needs CONFIG_PSI; "
                  "some kernels need psi=1 on the command line).");
    f.fix = trf("add psi=1 to GRUB_CMDLINE_LINUX in /etc/default/grub, {}update-grub, reboot", c.sudo());
    return f;
  }
  const auto& p = *c.f.memory_pressure;
  f.reason = trf("enabled; memory some avg10 {:.2f}%, full avg10 {}.", p.some ? p.some->avg10 : 0.0,
                         p.full ? fmt::format("{:.2f}%", p.full->avg10) : std::string("?"));
  if (p.full && p.full->avg10 >= 10.0) {
    f.status = Status::warn;
    // xgettext:no-c-format
    f.reason += tr(" All tasks stalled on memory over 10% of the last 10 s: the machine is thrashing now.");
    f.fix = "oomlens top";
  }
  return f;
}

Finding sysctl_flag(const Ctx& c, std::string id, std::string title, std::optional<int> v, int good,
                    Status bad_status, std::string bad_reason, std::string good_reason) {
  Finding f{std::move(id), Status::pass, title, "", ""};
  if (!v) {
    f.status = Status::warn;
    f.reason = unknown_reason("/proc/sys/" + title.substr(0, title.find('.')) + "/" + title.substr(title.find('.') + 1));
    return f;
  }
  if (*v == good) {
    f.reason = trf("{}: {}", *v, tr(good_reason.c_str()));
  } else {
    f.status = bad_status;
    f.reason = trf("{}: {}", *v, tr(bad_reason.c_str()));
    f.fix = c.sysctl(fmt::format("{}={}", title, good));
  }
  return f;
}

Finding panic_on_oom(const Ctx& c) {
  auto f = sysctl_flag(c, "panic_on_oom", "vm.panic_on_oom", c.f.panic_on_oom, 0, Status::warn,
                       N_("a machine-wide OOM panics (and usually reboots) the whole machine instead of killing one process."),
                       N_("the OOM killer kills a process; the machine stays up."));
  if (c.f.panic_on_oom && *c.f.panic_on_oom == 2) {
    f.status = Status::fail;
    f.reason = tr("2: every OOM, even one inside a memory cgroup limit, panics the whole machine.");
  }
  return f;
}

std::string list_processes(const std::vector<ProcessFact>& ps, size_t max) {
  std::string s;
  for (size_t i = 0; i < ps.size() && i < max; ++i)
    s += fmt::format("{}{} {}{}", i ? ", " : "", ps[i].pid, printable(ps[i].comm),
                     ps[i].rss_bytes ? fmt::format(" ({})", format_bytes(*ps[i].rss_bytes)) : std::string());
  if (ps.size() > max) s += trf(", and {} more", ps.size() - max);
  return s;
}

Finding unkillable(const Ctx& c) {
  Finding f{"unkillable", Status::pass, tr("processes with oom_score_adj -1000"), "", ""};
  const auto& ps = c.f.unkillable;
  if (ps.empty()) {
    f.reason = tr("none: every process can be chosen by the OOM killer.");
    return f;
  }
  uint64_t total = 0;
  bool big = false;
  for (const auto& p : ps) {
    total += p.rss_bytes.value_or(0);
    big |= p.rss_bytes.value_or(0) >= kGiB;
  }
  f.reason = trf("{} process(es) the OOM killer never picks, holding {} RSS: {}.", ps.size(),
                         format_bytes(total), list_processes(ps, 8));
  if (big) {
    f.status = Status::warn;
    f.reason += tr(" One holds 1 GiB or more: if it grows, everything else is killed first.");
    f.fix = tr("oomlens protect PID --adj 0  (needs the privilege that set -1000)");
  } else {
    f.reason += tr(" All are small (under 1 GiB each).");
  }
  return f;
}

std::string daemon_effect(const ProcessFact& p, const std::string& kind) {
  if (kind == "earlyoom")
    return tr("earlyoom SIGTERMs (then SIGKILLs) the process with the highest oom_score machine-wide when "
           "MemAvailable and SwapFree both fall below 10% (-m/-s; 5% for SIGKILL); it has no cgroup code, so "
           "inside a container or Slurm limit it never fires");
  if (kind == "systemd-oomd")
    // xgettext:no-c-format
    return tr("systemd-oomd kills a whole cgroup v2 unit (every process of it) when its memory pressure stays above "
           "ManagedOOMMemoryPressureLimit (default 60% for 30 s) or swap is over 90% full, only for units "
           "that opt in with ManagedOOM*=kill");
  if (kind == "oomd")
    return tr("oomd (facebookincubator/oomd) kills whole cgroups v2 by the rules in its JSON configuration, on memory "
           "pressure (PSI) or swap use, machine-wide");
  (void)p;
  return tr("nohang SIGTERMs the process with the highest badness (oom_score, adjustable by regex) when MemAvailable "
         "and SwapFree fall below the thresholds in /etc/nohang/nohang.conf, machine-wide");
}

Finding oom_daemons(const Ctx& c) {
  Finding f{"oom_daemons", Status::pass, tr("userspace OOM killers (earlyoom, systemd-oomd, nohang)"), "", ""};
  if (c.f.oom_daemons.empty()) {
    f.reason = tr("none running: only the kernel kills, and only when memory is exhausted; `oomlens run --act` can "
                  "warn a job first.");
    return f;
  }
  f.status = Status::warn;
  for (const auto& p : c.f.oom_daemons) {
    const std::string kind = oom_daemon_kind(p.comm, p.cmdline);
    f.reason += trf("{}pid {} `{}`: {}.", f.reason.empty() ? "" : " ", p.pid, printable(p.cmdline.empty() ? p.comm : p.cmdline),
                            daemon_effect(p, kind));
  }
  f.fix = tr("give jobs a warning first: oomlens run --act 90% --action term -- CMD; exclude a job from earlyoom "
             "with --avoid REGEX, or raise its oom_score_adj so the daemon picks it deliberately");
  return f;
}

Finding ulimit_v(const Ctx& c) {
  Finding f{"ulimit_v", Status::pass, "ulimit -v (RLIMIT_AS)", "", ""};
  if (c.f.ulimit_v_unlimited) {
    f.reason = tr("unlimited.");
    return f;
  }
  f.status = Status::warn;
  f.reason = trf("address space limited to {}: PyTorch, CUDA, JAX and JVMs reserve large virtual ranges "
                         "and fail with MemoryError/ENOMEM long before their RSS gets near it.",
                         c.f.ulimit_v_bytes ? format_bytes(*c.f.ulimit_v_bytes) : "?");
  f.fix = tr("ulimit -v unlimited  (in the job's shell; permanent: /etc/security/limits.conf `as`)");
  return f;
}

}  // namespace

const char* status_name(Status s) {
  switch (s) {
    case Status::pass: return "PASS";
    case Status::warn: return "WARN";
    case Status::fail: return "FAIL";
  }
  return "?";
}

bool facts_empty(const SystemFacts& f) {
  return !f.meminfo && !f.overcommit_memory && !f.swappiness && !f.panic_on_oom;
}

std::vector<Finding> audit(const SystemFacts& facts) {
  Ctx c{facts};
  std::vector<Finding> out;
  out.push_back(overcommit(c));
  out.push_back(swap(c));
  out.push_back(swappiness(c));
  out.push_back(cgroup_limit(c));
  out.push_back(dev_shm(c));
  out.push_back(kernel_log(c));
  out.push_back(psi(c));
  out.push_back(panic_on_oom(c));
  out.push_back(sysctl_flag(c, "oom_kill_allocating_task", "vm.oom_kill_allocating_task",
                            facts.oom_kill_allocating_task, 0, Status::warn,
                            N_("the OOM killer kills whichever task asked for memory last, not the biggest: an innocent "
                               "small process dies and the hog lives on."),
                            N_("the OOM killer picks the process with the highest oom_score.")));
  out.push_back(sysctl_flag(c, "oom_dump_tasks", "vm.oom_dump_tasks", facts.oom_dump_tasks, 1, Status::warn,
                            N_("OOM reports omit the task table, so `oomlens explain` cannot show what else held memory."),
                            N_("OOM reports list every task's memory.")));
  out.push_back(unkillable(c));
  out.push_back(oom_daemons(c));
  out.push_back(ulimit_v(c));
  return out;
}

}  // namespace oomlens::check
