// libFuzzer entry for the log readers below the parser: the line-prefix
// normaliser (kernel_log/prefix.h) on every line, and the compressed-file
// reader (logsource/file_reader.h: gzip members, xz, zstd, truncation and
// corruption) on the input as a file (memfd). The first byte picks the
// format's magic to put in front, so every decoder sees arbitrary bodies.
// Output is counted, never kept: a decompression bomb costs time, not memory.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "kernel_log/prefix.h"
#include "logsource/file_reader.h"

namespace {

class CountingSink final : public oomlens::LogSink {
 public:
  void text(std::string_view chunk) override { bytes += chunk.size(); }
  void record(std::string_view message, const oomlens::RecordMeta&) override { bytes += message.size(); }
  void gap(std::string_view) override {}
  void end() override {}
  size_t bytes = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  oomlens::NormalizedLine line;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    oomlens::normalize_line(text.substr(start, end - start), line, 2026);
    start = end + 1;
  }

  static const std::string_view kMagic[] = {{"", 0}, {"\x1f\x8b", 2}, {"\xfd\x37\x7a\x58\x5a\x00", 6},
                                            {"\x28\xb5\x2f\xfd", 4}};
  std::string file(size ? kMagic[data[0] % 4] : std::string_view());
  file.append(text.substr(size ? 1 : 0));
  int fd = ::memfd_create("fuzz-readers", MFD_CLOEXEC);
  if (fd < 0) return 0;
  if (::write(fd, file.data(), file.size()) == static_cast<ssize_t>(file.size()) && ::lseek(fd, 0, SEEK_SET) == 0) {
    CountingSink sink;
    oomlens::FileReadOptions options;
    options.chunk_bytes = 4096;  // many chunk boundaries in a small input
    (void)oomlens::read_log_fd(fd, "fuzz", sink, options);
  }
  ::close(fd);
  return 0;
}
