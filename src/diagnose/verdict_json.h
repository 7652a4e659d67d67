#pragma once
// The verdict's record/JSON form (`"type":"verdict"` lines, --verdict-json).
#include <nlohmann/json.hpp>

#include "diagnose/verdict.h"

namespace oomlens::diagnose {

[[nodiscard]] nlohmann::json verdict_to_json(const Verdict& v);
[[nodiscard]] nlohmann::json tree_kill_to_json(const TreeKill& k);

}  // namespace oomlens::diagnose
