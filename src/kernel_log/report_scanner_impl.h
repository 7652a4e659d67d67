#pragma once
// The private state of ReportScanner (report_scanner.h): its members and the
// methods that work on them, grouped by role. Each group is defined in its
// own file, named after the group below; report_scanner.cpp holds the public
// class and the loop over the text.
// Only the report_scanner*.cpp files include this.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernel_log/evidence_words.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_assembler.h"
#include "kernel_log/report_scanner.h"
#include "util/text.h"

namespace oomlens {

struct ReportScanner::Impl {
  // A line longer than this is cut (hostile input must not grow memory).
  static constexpr size_t kMaxLineBytes = 1 << 20;
  // Bytes of already scanned text kept for looking back across chunk borders.
  static constexpr size_t kHistoryBytes = 8192;
  // Table rows looked back for before a report that starts without a header.
  static constexpr size_t kLookbackLines = 64;
  // Text held back at a chunk border while deciding whether a report is
  // newest-first (newest_first.h); beyond this the decision is made anyway.
  static constexpr size_t kMaxHeldBytes = 512 * 1024;

  Impl(ScanOptions o, EventSink sink)
      : opt(std::move(o)),
        assembler(opt.source_name, [latest = opt.latest_s, sink = std::move(sink)](OomEvent&& e) {
          settle_inferred_year(e, latest);
          sink(std::move(e));
        }) {}

  ScanOptions opt;
  ReportAssembler assembler;
  std::string carry;    // partial last line
  bool carry_truncated = false;
  std::string history;  // tail of the previous region not fed to the assembler
  uint64_t line_no = 0;
  uint64_t record_lines = 0;  // of line_no, the lines that are no text's (feed_record(), pass_line())
  std::vector<ParseWarning> warnings;
  NormalizedLine norm;
  std::string joined;    // one record rejoined from its wrapped or soft-broken pieces
  // Quoted-printable text (a mail archive) is so from its start: only then
  // are soft breaks looked at for a split anchor (split_anchor()). Decided
  // on the first kQpProbeBytes of input: a `=3D` (every OOM header has an
  // '='), or a soft break ending a line of 59 bytes or more.
  static constexpr size_t kQpProbeBytes = 64 << 10;
  bool qp_possible = false;
  bool qp_encoded = false;  // the probe saw QP's escapes or its soft breaks (decide_probe())
  // The probe is decided once, on the input's first kQpProbeBytes (or all
  // of it, at finish() or flush_idle()): until then regions are held, so
  // what a text gives never depends on how it was cut into chunks.
  bool probe_done = false;
  std::string probe_text;
  // Text hard-wrapped at a fixed width (a terminal, a viewer: every broken
  // line exactly `wrap_width` bytes long) is so from its start too: then
  // the boundaries after lines of that width are looked at for a split
  // anchor (split_anchor_wrapped()). Decided on the same first bytes: the
  // longest line, 60 bytes or more, at least 3 times and a quarter of the
  // lines of 60 bytes or more; 0 when not. Counted in bytes, else, when
  // the bytes give no width, in characters (UTF-8 code points: a mail
  // client or an editor wraps text with CJK or other non-ASCII prose by
  // characters, corpus 654): wrap_in_chars. line_width() measures a line so.
  size_t wrap_width = 0;
  bool wrap_in_chars = false;
  // A terminal that wrapped lines at pad_width columns and padded each break
  // with pad_len spaces inside one line (`f        ile-rss`): decided on the
  // same first bytes, from lines whose only runs of two or more spaces are
  // at pad_width, 2*pad_width+pad_len, … (kernel text has none); 0 when not.
  // depad() removes them from a candidate report's lines only.
  size_t pad_width = 0, pad_len = 0;
  // Text a person or a mail client reflowed (issue 12, class 1): at least 3
  // prefixed lines in the same first bytes go on on an indented, unprefixed
  // line after a word (kernel text indents no such line). Then an anchor
  // broken at a space (`…kernel: Task in` + `    /kubepods…`) is looked for
  // across those breaks (split_anchor_reflowed()).
  bool reflowed_text = false;
  // Text a mail client sent format=flowed (RFC 3676): at least 3 prefixed
  // lines of 40 bytes or more in the same first bytes end in a space and go
  // on on an unprefixed line. Then an anchor broken at such a space
  // (`…]: memory: ` + `usage 4194304kB, …`) is looked for across those breaks
  // (split_anchor_reflowed() with `flowed`).
  bool flowed_text = false;
  // Syslog text a mail client re-flowed as prose (issue 12, class 1): its
  // records run into each other mid-line (`…oom_adj=0 Jul  6 06:45:01 host
  // kernel:` + `[78748.106808] Pid: …`): at least 3 lines in the same first
  // bytes hold a record's start after a space in their text, and the line
  // after each starts with none. Then each paragraph of such lines is joined
  // and cut again at the records' starts (reflow_records()) before it is scanned.
  bool records_midline = false;
  bool in_reflowed_records = false;  // process_region() is scanning reflow_records()'s text
  // Text a terminal tool coloured (`dmesg --color=always`, `grep
  // --color=always`): the first bytes hold a CSI sequence, raw (ESC `[`) or
  // as `cat -v` shows it (`^[[`); escape_intro is its first byte, 0 when
  // none. Then a line holding one is looked at with the sequences taken
  // out, since a colour inside an anchor (`invoked ESC[01;31moom…`) hides it
  // from the prefilter (split_anchor_escaped()).
  char escape_intro = 0;
  // The same first bytes hold a Tasks-table row (holds_table_row()):
  // then a row is an anchor too (find_anchor_or_row(): a paste of rows
  // alone); other input pays nothing for it.
  bool rows_possible = false;
  // `journalctl -o verbose`: a record's time and boot are on its cursor and
  // field lines, not on its MESSAGE= line (journal_verbose.h). Set once a
  // MESSAGE= anchor found its cursor line; then the lines of an open report
  // keep `verbose_meta` up to date, and each MESSAGE= line without a time takes it.
  bool verbose_seen = false;
  RecordMeta verbose_meta;
  void verbose_look_back(std::string_view region, size_t ls);
  void take_verbose_meta(std::string_view raw);
  std::string_view verbose_view(std::string_view raw, std::string& plain) const;
  NormalizedLine probe;  // for looking at neighbouring lines
  // A line and the piece after it, joined to be looked at through `probe`
  // (joins_as_record(), overfills_row_comm()): one buffer, reused.
  std::string probe_join;
  LinePrefix prev_prefix;  // for continuation lines
  bool prev_foreign = false;
  // The prefix of the physical line a glued record was split from (feed_line()): the record after the split,
  // printed on that line, takes the time and host it does not print itself.
  std::optional<LinePrefix> glued_parent;

  // The caller's LineWatch (set_watch()): the anchor sweep finds its words too (find_anchor_watching()).
  LineWatch* watch = nullptr;
  evidence_words::Watched watched_words = evidence_words::Watched::every_word;  // which words the sweep finds
  std::vector<size_t> watch_words;  // the sweep's words, offsets from where it began
  LineWatch* active_watch() const { return in_reflowed_records ? nullptr : watch; }
  // How far process_region() has handed on its region's lines to the watch: the offset, and the number of the
  // line that starts there.
  struct WatchCursor {
    size_t pos = 0;
    uint64_t line = 1;
  };
  /// Whether nothing of a dump_stack() block that starts at region[ls] can lie before it: the input's start, a
  /// report's line (`lo`: the lines fed to one), or another program's line. A kernel line before it may be the
  /// block's own first line broken (a wrap, a terminal's padding): then its start is not known.
  bool other_record_before(std::string_view region, size_t lo, size_t ls);
  /// Hands on region[c.pos, to) whole (lines read otherwise than by the sweep: they are searched by the watch).
  static void watch_to(LineWatch* w, std::string_view region, size_t to, WatchCursor& c);
  /// The newlines of region[from, to), which the sweep passed over (`words`: its words, offsets from `from`; w
  /// null: none looked for); hands on each line that holds a word with up to LineWatch::kLinesBefore lines before,
  /// and the lines before `to`.
  static uint64_t swept(LineWatch* w, std::string_view region, size_t from, size_t to,
                        const std::vector<size_t>& words, WatchCursor& c);

  /// The loop over the text (report_scanner.cpp): chunks are cut into
  /// regions of whole lines (a partial last line is carried to the next
  /// chunk); in each region the prefilter finds anchors, and the lines of an
  /// open report go to the assembler.
  size_t process_region(std::string_view region, bool final);
  void append_carry(std::string_view part);
  void feed_text(std::string_view chunk);
  void release_probe();
  void finish();

  /// The probe of the input's shape (report_scanner_probe.cpp), decided once
  /// on its first kQpProbeBytes: quoted-printable, hard-wrapped at a width,
  /// padded at a terminal's width, reflowed or format=flowed.
  void probe_feed(std::string_view chunk);
  void decide_probe();
  /// No-break spaces (U+00A0) among the probe's bytes (a web page's or an HTML mail's `&nbsp; &nbsp;` runs): from
  /// that chunk on, each no-break space of the text is a space before anything reads it, the carry held for the
  /// probe too. `chunk` as it is otherwise. Costs a search of the probe's bytes only when none is there.
  std::string_view despace_chunk(std::string_view chunk);
  bool nbsp_text = false;
  bool nbsp_lead_held = false;  // the last chunk ended in a C2 byte: held, for an A0 starting this one
  std::string nbsp_chunk;
  bool widest_continue(std::string_view head, size_t width);
  /// wrap_width's test on `head`, lines measured as line_width() does: the width, or 0.
  size_t decide_wrap_width(std::string_view head, bool* qp_soft);
  static std::pair<size_t, size_t> line_pad(std::string_view l);
  void decide_pad(std::string_view head);
  static bool pads_every_long_line(std::string_view head, size_t w, size_t len);
  std::string_view depad(std::string_view raw, std::string& out) const;
  bool decide_broken_at_space(std::string_view head, bool flowed);
  bool decide_records_midline(std::string_view head);

  /// Anchors a break hides from the prefilter (report_scanner_split_anchor.cpp):
  /// split by a QP soft break, a hard wrap, a pad or a break at a space.
  static bool anchor_across(const char* d, size_t ls, size_t tail_end, size_t next, size_t n);
  static size_t split_anchor(const char* d, size_t from, size_t lim, size_t n, bool final, bool* hold);
  size_t split_anchor_wrapped(const char* d, size_t from, size_t lim, size_t n, size_t width, bool final,
                              bool* hold) const;
  template <class Done>
  static size_t each_broken_line(const char* d, size_t from, size_t lim, size_t n, Done done);
  size_t split_anchor_padded(const char* d, size_t from, size_t lim, size_t n) const;
  static size_t split_anchor_reflowed(const char* d, size_t from, size_t lim, size_t n, bool final, bool* hold,
                                      bool flowed);
  static bool may_start_split_anchor(std::string_view tail);
  size_t split_anchor_escaped(const char* d, size_t from, size_t lim, size_t n, bool final, bool* hold) const;

  /// One record's physical lines joined into one (report_scanner_join.cpp):
  /// which line goes on on the next (soft breaks, wrapped or reflowed rests,
  /// pads, JSON objects), and the anchor line joined with a piece before or
  /// after it.
  bool soft_break(std::string_view raw) const;
  static std::string_view dequote(std::string_view raw);
  /// `next`, after the prefixed line `raw`, is an unprefixed stack frame (`[<…>] func+0x…/0x…`): a line of its
  /// own, not `raw`'s wrapped rest (report_scanner_join.cpp).
  static bool bare_frame_after(std::string_view raw, std::string_view next);
  bool unprefixed(std::string_view raw);
  bool prefixed(std::string_view raw);
  bool wrapped_at_width(std::string_view raw, std::string_view next);
  bool pad_piece(std::string_view raw, std::string_view spaces, std::optional<std::string_view> after);
  static std::optional<std::string_view> line_at(std::string_view region, size_t from);
  bool flowed_rest(std::string_view raw, std::string_view next);
  static bool reflowed(std::string_view raw, std::string_view next);
  bool joins_as_record(std::string_view raw, std::string_view next, bool indented = false);
  bool at_wrap_width(std::string_view raw) const;
  /// A line's width as wrap_width counts it: bytes, or characters when wrap_in_chars.
  size_t line_width(std::string_view l) const { return wrap_in_chars ? text::utf8_code_points(l) : l.size(); }
  bool continues(std::string_view region, size_t start, size_t eol);
  /// `next` is no rest of `joined` (a record's pieces so far, the last cut at the wrap width when
  /// `cut_at_width`): appended as take_record() would, they make a task row whose comm is longer than 15
  /// bytes (TASK_COMM_LEN 16 with its NUL), or, not cut at the width, `joined` is a row that shows a comm
  /// and `next` does not read as its rest (looks_like_comm_rest(): a poster's `hi all`, `Thanks!`).
  bool overfills_row_comm(std::string_view joined, std::string_view next, bool cut_at_width);
  static bool json_open(std::string_view s);
  static bool json_rest(std::string_view next);
  size_t take_record(std::string_view region, size_t start, bool final, size_t& pieces);
  bool join_split_anchor(std::string_view region, std::string_view raw, std::string_view t, size_t eol, size_t n);
  size_t join_header_start(std::string_view region, size_t lower, size_t ls, std::string_view raw);
  /// Where a prefixed kernel syslog record (`Mon DD HH:MM:SS host kernel:`)
  /// starts in `s` at or after `from`: at 0 or after a space, its tag
  /// followed by its text; npos when none does.
  size_t record_start_in(std::string_view s, size_t from);
  /// Where `s`'s own record text starts (after its prefix; 0 when it has none).
  size_t own_text_start(std::string_view s);
  /// Text whose records run into each other mid-line (records_midline):
  /// `region`'s lines up to the returned offset rewritten into `out`, one
  /// record a line (a paragraph's lines joined with one space, cut at each
  /// record's start; its mail quoting kept on each). Returns the offset of the
  /// first line not taken (a paragraph that may go on in the next chunk).
  size_t reflow_records(std::string_view region, bool final, std::string& out);

  /// A line handed to the assembler (report_scanner_feed.cpp), split first
  /// when two records were glued on it. `nl` is `raw` normalized (normalize_line()).
  size_t glued_record(std::string_view raw, const NormalizedLine& nl);
  /// A dmesg line that holds a dump_stack() block's records glued after one another (glued_printk_stamp()): its
  /// first record starts the block (`Call Trace:`, `CPU: … Comm: …`, `Hardware name:`) and a later one is an OOM
  /// frame (oomline::is_oom_frame). The block then opens a report at this line, as start_at_stack() opens one.
  static bool glued_stack_block(const NormalizedLine& n);
  bool glued_row_before_opening(std::string_view row, std::string_view rest, uint64_t number);
  void feed_line(std::string_view raw, uint64_t number);

  /// The lines before an anchor with no report open (report_scanner_look_back.cpp):
  /// the task table's rows before an opening line, viewer-cut rows marked, and
  /// the dump_stack() block before an OOM frame.
  void look_back(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line);
  /// The last `page allocation stalls for Nms` line (oomline::parse_alloc_stall) in the kHistoryBytes before the
  /// opening line at `ls`, in region [lo, ls) and then `history`, with no line of another report between and
  /// printed at most kStallBeforeReportS before it when both are stamped: preloaded for the report it opens.
  void look_back_for_stall(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line);
  /// look_back()'s second try when it found no row before a kill, selection or `oom-kill:` line with the prefix
  /// `at`: a poster who quoted a row, wrote a few lines of prose (at most kProseLines unprefixed lines, no record
  /// among them) and then quoted the kill. The whole prefixed rows right above that prose, printed in the opening
  /// line's burst (stamps at most kRowBurstS before it, the same host), are appended to `texts`/`numbers`
  /// (newest first); nothing when any of that fails.
  void rows_across_prose(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line, const LinePrefix& at,
                         std::vector<std::string>& texts, std::vector<uint64_t>& numbers);
  static constexpr size_t kProseLines = 8;
  static constexpr double kRowBurstS = 5.0;
  // warn_alloc() repeats its stall warning every 10 s while the allocation waits: one printed longer before the
  // report than this is an earlier stall's, which had ended.
  static constexpr double kStallBeforeReportS = 60.0;
  /// A report's body printed right before its outcome with no report open and no row between (a paste that
  /// starts after the header): show_mem()'s block (a 2.6.x one starts at `Active:N inactive:N …` or `DMA
  /// per-cpu:`; its lines wrapped by a mail client, their pieces (line_is_meminfo_piece()) kept) or a call
  /// trace through out_of_memory() without its `CPU:`/`Call Trace:` line (start_at_stack() finds no start).
  /// show_mem() also prints on SysRq-m and on a page allocation failure: such a block is an OOM report's only
  /// because an outcome follows it straight, in the same burst. `stack` and `show_mem` lines are the block's;
  /// a `piece` goes with the lines round it, and opens nothing.
  enum class BodyLine { none, stack, show_mem, piece };
  static BodyLine body_line(const NormalizedLine& n);
  /// body_line() of a physical line; two records glued on it (glued_record(), as feed_line() splits them) are
  /// the block's when both are, as their first line that is no piece.
  BodyLine raw_body_line(std::string_view raw);
  /// The body lines right before the outcome at `ls` (look_back()'s last try, when it found no row), in
  /// region [lo, ls) and then `history`, kBodyLookbackLines at most: open_at_body(). Such a block straight
  /// before an outcome also says the text is in print order: newest-first, the line before a kill in the text
  /// is one printed after it (its reaper, another dump's first line), never its report's body.
  bool completes_record_before(std::string_view buf, size_t lo, size_t start, std::string_view piece);
  bool body_before_outcome(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line, const LinePrefix& at,
                           bool open);
  /// Opens the report at `raws` (physical lines in print order, numbered `numbers`, that end right before the
  /// outcome line whose prefix is `at`), and feeds them: at its show_mem block (start_from_table(), Mem-Info
  /// machine-wide) when it holds one, else at its call trace (start_from_stack()) when a frame is an OOM
  /// frame (oomline::is_oom_frame). Only the lines after the last gap the stamps show (a line stamped later
  /// than the one after it, or more than kRowBurstS before it, or from another host) and from the first line
  /// that is no piece on. False (nothing opened) when no such block is left; with `open` false, only whether
  /// it would open one.
  bool open_at_body(std::vector<std::string>& raws, std::vector<uint64_t>& numbers, const LinePrefix& at,
                    uint64_t anchor_line, bool open = true);
  static constexpr size_t kBodyLookbackLines = 256;
  bool glued_rows(std::string_view raw, uint64_t number, std::vector<std::string>& texts,
                  std::vector<uint64_t>& numbers);
  void start_at_stack(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line);
  // A Tasks table's header (an anchor: anchor_search.h) with no report open.
  // A report opens there only when nothing else would open one: no anchor on
  // the table's rows, the Mem-Info lines after it (newest-first text) or the
  // kTableLookaheadLines other lines after those. Otherwise the line is
  // passed over as before, and the later anchor opens the report (its
  // look-back keeping the rows). `hold` when the region ends first.
  // A table row (`row`: a paste of rows alone) opens one only when another
  // row follows within kRowLookaheadLines too. The line start of the other
  // anchor that made it `skip` goes to *other_anchor (0 when none).
  enum class TableStart { open, skip, hold };
  TableStart table_start_decision(std::string_view region, size_t eol, size_t n, bool final, bool row,
                                  size_t* other_anchor) const;
  // A row that may open a report of rows alone: a whole row of dump_tasks()
  // (6 numbers or more, a name) whose pid is its tgid (a process, as most rows).
  static bool opening_row(std::string_view t);
  // Opens the report of a table header (or a row of rows alone)
  // table_start_decision() let open: at the Mem-Info lines and table rows
  // right before it (in region [lo, ls), then `history`; kTableLookbackLines
  // at most), which are fed.
  void start_at_table(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line,
                      uint64_t time_from_line = 0);
  static bool stack_marker(std::string_view t);
  static bool stack_line_text(std::string_view t);
  enum class Rejoined { stack_start, meminfo_or_table };
  bool rejoin_wrapped(std::string_view region, size_t lower, size_t begin, size_t stop, std::string& whole,
                      size_t& span, Rejoined kind, size_t max_back);
  // The line numbers of the task rows a viewer cut (`…   0  ...`), as
  // look_back() and feed_reversed() collect them; table_row() marks them.
  using CutRows = std::set<uint64_t>;
  static LogicalLine table_row(std::string_view text, uint64_t number, const CutRows& cut);

  /// Newest-first text (report_scanner_reversed.cpp): a report read in
  /// reverse, fed to the assembler in print order.
  static std::string_view span_text(std::string_view region, std::pair<size_t, size_t> span);
  void feed_reversed(std::string_view region, size_t from, size_t to, uint64_t first_number,
                     bool rests_after = false);
  size_t wrapped_rest_before(std::string_view region, size_t lower, size_t ls);
  size_t outcome_rest_before(std::string_view region, size_t lower, size_t ls, std::string& rest);
  bool stamped_after_next(std::string_view region, size_t ls, size_t eol, size_t n);
  bool prefix_alone(std::string_view raw);
  bool rest_piece(std::string_view raw);
  bool opens_newest_first_here(std::string_view region, size_t ls);
  size_t reversed_opening(std::string_view region, size_t lower, size_t ls, size_t eol, bool final,
                          const std::string& opening);
  size_t header_alone(std::string_view region, size_t ls, size_t eol, bool final);
  size_t feed_reversed_with_body(std::string_view region, size_t lower, size_t ls, size_t end);
};

}  // namespace oomlens
