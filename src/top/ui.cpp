// ncurses view (see ui.h). Only this file includes curses.h: its macros
// (e.g. `timeout`, `erase`) would clash with ordinary names elsewhere.
#include "top/ui.h"

#include <curses.h>
#include <unistd.h>
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <clocale>
#include <cstdlib>
#include <ctime>

#include "top/render.h"
#include "util/i18n.h"
#include "util/sanitize.h"
#include "util/exit_status.h"
#include "util/message.h"

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
    print_error("top", "cannot initialise the terminal (TERM={}); use --once or --json",
                std::getenv("TERM") ? std::getenv("TERM") : "unset");
    return kExitUsage;
  }
  if (COLS < kMinCols || LINES < kMinLines) {
    const int c = COLS, l = LINES;
    endwin();
    delscreen(screen);
    print_error("top", "the terminal is {}x{}; the live view needs at least {}x{} (or use --once)", c, l, kMinCols,
                kMinLines);
    return kExitUsage;
  }
  set_escdelay(25);
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  curs_set(0);
  bool grouped = o.grouped;
  bool tree = o.tree;
  std::string filter = o.filter;
  std::string typing;        // the filter being typed after '/'
  bool editing = false;
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
    Snapshot view = snap;  // the tick's rows, filtered and ordered for this frame
    filter_rows(view.rows, editing ? typing : filter, static_cast<int>(::getpid()));
    if (tree && !grouped) tree_order(view.rows);
    const int lines = LINES, cols = COLS;
    erase();
    if (cols < kMinCols || lines < kMinLines) {
      put_line(0, fmt::format("terminal {}x{} too small: need {}x{}", cols, lines, kMinCols, kMinLines), cols);
    } else {
      auto head = header_lines(view.header);
      int y = 0;
      for (const auto& h : head) put_line(y++, cut(h, static_cast<size_t>(cols)), cols);
      attron(A_REVERSE);
      std::string title = table_title(view.gpu_available, grouped, static_cast<size_t>(cols));
      title.resize(static_cast<size_t>(cols), ' ');
      put_line(y++, title, cols);
      attroff(A_REVERSE);
      const size_t body = static_cast<size_t>(lines - y - 1);
      if (grouped) {
        groups = group_rows(view.rows);
        scroll = std::min(scroll, groups.empty() ? 0 : groups.size() - 1);
        std::vector<int> pids;
        for (size_t i = scroll; i < groups.size() && i < scroll + body; ++i)
          pids.insert(pids.end(), groups[i].pids.begin(), groups[i].pids.end());
        b.details_for(view, pids, now);
        groups = group_rows(view.rows);  // sums now include the fresh details
        for (size_t i = scroll; i < groups.size() && i < scroll + body; ++i)
          put_line(y++, format_group(groups[i], view.gpu_available, static_cast<size_t>(cols)), cols);
      } else {
        scroll = std::min(scroll, view.rows.empty() ? 0 : view.rows.size() - 1);
        b.details(view, scroll, body, now);
        for (size_t i = scroll; i < view.rows.size() && i < scroll + body; ++i)
          put_line(y++, format_row(view.rows[i], view.gpu_available, static_cast<size_t>(cols)), cols);
      }
      attron(A_DIM);
      std::string foot;
      if (editing) foot = trf("filter: {}_ · Enter keep · Esc drop", typing);
      else {
        foot = trf("q quit · g {} · t {} · / filter · ↑↓ PgUp PgDn scroll · sorted by oom_score · PSS/swap/adj of "
                   "visible rows every 5 s",
                   grouped ? tr("processes") : tr("group by application"), tree ? tr("list") : tr("tree"));
        if (!filter.empty()) foot = trf("filter '{}' ({} of {}) · ", filter, view.rows.size(), snap.rows.size()) + foot;
      }
      put_line(lines - 1, cut(printable(foot), static_cast<size_t>(cols)), cols);
      attroff(A_DIM);
    }
    refresh();
    const int wait_ms = std::max(10, static_cast<int>((next_tick - mono_s()) * 1000));
    timeout(wait_ms);
    int ch = getch();
    const size_t page = static_cast<size_t>(std::max(1, LINES - 5));
    if (editing) {
      if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
        filter = typing;
        editing = false;
        scroll = 0;
      } else if (ch == 27) {
        editing = false;  // the filter before '/' stays
      } else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
        // One code point: its continuation bytes (10xxxxxx), then its first byte.
        while (!typing.empty() && (static_cast<unsigned char>(typing.back()) & 0xC0) == 0x80) typing.pop_back();
        if (!typing.empty()) typing.pop_back();
      } else if (ch >= 0x20 && ch < 0x100 && ch != 0x7f && typing.size() < 200) {
        typing += static_cast<char>(ch);  // UTF-8 arrives byte by byte
        scroll = 0;
      }
      continue;
    }
    switch (ch) {
      case 'q': case 'Q': case 27: quit = true; break;
      case 'g': case 'G': grouped = !grouped; scroll = 0; break;
      case 't': case 'T': tree = !tree; scroll = 0; break;
      case '/': editing = true; typing = filter; break;
      case KEY_DOWN: ++scroll; break;
      case KEY_UP: if (scroll) --scroll; break;
      case KEY_NPAGE: scroll += page; break;
      case KEY_PPAGE: scroll = scroll > page ? scroll - page : 0; break;
      case KEY_HOME: scroll = 0; break;
      case KEY_END: scroll = view.rows.size(); break;
      default: break;  // ERR (timeout), KEY_RESIZE: redraw
    }
  }
  endwin();
  delscreen(screen);
  return 0;
}

}  // namespace oomlens::top
