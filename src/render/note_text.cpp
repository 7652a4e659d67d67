#include "render/note_text.h"

#include <fmt/args.h>
#include <fmt/core.h>

#include <regex>
#include <stdexcept>
#include <vector>

#include "util/i18n.h"

namespace oomlens {
namespace {

/// Each note kernel_log/ writes (report_assembler.cpp, report_finalize.cpp,
/// year_guess.cpp) as a pattern; its captures fill the msgid's {} in order.
struct NotePattern {
  const char* regex;
  const char* msgid;
};
constexpr NotePattern kNotes[] = {
    {"memory\\.oom\\.group is set on (.*): the kernel killed every task of that cgroup together",
     N_("`memory.oom.group` is set on {}: the kernel killed every task of that cgroup together")},
    {"(\\d+) kernel records inside this report were lost \\(kmsg sequence gap\\)",
     N_("{} kernel records inside this report were lost (kmsg sequence gap)")},
    {"lines were lost inside this report: (.*)", N_("lines were lost inside this report: {}")},
    {"rejoined to the line before \\(wrapped\\): lines? (.*)", N_("rejoined to the line before (wrapped): lines {}")},
    {"its `invoked oom-killer` header comes after it in the text \\(line (\\d+)\\), stamped before it: read as "
     "this report's header \\(the lines were pasted out of print order\\)",
     N_("its `invoked oom-killer` header comes after it in the text (line {}), stamped before it: read as this "
        "report's header (the lines were pasted out of print order)")},
    {"cut by a viewer \\(`\\.\\.\\.`, `…` or a pager's `>`; the cut fields are unknown\\): lines? (.*)",
     N_("cut by a viewer (`...`, `…` or a pager's `>`; the cut fields are unknown): lines {}")},
    {"`(\\d+) pages reserved` is more than the (\\d+) pages of RAM \\(a negative count printed unsigned\\): unknown",
     N_("`{} pages reserved` is more than the {} pages of RAM (a negative count printed unsigned): unknown")},
    {"the OOM killer chose pid (\\d+) \\((.*)\\), but killing it is disabled \\(by (\\w+), OpenVZ\\): it was not "
     "killed, and the killer chose again",
     N_("the OOM killer chose pid {} ({}), but killing it is disabled (by {}, OpenVZ): it was not killed, and the "
        "killer chose again")},
    {"the OOM killer chose pid (\\d+) \\((.*)\\), but it had already released its memory \\(no mm, OpenVZ\\): it "
     "was not killed",
     N_("the OOM killer chose pid {} ({}), but it had already released its memory (no mm, OpenVZ): it was not "
        "killed")},
    {"the OOM killer would have killed pid (\\d+) \\((.*)\\) but did not \\(the kernel was set to only report "
     "it\\): no process was killed for this choice",
     N_("the OOM killer would have killed pid {} ({}) but did not (the kernel was set to only report it): no process "
        "was killed for this choice")},
    {"the OOM of OpenVZ beancounter (-?\\d+) ended: `(.*)`", N_("the OOM of OpenVZ beancounter {} ended: `{}`")},
    {"page size not printed; assumed 4096 bytes for page counts",
     N_("page size not printed; assumed 4096 bytes for page counts")},
    {"page size unknown: the kill line that gives it was cut; page counts left unknown",
     N_("page size unknown: the kill line that gives it was cut; page counts left unknown")},
    {"page size unknown: a ppc64 kernel \\(usually 64 KiB pages\\) and no line that gives it; page counts left "
     "unknown",
     N_("page size unknown: a ppc64 kernel (usually 64 KiB pages) and no line that gives it; page counts left "
        "unknown")},
    {"the kill line of pid (\\d+) prints more resident memory \\((\\d+) kB\\) than its total-vm \\((\\d+) kB\\), which "
     "no process holds: its figures were altered \\(an edited or garbled line\\) and are not to be trusted",
     N_("the kill line of pid {} prints more resident memory ({} kB) than its total-vm ({} kB), which no process "
        "holds: its figures were altered (an edited or garbled line) and are not to be trusted")},
    {"pgtables of pid (\\d+) looks like bytes printed as kB \\(early 5\\.4 bug\\); read as bytes",
     N_("pgtables of pid {} looks like bytes printed as kB (early 5.4 bug); read as bytes")},
    {"OOM memcg taken from the first `Memory cgroup stats for` line",
     N_("OOM memcg taken from the first `Memory cgroup stats for` line")},
    {"OOM memcg taken from the first `Memory cgroup stats for` line; the lines before it \\(`memory: usage …`\\) "
     "are not in the text, so it may be a child of the cgroup whose limit was hit",
     N_("OOM memcg taken from the first `Memory cgroup stats for` line; the lines before it (`memory: usage …`) are "
        "not in the text, so it may be a child of the cgroup whose limit was hit")},
    {"constraint memcg taken from the call trace \\((\\w+)\\)", N_("constraint memcg taken from the call trace ({})")},
    {"constraint memcg: the kernel went on after `Out of memory and no killable processes\\.\\.\\.` without `System is "
     "deadlocked on memory` \\(4\\.19\\+ panics there for a global OOM only\\)",
     N_("constraint memcg: the kernel went on after `Out of memory and no killable processes...` without `System is "
        "deadlocked on memory` (4.19+ panics there for a global OOM only)")},
    {"constraint taken from the call trace \\(out_of_memory called by the page allocator: global, or a "
     "cpuset/mempolicy limit\\)",
     N_("constraint taken from the call trace (out_of_memory called by the page allocator: global, or a "
        "cpuset/mempolicy limit)")},
    {"constraint taken from the call trace \\(out_of_memory called by pagefault_out_of_memory: global\\)",
     N_("constraint taken from the call trace (out_of_memory called by pagefault_out_of_memory: global)")},
    {"the kill line of pid (\\d+) is not in the text, but the OOM reaper reaped it: it was killed; the sizes that "
     "line prints are unknown",
     N_("the kill line of pid {} is not in the text, but the OOM reaper reaped it: it was killed; the sizes that line "
        "prints are unknown")},
    {"task table: (\\d+) smaller rows left out, the (\\d+) largest kept",
     N_("task table: {} smaller rows left out, the {} largest kept")},
    {"constraint taken from the call trace \\(out_of_memory called by lru_gen_age_node, kswapd's multi-gen LRU "
     "aging: global\\)",
     N_("constraint taken from the call trace (out_of_memory called by lru_gen_age_node, kswapd's multi-gen LRU "
        "aging: global)")},
    {"constraint taken from the call trace \\(out_of_memory called by balance_pgdat, kswapd's reclaim, which works "
     "for no memory cgroup: global\\)",
     N_("constraint taken from the call trace (out_of_memory called by balance_pgdat, kswapd's reclaim, which works for "
        "no memory cgroup: global)")},
    {"constraint taken from the call trace \\(out_of_memory called by the page allocator\\) and the header "
     "\\(`cpuset=/`, `nodemask=\\(null\\)`: no cpuset or mempolicy limit\\): global",
     N_("constraint taken from the call trace (out_of_memory called by the page allocator) and the header (`cpuset=/`, "
        "`nodemask=(null)`: no cpuset or mempolicy limit): global")},
    {"constraint taken from the call trace \\(out_of_memory, which no memory-cgroup OOM calls before Linux 4\\.8: "
     "global, or a cpuset/mempolicy limit\\)",
     N_("constraint taken from the call trace (out_of_memory, which no memory-cgroup OOM calls before Linux 4.8: "
        "global, or a cpuset/mempolicy limit)")},
    {"the report ends before any kill line \\(cut off, lost, or the victim was already exiting\\)",
     N_("the report ends before any kill line (cut off, lost, or the victim was already exiting)")},
    {"the `oom-kill:` summary names the task chosen to be killed, but its kill line is not in the text \\(cut off "
     "or lost\\): whether it was killed is unknown",
     N_("the `oom-kill:` summary names the task chosen to be killed, but its kill line is not in the text (cut off or "
        "lost): whether it was killed is unknown")},
    {"Linux 2\\.4's page-fault OOM kill \\(`VM: killing process`\\): it prints the name only, no pid and no report",
     N_("Linux 2.4's page-fault OOM kill (`VM: killing process`): it prints the name only, no pid and no report")},
    {"the report's header \\(`oom-killer: gfp_mask=…`, Linux 2\\.6\\.10 to 2\\.6\\.18\\) names no task: which task asked "
     "for memory is unknown",
     N_("the report's header (`oom-killer: gfp_mask=…`, Linux 2.6.10 to 2.6.18) names no task: which task asked for "
        "memory is unknown")},
    {"no `invoked oom-killer` header before this kill \\(rate-limited, lost or filtered\\)",
     N_("no `invoked oom-killer` header before this kill (rate-limited, lost or filtered)")},
    {"no `invoked oom-killer` header before this selection \\(rate-limited, lost or filtered\\): which task asked "
     "for memory, with what gfp_mask and order, is unknown; and no kill line follows it in the text, so whether a "
     "process was killed is unknown",
     N_("no `invoked oom-killer` header before this selection (rate-limited, lost or filtered): which task asked for "
        "memory, with what gfp_mask and order, is unknown; and no kill line follows it in the text, so whether a "
        "process was killed is unknown")},
    {"no `invoked oom-killer` header before this selection \\(rate-limited, lost or filtered\\): with what gfp_mask "
     "and order memory was asked for is unknown; and no kill line follows it in the text, so whether a process was "
     "killed is unknown",
     N_("no `invoked oom-killer` header before this selection (rate-limited, lost or filtered): with what gfp_mask and "
        "order memory was asked for is unknown; and no kill line follows it in the text, so whether a process was "
        "killed is unknown")},
    {"the task that invoked the OOM killer is read from the `CPU:` line of another dump printed after the selection, "
     "whose call trace runs through oom_kill_process\\(\\) \\(where the selection is printed, before the kill\\)",
     N_("the task that invoked the OOM killer is read from the `CPU:` line of another dump printed after the "
        "selection, whose call trace runs through oom_kill_process() (where the selection is printed, before the "
        "kill)")},
    {"the kill line of pid (\\d+) \\((.*)\\) is in the text twice, with the same figures \\(line (\\d+) too\\): one "
     "kill quoted twice, read once",
     N_("the kill line of pid {} ({}) is in the text twice, with the same figures (line {} too): one kill quoted "
        "twice, read once")},
    {"after the victim's kill line, (\\d+) other task\\(s\\) killed and the victim's kill line again \\(line "
     "(\\d+)\\): a memory\\.oom\\.group kill, its `Tasks in … memory\\.oom\\.group set` line not in the text",
     N_("after the victim's kill line, {} other task(s) killed and the victim's kill line again (line {}): a "
        "memory.oom.group kill, its `Tasks in … memory.oom.group set` line not in the text")},
    {"the name of pid (\\d+) was cut on its kill line; taken from its task-table row",
     N_("the name of pid {} was cut on its kill line; taken from its task-table row")},
    {"the report's header \\(`… invoked oom-killer: …`\\) is not in the input: it is read from its call trace on",
     N_("the report's header (`… invoked oom-killer: …`) is not in the input: it is read from its call trace on")},
    {"the report's header \\(`… invoked oom-killer: …`\\) is not in the input: it is read from its Mem-Info block or "
     "Tasks table on",
     N_("the report's header (`… invoked oom-killer: …`) is not in the input: it is read from its Mem-Info block or "
        "Tasks table on")},
    {"the task_memcg ending the `oom-kill:` line is neither its oom_memcg nor a cgroup below it \\(where a "
     "memory-cgroup OOM's victim always is\\): cut, unknown",
     N_("the task_memcg ending the `oom-kill:` line is neither its oom_memcg nor a cgroup below it (where a "
        "memory-cgroup OOM's victim always is): cut, unknown")},
    {"a memcg path ending its line looks cut inside its last name \\(a container id or pod UID shorter than the "
     "runtime's, or no `\\.scope`/`\\.slice`\\): unknown",
     N_("a memcg path ending its line looks cut inside its last name (a container id or pod UID shorter than the "
        "runtime's, or no `.scope`/`.slice`): unknown")},
    {"the log prints no year: (\\d+) is a guess from the file's modification time",
     N_("the log prints no year: {} is a guess from the file's modification time")},
    {"`memory\\+swap`: usage printed as 0 beside a nonzero memory usage: swap is not accounted \\(`swapaccount=0`\\), so "
     "memory\\+swap usage is unknown",
     N_("`memory+swap`: usage printed as 0 beside a nonzero memory usage: swap is not accounted (`swapaccount=0`), so "
        "memory+swap usage is unknown")},
};

}  // namespace

std::string note_text(std::string_view note) {
  const std::string s(note);
  if (i18n::language() == "en") return s;
  std::smatch m;
  for (const NotePattern& p : kNotes) {
    if (!std::regex_match(s, m, std::regex(p.regex))) continue;
    fmt::dynamic_format_arg_store<fmt::format_context> args;
    for (size_t i = 1; i < m.size(); ++i) args.push_back(m[i].str());
    try {
      return fmt::vformat(tr(p.msgid), args);
    } catch (const std::runtime_error&) {  // fmt::format_error: a broken translation
      return s;
    }
  }
  // Notes of other layers (owner lookups, log sources), marked N_() where
  // they are written: the generic render-time match.
  return retranslate(s);
}

}  // namespace oomlens
