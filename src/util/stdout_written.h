#pragma once
// Whether what oomlens printed reached stdout (main() turns a loss into
// status 2: docs/oomlens.md, EXIT STATUS).
#include <cstdio>

namespace oomlens {

/// Flushes stdout; true when everything written to it reached it. False
/// after any failed write (a full disk, /dev/full, a pipe closed while
/// SIGPIPE is ignored): stdio's error flag keeps a failure that fflush does
/// not see, such as glibc's write of 4096 bytes or more past its buffer.
[[nodiscard]] inline bool stdout_written() {
  const bool flushed = std::fflush(stdout) == 0;
  return flushed && !std::ferror(stdout);
}

}  // namespace oomlens
