#pragma once
// The one output sanitiser (issue 21, item 4): UTF-8 hygiene for strings
// that come from the kernel, a job or a record someone sent (comm, argv,
// cgroup paths, causes, evidence), used by every human-readable output:
// explain's text, run's summary, report, plot (SVG/HTML), top, check, protect.
//
// The kernel prints task names and cgroup names as raw bytes: a process can
// name itself anything (prctl(PR_SET_NAME)), and the 15-byte comm limit can
// cut a multi-byte character in half. JSON needs valid UTF-8 (nlohmann-json
// throws on invalid bytes) and terminals need no control characters.
#include <cstddef>
#include <cstdint>
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

/// The longest field printable() passes whole (bytes, after escaping).
inline constexpr size_t kMaxPrintableBytes = 4096;

/// True for the code points printable() shows escaped: C0 controls and DEL,
/// C1 controls (U+0080..U+009F; U+009B is CSI on 8-bit terminals), the bidi
/// marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
/// U+202A..U+202E, U+2066..U+2069, the "Trojan Source" set) and the line and
/// paragraph separators U+2028, U+2029.
[[nodiscard]] bool is_neutralised(uint32_t code_point);

/// For terminal (and SVG/HTML text) output: sanitize_utf8(), then every
/// is_neutralised() code point shown as `\xNN` (below U+0080) or `\uNNNN`, so a
/// hostile comm or argv cannot move the cursor, set the window title, forge
/// a line or reorder the text; a result longer than `max_bytes` is cut on a
/// character boundary and ends with the marker `…[N more bytes]`.
[[nodiscard]] std::string printable(std::string_view in, size_t max_bytes = kMaxPrintableBytes);

}  // namespace oomlens
