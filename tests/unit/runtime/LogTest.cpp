//===- LogTest.cpp - The logger behind GLUONRT_LOG and gluonc -v ----------===//
//
// gluonc::log (src/Support/Log.cpp) is linked into libgluonrt, which is why
// its tests live with the runtime's: level names, filtering, one line per
// line of a message, and ScopedLogStream, through which every assertion
// here reads the lines instead of stderr. The runtime's own lines (loads,
// launches, descriptors) need a driver and are checked by
// tests/lit/runtime/log.test with the stand-in one.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Support/Log.h"
#include "gluonc/runtime/gluonrt.h"

#include "Log.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <sstream>
#include <string>
#include <thread>

using gluonc::log::Level;
using gluonc::log::Logger;
using gluonc::log::parseLevel;
using gluonc::log::ScopedLogStream;

namespace {

/// Counts how often it is formatted: a disabled line must not format its
/// arguments.
struct Counted {
  int *formatted;
};

/// Restores a logger's level at the end of a test.
class LevelGuard {
public:
  LevelGuard(Logger &logger, Level level)
      : logger(logger), saved(logger.getLevel()) {
    logger.setLevel(level);
  }
  ~LevelGuard() { logger.setLevel(saved); }
  LevelGuard(const LevelGuard &) = delete;
  LevelGuard &operator=(const LevelGuard &) = delete;

private:
  Logger &logger;
  Level saved;
};

} // namespace

template <> struct fmt::formatter<Counted> : fmt::formatter<int> {
  template <typename FormatContext>
  auto format(const Counted &value, FormatContext &context) const {
    ++*value.formatted;
    return fmt::formatter<int>::format(*value.formatted, context);
  }
};

TEST_CASE("parseLevel reads the level names and nothing else", "[log]") {
  CHECK(parseLevel("trace") == Level::Trace);
  CHECK(parseLevel("debug") == Level::Debug);
  CHECK(parseLevel("info") == Level::Info);
  CHECK(parseLevel("warn") == Level::Warn);
  CHECK(parseLevel("warning") == Level::Warn);
  CHECK(parseLevel("error") == Level::Error);
  CHECK(parseLevel("off") == Level::Off);
  CHECK_FALSE(parseLevel(""));
  CHECK_FALSE(parseLevel("bogus"));
  CHECK_FALSE(parseLevel("DEBUG"));
  CHECK_FALSE(parseLevel("debug "));
  CHECK_FALSE(parseLevel("2"));
  CHECK(std::string(gluonc::log::getLevelNames()) ==
        "trace, debug, info, warn, error, off");
}

TEST_CASE("a Logger writes the lines at or above its level", "[log]") {
  std::ostringstream out;
  ScopedLogStream redirect(out);
  Logger logger("t", Level::Info);

  logger.trace("not {}", "this");
  logger.debug("nor {}", "this");
  logger.info("i {}", 1);
  logger.warn("w {}", 2);
  CHECK(out.str() == "t: info: i 1\nt: warning: w 2\n");

  out.str("");
  logger.setLevel(Level::Trace);
  CHECK(logger.getLevel() == Level::Trace);
  logger.trace("t {}", 0x1f);
  logger.debug("d");
  CHECK(out.str() == "t: trace: t 31\nt: debug: d\n");

  out.str("");
  logger.setLevel(Level::Error);
  logger.warn("dropped");
  CHECK(out.str().empty());
  logger.write(Level::Error, "e");
  CHECK(out.str() == "t: error: e\n");

  out.str("");
  logger.setLevel(Level::Off);
  logger.write(Level::Error, "dropped");
  logger.warn("dropped");
  CHECK(out.str().empty());
}

TEST_CASE("isEnabled follows the level; Off is never a line's level", "[log]") {
  Logger logger("t", Level::Debug);
  CHECK_FALSE(logger.isEnabled(Level::Trace));
  CHECK(logger.isEnabled(Level::Debug));
  CHECK(logger.isEnabled(Level::Error));
  CHECK_FALSE(logger.isEnabled(Level::Off));
  logger.setLevel(Level::Off);
  CHECK_FALSE(logger.isEnabled(Level::Error));
  // The default level is warn.
  Logger byDefault("t");
  CHECK(byDefault.getLevel() == Level::Warn);
  CHECK_FALSE(byDefault.isEnabled(Level::Info));
}

TEST_CASE("a disabled line formats nothing", "[log]") {
  std::ostringstream out;
  ScopedLogStream redirect(out);
  Logger logger("t", Level::Info);
  int formatted = 0;
  logger.debug("{}", Counted{&formatted});
  CHECK(formatted == 0);
  logger.info("{}", Counted{&formatted});
  CHECK(formatted == 1);
  CHECK(out.str() == "t: info: 1\n");
}

TEST_CASE("each line of a message is a line of its own", "[log]") {
  std::ostringstream out;
  ScopedLogStream redirect(out);
  Logger logger("t", Level::Info);

  logger.info("a\nb");
  CHECK(out.str() == "t: info: a\nt: info: b\n");

  out.str("");
  logger.info("{}\n{}\n", "first", "second");
  CHECK(out.str() == "t: info: first\nt: info: second\n");

  out.str("");
  logger.write(Level::Warn, "x\n\ny");
  CHECK(out.str() == "t: warning: x\nt: warning: \nt: warning: y\n");

  out.str("");
  logger.write(Level::Info, "");
  CHECK(out.str().empty());
}

TEST_CASE("ScopedLogStream redirects the calling thread's lines only",
          "[log]") {
  Logger logger("t", Level::Info);
  std::ostringstream outer, inner, other;
  {
    ScopedLogStream redirectOuter(outer);
    logger.info("a");
    {
      ScopedLogStream redirectInner(inner);
      logger.info("nested");
    }
    // Back to the outer stream once the inner one ends.
    logger.info("b");
    std::thread worker([&] {
      ScopedLogStream redirectOther(other);
      logger.info("from the worker");
    });
    worker.join();
  }
  CHECK(outer.str() == "t: info: a\nt: info: b\n");
  CHECK(inner.str() == "t: info: nested\n");
  CHECK(other.str() == "t: info: from the worker\n");
}

TEST_CASE("Loggers of different names share the thread's stream", "[log]") {
  std::ostringstream out;
  ScopedLogStream redirect(out);
  Logger first("gluonc", Level::Info), second("gluonrt", Level::Info);
  first.info("one");
  second.info("two");
  CHECK(out.str() == "gluonc: info: one\ngluonrt: info: two\n");
}

TEST_CASE("the runtime logs each failure at debug level", "[log]") {
  std::ostringstream out;
  ScopedLogStream redirect(out);
  LevelGuard level(gluonrt::logger(), Level::Debug);

  gluonrt_kernel *kernel = nullptr;
  CHECK(gluonrt_metadata_load(nullptr, &kernel) ==
        GLUONRT_ERROR_INVALID_ARGUMENT);
  CHECK(out.str() == "gluonrt: debug: failed (GLUONRT_ERROR_INVALID_ARGUMENT): "
                     "gluonrt_metadata_load: json_path is NULL\n");

  out.str("");
  CHECK(gluonrt_metadata_load("/nonexistent/gluonrt-log-test.json", &kernel) ==
        GLUONRT_ERROR_IO);
  CHECK(out.str() == "gluonrt: debug: failed (GLUONRT_ERROR_IO): cannot open "
                     "/nonexistent/gluonrt-log-test.json: No such file or "
                     "directory\n");
  // The message a caller reads is the same text.
  CHECK(std::string(gluonrt_last_error()) ==
        "cannot open /nonexistent/gluonrt-log-test.json: No such file or "
        "directory");
}

TEST_CASE("the runtime is silent at its default level", "[log]") {
  std::ostringstream out;
  ScopedLogStream redirect(out);
  LevelGuard level(gluonrt::logger(), Level::Warn);
  gluonrt_kernel *kernel = nullptr;
  CHECK(gluonrt_metadata_load("/nonexistent/gluonrt-log-test.json", &kernel) ==
        GLUONRT_ERROR_IO);
  CHECK(out.str().empty());
}
