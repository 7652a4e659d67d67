// The page of a whole log (see log_page.h): filters, timeline, event cards.
#include "render/log_page.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "util/format.h"
#include "render/html.h"
#include "render/log_page_parts.h"
#include "render/owner_name.h"
#include "render/ui_strings.h"
#include "util/i18n.h"
#include "util/text.h"
#include "util/time.h"

namespace oomlens::render {
namespace {

constexpr const char* kColors[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                   "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};

constexpr const char* kLogCss = R"(
.filters{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:center;margin:6px 0}
.filters label{display:flex;align-items:center;gap:4px;min-width:0;max-width:100%;overflow-wrap:normal}
.filters input,.filters select{min-width:0;max-width:100%}
.ev{border-top:1px solid #ccc;padding:6px 0}
.ev h3 a{color:inherit}
.bar{display:flex;height:14px;background:#eee;margin:3px 0;overflow:hidden}
.bar span{display:block;height:100%}
.legend{font-size:12px;display:flex;flex-wrap:wrap;gap:2px 12px}
.sw{display:inline-block;width:10px;height:10px;margin-right:3px}
.fig{font-size:11px;color:#555;margin-right:8px;white-space:nowrap}
.zbar{position:relative;height:10px;background:#eee;min-width:80px}
.zfree{height:100%;background:#59a14f}.zmin{position:absolute;top:-2px;bottom:-2px;width:2px;background:#d00}
.raw{font-size:11px}
)";

constexpr const char* kFilterScript = R"(<script>(function(){
var f=document.getElementById('f-from'),u=document.getElementById('f-until'),o=document.getElementById('f-owner'),
c=document.getElementById('f-comm'),n=document.getElementById('f-count');
function apply(){var a=f.value?Date.parse(f.value)/1000:-Infinity,b=u.value?Date.parse(u.value)/1000:Infinity,
ow=o.value,cm=c.value.toLowerCase(),k=0,cards=document.querySelectorAll('.ev');
for(var i=0;i<cards.length;i++){var e=cards[i],t=e.getAttribute('data-t'),ok=true;
if(t!==''&&(+t<a||+t>b))ok=false;if(t===''&&(f.value||u.value))ok=false;
if(ow&&e.getAttribute('data-owner')!==ow)ok=false;
if(cm&&e.getAttribute('data-comm').indexOf(cm)<0)ok=false;
e.style.display=ok?'':'none';var d=document.querySelectorAll('[data-ev="'+e.id+'"]');
for(var j=0;j<d.length;j++)d[j].style.display=ok?'':'none';if(ok)k++;}
n.textContent=k+' / '+cards.length;}
[f,u,o,c].forEach(function(x){x.addEventListener('input',apply);});apply();})();</script>
)";

struct Placed {
  double x = 0;      ///< 0..1 along the timeline
  size_t row = 0;
  size_t color = 0;
};

std::string timeline_svg(const std::vector<OomEvent>& ev, const std::vector<std::string>& rows,
                         const std::vector<Placed>& at, const std::string& start, const std::string& end, int W,
                         const char* cls) {
  constexpr double kRow = 20, kFont = 11;
  double lw = 0;
  for (auto& r : rows) lw = std::max(lw, text_width_px(r, kFont));
  lw = std::min(lw + 8, W * 0.38);
  const double x0 = lw + 8, x1 = W - 10, H = rows.size() * kRow + 34;
  std::string o = fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"{}\" width=\"{}\" height=\"{}\" "
                              "viewBox=\"0 0 {} {}\" font-family=\"sans-serif\" font-size=\"{}\">\n",
                              cls, W, H, W, H, kFont);
  for (size_t r = 0; r < rows.size(); ++r) {
    const double y = 6 + r * kRow;
    o += fmt::format("<rect x=\"0\" y=\"{:.0f}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>", y, W, kRow,
                     r % 2 ? "#fafafa" : "#f0f0f0");
    o += fmt::format("<text class=\"lbl\" x=\"4\" y=\"{:.0f}\">{}</text>\n", y + 14,
                     html_escape(fit_text(rows[r], kFont, lw - 4)));
  }
  for (size_t i = 0; i < at.size(); ++i) {
    const double x = x0 + at[i].x * (x1 - x0), y = 6 + at[i].row * kRow + kRow / 2;
    std::string tip = format_event_time(ev[i].time.wall, ev[i].time.monotonic_s) + " " + application_of(ev[i]);
    o += fmt::format("<a href=\"#ev-{0}\" data-ev=\"ev-{0}\"><circle cx=\"{1:.1f}\" cy=\"{2:.1f}\" r=\"5\" "
                     "fill=\"{3}\" fill-opacity=\"0.85\" stroke=\"#333\" stroke-width=\"0.5\"><title>{4}</title>"
                     "</circle></a>\n",
                     i, x, y, kColors[at[i].color % std::size(kColors)], html_escape(tip));
  }
  const double ty = 6 + rows.size() * kRow + 16;
  o += fmt::format("<text class=\"lbl\" x=\"{:.0f}\" y=\"{:.0f}\">{}</text>", x0,
                   ty, html_escape(fit_text(start, kFont, (x1 - x0) / 2 - 6)));
  if (end != start)
    o += fmt::format("<text class=\"lbl\" x=\"{:.0f}\" y=\"{:.0f}\" text-anchor=\"end\">{}</text>", x1, ty,
                     html_escape(fit_text(end, kFont, (x1 - x0) / 2 - 6)));
  return o + "\n</svg>\n";
}

}  // namespace

std::string owner_of(const OomEvent& e) {
  if (e.memcg && e.memcg->owner) {
    const auto& o = *e.memcg->owner;
    if (o.kind == "slurm" && o.job_id && !o.name) return o.kind + " job " + *o.job_id;
    return o.kind + " " + owner_name(o);
  }
  if (e.memcg && e.memcg->oom_memcg) return shorten_ids(*e.memcg->oom_memcg);
  if (e.constraint == Constraint::memcg || e.memcg_stack) return "memcg";
  return tr(ui::kGlobal);
}

std::string application_of(const OomEvent& e) {
  if (!e.victims.empty()) return e.victims[0].comm;
  if (!e.selected.empty()) return e.selected[0].comm;
  if (e.trigger) return e.trigger->comm;
  return "?";
}

std::string log_page_html(const std::vector<OomEvent>& ev, const std::vector<Explanation>& ex,
                          const std::vector<RawLines>& raw) {
  std::string o = page_open(tr(ui::kLogTitle), kLogCss);
  o += fmt::format("<h1>{} \xe2\x80\x94 {}</h1>\n", tr(ui::kLogTitle), ev.size());
  if (ev.empty()) return o + fmt::format("<p>{}</p>\n", tr(ui::kNoEvents)) + page_close();
  // Where each event sits: wall clock when every event has one, else the
  // monotonic clock, else the order of the log.
  std::vector<std::optional<double>> wall(ev.size()), when(ev.size());
  bool all_wall = true, all_mono = true;
  for (size_t i = 0; i < ev.size(); ++i) {
    if (ev[i].time.wall) wall[i] = parse_rfc3339(*ev[i].time.wall);
    all_wall &= wall[i].has_value();
    all_mono &= ev[i].time.monotonic_s.has_value();
  }
  for (size_t i = 0; i < ev.size(); ++i)
    when[i] = all_wall ? wall[i] : all_mono ? ev[i].time.monotonic_s : std::optional<double>(static_cast<double>(i));
  double lo = *when[0], hi = *when[0];
  size_t first = 0, last = 0;
  for (size_t i = 0; i < ev.size(); ++i) {
    if (*when[i] < lo) { lo = *when[i]; first = i; }
    if (*when[i] > hi) { hi = *when[i]; last = i; }
  }
  std::vector<std::string> rows, apps, owners;
  std::vector<Placed> at(ev.size());
  for (size_t i = 0; i < ev.size(); ++i) {
    std::string owner = owner_of(ev[i]), app = application_of(ev[i]), row = owner + " \xc2\xb7 " + app;
    auto r = std::find(rows.begin(), rows.end(), row);
    if (r == rows.end()) rows.push_back(row), r = rows.end() - 1;
    auto a = std::find(apps.begin(), apps.end(), app);
    if (a == apps.end()) apps.push_back(app), a = apps.end() - 1;
    if (std::find(owners.begin(), owners.end(), owner) == owners.end()) owners.push_back(owner);
    at[i] = {hi > lo ? (*when[i] - lo) / (hi - lo) : 0.5, static_cast<size_t>(r - rows.begin()),
             static_cast<size_t>(a - apps.begin())};
  }
  auto time_text = [&](size_t i) { return format_event_time(ev[i].time.wall, ev[i].time.monotonic_s); };
  // Filters.
  o += fmt::format("<div class=\"filters\"><label>{} <input id=\"f-from\" type=\"datetime-local\"></label>"
                   "<label>{} <input id=\"f-until\" type=\"datetime-local\"></label><label>{} <select id=\"f-owner\">"
                   "<option value=\"\">{}</option>",
                   tr(ui::kFrom), tr(ui::kUntil), tr(ui::kOwner), tr(ui::kAnyOwner));
  for (auto& w : owners) o += fmt::format("<option value=\"{0}\">{0}</option>", html_escape(w));
  o += fmt::format("</select></label><label>{} <input id=\"f-comm\" type=\"search\" size=\"12\"></label>"
                   "<span>{} <span id=\"f-count\"></span></span></div>\n",
                   tr(ui::kComm), tr(ui::kShown));
  o += fmt::format("<h2>{}</h2>\n", tr(ui::kTimeline));
  const std::string order = all_wall || all_mono ? "" : std::string(tr(ui::kLogOrder)) + " ";
  const std::string start = order + time_text(first), end = time_text(last);
  o += timeline_svg(ev, rows, at, start, end, 1060, "wide");
  o += timeline_svg(ev, rows, at, start, end, 380, "narrow");
  const size_t share = std::max<size_t>(4096, kRawBudgetBytes / ev.size());
  for (size_t i = 0; i < ev.size(); ++i) {
    std::string comms;
    for (auto& v : ev[i].victims) comms += text::ascii_lower(v.comm) + " ";
    for (auto& s : ev[i].selected) comms += text::ascii_lower(s.comm) + " ";
    if (ev[i].trigger) comms += text::ascii_lower(ev[i].trigger->comm);
    o += fmt::format("<section class=\"ev\" id=\"ev-{}\" data-t=\"{}\" data-owner=\"{}\" data-comm=\"{}\">\n", i,
                     wall[i] ? fmt::format("{:.3f}", *wall[i]) : "", html_escape(owner_of(ev[i])), html_escape(comms));
    o += fmt::format("<h3><a href=\"#ev-{}\">#{}</a> {} \xc2\xb7 {} \xc2\xb7 {}</h3>\n", i, i + 1,
                     html_escape(time_text(i)), html_escape(owner_of(ev[i])), html_escape(application_of(ev[i])));
    o += event_body_html(ev[i], i < ex.size() ? &ex[i] : nullptr);
    o += breakdown_html(ev[i]);
    o += raw_lines_html(ev[i], i < raw.size() ? raw[i] : RawLines{}, i, share);
    o += "</section>\n";
  }
  return o + kFilterScript + page_close();
}

}  // namespace oomlens::render
