// ReportScanner's search for anchors that a line break hides from the
// prefilter (anchor_search.h, which sees one line at a time): split by a
// quoted-printable soft break, a hard wrap at the text's width, a terminal's
// pad inside a line, or a reflow's or format=flowed break at a space. Only
// the bytes either side of each such break are looked at
// (report_scanner_impl.h).
#include <algorithm>
#include <cstring>
#include <string_view>

#include "kernel_log/anchor_search.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner_impl.h"
#include "util/text.h"

namespace oomlens {

using namespace oomlens::text;

// Whether an anchor lies across the line break after [ls, tail_end): the
// last bytes of that line and the first of the line at `next`, joined
// (the prefilter sees neither half), and not whole in the first part.
bool ReportScanner::Impl::anchor_across(const char* d, size_t ls, size_t tail_end, size_t next, size_t n) {
  constexpr size_t kSide = 24;  // > the longest anchor
  char w[2 * kSide];
  const size_t before = std::min(kSide, tail_end - ls);
  std::memcpy(w, d + tail_end - before, before);
  size_t len = before;
  for (size_t i = next; i < n && d[i] != '\n' && d[i] != '\r' && len < sizeof w; ++i) w[len++] = d[i];
  return find_anchor(w, len) < len && find_anchor(w, before) >= before;
}

// An anchor that a quoted-printable soft break (RFC 2045 §6.7 rule 5)
// split across two lines (`invoked oom-k=` / `iller: gfp_mask=3D…`), so the
// prefilter cannot see it: the offset of the '=' ending the line that
// holds its first part, searched in [from, lim); npos when none. Only the
// bytes either side of each soft break are looked at (anchor_across).
// Called only when the probe found the input quoted-printable.
// A soft break ending the region (not `final`) sets *hold: the line after
// it comes with the next chunk, and the result must not depend on chunk
// borders.
size_t ReportScanner::Impl::split_anchor(const char* d, size_t from, size_t lim, size_t n, bool final, bool* hold) {
  while (from + 1 < lim) {
    // memchr for '=' (SIMD), then the byte after it: glibc's memmem walks a
    // two-byte needle byte by byte (measured 5x the prefilter's cost).
    const size_t end = std::min(lim + 1, n);
    const void* m = std::memchr(d + from, '=', end - from);
    if (!m) return std::string_view::npos;
    const size_t q = static_cast<size_t>(static_cast<const char*>(m) - d);
    if (q + 1 >= end || d[q + 1] != '\n') {
      from = q + 1;
      continue;
    }
    from = q + 2;
    size_t ls = q;
    while (ls > 0 && d[ls - 1] != '\n' && q - ls < 60) --ls;
    if (q - ls < 59) continue;  // short: a kernel line's own `cpuset=`, not a soft break
    if (q + 2 >= n && !final) {
      *hold = true;
      return q;
    }
    if (anchor_across(d, ls, q, q + 2, n)) return q;
  }
  return std::string_view::npos;
}

// split_anchor() for text hard-wrapped at `width` (bytes, or characters:
// line_width()): an anchor across the break after a line of exactly that width; the offset of that line's
// last byte, or npos. *hold as there.
size_t ReportScanner::Impl::split_anchor_wrapped(const char* d, size_t from, size_t lim, size_t n, size_t width,
                                                 bool final, bool* hold) const {
  return each_broken_line(d, from, lim, n, [&](size_t ls, size_t len, size_t e) {
    if (line_width(std::string_view(d + ls, len)) != width) return false;
    if (e + 1 >= n && !final) return *hold = true;
    return anchor_across(d, ls, ls + len, e + 1, n);
  });
}

// The offset of the last byte of the first line of [from, lim) that ends
// with a '\n' at or after `from` and for which done(start, length without
// '\r', offset of its '\n') holds; npos when none.
template <class Done>
size_t ReportScanner::Impl::each_broken_line(const char* d, size_t from, size_t lim, size_t n, Done done) {
  size_t ls = from;
  while (ls > 0 && d[ls - 1] != '\n') --ls;
  while (ls < lim) {
    const void* m = std::memchr(d + ls, '\n', n - ls);
    if (!m) return std::string_view::npos;
    const size_t e = static_cast<size_t>(static_cast<const char*>(m) - d);
    const size_t len = e - ls - (e > ls && d[e - 1] == '\r' ? 1 : 0);
    if (len > 0 && e >= from && done(ls, len, e)) return ls + len - 1;
    ls = e + 1;
  }
  return std::string_view::npos;
}

// split_anchor() for text padded inside lines (pad_width): an anchor across
// a pad, which the prefilter cannot see. The offset of the byte before the
// pad, searched in the lines of [from, lim); npos when none.
size_t ReportScanner::Impl::split_anchor_padded(const char* d, size_t from, size_t lim, size_t n) const {
  size_t ls = from;
  while (ls > 0 && d[ls - 1] != '\n') --ls;
  while (ls < lim) {
    const void* m = std::memchr(d + ls, '\n', n - ls);
    const size_t e = m ? static_cast<size_t>(static_cast<const char*>(m) - d) : n;
    for (size_t cut = ls + pad_width; cut + pad_len < e; cut += pad_width + pad_len) {
      if (std::string_view(d + cut, pad_len).find_first_not_of(' ') != std::string_view::npos) break;
      if (cut > from && anchor_across(d, ls, cut, cut + pad_len, n)) return cut - 1;
    }
    ls = e + 1;
  }
  return std::string_view::npos;
}

// split_anchor() for text broken at a space: reflowed (a word, then an
// indented rest: the line's end and the rest's start joined with one space)
// or, with `flowed`, format=flowed (the line ends in the space, the rest
// starts at the margin: joined as they are). The offset of the line's last
// byte, searched in the lines of [from, lim); npos when none. A line ending
// the region (not `final`) whose last word may start such an anchor sets *hold.
size_t ReportScanner::Impl::split_anchor_reflowed(const char* d, size_t from, size_t lim, size_t n, bool final,
                                                  bool* hold, bool flowed) {
  constexpr size_t kSide = 24;  // > the longest anchor
  return each_broken_line(d, from, lim, n, [&](size_t ls, size_t len, size_t e) {
    if ((d[ls + len - 1] == ' ') != flowed) return false;
    const std::string_view tail(d + ls + len - std::min(kSide, len), std::min(kSide, len));
    if (e + 1 >= n) return !final && may_start_split_anchor(trim_right(tail)) && (*hold = true);
    if (!flowed && (e + 2 >= n || d[e + 1] != ' ' || d[e + 2] != ' ')) return false;
    char w[2 * kSide + 1];
    std::memcpy(w, tail.data(), tail.size());
    size_t wl = tail.size();
    size_t i = e + 1;
    if (!flowed) {
      w[wl++] = ' ';
      while (i < n && d[i] == ' ') ++i;
    }
    for (; i < n && d[i] != '\n' && d[i] != '\r' && wl < sizeof w; ++i) w[wl++] = d[i];
    return find_anchor(w, wl) < wl && find_anchor(w, tail.size()) >= tail.size();
  });
}

// split_anchor() for coloured text (escape_intro): an anchor that terminal
// control sequences split (`invoked ESC[01;31mESC[Koom…`), in a line of
// [from, lim) holding one: the offset of that line's first sequence, or
// npos. Only lines holding the intro byte are looked at. A line the region
// ends inside (not `final`) sets *hold.
size_t ReportScanner::Impl::split_anchor_escaped(const char* d, size_t from, size_t lim, size_t n, bool final,
                                                 bool* hold) const {
  std::string plain;
  for (size_t p = from; p < lim;) {
    const void* m = std::memchr(d + p, escape_intro, lim - p);
    if (!m) return std::string_view::npos;
    const size_t hit = static_cast<size_t>(static_cast<const char*>(m) - d);
    size_t ls = hit;
    while (ls > from && d[ls - 1] != '\n') --ls;
    const void* e = std::memchr(d + hit, '\n', n - hit);
    if (!e && !final) {
      *hold = true;
      return hit;
    }
    const size_t eol = e ? static_cast<size_t>(static_cast<const char*>(e) - d) : n;
    if (strip_terminal_escapes(std::string_view(d + ls, eol - ls), plain) &&
        find_anchor(plain.data(), plain.size()) < plain.size())
      return hit;
    p = eol + 1;
  }
  return std::string_view::npos;
}

// Whether `tail` ends in the words of an anchor before one of its spaces.
bool ReportScanner::Impl::may_start_split_anchor(std::string_view tail) {
  for (std::string_view a : {"Task in", "Task", "Killed", "reaped", "Kill", "kill", "out of", "Out of", "of",
                             "Memory", "Manual", "invoked", "memory:"})
    if (ends_with(tail, a) && (tail.size() == a.size() || tail[tail.size() - a.size() - 1] == ' ')) return true;
  return false;
}

}  // namespace oomlens
