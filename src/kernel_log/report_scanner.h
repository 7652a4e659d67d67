#pragma once
// The streaming OOM-report scanner: the entry point of the parse layer.
//
// Sources (logsource/) feed it raw text or kernel records; it strips line
// prefixes (kernel_log/prefix.h), finds the few anchor strings that start or
// continue an OOM report with a fast prefilter, hands only the lines around
// them to the report assembler, and calls `on_event` once per finished report.
// Memory grows with the events found, not with the input.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/oom_event.h"
#include "kernel_log/prefix.h"

namespace oomlens {

namespace evidence_words {
/// Which words the sweep finds (evidence_words.h, where it is defined):
/// declared here alone, so that the header of the word table is not
/// compiled into every file that feeds a scanner.
enum class Watched;
}  // namespace evidence_words

/// A problem with the input that did not stop parsing (shown as `warnings`).
struct ParseWarning {
  std::string source;  ///< file name, "kmsg", "journal", "-"
  uint64_t line = 0;   ///< 1-based; 0 when not tied to a line
  std::string message;
};

struct ScanOptions {
  std::string source_name = "-";  ///< used in events' `source` and in warnings
  /// Year for prefixes that print none (classic syslog `Mon DD HH:MM:SS`).
  std::optional<int> default_year;
  /// Seconds since the epoch of the file's modification time, the latest a
  /// record in it can be: a date inferred with default_year that lies after
  /// it (by more than a day, for time zones) is moved one year back
  /// (settle_inferred_year()). nullopt: no check.
  std::optional<double> latest_s;
};

/// Gives an event whose wall clock's year was inferred (EventTime::
/// year_inferred) a date no later than `latest_s` (one year back when the
/// date lies more than a day after it) and a note that the year is a guess.
/// Pure; `latest_s` nullopt only adds the note.
void settle_inferred_year(OomEvent& event, std::optional<double> latest_s);

/// What a caller reads of the lines beside the reports: the lines that hold
/// an evidence word (evidence_words.h: what user-space killers and services
/// say of memory; diagnose/userspace_evidence.h reads them). The scanner
/// finds those words in its anchor sweep, in the same pass as its anchors,
/// and hands on the lines of fed text (feed_text(), not feed_record()):
///  - each line that holds a word, with up to kLinesBefore lines before it
///    and kLinesAfter (1) after it (a reason wrapped onto the next line);
///  - the up to kLinesBefore lines before each point where its sweep stops
///    (an anchor, a region's end), and every line it reads otherwise (a
///    report's lines, records it rejoins or reorders): those the watch
///    searches itself (find_evidence_word()).
/// Lines between two calls hold no word. `first_line` is the 1-based number
/// of text's first line in the text fed; text is whole lines, each ending in
/// '\n' but the input's last. A line fed twice (held back at a chunk border)
/// is handed on once.
class LineWatch {
 public:
  static constexpr size_t kLinesBefore = 8;
  static constexpr size_t kLinesAfter = 1;
  virtual ~LineWatch() = default;
  virtual void lines(std::string_view text, uint64_t first_line) = 0;
};

class ReportScanner {
 public:
  using EventSink = std::function<void(OomEvent&&)>;
  ReportScanner(ScanOptions options, EventSink on_event);
  ~ReportScanner();
  ReportScanner(const ReportScanner&) = delete;
  ReportScanner& operator=(const ReportScanner&) = delete;

  /// Feeds raw log text (any prefix style, mixed). Chunks may split lines
  /// anywhere; the partial last line is kept until the next call or finish().
  void feed_text(std::string_view chunk);
  /// Feeds one kernel record without prefix (may hold embedded newlines,
  /// as journal MESSAGE fields of multi-line printks do).
  void feed_record(std::string_view message, const RecordMeta& meta);
  /// Numbers one line of the input that is not the kernel's and that the
  /// scanner does not read (a user-space program's journal entry, which the
  /// caller reads): the kernel's lines after it are numbered after it, as a
  /// text's are after the other programs' lines between them. Returns its
  /// 1-based number.
  uint64_t pass_line();
  /// False when feed_record(message, …) would only count the record's lines
  /// (no report is open and it holds no anchor): its metadata is not used.
  [[nodiscard]] bool wants_record(std::string_view message) const;
  /// Ends the input: flushes the partial line and any open report.
  void finish();
  /// For live input (`oomlens watch`), called when no line arrived for a
  /// quiet window: emits the finished reports now instead of waiting for
  /// later lines (a report has no end marker). The open report is closed
  /// only when it has its outcome (a kill or selection line), or always with
  /// `include_incomplete`. The partial last text line is kept. A late
  /// `oom_reaper:` line for an event emitted this way is no longer attached
  /// (the caller may match it itself). Returns the number of events emitted.
  size_t flush_idle(bool include_incomplete = false);
  /// True when no report is open and no finished event waits for its reaper
  /// line: every line fed so far is accounted for in emitted events.
  [[nodiscard]] bool idle() const;
  /// Hands on the lines of text fed from now on that hold an evidence word
  /// (LineWatch), every word or the kill words alone (`which`:
  /// Watched::kills, a sweep that costs little more than the anchors' alone:
  /// what an input's lines after its first report are read for); nullptr
  /// stops. The watch outlives the scanner or is stopped first.
  void set_watch(LineWatch* watch, evidence_words::Watched which);
  /// set_watch() for every word (Watched::every_word).
  void set_watch(LineWatch* watch);
  /// Marks a gap (e.g. /dev/kmsg EPIPE: records were overwritten).
  void note_gap(std::string_view why);

  [[nodiscard]] const std::vector<ParseWarning>& warnings() const;
  [[nodiscard]] uint64_t lines_seen() const;
  /// The '\n' bytes of the text fed so far (feed_text()), before finish():
  /// the lines numbered (lines_seen(), less the records') and those held
  /// back for more input. What a reader would otherwise count in a second
  /// pass over the text (logsource/file_reader.cpp). Costs a pass over the
  /// held lines only.
  [[nodiscard]] uint64_t text_newlines() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Convenience for tests and small inputs: all events of a whole text.
[[nodiscard]] std::vector<OomEvent> parse_log_text(std::string_view text,
                                                   ScanOptions options = {},
                                                   std::vector<ParseWarning>* warnings = nullptr);

}  // namespace oomlens
