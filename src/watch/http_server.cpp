// cpp-httplib behind HttpServer (see http_server.h).
#include "watch/http_server.h"

#include <sys/socket.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <thread>

#include <httplib.h>

namespace oomlens::watch {

struct HttpServer::Impl {
  httplib::Server server;
  std::thread thread;
};

HttpServer::HttpServer() : impl_(std::make_unique<Impl>()) {
  auto& s = impl_->server;
  s.new_task_queue = [] { return new httplib::ThreadPool(kWorkers); };
  s.set_read_timeout(5, 0);
  s.set_write_timeout(5, 0);
  s.set_keep_alive_timeout(5);
  // Headers and body go out in separate writes: without TCP_NODELAY, Nagle
  // plus the client's delayed ACK add ~40 ms to every scrape.
  s.set_tcp_nodelay(true);
  s.set_keep_alive_max_count(100);
  s.set_payload_max_length(4096);
  // httplib 0.11 sets SO_REUSEPORT by default, which lets a second process
  // bind the same port silently: use SO_REUSEADDR alone.
  s.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
}

HttpServer::~HttpServer() { stop(); }

void HttpServer::get(const std::string& path, std::function<HttpResponse(const HttpParams&)> handler) {
  impl_->server.Get(path, [h = std::move(handler)](const httplib::Request& req, httplib::Response& res) {
    HttpParams params(req.params.begin(), req.params.end());
    HttpResponse r = h(params);
    res.status = r.status;
    res.set_content(std::move(r.body), r.content_type.c_str());
  });
}

int HttpServer::bind(const std::string& host, int port, std::string* error) {
  errno = 0;
  int bound = -1;
  if (port == 0) {
    bound = impl_->server.bind_to_any_port(host);
  } else if (impl_->server.bind_to_port(host, port)) {
    bound = port;
  }
  if (bound <= 0) {
    if (error) *error = errno ? std::strerror(errno) : "cannot bind (bad address?)";
    return -1;
  }
  return bound;
}

void HttpServer::start() {
  impl_->thread = std::thread([this] { impl_->server.listen_after_bind(); });
}

void HttpServer::stop() {
  if (!impl_) return;
  impl_->server.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

bool parse_listen(const std::string& spec, std::string* host, int* port) {
  size_t colon = spec.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 >= spec.size()) return false;
  std::string h = spec.substr(0, colon);
  if (h.front() == '[') {
    if (h.back() != ']') return false;
    h = h.substr(1, h.size() - 2);
  }
  int p = -1;
  auto tail = std::string_view(spec).substr(colon + 1);
  auto [ptr, ec] = std::from_chars(tail.data(), tail.data() + tail.size(), p);
  if (ec != std::errc{} || ptr != tail.data() + tail.size() || p < 0 || p > 65535) return false;
  *host = h;
  *port = p;
  return true;
}

}  // namespace oomlens::watch
