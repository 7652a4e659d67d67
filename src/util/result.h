#pragma once
// The one error type for new code (docs/ARCHITECTURE.md): Result<T> is a
// value or a SystemError that says what failed and the errno it failed
// with, on the model of oomd's SystemMaybe<T>. "Gone" is not an error: a
// process that exited between listing and reading is std::optional's
// nullopt, as before.
#include <cerrno>
#include <cstring>
#include <string>
#include <utility>
#include <variant>

namespace oomlens {

/// What failed (`what`: the operation and its object, e.g. "open
/// /proc/42/comm"), errno (0 when the failure is not a system call's) and
/// optionally what may cause it or what to do (`advice`).
struct SystemError {
  int errnum = 0;
  std::string what;
  std::string advice;
  /// "open /proc/42/comm: No such file or directory" (or `what` alone),
  /// then " (advice)" when there is one.
  [[nodiscard]] std::string message() const {
    std::string m = errnum == 0 ? what : what + ": " + std::strerror(errnum);
    if (!advice.empty()) m += " (" + advice + ")";
    return m;
  }
};

/// The error for `what` with the current errno (call right after the failing call).
[[nodiscard]] inline SystemError system_error(std::string what, int errnum = errno) {
  return SystemError{errnum, std::move(what)};
}

/// A T or a SystemError. Reads like std::optional (`if (r)`, `*r`, `r->`,
/// value_or) so readers can move to it without touching their callers.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}                // NOLINT: implicit, as optional's
  Result(SystemError error) : v_(std::move(error)) {}      // NOLINT
  [[nodiscard]] bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  [[nodiscard]] bool has_value() const { return ok(); }
  T& operator*() & { return std::get<0>(v_); }
  const T& operator*() const& { return std::get<0>(v_); }
  T&& operator*() && { return std::get<0>(std::move(v_)); }
  T* operator->() { return &std::get<0>(v_); }
  const T* operator->() const { return &std::get<0>(v_); }
  [[nodiscard]] T& value() & { return std::get<0>(v_); }
  [[nodiscard]] const T& value() const& { return std::get<0>(v_); }
  template <typename U>
  [[nodiscard]] T value_or(U&& fallback) const& {
    return ok() ? std::get<0>(v_) : static_cast<T>(std::forward<U>(fallback));
  }
  /// The error; only when !ok().
  [[nodiscard]] const SystemError& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, SystemError> v_;
};

/// An error in what the user gave (an option, a file's contents): errnum
/// 0, `sentence` says what and why ("--warn '120%' is out of range: ...").
[[nodiscard]] inline SystemError input_error(std::string sentence) { return SystemError{0, std::move(sentence)}; }

/// A success without a value, or what failed: the shape of what was
/// `bool f(..., std::string* error)`. Return kOk on success.
using Status = Result<std::monostate>;
inline constexpr std::monostate kOk{};

}  // namespace oomlens
