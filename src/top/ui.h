#pragma once
// The ncurses live view of `oomlens top`. Keys: q/Esc quit, g group by
// application, t tree view, / filter (Enter keeps it, Esc drops it),
// arrows/PgUp/PgDn/Home/End scroll.
#include <string>

#include "top/snapshot.h"

namespace oomlens::top {

inline constexpr int kMinCols = 60;
inline constexpr int kMinLines = 10;

struct UiOptions {
  double interval_s = 1.0;
  bool grouped = false;
  bool tree = false;    ///< processes as a tree (tree_order()); off while grouped
  std::string filter;   ///< row_matches(); "" = every process
};

/// Runs until the user quits. Returns 0, or 2 with a message on stderr when
/// the terminal cannot be used (smaller than kMinCols×kMinLines, or no
/// terminal). A terminal resized below the minimum mid-run shows a notice
/// until it grows again.
[[nodiscard]] int run_ui(SnapshotBuilder& builder, const UiOptions& options);

}  // namespace oomlens::top
