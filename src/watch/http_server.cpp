// libmicrohttpd behind HttpServer (see http_server.h for the threads and
// the bounds).
#include "watch/http_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <malloc.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <microhttpd.h>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>
#include <unordered_set>

#include "util/fd.h"

namespace oomlens::watch {
namespace {

using Clock = std::chrono::steady_clock;

/// One open connection, for the head deadline (MHD's own timeout is reset
/// by every byte, so a client trickling a byte a second would never hit it).
struct Conn {
  int fd = -1;
  Clock::time_point deadline;
  bool head_done = false;  // between a complete head and the end of its answer
  bool shut = false;
};

enum MHD_Result add_param(void* cls, enum MHD_ValueKind, const char* key, const char* value) {
  static_cast<HttpParams*>(cls)->emplace(key ? key : "", value ? value : "");
  return MHD_YES;
}

enum MHD_Result send(MHD_Connection* c, int status, const std::string& type, const std::string& body) {
  MHD_Response* r = MHD_create_response_from_buffer(body.size(), const_cast<char*>(body.data()), MHD_RESPMEM_MUST_COPY);
  if (!r) return MHD_NO;
  MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type.c_str());
  enum MHD_Result ok = MHD_queue_response(c, static_cast<unsigned>(status), r);
  MHD_destroy_response(r);
  return ok;
}

}  // namespace

struct HttpServer::Impl {
  HttpLimits limits;
  std::map<std::string, std::function<HttpResponse(const HttpParams&)>> routes;
  UniqueFd listen_fd;  ///< bound, until start() hands it to the library
  MHD_Daemon* daemon = nullptr;

  std::mutex mu;  // guards conns and stopping
  std::condition_variable cv;
  std::unordered_set<Conn*> conns;
  bool stopping = false;
  bool trim = false;  // a connection closed since the last malloc_trim
  std::thread reaper;

  static void on_connection(void* cls, MHD_Connection* c, void** socket_context, enum MHD_ConnectionNotificationCode code) {
    auto* self = static_cast<Impl*>(cls);
    std::lock_guard lock(self->mu);
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
      auto* conn = new Conn;
      const MHD_ConnectionInfo* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
      conn->fd = info ? info->connect_fd : -1;
      conn->deadline = Clock::now() + std::chrono::seconds(self->limits.head_deadline_s);
      self->conns.insert(conn);
      *socket_context = conn;
    } else if (auto* conn = static_cast<Conn*>(*socket_context)) {
      // MHD_CONNECTION_NOTIFY_CLOSED comes before MHD closes the socket, so
      // the reaper never shuts down a descriptor that was reused.
      self->conns.erase(conn);
      delete conn;
      self->trim = true;
      *socket_context = nullptr;
    }
  }

  static void on_completed(void* cls, MHD_Connection* c, void**, enum MHD_RequestTerminationCode) {
    auto* self = static_cast<Impl*>(cls);
    const MHD_ConnectionInfo* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    if (!info || !info->socket_context) return;
    std::lock_guard lock(self->mu);
    auto* conn = static_cast<Conn*>(info->socket_context);
    conn->head_done = false;  // a keep-alive connection's next head starts its own deadline
    conn->deadline = Clock::now() + std::chrono::seconds(self->limits.head_deadline_s);
  }

  static enum MHD_Result on_request(void* cls, MHD_Connection* c, const char* url, const char* method, const char*,
                                    const char*, size_t* upload_size, void** request_context) {
    auto* self = static_cast<Impl*>(cls);
    if (!*request_context) {
      // The first call, with the head complete. The answer is queued on a
      // later call: MHD closes a connection whose answer was queued before
      // the request (body included) was read, which would end keep-alive
      // and pipelining.
      *request_context = self;
      if (const MHD_ConnectionInfo* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
          info && info->socket_context) {
        std::lock_guard lock(self->mu);
        static_cast<Conn*>(info->socket_context)->head_done = true;
      }
      return MHD_YES;
    }
    if (*upload_size != 0) {  // a body: GET routes take none, and it is discarded
      *upload_size = 0;
      return MHD_YES;
    }
    const std::string text = "text/plain; charset=utf-8";
    if (MHD_get_connection_values(c, MHD_HEADER_KIND, nullptr, nullptr) > static_cast<int>(self->limits.max_headers))
      return send(c, MHD_HTTP_REQUEST_HEADER_FIELDS_TOO_LARGE, text, "too many header fields\n");
    if (std::strcmp(method, MHD_HTTP_METHOD_GET) != 0 && std::strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
      return send(c, MHD_HTTP_METHOD_NOT_ALLOWED, text, "only GET and HEAD\n");
    auto route = self->routes.find(url);
    if (route == self->routes.end()) return send(c, MHD_HTTP_NOT_FOUND, text, "not found\n");
    HttpParams params;
    MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, add_param, &params);
    HttpResponse r = route->second(params);
    return send(c, r.status, r.content_type, r.body);
  }

  void reap_loop() {
    std::unique_lock lock(mu);
    while (!stopping) {
      cv.wait_for(lock, std::chrono::seconds(1));
      const auto now = Clock::now();
      for (Conn* conn : conns) {
        if (conn->head_done || conn->shut || conn->fd < 0 || now < conn->deadline) continue;
        // MHD sees end-of-file on its next read and closes the connection.
        ::shutdown(conn->fd, SHUT_RDWR);
        conn->shut = true;
      }
      // A crowd's connection pools are freed into the heap, not to the
      // kernel: once the last connection is gone, give the pages back.
      if (trim && conns.empty()) {
        ::malloc_trim(0);
        trim = false;
      }
    }
  }
};

HttpServer::HttpServer(HttpLimits limits) : impl_(std::make_unique<Impl>()) { impl_->limits = limits; }

HttpServer::~HttpServer() { stop(); }

void HttpServer::get(const std::string& path, std::function<HttpResponse(const HttpParams&)> handler) {
  impl_->routes[path] = std::move(handler);
}

Result<int> HttpServer::bind(const std::string& host, int port) {
  sockaddr_storage ss{};
  socklen_t len = 0;
  const std::string h = host == "localhost" ? "127.0.0.1" : host;
  auto* v4 = reinterpret_cast<sockaddr_in*>(&ss);
  auto* v6 = reinterpret_cast<sockaddr_in6*>(&ss);
  if (::inet_pton(AF_INET, h.c_str(), &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons(static_cast<uint16_t>(port));
    len = sizeof *v4;
  } else if (::inet_pton(AF_INET6, h.c_str(), &v6->sin6_addr) == 1) {
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons(static_cast<uint16_t>(port));
    len = sizeof *v6;
  } else {
    return SystemError{0, "not an IP address (give a literal IPv4 or IPv6 address)"};
  }
  UniqueFd fd(::socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
  if (!fd) return system_error("socket");
  int yes = 1;
  const char* failed = nullptr;
  if (::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes) != 0)
    failed = "setsockopt SO_REUSEADDR";
  else if (::bind(fd.get(), reinterpret_cast<sockaddr*>(&ss), len) != 0)
    failed = "bind";
  else if (::listen(fd.get(), 128) != 0)
    failed = "listen";
  else if (::getsockname(fd.get(), reinterpret_cast<sockaddr*>(&ss), &len) != 0)
    failed = "getsockname";
  if (failed) return system_error(failed);
  impl_->listen_fd = std::move(fd);
  return static_cast<int>(ntohs(ss.ss_family == AF_INET ? v4->sin_port : v6->sin6_port));
}

Status HttpServer::start() {
  Impl* im = impl_.get();
  const HttpLimits& l = im->limits;
  im->daemon = MHD_start_daemon(
      MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC, 0, nullptr, nullptr, &Impl::on_request, im,
      MHD_OPTION_LISTEN_SOCKET, im->listen_fd.get(), MHD_OPTION_CONNECTION_MEMORY_LIMIT, l.memory_limit_bytes,
      MHD_OPTION_CONNECTION_LIMIT, l.max_connections, MHD_OPTION_PER_IP_CONNECTION_LIMIT, l.max_per_ip,
      MHD_OPTION_CONNECTION_TIMEOUT, l.idle_timeout_s, MHD_OPTION_NOTIFY_CONNECTION, &Impl::on_connection, im,
      MHD_OPTION_NOTIFY_COMPLETED, &Impl::on_completed, im, MHD_OPTION_END);
  if (!im->daemon) return SystemError{0, "libmicrohttpd could not start its server thread"};
  im->listen_fd.release();  // the daemon owns it now (MHD_stop_daemon closes it)
  im->reaper = std::thread([im] { im->reap_loop(); });
  return kOk;
}

void HttpServer::stop() {
  if (!impl_) return;
  {
    std::lock_guard lock(impl_->mu);
    impl_->stopping = true;
  }
  impl_->cv.notify_all();
  if (impl_->reaper.joinable()) impl_->reaper.join();
  if (impl_->daemon) MHD_stop_daemon(impl_->daemon);
  impl_->daemon = nullptr;
  impl_->listen_fd.reset();
}

}  // namespace oomlens::watch
