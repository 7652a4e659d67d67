// The run page (see run_page.h).
#include "render/run_page.h"

#include <fmt/core.h>

#include <cmath>
#include <map>
#include <memory>

#include "render/html.h"
#include "render/plot.h"
#include "render/record_text.h"
#include "render/ui_strings.h"
#include "util/i18n.h"

namespace oomlens::render {
namespace {

std::string list_html(const std::vector<std::string>& items) {
  std::string o = "<ul>\n";
  for (auto& s : items) o += "<li>" + html_escape(s) + "</li>\n";
  return o + "</ul>\n";
}

std::string guard_table(const std::vector<GuardRow>& rows) {
  if (rows.empty()) return fmt::format("<p class=\"muted\">{}</p>\n", tr(ui::kNoGuardEvents));
  std::string o = fmt::format("<table><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>\n",
                              tr(ui::kTime), tr(ui::kEvent), tr(ui::kTrigger), tr(ui::kWorkingSet), tr(ui::kShareOfLimit),
                              tr(ui::kWhatWasDone));
  for (auto& r : rows)
    o += fmt::format("<tr><td>{:.1f} s</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", r.t_s,
                     html_escape(r.kind), html_escape(r.trigger),
                     r.working_set_bytes ? html_escape(human_bytes(*r.working_set_bytes)) : "",
                     r.used_fraction ? fmt::format("{:.1f} %", *r.used_fraction * 100) : "", html_escape(r.done));
  return o + "</table>\n";
}

struct Node {
  std::string name;
  double bytes = 0;
  std::map<std::string, std::unique_ptr<Node>> kids;
};

void draw_node(const Node& n, double x, double w, int depth, double total, int width, std::string& o) {
  constexpr double kH = 18;
  const double px = w;
  if (px < 1) return;
  const double y = depth * kH;
  const double hue = std::fmod(30 + depth * 23.0 + std::fmod(x, 97.0), 60.0);
  o += fmt::format("<g><rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{}\" fill=\"hsl({:.0f},85%,{}%)\" "
                   "stroke=\"white\"/><title>{} \xe2\x80\x94 {} ({:.1f} %)</title>",
                   x, y, px, kH - 1, hue, depth == 0 ? 65 : 72, html_escape(n.name), html_escape(human_bytes(n.bytes)),
                   total > 0 ? n.bytes / total * 100 : 0);
  std::string label = fit_text(n.name, 11, px - 6);
  if (label.size() > 4)
    o += fmt::format("<text class=\"lbl\" x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\">{}</text>", x + 3, y + 13,
                     html_escape(label));
  o += "</g>\n";
  double cx = x;
  for (auto& [k, kid] : n.kids) {
    const double kw = n.bytes > 0 ? w * kid->bytes / n.bytes : 0;
    draw_node(*kid, cx, kw, depth + 1, total, width, o);
    cx += kw;
  }
}

int depth_of(const Node& n) {
  int d = 0;
  for (auto& [k, kid] : n.kids) d = std::max(d, depth_of(*kid));
  return d + 1;
}

}  // namespace

std::string sites_icicle_svg(const std::vector<SiteStack>& sites, int width, const char* css_class) {
  if (sites.empty()) return {};
  // One tree per process, in the order the record lists them.
  std::vector<std::unique_ptr<Node>> roots;
  std::map<int64_t, Node*> by_pid;
  for (auto& s : sites) {
    Node*& root = by_pid[s.pid];
    if (!root) {
      roots.push_back(std::make_unique<Node>());
      root = roots.back().get();
      root->name = fmt::format("{} {}", s.role.empty() ? "pid" : s.role, s.pid);
    }
    root->bytes += s.bytes;
    Node* cur = root;
    for (auto& f : s.frames) {
      auto& kid = cur->kids[f];
      if (!kid) {
        kid = std::make_unique<Node>();
        kid->name = f;
      }
      kid->bytes += s.bytes;
      cur = kid.get();
    }
  }
  std::string o;
  for (auto& r : roots) {
    const int h = depth_of(*r) * 18;
    o += fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"{}\" width=\"{}\" height=\"{}\" "
                     "viewBox=\"0 0 {} {}\" font-family=\"sans-serif\">\n",
                     css_class, width, h, width, h);
    draw_node(*r, 0, width, 0, r->bytes, width, o);
    o += "</svg>\n";
  }
  return o;
}

std::string run_page_html(const RunPlotData& d) {
  std::string o = page_open(d.title.empty() ? tr(ui::kRunTitle) : d.title);
  o += "<h1>" + html_escape(d.title) + "</h1>\n";
  if (!d.cause.empty()) {
    o += fmt::format("<p><span class=\"cause\">{}: {}</span> <span class=\"muted\">({} {})</span></p>\n", tr(ui::kVerdict),
                     html_escape(d.cause), tr(ui::kConfidence), html_escape(d.confidence));
    o += "<p>" + html_escape(d.summary) + "</p>\n";
  }
  o += fmt::format("<h2>{}</h2>\n", tr(ui::kMemoryOverTime));
  o += plot_svg(d, 960, 480, "wide");
  o += plot_svg(d, 400, 420, "narrow");
  o += fmt::format("<p class=\"muted\">{}</p>\n", d.scaled_to_cgroup ? tr(ui::kStackNote) : tr(ui::kStackNoteHeld));
  if (!d.evidence.empty()) o += fmt::format("<h2>{}</h2>\n", tr(ui::kEvidence)) + list_html(d.evidence);
  if (!d.advice.empty()) o += fmt::format("<h2>{}</h2>\n", tr(ui::kAdvice)) + list_html(d.advice);
  o += fmt::format("<h2>{}</h2>\n", tr(ui::kGuardEvents)) + guard_table(d.guard);
  if (!d.sites.empty()) {
    o += fmt::format("<h2>{}</h2>\n", tr(ui::kPeakSites));
    o += sites_icicle_svg(d.sites, 960, "wide");
    o += sites_icicle_svg(d.sites, 400, "narrow");
  }
  o += fmt::format("<h2>{}</h2>\n<pre>{}</pre>\n", tr(ui::kSummaryText), html_escape_lines(d.summary_text));
  return o + page_close();
}

}  // namespace oomlens::render
