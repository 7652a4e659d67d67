#pragma once
// Internal to normalize_line() (prefix.cpp): the readers of each kind of line
// prefix. Each take_*() reads its prefix at the start of `s` and, when it is
// there, records what it said and moves `s` past it; false (and `s` as it
// was) when not.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "kernel_log/prefix.h"

namespace oomlens::prefix_parts {

/// Time stamps (prefix_stamps.cpp).
std::string format_wall(int y, int mo, int d, int h, int mi, int s, std::string_view frac);
bool parse_hms(std::string_view t, int& h, int& mi, int& s);
bool take_monotonic(std::string_view& s, double& out);
/// A printk stamp whose `[` was cut off (`1234.567890] text`): its seconds.
bool take_cut_monotonic(std::string_view& s, double& out);
bool take_whole_seconds(std::string_view& s, double& out);
/// A poster's `[...]`/`[…]` for the printk stamp (its time unknown) before the kernel's text: taken.
bool take_elided_printk_stamp(std::string_view& s);
/// `[ T1234]` after a time: taken, its value (LinePrefix::caller_id) in `id`.
bool take_caller_id(std::string_view& s, std::optional<uint32_t>& id);
// A CPU field `[ 3]` glued after the printk time, a caller id after it (prefix_stamps.cpp).
bool take_cpu_field_before_caller(std::string_view& s);
/// printk's caller id (CONFIG_PRINTK_CALLER, 5.1+) at the end of a line's
/// prefix text (the raw line before normalize_line()'s `text`): `[ 71.1][ T1234] `
/// or /dev/kmsg's `6,1234,5678901,-,caller=T1234;`; as LinePrefix::caller_id.
std::optional<uint32_t> printk_caller_in(std::string_view prefix);
bool take_dmesg_T(std::string_view& s, LinePrefix& p);
bool take_syslog_stamp(std::string_view& s, LinePrefix& p, std::optional<int> year);
bool take_iso_stamp(std::string_view& s, LinePrefix& p, char end = ' ');
bool take_iso_bracket(std::string_view& s, LinePrefix& p);
/// `journalctl -o short-unix`'s `1787068905.416344 ` (epoch seconds, UTC): taken as `wall`.
bool take_unix_stamp(std::string_view& s, LinePrefix& p);
bool take_clock_before_tag(std::string_view& s, bool* foreign);
bool take_relative_stamp(std::string_view& s, LinePrefix& p, std::optional<int> year);

/// Priorities, levels, hosts, tags and labels (prefix_fields.cpp).
bool take_logread(std::string_view& s, LinePrefix& p);
bool take_logread_dateless(std::string_view& s, LinePrefix& p);
bool take_logcat(std::string_view& s, LinePrefix& p, std::optional<int> year, std::string& rebuilt);
bool take_level_letter(std::string_view& s, LinePrefix& p);
bool take_severity_before_iso(std::string_view& s, LinePrefix& p);
bool take_dmesg_x(std::string_view& s, LinePrefix& p);
bool take_kmsg(std::string_view& s, LinePrefix& p);
bool take_priority(std::string_view& s, LinePrefix& p);
/// After a stamp: `host tag: `, `hostkernel: ` or `tag: ` (strict: a tag
/// other than `kernel:` needs its `[pid]`). `kernel_only`: the stamp's
/// shape prints no host or tag (dmesg --time-format iso), so only a
/// `kernel:` tag (with its host) is taken, never the kernel text's own
/// first words (`Call Trace:`, `Hardware name:`).
void take_host_tag(std::string_view& s, NormalizedLine& out, bool strict, bool kernel_only = false);
bool take_label(std::string_view& s, LinePrefix& p);
bool take_tag_cell(std::string_view& s, NormalizedLine& out);
bool take_level_pipe(std::string_view& s, NormalizedLine& out);
bool take_elided_stamp(std::string_view& s, NormalizedLine& out);
bool take_rfc5424(std::string_view& s, NormalizedLine& out);
/// RFC 3164 as it travels, `<PRI>Mmm dd hh:mm:ss ` (the host and tag after it are left to take_host_tag()).
bool take_bsd_packet(std::string_view& s, LinePrefix& p, std::optional<int> year);
/// A syslog receiver's words before the packet it prints (`Received message  <6>Jun  8 …`): `s` moved to the
/// packet's `<PRI>` when one with its stamp follows (RFC 3164 or 5424); false, `s` untouched, otherwise.
bool skip_receiver_label(std::string_view& s);

/// Text inside another format or encoding, and a viewer's cut (prefix_decode.cpp).
bool take_journal_json(std::string_view s, NormalizedLine& out);
bool take_npd_message(std::string_view s, NormalizedLine& out);
bool take_text_payload(std::string_view s, std::string& line);
bool take_string_literal(std::string_view s, std::string& line);
void decode_escapes(NormalizedLine& out, bool kmsg);
bool decode_transfer(std::string_view raw, std::string& owned);
/// `s` with each no-break space (U+00A0, UTF-8 C2 A0) a space, into `out`; false, `out` untouched, when it holds
/// none. Kernel text holds none; a web page or an HTML mail writes a run of blanks so (`&nbsp; &nbsp;`).
bool spaces_for_no_break_spaces(std::string_view s, std::string& out);
bool strip_forum_markup(std::string_view raw, std::string& out);
bool cut_stump(std::string_view& t);
bool strip_poster_mark(std::string_view& t);

}  // namespace oomlens::prefix_parts
