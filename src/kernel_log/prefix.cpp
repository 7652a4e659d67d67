// Line normalisation (see prefix.h). Each recogniser is a small hand-written
// parser over string_view; the layers are peeled outside-in in a loop because
// wrappers nest (syslog → `[ts]`, VMware → `<6>` → `[ts]`, dmesg -x → `[ts]`).
// This file holds normalize_line(), the loop; the readers of each prefix kind
// are in prefix_stamps.cpp, prefix_fields.cpp and prefix_decode.cpp
// (prefix_parts.h).
#include "kernel_log/prefix.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "kernel_log/prefix_parts.h"
#include "util/ascii.h"
#include "util/text.h"

namespace oomlens {

using namespace oomlens::text;
using namespace oomlens::prefix_parts;

namespace {

// `# ` glued to the character before it (no space before the `#`): where an
// editor wrapped a `# `-commented line and the pieces were joined again.
// Writes `s` without them into `out` and returns true; false when none.
bool drop_glued_comment_marks(std::string_view s, std::string& out) {
  size_t at = s.find("# ", 1);
  while (at != std::string_view::npos && s[at - 1] == ' ') at = s.find("# ", at + 1);
  if (at == std::string_view::npos) return false;
  std::string joined;
  joined.reserve(s.size());
  size_t from = 0;
  for (; at != std::string_view::npos; at = s.find("# ", at + 1)) {
    if (s[at - 1] == ' ') continue;
    joined.append(s.substr(from, at - from));
    from = at + 2;
  }
  joined.append(s.substr(from));
  out = std::move(joined);
  return true;
}

// A printk time or a `<N>` priority at the start of `s` (a poster's `[...]` is neither).
bool stamp_follows(std::string_view s) {
  LinePrefix probe;
  double mono = 0;
  return s[0] == '<' ? take_priority(s, probe) : take_monotonic(s, mono) || take_whole_seconds(s, mono);
}

}  // namespace

void normalize_line(std::string_view raw, NormalizedLine& out, std::optional<int> default_year) {
  out.text = {};
  out.owned.clear();
  out.prefix = LinePrefix{};
  out.has_prefix = out.foreign = out.continuation = out.truncated = false;

  std::string_view s = raw;
  std::string decoded;  // HTML/QP-decoded copy of raw; `s` may view it
  if (decode_transfer(raw, decoded)) s = decoded;
  // Tabs where the kernel printed spaces (an editor's or `unexpand`'s
  // retab, a pasted table): OOM report text holds none, so each is a space.
  if (s.find('\t') != std::string_view::npos) {
    if (s.data() != decoded.data()) decoded.assign(s);
    for (char& c : decoded)
      if (c == '\t') c = ' ';
    s = decoded;
  }
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  bool indented = !s.empty() && is_space(s[0]);
  s = trim_left(s);
  while (!s.empty() && s[0] == '>') {  // mail quoting: '>' and one space; more is the line's indentation
    s.remove_prefix(1);
    if (!s.empty() && s[0] == ' ') s.remove_prefix(1);
    indented = !s.empty() && is_space(s[0]);
    s = trim_left(s);
  }
  // dmesg pasted as shell comments (`# [16969.673610] sysrq: …` in a script or a notes file): the
  // `# ` goes when a stamp or a priority follows it. A line the editor wrapped got its own `# `;
  // joined back with a space, it sits glued inside a word (`shmem-# rss:0kB`): it goes too.
  if (s.size() > 2 && s[0] == '#' && s[1] == ' ' && (s[2] == '[' || s[2] == '<') && stamp_follows(s.substr(2))) {
    s.remove_prefix(2);
    if (drop_glued_comment_marks(s, decoded)) s = decoded;
  }
  // Log lines quoted in a C, C++, Go or JavaScript line comment (`// 3,1362,…;Out of memory: Kill process …`, a
  // record the comment wrapped going on in `// score 961 or sacrifice child.`, corpus 853): the `// ` goes, as a
  // mail quote's `> `. Kernel text never starts with `//`; a comment's prose stays a line of no record.
  if (s.size() > 3 && s[0] == '/' && s[1] == '/' && s[2] == ' ') {
    s.remove_prefix(3);
    indented = is_space(s[0]);
    s = trim_left(s);
  }
  // A mail reply quoting console lines with `: ` (a colon where others put `>`: `: [   65.920355] Task in …`,
  // linux-mm 2018): the mark goes when a printk time or a priority follows it, as `# ` above. Kernel text never
  // starts with `: [`.
  if (s.size() > 2 && s[0] == ':' && s[1] == ' ' && (s[2] == '[' || s[2] == '<') && stamp_follows(s.substr(2)))
    s = trim_left(s.substr(2));
  // Markdown bold pasted unrendered around the lines a poster stressed (`**Fri Aug  7 … kernel: … oom-kill:…`,
  // `… oom_score_adj:0**`): the marks go. Kernel text neither starts nor ends with `**` glued to a word (lockdep's
  // `*** DEADLOCK ***` has a space inside its stars).
  if (s.size() > 2 && s[0] == '*' && s[1] == '*' && s[2] != '*' && !is_space(s[2])) s.remove_prefix(2);
  if (std::string_view r = trim_right(s);
      r.size() > 2 && ends_with(r, "**") && r[r.size() - 3] != '*' && !is_space(r[r.size() - 3]))
    s = r.substr(0, r.size() - 2);
  // Markdown pasted unrendered: a line in `inline code`, or glued to a fence (```` ```[ts] … ````).
  if (!s.empty() && (s[0] == '`' || s[0] == '~')) {
    const char mark = s[0];
    size_t marks = 0;
    while (marks < s.size() && s[marks] == mark) ++marks;
    // A code fence alone (```` ``` ````, `~~~`, a language after it: ```` ```text ````) holds no kernel text.
    std::string_view lang = trim(s.substr(marks));
    if (marks >= 3 && std::all_of(lang.begin(), lang.end(), [](char c) {
          return is_alnum(c) || c == '_' || c == '-' || c == '+' || c == '.';
        })) {
      out.text = s.substr(s.size());
      return;
    }
    if (mark == '`') s = trim_left(s.substr(marks));
  }
  if (std::string_view r = trim_right(s); !r.empty() && r.back() == '`') {
    while (!r.empty() && r.back() == '`') r.remove_suffix(1);
    s = trim_right(r);
  }
  if (s.empty()) {
    out.text = s;
    return;
  }
  // A web page's numbered list (`  1. <4>[12345.342532] …`), or a viewer's line numbers (`cat -n`, `less -N`,
  // an editor's: `  1 [57539.949044] …`, a tab or spaces after the number): the number goes when a printk time or
  // a priority follows. Without the dot, only before a `[` whose time reads (a task row's `[  pid]` does not:
  // `[ 1189]` is a whole number, not `[seconds.micro]`), or before a syslog `Mon DD HH:MM:SS` stamp (`1788 Jun 27
  // 13:37:04 host kernel: …`, corpus 788; kernel text after a number, `262006 pages RAM`, has no stamp).
  if (is_digit(s[0])) {
    size_t i = 0;
    while (i < s.size() && i < 6 && is_digit(s[i])) ++i;
    if (i + 2 < s.size() && s[i] == '.' && s[i + 1] == ' ' && (s[i + 2] == '<' || s[i + 2] == '[')) {
      s.remove_prefix(i + 2);
    } else if (i < s.size() && s[i] == ' ') {
      std::string_view rest = trim_left(s.substr(i));
      double mono = 0;
      LinePrefix scratch;
      if (!rest.empty() && rest[0] == '[' && take_monotonic(rest, mono)) s = trim_left(s.substr(i));
      else if (!rest.empty() && is_alpha(rest[0]) && take_syslog_stamp(rest, scratch, std::nullopt))
        s = trim_left(s.substr(i));
    }
  }
  if (s[0] == '{' && take_journal_json(s, out)) return;
  if (s[0] == '"' && take_npd_message(s, out)) return;
  if (std::string payload; s[0] == '"' && (take_text_payload(s, payload) || take_string_literal(s, payload))) {
    const bool literal = !starts_with(s, "\"textPayload\":");
    NormalizedLine inner;  // the console line inside, read as a line of its own
    normalize_line(payload, inner, default_year);
    out.owned.assign(inner.text);
    out.text = out.owned;
    out.prefix = std::move(inner.prefix);
    out.has_prefix = !literal || inner.has_prefix;  // a program's literal is a quote, not a log's wrapper
    out.foreign = inner.foreign;
    out.truncated = inner.truncated;
    return;
  }

  // journalctl -o verbose (`--output-fields=MESSAGE`) and -o export: the record's
  // text is its `MESSAGE=` field (`    MESSAGE=Memory cgroup out of memory: …`).
  const bool message_field = starts_with(s, "MESSAGE=") && s.size() > 8;
  if (message_field) s = trim_left(s.substr(8));

  LinePrefix& p = out.prefix;
  bool prefixed = message_field;
  bool kmsg = false;
  if (is_alpha(s[0])) (void)take_severity_before_iso(s, p);  // its stamp is read below
  // A syslog receiver's words before the packet it prints go (corpus 854); the packet is read below.
  if (is_alpha(s[0]) && s.size() > 16) (void)skip_receiver_label(s);
  if (s[0] == '<' && take_rfc5424(s, out)) {
    prefixed = true;
  } else if (s[0] == '<' && take_bsd_packet(s, p, default_year)) {
    prefixed = true;
    take_host_tag(s, out, false);
  } else if (const bool dmesg_iso = s.size() > 19 && s[19] == ','; is_digit(s[0]) && take_iso_stamp(s, p)) {
    prefixed = true;
    size_t guest = s.substr(0, 48).find(" Guest: ");  // VMware vmware.log capture
    if (guest != std::string_view::npos && starts_with(s, "In(")) {
      s = trim_left(s.substr(guest + 8));
    } else {
      // dmesg --time-format iso (`,` before the fraction: util-linux's shape) prints the kernel's text right after
      // its stamp: its first words are no host and tag (`… Call Trace:`, `… Hardware name: …`).
      take_host_tag(s, out, false, dmesg_iso);
      if (!s.empty() && s[0] != '[') take_tag_cell(s, out);
    }
  } else if (is_digit(s[0]) && take_unix_stamp(s, p)) {  // journalctl -o short-unix
    prefixed = true;
    take_host_tag(s, out, false);
  } else if (is_alpha(s[0]) && take_logread(s, p)) {
    prefixed = true;
    take_host_tag(s, out, false);
  } else if (is_alpha(s[0]) && take_logread_dateless(s, p)) {
    prefixed = true;
  } else if (s[0] == '[' && take_level_letter(s, p)) {  // then the syslog stamp the next branch reads
    prefixed = true;
    if (take_syslog_stamp(s, p, default_year)) take_host_tag(s, out, false);
  } else if ((is_alpha(s[0]) || static_cast<unsigned char>(s[0]) >= 0x80) && take_syslog_stamp(s, p, default_year)) {
    prefixed = true;
    take_host_tag(s, out, false);
  } else if (is_digit(s[0]) && take_logcat(s, p, default_year, decoded)) {
    prefixed = true;
  } else if (is_digit(s[0]) && take_kmsg(s, p)) {
    prefixed = kmsg = true;
  } else if (bool other = false; is_digit(s[0]) && take_clock_before_tag(s, &other)) {
    prefixed = true;  // the bare `kernel: ` tag after it is taken below
    if (other) out.foreign = true;
  } else if (double mono = 0; is_digit(s[0]) && take_cut_monotonic(s, mono)) {
    // A printk stamp that lost its `[` (a paste cut the line's start): its time, then a caller id after it.
    p.monotonic_s = mono;
    prefixed = true;
    if (std::string_view t = trim_left(s); !t.empty() && t[0] == '[' && take_caller_id(t, p.caller_id)) s = t;
  } else if ((s[0] == '.' || static_cast<unsigned char>(s[0]) == 0xE2) && take_elided_stamp(s, out)) {
    prefixed = true;
  } else if (is_alpha(s[0]) && take_level_pipe(s, out)) {
    prefixed = true;
  } else if (s[0] != '[' && take_tag_cell(s, out)) {
    prefixed = true;
  } else if (s[0] != '[' && take_label(s, p)) {
    prefixed = true;
  }
  // Inner layers, outermost first; each iteration peels at most one.
  for (int round = 0; round < 6 && !s.empty(); ++round) {
    double mono = 0;
    if (s[0] == '<' && take_priority(s, p)) {
      prefixed = true;
    } else if (s[0] == '[' && take_monotonic(s, mono)) {
      p.monotonic_s = mono;
      prefixed = true;
      (void)take_cpu_field_before_caller(s);  // `[ts][ 3] [T96407]`: the CPU field goes, the caller id is read
      std::string_view t = trim_left(s);
      if (!t.empty() && t[0] == '[' && take_caller_id(t, p.caller_id)) s = t;
      if (!out.foreign && !p.host) {  // journalctl -o short-monotonic
        std::string_view h = trim_left(s);
        NormalizedLine probe;
        take_host_tag(h, probe, true);
        if (probe.prefix.host || probe.foreign) {
          p.host = probe.prefix.host;
          out.foreign = probe.foreign;
          s = h;
        }
      }
    } else if (s[0] == '[' && take_dmesg_T(s, p)) {
      prefixed = true;
    } else if (s[0] == '[' && take_whole_seconds(s, mono)) {
      p.monotonic_s = mono;
      prefixed = true;
    } else if (s[0] == '[' && take_relative_stamp(s, p, default_year)) {
      prefixed = true;
    } else if (s[0] == '[' && take_elided_printk_stamp(s)) {
      prefixed = true;
    } else if (prefixed && s.size() > 2 && s[0] == ':' && s[1] == ' ' && s[2] == '[') {
      s.remove_prefix(2);  // a stray `: ` between the tag and the printk time (`kernel: : [277622.359064] `)
    } else if (s[0] == '[' && take_iso_bracket(s, p)) {
      prefixed = true;
    } else if (is_alpha(s[0]) && (!prefixed || (p.host && !p.level)) && take_dmesg_x(s, p)) {
      prefixed = true;
    } else {
      break;
    }
    if (!s.empty() && s[0] == ' ') s.remove_prefix(1);
  }
  if (!out.foreign && starts_with(s, "kernel: ")) {  // a bare tag without a stamp
    s = trim_left(s.substr(8));
    prefixed = true;
  }
  out.has_prefix = prefixed;
  out.continuation = !prefixed && indented;
  out.text = trim_right(prefixed ? trim_left(s) : s);
  // Inline code opened after the prefix (`[ 12.5] \`Out of memory: …`): the backtick goes, as at the line's start
  // (a fence, ```` ``` ````, is no inline code).
  if (prefixed && out.text.size() > 1 && out.text[0] == '`' && out.text[1] != '`')
    out.text = trim_left(out.text.substr(1));
  // Mail quotes after the prefix (a mail's `> > dd invoked oom-killer: …` logged or re-prefixed by a log shipper):
  // they go as at the line's start. No kernel message starts with `>`.
  if (prefixed)
    while (out.text.size() > 1 && out.text[0] == '>' && (out.text[1] == ' ' || out.text[1] == '>'))
      out.text = trim_left(out.text.substr(1));
  strip_poster_mark(out.text);
  // `Out of memory and no killable processes...` is the kernel's own ellipsis.
  if (out.text.find("killable processes") == std::string_view::npos)
    out.truncated = cut_stump(out.text);
  decode_escapes(out, kmsg);
  if (!decoded.empty() && out.text.data() >= decoded.data() && out.text.data() <= decoded.data() + decoded.size()) {
    out.owned = std::string(out.text);
    out.text = out.owned;
  }
}

}  // namespace oomlens
