// Month names of log prefixes (see month_names.h).
#include "kernel_log/month_names.h"

#include <array>
#include <string>

#include "util/text.h"

namespace oomlens {

using namespace oomlens::text;

int english_month(std::string_view m) {
  static constexpr std::array<std::string_view, 12> kMonths = {
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  for (size_t i = 0; i < kMonths.size(); ++i)
    if (m == kMonths[i]) return static_cast<int>(i) + 1;
  return 0;
}

namespace {

// Whether `m` can be one word a locale prints for a month: letters (any
// non-ASCII byte counts as one, `июл`, `Mär`), then an optional `.` (`juil.`),
// and no capital after a small letter. A comm or word glued before a syslog
// stamp (`SetMonitoMay  7 …`, a joined record's `qubes.SetMonito`) is none.
bool month_word(std::string_view m) {
  auto lower = [](char c) { return c >= 'a' && c <= 'z'; };
  auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
  for (size_t i = 0; i < m.size(); ++i) {
    const char c = m[i];
    if (c == '.' && i + 1 == m.size() && i > 0) continue;
    if (!lower(c) && !upper(c) && static_cast<unsigned char>(c) < 0x80) return false;
    if (upper(c) && i > 0 && lower(m[i - 1])) return false;
  }
  return true;
}

}  // namespace

int localized_month(std::string_view m) {
  if (!m.empty() && is_digit(m[0])) {
    auto v = take_u64(m);
    if (v && *v >= 1 && *v <= 12 && (starts_with(m, "月") || starts_with(m, "월"))) return static_cast<int>(*v);
    return 0;
  }
  struct Entry { std::string_view prefix; int month; };
  static constexpr Entry kTable[] = {
      {"janv", 1}, {"févr", 2}, {"fevr", 2}, {"mars", 3}, {"avr", 4}, {"juin", 6}, {"juil", 7},
      {"août", 8}, {"aout", 8}, {"sept", 9}, {"déc", 12},
      {"jan", 1}, {"ene", 1}, {"gen", 1}, {"feb", 2}, {"fev", 2}, {"mar", 3}, {"mär", 3}, {"mrt", 3},
      {"apr", 4}, {"abr", 4}, {"may", 5}, {"mai", 5}, {"mag", 5}, {"mei", 5}, {"jun", 6}, {"giu", 6},
      {"jul", 7}, {"lug", 7}, {"aug", 8}, {"ago", 8}, {"sep", 9}, {"set", 9}, {"oct", 10},
      {"okt", 10}, {"ott", 10}, {"out", 10}, {"nov", 11}, {"dec", 12}, {"dez", 12}, {"dic", 12},
      // ru_RU (glibc's %b; `мая` is the genitive it prints for May)
      {"янв", 1}, {"фев", 2}, {"мар", 3}, {"апр", 4}, {"мая", 5}, {"май", 5}, {"июн", 6}, {"июл", 7},
      {"авг", 8}, {"сен", 9}, {"окт", 10}, {"ноя", 11}, {"дек", 12}};
  if (!month_word(m)) return 0;
  for (const auto& e : kTable)
    if (starts_with_ascii_ci(m, e.prefix)) return e.month;
  return 0;
}

}  // namespace oomlens
