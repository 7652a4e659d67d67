#pragma once
// The per-process allocation-site table that liboomlens-sites.so (the
// preload, src/sites/preload/) keeps in a MAP_SHARED file of the run's
// sites directory, `sites.<pid>`, and that oomlens decodes after the job
// ended however it ended (sites/reader.h). Plain layout, no pointers, so a
// SIGKILL loses at most the sample being recorded:
//
//   [Header: kHeaderBytes][StackMeta x kMaxStacks][int64 live x kMaxStacks]
//   [int64 peak[2] x kMaxStacks][strings: kStringBytes]
//
// * Sizes are bytes: a sample stands for the mean sampling interval's bytes
//   (or the allocation's own size when it is at least kExactBytes).
// * live[i]: sampled bytes allocated at stack i and not freed yet.
// * peak[peak_active][0..peak_nstacks[peak_active]): live[] as it stood when
//   the process's live total was highest (peak_bytes[peak_active]). The
//   copy goes into the inactive half and the index flips after it, so a
//   kill during a copy leaves the previous peak whole.
// * Stack 0 is "[other stacks]": samples whose stack did not fit.
// * Strings are NUL-terminated, at offsets into the string area (0: none).
//
// Included by the preload (no allocation, no standard library beyond
// <cstdint>) and by the reader.
#include <cstdint>

namespace oomlens::sites {

inline constexpr uint32_t kMagic = 0x5449534fu;  // "OSIT" little-endian
inline constexpr uint32_t kVersion = 1;
inline constexpr uint32_t kMaxFrames = 48;
inline constexpr uint32_t kMaxStacks = 1024;
inline constexpr uint32_t kHeaderBytes = 4096;
inline constexpr uint32_t kStringBytes = 256 * 1024;
inline constexpr uint64_t kDefaultIntervalBytes = 512 * 1024;
/// Allocations of at least this many bytes are always recorded, at their size.
inline constexpr uint64_t kExactBytes = 8ull << 20;

/// One frame, innermost first. Python: function and file set, line >= 1,
/// object 0. Native: object (the ELF file's path) set, addr the return
/// address as a file offset of that object's link addresses (so
/// symbolising needs no load address), function 0 (the preload looks up no
/// symbol names: addr2line does, after the run), file 0 and line -1.
struct Frame {
  uint32_t function;
  uint32_t file;
  uint32_t object;
  int32_t line;
  uint64_t addr;
};
static_assert(sizeof(Frame) == 24);

struct StackMeta {
  uint64_t hash;
  uint32_t nframes;
  uint32_t flags;  ///< kStackPython when any frame is a Python frame
  Frame frames[kMaxFrames];
};
inline constexpr uint32_t kStackPython = 1;

/// Header flags.
inline constexpr uint32_t kFlagPythonStacks = 1;      ///< Python frames are walked (CPython with the API found)
inline constexpr uint32_t kFlagPythonUnsupported = 2;  ///< libpython present but its version is not supported: native only
inline constexpr uint32_t kFlagStacksFull = 4;         ///< the stack table filled: later stacks went to stack 0
inline constexpr uint32_t kFlagPointersFull = 8;       ///< the sampled-pointer table filled: samples were dropped

/// The sizes a table was made with: the preload writes this build's
/// (kLayout), the reader decodes only a table whose layout equals its own.
struct Layout {
  uint32_t version;
  uint32_t header_bytes, max_stacks, max_frames, string_bytes;
  bool operator==(const Layout&) const = default;
};
inline constexpr Layout kLayout{kVersion, kHeaderBytes, kMaxStacks, kMaxFrames, kStringBytes};

struct Header {
  uint32_t magic;
  Layout layout;
  int32_t pid, ppid;
  uint64_t interval_bytes;
  uint32_t flags;
  uint32_t nstacks;  ///< stacks in use (release-stored after the stack is written)
  uint32_t strings_used;
  uint32_t peak_active;  ///< 0 or 1
  uint32_t peak_nstacks[2];
  int64_t peak_bytes[2];
  int64_t live_bytes;  ///< sum of live[]
  uint64_t samples, dropped;
  uint64_t start_ns;  ///< CLOCK_MONOTONIC when the table was made
  char python_version[32];  ///< Py_GetVersion()'s first word, or empty
  char exe[512];            ///< /proc/self/exe at start (truncated)
};
static_assert(sizeof(Header) <= kHeaderBytes);

inline constexpr uint64_t kStacksOffset = kHeaderBytes;
inline constexpr uint64_t kLiveOffset = kStacksOffset + uint64_t{sizeof(StackMeta)} * kMaxStacks;
inline constexpr uint64_t kPeakOffset = kLiveOffset + 8ull * kMaxStacks;
inline constexpr uint64_t kStringsOffset = kPeakOffset + 16ull * kMaxStacks;
inline constexpr uint64_t kFileBytes = kStringsOffset + kStringBytes;

/// The environment variable naming the directory the preload writes into.
inline constexpr const char* kDirEnv = "OOMLENS_SITES_DIR";
/// Optional: the mean sampling interval in bytes (tests).
inline constexpr const char* kIntervalEnv = "OOMLENS_SITES_INTERVAL";
/// The preload's own path (set by run): what the exec hooks add back to the
/// LD_PRELOAD of a child whose environment dropped it (preload/exec.cpp).
inline constexpr const char* kLibEnv = "OOMLENS_SITES_LIB";

}  // namespace oomlens::sites
