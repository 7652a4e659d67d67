#include "supervise/say.h"

#include <unistd.h>

#include <cerrno>

#include "util/sanitize.h"

namespace oomlens::supervise {

void say(const std::string& s) {
  std::string line = "oomlens: " + printable(s) + "\n";
  ssize_t n = ::write(2, line.data(), line.size());
  (void)n;
}

void write_all(int fd, const char* p, size_t n) {
  while (n > 0) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return;  // our stderr is gone: keep supervising, the record still has everything
    p += w;
    n -= static_cast<size_t>(w);
  }
}

}  // namespace oomlens::supervise
