#pragma once
// The explanation of one OOM report: a sentence, checks and advice.
//
// Pure: a function of the event (and, for the live log only, of what is known
// about this machine). Every figure it prints comes from the event or the
// context; what neither gives is left out, never guessed.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kernel_log/oom_event.h"

namespace oomlens {

/// What is known about the machine, filled in by the CLI only when the log
/// being explained is this boot's (kmsg, `journalctl -k -b`). Empty for
/// files from elsewhere: a setting read now says nothing about another host.
struct ExplainContext {
  /// /proc/sys/vm/overcommit_memory (0 heuristic, 1 always, 2 never).
  std::optional<int> overcommit_memory;
  /// MemTotal of /proc/meminfo, bytes; used when the report has no Mem-Info.
  std::optional<uint64_t> mem_total_bytes;
};

enum class CheckLevel { info, warn };

/// One finding. `id` is stable (tests and JSON consumers key on it).
struct Check {
  std::string id;
  CheckLevel level = CheckLevel::info;
  std::string message;
  /// The numbers behind the message; names carry their unit
  /// (`anon_rss_bytes`, `percent`, `count`). Values fit in 2^53.
  std::vector<std::pair<std::string, int64_t>> figures;
};

struct Explanation {
  std::string summary;              ///< one sentence a person can act on
  std::vector<Check> checks;        ///< in rule order (see explain.cpp)
  std::vector<std::string> advice;  ///< short and concrete, most relevant first
};

/// Explains one event. Never throws on any event (including a
/// default-constructed one) and never prints a figure the event lacks.
[[nodiscard]] Explanation explain(const OomEvent& event, const ExplainContext& context = {});

/// Memory limit of the cgroup in bytes when it is a real limit (limit_state
/// limited and below 2^53 bytes: bigger values are page_counter's "max"
/// sentinel that slipped through), else nullopt.
[[nodiscard]] std::optional<uint64_t> effective_limit_bytes(const MemcgInfo& memcg);

/// The cgroup file a LimitWrite names (`memory.max`, `memory.limit_in_bytes`),
/// or nullptr for LimitWrite::none.
[[nodiscard]] const char* limit_file_name(LimitWrite write);

/// The machine's RAM: Mem-Info `pages RAM`, else the context's MemTotal.
[[nodiscard]] std::optional<uint64_t> machine_ram_bytes(const OomEvent& event,
                                                        const ExplainContext& context);

}  // namespace oomlens
