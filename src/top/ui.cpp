// ncurses view (see ui.h). Only this file includes curses.h: its macros
// (e.g. `timeout`, `erase`) would clash with ordinary names elsewhere.
#include "top/ui.h"

#include <curses.h>
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <clocale>
#include <cstdlib>
#include <ctime>

#include "top/render.h"
#include "util/i18n.h"

namespace oomlens::top {
namespace {

double mono_s() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

void put_line(int y, const std::string& s, int cols) {
  mvaddnstr(y, 0, s.c_str(), static_cast<int>(s.size()));
  (void)cols;
}

}  // namespace

int run_ui(SnapshotBuilder& b, const UiOptions& o) {
  std::setlocale(LC_ALL, "");  // ncursesw draws UTF-8 (comms, ·, ↑↓) only with a UTF-8 locale
  // newterm() rather than initscr(): initscr() exits the process on failure.
  SCREEN* screen = newterm(nullptr, stdout, stdin);
  if (!screen) {
    fmt::print(stderr, "oomlens top: cannot initialise the terminal (TERM={}); use --once or --json\n",
               std::getenv("TERM") ? std::getenv("TERM") : "unset");
    return 2;
  }
  if (COLS < kMinCols || LINES < kMinLines) {
    const int c = COLS, l = LINES;
    endwin();
    delscreen(screen);
    fmt::print(stderr, "oomlens top: the terminal is {}x{}; the live view needs at least {}x{} (or use --once)\n", c,
               l, kMinCols, kMinLines);
    return 2;
  }
  set_escdelay(25);
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  curs_set(0);
  bool grouped = o.grouped;
  size_t scroll = 0;
  Snapshot snap;
  std::vector<Group> groups;
  double next_tick = 0;
  bool quit = false;
  while (!quit) {
    const double now = mono_s();
    if (now >= next_tick) {
      snap = b.tick();
      next_tick = now + o.interval_s;
    }
    const int lines = LINES, cols = COLS;
    erase();
    if (cols < kMinCols || lines < kMinLines) {
      put_line(0, fmt::format("terminal {}x{} too small: need {}x{}", cols, lines, kMinCols, kMinLines), cols);
    } else {
      auto head = header_lines(snap.header);
      int y = 0;
      for (const auto& h : head) put_line(y++, cut(h, static_cast<size_t>(cols)), cols);
      attron(A_REVERSE);
      std::string title = table_title(snap.gpu_available, grouped, static_cast<size_t>(cols));
      title.resize(static_cast<size_t>(cols), ' ');
      put_line(y++, title, cols);
      attroff(A_REVERSE);
      const size_t body = static_cast<size_t>(lines - y - 1);
      if (grouped) {
        groups = group_rows(snap.rows);
        scroll = std::min(scroll, groups.empty() ? 0 : groups.size() - 1);
        std::vector<int> pids;
        for (size_t i = scroll; i < groups.size() && i < scroll + body; ++i)
          pids.insert(pids.end(), groups[i].pids.begin(), groups[i].pids.end());
        b.details_for(snap, pids, now);
        groups = group_rows(snap.rows);  // sums now include the fresh details
        for (size_t i = scroll; i < groups.size() && i < scroll + body; ++i)
          put_line(y++, format_group(groups[i], snap.gpu_available, static_cast<size_t>(cols)), cols);
      } else {
        scroll = std::min(scroll, snap.rows.empty() ? 0 : snap.rows.size() - 1);
        b.details(snap, scroll, body, now);
        for (size_t i = scroll; i < snap.rows.size() && i < scroll + body; ++i)
          put_line(y++, format_row(snap.rows[i], snap.gpu_available, static_cast<size_t>(cols)), cols);
      }
      attron(A_DIM);
      put_line(lines - 1,
               cut(trf("q quit · g {} · ↑↓ PgUp PgDn scroll · sorted by oom_score · PSS/swap/adj of visible rows "
                       "every 5 s",
                       grouped ? tr("processes") : tr("group by application")),
                   static_cast<size_t>(cols)),
               cols);
      attroff(A_DIM);
    }
    refresh();
    const int wait_ms = std::max(10, static_cast<int>((next_tick - mono_s()) * 1000));
    timeout(wait_ms);
    int ch = getch();
    const size_t page = static_cast<size_t>(std::max(1, LINES - 5));
    switch (ch) {
      case 'q': case 'Q': case 27: quit = true; break;
      case 'g': case 'G': grouped = !grouped; scroll = 0; break;
      case KEY_DOWN: ++scroll; break;
      case KEY_UP: if (scroll) --scroll; break;
      case KEY_NPAGE: scroll += page; break;
      case KEY_PPAGE: scroll = scroll > page ? scroll - page : 0; break;
      case KEY_HOME: scroll = 0; break;
      case KEY_END: scroll = snap.rows.size(); break;
      default: break;  // ERR (timeout), KEY_RESIZE: redraw
    }
  }
  endwin();
  delscreen(screen);
  return 0;
}

}  // namespace oomlens::top
