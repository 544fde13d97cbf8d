#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

// MHD_start_daemon, MHD_get_daemon_info and MHD_get_connection_info are variadic, which Swift
// cannot call: these wrappers pass the options the workbench uses.

/// What MHD_OPTION_URI_LOG_CALLBACK calls with the raw request target, before it is decoded.
typedef void *(*cmhd_target_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Starts a daemon with its own polling threads on `address` (IPv4), with the limits given, and
/// the callbacks: each request's raw target (`target`), its end (`completed`), and each
/// connection's start and close (`notify`).
static inline struct MHD_Daemon *cmhd_start(unsigned int flags, const struct sockaddr_in *address,
                                            MHD_AccessHandlerCallback handler, void *cls,
                                            MHD_RequestCompletedCallback completed,
                                            MHD_NotifyConnectionCallback notify, cmhd_target_callback target,
                                            unsigned int connection_limit, unsigned int timeout_seconds,
                                            size_t memory_limit, unsigned int threads) {
    return MHD_start_daemon(flags, ntohs(address->sin_port), NULL, NULL, handler, cls,
                            MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, cls,
                            MHD_OPTION_URI_LOG_CALLBACK, target, cls,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                            MHD_OPTION_THREAD_POOL_SIZE, threads,
                            MHD_OPTION_END);
}

/// The socket of a connection; -1 when unknown.
static inline int cmhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// The port the daemon listens on (the one the system picked for port 0); 0 when unknown.
static inline uint16_t cmhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}
/// A response holding its own copy of `size` bytes at `data`.
static inline struct MHD_Response *cmhd_response_copy(size_t size, const void *data) {
    return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}
#endif
