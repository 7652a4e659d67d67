// `oomlens run`: the guard seam (see session_state.h, "Guard seam"),
// filled by the guard (guard/runner.h): each tick hands it the sample (the
// tree's figure without an own cgroup), and it asks to be woken at its own
// adaptive interval (10 ms to 1 s) to read the job's working set.
#include "run/session_state.h"

namespace oomlens::run {

void Session::on_sample(const monitor::Sample& s) {
  if (!guard_) return;
  guard_->on_tick(s);
  if (!main_exited()) wake_at(guard_->due_s());
}

void Session::on_wake(double t) {
  if (!guard_ || main_exited()) return;
  guard_->poll(t);
  wake_at(guard_->due_s());
}

}  // namespace oomlens::run
