// Reader of SystemFacts (see system_facts.h).
#include "check/system_facts.h"
#include "util/fd.h"
#include "util/file.h"
#include "util/text.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>

#include "cgroup/cgroup.h"
#include "cgroup/memcg_files.h"

namespace oomlens::check {
namespace {

using text::trim;

template <typename T>
std::optional<T> read_number(const std::string& path) {
  auto text = read_file(path);
  if (!text) return std::nullopt;
  auto t = trim(*text);
  T v{};
  auto r = std::from_chars(t.data(), t.data() + t.size(), v);
  if (r.ec != std::errc{} || r.ptr != t.data() + t.size()) return std::nullopt;
  return v;
}

void read_processes(const std::string& proc, SystemFacts& f) {
  for (const int pid : proc::list_pids(proc)) {
    auto comm = proc::read_comm(pid, proc);
    if (!comm) continue;  // gone
    const std::string& c = *comm;
    std::string cmd = proc::read_cmdline(pid, proc, size_t{1} << 20);
    auto adj = proc::read_pid_int(pid, "oom_score_adj", proc);
    // Kernel threads have an empty cmdline and no mm: the OOM killer never
    // considers them, so their -1000 (if any) is irrelevant.
    const bool kthread = cmd.empty();
    std::string kind = oom_daemon_kind(c, cmd);
    if ((!kthread && adj == -1000) || !kind.empty()) {
      ProcessFact p{pid, c, cmd, std::nullopt};
      if (auto st = proc::read_pid_status(pid, proc)) p.rss_bytes = st->vm_rss_bytes;
      if (!kthread && adj == -1000) f.unkillable.push_back(p);
      if (!kind.empty()) f.oom_daemons.push_back(p);
    }
  }
}

}  // namespace

std::vector<SwapDevice> parse_swaps(std::string_view text) {
  std::vector<SwapDevice> out;
  // A column of KiB in bytes: its leading digits, nullopt on none or overflow.
  auto kib_bytes = [](std::string_view col) -> std::optional<uint64_t> {
    const auto kib = text::take_u64(col);
    return kib ? text::mul(*kib, 1024) : std::nullopt;
  };
  bool header = true;
  for (std::string_view rest = text; !rest.empty();) {
    std::string_view line = text::next_line(rest);
    if (header) {  // "Filename Type Size Used Priority"
      header = false;
      if (line.substr(0, 8) == "Filename") continue;
    }
    const std::string_view name = text::take_token(line), type = text::take_token(line);
    const std::string_view size_col = text::take_token(line), used_col = text::take_token(line);
    if (used_col.empty()) continue;  // fewer than 4 columns
    const auto size = kib_bytes(size_col), used = kib_bytes(used_col);
    if (!size || !used) continue;
    out.push_back({std::string(name), std::string(type), *size, *used});
  }
  return out;
}

SystemFacts read_system_facts(const std::string& root) {
  SystemFacts f;
  const std::string proc = join_root(root, "proc");
  const std::string vm = join_root(root, "proc/sys/vm/");
  f.overcommit_memory = read_number<int>(vm + "overcommit_memory");
  f.overcommit_ratio = read_number<int>(vm + "overcommit_ratio");
  f.overcommit_kbytes = read_number<uint64_t>(vm + "overcommit_kbytes");
  f.swappiness = read_number<int>(vm + "swappiness");
  f.panic_on_oom = read_number<int>(vm + "panic_on_oom");
  f.oom_kill_allocating_task = read_number<int>(vm + "oom_kill_allocating_task");
  f.oom_dump_tasks = read_number<int>(vm + "oom_dump_tasks");
  f.meminfo = proc::read_meminfo(proc);
  if (auto s = read_file(proc + "/swaps")) f.swaps = parse_swaps(*s);

  if (DIR* d = ::opendir(join_root(root, "sys/block").c_str())) {
    while (dirent* e = ::readdir(d)) {
      std::string n = e->d_name;
      if (n.rfind("zram", 0) != 0) continue;
      auto size = read_number<uint64_t>(join_root(root, "sys/block/" + n + "/disksize"));
      f.zram.push_back({n, size.value_or(0)});
    }
    ::closedir(d);
  }

  f.dmesg_restrict = read_number<int>(join_root(root, "proc/sys/kernel/dmesg_restrict"));
  // Decide by trying: CAP_SYSLOG, containers without /dev/kmsg and LSMs all
  // play a part, and the open is the only honest answer.
  if (const UniqueFd fd(::open(join_root(root, "dev/kmsg").c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)); fd)
    f.kmsg_readable = true;
  else
    f.kmsg_error = system_error("open " + join_root(root, "dev/kmsg"));

  f.memory_pressure = proc::read_pressure(proc + "/pressure/memory");

  if (auto h = cgroup::find_memory_hierarchy(root)) {
    f.memory_controller = true;
    f.cgroup_version = h->version == cgroup::Version::v1 ? "v1" : "v2";
    if (auto dir = cgroup::memory_cgroup_dir(*h, 0, root)) {
      const std::string mount = join_root(root, h->mount_point);
      f.cgroup_path = dir->size() >= mount.size() ? dir->substr(mount.size()) : *dir;
      if (f.cgroup_path->empty()) f.cgroup_path = "/";
      auto lim = cgroup::tightest_limit(cgroup::under_root(*h, root), *dir);
      f.cgroup_limit_bytes = lim.bytes;
      // Which level holds it: walk up again (tightest_limit does not say).
      if (lim.bytes) {
        std::string d = *dir;
        while (d.size() >= mount.size()) {
          auto l = cgroup::read_limit(h->version, d);
          if (l.bytes == lim.bytes) {
            f.cgroup_limit_path = d.size() > mount.size() ? d.substr(mount.size()) : "/";
            break;
          }
          auto slash = d.rfind('/');
          if (slash == std::string::npos || slash < mount.size()) break;
          d.resize(slash);
        }
      }
      f.cgroup_usage_bytes = cgroup::read_usage_bytes(h->version, *dir);
    }
  }

  const std::string shm = join_root(root, "dev/shm");
  struct statvfs sv {};
  if (::access(shm.c_str(), F_OK) == 0) {
    f.shm_present = true;
    if (::statvfs(shm.c_str(), &sv) == 0) {
      f.shm_size_bytes = static_cast<uint64_t>(sv.f_blocks) * sv.f_frsize;
      f.shm_used_bytes = static_cast<uint64_t>(sv.f_blocks - sv.f_bfree) * sv.f_frsize;
    }
  }

  read_processes(proc, f);

  struct rlimit rl {};
  if (::getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
    f.ulimit_v_unlimited = false;
    f.ulimit_v_bytes = static_cast<uint64_t>(rl.rlim_cur);
  }
  f.as_root = ::geteuid() == 0;
  return f;
}

}  // namespace oomlens::check
