//===- UnifiedDiff.cpp - diff -u of two texts -----------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The edit script is Myers' O(ND) greedy one (the shortest: fewest lines
// removed and added), computed between the common prefix and suffix, which
// are trimmed first since a golden usually changes in a few places. The
// search keeps each step's furthest-reaching points to walk back from the
// end; where that would take more than kMaxTraceCells cells (two texts
// that share little), the middle is shown as removed then added, still a
// correct diff, only longer. Hunks join changes that are at most two
// contexts apart, as diff -u does.
//
//===----------------------------------------------------------------------===//

#include "UnifiedDiff.h"

#include <algorithm>
#include <vector>

using namespace gluonc::driver;

namespace {

enum class Edit { Keep, Remove, Add };

constexpr size_t kContext = 3;
constexpr size_t kMaxTraceCells = size_t(1) << 26;

std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  // As diff marks it; a text that differs only there still shows a change.
  if (!text.empty() && text.back() != '\n')
    lines.push_back("\\ No newline at end of file");
  return lines;
}

/// Myers' shortest edit script turning a[0, n) into b[0, m).
std::vector<Edit> shortestEdits(const std::string *a, long n,
                                const std::string *b, long m) {
  long max = n + m, offset = max + 1;
  std::vector<long> v(2 * max + 3, 0);
  std::vector<std::vector<long>> trace;
  long found = -1;
  for (long d = 0; d <= max && found < 0; ++d) {
    if ((size_t(d) + 1) * v.size() > kMaxTraceCells)
      break;
    trace.push_back(v);
    for (long k = -d; k <= d; k += 2) {
      long x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                   ? v[offset + k + 1]
                   : v[offset + k - 1] + 1;
      long y = x - k;
      while (x < n && y < m && a[x] == b[y])
        ++x, ++y;
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  std::vector<Edit> edits;
  if (found < 0) {
    edits.assign(size_t(n), Edit::Remove);
    edits.insert(edits.end(), size_t(m), Edit::Add);
    return edits;
  }
  long x = n, y = m;
  for (long d = found; d > 0; --d) {
    const std::vector<long> &before = trace[size_t(d)];
    long k = x - y;
    long previousK =
        (k == -d || (k != d && before[offset + k - 1] < before[offset + k + 1]))
            ? k + 1
            : k - 1;
    long previousX = before[offset + previousK];
    long previousY = previousX - previousK;
    for (; x > previousX && y > previousY; --x, --y)
      edits.push_back(Edit::Keep);
    if (x == previousX) {
      edits.push_back(Edit::Add);
      --y;
    } else {
      edits.push_back(Edit::Remove);
      --x;
    }
  }
  for (; x > 0 && y > 0; --x, --y)
    edits.push_back(Edit::Keep);
  std::reverse(edits.begin(), edits.end());
  return edits;
}

/// diff's range: "start,count", the line before an empty range.
std::string range(size_t first, size_t count) {
  size_t start = count == 0 ? first : first + 1;
  return count == 1 ? std::to_string(start)
                    : std::to_string(start) + "," + std::to_string(count);
}

} // namespace

std::string gluonc::driver::unifiedDiff(const std::string &before,
                                        const std::string &after,
                                        const std::string &beforeName,
                                        const std::string &afterName) {
  if (before == after)
    return "";
  std::vector<std::string> a = splitLines(before), b = splitLines(after);
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix])
    ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
    ++suffix;
  std::vector<Edit> edits(prefix, Edit::Keep);
  std::vector<Edit> middle =
      shortestEdits(a.data() + prefix, long(a.size() - prefix - suffix),
                    b.data() + prefix, long(b.size() - prefix - suffix));
  edits.insert(edits.end(), middle.begin(), middle.end());
  edits.insert(edits.end(), suffix, Edit::Keep);

  std::string text = "--- " + beforeName + "\n+++ " + afterName + "\n";
  // Each edit's line in a and in b.
  std::vector<size_t> lineA(edits.size() + 1), lineB(edits.size() + 1);
  for (size_t i = 0; i < edits.size(); ++i) {
    lineA[i + 1] = lineA[i] + (edits[i] != Edit::Add);
    lineB[i + 1] = lineB[i] + (edits[i] != Edit::Remove);
  }
  size_t i = 0;
  while (i < edits.size()) {
    while (i < edits.size() && edits[i] == Edit::Keep)
      ++i;
    if (i == edits.size())
      break;
    size_t begin = i > kContext ? i - kContext : 0;
    // Extend over changes fewer than two contexts of kept lines apart.
    size_t end = i;
    for (size_t kept = 0; end < edits.size(); ++end) {
      kept = edits[end] == Edit::Keep ? kept + 1 : 0;
      if (kept > 2 * kContext)
        break;
    }
    // Back to kContext kept lines after the last change.
    size_t lastChange = end;
    while (edits[lastChange - 1] == Edit::Keep)
      --lastChange;
    end = std::min(edits.size(), lastChange + kContext);
    text += "@@ -" + range(lineA[begin], lineA[end] - lineA[begin]) + " +" +
            range(lineB[begin], lineB[end] - lineB[begin]) + " @@\n";
    for (size_t j = begin; j < end; ++j) {
      switch (edits[j]) {
      case Edit::Keep:
        text += " " + a[lineA[j]] + "\n";
        break;
      case Edit::Remove:
        text += "-" + a[lineA[j]] + "\n";
        break;
      case Edit::Add:
        text += "+" + b[lineB[j]] + "\n";
        break;
      }
    }
    i = end;
  }
  return text;
}
