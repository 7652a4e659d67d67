#pragma once
// Unit conversions for the kernel's figures.
#include <cstdint>
#include <limits>
#include <optional>

namespace oomlens {

/// A size the kernel prints in kB (its K() macro: pages << (PAGE_SHIFT-10),
/// so 1 kB = 1024 bytes) in bytes. nullopt when `kb` is unknown, or when the
/// product would not fit in uint64_t (hostile input: unknown, never wrapped).
[[nodiscard]] constexpr std::optional<uint64_t> kb_to_bytes(std::optional<uint64_t> kb) {
  if (!kb || *kb > std::numeric_limits<uint64_t>::max() / 1024) return std::nullopt;
  return *kb * 1024;
}

}  // namespace oomlens
