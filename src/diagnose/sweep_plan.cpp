#include "diagnose/sweep_plan.h"

#include "util/i18n.h"
#include "util/ascii.h"

#include <fmt/core.h>

#include <cmath>
#include <cstdlib>
#include <set>

namespace oomlens::diagnose {

std::optional<double> parse_number(const std::string& t) {
  if (t.empty() || text::is_c_space(t[0])) return std::nullopt;
  char* end = nullptr;
  double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

Result<SweepParam> parse_sweep_param(const std::string& text) {
  auto eq = text.find('=');
  if (eq == std::string::npos) {
    return input_error(fmt::format(N_("--param '{}': give NAME=V1,V2,... (e.g. num_workers=0,1,2)"), text));
  }
  SweepParam p;
  p.name = text.substr(0, eq);
  bool ident = !p.name.empty() && !text::is_digit(p.name[0]);
  for (char c : p.name) ident = ident && (text::is_alnum(c) || c == '_' || c == '-');
  if (!ident) {
    return input_error(fmt::format(
        N_("--param '{}': the name must be letters, digits, '_' or '-' (and not start with a digit)"), text));
  }
  std::string rest = text.substr(eq + 1);
  if (rest.empty()) {
    return input_error(fmt::format(N_("--param {}: no values (give {}=V1,V2,...)"), p.name, p.name));
  }
  size_t pos = 0;
  while (true) {
    auto comma = rest.find(',', pos);
    std::string v = rest.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    if (v.empty()) {
      return input_error(fmt::format(N_("--param {}: an empty value in '{}'"), p.name, rest));
    }
    p.values.push_back(v);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  p.numeric = p.integer = true;
  for (auto& v : p.values) {
    auto n = parse_number(v);
    p.numeric = p.numeric && n.has_value();
    p.integer = p.integer && n && std::floor(*n) == *n;
  }
  p.integer = p.integer && p.numeric;
  return p;
}

Result<std::vector<SweepPoint>> plan_sweep(const std::vector<SweepParam>& params,
                                           const std::vector<std::string>& command) {
  if (params.empty()) {
    return input_error(N_("no --param given (e.g. --param num_workers=0,1,2)"));
  }
  if (command.empty()) {
    return input_error(N_("no command given (usage: oomlens sweep --param NAME=V1,V2 -- CMD ... {NAME} ...)"));
  }
  std::set<std::string> names;
  for (auto& p : params)
    if (!names.insert(p.name).second) {
      return input_error(fmt::format(N_("--param {} is given twice (give all its values in one --param {}=V1,V2,...)"),
                                     p.name, p.name));
    }
  std::string joined;
  for (auto& a : command) joined += a + '\x1f';
  for (auto& p : params)
    if (joined.find("{" + p.name + "}") == std::string::npos) {
      return input_error(fmt::format(N_("{{{}}} is not in the command: each --param's value goes where the command "
                                        "says {{{}}} (e.g. python3 train.py --workers {{{}}})"),
                                     p.name, p.name, p.name));
    }
  std::vector<SweepPoint> out(1);
  for (auto& p : params) {
    std::vector<SweepPoint> next;
    for (auto& base : out)
      for (auto& v : p.values) {
        SweepPoint sp = base;
        sp.params[p.name] = v;
        next.push_back(std::move(sp));
      }
    out = std::move(next);
  }
  for (auto& sp : out) {
    for (auto a : command) {
      for (auto& [n, v] : sp.params) {
        const std::string key = "{" + n + "}";
        for (size_t at = a.find(key); at != std::string::npos; at = a.find(key, at + v.size())) a.replace(at, key.size(), v);
      }
      sp.argv.push_back(a);
    }
  }
  return out;
}

}  // namespace oomlens::diagnose
