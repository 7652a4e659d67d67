#pragma once
// Rendering of `oomlens top` snapshots: the header lines and table rows
// shared by the ncurses view and `--once`, and the `--json` document
// (docs/top.md). Sizes in bytes in JSON, unknown as null; strings passed
// through printable() (text) or sanitize_utf8() (JSON).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "top/snapshot.h"

namespace oomlens::top {

inline constexpr size_t kCgroupColumn = 24;  ///< the CGROUP column's width

/// `s` cut to its first `width` code points (0 = whole); never splits a
/// UTF-8 sequence.
[[nodiscard]] std::string cut(const std::string& s, size_t width);

/// Two lines: memory, swap, commit, PSI; then the cgroup limit and counts.
[[nodiscard]] std::vector<std::string> header_lines(const Header& h);

/// `s`'s last `width` code points, led by "…" when cut (0 = whole): the
/// end of a cgroup path is the part that tells two apart.
[[nodiscard]] std::string cut_front(const std::string& s, size_t width);

/// "docker:3f2a9c1b2d4e", "systemd:session-2.scope", or a path with its
/// ids shortened and, past `width` code points, its start cut
/// ("…/job_42/step_0/task_0"); "-" for none.
[[nodiscard]] std::string cgroup_label(const StaticInfo& info, size_t width = kCgroupColumn);

/// Column titles and rows cut to `width` display columns (0 = no cut).
[[nodiscard]] std::string table_title(bool gpu, bool grouped, size_t width);
[[nodiscard]] std::string format_row(const ProcessRow& r, bool gpu, size_t width);
[[nodiscard]] std::string format_group(const Group& g, bool gpu, size_t width);

/// The `--once` text: header, title, the first `limit` rows or groups (0 =
/// all), each line cut to `width` columns (0 = whole lines).
[[nodiscard]] std::string render_text(const Snapshot& s, size_t limit, bool grouped, size_t width = 0);

/// The `--json` document: {"header":{...},"gpu_available":b,"processes":[...]
/// [,"groups":[...]]}; `limit` caps processes and groups (0 = all).
[[nodiscard]] nlohmann::json render_json(const Snapshot& s, size_t limit, bool grouped);

}  // namespace oomlens::top
