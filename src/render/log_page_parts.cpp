// One event's card on the log page (see log_page_parts.h).
#include "render/log_page_parts.h"

#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "util/format.h"
#include "render/html.h"
#include "render/ui_strings.h"
#include "util/i18n.h"

namespace oomlens::render {
namespace {

constexpr const char* kPalette[] = {"#f28e2b", "#4e79a7", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#9c755f"};

std::string size(const std::optional<uint64_t>& b) { return b ? html_escape(format_bytes(*b)) : "?"; }

uint64_t row_rss(const TaskRow& t) {
  if (t.rss_bytes) return *t.rss_bytes;
  return t.rss_anon_bytes.value_or(0) + t.rss_file_bytes.value_or(0) + t.rss_shmem_bytes.value_or(0);
}

std::string bar(const std::vector<std::pair<std::string, double>>& parts, double total) {
  std::string o = "<div class=\"bar\">";
  std::string legend = "<div class=\"legend\">";
  for (size_t i = 0; i < parts.size(); ++i) {
    const char* color = i == 0 ? "#d00000" : kPalette[(i - 1) % std::size(kPalette)];
    double pct = total > 0 ? parts[i].second / total * 100 : 0;
    o += fmt::format("<span style=\"width:{:.2f}%;background:{}\"></span>", pct, color);
    legend += fmt::format("<span><span class=\"sw\" style=\"background:{}\"></span>{} {} ({:.0f} %)</span>", color,
                          html_escape(parts[i].first), html_escape(format_bytes(static_cast<uint64_t>(parts[i].second))),
                          pct);
  }
  return o + "</div>" + legend + "</div>\n";
}

}  // namespace

std::string event_body_html(const OomEvent& e, const Explanation* x) {
  std::string o;
  if (x) o += "<p>" + html_escape(x->summary) + "</p>\n";
  if (!e.victims.empty()) {
    o += "<ul>";
    for (auto& v : e.victims)
      o += fmt::format("<li>{} pid {} ({}) anon-rss {}, file-rss {}, shmem-rss {}, oom_score_adj {}</li>", tr(ui::kVictim),
                       v.pid ? std::to_string(*v.pid) : std::string("?"), html_escape(v.comm), size(v.anon_rss_bytes), size(v.file_rss_bytes),
                       size(v.shmem_rss_bytes), v.oom_score_adj ? std::to_string(*v.oom_score_adj) : "?");
    o += "</ul>\n";
  }
  if (!x) return o;
  if (!x->checks.empty()) {
    o += fmt::format("<details><summary>{} ({})</summary><ul>\n", tr(ui::kChecks), x->checks.size());
    for (auto& c : x->checks) {
      o += fmt::format("<li{}>{}", c.level == CheckLevel::warn ? " class=\"warn\"" : "", html_escape(c.message));
      if (!c.figures.empty()) {
        o += "<br>";
        for (auto& [k, v] : c.figures) o += fmt::format("<span class=\"fig\">{} {}</span>", html_escape(k), v);
      }
      o += "</li>\n";
    }
    o += "</ul></details>\n";
  }
  if (!x->advice.empty()) {
    o += fmt::format("<p><b>{}</b></p><ul>\n", tr(ui::kAdvice));
    for (auto& a : x->advice) o += "<li>" + html_escape(a) + "</li>\n";
    o += "</ul>\n";
  }
  return o;
}

std::string breakdown_html(const OomEvent& e) {
  std::string o;
  if (!e.tasks.empty()) {
    // 0: no victim, or its pid not printed (Linux 2.4); no task row has pid 0.
    const int64_t victim = e.victims.empty() ? 0 : e.victims[0].pid.value_or(0);
    double victim_rss = 0, total = 0;
    std::string victim_name;
    std::map<std::string, double> by_comm;
    for (auto& t : e.tasks) {
      double r = static_cast<double>(row_rss(t));
      total += r;
      if (victim && t.pid == victim) {
        victim_rss += r;
        victim_name = fmt::format("{} {} ({})", tr(ui::kVictim), t.pid, t.comm);
      } else {
        by_comm[t.comm] += r;
      }
    }
    if (total > 0) {
      std::vector<std::pair<std::string, double>> rest(by_comm.begin(), by_comm.end());
      std::sort(rest.begin(), rest.end(), [](auto& a, auto& b) { return a.second > b.second; });
      std::vector<std::pair<std::string, double>> parts;
      parts.push_back({victim_name.empty() ? std::string(tr(ui::kVictim)) : victim_name, victim_rss});
      double others = 0;
      for (size_t i = 0; i < rest.size(); ++i) {
        if (i < 6) parts.push_back(rest[i]);
        else others += rest[i].second;
      }
      if (others > 0) parts.push_back({fmt::format("+{}", rest.size() - 6), others});
      o += fmt::format("<p class=\"muted\">{} vs {}</p>\n", tr(ui::kVictim), tr(ui::kRestOfTable)) + bar(parts, total);
    }
  }
  if (e.memcg && e.memcg->usage_bytes) {
    const auto& m = *e.memcg;
    o += fmt::format("<p class=\"muted\">{}: {} / {}", tr(ui::kMemcgUsage), size(m.usage_bytes),
                     m.limit_bytes ? size(m.limit_bytes) : std::string("unlimited"));
    if (m.limit_bytes && *m.limit_bytes > 0) {
      double pct = static_cast<double>(*m.usage_bytes) / static_cast<double>(*m.limit_bytes) * 100;
      o += fmt::format(" ({:.0f} %)</p><div class=\"bar\"><span style=\"width:{:.1f}%;background:#d00000\"></span></div>\n",
                       pct, std::min(100.0, pct));
    } else {
      o += "</p>\n";
    }
  }
  if (e.mem_info && !e.mem_info->zones.empty() && e.constraint != Constraint::memcg) {
    o += fmt::format("<p class=\"muted\">{}</p><table>\n", tr(ui::kZones));
    for (auto& z : e.mem_info->zones) {
      double f = static_cast<double>(z.free_bytes.value_or(0)), mn = static_cast<double>(z.min_bytes.value_or(0));
      double scale = std::max(f, mn) * 1.25;
      o += fmt::format("<tr><td>Node {} {}</td><td>free {}</td><td>min {}</td><td>managed {}</td><td><div class=\"zbar\">"
                       "<div class=\"zfree\" style=\"width:{:.1f}%\"></div><div class=\"zmin\" style=\"left:{:.1f}%\">"
                       "</div></div></td></tr>\n",
                       z.node, html_escape(z.name), size(z.free_bytes), size(z.min_bytes), size(z.managed_bytes),
                       scale > 0 ? f / scale * 100 : 0, scale > 0 ? mn / scale * 100 : 0);
    }
    o += "</table>\n";
  }
  return o;
}

std::string raw_lines_html(const OomEvent& e, const RawLines& raw, size_t index, size_t budget) {
  const std::string where = fmt::format("{}:{}\xe2\x80\x93{}", e.source.value_or("?"), e.lines.first, e.lines.last);
  std::string o = fmt::format("<details class=\"raw\" id=\"raw-{}\"><summary>{} {}</summary>", index, tr(ui::kRawLines),
                              html_escape(where));
  if (raw.lines.empty()) return o + "</details>\n";
  // Keep the head and the tail within the budget, and every kill line.
  std::vector<bool> keep(raw.lines.size(), false);
  size_t used = 0;
  for (size_t i = 0; i < raw.lines.size() && used < budget / 2; ++i) keep[i] = true, used += raw.lines[i].second.size();
  for (size_t i = raw.lines.size(); i-- > 0 && used < budget;) keep[i] = true, used += raw.lines[i].second.size();
  for (size_t i = 0; i < raw.lines.size(); ++i) {
    const auto& t = raw.lines[i].second;
    if (t.find("Killed process") != std::string::npos || t.find("oom-kill:") != std::string::npos) keep[i] = true;
  }
  o += "<pre>";
  size_t skipped = 0;
  for (size_t i = 0; i < raw.lines.size(); ++i) {
    if (!keep[i]) {
      ++skipped;
      continue;
    }
    if (skipped) o += fmt::format("\xe2\x80\xa6 {} {}\n", skipped, tr(ui::kLinesNotShown)), skipped = 0;
    o += fmt::format("<span id=\"raw-{}-L{}\">{:>6}</span>  {}\n", index, raw.lines[i].first, raw.lines[i].first,
                     html_escape(raw.lines[i].second));
  }
  if (skipped) o += fmt::format("\xe2\x80\xa6 {} {}\n", skipped, tr(ui::kLinesNotShown));
  return o + "</pre></details>\n";
}

}  // namespace oomlens::render
