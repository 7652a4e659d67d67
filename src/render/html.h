#pragma once
// The pieces every self-contained HTML page of oomlens shares: escaping,
// the page's head (a Content-Security-Policy that forbids every network
// request, the CSS) and its layout self-check.
//
// A page is one string: inline CSS, inline JS and inline SVG, nothing
// fetched. The self-check at the end of <body> records, for tests and for
// anyone who opens the page with --dump-dom:
//   <html data-errors="…">  uncaught script errors (window.onerror);
//   <body data-layout="ok" | "overlap: A / B | clipped: C | wide: …">
//     labels (class "lbl") whose boxes overlap, labels that run out of
//     their SVG, and a page wider than its window;
//   <body data-labels="N" data-ready-ms="MS">  labels checked, and the
//     milliseconds from navigation to the end of the check (parse, layout, scripts).
#include <string>
#include <string_view>

namespace oomlens::render {

/// Text for HTML/SVG text and attribute values: invalid UTF-8 becomes
/// U+FFFD and control bytes `\xNN` (printable(), util/sanitize.h), then
/// & < > " ' become entities. Every user-controlled string (comm, cgroup
/// path, argv, file names) goes through here.
[[nodiscard]] std::string html_escape(std::string_view text);
/// html_escape() line by line, keeping the '\n's (for <pre> blocks).
[[nodiscard]] std::string html_escape_lines(std::string_view text);

/// `<!DOCTYPE html>` … `<body>`: charset, viewport, the CSP, the title
/// (escaped here), the shared CSS plus `extra_css`, and the error recorder.
[[nodiscard]] std::string page_open(std::string_view title, std::string_view extra_css = {});

/// The layout self-check script and `</body></html>`.
[[nodiscard]] std::string page_close();

/// An estimate of the width in px of `text` in a sans-serif font of
/// `font_px` (0.6 em per code point, wider for capitals and digits' worst
/// case), used to lay labels out without a browser. Errs on the wide side.
[[nodiscard]] double text_width_px(std::string_view text, double font_px);

/// `text` cut to at most `max_px` wide (by text_width_px), with "…" when cut.
[[nodiscard]] std::string fit_text(std::string_view text, double font_px, double max_px);

}  // namespace oomlens::render
