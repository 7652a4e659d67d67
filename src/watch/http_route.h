#pragma once
// The daemon's own part of an HTTP request, apart from the server library
// (watch/http_server.h): where to listen, which addresses are loopback, the
// values of query parameters, and what a route's handler returns. Pure
// functions of strings (fuzzed: fuzz/fuzz_inputs.cpp).
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace oomlens::watch {

/// What a route's handler answers.
struct HttpResponse {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
};
/// A request's query parameters, decoded.
using HttpParams = std::multimap<std::string, std::string>;

/// Splits `HOST:PORT` / `[V6]:PORT` (PORT 0..65535); false when malformed.
bool parse_listen(const std::string& spec, std::string* host, int* port);

/// True for an address that only this machine can reach: 127.0.0.0/8, ::1,
/// ::ffff:127.x.y.z and the name `localhost`. Anything else (0.0.0.0, ::, a
/// pod IP, a host name) is public: the daemon binds it only with
/// --listen-public. A string that is not a literal address is public too.
bool is_loopback_host(std::string_view host);

/// `/events?limit=N`: N as a count of events, decimal digits only (no sign,
/// no spaces), at most 20 digits; nullopt for anything else. Values above
/// SIZE_MAX saturate (a limit above the events kept means all of them).
std::optional<size_t> parse_count_param(std::string_view value);

}  // namespace oomlens::watch
