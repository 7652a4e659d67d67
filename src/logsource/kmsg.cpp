#include "logsource/kmsg.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>

#include <fmt/core.h>

#include "logsource/source_util.h"
#include "util/i18n.h"
#include "util/file.h"
#include "util/ascii.h"
#include "util/text.h"

namespace oomlens {

namespace {

// CONSOLE_EXT_LOG_MAX is 8192 (include/linux/printk.h); twice that leaves
// room for the dictionary lines some kernels append.
constexpr size_t kRecordBuffer = 16 * 1024;

template <typename T>
bool parse_num(std::string_view s, T& out) {
  if (s.empty()) return false;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

std::string unescape_kmsg(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 3 < text.size() && text[i + 1] == 'x') {
      const int hi = text::hex_value(text[i + 2]);
      const int lo = text::hex_value(text[i + 3]);
      if (hi >= 0 && lo >= 0) {
        out += static_cast<char>(hi * 16 + lo);
        i += 3;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

std::optional<KmsgRecord> parse_kmsg_record(std::string_view raw) {
  const auto header = parse_kmsg_header(raw);  // kernel_log's: a line of kmsg text reads the same
  if (!header || header->pri > 191) return std::nullopt;
  KmsgRecord rec;
  rec.facility = static_cast<int>(header->pri >> 3);
  rec.level = static_cast<int>(header->pri & 7);
  rec.seq = header->seq;
  rec.ts_usec = header->ts_usec;
  rec.flag = header->flag;
  rec.caller_id = header->caller_id;

  std::string_view body = raw.substr(header->size);
  const size_t nl = body.find('\n');
  rec.message = unescape_kmsg(body.substr(0, nl));
  if (nl == std::string_view::npos) return rec;
  body.remove_prefix(nl + 1);
  while (!body.empty()) {
    const size_t end = body.find('\n');
    std::string_view line = body.substr(0, end);
    body = end == std::string_view::npos ? std::string_view{} : body.substr(end + 1);
    if (line.empty() || line.front() != ' ') continue;  // not a dictionary line
    line.remove_prefix(1);
    const size_t eq = line.find('=');
    if (eq == std::string_view::npos) continue;
    rec.dict.emplace_back(unescape_kmsg(line.substr(0, eq)), unescape_kmsg(line.substr(eq + 1)));
  }
  return rec;
}

KmsgReader::KmsgReader(KmsgOptions options) : options_(std::move(options)) {
  if (options_.path.empty()) options_.path = join_root(options_.root, "/dev/kmsg");
  result_.name = "kmsg";
}

bool KmsgReader::open() {
  fd_.reset(::open(options_.path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (!fd_) {
    const int err = errno;
    if (err == EPERM || err == EACCES) {
      std::optional<int> restrict_value;
      if (const auto text = oomlens::read_file(join_root(options_.root, "/proc/sys/kernel/dmesg_restrict"), 64)) {
        int v = 0;
        if (parse_num(text::trim(*text), v)) restrict_value = v;
      }
      result_.error = SystemError{EACCES, "", kmsg_permission_advice(restrict_value)};  // EPERM too: one wording
    } else {
      result_.error = SystemError{err, ""};
    }
    return false;
  }
  struct stat st {};
  if (::fstat(fd_.get(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      result_.error = SystemError{EISDIR, ""};
      fd_.reset();
      return false;
    }
    is_file_ = S_ISREG(st.st_mode);
  }
  if (!options_.from_start) ::lseek(fd_.get(), 0, SEEK_END);
  boot_id_ = read_boot_id(options_.root);
  if (!is_file_) {
    // The wall time of boot, as `dmesg -T` derives it: printk stamps are
    // local_clock(), close to CLOCK_MONOTONIC (not counting suspend), so
    // wall = (REALTIME - MONOTONIC) + stamp. Off by the time spent suspended
    // and by clock drift (milliseconds over hours); the device only.
    timespec rt{}, mono{};
    if (::clock_gettime(CLOCK_REALTIME, &rt) == 0 && ::clock_gettime(CLOCK_MONOTONIC, &mono) == 0) {
      const int64_t rt_us = int64_t{rt.tv_sec} * 1000000 + rt.tv_nsec / 1000;
      const int64_t mono_us = int64_t{mono.tv_sec} * 1000000 + mono.tv_nsec / 1000;
      boot_realtime_us_ = rt_us - mono_us;
    }
  }
  return true;
}

void KmsgReader::deliver(const KmsgRecord& rec, LogSink& sink) {
  RecordMeta meta;
  meta.kmsg_seq = rec.seq;
  meta.monotonic_s = static_cast<double>(rec.ts_usec) / 1e6;
  meta.level = rec.level;
  meta.caller_id = rec.caller_id;
  meta.boot_id = boot_id_;
  if (boot_realtime_us_) {
    const int64_t wall_us = *boot_realtime_us_ + static_cast<int64_t>(rec.ts_usec);
    if (wall_us > 0)
      meta.wall = format_rfc3339(static_cast<uint64_t>(wall_us), local_utc_offset_s(wall_us / 1000000));
  }
  sink.record(rec.message, meta);
  ++delivered_;
  result_.used = true;
}

void KmsgReader::flush(LogSink& sink) {
  if (pending_) {
    deliver(*pending_, sink);
    pending_.reset();
  }
}

void KmsgReader::process(std::string_view raw, LogSink& sink) {
  result_.used = true;  // the ring was read, even if only non-kernel records
  auto rec = parse_kmsg_record(raw);
  if (!rec) {
    ++malformed_;
    return;
  }
  if (last_seq_ && rec->seq != *last_seq_ + 1) {
    flush(sink);
    std::string why;
    if (rec->seq > *last_seq_ + 1) {
      why = fmt::format(N_("kmsg records {}-{} were overwritten before they could be read{}"),
                        *last_seq_ + 1, rec->seq - 1, epipe_pending_ ? " (EPIPE)" : "");
    } else {
      why = fmt::format(N_("kmsg sequence went back from {} to {} (ring reset or another boot)"),
                        *last_seq_, rec->seq);
    }
    result_.notes.push_back(why);
    sink.gap(why);
  } else if (!last_seq_ && epipe_pending_) {
    const std::string why = fmt::format(
        N_("kmsg records before {} were overwritten before they could be read (EPIPE)"), rec->seq);
    result_.notes.push_back(why);
    sink.gap(why);
  }
  epipe_pending_ = false;
  last_seq_ = rec->seq;
  if (rec->facility != 0) {
    ++other_facility_;
    return;
  }
  if (rec->flag == '+' && pending_) {
    pending_->message += rec->message;
    return;
  }
  flush(sink);
  if (rec->flag == 'c') {
    pending_ = std::move(*rec);
    return;
  }
  deliver(*rec, sink);
}

uint64_t KmsgReader::read_device(LogSink& sink) {
  std::string buf(kRecordBuffer, '\0');
  for (;;) {
    const ssize_t n = ::read(fd_.get(), buf.data(), buf.size());
    if (n > 0) {
      process(std::string_view(buf.data(), static_cast<size_t>(n)), sink);
      continue;
    }
    if (n == 0) break;
    const int err = errno;
    if (err == EINTR) continue;
    if (err == EAGAIN) break;  // the ring is drained
    if (err == EPIPE) {        // overwritten: the next read resumes at the oldest record
      epipe_pending_ = true;
      continue;
    }
    result_.notes.push_back(err == EINVAL
                                ? std::string("a kmsg record did not fit the read buffer; stopped")
                                : fmt::format(N_("reading kmsg failed: {}"), strerror_en(err)));
    break;
  }
  return 0;
}

uint64_t KmsgReader::read_file(LogSink& sink) {
  // Records are lines; a line starting with a space continues the record
  // before it (dictionary). file_carry_ holds the unfinished record.
  std::string buf(256 * 1024, '\0');
  for (;;) {
    const ssize_t n = ::read(fd_.get(), buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      result_.notes.push_back(fmt::format("reading {} failed: {}", options_.path, strerror_en(errno)));
      break;
    }
    if (n == 0) break;
    std::string_view chunk(buf.data(), static_cast<size_t>(n));
    while (!chunk.empty()) {
      // At a line start in the carry? Then a non-space byte ends the record.
      const bool at_line_start = file_carry_.empty() || file_carry_.back() == '\n';
      if (at_line_start && !file_carry_.empty() && chunk.front() != ' ') {
        process(file_carry_, sink);
        file_carry_.clear();
      }
      const size_t nl = chunk.find('\n');
      const size_t take = nl == std::string_view::npos ? chunk.size() : nl + 1;
      file_carry_.append(chunk.substr(0, take));
      chunk.remove_prefix(take);
    }
  }
  if (!file_carry_.empty()) {
    process(file_carry_, sink);
    file_carry_.clear();
  }
  return 0;
}

uint64_t KmsgReader::read_available(LogSink& sink) {
  if (!fd_) return 0;
  const uint64_t before = delivered_;
  if (is_file_) {
    read_file(sink);
  } else {
    read_device(sink);
  }
  return delivered_ - before;
}

SourceResult KmsgReader::result() const {
  SourceResult out = result_;
  out.records = delivered_;
  if (other_facility_ > 0) {
    out.notes.push_back(fmt::format(
        N_("{} records of other facilities (userspace writes to /dev/kmsg) were skipped"),  // translated when shown
        other_facility_));
  }
  if (malformed_ > 0) {
    out.notes.push_back(fmt::format(N_("{} malformed kmsg records were skipped"), malformed_));
  }
  return out;
}

SourceResult read_kmsg(const KmsgOptions& options, LogSink& sink) {
  KmsgReader reader(options);
  if (!reader.open()) return reader.result();
  reader.read_available(sink);
  reader.flush(sink);
  return reader.result();
}

}  // namespace oomlens
