#pragma once
// Clocks in seconds, as doubles: the run's t_s (CLOCK_MONOTONIC, which
// tracefs's trace_clock=mono shares) and the CPU-time budgets.

namespace oomlens {

/// CLOCK_MONOTONIC in seconds.
[[nodiscard]] double now_s();
/// This thread's CPU time in seconds (CLOCK_THREAD_CPUTIME_ID).
[[nodiscard]] double thread_cpu_s();

}  // namespace oomlens
