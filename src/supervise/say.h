#pragma once
// What a supervising oomlens (`run`, `sweep`) tells the user while the job
// runs: one `oomlens: ...` line on stderr, and the job's output passed on.
#include <cstddef>
#include <string>

namespace oomlens::supervise {

/// "oomlens: " + s + "\n" on fd 2 (one write; s made printable: it may
/// carry argv or a path, util/sanitize.h).
void say(const std::string& s);
/// Writes all of p[0..n) to fd, retrying on EINTR; gives up silently when
/// the reader is gone (the record still has everything).
void write_all(int fd, const char* p, size_t n);

}  // namespace oomlens::supervise
