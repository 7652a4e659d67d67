#pragma once
// What `watch` and `daemon` share between the kernel log and their
// outputs: a Capture (watch/capture.h) whose events pass a BurstLimiter
// (watch/burst.h) on their way out, run by the capture loop
// (watch/loop.h) until SIGINT or SIGTERM.
//
//   LiveCapture live(options, {.output = print});
//   if (!live.open()) …;         // the source's error
//   live.run(signal_fd);          // until SIGINT/SIGTERM
//   live.finish();                // the last events, the open summary
#include <functional>

#include "util/result.h"
#include "watch/burst.h"
#include "watch/capture.h"

namespace oomlens::watch {

struct LiveHooks {
  /// Every event and update as captured, before the limiter decides (the
  /// daemon's metrics count each, folded or not). Optional.
  std::function<void(const WatchEvent&)> seen;
  /// What goes out: an event or update in full, or a burst summary.
  std::function<void(WatchEvent&&)> output;
  /// SIGHUP (the daemon reopens its log); the loop goes on. Optional.
  std::function<void()> hangup;
  /// After each wakeup's work, summaries due included (the daemon saves
  /// its state). Optional.
  std::function<void(const Capture&)> after_wakeup;
};

class LiveCapture {
 public:
  /// every_event: nothing is folded into a burst summary (`watch --every-event`).
  LiveCapture(CaptureOptions options, LiveHooks hooks, bool every_event = false, BurstOptions burst = {});
  LiveCapture(const LiveCapture&) = delete;
  LiveCapture& operator=(const LiveCapture&) = delete;

  /// Opens the capture (Capture::open(): its error as is). The ring's old
  /// reports a from_start capture replays were one burst: what did not fit
  /// goes out as one summary, and live capture starts with a full budget.
  [[nodiscard]] Status open();
  /// The capture loop on `signal_fd` (block_signals_to_fd()) until SIGINT
  /// or SIGTERM: 0, or -1 when poll(2) fails.
  int run(int signal_fd);
  /// The capture's open reports, then the open burst summary, go out.
  void finish();

  [[nodiscard]] const Capture& capture() const { return capture_; }

 private:
  void on_event(WatchEvent&& w);

  LiveHooks hooks_;
  bool every_event_;
  BurstLimiter limiter_;
  Capture capture_;
};

}  // namespace oomlens::watch
