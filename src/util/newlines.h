#pragma once
// Counting lines in raw bytes: the one helper for the scanner's line
// numbers (a pass over every byte of a log) and the file reader's record
// count when its sink keeps none (LogSink::text_newlines()).
#include <cstdint>
#include <string_view>

namespace oomlens {

/// Number of '\n' bytes in `text`. AVX2 when the CPU has it (32 bytes per
/// compare, byte counters summed with SAD every 255 blocks), else SSE2, else
/// a byte loop. Never fails.
[[nodiscard]] uint64_t count_newlines(std::string_view text);

}  // namespace oomlens
