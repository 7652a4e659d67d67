// A capture behind a burst limiter (see live_capture.h).
#include "watch/live_capture.h"

#include <signal.h>

#include <utility>

#include "watch/loop.h"

namespace oomlens::watch {

LiveCapture::LiveCapture(CaptureOptions options, LiveHooks hooks, bool every_event, BurstOptions burst)
    : hooks_(std::move(hooks)),
      every_event_(every_event),
      limiter_(burst),
      capture_(std::move(options), [this](WatchEvent&& w) { on_event(std::move(w)); }) {}

void LiveCapture::on_event(WatchEvent&& w) {
  if (hooks_.seen) hooks_.seen(w);
  // A burst beyond the limiter's budget is summarised, not output event by event.
  if (every_event_ || limiter_.admit(w, BurstLimiter::Clock::now())) hooks_.output(std::move(w));
}

Status LiveCapture::open() {
  if (auto st = capture_.open(); !st) return st;
  if (auto sum = limiter_.flush()) hooks_.output(std::move(*sum));
  limiter_.refill_all();
  return kOk;
}

int LiveCapture::run(int signal_fd) {
  return run_capture_loop(
      capture_, signal_fd,
      [this](int signo) {
        if (signo != SIGHUP) return false;  // SIGTERM, SIGINT: a clean exit
        if (hooks_.hangup) hooks_.hangup();
        return true;
      },
      [this] {
        if (auto sum = limiter_.due(BurstLimiter::Clock::now())) hooks_.output(std::move(*sum));
        if (hooks_.after_wakeup) hooks_.after_wakeup(capture_);
      },
      [this] { return limiter_.timeout_ms(BurstLimiter::Clock::now()); });
}

void LiveCapture::finish() {
  capture_.finish();
  if (auto sum = limiter_.flush()) hooks_.output(std::move(*sum));
}

}  // namespace oomlens::watch
