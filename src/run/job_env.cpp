#include "run/job_env.h"
#include "util/file.h"

#include <unistd.h>

#include <cstdlib>

#include "guard/python.h"

namespace oomlens::run {

void set_job_environment(int attempt, const guard::Action& action, const std::optional<std::string>& resume_ack) {
  if (auto exe = own_executable()) {
    if (auto dir = guard::find_python_module_dir(*exe)) {
      std::string pp = *dir;
      const char* old = std::getenv("PYTHONPATH");
      std::string olds = old ? old : "";
      // Once is enough (each attempt runs in a fork of the same process).
      if (olds != pp && olds.rfind(pp + ":", 0) != 0) {
        if (!olds.empty()) pp += ":" + olds;
        ::setenv("PYTHONPATH", pp.c_str(), 1);
      }
    }
  }
  ::setenv("OOMLENS_ATTEMPT", std::to_string(attempt).c_str(), 1);
  if (attempt >= 2) {
    ::setenv("OOMLENS_RESUME", "1", 1);
    if (resume_ack) ::setenv("OOMLENS_RESUME_ACK", resume_ack->c_str(), 1);
  } else {
    ::unsetenv("OOMLENS_RESUME");
    ::unsetenv("OOMLENS_RESUME_ACK");
  }
  if (action.kind == guard::Action::Kind::signal)
    ::setenv("OOMLENS_WARNING_SIGNAL", std::to_string(action.signo).c_str(), 1);
  else
    ::unsetenv("OOMLENS_WARNING_SIGNAL");
}

}  // namespace oomlens::run
