#pragma once
// How a process ended, from its wait status: what `oomlens run` reads
// (supervise::JobEnd) and what the verdict weighs (VerdictInput). Pure.

namespace oomlens::diagnose {

struct ProcessEnd {
  bool exited = false;
  int exit_code = 0;       ///< when exited
  int term_signal = 0;     ///< when killed by a signal
  bool core_dumped = false;
};

}  // namespace oomlens::diagnose
