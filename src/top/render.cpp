// Text and JSON rendering for `oomlens top` (see render.h).
#include "top/render.h"
#include "util/json_opt.h"

#include <fmt/core.h>

#include <vector>

#include "util/format.h"
#include "util/display_width.h"
#include "util/i18n.h"
#include "util/sanitize.h"

namespace oomlens::top {
namespace {

std::string bytes_or_dash(const std::optional<uint64_t>& b) { return b ? format_bytes(*b) : "-"; }
std::string int_or_dash(const std::optional<int>& v) { return v ? std::to_string(*v) : "-"; }
// The %LIM column: RSS as a percent of the cgroup's tightest limit, "-" when unlimited.
std::string share_or_dash(const std::optional<uint64_t>& rss, const std::optional<uint64_t>& limit) {
  auto pct = limit_share_pct(rss, limit);
  return pct ? fmt::format("{:.0f}%", *pct) : std::string("-");
}
// The tree view's branch before a command: two columns per level, at most 10 levels.
std::string branch(int depth) {
  if (depth <= 0) return "";
  return std::string(size_t(std::min(depth, 10) - 1) * 2, ' ') + "└ ";
}

using util::opt;

}  // namespace

// Cut by display width (printable() output is UTF-8; a CJK character takes
// two columns: util/display_width.h), never inside a code point.
std::string cut(const std::string& s, size_t width) {
  if (width == 0) return s;
  size_t cols = 0, i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
    const size_t w = display_width(std::string_view(s).substr(i, len));
    if (cols + w > width) break;
    i += len;
    cols += w;
  }
  return s.substr(0, std::min(i, s.size()));
}

namespace {

std::string pct(uint64_t a, uint64_t b) { return b ? fmt::format("{:.0f}%", 100.0 * double(a) / double(b)) : "?"; }

}  // namespace

std::vector<std::string> header_lines(const Header& h) {
  std::vector<std::string> out;
  std::string l1;
  if (h.meminfo) {
    const auto& m = *h.meminfo;
    l1 = trf("Mem avail {} of {}", bytes_or_dash(m.mem_available_bytes), bytes_or_dash(m.mem_total_bytes));
    if (m.swap_total_bytes && *m.swap_total_bytes == 0) l1 += tr(" · swap none");
    else if (m.swap_total_bytes && m.swap_free_bytes)
      l1 += trf(" · swap used {} of {}", format_bytes(*m.swap_total_bytes - std::min(*m.swap_free_bytes, *m.swap_total_bytes)),
                        format_bytes(*m.swap_total_bytes));
    if (m.committed_as_bytes && m.commit_limit_bytes)
      l1 += trf(" · commit {} / {} ({})", format_bytes(*m.committed_as_bytes), format_bytes(*m.commit_limit_bytes),
                        pct(*m.committed_as_bytes, *m.commit_limit_bytes));
  } else {
    l1 = tr("Mem: /proc/meminfo unreadable");
  }
  out.push_back(l1);
  std::string l2;
  if (h.memory_pressure) {
    const auto& p = *h.memory_pressure;
    l2 = trf("PSI mem some {} full {} (avg10)", p.some ? fmt::format("{:.2f}%", p.some->avg10) : "-",
                     p.full ? fmt::format("{:.2f}%", p.full->avg10) : "-");
  } else {
    l2 = tr("PSI unavailable");
  }
  if (h.cgroup_limit_bytes)
    l2 += trf(" · cgroup limit {} ({})", format_bytes(*h.cgroup_limit_bytes), printable(h.cgroup_path.value_or("?")));
  else
    l2 += tr(" · cgroup limit none");
  l2 += trf(" · {} processes", h.processes);
  out.push_back(l2);
  return out;
}

std::string cut_front(const std::string& s, size_t width) {
  if (width == 0) return s;
  std::vector<size_t> starts;  // each code point's first byte (not 10xxxxxx)
  for (size_t i = 0; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) starts.push_back(i);
  if (starts.size() <= width) return s;
  if (width == 1) return "…";
  return "…" + s.substr(starts[starts.size() - (width - 1)]);
}

std::string cgroup_label(const StaticInfo& info, size_t width) {
  if (info.owner) {
    std::string id = info.owner->id;
    if (id.size() > width) id = shorten_ids(id);
    if (id.size() > width) id = id.substr(0, width);
    return cut(printable(info.owner->kind + ":" + id), width);
  }
  if (info.cgroup_path.empty() || info.cgroup_path == "/") return "-";
  return cut_front(printable(shorten_ids(info.cgroup_path)), width);
}

std::string table_title(bool gpu, bool grouped, size_t width) {
  // Headers in the user's language, aligned by display width (CJK: 2 columns).
  std::string t = pad_left(grouped ? tr("LEADER") : "PID", 7) + " " + pad_right(tr("USER"), 8) + " " +
                  pad_left(tr("SCORE"), 5) + " " + pad_left(grouped ? tr("PROCS") : "ADJ", 5) + " " +
                  pad_left("RSS", 10) + " " + pad_left("PSS", 10) + " " + pad_left("SWAP", 10) + " " + pad_left("%LIM", 5) + " ";
  if (gpu) t += pad_left("GPU", 10) + " ";
  t += pad_right("CGROUP", 24) + " " + (grouped ? tr("APPLICATION") : tr("COMMAND"));
  return cut(t, width);
}

std::string format_row(const ProcessRow& r, bool gpu, size_t width) {
  std::string user = r.info ? r.info->user : "?";
  std::string t = fmt::format("{:>7} {:<8} {:>5} {:>5} {:>10} {:>10} {:>10} {:>5} ", r.pid, cut(printable(user), 8),
                              int_or_dash(r.oom_score), int_or_dash(r.oom_score_adj), bytes_or_dash(r.rss_bytes),
                              bytes_or_dash(r.pss_bytes), bytes_or_dash(r.swap_bytes),
                              share_or_dash(r.rss_bytes, r.cgroup_limit_bytes));
  if (gpu) t += fmt::format("{:>10} ", bytes_or_dash(r.gpu_bytes));
  std::string cg = r.info ? cgroup_label(*r.info) : "-";
  t += fmt::format("{:<24} {}{}", cut(cg, 24), branch(r.depth), r.info ? printable(r.info->cmdline) : printable(r.comm));
  return cut(t, width);
}

std::string format_group(const Group& g, bool gpu, size_t width) {
  std::string user = g.info ? g.info->user : "?";
  std::string t = fmt::format("{:>7} {:<8} {:>5} {:>5} {:>10} {:>10} {:>10} {:>5} ", g.leader_pid, cut(printable(user), 8),
                              int_or_dash(g.max_oom_score), g.pids.size(), format_bytes(g.rss_bytes),
                              bytes_or_dash(g.pss_bytes), bytes_or_dash(g.swap_bytes),
                              share_or_dash(g.rss_bytes, g.cgroup_limit_bytes));
  if (gpu) t += fmt::format("{:>10} ", "");
  std::string cg = g.info ? cgroup_label(*g.info) : "-";
  t += fmt::format("{:<24} {} ×{}", cut(cg, 24), printable(g.comm), g.pids.size());
  return cut(t, width);
}

std::string render_text(const Snapshot& s, size_t limit, bool grouped, size_t width) {
  std::string out;
  for (const auto& l : header_lines(s.header)) out += cut(l, width) + "\n";
  out += table_title(s.gpu_available, grouped, width) + "\n";
  if (grouped) {
    auto groups = group_rows(s.rows);
    for (size_t i = 0; i < groups.size() && (limit == 0 || i < limit); ++i)
      out += format_group(groups[i], s.gpu_available, width) + "\n";
  } else {
    for (size_t i = 0; i < s.rows.size() && (limit == 0 || i < limit); ++i)
      out += format_row(s.rows[i], s.gpu_available, width) + "\n";
  }
  return out;
}

nlohmann::json render_json(const Snapshot& s, size_t limit, bool grouped) {
  nlohmann::json doc;
  nlohmann::json h;
  const auto& m = s.header.meminfo;
  h["mem_total_bytes"] = m ? opt(m->mem_total_bytes) : nullptr;
  h["mem_available_bytes"] = m ? opt(m->mem_available_bytes) : nullptr;
  h["swap_total_bytes"] = m ? opt(m->swap_total_bytes) : nullptr;
  h["swap_free_bytes"] = m ? opt(m->swap_free_bytes) : nullptr;
  h["committed_as_bytes"] = m ? opt(m->committed_as_bytes) : nullptr;
  h["commit_limit_bytes"] = m ? opt(m->commit_limit_bytes) : nullptr;
  if (s.header.memory_pressure) {
    const auto& p = *s.header.memory_pressure;
    h["psi_memory_some_avg10_pct"] = p.some ? nlohmann::json(p.some->avg10) : nlohmann::json(nullptr);
    h["psi_memory_full_avg10_pct"] = p.full ? nlohmann::json(p.full->avg10) : nlohmann::json(nullptr);
  } else {
    h["psi_memory_some_avg10_pct"] = nullptr;
    h["psi_memory_full_avg10_pct"] = nullptr;
  }
  h["cgroup_path"] = s.header.cgroup_path ? nlohmann::json(sanitize_utf8(*s.header.cgroup_path)) : nlohmann::json(nullptr);
  h["cgroup_limit_bytes"] = opt(s.header.cgroup_limit_bytes);
  h["processes"] = s.header.processes;
  doc["header"] = h;
  doc["gpu_available"] = s.gpu_available;
  auto procs = nlohmann::json::array();
  for (size_t i = 0; i < s.rows.size() && (limit == 0 || i < limit); ++i) {
    const auto& r = s.rows[i];
    nlohmann::json p{{"pid", r.pid},
                     {"ppid", r.ppid},
                     {"comm", sanitize_utf8(r.comm)},
                     {"oom_score", opt(r.oom_score)},
                     {"oom_score_adj", opt(r.oom_score_adj)},
                     {"rss_bytes", opt(r.rss_bytes)},
                     {"pss_bytes", opt(r.pss_bytes)},
                     {"swap_bytes", opt(r.swap_bytes)},
                     {"gpu_bytes", opt(r.gpu_bytes)},
                     {"cgroup_limit_bytes", opt(r.cgroup_limit_bytes)},
                     {"cgroup_limit_share_pct", opt(limit_share_pct(r))},
                     {"depth", r.depth}};
    if (r.info) {
      p["uid"] = opt(r.info->uid);
      p["user"] = sanitize_utf8(r.info->user);
      p["cgroup"] = sanitize_utf8(r.info->cgroup_path);
      p["cgroup_owner"] = r.info->owner ? nlohmann::json{{"kind", r.info->owner->kind}, {"id", sanitize_utf8(r.info->owner->id)}}
                                        : nlohmann::json(nullptr);
      p["cmdline"] = sanitize_utf8(r.info->cmdline);
    }
    procs.push_back(std::move(p));
  }
  doc["processes"] = procs;
  if (grouped) {
    auto groups = group_rows(s.rows);
    auto arr = nlohmann::json::array();
    for (size_t i = 0; i < groups.size() && (limit == 0 || i < limit); ++i) {
      const auto& g = groups[i];
      arr.push_back({{"comm", sanitize_utf8(g.comm)},
                     {"leader_pid", g.leader_pid},
                     {"pids", g.pids},
                     {"max_oom_score", opt(g.max_oom_score)},
                     {"rss_bytes", g.rss_bytes},
                     {"pss_bytes", opt(g.pss_bytes)},
                     {"swap_bytes", opt(g.swap_bytes)},
                     {"cgroup_limit_bytes", opt(g.cgroup_limit_bytes)},
                     {"cgroup", g.info ? nlohmann::json(sanitize_utf8(g.info->cgroup_path)) : nlohmann::json(nullptr)}});
    }
    doc["groups"] = arr;
  }
  return doc;
}

}  // namespace oomlens::top
