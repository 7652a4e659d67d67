#include "supervise/say.h"

#include <unistd.h>

#include "util/sanitize.h"

namespace oomlens::supervise {

void say(const std::string& s) {
  std::string line = "oomlens: " + printable(s) + "\n";
  ssize_t n = ::write(2, line.data(), line.size());
  (void)n;
}

}  // namespace oomlens::supervise
