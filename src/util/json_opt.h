// JSON for optional values: unknown is null, never 0 (the record's rule).
#pragma once

#include <nlohmann/json.hpp>

#include <optional>

namespace oomlens::util {

/// `v`'s value as JSON, or JSON null when `v` is empty.
template <class T>
nlohmann::json opt(const std::optional<T>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

}  // namespace oomlens::util
