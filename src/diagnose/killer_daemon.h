#pragma once
// Which userspace OOM killer a process is, from its comm and command line
// (pure). The one detector: `oomlens check` lists the daemons it finds with
// it, and `run`'s verdict names the ones running at the job's end.
#include <string>
#include <string_view>

namespace oomlens::diagnose {

/// "earlyoom", "systemd-oomd", "nohang", "oomd" (Facebook's), or "" for any
/// other process. `comm`: /proc/PID/comm; `cmdline`: proc::cmdline_text().
/// nohang is a python3 script: its comm is "nohang" when the script set it,
/// else `python3` with `/nohang` in the command line (started without the
/// shebang, `python3 /usr/sbin/nohang --monitor`).
[[nodiscard]] std::string oom_daemon_kind(std::string_view comm, std::string_view cmdline);

}  // namespace oomlens::diagnose
