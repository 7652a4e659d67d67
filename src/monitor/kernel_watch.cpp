// /dev/kmsg following for `run` (see kernel_watch.h).
#include "monitor/kernel_watch.h"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <utility>

#include "cgroup/cgroup.h"

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

std::string read_boot_id(const std::string& proc_root) {
  auto t = cgroup::read_small_file(proc_root + "/sys/kernel/random/boot_id");
  if (!t) return {};
  std::string s = *t;
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

struct KernelWatch::Sink final : LogSink {
  explicit Sink(KernelWatch* w) : w_(w) {}
  void text(std::string_view) override {}
  void record(std::string_view message, const RecordMeta& meta) override { w_->on_record(message, meta); }
  void gap(std::string_view why) override {
    if (!w_->draining_) w_->scanner_.note_gap(why);
  }
  void end() override {}
  KernelWatch* w_;
};

KernelWatch::KernelWatch()
    : sink_(std::make_unique<Sink>(this)),
      scanner_(ScanOptions{"kmsg", std::nullopt}, [this](OomEvent&& e) {
        if (e.kmsg_seq && start_seq_ && *e.kmsg_seq > *start_seq_) events_.push_back(std::move(e));
      }) {}

KernelWatch::~KernelWatch() = default;

int KernelWatch::fd() const { return reader_ ? reader_->fd() : -1; }

bool KernelWatch::open(const std::string& root) {
  KmsgOptions ko;
  ko.root = root;
  ko.from_start = true;  // read through what is there to learn the newest sequence number
  reader_ = std::make_unique<KmsgReader>(ko);
  if (!reader_->open()) {
    auto r = reader_->result();
    error_ = "/dev/kmsg: " + r.error.value_or("cannot open") + (r.advice ? " (" + *r.advice + ")" : "");
    reader_.reset();
    return false;
  }
  draining_ = true;
  start_seq_ = 0;
  reader_->read_available(*sink_);
  draining_ = false;
  return true;
}

void KernelWatch::on_record(std::string_view message, const RecordMeta& meta) {
  if (draining_) {
    if (meta.kmsg_seq) start_seq_ = *meta.kmsg_seq;
    return;
  }
  scanner_.feed_record(message, meta);
  if (auto k = parse_kill_record(message, &pending_)) {
    k->kmsg_seq = meta.kmsg_seq;
    k->monotonic_s = meta.monotonic_s;
    new_kills_.push_back(std::move(*k));
  }
}

std::vector<KernelKill> KernelWatch::poll() {
  if (reader_) reader_->read_available(*sink_);
  return std::exchange(new_kills_, {});
}

std::vector<OomEvent> KernelWatch::finish() {
  if (reader_) reader_->flush(*sink_);
  scanner_.finish();
  for (auto& e : events_) e.source = "kmsg";
  return std::move(events_);
}

std::vector<std::string> KernelWatch::notes() const {
  return reader_ ? reader_->result().notes : std::vector<std::string>{};
}

}  // namespace oomlens::monitor
