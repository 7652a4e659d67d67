#pragma once
// strerror() in the user's language (issue 19), for lines a person reads.
//
// Why oomlens's own catalogue and not libc's: libc translates strerror()
// only under a generated zh_CN locale (locale-gen; most machines, this one
// included, have none, and a user who sets only LANGUAGE=zh_CN gets
// English, or '?' for every character in the C locale's ASCII), and
// util/i18n.cpp keeps libc's catalogue off on purpose because strerror()
// text also goes into JSON and records, which are never translated. So
// std::strerror() stays English everywhere, machine output keeps using it,
// and a human-readable line asks tr_strerror() instead: glibc's English
// text (strerrordesc_np, independent of any locale) looked up in
// po/zh_CN.po, whose entries are the table in strerror_tr.cpp.
//
// English built earlier by a lower layer ("open X: Permission denied")
// translates at render time through retranslate() (util/i18n.h): the
// errno texts are msgids of their own, so the piece after ": " matches.
#include <string>

namespace oomlens {

/// glibc's English text for `errnum` whatever the locale ("Permission
/// denied"; "Unknown error N" for an errno glibc does not know): for notes,
/// JSON and records, which are never translated.
[[nodiscard]] std::string strerror_en(int errnum);

/// strerror(errnum) for a person: its translation when the language is
/// Chinese and the catalogue has it, else glibc's English text
/// ("Unknown error N" for an errno glibc does not know).
[[nodiscard]] std::string tr_strerror(int errnum);

/// The errnos whose texts the catalogue holds (for the tests: each one's
/// msgid is glibc's wording).
struct ErrnoMsgid {
  int errnum;
  const char* msgid;
};
[[nodiscard]] const ErrnoMsgid* errno_msgids(size_t* count);

}  // namespace oomlens
