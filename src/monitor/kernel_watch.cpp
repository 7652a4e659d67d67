// /dev/kmsg following for `run` (see kernel_watch.h).
#include "monitor/kernel_watch.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>

#include "cgroup/cgroup.h"

// Declared weak here (an attribute added on redeclaration, not an interface
// change): until the parser branch is merged, parse_log_text has no
// definition and `run` falls back to the kill lines alone.
namespace oomlens {
[[gnu::weak]] std::vector<OomEvent> parse_log_text(std::string_view text, ScanOptions options,
                                                   std::vector<ParseWarning>* warnings);
}  // namespace oomlens

namespace oomlens::monitor {
namespace {

std::optional<uint64_t> num_after(std::string_view s, std::string_view key) {
  auto p = s.find(key);
  if (p == std::string_view::npos) return std::nullopt;
  p += key.size();
  uint64_t v = 0;
  auto r = std::from_chars(s.data() + p, s.data() + s.size(), v);
  if (r.ec != std::errc{}) return std::nullopt;
  return v;
}

std::optional<std::string> field_after(std::string_view s, std::string_view key) {
  auto p = s.find(key);
  if (p == std::string_view::npos) return std::nullopt;
  p += key.size();
  auto e = s.find(',', p);
  return std::string(s.substr(p, e == std::string_view::npos ? std::string_view::npos : e - p));
}

}  // namespace

std::optional<KernelKill> parse_kill_record(std::string_view m, std::optional<KernelKill>* pending) {
  while (!m.empty() && (m.back() == '\n' || m.back() == '\r')) m.remove_suffix(1);
  if (m.substr(0, 9) == "oom-kill:") {
    KernelKill k;
    if (auto c = field_after(m, "constraint=CONSTRAINT_")) {
      std::string lc;
      for (char ch : *c) lc += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      k.constraint = lc == "none" ? "global" : lc;
    }
    k.oom_memcg = field_after(m, "oom_memcg=");
    if (auto pid = num_after(m, ",pid=")) k.pid = static_cast<int64_t>(*pid);
    if (pending) *pending = k;
    return std::nullopt;
  }
  auto kp = m.find("Killed process ");
  if (kp == std::string_view::npos) return std::nullopt;
  KernelKill k;
  if (kp >= 2 && m.substr(kp - 2, 2) == ": ") k.message = std::string(m.substr(0, kp - 2));
  std::string_view rest = m.substr(kp + 15);
  uint64_t pid = 0;
  auto r = std::from_chars(rest.data(), rest.data() + rest.size(), pid);
  if (r.ec != std::errc{} || pid == 0) return std::nullopt;
  k.pid = static_cast<int64_t>(pid);
  rest = rest.substr(static_cast<size_t>(r.ptr - rest.data()));
  auto open = rest.find('(');
  auto close = rest.find(") ");
  if (open != std::string_view::npos && close != std::string_view::npos && close > open)
    k.comm = std::string(rest.substr(open + 1, close - open - 1));
  if (auto v = num_after(rest, "anon-rss:")) k.anon_rss_bytes = *v * 1024;
  if (auto v = num_after(rest, "file-rss:")) k.file_rss_bytes = *v * 1024;
  if (auto v = num_after(rest, "shmem-rss:")) k.shmem_rss_bytes = *v * 1024;
  if (pending && *pending && (*pending)->pid == k.pid) {
    k.constraint = (*pending)->constraint;
    k.oom_memcg = (*pending)->oom_memcg;
    pending->reset();
  } else if (k.message) {
    if (k.message->find("Memory cgroup") != std::string::npos) k.constraint = "memcg";
  }
  return k;
}

std::optional<KmsgRecord> parse_kmsg_record(std::string_view raw) {
  auto semi = raw.find(';');
  if (semi == std::string_view::npos) return std::nullopt;
  std::string_view head = raw.substr(0, semi);
  uint64_t f[3] = {0, 0, 0};
  size_t p = 0;
  for (int i = 0; i < 3; ++i) {
    auto r = std::from_chars(head.data() + p, head.data() + head.size(), f[i]);
    if (r.ec != std::errc{}) return std::nullopt;
    p = static_cast<size_t>(r.ptr - head.data());
    if (i < 2) {
      if (p >= head.size() || head[p] != ',') return std::nullopt;
      ++p;
    }
  }
  KmsgRecord rec;
  rec.level = static_cast<int>(f[0] & 7);
  rec.seq = f[1];
  rec.monotonic_s = static_cast<double>(f[2]) / 1e6;
  std::string_view body = raw.substr(semi + 1);
  auto nl = body.find('\n');
  if (nl != std::string_view::npos) body = body.substr(0, nl);
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '\\' && i + 3 < body.size() && body[i + 1] == 'x') {
      unsigned v = 0;
      auto r = std::from_chars(body.data() + i + 2, body.data() + i + 4, v, 16);
      if (r.ec == std::errc{} && r.ptr == body.data() + i + 4) {
        rec.text += static_cast<char>(v);
        i += 3;
        continue;
      }
    }
    rec.text += body[i];
  }
  return rec;
}

std::string read_boot_id(const std::string& proc_root) {
  auto t = cgroup::read_small_file(proc_root + "/sys/kernel/random/boot_id");
  if (!t) return {};
  std::string s = *t;
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

KernelWatch::KernelWatch() = default;

KernelWatch::~KernelWatch() {
  if (fd_ >= 0) ::close(fd_);
}

bool KernelWatch::open(const std::string& path) {
  fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd_ < 0) {
    error_ = path + ": " + std::strerror(errno);
    return false;
  }
  boot_id_ = read_boot_id();
  // Find the newest sequence number: read what is there now (one record per
  // read), so later records are the job's era. SEEK_END alone would not
  // tell the sequence number.
  char buf[8192];
  while (true) {
    ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n < 0 && errno == EPIPE) continue;
    if (n <= 0) break;
    if (auto r = parse_kmsg_record(std::string_view(buf, static_cast<size_t>(n)))) start_seq_ = r->seq;
  }
  if (!start_seq_) start_seq_ = 0;
  return true;
}

std::vector<KernelKill> KernelWatch::poll() {
  std::vector<KernelKill> kills;
  if (fd_ < 0) return kills;
  char buf[8192];
  while (true) {
    ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n < 0 && errno == EPIPE) {
      notes_.push_back("kernel log records were overwritten while reading (EPIPE)");
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    auto rec = parse_kmsg_record(std::string_view(buf, static_cast<size_t>(n)));
    if (!rec) continue;
    if (auto k = parse_kill_record(rec->text, &pending_)) {
      k->kmsg_seq = rec->seq;
      k->monotonic_s = rec->monotonic_s;
      kills.push_back(std::move(*k));
    }
    // A whole report is ~60-250 records; 600 cover one with room.
    recent_.push_back(std::move(*rec));
    if (recent_.size() > 600) recent_.pop_front();
  }
  return kills;
}

void KernelWatch::keep_report_before(uint64_t seq) {
  std::vector<KmsgRecord> v;
  for (auto& r : recent_)
    if (r.seq <= seq) v.push_back(r);
  if (!v.empty()) kept_.push_back(std::move(v));
}

std::vector<OomEvent> KernelWatch::parse_kept_reports() const {
  std::vector<OomEvent> out;
  if (!&parse_log_text) return out;  // parser not linked in
  for (auto& recs : kept_) {
    // dmesg's own format, `[seconds.micros] text`, one line per record.
    std::string text;
    for (auto& r : recs) {
      char ts[40];
      std::snprintf(ts, sizeof ts, "[%12.6f] ", r.monotonic_s);
      text += ts;
      for (char c : r.text) text += c == '\n' ? ' ' : c;
      text += '\n';
    }
    for (auto& ev : parse_log_text(text, ScanOptions{"kmsg", std::nullopt}, nullptr)) {
      if (ev.lines.first >= 1 && ev.lines.first <= recs.size()) ev.kmsg_seq = recs[ev.lines.first - 1].seq;
      if (!boot_id_.empty()) ev.boot_id = boot_id_;
      ev.source = "kmsg";
      out.push_back(std::move(ev));
    }
  }
  return out;
}

}  // namespace oomlens::monitor
