//===- Log.h - Leveled log lines for gluonc and libgluonrt ------*- C++ -*-===//
//
// A Logger writes "name: level: message" lines to stderr through spdlog:
// gluonc's -v / --log-level (stage times, register and occupancy decisions,
// the files written) and libgluonrt's GLUONRT_LOG (loads, launches,
// descriptors). Messages are formatted with fmt, and only when their level is
// enabled, so a disabled line costs one atomic load. spdlog stays inside
// Log.cpp: this header needs fmt's core alone.
//
// A thread can send its lines to a stream of its own (ScopedLogStream):
// `gluonc build` buffers each kernel's lines and prints them whole, as it
// does its diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_SUPPORT_LOG_H
#define GLUONC_SUPPORT_LOG_H

#include <fmt/core.h>

#include <atomic>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace spdlog {
class logger;
} // namespace spdlog

namespace gluonc::log {

/// Ordered from the most verbose; a Logger writes the lines at or above its
/// level, none at Off.
enum class Level { Trace, Debug, Info, Warn, Error, Off };

/// `trace`, `debug`, `info`, `warn`, `error` or `off` (also `warning`).
std::optional<Level> parseLevel(std::string_view name);

/// The names parseLevel accepts, for messages: "trace, debug, ...".
const char *getLevelNames();

class Logger {
public:
  /// `name` starts each line.
  explicit Logger(const std::string &name, Level level = Level::Warn);
  ~Logger();
  Logger(const Logger &) = delete;
  Logger &operator=(const Logger &) = delete;

  void setLevel(Level level);
  Level getLevel() const {
    return static_cast<Level>(level.load(std::memory_order_relaxed));
  }
  bool isEnabled(Level messageLevel) const {
    return messageLevel != Level::Off && messageLevel >= getLevel();
  }

  /// Writes `message` at `messageLevel`, each of its lines as a line of its
  /// own, when that level is enabled.
  void write(Level messageLevel, std::string_view message);

  template <typename... Args>
  void trace(fmt::format_string<Args...> format, Args &&...args) {
    log(Level::Trace, format, std::forward<Args>(args)...);
  }
  template <typename... Args>
  void debug(fmt::format_string<Args...> format, Args &&...args) {
    log(Level::Debug, format, std::forward<Args>(args)...);
  }
  template <typename... Args>
  void info(fmt::format_string<Args...> format, Args &&...args) {
    log(Level::Info, format, std::forward<Args>(args)...);
  }
  template <typename... Args>
  void warn(fmt::format_string<Args...> format, Args &&...args) {
    log(Level::Warn, format, std::forward<Args>(args)...);
  }

private:
  template <typename... Args>
  void log(Level messageLevel, fmt::format_string<Args...> format,
           Args &&...args) {
    if (isEnabled(messageLevel))
      write(messageLevel, fmt::format(format, std::forward<Args>(args)...));
  }

  std::atomic<int> level;
  std::shared_ptr<spdlog::logger> sink;
};

/// While alive, the calling thread's log lines (of every Logger) go to `os`
/// instead of stderr.
class ScopedLogStream {
public:
  explicit ScopedLogStream(std::ostream &os);
  ~ScopedLogStream();
  ScopedLogStream(const ScopedLogStream &) = delete;
  ScopedLogStream &operator=(const ScopedLogStream &) = delete;

private:
  std::ostream *previous;
};

} // namespace gluonc::log

#endif // GLUONC_SUPPORT_LOG_H
