// Shared HTML page pieces (see html.h).
#include "render/html.h"

#include <cstdint>

#include "util/i18n.h"
#include "util/sanitize.h"

namespace oomlens::render {

std::string html_escape(std::string_view text) {
  // The one output sanitiser (util/sanitize.h), then the markup characters:
  // this is the one place the pages and the plot escape.
  std::string clean = printable(text);
  std::string o;
  o.reserve(clean.size() + 8);
  for (char c : clean) {
    switch (c) {
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '&': o += "&amp;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&#39;"; break;
      default: o += c;
    }
  }
  return o;
}

std::string html_escape_lines(std::string_view text) {
  std::string o;
  size_t start = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    o += html_escape(text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start));
    if (nl == std::string_view::npos) break;
    o += '\n';
    start = nl + 1;
  }
  return o;
}

namespace {

// No request of any kind leaves the page: scripts, styles and images
// only inline (data: for nothing but images), no fetch, no form posts.
constexpr const char* kCsp =
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; "
    "form-action 'none'; base-uri 'none'";

constexpr const char* kCss = R"(
*{box-sizing:border-box}
body{font-family:sans-serif;margin:0 auto;padding:12px;max-width:1100px;color:#222;overflow-wrap:anywhere}
h1{font-size:20px;margin:4px 0 8px}h2{font-size:16px;margin:18px 0 6px}h3{font-size:14px;margin:10px 0 4px}
svg{display:block;max-width:100%;height:auto}
.narrow{display:none}
@media (max-width:640px){.wide{display:none}.narrow{display:block}body{padding:6px}}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f6f6;padding:6px;font-size:12px}
table{border-collapse:collapse;font-size:13px;display:block;overflow-x:auto;max-width:100%}
td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}
.cause{font-weight:bold}.warn{color:#b00}.muted{color:#666}
)";

// window.onerror first, so an error anywhere later is recorded.
constexpr const char* kErrorRecorder =
    "<script>window.onerror=function(m,s,l,c){var d=document.documentElement;"
    "d.setAttribute('data-errors',(d.getAttribute('data-errors')||'')+m+' at '+l+':'+c+'; ');};</script>\n";

// Labels are elements of class "lbl" (SVG text or HTML). Each visible one
// must not overlap another visible one nor leave its SVG's box, and the
// page must not be wider than the window. data-shown lists the visible
// labels with their boxes (text@left,top,width,height in CSS px), for a
// test to find a label in the screenshot.
constexpr const char* kLayoutCheck = R"(<script>(function(){
var out=[],W=document.documentElement.clientWidth;
var ls=[].slice.call(document.querySelectorAll('.lbl')).map(function(e){return {e:e,r:e.getBoundingClientRect()};})
 .filter(function(x){return x.r.width>0&&x.r.height>0;});
for(var i=0;i<ls.length;i++){var a=ls[i].r;
 var s=ls[i].e.ownerSVGElement;if(s){var b=s.getBoundingClientRect();
  if(a.left<b.left-0.5||a.right>b.right+0.5||a.top<b.top-0.5||a.bottom>b.bottom+0.5)out.push('clipped: '+ls[i].e.textContent);}
 for(var j=i+1;j<ls.length;j++){var c=ls[j].r;
  if(a.left<c.right-0.5&&c.left<a.right-0.5&&a.top<c.bottom-0.5&&c.top<a.bottom-0.5)
   out.push('overlap: '+ls[i].e.textContent+' / '+ls[j].e.textContent);}}
if(document.documentElement.scrollWidth>W+1)out.push('wide: page '+document.documentElement.scrollWidth+' px in a '+W+' px window');
document.body.setAttribute('data-layout',out.length?out.join(' | '):'ok');
document.body.setAttribute('data-labels',String(ls.length));
document.body.setAttribute('data-shown',ls.map(function(x){var r=x.r;return x.e.textContent.replace(/[|@]/g,' ')+'@'+
 [r.left,r.top,r.width,r.height].map(Math.round).join(',');}).join('|'));
document.body.setAttribute('data-ready-ms',String(Math.round(performance.now())));})();</script>
)";

}  // namespace

std::string page_open(std::string_view title, std::string_view extra_css) {
  // lang: the language of the text (util/i18n.h).
  std::string o = std::string("<!DOCTYPE html>\n<html lang=\"") + i18n::html_lang() + "\"><head><meta charset=\"utf-8\">\n";
  o += "<meta http-equiv=\"Content-Security-Policy\" content=\"";
  o += kCsp;
  o += "\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  o += kErrorRecorder;
  o += "<title>" + html_escape(title) + "</title>\n<style>";
  o += kCss;
  o += extra_css;
  o += "</style></head>\n<body>\n";
  return o;
}

std::string page_close() { return std::string(kLayoutCheck) + "</body></html>\n"; }

double text_width_px(std::string_view text, double font_px) {
  double em = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if ((c & 0xC0) == 0x80) continue;  // continuation byte: counted with its lead
    if (c >= 0xE0) em += 1.0;          // CJK and other wide scripts
    else if (c >= 'A' && c <= 'Z') em += 0.72;
    else if (c == 'm' || c == 'w' || c == 'M' || c == 'W') em += 0.9;
    else if (c == ' ' || c == '.' || c == ',' || c == ':' || c == 'i' || c == 'l' || c == '|') em += 0.32;
    else em += 0.6;
  }
  return em * font_px;
}

std::string fit_text(std::string_view text, double font_px, double max_px) {
  if (text_width_px(text, font_px) <= max_px) return std::string(text);
  const double ell = text_width_px("\xe2\x80\xa6", font_px);
  std::string o;
  for (size_t i = 0; i < text.size();) {
    size_t n = 1;
    auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0xF0) n = 4; else if (c >= 0xE0) n = 3; else if (c >= 0xC0) n = 2;
    std::string next = o + std::string(text.substr(i, n));
    if (text_width_px(next, font_px) + ell > max_px) break;
    o = std::move(next);
    i += n;
  }
  return o.empty() ? std::string() : o + "\xe2\x80\xa6";
}

}  // namespace oomlens::render
