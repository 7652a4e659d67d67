#include "cli/run_restart.h"

#include <fmt/core.h>

#include "guard/options.h"
#include "util/i18n.h"

namespace oomlens::cli {

void add_restart_options(CLI::App* cmd, RestartArgs& a) {
  cmd->add_option_function<int>(
         "--restart-on-oom", [&a](int n) { a.restarts = n, a.given = true; },
         N_("restart the job up to N times when it is OOM-killed or the guard stopped it "
            "(OOMLENS_ATTEMPT and OOMLENS_RESUME in its environment)"))
      ->type_name("N");
  cmd->add_option("--backoff", a.backoff, "with --restart-on-oom: pause before each restart (default 10s)")
      ->type_name("DUR");
  cmd->add_option("--restart-on", a.restart_on, "with --restart-on-oom: oom (default: OOM kills and guard stops) "
                                                "or any (every end but a success)");
  cmd->add_option("--limit-step", a.limit_step, "with --restart-on-oom and --limit: grow the limit by this share "
                                                "per restart, capped at what the machine can give (e.g. 20%)");
}

Result<diagnose::RestartPolicy> make_restart_policy(const RestartArgs& a, bool has_limit) {
  diagnose::RestartPolicy p;
  if (!a.given) {
    for (auto [name, v] : {std::pair{"--backoff", &a.backoff}, {"--restart-on", &a.restart_on},
                           {"--limit-step", &a.limit_step}})
      if (!v->empty()) return input_error(fmt::format(N_("{} needs --restart-on-oom N"), name));
    return p;
  }
  if (a.restarts < 1)
    return input_error(fmt::format(N_("--restart-on-oom {}: give N of at least 1 (the number of restarts; without "
                                      "the option the job is never restarted)"),
                                   a.restarts));
  p.max_restarts = a.restarts;
  if (!a.backoff.empty()) {
    auto d = guard::parse_duration("--backoff", a.backoff, true);
    if (!d) return d.error();
    p.backoff_s = d->value_or(0);
  }
  if (!a.restart_on.empty()) {
    auto r = diagnose::parse_restart_on(a.restart_on);
    if (!r) return r.error();
    p.on = *r;
  }
  if (!a.limit_step.empty()) {
    if (!has_limit) return input_error(N_("--limit-step needs --limit (the limit it grows)"));
    auto s = diagnose::parse_limit_step(a.limit_step);
    if (!s) return s.error();
    p.limit_step_fraction = *s;
  }
  return p;
}

}  // namespace oomlens::cli
