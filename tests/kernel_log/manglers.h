#pragma once
// Manglers: what terminals, mail clients, web pages, viewers and people do to
// a kernel log before it is pasted into oomlens (issue 12, classes 1-5).
// Each takes a whole log text and returns the mangled text; all are pure and
// deterministic. Used by the metamorphic suite (metamorphic_test.cpp) and to
// write fuzzer seeds (OOMLENS_MANGLED_SEEDS_DIR, see scripts/run-tests.sh).
#include <string>
#include <string_view>
#include <vector>

namespace oomlens::mangle {

/// What a mangle may destroy, for the metamorphic comparison.
enum class Loss {
  none,        ///< every fact stays readable: must come out exactly as clean
  time,        ///< the prefix changed: time/host/kmsg_seq/boot_id not compared
  cut,         ///< long lines cut: a fact of a cut line may become null (never a different value)
};

struct Mangler {
  std::string name;
  std::string (*apply)(std::string_view text);
  Loss loss = Loss::none;
  /// Prefix (time) facts also change (combined with `loss`).
  bool changes_time = false;
  /// Loss::cut: lines longer than this many columns are the cut ones.
  size_t cut_columns = 0;
};

/// All manglers, in a fixed order.
const std::vector<Mangler>& all();

// Single manglers (also usable alone in tests).
std::string hard_wrap(std::string_view text, size_t width);           ///< break inside tokens, no indent
std::string inline_pad_wrap(std::string_view text, size_t width);     ///< `f<spaces>ile-rss` on one line
std::string flowed(std::string_view text, size_t width);              ///< format=flowed: soft breaks at spaces
std::string reflow_indent(std::string_view text);                     ///< 2-3 indented lines per long record
std::string truncate(std::string_view text, size_t width, std::string_view marker);
/// 1-based numbers of the lines of `text` longer than `width` columns (the ones `truncate` cuts).
std::vector<size_t> long_lines(std::string_view text, size_t width);
std::string reverse_lines(std::string_view text);
std::string quote(std::string_view text, std::string_view marker);    ///< "> " or "> > "
std::string quoted_printable(std::string_view text);
std::string html_escape(std::string_view text);
std::string dmesg_color(std::string_view text);                       ///< `dmesg --color=always` SGR spans
std::string grep_color(std::string_view text);                        ///< `grep --color=always` around matches
std::string retab(std::string_view text);                             ///< `unexpand -a`: runs of spaces to tabs
std::string nbsp_runs(std::string_view text);  ///< HTML's `&nbsp; ` runs: every other blank of a run a U+00A0
std::string join_records(std::string_view text);                      ///< syslog prefixes, pairs joined
std::string interleave_foreign(std::string_view text);                ///< dockerd/systemd lines inside reports

/// Prefix styles for `reprefix`.
enum class Prefix { none, iso_comma, bare_kernel, syslog, short_iso, short_precise, short_monotonic, rfc5424, mixed };
std::string reprefix(std::string_view text, Prefix style);

}  // namespace oomlens::mangle
