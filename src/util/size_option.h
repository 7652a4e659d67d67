#pragma once
// A size a person types for an option (`run --limit 16G`, `--budget 500M`):
// the one parser of sizes with units, for every layer above util/.
#include <cstdint>
#include <string_view>

#include "util/result.h"

namespace oomlens {

/// Bytes of `text`: a number, a fraction allowed ("1.5G"), then an optional
/// unit, case-insensitive and binary (1024): B; K, KB, KiB; M, MB, MiB; G, GB,
/// GiB; T, TB, TiB. Blanks around the number and the unit are ignored.
/// At least 1 byte and below 16 EiB. Otherwise an input_error (errnum 0)
/// whose `what` is a sentence naming `option` and the text: not a size, not
/// above zero, an unknown unit (as typed), or out of range. Pure.
[[nodiscard]] Result<uint64_t> parse_size_option(std::string_view option, std::string_view text);

}  // namespace oomlens
