// `oomlens run`: the guard seam (see session_state.h, "Guard seam").
// Empty here: the supervision itself needs no per-sample action beyond the
// loop's. A guard (early OOM warning, fast memory.current polling,
// signalling the job) fills these in.
#include "supervise/session_state.h"

namespace oomlens::supervise {

void Session::on_sample(const monitor::Sample& s) { (void)s; }

void Session::on_wake(double t) { (void)t; }

}  // namespace oomlens::supervise
