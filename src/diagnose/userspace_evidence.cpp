// Userspace evidence of memory trouble in an input with no kernel report (see userspace_evidence.h).
#include "diagnose/userspace_evidence.h"

#include <algorithm>
#include <functional>

#include "util/i18n.h"
#include "util/newlines.h"
#include "util/text.h"

namespace oomlens::diagnose {
namespace {

using text::starts_with;
using text::take_u64;
using text::trim;

constexpr size_t kMaxEvidence = 8;  // one input says the same few times; more adds nothing
// Lines read one by one at the end of a chunk: enough for a whole memory.events dump (low, high, max,
// oom, oom_kill, oom_group_kill), so the dump state carried into the next chunk is exact.
constexpr size_t kTailLines = 8;

// Every sentence needs one of these in its line: slurm() `oom-kill event`, memory_high() `high `,
// systemd_unit() `by the OOM killer`. Boyer-Moore-Horspool skips most bytes of a log that holds none
// (glibc's memmem reads each).
constexpr std::string_view kSystemdNeedle = "by the OOM killer";
bool may_hold_evidence(std::string_view text) {
  static const std::boyer_moore_horspool_searcher slurm_needle(std::string_view("oom-kill event").begin(),
                                                              std::string_view("oom-kill event").end());
  static const std::boyer_moore_horspool_searcher high_needle(std::string_view("high ").begin(),
                                                             std::string_view("high ").end());
  static const std::boyer_moore_horspool_searcher systemd_needle(kSystemdNeedle.begin(), kSystemdNeedle.end());
  return std::search(text.begin(), text.end(), slurm_needle) != text.end() ||
         std::search(text.begin(), text.end(), high_needle) != text.end() ||
         std::search(text.begin(), text.end(), systemd_needle) != text.end();
}

// systemd (src/core/unit.c, unit_check_oom()): `<unit>: A process of this unit has been killed by the OOM
// killer.` when the unit's cgroup memory.events oom_kill went up. (systemd-oomd's own kills read `systemd-oomd
// killed N process(es) in this unit.`: not the kernel's, and not matched here.)
std::string systemd_unit(std::string_view t) {
  constexpr std::string_view kSentence = "A process of this unit has been killed by the OOM killer";
  const size_t at = t.find(kSentence);
  if (at == std::string_view::npos) return {};
  // The unit: the word before `: ` (`systemd[1]: user@1000.service: A process …`).
  std::string_view before = text::trim_right(t.substr(0, at));
  std::string_view unit;
  if (!before.empty() && before.back() == ':') {
    before.remove_suffix(1);
    const size_t sp = before.find_last_of(' ');
    unit = sp == std::string_view::npos ? before : before.substr(sp + 1);
    if (unit.find('[') != std::string_view::npos || unit.find('.') == std::string_view::npos) unit = {};
  }
  const std::string who = unit.empty() ? std::string(tr("a systemd unit")) : trf("systemd unit {}", unit);
  return trf("systemd saw the kernel's OOM killer kill a process of {} (the unit's cgroup memory.events oom_kill "
             "went up): the kernel's report is not in this text. Read it in the kernel log of that boot "
             "(`journalctl -k`, `dmesg`), at the time of this line.",
             who);
}

// slurmstepd (src/plugins/task/cgroup, jobacct_gather/cgroup):
// `Detected 1 oom-kill event(s) in StepId=191.batch cgroup.` (21.08+) or `… in step 191.batch cgroup.`
std::string slurm(std::string_view t) {
  const size_t at = t.find("Detected ");
  if (at == std::string_view::npos || t.find("oom-kill event") == std::string_view::npos) return {};
  std::string_view rest = t.substr(at + 9);
  const auto n = take_u64(rest);
  if (!n || !starts_with(rest, " oom-kill event")) return {};
  std::string_view step;
  for (std::string_view key : {std::string_view("StepId="), std::string_view(" step ")}) {
    const size_t k = rest.find(key);
    if (k == std::string_view::npos) continue;
    step = rest.substr(k + key.size());
    step = text::take_token(step);
    while (!step.empty() && (step.back() == '.' || step.back() == ',')) step.remove_suffix(1);
    break;
  }
  const std::string where = step.empty() ? std::string(tr("the job step's cgroup"))
                                         : trf("the cgroup of step {}", step);
  return trf("Slurm's slurmstepd counted {} OOM kill(s) in {} (the cgroup's memory.events oom_kill): the kernel's OOM "
             "killer killed there, but its report is not in this text. Read it in the compute node's kernel log "
             "(`journalctl -k` or `dmesg` on the node that ran the step, at the step's end; `sacct -j JOB -o "
             "NodeList` names the node).",
             *n, where);
}

// memory.events (cgroup v2): `high N` counts the times usage went over memory.high.
std::string memory_high(std::string_view t, bool memory_events) {
  const size_t file = t.find("memory.events");
  std::string_view rest = t;
  if (file != std::string_view::npos) {
    const size_t h = t.find("high ", file);
    if (h == std::string_view::npos) return {};
    rest = t.substr(h);
  } else if (!memory_events) {
    return {};
  }
  rest = trim(rest);
  if (!starts_with(rest, "high ")) return {};
  rest.remove_prefix(5);
  rest = text::trim_left(rest);
  const auto n = take_u64(rest);
  if (!n || *n == 0) return {};
  return trf("memory.events counts {} memory.high event(s): the cgroup's usage went over memory.high, so the kernel "
             "throttled it and reclaimed its memory (it ran slower); that is no kill. An OOM kill counts in "
             "memory.events `oom_kill`, and the kernel logs a report for each.",
             *n);
}

}  // namespace

std::string userspace_evidence_line(std::string_view t, bool memory_events) {
  if (std::string s = slurm(t); !s.empty()) return s;
  if (std::string s = systemd_unit(t); !s.empty()) return s;
  return memory_high(t, memory_events);
}

void UserspaceEvidenceScan::line(std::string_view t) {
  ++line_no_;
  if (found_.size() >= kMaxEvidence) return;
  if (std::string s = userspace_evidence_line(t, memory_events_); !s.empty()) found_.push_back({line_no_, std::move(s)});
  // A memory.events dump: `low N`, `high N`, `max N`, `oom N`, `oom_kill N` lines after one another.
  const std::string_view k = trim(t);
  memory_events_ = t.find("memory.events") != std::string_view::npos ||
                   (memory_events_ && (starts_with(k, "high ") || starts_with(k, "max ") || starts_with(k, "oom"))) ||
                   starts_with(k, "low ");
}

void UserspaceEvidenceScan::feed(std::string_view chunk) {
  if (fed_ >= kMaxBytes) return;
  fed_ += chunk.size();
  // The whole lines of the chunk after the one partial_ completes: when none can hold evidence (the
  // usual kernel log), they are only counted (SIMD), and the last few read for the memory.events state.
  const size_t first_eol = chunk.find('\n');
  const size_t last_eol = chunk.rfind('\n');
  if (first_eol != std::string_view::npos && first_eol != last_eol) {
    const std::string_view bulk = chunk.substr(first_eol + 1, last_eol - first_eol);
    if (!may_hold_evidence(bulk)) {
      // The last kTailLines lines of the bulk start after the newline found walking back that many.
      size_t pos = bulk.size() - 1;  // the bulk's final '\n'
      for (size_t n = 0; n < kTailLines && pos != std::string_view::npos; ++n)
        pos = pos == 0 ? std::string_view::npos : bulk.rfind('\n', pos - 1);
      const size_t tail = pos == std::string_view::npos ? 0 : pos + 1;
      feed_lines(chunk.substr(0, first_eol + 1));
      line_no_ += count_newlines(bulk.substr(0, tail));
      if (tail > 0) memory_events_ = false;  // no `high ` in the skipped lines; a dump is shorter than the tail
      feed_lines(chunk.substr(first_eol + 1 + tail));
      return;
    }
  }
  feed_lines(chunk);
}

void UserspaceEvidenceScan::feed_lines(std::string_view chunk) {
  while (!chunk.empty()) {
    const size_t eol = chunk.find('\n');
    if (eol == std::string_view::npos) {
      partial_.append(chunk);
      return;
    }
    if (partial_.empty()) {
      line(chunk.substr(0, eol));
    } else {
      partial_.append(chunk.substr(0, eol));
      line(partial_);
      partial_.clear();
    }
    chunk.remove_prefix(eol + 1);
  }
}

void UserspaceEvidenceScan::finish() {
  if (!partial_.empty()) line(partial_);
  partial_.clear();
}

}  // namespace oomlens::diagnose
