#include "util/clock.h"

#include <ctime>

namespace oomlens {
namespace {

double seconds_of(clockid_t clock) {
  timespec ts{};
  ::clock_gettime(clock, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

}  // namespace

double now_s() { return seconds_of(CLOCK_MONOTONIC); }

double thread_cpu_s() { return seconds_of(CLOCK_THREAD_CPUTIME_ID); }

}  // namespace oomlens
