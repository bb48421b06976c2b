//===- Format.h - How the runtime's messages show numbers, lists *- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One spelling for an address or bit pattern ("0x7f00") and one for a list
// of values ("[8192, 64]") in libgluonrt's messages and log lines and in
// gluon-run's output, and the bounds of what a message quotes from a file:
// a metadata document may hold a name of megabytes or an index of 100,000
// entries, and a message must stay readable whatever it holds (names cut
// after 64 characters, lists after 8 entries). Header-only, so that
// gluon-run, which cannot call libgluonrt's hidden symbols, shares it.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_FORMAT_H
#define GLUONC_RUNTIME_FORMAT_H

#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace gluonrt {

/// "0x1f".
inline std::string hexText(uint64_t value) {
  return fmt::format("0x{:x}", value);
}

/// "[1, 2, 3]": the values from `begin` to `end`.
template <typename Iterator>
std::string listText(Iterator begin, Iterator end) {
  return fmt::format("[{}]", fmt::join(begin, end, ", "));
}

template <typename Range> std::string listText(const Range &values) {
  return listText(std::begin(values), std::end(values));
}

/// The bytes of a name or string from a file that a message quotes.
constexpr size_t MaxShownChars = 64;
/// The entries of a list from a file that a message shows.
constexpr size_t MaxShownEntries = 8;

/// How many of the first `limit` bytes of `text` to keep so that no UTF-8
/// sequence is cut in two (a message may be printed on a terminal).
inline size_t utf8Prefix(std::string_view text, size_t limit) {
  if (text.size() <= limit)
    return text.size();
  while (limit > 0 && (static_cast<unsigned char>(text[limit]) & 0xc0) == 0x80)
    --limit;
  return limit;
}

/// The longest message libgluonrt records (gluonrt_last_error) and
/// gluon-run prints.
constexpr size_t MaxMessageBytes = 4096;

/// `message`, cut to MaxMessageBytes: its start, and how much was cut.
inline std::string boundedMessage(std::string message) {
  size_t kept = utf8Prefix(message, MaxMessageBytes);
  if (kept == message.size())
    return message;
  size_t cut = message.size() - kept;
  message.resize(kept);
  return fmt::format("{}... ({} more bytes)", message, cut);
}

/// `text` as a message quotes it: whole up to MaxShownChars bytes, else
/// its start and "...".
inline std::string shortText(std::string_view text) {
  size_t kept = utf8Prefix(text, MaxShownChars);
  if (kept == text.size())
    return std::string(text);
  return fmt::format("{}...", text.substr(0, kept));
}

/// "a, b, c": what `show` gives for each of `items`, joined with ", ", at
/// most MaxShownEntries of them, then "... and N more". `show` cuts what
/// it quotes from a file (shortText).
template <typename Range, typename Show>
std::string boundedJoin(const Range &items, Show &&show) {
  std::string text;
  size_t count = 0;
  for (const auto &item : items) {
    if (count == MaxShownEntries) {
      fmt::format_to(std::back_inserter(text), ", ... and {} more",
                     size_t(std::size(items)) - count);
      break;
    }
    fmt::format_to(std::back_inserter(text), "{}{}", count ? ", " : "",
                   show(item));
    ++count;
  }
  return text;
}

/// `items` as boundedJoin joins them, each cut by shortText.
inline std::string boundedJoin(const std::vector<std::string> &items) {
  return boundedJoin(items,
                     [](const std::string &item) { return shortText(item); });
}

} // namespace gluonrt

#endif // GLUONC_RUNTIME_FORMAT_H
