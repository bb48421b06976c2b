//===- Log.cpp - libgluonrt's log lines (GLUONRT_LOG) ---------------------===//

#include "Log.h"

#include <cstdlib>

namespace gluonrt {

gluonc::log::Logger &logger() {
  // Never destroyed: a launch from another library's static destructor may
  // still log.
  static gluonc::log::Logger *instance = [] {
    auto *created =
        new gluonc::log::Logger("gluonrt", gluonc::log::Level::Warn);
    const char *text = std::getenv("GLUONRT_LOG");
    if (text && *text) {
      if (auto level = gluonc::log::parseLevel(text))
        created->setLevel(*level);
      else
        created->warn("GLUONRT_LOG={} is not a level ({}); logging warnings "
                      "only",
                      text, gluonc::log::getLevelNames());
    }
    return created;
  }();
  return *instance;
}

} // namespace gluonrt
