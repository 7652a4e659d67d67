#pragma once
// Byte units and the conversions of the kernel's figures.
#include <cstdint>
#include <limits>
#include <optional>

namespace oomlens {

/// Binary byte units (1 KiB = 1024 bytes), for sizes written as people read
/// them: `64 * kMiB`. The one definition: thresholds, tests and renderers
/// use these rather than a 1 << 20 or a 1048576.0 of their own.
inline constexpr uint64_t kKiB = uint64_t{1} << 10;
inline constexpr uint64_t kMiB = uint64_t{1} << 20;
inline constexpr uint64_t kGiB = uint64_t{1} << 30;

/// A size the kernel prints in kB (its K() macro: pages << (PAGE_SHIFT-10),
/// so 1 kB = 1024 bytes) in bytes. nullopt when `kb` is unknown, or when the
/// product would not fit in uint64_t (hostile input: unknown, never wrapped).
[[nodiscard]] constexpr std::optional<uint64_t> kb_to_bytes(std::optional<uint64_t> kb) {
  if (!kb || *kb > std::numeric_limits<uint64_t>::max() / 1024) return std::nullopt;
  return *kb * 1024;
}

}  // namespace oomlens
