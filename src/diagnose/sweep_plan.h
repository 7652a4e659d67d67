#pragma once
// `oomlens sweep`: the points to run, from `--param NAME=V1,V2,...` and
// the command with `{NAME}` in it (docs/sweep.md). Pure.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "util/result.h"

namespace oomlens::diagnose {

struct SweepParam {
  std::string name;
  std::vector<std::string> values;  ///< as typed, in order
  bool numeric = false;             ///< every value parses as a finite number (then it is fitted)
  bool integer = false;             ///< every value is a whole number
};

struct SweepPoint {
  std::map<std::string, std::string> params;  ///< name -> value as typed
  std::vector<std::string> argv;              ///< the command with every {NAME} replaced
};

/// Parses one `NAME=V1,V2,...`. Errors (SystemError::what, a sentence naming --param; errnum 0): no
/// '=', an empty or non-identifier name, no values, an empty value.
[[nodiscard]] Result<SweepParam> parse_sweep_param(const std::string& text);

/// All combinations (the first parameter varies slowest), each with its
/// command. Errors: a duplicate name, a `{NAME}` missing from the command
/// (the whole argv searched).
[[nodiscard]] Result<std::vector<SweepPoint>> plan_sweep(const std::vector<SweepParam>& params,
                                                         const std::vector<std::string>& command);

/// The numeric value of a typed parameter value, nullopt when not a number.
[[nodiscard]] std::optional<double> parse_number(const std::string& text);

}  // namespace oomlens::diagnose
