#pragma once
// The SIMD candidate loop of the anchor search (anchor_search.h): the pairs
// of bytes of its anchors, for util/needle_candidates.h's loop at both vector
// widths. Internal to kernel_log/anchor_search*.cpp.
//
// needles::next_block walks the bytes a vector at a time and, for each
// anchor, compares its first byte and one later byte at every position of
// the block. The lanes where both match are candidate starts;
// anchor_search.cpp verifies them (first_verified) and checks the tail byte
// by byte (scalar_find). The vectors are 32 bytes in anchor_search_avx2.cpp
// (built with -mavx2, called only when the CPU has AVX2) and 16 bytes (SSE2)
// in anchor_search.cpp. Nothing the AVX2 file compiles has external linkage
// the linker could share with the rest of the program: needle_candidates.h's
// templates are each file's own (an anonymous namespace), and the verifying
// functions are compiled once, without -mavx2, in anchor_search.cpp.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "util/needle_candidates.h"

namespace oomlens::evidence_words {
enum class Watched;  // evidence_words.h (not included: its string_views are no concern of the AVX2 file)
}

namespace oomlens::anchor_detail {

inline constexpr size_t kNone = static_cast<size_t>(-1);

/// The first candidate of `mask` (bit b = data[i + b]) that is really an
/// anchor, or kNone. anchor_search.cpp.
size_t first_verified(const char* data, const char* end, size_t i, uint32_t mask, bool rows);
/// The first anchor in [from, to), checked byte by byte, or n. anchor_search.cpp.
size_t scalar_find(const char* data, size_t from, size_t to, size_t n, bool rows);
/// find_anchor at one width, for tests that compare the widths: 32 (AVX2:
/// only when have_avx2()), 16 (SSE2), or 1 (byte by byte). x86 only.
size_t find_anchor_width(const char* data, size_t n, size_t width, bool rows = false);
bool have_avx2();
/// find_anchor_watching at one width, as find_anchor_width. x86 only.
size_t find_anchor_watching_width(const char* data, size_t n, size_t width, bool rows, std::vector<size_t>& words,
                                  evidence_words::Watched which);

/// needles::next_block on 32-byte vectors. anchor_search_avx2.cpp; x86 only,
/// call it only when the CPU has AVX2.
size_t avx2_next_candidates(const char* data, size_t i, size_t n, uint32_t* mask);
/// The same with the Tasks-table row among the anchors (find_anchor_or_row()).
size_t avx2_next_candidates_rows(const char* data, size_t i, size_t n, uint32_t* mask);
/// The same with the evidence words among them (find_anchor_watching()), without and with the row.
size_t avx2_next_candidates_watch(const char* data, size_t i, size_t n, uint32_t* mask);
size_t avx2_next_candidates_watch_rows(const char* data, size_t i, size_t n, uint32_t* mask);
/// needles::next_block of EvidencePairs alone (find_evidence_word()).
size_t avx2_next_evidence_candidates(const char* data, size_t i, size_t n, uint32_t* mask);
/// The anchors and the kill words (find_anchor_watching() with Watched::kills): kKillBuckets' nibble test on
/// three bytes; with the row, AnchorKillPairsRows.
size_t avx2_next_candidates_kills(const char* data, size_t i, size_t n, uint32_t* mask);
size_t avx2_next_candidates_kills_rows(const char* data, size_t i, size_t n, uint32_t* mask);

// Each anchor's first byte, and its second at its offset (anchor_search.cpp's
// kNeedles, which static_asserts that they agree). The anchors of one first
// byte share its test: the and is taken once, after the or of their second
// bytes (so the eighth anchor costs one compare and one or).
using needles::At;
using needles::Starting;
using AnchorPairs = needles::Set<Starting<'o', At<7, 'l'>,   // oom-kill
                                          At<8, 'y'>,        // of memory, of_memory
                                          At<6, 'm'>>,       // otal_vm (the Tasks table's header)
                                 Starting<'M', At<5, 'y'>,   // Memory
                                          At<9, 'M'>>,       // Manual OOM
                                 Starting<'p', At<6, 's'>>,  // process
                                 Starting<'T', At<6, 'n'>,   // Task in
                                          At<6, 's'>>,       // Tasks state (memory values in pages):
                                 Starting<'y', At<6, 'g'>>>; // y: usage
/// With a Tasks-table row: `[` and `]` 8 bytes on (`[   1234]`, 4.19+) or 6 (`[ 1234]`, before 4.19).
using AnchorPairsRows = needles::Set<Starting<'o', At<7, 'l'>, At<8, 'y'>, At<6, 'm'>>,
                                     Starting<'M', At<5, 'y'>, At<9, 'M'>>, Starting<'p', At<6, 's'>>,
                                     Starting<'T', At<6, 'n'>, At<6, 's'>>, Starting<'y', At<6, 'g'>>, Starting<'[', At<8, ']'>, At<6, ']'>>>;

// The evidence words (evidence_words.h): each word's first byte and its fourth (`h`…`h`; `o` and `-`, `_`, `d` or
// `"`; `O` and ` ` or `K`; `s` or `S` and `d`; `S` and `K`; `g` and `l` or `h`; `k` or `K` and `l`; `(`…`d`; `T`…`k`;
// `r`…`o`; `e`…`3`; `=` and `K` or `m`; `R`…`l`), a pair few positions of a
// log hold. A letter in
// either case is one compare (StartingEitherCase).
using needles::StartingEitherCase;
using EvidencePairs = needles::Set<Starting<'h', At<3, 'h'>>,
                                   Starting<'o', At<3, '-'>, At<3, '_'>, At<3, 'd'>, At<3, '"'>>,  // oom" (Docker)
                                   Starting<'y', At<3, 'u'>>,  // y budget (kJobRunner: the Dask nanny's memory budget)
                                   Starting<'O', At<3, ' '>, At<3, 'K'>>, StartingEitherCase<'s', At<3, 'd'>>, Starting<'S', At<3, 'K'>>, Starting<'g', At<3, 'l'>, At<3, 'h'>>,
                                   StartingEitherCase<'k', At<3, 'l'>>, Starting<'(', At<3, 'd'>>,
                                   Starting<'T', At<3, 'k'>>,  // TaskOOM (containerd)
                                   Starting<'r', At<3, 'o'>>,  // r oom (docker events' text line)
                                   Starting<'e', At<3, '3'>>,  // e 137, e=137 (an exit code 137)
                                   Starting<'=', At<3, 'K'>, At<3, 'm'>>,  // =9/KILL (systemd's status=9/KILL), =oom
                                   Starting<'R', At<3, 'l'>>>;  // Reclaim ' (Samsung's lmkd)
/// The anchors and the evidence words in one sweep at 32 lanes
/// (avx2_next_candidates_watch()): a first byte and the byte 3 on, each
/// looked up in two 16-byte tables by its nibbles (`pshufb`, Hyperscan's
/// "Teddy"), so the cost per block is two loads and the same few
/// instructions however many words there are. A bucket is a set of first
/// bytes and a set of fourth bytes; a position is a candidate when its two
/// bytes are in one bucket's sets (the nibbles' cross product: a few more
/// candidates than the bytes named, every one checked against kWatchHeads
/// below before it is verified). Every anchor's
/// (but the Tasks-table row's) and every evidence word's first and fourth
/// byte are in one bucket (anchor_search.cpp static_asserts it).
struct NibbleBucket {
  const char* first;   // the first bytes
  const char* fourth;  // the bytes 3 on
};
inline constexpr NibbleBucket kWatchBuckets[8] = {
    // Which pair goes in which bucket is chosen by the candidates its nibbles' cross product admits on the
    // no-report bench log (BENCHMARKS.md): a byte added to a bucket admits every pair of its nibbles with the
    // bucket's other bytes, so a pair goes where the pairs it admits are rare (h-left11: 454,894 candidates for the
    // 704,325 of the buckets before, with four words more; `e..3` alone, as `e` beside `h`, `l` admitted `e..c`,
    // `e..l`: `evice nu`, `eral pro`).
    {"Kghko", "hl"},      // killing process, Killed /, Kill ', Killing ', killed due to, killed by signal:, killed: …
                          // (`k`/`K` and `l`); gnal 9; high; Moab's `ge hard limit` (g..h); otal_vm (o..l)
    {"pr", "co"},         // process; `docker events`' `container oom` (r oom: r..o); Torque's `resource limit`
    {"(Ss", "d"},         // sending SIG, Sending SIG, Send SIG; a supervisor's (pid: and DataLoader's (pid(s)
    {"=MO", " Kmo"},      // Memory (M..o); OOM killer, OOM encountered, OLD due to memory (O.. ), OOMKilled (O..K);
                          // systemd's =9/KILL (=..K); a `docker events` format's `=oom` (=..m)
    {"My", "u"},          // Manual OOM (M..u); y: usage, y budget (y..u)
    {"e", "3"},           // an exit code 137 (e 137, e=137)
    {"RST", "Kkl"},       // SIGKILL: 9, SIGKILL(-9) (S..K); Task in, Tasks state, TaskOOM (T..k); Samsung's lmkd
                          // `Reclaim '` (R..l)
    {"o", "\"-_dm"},      // oom-kill, oom_kill event, oomd killed, oom-prevention, oom-killed process, of memory,
                          // of_memory; Docker's `oom"`
};
/// The first eight bytes of every anchor of the 32-lane sweeps and of every evidence word, one table per offset:
/// bit k of `at[j][b]` is set when pattern k (kWords, then the anchors, `of_memory` among them) has byte b at offset
/// j, or is shorter than j + 1 bytes (any byte). avx2_next_candidates_watch() and avx2_next_candidates_kills() keep a
/// candidate of the nibble test only when the entries of its first four bytes share a bit, and then those of its
/// next four (where the input holds them): the eight bytes one anchor's or one word's (anchor_search.cpp's
/// anchor_at() and evidence_word_at() compare at least those), so no anchor or word is lost, and the nibble test's
/// near misses (`or devic`, `sock_TCP`, `OUT (ino`, `killed its`, `Sending cookies`, `high-speed` of a kernel log,
/// `or="…` of an audit line) cost a few lookups each instead of a return from the sweep and a call of both
/// verifiers. anchor_search.cpp defines it (data: no code the AVX2 file could share).
struct HeadFilter {
  uint64_t at[8][256];
};
extern const HeadFilter kWatchHeads;

/// One 16-byte nibble table: bit b of entry v is set when bucket b has a byte
/// whose low (`high` false) or high nibble is v.
struct NibbleTable {
  unsigned char bits[16];
};
consteval NibbleTable nibble_table(bool fourth, bool high) {
  NibbleTable t{};
  for (int b = 0; b < 8; ++b)
    for (const char* c = fourth ? kWatchBuckets[b].fourth : kWatchBuckets[b].first; *c; ++c) {
      const unsigned v = static_cast<unsigned char>(*c);
      t.bits[high ? v >> 4 : v & 15] = static_cast<unsigned char>(t.bits[high ? v >> 4 : v & 15] | (1u << b));
    }
  return t;
}
/// Whether the nibble tables make a candidate of `first` and, 3 on, `fourth`.
consteval bool nibbles_match(char first, char fourth) {
  const unsigned f = static_cast<unsigned char>(first), l = static_cast<unsigned char>(fourth);
  return (nibble_table(false, false).bits[f & 15] & nibble_table(false, true).bits[f >> 4] &
          nibble_table(true, false).bits[l & 15] & nibble_table(true, true).bits[l >> 4]) != 0;
}

/// The anchors and the kill words at 32 lanes (avx2_next_candidates_kills(): the sweep after an input's first
/// report, Watched::kills), kWatchBuckets' nibble test on three bytes: the first, the fourth and the sixth (5 on), so
/// that a log's other words are seldom candidates (the first and fourth byte alone made the sweep after the first
/// report half as slow again on the bench log: `profile`, `or devic`, `killed its`, `Sending cookies`). Every
/// anchor but the Tasks-table row and every kill word is at least six bytes; anchor_search.cpp static_asserts that
/// each one's three bytes are in one bucket.
struct NibbleBucket3 {
  const char* first;
  const char* fourth;
  const char* sixth;
};
inline constexpr NibbleBucket3 kKillBuckets[8] = {
    {"o", "-mld", "imvk"},  // oom-kill (and systemd's oom-kill'), of memory/of_memory, otal_vm, oomd killed
    {"sS", "d", "nS"},      // sending SIG, Sending SIG, Send SIG
    {"kK", "l", "n'd"},     // killing process, Killing ', Kill ', Killed /
    {"p", "c", "s"},        // process
    {"M", "ou", "yl"},      // Memory, Manual OOM
    {"T", "k", "i "},       // Task in, Tasks state
    {"y", "u", "a"},        // y: usage
    {"=", "K", "L"},        // =9/KILL (systemd's status=9/KILL)
};
/// kKillBuckets' table of the byte at `which` (0 the first, 1 the fourth, 2 the sixth), low or high nibbles.
consteval NibbleTable kill_nibble_table(int which, bool high) {
  NibbleTable t{};
  for (int b = 0; b < 8; ++b)
    for (const char* c = which == 0 ? kKillBuckets[b].first : which == 1 ? kKillBuckets[b].fourth : kKillBuckets[b].sixth;
         *c; ++c) {
      const unsigned v = static_cast<unsigned char>(*c);
      t.bits[high ? v >> 4 : v & 15] = static_cast<unsigned char>(t.bits[high ? v >> 4 : v & 15] | (1u << b));
    }
  return t;
}
/// Whether kKillBuckets' tables make a candidate of `first`, `fourth` 3 on and `sixth` 5 on.
consteval bool kill_nibbles_match(char first, char fourth, char sixth) {
  unsigned bits = 0xff;
  int which = 0;
  for (const char c : {first, fourth, sixth}) {
    const unsigned v = static_cast<unsigned char>(c);
    bits &= kill_nibble_table(which, false).bits[v & 15] & kill_nibble_table(which, true).bits[v >> 4];
    ++which;
  }
  return bits != 0;
}

/// The anchors and the evidence words in one sweep (find_anchor_watching(): an input read for both, one pass):
/// the `o` of both one group; anchor_search.cpp static_asserts that it holds every pair of both sets.
using AnchorWatchPairs =
    needles::Set<Starting<'o', At<7, 'l'>, At<8, 'y'>, At<6, 'm'>, At<3, '-'>, At<3, '_'>, At<3, 'd'>, At<3, '"'>>,
                 Starting<'y', At<3, 'u'>>,  // y budget (evidence_words.h kJobRunner: the Dask nanny's memory budget)
                 Starting<'M', At<5, 'y'>, At<9, 'M'>>, Starting<'p', At<6, 's'>>, Starting<'T', At<6, 'n'>, At<6, 's'>, At<3, 'k'>>,
                 Starting<'y', At<6, 'g'>>, Starting<'h', At<3, 'h'>>, Starting<'O', At<3, ' '>, At<3, 'K'>>,
                 StartingEitherCase<'s', At<3, 'd'>>, Starting<'S', At<3, 'K'>>, Starting<'g', At<3, 'l'>, At<3, 'h'>>, StartingEitherCase<'k', At<3, 'l'>>, Starting<'(', At<3, 'd'>>,
                 Starting<'r', At<3, 'o'>>, Starting<'e', At<3, '3'>>, Starting<'=', At<3, 'K'>, At<3, 'm'>>, Starting<'R', At<3, 'l'>>>;
using AnchorWatchPairsRows =
    needles::Set<Starting<'o', At<7, 'l'>, At<8, 'y'>, At<6, 'm'>, At<3, '-'>, At<3, '_'>, At<3, 'd'>, At<3, '"'>>,
                 Starting<'y', At<3, 'u'>>,  // y budget (evidence_words.h kJobRunner: the Dask nanny's memory budget)
                 Starting<'M', At<5, 'y'>, At<9, 'M'>>, Starting<'p', At<6, 's'>>, Starting<'T', At<6, 'n'>, At<6, 's'>, At<3, 'k'>>,
                 Starting<'y', At<6, 'g'>>, Starting<'h', At<3, 'h'>>, Starting<'O', At<3, ' '>, At<3, 'K'>>,
                 StartingEitherCase<'s', At<3, 'd'>>, Starting<'S', At<3, 'K'>>, Starting<'g', At<3, 'l'>, At<3, 'h'>>, StartingEitherCase<'k', At<3, 'l'>>, Starting<'(', At<3, 'd'>>,
                 Starting<'r', At<3, 'o'>>, Starting<'e', At<3, '3'>>, Starting<'=', At<3, 'K'>, At<3, 'm'>>, Starting<'R', At<3, 'l'>>,
                 Starting<'[', At<8, ']'>, At<6, ']'>>>;

/// The anchors and the kill words (evidence_words.h kWords with a `kill_pair`) in one sweep at 16 lanes (SSE2), and
/// at 32 with the Tasks-table row: the sweep after an input's first report (find_anchor_watching() with
/// Watched::kills; at 32 lanes without the row, kKillBuckets). Each kill word's pair is its first byte and the byte at its `kill_pair` (`sending S`, `killing p`,
/// `Killed /`, `oomd k`, `Kill '`, `Killing '`, `Send S`, `=9/KIL`), pairs few log lines hold, at offsets the
/// anchors' pairs load already (5 to 9); systemd's `oom-kill'` is the anchor `oom-kill`'s pair. anchor_search.cpp static_asserts
/// that it holds every pair of AnchorPairs and of the kill words.
using AnchorKillPairs =
    needles::Set<Starting<'o', At<7, 'l'>, At<8, 'y'>, At<6, 'm'>, At<5, 'k'>>, Starting<'M', At<5, 'y'>, At<9, 'M'>>,
                 Starting<'p', At<6, 's'>>, Starting<'T', At<6, 'n'>, At<6, 's'>>, Starting<'y', At<6, 'g'>>,
                 StartingEitherCase<'s', At<8, 'S'>, At<5, 'S'>>,
                 StartingEitherCase<'k', At<8, 'p'>, At<7, '/'>, At<5, '\''>, At<8, '\''>>,
                 Starting<'=', At<5, 'L'>>>;
using AnchorKillPairsRows =
    needles::Set<Starting<'o', At<7, 'l'>, At<8, 'y'>, At<6, 'm'>, At<5, 'k'>>, Starting<'M', At<5, 'y'>, At<9, 'M'>>,
                 Starting<'p', At<6, 's'>>, Starting<'T', At<6, 'n'>, At<6, 's'>>, Starting<'y', At<6, 'g'>>,
                 StartingEitherCase<'s', At<8, 'S'>, At<5, 'S'>>,
                 StartingEitherCase<'k', At<8, 'p'>, At<7, '/'>, At<5, '\''>, At<8, '\''>>,
                 Starting<'=', At<5, 'L'>>, Starting<'[', At<8, ']'>, At<6, ']'>>>;

}  // namespace oomlens::anchor_detail
