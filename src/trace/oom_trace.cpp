// The oom:mark_victim tracepoint source (see oom_trace.h).
#include "trace/oom_trace.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>

#include <fmt/core.h>

#include "trace/signal_generate.h"
#include "trace/signal_trace.h"
#include "util/i18n.h"

namespace oomlens::trace {

std::optional<MarkVictim> mark_victim_from(const EventFields& f) {
  auto pid = field_number(f, "pid");
  if (!pid || *pid <= 0) return std::nullopt;
  MarkVictim v;
  v.pid = *pid;
  for (const auto& [k, text] : f)
    if (k == "comm") v.comm = text;
  auto size = [&](std::string_view name) -> std::optional<uint64_t> {
    auto n = field_number(f, name);
    return n && *n >= 0 ? std::optional<uint64_t>(static_cast<uint64_t>(*n)) : std::nullopt;
  };
  v.total_vm_kb = size("total_vm");
  v.anon_rss_kb = size("anon_rss");
  v.file_rss_kb = size("file_rss");
  v.shmem_rss_kb = size("shmem_rss");
  v.pgtables_kb = size("pgtables");
  if (auto u = size("uid"); u && *u <= UINT32_MAX) v.uid = static_cast<uint32_t>(*u);
  if (auto a = field_number(f, "oom_score_adj"); a && *a >= -1000 && *a <= 1000) v.oom_score_adj = static_cast<int>(*a);
  return v;
}

bool OomTrace::open(std::string_view mounts, int own_pid, const TracefsAccess& access) {
  close();
  TracefsAttempt t = find_tracefs(mounts, access);
  if (!t.dir) {
    error_ = std::move(t.error);
    return false;
  }
  return open_in(std::move(*t.dir), own_pid);
}

bool OomTrace::open_in(TracefsDir tracefs, int own_pid) {
  close();
  instances_fd_.reset(tracefs.instances_fd);
  (void)sweep_stale_instances_at(instances_fd_.get(), instance_owner_running);
  const std::string name = "oomlens-" + std::to_string(own_pid);
  dir_ = (tracefs.private_mount ? "<private tracefs>" : tracefs.where) + "/instances/" + name;
  auto fail = [&](SystemError why) {
    error_ = std::move(why);
    close();
    return false;
  };
  if (::mkdirat(instances_fd_.get(), name.c_str(), 0700) != 0)
    return fail(system_error(fmt::format(N_("mkdir {}"), dir_)));
  name_ = name;
  auto set = [&](const std::string& rel, std::string_view value) {
    return write_at(instances_fd_.get(), name_ + "/" + rel, dir_ + "/" + rel, value);
  };
  (void)set("buffer_size_kb", "256");
  mono_ = set("trace_clock", "mono").ok();
  (void)set("buffer_percent", "0");  // 5.1+; older kernels wake trace_pipe readers on any event anyway
  auto fmt_text = read_at(instances_fd_.get(), name_ + "/events/oom/mark_victim/format", dir_ + "/events/oom/mark_victim/format");
  if (!fmt_text)
    return fail(SystemError{0, fmt::format(N_("this kernel has no oom:mark_victim tracepoint ({})"), fmt_text.error().message())});
  auto format = parse_event_format(*fmt_text);
  if (!format)
    return fail(SystemError{0, fmt::format(N_("cannot parse the print format of {}"), dir_ + "/events/oom/mark_victim/format")});
  const std::string sig = "events/signal/signal_generate";
  signals_ = set(sig + "/filter", "sig==9&&code==128").ok() && set(sig + "/enable", "1").ok();
  parser_.emplace(std::move(*format), signals_);
  if (auto st = set("events/oom/mark_victim/enable", "1"); !st)
    return fail(SystemError{0, fmt::format(N_("cannot enable oom:mark_victim ({})"), st.error().message())});
  pipe_fd_.reset(::openat(instances_fd_.get(), (name_ + "/trace_pipe").c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (!pipe_fd_) return fail(system_error(fmt::format(N_("cannot open {}"), dir_ + "/trace_pipe")));
  error_ = kOk;
  return true;
}

std::vector<MarkVictim> OomTrace::read_available() {
  std::vector<MarkVictim> out;
  if (!pipe_fd_) return out;
  char buf[16384];
  for (;;) {
    ssize_t n = ::read(pipe_fd_.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    partial_.append(buf, static_cast<size_t>(n));
    size_t start = 0, nl;
    while ((nl = partial_.find('\n', start)) != std::string::npos) {
      parser_->on_line(std::string_view(partial_).substr(start, nl - start), out);
      start = nl + 1;
    }
    partial_.erase(0, start);
    if (partial_.size() > 65536) partial_.clear();  // no line is this long: drop, never grow
  }
  return out;
}

void MarkVictimParser::on_line(std::string_view line, std::vector<MarkVictim>& out) {
  if (line.empty() || line.front() == '#') return;  // a `trace` file's header comments
  if (auto s = parse_signal_generate_line(line)) {
    if (s->sig == SIGKILL && s->code == kSiKernel) {
      sigkilled_.push_back(s->target_pid);
      if (sigkilled_.size() > 256) sigkilled_.pop_front();
    }
    return;
  }
  auto tl = parse_trace_line(line);
  if (!tl || tl->event != "mark_victim") {
    ++unparsed_;
    return;
  }
  auto fields = match_event_body(format_, tl->body);
  auto v = fields ? mark_victim_from(*fields) : std::nullopt;
  if (!v) {
    ++unparsed_;
    return;
  }
  v->ts_s = tl->ts_s;
  v->killer_tid = tl->tid;
  v->killer_comm = std::string(tl->task);
  if (signals_) {
    auto it = std::find(sigkilled_.begin(), sigkilled_.end(), v->pid);
    v->signal = it == sigkilled_.end() ? KillSignal::absent : KillSignal::seen;
    if (it != sigkilled_.end()) sigkilled_.erase(it);
  }
  out.push_back(std::move(*v));
}

std::vector<MarkVictim> parse_mark_victims(std::string_view text, const EventFormat& format, bool signals) {
  MarkVictimParser parser(format, signals);
  std::vector<MarkVictim> out;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    parser.on_line(text.substr(0, nl), out);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
  }
  return out;
}

std::string OomTrace::fields() const {
  std::string s;
  if (parser_)
    for (const auto& p : parser_->format().pieces) s += (s.empty() ? "" : " ") + (p.field.empty() ? "?" : p.field);
  return s;
}

void OomTrace::close() {
  pipe_fd_.reset();  // first: an open file keeps the instance busy
  if (!name_.empty() && instances_fd_) ::unlinkat(instances_fd_.get(), name_.c_str(), AT_REMOVEDIR);
  name_.clear();
  instances_fd_.reset();
  parser_.reset();
  partial_.clear();
}

}  // namespace oomlens::trace
