#pragma once
// Returning start-up-only pages of a long-running process to the page cache.
//
// At start a process touches code and read-only data it will not use again:
// the dynamic loader reads every library's symbol and relocation tables,
// library constructors run (the daemon's HTTP library loads GnuTLS), and the command line
// parser builds every subcommand. Those pages stay in the resident set
// (VmRSS, RssFile) although they are clean copies of files.
//
// drop_clean_file_pages() reads /proc/self/smaps and calls
// madvise(MADV_DONTNEED) on each private, read-only (no 'w'), file-backed
// mapping that holds no anonymous (copied-on-write) page: for such a mapping
// the kernel just drops our page-table entries; the pages stay in the page
// cache and fault back in (minor faults) the next time they are used. Never
// touches writable mappings, anonymous memory, or read-only mappings with
// relocated (COW) pages such as RELRO, whose contents differ from the file.
#include <cstdint>
#include <string>

namespace oomlens {

struct DropResult {
  uint64_t mappings = 0;      ///< mappings advised
  uint64_t rss_before_kb = 0; ///< Rss summed over those mappings before (kB, from smaps)
  bool ok = false;            ///< /proc/self/smaps could be read
};

/// See the file comment. `smaps_path` is for tests (default /proc/self/smaps;
/// a fixture only exercises the parser: addresses not ours are skipped by the
/// caller's `apply = false`).
DropResult drop_clean_file_pages(const std::string& smaps_path = "/proc/self/smaps", bool apply = true);

}  // namespace oomlens
