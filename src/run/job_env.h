#pragma once
// What `oomlens run` adds to the job's environment for `import oomlens`
// (share/oomlens/pylib/oomlens, docs/run.md "THE PYTHON MODULE") and for
// --restart-on-oom (run/restart.h). Set in this process with
// setenv(3) before the spawn; the job inherits it.
//
//   PYTHONPATH            the package's directory in front (when it is found)
//   OOMLENS_ATTEMPT       k, from 1
//   OOMLENS_RESUME        1 from the second attempt (unset on the first)
//   OOMLENS_RESUME_ACK    from the second attempt: a file the job creates to
//                         say it asked whether it was resuming
//                         (oomlens.resumed() does)
//   OOMLENS_WARNING_SIGNAL  the number of the signal --action sends (unset
//                         unless the action is a signal)
#include <optional>
#include <string>

#include "guard/options.h"

namespace oomlens::run {

/// Sets the variables above. `resume_ack` is used from attempt 2.
void set_job_environment(int attempt, const guard::Action& action, const std::optional<std::string>& resume_ack);

}  // namespace oomlens::run
