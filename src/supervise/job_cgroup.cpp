// The job's leaf memory cgroup (see job_cgroup.h).
#include "supervise/job_cgroup.h"

#include <dirent.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

#include <fmt/core.h>

#include "cgroup/memcg_files.h"
#include "proc/proc.h"
#include "util/file.h"
#include "supervise/systemd_scope.h"
#include "util/i18n.h"
#include "util/size_option.h"
#include "util/text.h"

namespace oomlens::supervise {

namespace {

// "80%": a share of oomlens's own memory limit (or MemTotal), in (0, 100].
Result<LimitSpec> percent_spec(std::string_view text, std::string_view number) {
  const std::string n(number), s(text);
  char* end = nullptr;
  const double v = std::strtod(n.c_str(), &end);
  if (n.empty() || end != n.c_str() + n.size() || !std::isfinite(v))
    return input_error(fmt::format(N_("--limit '{}' is not a size (64M, 32G, 1.5GiB) or a percentage (80%)"), s));
  if (v > 100)
    return input_error(fmt::format(N_("--limit '{}' is a share over 100 %: a percentage is of oomlens's own memory "
                                      "limit (or MemTotal), so give at most 100%, or a size (64M, 32G)"), s));
  if (v <= 0) return input_error(fmt::format(N_("--limit '{}' must be above 0%"), s));
  LimitSpec spec;
  spec.percent = v;
  return spec;
}

}  // namespace

Result<LimitSpec> parse_limit_spec(std::string_view text) {
  const std::string_view t = text::trim(text);
  if (text::ends_with(t, "%")) return percent_spec(t, text::trim(t.substr(0, t.size() - 1)));
  auto bytes = parse_size_option("--limit", t);  // the one parser of sizes
  if (!bytes) return bytes.error();
  LimitSpec spec;
  spec.bytes = *bytes;
  return spec;
}

uint64_t resolve_limit(const LimitSpec& spec, uint64_t available_bytes) {
  if (spec.bytes) return *spec.bytes;
  return static_cast<uint64_t>(static_cast<double>(available_bytes) * spec.percent.value_or(100) / 100.0);
}

std::string job_cgroup_dir(cgroup::Version v, const std::string& mount_point, const std::string& own_dir,
                           int oomlens_pid) {
  std::string name = "oomlens-run-" + std::to_string(oomlens_pid);
  std::string base = own_dir;
  while (base.size() > 1 && base.back() == '/') base.pop_back();
  std::string mp = mount_point;
  while (mp.size() > 1 && mp.back() == '/') mp.pop_back();
  if (v == cgroup::Version::v2 && base.size() > mp.size()) {
    auto slash = base.rfind('/');
    if (slash != std::string::npos && slash >= mp.size()) base.resize(slash);
  }
  return base + "/" + name;
}

std::optional<int> job_cgroup_owner(std::string_view name) {
  constexpr std::string_view kPrefix = "oomlens-run-";
  if (!name.starts_with(kPrefix)) return std::nullopt;
  name.remove_prefix(kPrefix.size());
  int pid = 0;
  auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), pid);
  if (ec != std::errc() || end != name.data() + name.size() || pid <= 0 || name.front() == '0') return std::nullopt;
  return pid;
}

std::vector<StaleJobCgroup> remove_stale_job_cgroups(const std::string& parent, std::string_view keep,
                                                     const std::string& proc_root) {
  std::vector<StaleJobCgroup> out;
  DIR* d = ::opendir(parent.c_str());
  if (!d) return out;
  std::vector<std::pair<std::string, int>> found;
  while (dirent* e = ::readdir(d)) {
    std::string_view name = e->d_name;
    if (name == keep) continue;
    if (auto pid = job_cgroup_owner(name)) found.emplace_back(std::string(name), *pid);
  }
  ::closedir(d);
  std::sort(found.begin(), found.end());
  for (auto& [name, pid] : found) {
    if (proc::read_comm(pid, join_root(proc_root, "proc")) == "oomlens") continue;  // its owner runs
    StaleJobCgroup s;
    s.dir = parent + "/" + name;
    s.owner_pid = pid;
    s.removed = ::rmdir(s.dir.c_str()) == 0;
    if (!s.removed) s.error = system_error("rmdir " + s.dir);
    out.push_back(std::move(s));
  }
  return out;
}

uint64_t own_memory_cap_bytes(const std::string& root) {
  auto mi = proc::read_meminfo(join_root(root, "proc"));
  const uint64_t ram = mi && mi->mem_total_bytes ? *mi->mem_total_bytes : 0;
  if (auto h = cgroup::find_memory_hierarchy(root))
    if (auto own = cgroup::memory_cgroup_dir(*h, 0, root))
      if (auto l = cgroup::tightest_limit(cgroup::under_root(*h, root), *own); l.bytes && (!ram || *l.bytes < ram))
        return *l.bytes;
  return ram;
}

Result<JobCgroup> create_job_cgroup(const LimitSpec& spec, bool allow_swap, const std::string& root) {
  auto h = cgroup::find_memory_hierarchy(root);
  if (!h) {
    return SystemError{0, "no memory cgroup controller is mounted (neither cgroup v1 memory nor cgroup2 with memory)"};
  }
  auto own = cgroup::memory_cgroup_dir(*h, 0, root);
  if (!own) {
    return SystemError{0, "cannot find oomlens's own memory cgroup in /proc/self/cgroup"};
  }
  h = cgroup::under_root(*h, root);  // the mount under ROOT, as `own` is (what the session walks up to)
  auto mi = proc::read_meminfo(join_root(root, "proc"));
  uint64_t ram = mi && mi->mem_total_bytes ? *mi->mem_total_bytes : 0;
  uint64_t limit = resolve_limit(spec, own_memory_cap_bytes(root));
  if (ram && limit > ram) {
    return SystemError{0, "--limit " + std::to_string(limit) + " bytes is larger than this machine's RAM (" +
             std::to_string(ram) + " bytes)"};
  }
  if (limit < (uint64_t{4} << 20)) {
    return SystemError{0, "--limit " + std::to_string(limit) + " bytes is too small to start a process (minimum 4 MiB)"};
  }
  JobCgroup jc;
  jc.hierarchy = *h;
  jc.dir = job_cgroup_dir(h->version, h->mount_point, *own, static_cast<int>(::getpid()));
  jc.limit_bytes = limit;
  {
    const auto slash = jc.dir.rfind('/');
    jc.stale = remove_stale_job_cgroups(jc.dir.substr(0, slash), std::string_view(jc.dir).substr(slash + 1), root);
  }
  auto r = cgroup::create_limited(h->version, jc.dir, limit, !allow_swap);
  if (!r) {
    (void)cgroup::kill_and_remove(jc.dir, 1000);
    // create_limited's error with its errno, and what else to know.
    auto with_advice = [&r](const std::string& more) {
      SystemError e = r.error();
      e.advice = e.advice.empty() ? more : e.advice + "; " + more;
      return e;
    };
    if (h->version == cgroup::Version::v1) return with_advice("cgroup v1 needs root");
    if (!not_delegated_errno(r.error().errnum)) return r.error();
    // Not delegated to us: let systemd make the cgroup (systemd_scope.h).
    if (auto exe = find_on_path("systemd-run", std::getenv("PATH"))) {
      jc.dir.clear();
      jc.via_systemd_run = true;
      jc.systemd_run = *exe;
      jc.systemd_version = systemd_run_version(*exe);
      jc.own_dir = *own;
      jc.not_delegated = r.error().message();
      jc.swap_capped = !allow_swap;
      return jc;
    }
    return with_advice("tried: a cgroup v2 beside oomlens's own, which needs a delegated subtree, e.g. run "
                       "oomlens under `systemd-run --user --scope -p Delegate=yes`; and `systemd-run --scope -p "
                       "MemoryMax=...`, but systemd-run is not on PATH");
  }
  jc.swap_capped = !allow_swap;
  return jc;
}

}  // namespace oomlens::supervise
