#include "diagnose/verdict_json.h"
#include "util/json_opt.h"

namespace oomlens::diagnose {
namespace {
using util::opt;
}  // namespace

nlohmann::json tree_kill_to_json(const TreeKill& k) {
  return {{"pid", k.pid}, {"comm", k.comm}, {"role", k.role}, {"kmsg_seq", opt(k.kmsg_seq)},
          {"constraint", opt(k.constraint)}, {"oom_memcg", opt(k.oom_memcg)},
          {"limit_bytes", opt(k.limit_bytes)}, {"anon_rss_bytes", opt(k.anon_rss_bytes)},
          {"peak_pss_bytes", opt(k.peak_pss_bytes)}, {"full_report", k.full_report},
          {"rank", opt(k.rank)}, {"local_rank", opt(k.local_rank)}};
}

nlohmann::json verdict_to_json(const Verdict& v) {
  return {{"type", "verdict"},
          {"cause", v.cause},
          {"secondary_causes", v.secondary_causes},
          {"evidence", v.evidence},
          {"confidence", v.confidence},
          {"summary", v.summary},
          {"victim_pid", opt(v.victim_pid)},
          {"signal_sender", v.signal_sender ? signal_sender_to_json(*v.signal_sender) : nlohmann::json(nullptr)},
          {"advice", v.advice}};
}

}  // namespace oomlens::diagnose
