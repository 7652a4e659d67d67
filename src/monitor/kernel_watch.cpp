// /dev/kmsg following for `run` (see kernel_watch.h).
#include "monitor/kernel_watch.h"

#include <utility>

#include "cgroup/cgroup.h"
#include "util/units.h"

namespace oomlens::monitor {
KernelKill kernel_kill_from(const oomline::JoinedKill& j) {
  KernelKill k;
  k.pid = j.kill.pid;
  k.comm = j.kill.comm;
  k.message = j.kill.message;
  if (j.constraint) k.constraint = oomline::constraint_name(*j.constraint);
  if (j.summary) k.oom_memcg = j.summary->oom_memcg;
  if (j.summary) k.task_memcg = j.summary->task_memcg;
  k.anon_rss_bytes = kb_to_bytes(j.kill.anon_rss_kb);
  k.file_rss_bytes = kb_to_bytes(j.kill.file_rss_kb);
  k.shmem_rss_bytes = kb_to_bytes(j.kill.shmem_rss_kb);
  return k;
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
    error_ = source_error("/dev/kmsg", reader_->result());
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
  if (auto j = kills_.feed(message)) {
    KernelKill k = kernel_kill_from(*j);
    k.kmsg_seq = meta.kmsg_seq;
    k.monotonic_s = meta.monotonic_s;
    new_kills_.push_back(std::move(k));
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
