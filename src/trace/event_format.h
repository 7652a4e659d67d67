#pragma once
// A tracepoint's print format, read from its tracefs `format` file, and the
// lines tracefs prints with it: pure parsers of std::string_view (fuzzed in
// fuzz/fuzz_parser.cpp). oomlens never assumes an event's layout: it takes
// the literal text and the conversions from `print fmt:` and matches a
// `trace_pipe` line against them, so a kernel that adds, drops or renames a
// field (oom:mark_victim gained comm, RSS, uid, pgtables and oom_score_adj
// in 6.14) still parses, and a field the kernel lacks is simply absent.
//
// Source: kernel/trace/trace_events.c (f_show: `name:`, `ID:`, `format:`,
// one `field:TYPE NAME;\toffset:N;\tsize:N;\tsigned:N;` line per field,
// `print fmt: "FORMAT", ARGS`). Example (6.18, oom:mark_victim):
//
//   print fmt: "pid=%d comm=%s total-vm=%lukB anon-rss=%lukB file-rss:%lukB
//     shmem-rss:%lukB uid=%u pgtables=%lukB oom_score_adj=%hd", REC->pid,
//     __get_str(comm), REC->total_vm, …
//
// The separators mix `=` and `:`; units (kB) follow the number. A trace
// line is `TASK-PID [CPU] FLAGS TIMESTAMP: EVENT: BODY` (kernel/trace/
// trace_output.c), TIMESTAMP in seconds on the instance's trace_clock.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace oomlens::trace {

/// One conversion of a print format: the literal text before it and the
/// argument it prints (`REC->pid` → "pid", `__get_str(comm)` → "comm").
struct FormatPiece {
  std::string literal;  ///< text before the conversion ("pid=", " anon-rss=")
  std::string field;    ///< the argument's field name ("" when not a plain field)
  char conversion = 'd';  ///< the conversion letter: d i u x s c p …
};

/// An event's `format` file, as far as oomlens needs it.
struct EventFormat {
  std::string name;                 ///< `name:` ("mark_victim")
  std::optional<int64_t> id;        ///< `ID:`
  std::vector<std::string> fields;  ///< the non-common fields' names, in order
  std::vector<FormatPiece> pieces;  ///< the print format's conversions
  std::string tail;                 ///< literal text after the last conversion
};

/// Parses a tracefs `format` file; nullopt when it has no usable
/// `print fmt:` (never throws). `%%` is a literal %; flags, widths and
/// length modifiers (`%lu`, `%hd`, `%-5s`) are skipped.
[[nodiscard]] std::optional<EventFormat> parse_event_format(std::string_view text);

/// The fields of one event body, matched against `format`: (field, text)
/// in the order printed. nullopt when the body does not follow the format.
/// A `%s` value runs to the next literal (so a comm may hold blanks).
using EventFields = std::vector<std::pair<std::string, std::string>>;
[[nodiscard]] std::optional<EventFields> match_event_body(const EventFormat& format, std::string_view body);

/// The header of one tracefs `trace`/`trace_pipe` line.
struct TraceLine {
  std::string_view task;        ///< TASK ("" when tracefs printed "<...>")
  int64_t tid = 0;              ///< PID in the header (the thread that hit the tracepoint)
  std::optional<double> ts_s;   ///< TIMESTAMP, seconds on the trace_clock
  std::string_view event;       ///< "mark_victim"
  std::string_view body;        ///< text after "EVENT: "
};

/// Splits one line; nullopt for comments ("# ...") and malformed lines.
[[nodiscard]] std::optional<TraceLine> parse_trace_line(std::string_view line);

/// The number in a matched field's text, units after it ignored ("123kB").
[[nodiscard]] std::optional<int64_t> field_number(const EventFields& fields, std::string_view name);

}  // namespace oomlens::trace
