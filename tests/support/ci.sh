# "Skip unless CI=true" for the shell tests (sourced, not run; the twin of
# ci.h and ci.py). Under CI=true nothing may skip for want of privileges or
# tools (tests/README.md): a skip is then a failure.
#   under_ci          true when the environment has CI=true
#   skip_check REASON a check this machine cannot make: prints "SKIP: REASON",
#                     or under CI=true "FAIL (CI=true): REASON" and counts one
#                     more failure in $fail
#   skip_test REASON  the whole test cannot run: prints "SKIP: REASON" and
#                     exits 77 (ctest's SKIP_RETURN_CODE), 1 under CI=true

under_ci() { [ "${CI:-}" = true ]; }

skip_check() {
  if under_ci; then
    echo "FAIL (CI=true): $*"; fail=$((${fail:-0} + 1))
  else
    echo "SKIP: $*"
  fi
}

skip_test() {
  echo "SKIP: $*"
  under_ci && exit 1
  exit 77
}
