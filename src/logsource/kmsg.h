#pragma once
// /dev/kmsg: the kernel's log ring, one record per read().
//
// Record format (Documentation/ABI/testing/dev-kmsg; kernel/printk/printk.c:
// info_print_ext_header(), msg_print_ext_body()):
//
//   "<pri>,<seq>,<ts_usec>,<flags>[,<more fields>];<message>\n"
//   followed by optional dictionary lines " KEY=value\n".
//
// pri = facility << 3 | level (syslog numbering); seq is a 64-bit sequence
// number (+1 per record); ts_usec is the printk time in µs since boot (the
// `[ 1234.567890]` of dmesg); flags is '-', or on 3.5–4.8 'c' (a line begun
// with pr_cont pieces still to come) and '+' (a continuation piece). In the
// message and the dictionary, bytes < 0x20, >= 0x7f and '\' are printed as
// `\xNN`; parse_kmsg_record() turns them back into bytes.
//
// Reading (devkmsg_read()): a read() returns exactly one record and fails with
// EINVAL when the buffer cannot hold it (CONSOLE_EXT_LOG_MAX = 8 KiB), EAGAIN
// when the ring is drained (O_NONBLOCK), EPIPE when the next record was
// overwritten before we read it (the following read() resumes at the oldest
// record still in the ring). A fresh open starts at the oldest record.
// Opening fails with EPERM when `kernel.dmesg_restrict=1` and the caller
// lacks CAP_SYSLOG (check_syslog_permissions()).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "logsource/source.h"
#include "util/fd.h"

namespace oomlens {

/// One parsed /dev/kmsg record.
struct KmsgRecord {
  int facility = 0;       ///< pri >> 3; 0 = kernel, others are userspace writes to /dev/kmsg
  int level = 0;          ///< pri & 7 (0 emerg … 7 debug)
  uint64_t seq = 0;       ///< sequence number
  uint64_t ts_usec = 0;   ///< µs since boot
  char flag = '-';        ///< '-', 'c' (continued line starts), '+' (continuation piece)
  std::optional<uint32_t> caller_id;  ///< `,caller=T1234` (CONFIG_PRINTK_CALLER), as RecordMeta::caller_id
  std::string message;    ///< unescaped; may contain '\n' (escaped as \x0a by the kernel)
  /// Dictionary lines (`SUBSYSTEM=`, `DEVICE=`, …), unescaped, in order.
  std::vector<std::pair<std::string, std::string>> dict;
};

/// Parses one record as read() returns it (trailing newline optional); its
/// header through kernel_log's parse_kmsg_header(), as a line of kmsg text.
/// nullopt when the header is malformed (missing ';', non-numeric fields, a
/// priority over 191).
[[nodiscard]] std::optional<KmsgRecord> parse_kmsg_record(std::string_view raw);

/// Replaces each `\xNN` (two hex digits) with the byte NN; other text,
/// including a lone backslash, is kept as is.
[[nodiscard]] std::string unescape_kmsg(std::string_view text);

struct KmsgOptions {
  /// Root of the system's files: `<root>/proc/sys/kernel/dmesg_restrict`
  /// (advice wording) and `<root>/proc/sys/kernel/random/boot_id` (meta.boot_id).
  std::string root = "/";
  /// The ring to read; empty = `<root>/dev/kmsg`. A regular file is read as
  /// newline-separated records, dictionary lines starting with a space (tests).
  std::string path;
  /// Start at the oldest record in the ring (true) or only read records
  /// written after opening (false: lseek(SEEK_END), for `oomlens watch`).
  bool from_start = true;
};

/// A reader that stays open, for one-shot reads (read_kmsg()) and for a poll
/// loop (`oomlens watch`): open(), then read_available() whenever poll(2) on
/// fd() says POLLIN (the device) or on a timer (a regular file). Single
/// threaded; never blocks.
///
/// Delivers sink.record(message, meta) for kernel-facility records only, with
/// meta.kmsg_seq, meta.monotonic_s = ts_usec / 1e6, meta.level, meta.caller_id, meta.boot_id,
/// and for the device meta.wall = boot wall time + ts_usec (as `dmesg -T`).
/// 'c'/'+' pieces (3.5–4.8 kernels) are joined into one record with the first
/// piece's meta. A sequence-number jump (EPIPE on the device, or a jump in a
/// records file) calls sink.gap("records A-B were overwritten …") and adds
/// the same note. Never calls sink.end().
class KmsgReader {
 public:
  explicit KmsgReader(KmsgOptions options);
  KmsgReader(const KmsgReader&) = delete;
  KmsgReader& operator=(const KmsgReader&) = delete;

  /// Opens the ring. On failure returns false and result() holds the error
  /// (EACCES, "Permission denied", for EPERM too, with
  /// kmsg_permission_advice(); ENOENT, "No such file or
  /// directory", …).
  [[nodiscard]] bool open();
  /// The descriptor to poll (-1 when not open).
  [[nodiscard]] int fd() const { return fd_.get(); }
  /// A regular file (--kmsg FILE, for tests) is always readable to poll(2):
  /// read it on a timer instead, as `tail -f` does.
  [[nodiscard]] bool is_file() const { return is_file_; }
  /// Reads every record available now and returns how many kernel records
  /// it delivered. A joined continuation line still open at the end is held
  /// back until the next call or flush().
  uint64_t read_available(LogSink& sink);
  /// Delivers a held continuation line, if any.
  void flush(LogSink& sink);
  /// The running totals: name "kmsg", used, records (kernel records
  /// delivered), error/advice, notes (gaps, skipped non-kernel records).
  [[nodiscard]] SourceResult result() const;

 private:
  void process(std::string_view raw, LogSink& sink);
  void deliver(const KmsgRecord& rec, LogSink& sink);
  uint64_t read_device(LogSink& sink);
  uint64_t read_file(LogSink& sink);

  KmsgOptions options_;
  UniqueFd fd_;
  bool is_file_ = false;
  std::optional<std::string> boot_id_;
  std::optional<int64_t> boot_realtime_us_;  ///< wall time of boot, µs (device only)
  std::optional<uint64_t> last_seq_;
  bool epipe_pending_ = false;
  std::optional<KmsgRecord> pending_;  ///< a 'c' line waiting for its '+' pieces
  std::string file_carry_;             ///< file mode: the record being gathered
  uint64_t delivered_ = 0;
  uint64_t other_facility_ = 0;
  uint64_t malformed_ = 0;
  SourceResult result_;
};

/// Reads the whole ring once: open, read_available, flush. Does not call
/// sink.end(). `used` is false when the ring could not be opened.
[[nodiscard]] SourceResult read_kmsg(const KmsgOptions& options, LogSink& sink);

}  // namespace oomlens
