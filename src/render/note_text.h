#pragma once
// The parser's notes on an event (OomEvent::notes, kernel_log/) in the
// user's language (issue 19). The parse layer is pure and speaks English
// (the notes go into JSON as they are); the text and HTML renderers show
// them through note_text().
#include <string>
#include <string_view>

namespace oomlens {

/// `note` translated (util/i18n.h) when it is one of the parser's notes,
/// its figures kept; else retranslate(note) (a note another layer marked
/// with N_()); any other text unchanged.
[[nodiscard]] std::string note_text(std::string_view note);

}  // namespace oomlens
