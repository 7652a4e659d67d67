// Building → OomEvent: unit conversion (kB, pages, bytes), page-size
// inference, constraint decision and victim details from the Tasks table.
#include <algorithm>
#include <map>

#include "kernel_log/report_building.h"
#include "kernel_log/victim_sizes.h"
#include "util/text.h"

namespace oomlens {
namespace {

using namespace oomlens::text;

// Limits at or above these kB values mean "no limit": PAGE_COUNTER_MAX on
// 32-bit (8589934588 kB) is the smallest of the sentinels (64-bit
// 9007199254740988 kB, res_counter 18014398509481983 kB).
constexpr uint64_t kUnlimitedKb = 8589934588ULL;

std::optional<uint64_t> kb(std::optional<uint64_t> v) {
  if (!v) return std::nullopt;
  return mul(*v, 1024);
}

// Page counts in bytes; `page_size` 0 is unknown: every count is then unknown too.
std::optional<uint64_t> pages(std::optional<uint64_t> v, uint64_t page_size) {
  if (!v || page_size == 0) return std::nullopt;
  return mul(*v, page_size);
}

std::optional<uint64_t> pages_i(std::optional<int64_t> v, uint64_t page_size) {
  if (!v || *v < 0 || page_size == 0) return std::nullopt;
  return mul(static_cast<uint64_t>(*v), page_size);
}

// Column values of a row by name; header-less rows are mapped by count.
struct RowView {
  std::vector<std::string> cols;
  const oomline::RowLine* row = nullptr;
  std::optional<int64_t> get(std::string_view name) const {
    for (size_t i = 0; i < cols.size() && i < row->numbers.size(); ++i)
      if (cols[i] == name) return row->numbers[i];
    return std::nullopt;
  }
};

std::vector<std::string> guess_columns_by_count(const oomline::RowLine& r);

// A header-less row's columns from its count, when its last figure fits the column guessed for it: an
// oom_score_adj outside -1000..1000 (an oom_adj outside -17..15) is no such column, so the row lost columns the
// count does not show (a viewer's cut whose mark a reflow took away: corpus 560 through reflow_indent) and only
// its first four, the same in every kernel, are read.
std::vector<std::string> guess_columns(const oomline::RowLine& r) {
  std::vector<std::string> g = guess_columns_by_count(r);
  if (g.size() == r.numbers.size() && !g.empty()) {
    const int64_t last = r.numbers.back();
    if ((g.back() == "oom_score_adj" && (last < -1000 || last > 1000)) ||
        (g.back() == "oom_adj" && (last < -17 || last > 15)))
      return {"uid", "tgid", "total_vm", "rss"};
  }
  return g;
}

std::vector<std::string> guess_columns_by_count(const oomline::RowLine& r) {
  switch (r.numbers.size()) {
    case 6: return {"uid", "tgid", "total_vm", "rss", "cpu", "oom_adj"};  // 2.6.32
    case 7:  // 3.x nr_ptes/4.15+ pgtables_bytes, or RHEL6 cpu/oom_adj: only certain ends
      if (r.numbers[4] > 0 && r.numbers[4] % 4096 == 0)
        return {"uid", "tgid", "total_vm", "rss", "pgtables_bytes", "swapents", "oom_score_adj"};
      return {"uid", "tgid", "total_vm", "rss", "?", "?", "oom_score_adj"};
    case 8:
      // nr_ptes counts page-table pages, each mapping at least one page of the task's address space, and up
      // to 256 (s390, the fewest of any architecture; 512 on x86-64): more of them than total_vm pages, or a
      // multiple of 4096 over total_vm / 256, is no nr_ptes but a 4.19+ row's pgtables_bytes with a terminal's
      // pad splitting a number after it (`77824       6        8`, corpus 222): which one is unknown.
      if (r.numbers[4] > r.numbers[2] || (r.numbers[4] > 0 && r.numbers[4] % 4096 == 0 && r.numbers[4] > r.numbers[2] / 256))
        return {"uid", "tgid", "total_vm", "rss"};
      return {"uid", "tgid", "total_vm", "rss", "nr_ptes", "nr_pmds", "swapents", "oom_score_adj"};
    case 10:
      return {"uid", "tgid", "total_vm", "rss", "rss_anon", "rss_file", "rss_shmem",
              "pgtables_bytes", "swapents", "oom_score_adj"};
    default: return {"uid", "tgid", "total_vm", "rss"};
  }
}

RowView view(const ReportAssembler::Building& b, const oomline::RowLine& r) {
  RowView v;
  v.row = &r;
  if (r.truncated) {  // only the leading columns survived the cut: map them in order
    if (!b.columns.empty()) v.cols.assign(b.columns.begin(), b.columns.end() - 1);
    else v.cols = {"uid", "tgid", "total_vm", "rss"};  // the first four in every kernel
    if (v.cols.size() > r.numbers.size()) v.cols.resize(r.numbers.size());
    return v;
  }
  // Cut or wrapped before its name, with fewer numbers than the header names, or than the table's other rows
  // have (pads splitting a number in each: then a cut row's count may equal the header's): cut inside its
  // columns, which its count does not tell (a terminal's pad may have split one: `327        680`, corpus 253
  // and 222 through wrap80_inline_pad); only the first four, before any pad a row can hold, are sure.
  const size_t expected = b.columns.empty()         ? b.row_numbers_usual
                          : b.columns.back().empty() ? 0  // a header a viewer cut: its count is unknown
                                                     : std::max(b.columns.size() - 1, b.row_numbers_usual);
  if (r.comm.empty() && expected && r.numbers.size() < expected) {
    v.cols = {"uid", "tgid", "total_vm", "rss"};
    if (v.cols.size() > r.numbers.size()) v.cols.resize(r.numbers.size());
    return v;
  }
  if (!b.columns.empty()) {
    v.cols.assign(b.columns.begin(), b.columns.end() - 1);  // drop "name"
    if (b.columns.back().empty()) {
      // A header a viewer cut (table_columns()): a whole row's columns are
      // guessed from its count when the guess agrees with the names known.
      const std::vector<std::string> guess = guess_columns(r);
      bool agree = guess.size() == r.numbers.size();
      for (size_t i = 0; agree && i < v.cols.size(); ++i) agree = i < guess.size() && guess[i] == v.cols[i];
      if (agree) v.cols = guess;
      else v.cols.clear();  // a pad may have split a number: which one is unknown
    } else if (v.cols.size() < r.numbers.size()) {
      // More numbers than the header has columns: a terminal's pad split one
      // (`3989        9136`), which one is unknown, so no figure is read.
      v.cols.clear();
    } else if (v.cols.size() != r.numbers.size()) {
      v.cols = guess_columns(r);
    }
  } else if (b.row_numbers_usual && r.numbers.size() > b.row_numbers_usual) {
    v.cols.clear();  // one number more than the table's other rows: which one is unknown
  } else {
    v.cols = guess_columns(r);
  }
  return v;
}

// The number of numbers most complete header-less rows have (a tie goes to
// the fewer: a pad only ever adds one); 0 when there are no rows.
size_t usual_row_numbers(const std::vector<RawRow>& rows) {
  std::map<size_t, size_t> count;
  for (const auto& r : rows)
    if (!r.row.truncated) ++count[r.row.numbers.size()];
  size_t best = 0, best_n = 0;
  for (auto [k, n] : count)
    if (n > best_n) best = k, best_n = n;
  return best;
}

// dump_tasks() prints the column header, then the rows: their print order
// runs away from the header, whichever way the text runs. A table pasted in
// print order after its kill and read newest-first, or pasted after (below)
// its rows by a newest-first text read forward, is put back in that order.
// Rows on both sides of the header, or no header: left as fed. Without a
// header, the `oom-kill:` summary (dump_oom_summary(), printed after the
// table) is the mark: the rows run toward it (`away` false).
void order_rows_from_header(std::vector<RawRow>& rows, std::optional<uint64_t> header_line, bool away = true) {
  if (!header_line || rows.size() < 2) return;
  bool below = true, above = true;
  for (const auto& r : rows) {
    below = below && r.line > *header_line;
    above = above && r.line < *header_line;
  }
  if (!below && !above) return;
  const bool ascending = below == away;
  auto runs_away = [&](const RawRow& a, const RawRow& b) { return ascending ? a.line < b.line : a.line > b.line; };
  if (std::is_sorted(rows.begin(), rows.end(), runs_away)) return;
  // Fed against print order: rows of one line (glued) came in that order too.
  std::reverse(rows.begin(), rows.end());
  std::stable_sort(rows.begin(), rows.end(), runs_away);
}

// Whether a run of spaces lies inside a memcg path: a terminal's pad the
// line kept (`/docker/264b…a5        4261…`), which no kernel path holds.
// Such a path is unknown, never reported with the pad in it.
bool padded(const std::optional<std::string>& path) { return path && path->find("  ") != std::string::npos; }

// A note `what` + the first 20 of `lines` (`, …` after them); none when empty.
// `what` then the line numbers, each once, in order: `…: line 6`, `…: lines 5, 9`.
void note_lines(std::vector<std::string>& notes, std::string_view what, std::vector<uint64_t> lines) {
  if (lines.empty()) return;
  std::sort(lines.begin(), lines.end());
  lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
  std::string n(what);
  n += lines.size() == 1 ? "line " : "lines ";
  for (size_t i = 0; i < lines.size() && i < 20; ++i) n += (i ? ", " : "") + std::to_string(lines[i]);
  if (lines.size() > 20) n += ", …";
  notes.push_back(std::move(n));
}

const RawRow* row_for(const ReportAssembler::Building& b, int64_t pid) {
  for (const auto& r : b.rows)
    if (r.row.pid == pid) return &r;
  for (const auto& r : b.rows)  // the row may name a thread of the victim (pid ≠ tgid)
    if (view(b, r.row).get("tgid") == pid) return &r;
  return nullptr;
}

bool is_pow2_page(uint64_t v) {
  return v == 4096 || v == 8192 || v == 16384 || v == 65536;
}

// Every populated zone's line is in the text (MemInfo::zones_present_bytes): the `<zone> per-cpu:` heads name the
// same zones as the zone lines, none printed with `Node N`.
bool every_zone_printed(const ReportAssembler::Building& b) {
  if (b.zone_line_names.empty() || b.zone_line_names.size() != b.zones.size()) return false;
  std::vector<std::string> heads = b.percpu_zone_names, lines = b.zone_line_names;
  std::sort(heads.begin(), heads.end());
  std::sort(lines.begin(), lines.end());
  return heads == lines && std::none_of(lines.begin(), lines.end(), [](const std::string& n) {
           return starts_with(n, "Node ");
         });
}

// The page size from the counters' `free:N` (pages) and the zones' `free:…kB`, every zone printed: the machine's
// free pages are the zones' summed (both read from the same vmstat counters, mm/vmstat.c), so the kB over the
// pages is the page size when it divides exactly into one.
std::optional<uint64_t> page_size_from_free(const ReportAssembler::Building& b) {
  if (!b.free_pages || *b.free_pages == 0 || !every_zone_printed(b)) return std::nullopt;
  uint64_t free_bytes = 0;
  for (const Zone& z : b.zones) {
    if (!z.free_bytes) return std::nullopt;
    free_bytes += *z.free_bytes;
  }
  if (free_bytes % *b.free_pages != 0 || !is_pow2_page(free_bytes / *b.free_pages)) return std::nullopt;
  return free_bytes / *b.free_pages;
}

void fill_limit(const oomline::CounterLine& c, std::optional<uint64_t>& usage, std::optional<uint64_t>& limit,
                LimitState& state) {
  usage = kb(c.usage_kb);
  if (c.limit_kb) {
    if (*c.limit_kb >= kUnlimitedKb) {
      state = LimitState::unlimited;
    } else {
      state = LimitState::limited;
      limit = kb(c.limit_kb);
    }
  }
}

// Before 4.8 a memcg OOM never ran out_of_memory(): mem_cgroup_out_of_memory() chose its victim and called
// oom_kill_process() itself (4.8's "deduplicate victim selection code for memcg and global oom" routed it through
// out_of_memory()). So on those kernels an out_of_memory() frame is the page allocator's, pagefault_out_of_memory()'s
// or SysRq's path even when the trace is cut before its caller: global (or a cpuset/mempolicy limit). The release is
// the `CPU: … Comm: …` line's.
bool oom_frame_before_4_8(const ReportAssembler::Building& b) {
  return b.oom_frame && !b.memcg_stack && b.stack && b.stack->release && *b.stack->release < std::pair<int, int>(4, 8);
}

// A node list as the kernel prints it (`0-7`, `0,2-3`): does it hold `node`? nullopt when it does not read.
std::optional<bool> node_in_list(std::string_view list, int node) {
  bool any = false;
  while (!list.empty()) {
    auto lo = take_i64(list);
    if (!lo) return std::nullopt;
    int64_t hi = *lo;
    if (starts_with(list, "-")) {
      list.remove_prefix(1);
      auto h = take_i64(list);
      if (!h) return std::nullopt;
      hi = *h;
    }
    any = any || (node >= *lo && node <= hi);
    if (starts_with(list, ",")) list.remove_prefix(1);
    else if (!list.empty()) return std::nullopt;
  }
  return any;
}

}  // namespace

std::optional<std::string> node_confined_evidence(const std::vector<Zone>& zones, std::optional<std::string_view> gfp,
                                                  std::optional<int> order, std::optional<std::string_view> mems) {
  // Only an order-0 allocation that may take any zone of a node's Normal/Movable: a bare-hex or named mask
  // without __GFP_DMA (0x01) and __GFP_DMA32 (0x04), whose value reads.
  if (!gfp || order != std::optional<int>(0)) return std::nullopt;
  std::string_view g = *gfp;
  if (!starts_with(g, "0x")) return std::nullopt;
  g.remove_prefix(2);
  uint64_t mask = 0;
  size_t n = 0;
  for (; n < g.size() && n < 16 && hex_value(g[n]) >= 0; ++n) mask = mask * 16 + static_cast<uint64_t>(hex_value(g[n]));
  if (n == 0 || (mask & 0x05) != 0) return std::nullopt;
  const Zone* low = nullptr;   // a Normal zone at or under its min watermark
  const Zone* rich = nullptr;  // another node's Normal/Movable zone with the most free, far above its min
  for (const Zone& z : zones) {
    if ((z.name != "Normal" && z.name != "Movable") || !z.free_bytes || !z.min_bytes) continue;
    if (*z.free_bytes <= *z.min_bytes && z.name == "Normal") low = low ? low : &z;
    const bool far_above = *z.free_bytes >= (uint64_t{1} << 30) && *z.free_bytes >= 10 * *z.min_bytes;
    if (far_above && (!mems || node_in_list(*mems, z.node) == std::optional<bool>(true)) &&
        (!rich || *z.free_bytes > *rich->free_bytes))
      rich = &z;
  }
  if (!low || !rich || low->node == rich->node) return std::nullopt;
  return "not the machine: node " + std::to_string(low->node) + "'s Normal zone was at its min watermark (" +
         std::to_string(*low->free_bytes / 1024) + " kB free, min " + std::to_string(*low->min_bytes / 1024) +
         " kB) while node " + std::to_string(rich->node) + "'s " + rich->name + " zone held " +
         std::to_string(*rich->free_bytes / 1024) +
         " kB free, which this order-0 allocation could have taken had it been allowed that node: it was confined "
         "to some nodes (a NUMA memory policy such as MPOL_BIND, or __GFP_THISNODE), or raced with memory being "
         "freed; the report prints no constraint";
}

namespace {

std::optional<Constraint> decide_constraint(const ReportAssembler::Building& b, bool memcg_evidence) {
  if (b.summary) {
    // The kernel names CONSTRAINT_MEMCG only for a memcg OOM, even when its path is unknown (elided, cut).
    if (b.summary->oom_memcg || b.summary->constraint == "CONSTRAINT_MEMCG") return Constraint::memcg;
    // constrained_alloc() returns CPUSET or MEMORY_POLICY only for an OOM outside a memcg: these
    // stand even when the line was cut before its `global_oom`.
    const std::string c = b.summary->constraint.value_or("");
    if (c == "CONSTRAINT_CPUSET") return Constraint::cpuset;
    if (c == "CONSTRAINT_MEMORY_POLICY") return Constraint::mempolicy;
    if (b.summary->global_oom) return Constraint::global;
  }
  if (b.task_in && b.task_in->limit_of_host) return Constraint::global;
  if (memcg_evidence) return Constraint::memcg;
  // Linux 2.4 had no memory cgroups, cpusets or memory policies: its OOM kills are global.
  if (b.vm_killing) return Constraint::global;
  std::optional<std::string> msg;
  for (const auto& k : b.kills) if (k.kill.message) msg = k.kill.message;
  for (const auto& s : b.selected) if (s.message) msg = s.message;
  if (msg) {
    // OpenVZ's `Out of memory in UB N`: a container's beancounter limit, which no CONSTRAINT_* names (null).
    if (starts_with(*msg, "Out of memory in UB ")) return std::nullopt;
    if (starts_with(*msg, "Out of memory")) return Constraint::global;
    if (msg->find("MPOL_BIND") != std::string::npos) return Constraint::mempolicy;
  }
  if (b.no_killable && b.panic_message) return Constraint::global;  // 4.19+: only global OOMs panic here
  // 4.19+: the kernel went on after the warning without that panic: a memcg OOM, unless SysRq-f forced it.
  if (b.no_killable && b.went_on_after_no_killable && !b.sysrq && !(b.header && b.header->order == -1))
    return Constraint::memcg;
  if (b.panic_message && (b.panic_message->find("system-wide") != std::string::npos ||
                          b.panic_message->find("no killable") != std::string::npos))
    return Constraint::global;
  if (b.meminfo && !b.panic_message) return Constraint::global;  // Mem-Info is printed for non-memcg OOMs
  if (b.alloc_stack) return Constraint::global;  // out_of_memory() called by the page allocator
  if (b.pagefault_stack) return Constraint::global;  // by pagefault_out_of_memory(): no zonelist, CONSTRAINT_NONE
  if (b.reclaim_stack) return Constraint::global;  // by kswapd's MGLRU aging: no memcg, no zonelist
  if (oom_frame_before_4_8(b)) return Constraint::global;
  return std::nullopt;
}

// A row's size for bound_task_rows(): rss (or its 6.8+ parts) + swapents,
// pages; nullopt when rss is unknown.
std::optional<uint64_t> row_size_pages(const RowView& v) {
  auto rss = v.get("rss");
  if (!rss) {
    auto a = v.get("rss_anon"), f = v.get("rss_file"), s = v.get("rss_shmem");
    if (a && f && s) rss = *a + *f + *s;
  }
  if (!rss || *rss < 0) return std::nullopt;
  return static_cast<uint64_t>(*rss) + static_cast<uint64_t>(std::max<int64_t>(0, v.get("swapents").value_or(0)));
}

}  // namespace

void bound_task_rows(ReportAssembler::Building& b, size_t keep, bool keep_last) {
  const size_t n = b.rows.size();
  if (n == 0) return;
  const size_t candidates = keep_last ? n - 1 : n;
  if (candidates <= keep) return;
  const size_t slots = keep;  // the largest of all rows are among those kept from each pass
  std::vector<std::pair<uint64_t, size_t>> order;  // (size, index)
  std::vector<std::optional<uint64_t>> sizes(n);
  order.reserve(candidates);
  for (size_t i = 0; i < candidates; ++i) {
    sizes[i] = row_size_pages(view(b, b.rows[i].row));
    order.emplace_back(sizes[i].value_or(0), i);
  }
  // Largest first; among equals the earlier row.
  const auto larger = [](const auto& x, const auto& y) { return x.first != y.first ? x.first > y.first : x.second < y.second; };
  std::nth_element(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(slots), order.end(), larger);
  std::vector<bool> kept(n, false);
  for (size_t i = 0; i < slots; ++i) kept[order[i].second] = true;
  if (keep_last) kept[n - 1] = true;
  size_t out = 0;
  for (size_t i = 0; i < n; ++i) {
    if (kept[i]) {
      if (out != i) b.rows[out] = std::move(b.rows[i]);
      ++out;
      continue;
    }
    ++b.rows_dropped;
    if (b.dropped_rss_pages && sizes[i]) *b.dropped_rss_pages += *sizes[i];
    else b.dropped_rss_pages.reset();
  }
  b.rows.resize(out);
}

OomEvent finalize_event(ReportAssembler::Building&& b, const std::string& source) {
  OomEvent ev;
  // Opened before a table header that never came (rows alone): its earliest line's time.
  if (b.from_table && (!b.columns_line || b.time_from_line) && !b.time.monotonic_s && !b.time.wall)
    b.time = std::move(b.earliest);
  ev.time = std::move(b.time);
  ev.lines = b.lines;
  if (ev.lines.last < ev.lines.first) ev.lines.last = ev.lines.first;
  ev.host = std::move(b.host);
  ev.kmsg_seq = b.kmsg_seq;
  ev.boot_id = std::move(b.boot_id);
  ev.source = source;
  ev.notes = std::move(b.notes);
  if (b.columns_line) order_rows_from_header(b.rows, b.columns_line);
  else if (b.from_table && !b.summary_line)  // rows alone, no line tells their order: dump_tasks() goes by pid, mostly
    std::stable_sort(b.rows.begin(), b.rows.end(), [](const RawRow& x, const RawRow& y) { return x.row.pid < y.row.pid; });
  else order_rows_from_header(b.rows, b.summary_line, false);
  b.row_numbers_usual = usual_row_numbers(b.rows);
  if (b.columns.empty()) {
    std::vector<uint64_t> odd;
    for (const auto& r : b.rows)
      if (b.row_numbers_usual && !r.row.truncated && r.row.numbers.size() > b.row_numbers_usual) odd.push_back(r.line);
    note_lines(ev.notes, "task rows with more numbers than the table's others (a pad inside a number?), their figures "
                         "unknown: ", odd);
  }
  note_lines(ev.notes, "rejoined to the line before (wrapped): ", b.joined_lines);
  note_lines(ev.notes, "cut by a viewer (`...`, `…` or a pager's `>`; the cut fields are unknown): ", b.cut_lines);
  if (b.summary && b.summary->task_memcg_outside)
    ev.notes.emplace_back("the task_memcg ending the `oom-kill:` line is neither its oom_memcg nor a cgroup below it "
                          "(where a memory-cgroup OOM's victim always is): cut, unknown");
  if ((b.summary && b.summary->path_cut) || (b.task_in && b.task_in->path_cut))
    ev.notes.emplace_back("a memcg path ending its line looks cut inside its last name (a container id or pod UID "
                          "shorter than the runtime's, or no `.scope`/`.slice`): unknown");
  ev.sysrq = b.sysrq;
  ev.memcg_stack = b.memcg_stack;
  ev.panic_message = b.panic_message;
  ev.alloc_stall = b.alloc_stall;

  // Trigger: header + stack line + cpuset line.
  if (b.header || b.stack || b.cpuset) {
    Trigger t;
    t.header_missing = !b.header;
    if (b.header) {
      t.comm = b.header->comm;
      t.pid = b.header->pid;  // OpenVZ's header names it; a stack line of the same task names it too
      t.gfp_mask = b.header->gfp_mask;
      // A header wrapped after `gfp_mask=0xd0,` keeps the separator: the mask is 0xd0.
      if (t.gfp_mask && t.gfp_mask->size() > 1 && t.gfp_mask->back() == ',') t.gfp_mask->pop_back();
      t.order = b.header->order;
      t.oom_score_adj = b.header->oom_score_adj;
      t.oom_adj = b.header->oom_adj;
      t.nodemask = b.header->nodemask;
      if (t.order == -1) ev.sysrq = true;
    }
    // The stack line belongs to the trigger unless it names another task.
    if (b.stack && (t.comm.empty() || starts_with(b.stack->comm, t.comm) || starts_with(t.comm, b.stack->comm))) {
      t.pid = b.stack->pid;
      if (t.comm.empty()) t.comm = b.stack->comm;
      // The `Workqueue:` line after it is that task's (a worker's) work.
      if (b.workqueue) {
        t.workqueue = b.workqueue->name;
        t.work_function = b.workqueue->function;
      }
    }
    // No stack line (a poster cut it, corpus 654): the header's printk caller id (`[T96407]`,
    // CONFIG_PRINTK_CALLER) is the task that printed it, dump_header()'s current, the pid the `CPU: … PID:` line
    // prints. A `[C3]` id (interrupt context) names no task.
    if (!t.pid && b.header && !t.comm.empty() && b.caller_id && *b.caller_id < 0x80000000u && *b.caller_id > 0)
      t.pid = static_cast<int64_t>(*b.caller_id);
    if (b.cpuset) {
      t.cpuset = b.cpuset->cpuset;
      t.mems_allowed = b.cpuset->mems_allowed;
      if (t.comm.empty()) t.comm = b.cpuset->comm;
    }
    if (b.summary) {
      if (!t.nodemask && b.summary->nodemask) t.nodemask = b.summary->nodemask;
      if (!t.cpuset && b.summary->cpuset) t.cpuset = b.summary->cpuset;
      if (!t.mems_allowed && b.summary->mems_allowed) t.mems_allowed = b.summary->mems_allowed;
    }
    ev.trigger = std::move(t);
  }
  if (b.summary) ev.constraint_printed = b.summary->constraint;

  // Page size: victim row total_vm pages vs kill-line total-vm kB, else buddy lists.
  std::optional<uint64_t> page_size;
  // A victim's kill line a viewer cut before its total-vm, with the victim's row in the table: the log gave the
  // page size there and the cut took it (corpus 518 at 100 columns: ppc64le's 64 KiB), so none is assumed.
  bool page_size_cut = false;
  for (const auto& k : b.kills) {
    const RawRow* r = row_for(b, k.kill.pid);
    if (r && k.kill.cut && !k.kill.total_vm_kb) page_size_cut = true;
    if (!r || !k.kill.total_vm_kb) continue;
    auto tv = view(b, r->row).get("total_vm");
    if (!tv || *tv <= 0) continue;
    uint64_t bytes = *k.kill.total_vm_kb * 1024;
    if (bytes % static_cast<uint64_t>(*tv) == 0 && is_pow2_page(bytes / static_cast<uint64_t>(*tv))) {
      page_size = bytes / static_cast<uint64_t>(*tv);
      break;
    }
  }
  if (!page_size && b.buddy_page_kb && is_pow2_page(*b.buddy_page_kb * 1024)) page_size = *b.buddy_page_kb * 1024;
  if (!page_size) page_size = page_size_from_free(b);
  bool needs_pages = !b.rows.empty() || b.free_pages || b.ram_pages || b.active_anon_pages;
  // A ppc64 kernel's release (`….el8.ppc64le`) and nothing that gives the page size (corpus 695: Mem-Info's counters
  // only): its distributions use 64 KiB pages, so 4 KiB is no assumption to make.
  const bool ppc64 = b.stack && b.stack->ppc64_release;
  if (!page_size && needs_pages && ppc64) page_size_cut = true;
  if (!page_size && needs_pages && ppc64) {
    ev.notes.emplace_back("page size unknown: a ppc64 kernel (usually 64 KiB pages) and no line that gives it; page "
                          "counts left unknown");
  } else if (!page_size && needs_pages && page_size_cut) {
    ev.notes.emplace_back("page size unknown: the kill line that gives it was cut; page counts left unknown");
  } else if (!page_size && needs_pages) {
    page_size = 4096;
    ev.page_size_assumed = true;
    ev.notes.emplace_back("page size not printed; assumed 4096 bytes for page counts");
  }
  // A page size the log gives is kept even when no page count needs it: a high-order allocation's block size
  // (page size << order) is said from it (corpus 510: a header and buddy lists only).
  ev.page_size_bytes = needs_pages || !ev.page_size_assumed ? page_size : std::nullopt;
  const uint64_t ps = page_size.value_or(page_size_cut ? 0 : 4096);

  // Victims.
  for (auto& k : b.kills) {
    Victim v;
    const auto& kl = k.kill;
    if (kl.pid) v.pid = kl.pid;  // 0: masked by the writer, unknown
    // A pid the writer masked (`Killed process NNNN (python)`, `Killed process (comm)`): the report's `oom-kill:`
    // summary prints the chosen task's pid, and its kill line is that task's when the summary names its comm and no
    // other kill of the report has that name (a memory.oom.group kill of same-named workers leaves it unknown).
    if (!kl.pid && b.summary && b.summary->pid && *b.summary->pid > 0 && !b.summary->pid_ends_text &&
        b.summary->task == kl.comm && !kl.comm.empty() &&
        std::count_if(b.kills.begin(), b.kills.end(), [&](const RawKill& o) { return o.kill.comm == kl.comm; }) == 1)
      v.pid = b.summary->pid;
    v.comm = kl.comm;
    v.uid = kl.uid;
    // A kill line a viewer cut before its `UID:`: the `oom-kill:` summary prints the uid of the same task (both
    // from task_uid(victim)). A whole kill line without one (before 5.3) keeps it unprinted, and so does one that
    // prints what follows `UID:` (`pgtables:`, `oom_score_adj:`): not cut before it, but without it as quoted (corpus
    // 631, a poster who left it out).
    if (!v.uid && kl.cut && !kl.pgtables_kb && !kl.oom_score_adj && b.summary && b.summary->pid == kl.pid)
      v.uid = b.summary->uid;
    set_sizes_from_kb(v, kl);
    // 5.4 before the Dec-2019 fix printed pgtables in bytes labelled kB.
    if (kl.pgtables_kb && kl.total_vm_kb && *kl.pgtables_kb % 4096 == 0 && *kl.pgtables_kb > 0 &&
        *kl.pgtables_kb > *kl.total_vm_kb / 64) {
      v.pgtables_bytes = kl.pgtables_kb;
      ev.notes.push_back("pgtables of pid " + std::to_string(kl.pid) +
                         " looks like bytes printed as kB (early 5.4 bug); read as bytes");
    }
    // A process holds no more than it maps: resident sizes over total-vm are figures a poster or a garbled paste
    // altered (corpus 667: anon-rss 921340kB of a 209732kB total-vm). Kept as printed, said untrustworthy.
    if (kl.total_vm_kb && kl.anon_rss_kb) {
      const uint64_t resident = *kl.anon_rss_kb + kl.file_rss_kb.value_or(0) + kl.shmem_rss_kb.value_or(0);
      if (resident > *kl.total_vm_kb)
        ev.notes.push_back("the kill line of pid " + std::to_string(kl.pid) + " prints more resident memory (" +
                           std::to_string(resident) + " kB) than its total-vm (" + std::to_string(*kl.total_vm_kb) +
                           " kB), which no process holds: its figures were altered (an edited or garbled line) and "
                           "are not to be trusted");
    }
    if (kl.oom_score_adj) {
      v.oom_score_adj = kl.oom_score_adj;
      v.oom_score_adj_source = "kill_line";
    } else if (const RawRow* r = row_for(b, kl.pid)) {
      if (auto a = view(b, r->row).get("oom_score_adj"); a && *a >= -1000 && *a <= 1000) {
        v.oom_score_adj = static_cast<int>(*a);
        v.oom_score_adj_source = "task_table";
      }
    }
    // A kill line cut inside its name (`Killed process 62769 (...`) leaves
    // comm empty: the victim's own task-table row names it, when whole.
    if (v.comm.empty())
      if (const RawRow* r = row_for(b, kl.pid); r && !r->row.truncated && readable_comm(r->row.comm)) {
        v.comm = r->row.comm;
        ev.notes.push_back("the name of pid " + std::to_string(kl.pid) + " was cut on its kill line; taken from its task-table row");
      }
    // A kill line with no name (a writer's copy without its `(comm)`, corpus 891) is of the task the report's
    // `oom-kill:` summary names (dump_oom_summary() prints the victim): its name, when the summary prints no other
    // pid and this is the report's one kill.
    if (v.comm.empty() && kl.pid && b.kills.size() == 1 && b.summary && summary_names_kill(kl, *b.summary)) {
      v.comm = *b.summary->task;
      ev.notes.push_back("the kill line of pid " + std::to_string(kl.pid) +
                         " prints no name; taken from the `oom-kill:` summary's task=");
    }
    if (kl.score) v.selected_score = kl.score;  // OpenVZ prints it on the kill line
    for (const auto& s : b.selected)
      if (s.pid == kl.pid) v.selected_score = s.score, v.selected_score_legacy = s.legacy_badness;
    v.reaped = k.reaped;
    v.reap_failed = k.reap_failed;
    v.printed_twice = k.printed_twice;
    if (k.again)
      v.reprinted = KillSizes{kb_to_bytes(k.again->total_vm_kb), kb_to_bytes(k.again->anon_rss_kb),
                              kb_to_bytes(k.again->file_rss_kb), kb_to_bytes(k.again->shmem_rss_kb),
                              kb_to_bytes(k.again->pgtables_kb)};
    v.message = kl.message;
    v.line = k.line;
    ev.victims.push_back(std::move(v));
  }
  // No kill line, but the reaper reaped the chosen task (or, with no summary, this report's victim): a kill
  // whose sizes were not printed.
  if (b.kills.empty() && b.chosen_reaped) {
    Victim v;
    v.pid = b.chosen_reaped_pid;
    v.comm = b.summary && b.summary->task ? *b.summary->task : b.chosen_reaped_comm;
    if (b.summary) v.uid = b.summary->uid;
    // Its task-table row prints its oom_score_adj (one value for a whole process), as for a kill line without it.
    if (const RawRow* r = v.pid ? row_for(b, *v.pid) : nullptr)
      if (auto a = view(b, r->row).get("oom_score_adj"); a && *a >= -1000 && *a <= 1000) {
        v.oom_score_adj = static_cast<int>(*a);
        v.oom_score_adj_source = "task_table";
      }
    v.reaped = b.chosen_reaped;
    ev.victims.push_back(std::move(v));
    ev.notes.emplace_back("the kill line of pid " + std::to_string(b.chosen_reaped_pid) +
                          " is not in the text, but the OOM reaper reaped it: it was killed; the sizes that line "
                          "prints are unknown");
  }
  if (b.vm_killing) {
    Victim v;
    v.comm = *b.vm_killing;
    v.line = b.lines.first;
    ev.victims.push_back(std::move(v));
    ev.notes.emplace_back("Linux 2.4's page-fault OOM kill (`VM: killing process`): it prints the name only, no pid "
                          "and no report");
  }
  for (auto& s : b.selected) ev.selected.push_back(Selected{s.pid, s.comm, s.score, s.message, s.legacy_badness});
  // `oom-kill:…,task=X,pid=N,uid=U` (dump_oom_summary()): the chosen task, with or without its kill line.
  if (b.summary && (b.summary->pid || b.summary->task)) {
    ChosenTask c;
    c.pid = b.summary->pid;
    c.comm = b.summary->task.value_or("");
    // A pid ending the summary's text (`…,task=dd,pid=4` + a lost `404,uid=0`, corpus 618 re-prefixed) while a kill
    // line of that task prints another pid: a stump, unknown.
    if (b.summary->pid_ends_text && c.pid &&
        std::any_of(ev.victims.begin(), ev.victims.end(),
                    [&](const Victim& v) { return v.pid && *v.pid != *c.pid && v.comm == c.comm; }))
      c.pid.reset();
    c.uid = b.summary->uid;
    ev.chosen = std::move(c);
  }

  // Tasks table, its largest kMaxTaskRows rows (after the victims: they read
  // figures from every row still held).
  bound_task_rows(b, kMaxTaskRows, false);
  ev.tasks_header_missing = !b.rows.empty() && b.columns.empty();
  if (b.rows_dropped > 0) {
    ev.tasks_dropped = b.rows_dropped;
    ev.tasks_dropped_rss_bytes = pages(b.dropped_rss_pages, ps);
    ev.notes.push_back("task table: " + std::to_string(b.rows_dropped) + " smaller rows left out, the " +
                       std::to_string(kMaxTaskRows) + " largest kept");
  }
  for (const auto& rr : b.rows) {
    RowView v = view(b, rr.row);
    TaskRow t;
    t.pid = rr.row.pid;
    // A row a viewer cut lost the end of its name, the row's last field (prefix.cpp's cut rule drops only the
    // stump after the last space: a comm with a space, `gunicorn: maste`, would keep `gunicorn:`): unknown.
    if (!rr.row.truncated) t.comm = rr.row.comm;
    if (auto u = v.get("uid"); u && *u >= 0 && *u <= UINT32_MAX) t.uid = static_cast<uint32_t>(*u);
    t.tgid = v.get("tgid");
    t.total_vm_bytes = pages_i(v.get("total_vm"), ps);
    t.rss_bytes = pages_i(v.get("rss"), ps);
    t.rss_anon_bytes = pages_i(v.get("rss_anon"), ps);
    t.rss_file_bytes = pages_i(v.get("rss_file"), ps);
    t.rss_shmem_bytes = pages_i(v.get("rss_shmem"), ps);
    if (auto pb = v.get("pgtables_bytes"); pb && *pb >= 0) t.pgtables_bytes = static_cast<uint64_t>(*pb);
    else if (auto pt = v.get("nr_ptes"); pt && *pt >= 0) {
      // 4.1-4.18 count page tables in two columns, nr_ptes then nr_pmds: a row cut before its nr_pmds, or a table
      // header cut after nr_ptes (the next column unknown: `""`), leaves their sum unknown, never nr_ptes alone
      // (corpus 697 through truncate100_dots); a table whose next column is another (3.x: swapents) counts one.
      const size_t at = static_cast<size_t>(std::find(v.cols.begin(), v.cols.end(), "nr_ptes") - v.cols.begin());
      const std::string_view next = at + 1 < v.cols.size() ? std::string_view(v.cols[at + 1]) : std::string_view();
      const auto pmds = v.get("nr_pmds");
      if (next == "nr_pmds" ? pmds.has_value() : !next.empty())
        t.pgtables_bytes = pages_i(*pt + std::max<int64_t>(0, pmds.value_or(0)), ps);
    }
    t.swap_bytes = pages_i(v.get("swapents"), ps);
    if (auto a = v.get("oom_score_adj"); a && *a >= -1000 && *a <= 1000) t.oom_score_adj = static_cast<int>(*a);
    if (auto a = v.get("oom_adj"); a && *a >= -17 && *a <= 15) t.oom_adj = static_cast<int>(*a);
    ev.tasks.push_back(std::move(t));
  }

  // Memory cgroup facts.
  bool memcg_msg = false;
  for (const auto& k : b.kills) memcg_msg = memcg_msg || (k.kill.message && starts_with(*k.kill.message, "Memory cgroup"));
  for (const auto& s : b.selected) memcg_msg = memcg_msg || (s.message && starts_with(*s.message, "Memory cgroup"));
  bool has_memcg = b.task_in || b.limit_reached_memcg || !b.counters.empty() || b.stats_path ||
                   (b.summary && (b.summary->oom_memcg || b.summary->task_memcg));
  if (has_memcg) {
    MemcgInfo m;
    if (b.summary) {
      if (!padded(b.summary->oom_memcg)) m.oom_memcg = b.summary->oom_memcg;
      if (!padded(b.summary->task_memcg)) m.task_memcg = b.summary->task_memcg;
    }
    if (b.task_in) {
      if (!b.task_in->task_memcg.empty() && !padded(b.task_in->task_memcg)) m.task_memcg = b.task_in->task_memcg;
      if (!b.task_in->oom_memcg.empty() && !padded(b.task_in->oom_memcg)) m.oom_memcg = b.task_in->oom_memcg;
      if (!b.task_in->limit_of_host) m.hierarchy = "v1";
    }
    if (!m.oom_memcg && !padded(b.limit_reached_memcg)) m.oom_memcg = b.limit_reached_memcg;
    if (!m.oom_memcg && b.stats_path && !b.stats_path->empty() && !padded(b.stats_path) &&
        !(b.summary && b.summary->global_oom)) {
      m.oom_memcg = b.stats_path;
      m.oom_memcg_maybe_child = b.counters.empty();
      ev.notes.emplace_back(m.oom_memcg_maybe_child
                                ? "OOM memcg taken from the first `Memory cgroup stats for` line; the lines before it "
                                  "(`memory: usage …`) are not in the text, so it may be a child of the cgroup whose "
                                  "limit was hit"
                                : "OOM memcg taken from the first `Memory cgroup stats for` line");
    }
    for (const auto& c : b.counters) {
      if (c.name == "memory") {
        fill_limit(c, m.usage_bytes, m.limit_bytes, m.limit_state);
        m.failcnt = c.failcnt;
      } else if (c.name == "swap") {
        fill_limit(c, m.swap_usage_bytes, m.swap_limit_bytes, m.swap_limit_state);
        m.swap_failcnt = c.failcnt;
        m.hierarchy = "v2";
      } else if (c.name == "memory+swap") {
        LimitState st = LimitState::unknown;
        fill_limit(c, m.memsw_usage_bytes, m.memsw_limit_bytes, st);
        m.memsw_failcnt = c.failcnt;
        m.hierarchy = "v1";
      } else if (c.name == "kmem") {
        LimitState st = LimitState::unknown;
        fill_limit(c, m.kmem_usage_bytes, m.kmem_limit_bytes, st);
        m.hierarchy = "v1";
      }
    }
    // v1 charges memory+swap together with memory whenever it is accounted, so its usage is never below memory's:
    // printed as 0 beside a nonzero memory usage, swap accounting is off (swapaccount=0, CONFIG_MEMCG_SWAP unset;
    // mem_cgroup_print_oom_meminfo() prints the line anyway) and memory+swap is unknown, not 0 (corpus 594).
    if (m.memsw_usage_bytes == uint64_t{0} && m.usage_bytes.value_or(0) > 0) {
      m.memsw_usage_bytes.reset();
      m.memsw_failcnt.reset();
      ev.notes.emplace_back("`memory+swap`: usage printed as 0 beside a nonzero memory usage: swap is not accounted "
                            "(`swapaccount=0`), so memory+swap usage is unknown");
    }
    if (b.stats_v1_kb) {
      m.hierarchy = m.hierarchy.value_or("v1");
      for (auto& [k2, v2] : b.stats) m.stats.emplace_back(k2, v2 * 1024);
    } else {
      if (b.stats_v2 && !m.hierarchy) m.hierarchy = "v2";
      m.stats = std::move(b.stats);
    }
    // The owner (Docker, Kubernetes, …) is decided later, by
    // diagnose/cgroup_owner.h: parsing only records the paths.
    ev.memcg = std::move(m);
  }
  const bool task_in_memcg = b.task_in && !b.task_in->limit_of_host;
  bool memcg_evidence = memcg_msg || b.memcg_stack || task_in_memcg || b.limit_reached_memcg || !b.counters.empty() ||
                        b.memcg_stat_before_table ||
                        (b.stats_path && !(b.summary && b.summary->global_oom));
  ev.constraint = decide_constraint(b, memcg_evidence);
  // A constraint read from the call trace or Mem-Info (no `oom-kill:` line): the zones may show the machine had
  // memory the allocation was not allowed (corpus 519: node 0 at its min, nodes 1-7 with up to 476 GB free).
  if (ev.constraint == Constraint::global && !b.summary && b.kills.empty() && b.selected.empty()) {
    const std::optional<std::string_view> mems =
        b.cpuset ? std::optional<std::string_view>(b.cpuset->mems_allowed) : std::nullopt;
    if (auto why = node_confined_evidence(b.zones, b.header ? b.header->gfp_mask : std::nullopt,
                                          b.header ? b.header->order : std::nullopt, mems)) {
      ev.constraint.reset();
      ev.notes.push_back("constraint unknown, " + *why);
    }
  }
  if (ev.constraint == Constraint::memcg && b.no_killable && b.went_on_after_no_killable && !b.summary && !memcg_msg &&
      !b.task_in && b.counters.empty() && !b.stats_path && !b.memcg_stack)
    ev.notes.emplace_back("constraint memcg: the kernel went on after `Out of memory and no killable processes...` "
                          "without `System is deadlocked on memory` (4.19+ panics there for a global OOM only)");
  const bool other_evidence = b.summary || b.meminfo || memcg_msg || b.task_in || !b.counters.empty() ||
                              b.stats_path || !b.kills.empty() || !b.selected.empty() || b.panic_message;
  // A 4.9–4.20 header of a task in the root cpuset (`cpuset=/`, every node) whose allocation had no nodemask
  // (`nodemask=(null)`, no memory policy): constrained_alloc() found no cpuset or mempolicy limit (corpus 127, 715).
  const bool no_cpuset_or_mempolicy = ev.trigger && ev.trigger->cpuset == "/" && ev.trigger->nodemask == "(null)";
  if (ev.constraint && !other_evidence && (b.memcg_stack || b.alloc_stack || b.pagefault_stack || b.reclaim_stack))
    ev.notes.emplace_back(b.memcg_stack ? "constraint memcg taken from the call trace (" + b.memcg_frame + ")"
                          : b.alloc_stack && no_cpuset_or_mempolicy
                              ? "constraint taken from the call trace (out_of_memory called by the page allocator) "
                                "and the header (`cpuset=/`, `nodemask=(null)`: no cpuset or mempolicy limit): global"
                          : b.alloc_stack ? "constraint taken from the call trace (out_of_memory called by the page "
                                            "allocator: global, or a cpuset/mempolicy limit)"
                          : b.pagefault_stack ? "constraint taken from the call trace (out_of_memory called by "
                                                "pagefault_out_of_memory: global)"
                          : b.reclaim_inlined ? "constraint taken from the call trace (out_of_memory called by "
                                                "balance_pgdat, kswapd's reclaim, which works for no memory cgroup: "
                                                "global)"
                                              : "constraint taken from the call trace (out_of_memory called by "
                                                "lru_gen_age_node, kswapd's multi-gen LRU aging: global)");
  else if (ev.constraint && !other_evidence && oom_frame_before_4_8(b))
    ev.notes.emplace_back("constraint taken from the call trace (out_of_memory, which no memory-cgroup OOM calls "
                          "before Linux 4.8: global, or a cpuset/mempolicy limit)");
  if (ev.constraint == Constraint::memcg && b.memcg_stat_before_table && !b.summary && !memcg_msg && !b.memcg_stack)
    ev.notes.emplace_back("constraint memcg taken from the cgroup v2 memory.stat lines before the Tasks table "
                          "(mem_cgroup_print_oom_meminfo prints them for a memcg OOM only)");
  ev.pagefault_oom = b.pagefault_stack && ev.constraint == Constraint::global;
  ev.reclaim_oom = b.reclaim_stack && ev.constraint == Constraint::global;
  if (ev.constraint == Constraint::memcg) ev.limit_lowered = b.limit_write;
  if (b.group_kill_memcg) {
    ev.oom_group_memcg = b.group_kill_memcg;
    ev.notes.push_back("memory.oom.group is set on " + *b.group_kill_memcg +
                       ": the kernel killed every task of that cgroup together");
  }

  if (b.meminfo || b.free_swap_kb || b.ram_pages) {
    MemInfo mi;
    mi.free_bytes = pages(b.free_pages, ps);
    mi.free_swap_bytes = kb(b.free_swap_kb);
    mi.total_swap_bytes = kb(b.total_swap_kb);
    mi.swapoff_unread_bytes = kb(b.swapoff_unread_kb);
    mi.ram_bytes = pages(b.ram_pages, ps);
    mi.reserved_bytes = pages(b.reserved_pages, ps);
    // More pages reserved than RAM (`4294965447 pages reserved` of 131072, 4.1 arm with CMA): a negative count
    // printed unsigned, no size.
    if (b.reserved_pages && b.ram_pages && *b.reserved_pages > *b.ram_pages) {
      mi.reserved_bytes.reset();
      ev.notes.push_back("`" + std::to_string(*b.reserved_pages) + " pages reserved` is more than the " +
                         std::to_string(*b.ram_pages) + " pages of RAM (a negative count printed unsigned): unknown");
    }
    mi.active_anon_bytes = pages(b.active_anon_pages, ps);
    mi.inactive_anon_bytes = pages(b.inactive_anon_pages, ps);
    mi.shmem_bytes = pages(b.shmem_pages, ps);
    mi.slab_unreclaimable_bytes = pages(b.slab_unreclaimable_pages, ps);
    mi.active_file_bytes = pages(b.active_file_pages, ps);
    mi.inactive_file_bytes = pages(b.inactive_file_pages, ps);
    mi.slab_bytes = pages(b.slab_pages, ps);
    mi.slab_reclaimable_bytes = pages(b.slab_reclaimable_pages, ps);
    mi.unevictable_bytes = pages(b.unevictable_pages, ps);
    mi.pagetables_bytes = pages(b.pagetables_pages, ps);
    mi.free_cma_bytes = pages(b.free_cma_pages, ps);
    // One zone line, its `free_cma:` lost (a viewer cut the line, corpus 690), holding nearly all the free memory
    // the counters show: at least the counters' free CMA pages less the free memory outside it are its own.
    if (b.zones.size() == 1 && !b.zones[0].free_cma_bytes && mi.free_cma_bytes && mi.free_bytes &&
        b.zones[0].free_bytes && *mi.free_bytes >= *b.zones[0].free_bytes &&
        *mi.free_bytes - *b.zones[0].free_bytes < *mi.free_bytes / 8) {
      const uint64_t outside = *mi.free_bytes - *b.zones[0].free_bytes;
      if (*mi.free_cma_bytes > outside) b.zones[0].free_cma_bytes = *mi.free_cma_bytes - outside;
    }
    mi.highmem_bytes = pages(b.highmem_pages, ps);
    if (every_zone_printed(b) &&
        std::all_of(b.zones.begin(), b.zones.end(), [](const Zone& z) { return z.present_bytes.has_value(); })) {
      uint64_t present = 0;
      for (const Zone& z : b.zones) present += *z.present_bytes;
      mi.zones_present_bytes = present;
    }
    mi.zones = std::move(b.zones);
    mi.hugepages = std::move(b.hugepages);
    mi.unreclaimable_slab = std::move(b.slab);
    std::stable_sort(mi.unreclaimable_slab.begin(), mi.unreclaimable_slab.end(),
                     [](const SlabCache& x, const SlabCache& y) { return x.total_bytes > y.total_bytes; });
    ev.mem_info = mi;
  }

  // ≤4.18 panics with the no-killable message itself.
  const bool panic_no_killable =
      b.panic_message && starts_with(*b.panic_message, "Out of memory and no killable processes");
  if (b.no_killable || panic_no_killable) ev.kind = EventKind::no_killable;
  else if (!ev.victims.empty()) ev.kind = EventKind::kill;
  else if (b.panic_message) ev.kind = EventKind::panic;
  else if (!ev.selected.empty()) ev.kind = EventKind::selected_no_kill;
  else {
    ev.kind = EventKind::incomplete;
    ev.notes.emplace_back(ev.chosen ? "the `oom-kill:` summary names the task chosen to be killed, but its kill line "
                                      "is not in the text (cut off or lost): whether it was killed is unknown"
                                    : std::string(kNoteNoKillLine));
  }
  if (b.headerless)
    ev.notes.emplace_back("the report's header (`… invoked oom-killer: …`) is not in the input: it is read from its "
                          "call trace on");
  else if (b.from_table)
    ev.notes.emplace_back("the report's header (`… invoked oom-killer: …`) is not in the input: it is read from its "
                          "Mem-Info block or Tasks table on");
  else if (b.header && b.header->comm.empty())  // oomline::parse_header(): 2.6.10–2.6.18
    ev.notes.emplace_back("the report's header (`oom-killer: gfp_mask=…`, Linux 2.6.10 to 2.6.18) names no task: "
                          "which task asked for memory is unknown");
  else if (!b.header && !b.vm_killing && !ev.victims.empty())  // 2.4 prints none
    ev.notes.emplace_back(kNoteNoHeaderBeforeKill);
  else if (!b.header && !ev.selected.empty() && b.stack_from_later_dump)  // its trigger from a later dump
    ev.notes.emplace_back(std::string(kNoteNoHeaderBeforeSelection) +
                          ": with what gfp_mask and order memory was asked for is unknown; and no kill line follows it "
                          "in the text, so whether a process was killed is unknown");
  else if (!b.header && !ev.selected.empty())  // a selection alone (`Kill process … or sacrifice child`)
    ev.notes.emplace_back(std::string(kNoteNoHeaderBeforeSelection) +
                          ": which task asked for memory, with what gfp_mask and order, is unknown; and no kill line "
                          "follows it in the text, so whether a process was killed is unknown");
  if (b.stack_from_later_dump && ev.trigger)
    ev.notes.emplace_back("the task that invoked the OOM killer is read from the `CPU:` line of another dump printed "
                          "after the selection, whose call trace runs through oom_kill_process() (where the selection "
                          "is printed, before the kill)");
  return ev;
}

}  // namespace oomlens
