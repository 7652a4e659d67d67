// Live capture (see capture.h).
#include "watch/capture.h"

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

#include "cgroup/memcg_files.h"
#include "diagnose/cgroup_owner.h"
#include "diagnose/owner_lookup.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"
#include "proc/proc.h"

namespace oomlens::watch {
namespace detail {

int64_t unix_ms_now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace detail

namespace {

// How often a regular --kmsg file is re-read for what was appended.
constexpr auto kFilePoll = std::chrono::milliseconds(100);

}  // namespace

namespace detail {
std::optional<std::string> counting_cgroup(const OomEvent& e) {
  if (!e.memcg) return std::nullopt;
  if (e.memcg->task_memcg) return e.memcg->task_memcg;
  return e.memcg->oom_memcg;
}
bool has_report_header(const OomEvent& e) { return e.trigger || e.constraint_printed || !e.tasks.empty(); }
}  // namespace detail

using detail::counting_cgroup;
using detail::unix_ms_now;

class Capture::RecordSink final : public LogSink {
 public:
  explicit RecordSink(Capture& c) : c_(c) {}
  void text(std::string_view) override {}
  void record(std::string_view message, const RecordMeta& meta) override { c_.on_record(message, meta); }
  void gap(std::string_view why) override {
    ++c_.gaps_;
    c_.scanner_->note_gap(why);
    c_.pending_notes_.push_back("kernel log gap before this event: " + std::string(why));
    if (c_.pending_notes_.size() > 8) c_.pending_notes_.erase(c_.pending_notes_.begin());
  }
  void end() override {}

 private:
  Capture& c_;
};

Capture::Capture(CaptureOptions options, Sink sink) : opt_(std::move(options)), sink_(std::move(sink)) {
  ScanOptions so;
  so.source_name = opt_.source == LiveSource::journal ? "journal" : "kmsg";
  scanner_ = std::make_unique<ReportScanner>(so, [this](OomEvent&& e) { on_scanner_event(std::move(e)); });
  record_sink_ = std::make_unique<RecordSink>(*this);
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) == 0 && host[0]) host_ = host;
  boot_id_ = proc::read_boot_id(opt_.root + "/proc");
}

Capture::~Capture() = default;

int Capture::fd() const {
  if (journal_) return journal_->fd();
  // A regular file polls readable forever (the loop would spin): it is read
  // on the tick instead, see timeout_ms().
  return reader_ && !reader_->is_file() ? reader_->fd() : -1;
}

Status Capture::open() {
  if (opt_.source == LiveSource::journal) {
    JournalFollowOptions jo;
    jo.root = opt_.root;
    jo.directory = opt_.journal_directory;
    journal_ = std::make_unique<JournalFollower>(jo);
    if (!journal_->open()) return source_error("journal", journal_->result());
    take_baseline();
    open_trace();
    return kOk;
  }
  KmsgOptions ko;
  ko.root = opt_.root;
  ko.path = opt_.kmsg_path;
  ko.from_start = opt_.from_start;
  reader_ = std::make_unique<KmsgReader>(ko);
  if (!reader_->open()) return source_error("/dev/kmsg", reader_->result());
  if (opt_.from_start) {
    reader_->read_available(*record_sink_);
    scanner_->flush_idle(false);
    pending_ = !scanner_->idle();
    if (!pending_) safe_seq_ = last_seq_;
    last_record_ = Clock::now();
  }
  take_baseline();
  open_trace();
  return kOk;
}

void Capture::take_baseline() {
  hierarchy_ = cgroup::find_memory_hierarchy(opt_.root);
  if (hierarchy_) hierarchy_ = cgroup::under_root(*hierarchy_, opt_.root);
  if (opt_.counters) {
    vmstat_base_ = read_vmstat_oom_kill(opt_.root + "/proc");
    vmstat_last_ = vmstat_base_;
    if (hierarchy_) cgroup_base_ = read_cgroup_oom_kills(*hierarchy_);
    next_counter_check_ = Clock::now() + opt_.counter_period;
  }
  baseline_taken_ = true;
}

int Capture::timeout_ms() const {
  auto now = Clock::now();
  auto until = now + std::chrono::seconds(60);
  if (pending_) {
    // The quiet window; past it a report without its kill line waits longer.
    auto q = last_record_ + opt_.quiet;
    until = std::min(until, q > now ? q : last_record_ + opt_.incomplete_quiet);
  }
  if (opt_.counters && vmstat_base_) until = std::min(until, next_counter_check_);
  for (const auto& t : traced_)  // a tracepoint kill whose report is due
    if (!t.first.report) {
      until = std::min(until, t.at + opt_.incomplete_quiet + opt_.quiet);
      break;
    }
  if (reader_ && reader_->is_file()) until = std::min(until, now + kFilePoll);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(until - now).count();
  return static_cast<int>(std::clamp<int64_t>(ms + 1, 0, 60000));
}

void Capture::on_readable() {
  if (journal_) journal_->read_available(*record_sink_);
  if (reader_) reader_->read_available(*record_sink_);
}

void Capture::on_record(std::string_view message, const RecordMeta& meta) {
  if (meta.kmsg_seq && opt_.skip_through_seq && *meta.kmsg_seq <= *opt_.skip_through_seq) {
    last_seq_ = meta.kmsg_seq;
    if (scanner_->idle()) safe_seq_ = last_seq_;
    return;
  }
  ++records_;
  if (meta.kmsg_seq) last_seq_ = meta.kmsg_seq;
  note_trace_line(message);
  if (meta.boot_id && !boot_id_) boot_id_ = meta.boot_id;
  // A reaper line for an event already emitted: an update.
  if (message.find("oom_reaper:") != std::string_view::npos) {
    size_t p = message.find("oom_reaper:");
    if (auto r = oomline::parse_reaper(message.substr(p))) {
      for (auto it = recent_.rbegin(); it != recent_.rend(); ++it) {
        bool hit = false;
        for (auto& v : it->event.victims)
          if (v.pid == r->pid && !v.reaped) {
            v.reaped = oomline::reaped_bytes(*r);
            hit = true;
          }
        if (hit) {
          WatchEvent u = *it;
          u.type = EmitType::update;
          u.detected_unix_ms = unix_ms_now();
          u.capture_notes.clear();
          sink_(std::move(u));
          break;
        }
      }
    }
  }
  scanner_->feed_record(message, meta);
  last_record_ = Clock::now();
  pending_ = !scanner_->idle();
  if (!pending_) safe_seq_ = last_seq_;
}

void Capture::on_scanner_event(OomEvent&& e) {
  if (e.kind == EventKind::kill && join_report(e)) return;  // the report of a kill the tracepoint emitted
  WatchEvent w;
  w.evidence = Evidence::log;
  if (!e.host) e.host = host_;
  if (!e.boot_id) e.boot_id = boot_id_;
  attribute_headerless(e);
  if (e.memcg && !e.memcg->owner) e.memcg->owner = decode_memcg_owner(*e.memcg);
  if (e.memcg) lookup_owner_names(*e.memcg, OwnerLookup{opt_.root, opt_.docker_root}, &e.notes);
  ExplainContext ctx;
  if (auto mi = proc::read_meminfo(opt_.root + "/proc")) ctx.mem_total_bytes = mi->mem_total_bytes;
  explain_into(w, e, ctx, &kills_read_);
  w.kills = e.kind == EventKind::kill ? e.victims.size() : 0;
  if (baseline_taken_) {
    log_kills_ += w.kills;
    if (auto cg = counting_cgroup(e)) explained_[*cg] += w.kills;
  }
  w.event = std::move(e);
  w.capture_notes = std::move(pending_notes_);
  pending_notes_.clear();
  emit(std::move(w));
}

void Capture::attribute_headerless(OomEvent& e) {
  // A memcg kill whose report header the kernel rate-limited (10 per 5 s)
  // arrives as a bare "Memory cgroup out of memory: Killed process" line,
  // without the cgroup. The kernel bumps the cgroup's oom_kill counter
  // before printing that line: when exactly one cgroup has kills the log
  // has not explained, the victim was there.
  if (!opt_.counters || !hierarchy_ || !baseline_taken_ || e.kind != EventKind::kill || e.victims.empty()) return;
  if (e.constraint != Constraint::memcg) return;
  if (e.memcg && (e.memcg->oom_memcg || e.memcg->task_memcg)) return;
  CgroupCounts pending = unexplained_kills(cgroup_base_, read_cgroup_oom_kills(*hierarchy_), explained_);
  if (pending.size() != 1) return;
  MemcgInfo m = e.memcg.value_or(MemcgInfo{});
  m.task_memcg = pending.begin()->first;
  e.memcg = std::move(m);
  e.notes.push_back("memory cgroup taken from the kernel's oom_kill counters (" + pending.begin()->first +
                    " counted a kill the log had not explained): the report's header was rate-limited");
}

void Capture::emit(WatchEvent&& w) {
  w.detected_unix_ms = unix_ms_now();
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  w.detected_monotonic_s = static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
  if (w.id.empty() && w.event.kmsg_seq) w.id = "kmsg-" + std::to_string(*w.event.kmsg_seq);
  if (w.sources.empty()) {
    if (w.evidence == Evidence::counter_only) w.sources = {"counters"};
    else w.sources = {detail::has_report_header(w.event) ? "report" : "kill_line"};
  }
  if (w.evidence != Evidence::counter_only && w.type == EmitType::event && !w.event.victims.empty()) {
    WatchEvent keep = w;
    keep.event.tasks.clear();  // updates need victims, not the task table
    keep.event.tasks.shrink_to_fit();
    recent_.push_back(std::move(keep));
    while (recent_.size() > kRecentEvents) recent_.pop_front();
  }
  sink_(std::move(w));
}

void Capture::on_tick() {
  if (reader_ && reader_->is_file()) reader_->read_available(*record_sink_);  // what was appended
  auto now = Clock::now();
  if (pending_ && now - last_record_ >= opt_.quiet) {
    scanner_->flush_idle(false);
    if (!scanner_->idle() && now - last_record_ >= opt_.incomplete_quiet) scanner_->flush_idle(true);
    pending_ = !scanner_->idle();
    if (!pending_) safe_seq_ = last_seq_;
  }
  if (!traced_.empty()) expire_traced(now);
  if (opt_.counters && vmstat_base_ && now >= next_counter_check_) {
    check_counters(now);
    next_counter_check_ = now + opt_.counter_period;
  }
}

void Capture::check_counters(Clock::time_point now) {
  auto v = read_vmstat_oom_kill(opt_.root + "/proc");
  if (!v) return;
  vmstat_last_ = v;
  vmstat_samples_.emplace_back(now, *v);
  // The newest sample at least `counter_grace` old: kills it counts have had
  // time to reach the log.
  std::optional<uint64_t> settled;
  while (vmstat_samples_.size() > 1 && vmstat_samples_[1].first <= now - opt_.counter_grace)
    vmstat_samples_.pop_front();
  if (vmstat_samples_.front().first <= now - opt_.counter_grace) settled = vmstat_samples_.front().second;
  if (!settled || pending_) return;
  int64_t deficit = static_cast<int64_t>(*settled) - static_cast<int64_t>(*vmstat_base_) -
                    static_cast<int64_t>(log_kills_) - static_cast<int64_t>(counted_only_);
  if (deficit <= 0) return;
  CgroupCounts per_cgroup;
  if (hierarchy_) per_cgroup = unexplained_kills(cgroup_base_, read_cgroup_oom_kills(*hierarchy_), explained_);
  auto make = [&](std::optional<std::string> path, uint64_t n) {
    WatchEvent w;
    w.evidence = Evidence::counter_only;
    w.kills = n;
    OomEvent& e = w.event;
    e.kind = EventKind::kill;
    e.host = host_;
    e.boot_id = boot_id_;
    e.source = "counters";
    if (path) {
      MemcgInfo m;
      m.task_memcg = *path;
      m.owner = decode_cgroup_owner(*path);
      if (m.owner) lookup_owner_names(*m.owner, OwnerLookup{opt_.root, opt_.docker_root}, &e.notes);
      e.memcg = std::move(m);
      explained_[*path] += n;
    }
    e.notes.push_back("counted by the kernel's oom_kill counter" +
                      std::string(path ? " (memory cgroup)" : " (/proc/vmstat)") + "; no report in the log");
    w.explanation = counter_only_explanation(e, n);
    w.capture_notes = pending_notes_;
    counted_only_ += n;
    emit(std::move(w));
  };
  for (const auto& [path, n] : per_cgroup) {
    if (deficit <= 0) break;
    uint64_t take = std::min<uint64_t>(n, static_cast<uint64_t>(deficit));
    make(path, take);
    deficit -= static_cast<int64_t>(take);
  }
  if (deficit > 0) make(std::nullopt, static_cast<uint64_t>(deficit));
  pending_notes_.clear();
}

void Capture::finish() {
  if (reader_) reader_->flush(*record_sink_);
  scanner_->flush_idle(true);
  pending_ = false;
  if (scanner_->idle()) safe_seq_ = last_seq_;
}

}  // namespace oomlens::watch
