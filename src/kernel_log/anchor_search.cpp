// Anchor search (see anchor_search.h).
#include "kernel_log/anchor_search.h"

#include "kernel_log/anchor_simd.h"
#include "kernel_log/evidence_words.h"

#include <bit>
#include <cstring>
#include <string_view>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#define OOMLENS_X86 1
#endif

namespace oomlens {
namespace {

// SIMD needles: the anchor text, the offset of the second compared byte.
struct Needle {
  std::string_view text;
  size_t last;  // offset of the second byte compared by SIMD
};
constexpr Needle kNeedles[] = {
    {"oom-kill", 7}, {"process", 6}, {"of memory", 8}, {"Memory", 5}, {"Manual OOM", 9}, {"Task in ", 6},
    {"y: usage ", 6}, {"otal_vm", 6}, {"[", 8},  // a Tasks-table row: `[   1234]     0  1234 …` (and `[ 1234]`)
    // dump_tasks()'s first line (4.19+), printed in an OOM report alone: a paste cut right after it still shows one.
    {"Tasks state (memory values in pages):", 6},
};

bool digit(char c) { return c >= '0' && c <= '9'; }

// `[`, a pid right-aligned in 7 columns (4.19+: `[%7d]`) or in 5 (before 4.19: `[%5d]`), `]`, spaces and the
// uid (a number, `-` when negative): the start of a row of dump_tasks(). A syslog tag (`journald[1234567]:`) or a
// stamp (`[  962.892220]`) is not one.
bool table_row_at(const char* p, const char* end) {
  for (const size_t width : {size_t{7}, size_t{5}}) {
    const size_t close = width + 1;  // the `]`
    if (static_cast<size_t>(end - p) < close + 3 || p[close] != ']' || p[close + 1] != ' ') continue;
    size_t i = 1;
    while (i < close && p[i] == ' ') ++i;
    if (i == close) continue;
    bool digits = true;
    for (; i < close; ++i) digits = digits && digit(p[i]);
    if (!digits) continue;
    const char* q = p + close + 1;
    while (q < end && *q == ' ') ++q;
    if (q < end && (digit(*q) || *q == '-')) return true;
  }
  return false;
}

// Full check of a candidate at `p` for needle `k` (bounds: p + text.size() <= end).
bool verify(const char* begin, const char* p, const char* end, size_t k) {
  std::string_view t = kNeedles[k].text;
  if (static_cast<size_t>(end - p) < t.size()) return false;
  if (p[kNeedles[k].last] != t[kNeedles[k].last]) return false;  // the SIMD pair: most candidates end here
  if (k == 2) {  // "of memory", or "of_memory" after "out_": a call-trace frame (out_of_memory+0x…)
    if (p[1] != 'f' || std::memcmp(p + 3, "memory", 6) != 0) return false;
    if (p[2] == ' ') return true;
    std::string_view before(begin, static_cast<size_t>(p - begin));
    return p[2] == '_' && before.size() >= 4 && before.substr(before.size() - 4) == "out_";
  }
  if (std::memcmp(p, t.data(), t.size()) != 0) return false;
  switch (k) {
    case 1: {  // "process" must follow "Killed "/"reaped "/"Kill "/"kill "/"VM: killing " (Linux 2.4)
      std::string_view before(begin, static_cast<size_t>(p - begin));
      auto ends = [&](std::string_view w) { return before.size() >= w.size() && before.substr(before.size() - w.size()) == w; };
      return ends("Killed ") || ends("reaped ") || ends("Kill ") || ends("kill ") || ends("VM: killing ");
    }
    case 3: {  // "Memory cgroup" / "Memory limit"
      std::string_view rest(p + 6, static_cast<size_t>(end - p - 6));
      return rest.substr(0, 7) == " cgroup" || rest.substr(0, 6) == " limit";
    }
    case 6: {  // "y: usage " must end "memory" (`memory: usage …kB, limit …kB, failcnt …`)
      std::string_view before(begin, static_cast<size_t>(p - begin));
      return before.size() >= 5 && before.substr(before.size() - 5) == "memor";
    }
    case 7: {  // "otal_vm" of the Tasks table's header: `…  uid  tgid total_vm …` (mm/oom_kill.c dump_tasks())
      std::string_view before(begin, static_cast<size_t>(p - begin));
      if (before.empty() || before.back() != 't') return false;
      before.remove_suffix(1);
      const size_t word = before.find_last_not_of(' ');
      return word != std::string_view::npos && word + 1 < before.size() && before.substr(0, word + 1).ends_with("tgid");
    }
    default:
      return true;
  }
}

// The SIMD pairs (anchor_simd.h) are the needles' first byte and the byte at `last`.
constexpr bool pairs_agree() {
  using anchor_detail::AnchorPairs, anchor_detail::AnchorPairsRows;
  for (const Needle& k : kNeedles) {
    if (k.text == "[") continue;  // the row's pairs, `[` and `]` 8 or 6 bytes on, are AnchorPairsRows' alone
    const char c = k.text[k.last];
    if (!AnchorPairs::has(k.text[0], k.last, c) || !AnchorPairsRows::has(k.text[0], k.last, c)) return false;
  }
  return AnchorPairsRows::has('[', 8, ']') && AnchorPairsRows::has('[', 6, ']') && !AnchorPairs::has('[', 8, ']') &&
         !AnchorPairs::has('[', 6, ']');
}
static_assert(pairs_agree(), "anchor_simd.h's pairs are kNeedles' first and `last` bytes");

static_assert(std::size(kNeedles) == 10 && kNeedles[8].text[0] == '[' && kNeedles[9].text[0] == 'T' && kNeedles[0].text[0] == 'o' && kNeedles[2].text[0] == 'o' &&
                  kNeedles[7].text[0] == 'o' && kNeedles[1].text[0] == 'p' && kNeedles[3].text[0] == 'M' &&
                  kNeedles[4].text[0] == 'M' && kNeedles[5].text[0] == 'T' && kNeedles[6].text[0] == 'y',
              "anchor_at() lists the needles of each first byte");

// Whether an anchor starts at `p`: only the needles of its first byte are
// checked (a switch, not a loop over every needle: most candidates fail).
bool anchor_at(const char* begin, const char* p, const char* end, bool rows) {
  switch (*p) {
    case 'o': return verify(begin, p, end, 0) || verify(begin, p, end, 2) || verify(begin, p, end, 7);
    case 'p': return verify(begin, p, end, 1);
    case 'M': return verify(begin, p, end, 3) || verify(begin, p, end, 4);
    case 'T': return verify(begin, p, end, 5) || verify(begin, p, end, 9);
    case 'y': return verify(begin, p, end, 6);
    case '[': return rows && table_row_at(p, end);  // its SIMD pairs: `[` and `]` 8 or 6 bytes on
    default: return false;
  }
}

// The evidence words (evidence_words.h kWords), indexed by first byte: a candidate is compared only with the words
// of its first byte (most candidates are none: `kill…`, `Send…` of the kernel's own lines).
using evidence_words::kWords;
// A set of words: bit k = kWords[k].
using WordMask = uint64_t;
static_assert(std::size(kWords) <= 64, "a word is one bit of a WordMask");
// words[b]: bit k set when kWords[k] starts with byte b (and, for the kills' index, has a kill_pair).
struct FirstByteIndex {
  WordMask words[256];
};
consteval FirstByteIndex first_byte_index(bool kills) {
  FirstByteIndex x{};
  for (size_t k = 0; k < std::size(kWords); ++k)
    if (!kills || kWords[k].kill_pair != 0)
      x.words[static_cast<unsigned char>(kWords[k].text[0])] |= WordMask{1} << k;
  return x;
}
constexpr FirstByteIndex kEveryWord = first_byte_index(false), kKillWords = first_byte_index(true);
// The words by their second and fourth byte (bit k = kWords[k]), and each word's first and last four bytes as a
// native-endian uint32_t (what std::memcpy from the text gives).
struct WordsBy {
  WordMask second[256];
  WordMask fourth[256];
  uint32_t head[std::size(kWords)];
  uint32_t tail[std::size(kWords)];
};
consteval uint32_t native_u32(std::string_view four) {
  uint32_t h = 0;
  for (size_t b = 0; b < 4; ++b) {
    const uint32_t byte = static_cast<unsigned char>(four[b]);
    h |= std::endian::native == std::endian::little ? byte << (8 * b) : byte << (8 * (3 - b));
  }
  return h;
}
consteval WordsBy words_by() {
  WordsBy x{};
  for (size_t k = 0; k < std::size(kWords); ++k) {
    const std::string_view t = kWords[k].text;
    x.second[static_cast<unsigned char>(t[1])] |= WordMask{1} << k;
    x.fourth[static_cast<unsigned char>(t[3])] |= WordMask{1} << k;
    x.head[k] = native_u32(t.substr(0, 4));
    x.tail[k] = native_u32(t.substr(t.size() - 4));
  }
  return x;
}
constexpr WordsBy kWordsBy = words_by();
static_assert([] {
  for (const evidence_words::Word& w : kWords)
    if (w.text.size() < 4) return false;
  return true;
}(), "evidence_word_at() compares each word's first four bytes at once");
const FirstByteIndex& index_of(evidence_words::Watched w) {
  return w == evidence_words::Watched::kills ? kKillWords : kEveryWord;
}

constexpr bool evidence_pairs_agree() {
  using anchor_detail::AnchorWatchPairs, anchor_detail::AnchorWatchPairsRows, anchor_detail::EvidencePairs;
  for (const evidence_words::Word& w : kWords) {
    const std::string_view t = w.text;
    if (t.size() < 4 || !EvidencePairs::has(t[0], 3, t[3]) || !AnchorWatchPairs::has(t[0], 3, t[3]) ||
        !AnchorWatchPairsRows::has(t[0], 3, t[3]))
      return false;
  }
  for (const Needle& k : kNeedles) {
    if (k.text == "[") continue;
    if (!AnchorWatchPairs::has(k.text[0], k.last, k.text[k.last]) ||
        !AnchorWatchPairsRows::has(k.text[0], k.last, k.text[k.last]))
      return false;
  }
  return AnchorWatchPairsRows::has('[', 8, ']') && AnchorWatchPairsRows::has('[', 6, ']') &&
         !AnchorWatchPairs::has('[', 8, ']') && !AnchorWatchPairs::has('[', 6, ']');
}
// The sweep after the first report (AnchorKillPairs): every anchor's pair and every kill word's first byte and
// the byte at its kill_pair.
constexpr bool kill_pairs_agree() {
  using anchor_detail::AnchorKillPairs, anchor_detail::AnchorKillPairsRows;
  for (const evidence_words::Word& w : kWords) {
    if (w.kill_pair == 0) continue;
    const std::string_view t = w.text;
    if (w.kill_pair >= t.size() || !AnchorKillPairs::has(t[0], w.kill_pair, t[w.kill_pair]) ||
        !AnchorKillPairsRows::has(t[0], w.kill_pair, t[w.kill_pair]))
      return false;
  }
  for (const Needle& k : kNeedles) {
    if (k.text == "[") continue;
    if (!AnchorKillPairs::has(k.text[0], k.last, k.text[k.last]) ||
        !AnchorKillPairsRows::has(k.text[0], k.last, k.text[k.last]))
      return false;
  }
  return AnchorKillPairsRows::has('[', 8, ']') && AnchorKillPairsRows::has('[', 6, ']') &&
         !AnchorKillPairs::has('[', 8, ']') && !AnchorKillPairs::has('[', 6, ']');
}
// The nibble buckets of the 32-lane sweep (anchor_simd.h kWatchBuckets) hold every anchor's and every word's
// first and fourth byte.
consteval bool buckets_agree() {
  for (const evidence_words::Word& w : kWords)
    if (!anchor_detail::nibbles_match(w.text[0], w.text[3])) return false;
  for (const Needle& k : kNeedles)
    if (k.text != "[" && !anchor_detail::nibbles_match(k.text[0], k.text[3])) return false;
  return anchor_detail::nibbles_match('o', '_') && anchor_detail::nibbles_match('T', 'k');  // of_memory, Tasks state
}
static_assert(buckets_agree(), "kWatchBuckets holds each anchor's and each evidence word's first and fourth byte");
// kKillBuckets (the 32-lane sweep after the first report) hold every anchor's and every kill word's first, fourth
// and sixth byte.
consteval bool kill_buckets_agree() {
  using anchor_detail::kill_nibbles_match;
  for (const evidence_words::Word& w : kWords)
    if (w.kill_pair != 0 && (w.text.size() < 6 || !kill_nibbles_match(w.text[0], w.text[3], w.text[5]))) return false;
  for (const Needle& k : kNeedles)
    if (k.text != "[" && (k.text.size() < 6 || !kill_nibbles_match(k.text[0], k.text[3], k.text[5]))) return false;
  return kill_nibbles_match('o', 'm', 'm');  // of_memory
}
static_assert(kill_buckets_agree(), "kKillBuckets holds each anchor's and each kill word's first, fourth and sixth byte");
static_assert(evidence_pairs_agree(),
              "anchor_simd.h's EvidencePairs are the evidence words' first and fourth bytes, and the watch sets hold "
              "the pairs of the anchors and of the words");
static_assert(kill_pairs_agree(),
              "anchor_simd.h's AnchorKillPairs hold the anchors' pairs and each kill word's first byte and the byte "
              "at its kill_pair");

// Whether an evidence word of `index` starts at `p`: only the words of its first byte are compared, their fourth
// byte first (most candidates of the sweep are an anchor's first byte, or a word's pair in other text).
bool evidence_word_at(const char* p, const char* end, const FirstByteIndex& index) {
  const size_t room = static_cast<size_t>(end - p);
  if (room < 4) return false;
  // The words whose first, second and fourth byte are p's: most candidates share a word's first and fourth byte
  // (the SIMD pair) and nothing more, and no two words share all three here, so this is almost always one word or
  // none. Its first four bytes, then its last four, are compared as integers before the rest (a memcmp of a
  // run-time length is a call).
  WordMask m = index.words[static_cast<unsigned char>(p[0])] & kWordsBy.second[static_cast<unsigned char>(p[1])] &
               kWordsBy.fourth[static_cast<unsigned char>(p[3])];
  if (m == 0) return false;
  uint32_t head;
  std::memcpy(&head, p, 4);
  for (; m != 0; m &= m - 1) {
    const size_t k = static_cast<size_t>(__builtin_ctzll(m));
    const std::string_view w = kWords[k].text;
    if (head != kWordsBy.head[k] || room < w.size()) continue;
    uint32_t tail;
    std::memcpy(&tail, p + w.size() - 4, 4);
    if (tail == kWordsBy.tail[k] && std::memcmp(p + 4, w.data() + 4, w.size() - 4) == 0) return true;
  }
  return false;
}

}  // namespace

namespace anchor_detail {

// Checks every position of [from, to) with a first-byte test; used for tails
// and as the portable path.
size_t scalar_find(const char* data, size_t from, size_t to, size_t n, bool rows) {
  const char* end = data + n;
  for (size_t i = from; i < to; ++i) {
    if (anchor_at(data, data + i, end, rows)) return i;
  }
  return n;
}

// The SIMD loops mark candidate starts in `mask` (bit b = data[i + b]):
// the first that verifies, or kNone.
size_t first_verified(const char* data, const char* end, size_t i, uint32_t mask, bool rows) {
  while (mask != 0) {
    size_t off = i + static_cast<size_t>(__builtin_ctz(mask));
    if (anchor_at(data, data + off, end, rows)) return off;
    mask &= mask - 1;
  }
  return kNone;
}

namespace {

// scalar_find() that also puts the evidence words before the anchor into `words`.
size_t scalar_find_watching(const char* data, size_t from, size_t n, bool rows, const FirstByteIndex& index,
                            std::vector<size_t>& words) {
  const char* end = data + n;
  for (size_t i = from; i < n; ++i) {
    if (anchor_at(data, data + i, end, rows)) return i;
    if (evidence_word_at(data + i, end, index)) words.push_back(i);
  }
  return n;
}

}  // namespace

#ifdef OOMLENS_X86
namespace {

// Candidates block by block from `next` (needles::next_block at one width),
// each verified; the tail byte by byte.
using NextCandidates = size_t (*)(const char* data, size_t i, size_t n, uint32_t* mask);
size_t find_with(const char* data, size_t n, NextCandidates next, size_t width, bool rows) {
  size_t i = 0;
  uint32_t mask = 0;
  for (;;) {
    i = next(data, i, n, &mask);
    if (mask == 0) return scalar_find(data, i, n, n, rows);
    if (size_t off = first_verified(data, data + n, i, mask, rows); off != kNone) return off;
    i += width;
  }
}

// find_with() that also puts the evidence words before the anchor into `words` (find_anchor_watching()).
size_t find_watching_with(const char* data, size_t n, NextCandidates next, size_t width, bool rows,
                          const FirstByteIndex& index, std::vector<size_t>& words) {
  const char* end = data + n;
  size_t i = 0;
  for (uint32_t mask = 0;; i += width) {
    i = next(data, i, n, &mask);
    if (mask == 0) break;
    for (; mask != 0; mask &= mask - 1) {
      const size_t off = i + static_cast<size_t>(__builtin_ctz(mask));
      if (anchor_at(data, data + off, end, rows)) return off;
      if (evidence_word_at(data + off, end, index)) words.push_back(off);
    }
  }
  return scalar_find_watching(data, i, n, rows, index, words);
}

}  // namespace

bool have_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}

size_t find_anchor_width(const char* data, size_t n, size_t width, bool rows) {
  if (width == 32) return find_with(data, n, rows ? avx2_next_candidates_rows : avx2_next_candidates, 32, rows);
  if (width == 16)
    return find_with(data, n,
                     rows ? needles::next_block<needles::Sse2, AnchorPairsRows> : needles::next_block<needles::Sse2, AnchorPairs>,
                     16, rows);
  return scalar_find(data, 0, n, n, rows);
}

size_t find_anchor_watching_width(const char* data, size_t n, size_t width, bool rows, std::vector<size_t>& words,
                                  evidence_words::Watched which) {
  const FirstByteIndex& index = index_of(which);
  const bool kills = which == evidence_words::Watched::kills;
  if (width == 32)
    return find_watching_with(data, n,
                              kills ? (rows ? avx2_next_candidates_kills_rows : avx2_next_candidates_kills)
                                    : (rows ? avx2_next_candidates_watch_rows : avx2_next_candidates_watch),
                              32, rows, index, words);
  if (width == 16)
    return find_watching_with(data, n,
                              kills ? (rows ? needles::next_block<needles::Sse2, AnchorKillPairsRows>
                                            : needles::next_block<needles::Sse2, AnchorKillPairs>)
                                    : (rows ? needles::next_block<needles::Sse2, AnchorWatchPairsRows>
                                            : needles::next_block<needles::Sse2, AnchorWatchPairs>),
                              16, rows, index, words);
  return scalar_find_watching(data, 0, n, rows, index, words);
}
#endif

}  // namespace anchor_detail

size_t find_anchor(const char* data, size_t n) {
#ifdef OOMLENS_X86
  return anchor_detail::find_anchor_width(data, n, anchor_detail::have_avx2() ? 32 : 16);
#else
  return anchor_detail::scalar_find(data, 0, n, n, false);
#endif
}

size_t find_anchor_or_row(const char* data, size_t n) {
#ifdef OOMLENS_X86
  return anchor_detail::find_anchor_width(data, n, anchor_detail::have_avx2() ? 32 : 16, true);
#else
  return anchor_detail::scalar_find(data, 0, n, n, true);
#endif
}

size_t find_anchor_watching(const char* data, size_t n, bool rows, std::vector<size_t>& words,
                            evidence_words::Watched which) {
#ifdef OOMLENS_X86
  return anchor_detail::find_anchor_watching_width(data, n, anchor_detail::have_avx2() ? 32 : 16, rows, words,
                                                   which);
#else
  return anchor_detail::scalar_find_watching(data, 0, n, rows, index_of(which), words);
#endif
}

size_t find_evidence_word(const char* data, size_t from, size_t n) {
  const auto verify = [&](size_t i) { return evidence_word_at(data + i, data + n, kEveryWord); };
#ifdef OOMLENS_X86
  if (anchor_detail::have_avx2())
    return needles::find_first_by<anchor_detail::EvidencePairs>(anchor_detail::avx2_next_evidence_candidates, 32,
                                                                data, from, n, verify);
#endif
  return needles::find_first<anchor_detail::EvidencePairs>(data, from, n, verify);
}

bool holds_table_row(const char* data, size_t n) {
  const char* end = data + n;
  for (const char* p = data; (p = static_cast<const char*>(std::memchr(p, '[', static_cast<size_t>(end - p))));
       ++p)
    if (end - p > 8 && (p[8] == ']' || p[6] == ']') && table_row_at(p, end)) return true;
  return false;
}

}  // namespace oomlens
