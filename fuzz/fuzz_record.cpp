// libFuzzer entry for the record reader (monitor/record.h): parse_record on
// the whole input, and read_record on the same bytes through a file
// (memfd), which streams it in chunks with the line, depth and note bounds.
// Neither may crash; both must agree on how many samples they kept.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "monitor/record.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto whole = oomlens::monitor::parse_record(text);
  (void)oomlens::monitor::json_depth(text);

  int fd = ::memfd_create("fuzz-record", MFD_CLOEXEC);
  if (fd < 0) return 0;
  if (::write(fd, data, size) != static_cast<ssize_t>(size)) {
    ::close(fd);
    return 0;
  }
  auto streamed = oomlens::monitor::read_record("/proc/self/fd/" + std::to_string(fd));
  ::close(fd);
  if (!streamed) std::abort();  // a readable file is always a record or notes, never an error
  if (streamed->samples.size() != whole.samples.size()) std::abort();
  return 0;
}
