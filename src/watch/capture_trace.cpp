// The tracepoint side of Capture (see capture.h, trace/oom_trace.h): every
// kill emitted the moment oom:mark_victim reports it, with the victim's
// figures and the memory cgroup read from /proc/PID/cgroup while the victim
// is still being reaped; the kernel's report, when it comes, joined to it
// as an update with the same id; the reason when it never comes.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>

#include "util/i18n.h"
#include "cgroup/memcg_files.h"
#include "diagnose/cgroup_owner.h"
#include "diagnose/owner_lookup.h"
#include "kernel_log/kill_join.h"
#include "kernel_log/victim_sizes.h"
#include "proc/proc.h"
#include "util/file.h"
#include "watch/capture.h"

namespace oomlens::watch {
namespace {

constexpr size_t kMaxTraced = 512;
constexpr size_t kMaxLinesSeen = 256;
constexpr auto kKeepTraced = std::chrono::seconds(60);  // a report later than this is a new event


}  // namespace

// The status is for people only (watch and the daemon print it): in the
// user's language. The totals are English, marked: printed through retranslate().
void Capture::open_trace() {
  if (!opt_.tracepoints) {
    trace_status_ = tr("off: --no-tracepoints");
    return;
  }
  auto mounts = read_file(join_root(opt_.root, "proc/self/mounts")).value_or("");
  trace_ = std::make_unique<trace::OomTrace>();
  if (!trace_->open(mounts, static_cast<int>(::getpid()), opt_.tracefs)) {
    trace_status_ = trf("off: {}", retranslate(trace_->error().error().message()));
    trace_.reset();
    return;
  }
  trace_status_ = trace_->signals()
                      ? trf("on (oom:mark_victim: {})", trace_->fields())
                      : trf("on (oom:mark_victim: {}); signal:signal_generate unavailable: an exiting task "
                            "marked by the OOM killer counts as a kill",
                            trace_->fields());
}

std::string Capture::tracepoint_totals() const {
  if (!trace_) return "";
  return fmt::format(N_("tracepoint: {} kill(s), {} exiting task(s) marked but not killed, {} trace line(s) not parsed"),
                     traced_kills_, marked_not_killed_, trace_->unparsed());
}

Capture::TracedKill* Capture::traced(int64_t pid) {
  for (auto it = traced_.rbegin(); it != traced_.rend(); ++it)
    if (it->pid == pid) return &*it;
  return nullptr;
}

void Capture::note_trace_line(std::string_view message) {
  if (!trace_) return;
  // `oom_kill_process: 7 callbacks suppressed` (lib/ratelimit.c): report
  // headers the kernel's rate limit dropped, printed when it lets one through.
  if (auto p = message.find(" callbacks suppressed"); p != std::string_view::npos && message.starts_with("oom_kill_process: ")) {
    auto digits = message.substr(18, p - 18);
    uint64_t n = 0;
    if (std::from_chars(digits.data(), digits.data() + digits.size(), n).ec == std::errc{}) suppressed_headers_ += n;
    return;
  }
  if (auto k = joiner_.feed(message)) {
    KillLineSeen s;
    s.pid = k->kill.pid;
    s.message = k->kill.message;
    if (k->constraint) s.constraint = oomline::constraint_name(*k->constraint);
    if (k->summary) s.oom_memcg = k->summary->oom_memcg;
    lines_seen_.push_back(std::move(s));
    while (lines_seen_.size() > kMaxLinesSeen) lines_seen_.pop_front();
  }
}

void Capture::on_trace_readable() {
  if (!trace_) return;
  auto marks = trace_->read_available();
  // The victims' cgroups before anything else: the reaper is racing us.
  std::vector<std::optional<std::string>> paths;
  for (const auto& v : marks)
    paths.push_back(hierarchy_ ? cgroup::memory_cgroup_path(*hierarchy_, static_cast<int>(v.pid), opt_.root)
                               : std::nullopt);
  // Emitted before the log is read: a flood of records there must not delay
  // the event (its report joins as the update; a kill line already read
  // gives the constraint).
  for (size_t i = 0; i < marks.size(); ++i) on_mark_victim(marks[i], paths[i]);
  on_readable();
}

void Capture::on_mark_victim(const trace::MarkVictim& v, std::optional<std::string> path) {
  if (v.signal == trace::KillSignal::absent) {  // an exiting task marked, not killed
    ++marked_not_killed_;
    return;
  }
  if (traced(v.pid)) return;
  for (const auto& r : recent_)  // the log was read first (a trace read that came late)
    for (const auto& x : r.event.victims)
      if (x.pid == v.pid && r.evidence == Evidence::log && detail::unix_ms_now() - r.detected_unix_ms < 10000) return;
  WatchEvent w;
  w.evidence = Evidence::tracepoint;
  w.sources = {"tracepoint"};
  w.kills = 1;
  OomEvent& e = w.event;
  e.kind = EventKind::kill;
  e.host = host_;
  e.boot_id = boot_id_;
  e.source = "tracepoint";
  Victim vic;
  vic.pid = v.pid;
  if (v.comm) vic.comm = *v.comm;
  else if (auto st = proc::read_pid_status(static_cast<int>(v.pid), join_root(opt_.root, "proc"))) vic.comm = st->name;
  vic.uid = v.uid;
  set_sizes_from_kb(vic, v);
  vic.oom_score_adj = v.oom_score_adj;
  if (v.oom_score_adj) vic.oom_score_adj_source = "tracepoint";
  e.victims.push_back(std::move(vic));

  std::optional<std::string> oom_memcg;
  // The constraint, when the kill line (and its `oom-kill:` summary) was already read.
  for (auto it = lines_seen_.rbegin(); it != lines_seen_.rend(); ++it) {
    if (it->pid != v.pid) continue;
    if (it->constraint == std::string("memcg")) e.constraint = Constraint::memcg;
    else if (it->constraint == std::string("global")) e.constraint = Constraint::global;
    else if (it->constraint == std::string("cpuset")) e.constraint = Constraint::cpuset;
    else if (it->constraint == std::string("mempolicy")) e.constraint = Constraint::mempolicy;
    oom_memcg = it->oom_memcg;
    w.sources.push_back("kill_line");
    break;
  }
  // The victim's memory cgroup, read the moment the event was (on_trace_readable).
  // An exiting task shows the root cgroup: for a memcg kill that is the race lost.
  if (path && *path == "/" && e.constraint != Constraint::global) path.reset();
  bool from_counters = false;
  if (!path && hierarchy_ && opt_.counters && baseline_taken_) {
    // The kernel bumped the victim cgroup's oom_kill counter before the
    // tracepoint fired: exactly one cgroup with an unexplained kill is it.
    CgroupCounts pending = unexplained_kills(cgroup_base_, read_cgroup_oom_kills(*hierarchy_), explained_);
    if (pending.size() == 1) {
      path = pending.begin()->first;
      from_counters = true;
    }
  }
  if (path) {
    const cgroup::Version ver = hierarchy_->version;
    const std::string dir = join_root(hierarchy_->mount_point, *path);
    CgroupAtKill c;
    c.path = *path;
    // A cgroup removed already (a killed job's, read late) has a limit
    // nobody can read any more: unknown, not its parent's.
    if (::access(dir.c_str(), F_OK) == 0) c.limit_bytes = cgroup::tightest_limit(*hierarchy_, dir).bytes;
    c.usage_bytes = cgroup::read_usage_bytes(ver, dir);
    c.oom_kill = cgroup::oom_kill_count(ver, dir);
    if (auto ev = cgroup::read_memory_events(ver, dir)) c.oom = ev->oom;
    w.cgroup_at_kill = std::move(c);
    w.sources.push_back(from_counters ? "counters" : "proc");
    if (from_counters)
      w.capture_notes.push_back(fmt::format(
          "/proc/{}/cgroup was gone before oomlens read it (the reaper won the race): the memory cgroup is the one "
          "whose oom_kill counter counted a kill nothing else explained",
          v.pid));
    MemcgInfo m;
    m.task_memcg = *path;
    m.owner = decode_cgroup_owner(*path);
    if (m.owner) lookup_owner_names(*m.owner, OwnerLookup{opt_.root, opt_.docker_root}, &e.notes);
    m.oom_memcg = oom_memcg;
    e.memcg = std::move(m);
  } else if (hierarchy_) {
    w.capture_notes.push_back(fmt::format(
        "/proc/{}/cgroup was gone before oomlens read it (the reaper won the race): the memory cgroup comes "
        "from the report or the oom_kill counters",
        v.pid));
    if (oom_memcg) {
      MemcgInfo m;
      m.oom_memcg = oom_memcg;
      e.memcg = std::move(m);
    }
  }
  ExplainContext ctx;
  if (auto mi = proc::read_meminfo(join_root(opt_.root, "proc"))) ctx.mem_total_bytes = mi->mem_total_bytes;
  explain_into(w, e, ctx);
  if (trace_->mono_clock()) w.killed_monotonic_s = v.ts_s;
  w.id = fmt::format("{}-{}", v.pid, v.ts_s ? static_cast<uint64_t>(*v.ts_s * 1e6) : static_cast<uint64_t>(traced_.size()));
  if (baseline_taken_) {
    log_kills_ += 1;
    if (path) explained_[*path] += 1;
  }
  w.capture_notes.insert(w.capture_notes.end(), pending_notes_.begin(), pending_notes_.end());
  pending_notes_.clear();
  ++traced_kills_;
  TracedKill t{w.id, v.pid, Clock::now(), gaps_, path, w};
  traced_.push_back(std::move(t));
  while (traced_.size() > kMaxTraced) traced_.pop_front();
  emit(std::move(w));
}

bool Capture::join_report(OomEvent& e) {
  TracedKill* t = nullptr;
  for (const auto& v : e.victims)
    if (v.pid && (t = traced(*v.pid))) break;
  if (!t) return false;
  WatchEvent u;
  u.type = EmitType::update;
  u.evidence = Evidence::tracepoint;
  u.id = t->id;
  u.kills = t->first.kills;
  u.sources = t->first.sources;
  const bool header = detail::has_report_header(e);
  bool memcg_unknown = false;
  if (header) u.sources.push_back("report");
  if (std::find(u.sources.begin(), u.sources.end(), "kill_line") == u.sources.end()) u.sources.push_back("kill_line");
  u.report = header ? "printed" : "header_suppressed";
  if (!header)
    u.report_missing_reason = fmt::format(
        "the kernel's rate limit on OOM reports (10 headers per 5 s) printed only the kill line{}",
        suppressed_headers_ ? fmt::format(" ({} headers suppressed so far, by the kernel's `callbacks suppressed` lines)",
                                          suppressed_headers_)
                            : std::string());
  // The cgroup read at the kill is exact; a bare kill line has none.
  if (t->cgroup && (!e.memcg || !e.memcg->task_memcg)) {
    MemcgInfo m = e.memcg.value_or(MemcgInfo{});
    m.task_memcg = t->cgroup;
    e.memcg = std::move(m);
  } else if (!t->cgroup) {
    // The race for /proc/PID/cgroup was lost at the kill: the report's
    // summary names the cgroup, else the oom_kill counters (said in sources).
    const bool had = e.memcg && (e.memcg->task_memcg || e.memcg->oom_memcg);
    attribute_headerless(e);
    if (!had && e.memcg && e.memcg->task_memcg) u.sources.push_back("counters");
    if (!detail::counting_cgroup(e)) memcg_unknown = true;
    if (auto cg = detail::counting_cgroup(e); cg && baseline_taken_) explained_[*cg] += 1;
  }
  if (e.memcg && !e.memcg->owner) e.memcg->owner = decode_memcg_owner(*e.memcg);
  if (e.memcg) lookup_owner_names(*e.memcg, OwnerLookup{opt_.root, opt_.docker_root}, &e.notes);
  if (!e.host) e.host = host_;
  if (!e.boot_id) e.boot_id = boot_id_;
  ExplainContext ctx;
  if (auto mi = proc::read_meminfo(join_root(opt_.root, "proc"))) ctx.mem_total_bytes = mi->mem_total_bytes;
  explain_into(u, e, ctx, &kills_read_);  // the report's printk time: the tracepoint's first emission has none
  u.killed_monotonic_s = t->first.killed_monotonic_s;
  u.cgroup_at_kill = t->first.cgroup_at_kill;
  u.event = std::move(e);
  u.capture_notes = std::move(pending_notes_);
  pending_notes_.clear();
  if (memcg_unknown)
    u.capture_notes.push_back(
        "memory cgroup unknown: /proc/PID/cgroup lost the race at the kill (cgroup v1 shows an exiting task in "
        "\"/\"), the kernel printed no report header, and more than one cgroup's oom_kill counter counted a kill "
        "nothing else explained");
  int64_t pid = t->pid;
  traced_.erase(std::remove_if(traced_.begin(), traced_.end(), [&](const TracedKill& k) { return k.pid == pid; }),
                traced_.end());
  emit(std::move(u));
  return true;
}

void Capture::expire_traced(Clock::time_point now) {
  const auto wait = opt_.incomplete_quiet + opt_.quiet;
  for (auto& t : traced_) {
    if (t.first.report || now - t.at < wait) continue;
    WatchEvent u = t.first;
    u.type = EmitType::update;
    u.report = "missing";
    u.report_missing_reason =
        gaps_ > t.gaps_at
            ? std::string("lost: the kernel log ring was overwritten (a /dev/kmsg gap) before oomlens read the kill line")
            : fmt::format("no kill line for pid {} reached the kernel log within {} ms", t.pid,
                          std::chrono::duration_cast<std::chrono::milliseconds>(wait).count());
    u.capture_notes.clear();
    t.first.report = u.report;  // said once; a late report still joins (kKeepTraced)
    emit(std::move(u));
  }
  while (!traced_.empty() && now - traced_.front().at > kKeepTraced) traced_.pop_front();
}

}  // namespace oomlens::watch
