#pragma once
// UTF-8 hygiene for strings that come from the kernel (comm, cgroup paths).
//
// The kernel prints task names and cgroup names as raw bytes: a process can
// name itself anything (prctl(PR_SET_NAME)), and the 15-byte comm limit can
// cut a multi-byte character in half. JSON needs valid UTF-8 (nlohmann-json
// throws on invalid bytes) and terminals need no control characters.
#include <string>
#include <string_view>

namespace oomlens {

/// Returns `in` with every byte that is not part of a well-formed UTF-8
/// sequence (RFC 3629 / Unicode Table 3-7) replaced by U+FFFD (EF BF BD).
/// Ill-formed: stray continuation bytes, truncated sequences (each of their
/// bytes is replaced), overlong encodings (C0, C1, E0 80..9F, F0 80..8F),
/// surrogates (ED A0..BF), code points above U+10FFFF (F4 90.., F5..FF).
/// Valid input is returned unchanged (NUL and control characters included).
[[nodiscard]] std::string sanitize_utf8(std::string_view in);

/// True when `in` is well-formed UTF-8 (same rule as sanitize_utf8).
[[nodiscard]] bool is_valid_utf8(std::string_view in);

/// For terminal output: sanitize_utf8(), then C0 controls and DEL shown as
/// `\xNN` so a hostile comm cannot move the cursor or change colours.
[[nodiscard]] std::string printable(std::string_view in);

}  // namespace oomlens
