#pragma once
// What a supervising oomlens (`run`, `sweep`) tells the user while the job
// runs: one `oomlens: ...` line on stderr, and the job's output passed on.
#include <cstddef>
#include <string>

#include "util/fd.h"

namespace oomlens::supervise {

/// "oomlens: " + s + "\n" on fd 2 (one write; s made printable: it may
/// carry argv or a path, util/sanitize.h).
void say(const std::string& s);
/// The job's output is passed on with util/fd.h's write_all; when the
/// reader is gone, supervising goes on (the record still has everything).
using oomlens::write_all;

}  // namespace oomlens::supervise
