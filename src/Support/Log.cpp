//===- Log.cpp - Leveled log lines through spdlog -------------------------===//
//
// The only file that includes spdlog (header-only, with Debian's external
// fmt): one sink per Logger writes each formatted line to the calling
// thread's stream, stderr unless a ScopedLogStream named another. Loggers
// are not registered in spdlog's global registry, so gluonc and libgluonrt
// in one process keep their own.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Support/Log.h"

#include <spdlog/logger.h>
#include <spdlog/sinks/base_sink.h>

#include <iostream>
#include <mutex>

namespace gluonc::log {
namespace {

thread_local std::ostream *ThreadStream = nullptr;

/// Writes each line to the calling thread's stream.
class ThreadStreamSink final : public spdlog::sinks::base_sink<std::mutex> {
protected:
  void sink_it_(const spdlog::details::log_msg &msg) override {
    spdlog::memory_buf_t line;
    formatter_->format(msg, line);
    std::ostream &os = ThreadStream ? *ThreadStream : std::cerr;
    os.write(line.data(), static_cast<std::streamsize>(line.size()));
  }
  void flush_() override { (ThreadStream ? *ThreadStream : std::cerr).flush(); }
};

spdlog::level::level_enum toSpdlog(Level level) {
  switch (level) {
  case Level::Trace:
    return spdlog::level::trace;
  case Level::Debug:
    return spdlog::level::debug;
  case Level::Info:
    return spdlog::level::info;
  case Level::Warn:
    return spdlog::level::warn;
  case Level::Error:
    return spdlog::level::err;
  case Level::Off:
    break;
  }
  return spdlog::level::off;
}

} // namespace

std::optional<Level> parseLevel(std::string_view name) {
  if (name == "trace")
    return Level::Trace;
  if (name == "debug")
    return Level::Debug;
  if (name == "info")
    return Level::Info;
  if (name == "warn" || name == "warning")
    return Level::Warn;
  if (name == "error")
    return Level::Error;
  if (name == "off")
    return Level::Off;
  return std::nullopt;
}

const char *getLevelNames() { return "trace, debug, info, warn, error, off"; }

Logger::Logger(const std::string &name, Level initial)
    : level(static_cast<int>(initial)),
      sink(std::make_shared<spdlog::logger>(
          name, std::make_shared<ThreadStreamSink>())) {
  // "gluonc: info: wrote out/add_kernel.sm_90a.cubin", as diagnostics read.
  sink->set_pattern("%n: %l: %v");
  // Levels are filtered before formatting (isEnabled); spdlog passes all.
  sink->set_level(spdlog::level::trace);
  sink->flush_on(spdlog::level::trace);
}

Logger::~Logger() = default;

void Logger::setLevel(Level newLevel) {
  level.store(static_cast<int>(newLevel), std::memory_order_relaxed);
}

void Logger::write(Level messageLevel, std::string_view message) {
  if (!isEnabled(messageLevel))
    return;
  spdlog::level::level_enum spdlogLevel = toSpdlog(messageLevel);
  while (!message.empty()) {
    size_t end = message.find('\n');
    std::string_view line = message.substr(0, end);
    sink->log(spdlogLevel, spdlog::string_view_t(line.data(), line.size()));
    if (end == std::string_view::npos)
      break;
    message.remove_prefix(end + 1);
  }
}

ScopedLogStream::ScopedLogStream(std::ostream &os) : previous(ThreadStream) {
  ThreadStream = &os;
}

ScopedLogStream::~ScopedLogStream() { ThreadStream = previous; }

} // namespace gluonc::log
