#pragma once
// The job's stderr, relayed by a small process of oomlens's own so that it
// outlives oomlens (issue 21, item 5). The job writes into a pipe whose read
// end only the relay holds; the relay writes every byte to oomlens's stderr
// first, then a copy into a second pipe that oomlens reads for the
// verdict's tail. The copy is written non-blocking: when oomlens is stopped
// (SIGSTOP) or slow, the copy's bytes are dropped, never the job's; when
// oomlens is gone (killed), the relay stops copying and goes on passing
// through. So the job never dies of SIGPIPE nor stalls on its stderr
// because of oomlens. The relay ignores SIGINT, SIGTERM, SIGHUP and SIGQUIT
// and exits when the last writer of the job's pipe has closed it.
#include <signal.h>
#include <sys/types.h>

#include <optional>

namespace oomlens::supervise {

struct StderrRelay {
  int job_fd = -1;   ///< the write end for the job's fd 2 (oomlens closes it after the spawn)
  int copy_fd = -1;  ///< what oomlens reads: the copy of every byte it could take
  pid_t pid = -1;    ///< the relay (oomlens's child; not the job's)
};

/// Forks the relay, passing through to `out_fd`; `child_mask` is the signal
/// mask the relay runs with (oomlens blocks its own for a signalfd).
/// nullopt when a pipe or the fork failed (errno set).
[[nodiscard]] std::optional<StderrRelay> start_stderr_relay(int out_fd, const sigset_t& child_mask);

}  // namespace oomlens::supervise
