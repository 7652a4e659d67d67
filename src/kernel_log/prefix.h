#pragma once
// Line normalisation: strips whatever wraps a kernel message in a log file
// and returns the bare kernel text plus what the wrapper said.
//
// Recognised per line (they may be mixed in one file and nested, e.g. syslog
// around a kmsg timestamp, or a VMware capture around `<6>[ts]`):
//  - raw dmesg `[ 1234.567890] ` (any seconds width), printk caller id
//    `[ T1234] ` / `[ C3] ` (CONFIG_PRINTK_CALLER), a vendor's CPU field
//    glued before it (`[ 1234.567890][ 3] [T1234] `);
//  - a time of day alone before `kernel: `, `name[pid]: ` (another program's
//    line) or a `word: ` (the clock goes, the word stays the line's text);
//  - `dmesg -T` `[<any day/month words> DD HH:MM:SS YYYY] ` in any locale;
//  - `dmesg -x` `kern  :err   : `;
//  - syslog / journalctl short `Mon DD HH:MM:SS[.us] host tag: `, also the
//    host glued to the tag (`MyVMkernel:`);
//  - RFC 3339 / ISO `2026-09-19T17:27:56.877003+00:00 host kernel: `;
//  - journalctl short-monotonic `[ 1234.567890] host kernel: `;
//  - `journalctl -o json` lines (MESSAGE, _SOURCE_MONOTONIC_TIMESTAMP, …);
//  - /dev/kmsg text records `6,1234,5678901,-;text` (+ `\x0a` escapes);
//  - `<N>` syslog priorities; VMware `… In(05) vcpu-5 - Guest: `;
//  - rsyslog `#012` (newline) / `#011` (tab) escapes;
//  - leading mail quotes `> ` and indentation; a bare `kernel: ` tag;
//  - RFC 5424 `<4>1 2024-05-07T21:43:54.678628+02:00 host kernel - - - `;
//  - web-page HTML entities (`&gt;`) and quoted-printable `=3D` (decoded);
//  - a viewer's `...`/`…` at the end of a long line (see `truncated`);
//  - node-problem-detector event JSON `"message": "…"` fragments;
//  - a program's string literal holding one line (`"4,101,1001,-;…\n",` in a test);
//  - a collector's `LEVEL|TAG[PID]|` cells (`warning|kernel[-]|[ts] …`).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace oomlens {

/// Metadata of one kernel record when the source knows it (/dev/kmsg,
/// the journal: ReportScanner::feed_record); plain text lines carry it in
/// their prefix instead (LinePrefix).
struct RecordMeta {
  /// The printk timestamp, seconds since boot: kmsg ts_usec / 1e6, journal
  /// _SOURCE_MONOTONIC_TIMESTAMP, a line's `[ 1234.567890]`.
  std::optional<double> monotonic_s;
  std::optional<std::string> wall;     ///< RFC 3339 (-like: no offset when a log line gives none)
  std::optional<uint64_t> kmsg_seq;    ///< /dev/kmsg sequence number
  std::optional<std::string> boot_id;  ///< journal _BOOT_ID, or the live boot's id
  std::optional<std::string> host;
  std::optional<int> level;            ///< syslog level 0..7
  /// printk's caller id (CONFIG_PRINTK_CALLER, 5.1+): `[ T1234]` after the
  /// time, `,caller=T1234` in a /dev/kmsg header (parse_kmsg_header(), for
  /// a line of text and for KmsgReader's records alike). As the kernel keeps
  /// it: the pid, or 0x80000000 + the CPU for `[  C3]` (interrupt context).
  std::optional<uint32_t> caller_id;
};

/// A /dev/kmsg record's header, `pri,seq,ts_usec,flags[,key=value…];`
/// (kernel/printk/printk.c: info_print_ext_header()). The one reader of it:
/// a line of text (`6,1234,5678901,-,caller=T42;…`, normalize_line()) and a
/// record read from /dev/kmsg (logsource's parse_kmsg_record()).
struct KmsgHeader {
  uint64_t pri = 0;      ///< facility << 3 | level
  uint64_t seq = 0;      ///< sequence number
  uint64_t ts_usec = 0;  ///< printk time, µs since boot
  char flag = '-';       ///< the flags' first character: '-', 'c' (a line begun), '+' (a continuation piece)
  std::optional<uint32_t> caller_id;  ///< `,caller=T1234`, as RecordMeta::caller_id
  size_t size = 0;       ///< bytes of the header, its ';' included (the message starts there)
};
/// `s`'s header, or nullopt when `s` does not start with one (no ';', a
/// field not a number, a newline before the ';').
[[nodiscard]] std::optional<KmsgHeader> parse_kmsg_header(std::string_view s);

/// What a line's prefix said: a record's metadata, taken from the text of a
/// plain line. Everything is optional: bare text has none.
struct LinePrefix : RecordMeta {
  /// The record came from a reader that reports lost records itself
  /// (ReportScanner::note_gap, e.g. KmsgReader on EPIPE) and leaves out
  /// records on purpose (other facilities): a jump in kmsg_seq is then no loss.
  bool seq_gaps_reported = false;
  /// `wall` took its year from the caller's default_year (syslog prints none).
  bool year_inferred = false;
};

/// One normalised line. `text` views either the raw line or `owned` (when
/// escapes were decoded), so the object is neither copyable nor movable.
struct NormalizedLine {
  NormalizedLine() = default;
  NormalizedLine(const NormalizedLine&) = delete;
  NormalizedLine& operator=(const NormalizedLine&) = delete;

  std::string_view text;  ///< bare kernel text; may hold '\n' (decoded #012, \x0a, JSON \n)
  std::string owned;
  LinePrefix prefix;
  bool has_prefix = false;    ///< some wrapper was recognised
  bool foreign = false;       ///< logged by another program (syslog tag not `kernel`)
  bool continuation = false;  ///< no prefix and indented: part of the previous record
  /// A viewer cut the line (`...`/`…` at its end); `text` ends before the
  /// cut field (at the last space or comma), so no stump is read as a value.
  bool truncated = false;
};

/// Terminal control sequences a tool wrote into the text (`dmesg
/// --color=always`, `grep --color=always`, a `script` capture): CSI
/// sequences (`ESC [` parameters, a final byte 0x40-0x7E: SGR colours,
/// `ESC [K`) and `ESC (B`, raw or as `cat -v`/`less` show them (`^[[33m`).
/// Kernel text never holds them. Writes `raw` without them into `plain` and
/// returns true; false (and `plain` untouched) when `raw` holds none.
bool strip_terminal_escapes(std::string_view raw, std::string& plain);

/// Normalises `raw` (one line without its '\n') into `out` (which is reset).
/// `default_year` completes classic syslog stamps that print no year; without
/// it such lines get no `wall`. Never throws.
void normalize_line(std::string_view raw, NormalizedLine& out,
                    std::optional<int> default_year = std::nullopt);

}  // namespace oomlens
