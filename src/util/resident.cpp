// Dropping clean start-up pages (see resident.h).
#include "util/resident.h"

#include <sys/mman.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace oomlens {
namespace {

struct Mapping {
  uintptr_t start = 0, end = 0;
  std::string perms;
  std::string path;
  uint64_t rss_kb = 0, anon_kb = 0;
  bool seen_anon = false;
};

bool eligible(const Mapping& m) {
  // Private ("p"), no write permission, backed by a file (absolute path; not
  // "[vdso]" or "/memfd:…" style names), every page a clean file page.
  return m.perms.size() == 4 && m.perms[1] != 'w' && m.perms[3] == 'p' && !m.path.empty() &&
         m.path[0] == '/' && m.path.find(" (deleted)") == std::string::npos && m.seen_anon && m.anon_kb == 0 &&
         m.rss_kb > 0 && m.end > m.start;
}

uint64_t field_kb(const std::string& line) {
  // "Rss:                 132 kB"
  size_t p = line.find_first_of("0123456789");
  return p == std::string::npos ? 0 : std::strtoull(line.c_str() + p, nullptr, 10);
}

}  // namespace

DropResult drop_clean_file_pages(const std::string& smaps_path, bool apply) {
  DropResult r;
  std::ifstream in(smaps_path);
  if (!in) return r;
  std::vector<Mapping> maps;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    // A mapping header starts with "START-END "; field lines with "Name:".
    size_t dash = line.find('-');
    size_t space = line.find(' ');
    bool header = dash != std::string::npos && space != std::string::npos && dash < space &&
                  line.find(':') > space;
    if (header) {
      Mapping m;
      m.start = std::strtoull(line.c_str(), nullptr, 16);
      m.end = std::strtoull(line.c_str() + dash + 1, nullptr, 16);
      // perms offset dev inode path
      size_t p = space + 1;
      size_t q = line.find(' ', p);
      m.perms = line.substr(p, q == std::string::npos ? std::string::npos : q - p);
      for (int skip = 0; skip < 3 && q != std::string::npos; ++skip) q = line.find(' ', q + 1);
      if (q != std::string::npos) {
        size_t s = line.find_first_not_of(' ', q);
        if (s != std::string::npos) m.path = line.substr(s);
      }
      maps.push_back(std::move(m));
    } else if (!maps.empty()) {
      if (line.rfind("Rss:", 0) == 0) maps.back().rss_kb = field_kb(line);
      else if (line.rfind("Anonymous:", 0) == 0) {
        maps.back().anon_kb = field_kb(line);
        maps.back().seen_anon = true;
      }
    }
  }
  r.ok = true;
  for (const Mapping& m : maps) {
    if (!eligible(m)) continue;
    if (apply && ::madvise(reinterpret_cast<void*>(m.start), m.end - m.start, MADV_DONTNEED) != 0) continue;
    ++r.mappings;
    r.rss_before_kb += m.rss_kb;
  }
  return r;
}

}  // namespace oomlens
