// The daemon's pure request helpers (see http_route.h).
#include "watch/http_route.h"

#include <arpa/inet.h>

#include <charconv>
#include <cstdint>

namespace oomlens::watch {

bool parse_listen(const std::string& spec, std::string* host, int* port) {
  size_t colon = spec.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 >= spec.size()) return false;
  std::string h = spec.substr(0, colon);
  if (h.front() == '[') {
    if (h.size() < 2 || h.back() != ']') return false;
    h = h.substr(1, h.size() - 2);
  }
  if (h.empty()) return false;
  int p = -1;
  auto tail = std::string_view(spec).substr(colon + 1);
  auto [ptr, ec] = std::from_chars(tail.data(), tail.data() + tail.size(), p);
  if (ec != std::errc{} || ptr != tail.data() + tail.size() || p < 0 || p > 65535) return false;
  *host = h;
  *port = p;
  return true;
}

bool is_loopback_host(std::string_view host) {
  if (host == "localhost") return true;
  const std::string h(host);
  in_addr v4{};
  if (::inet_pton(AF_INET, h.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  in6_addr v6{};
  if (::inet_pton(AF_INET6, h.c_str(), &v6) != 1) return false;
  static const in6_addr kLoop = IN6ADDR_LOOPBACK_INIT;
  if (IN6_ARE_ADDR_EQUAL(&v6, &kLoop)) return true;
  return IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127;
}

std::optional<size_t> parse_count_param(std::string_view value) {
  if (value.empty() || value.size() > 20) return std::nullopt;
  uint64_t n = 0;
  for (char c : value) {
    if (c < '0' || c > '9') return std::nullopt;
    const uint64_t d = static_cast<uint64_t>(c - '0');
    n = n > (UINT64_MAX - d) / 10 ? UINT64_MAX : n * 10 + d;
  }
  return n > SIZE_MAX ? SIZE_MAX : static_cast<size_t>(n);
}

}  // namespace oomlens::watch
