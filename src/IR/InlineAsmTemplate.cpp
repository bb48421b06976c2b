//===- InlineAsmTemplate.cpp - What an assembly template may contain ------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// LLVM's AsmPrinter expands an inline assembly template before the target
// reads it, and aborts the process (report_fatal_error) on a `$` it cannot
// read: so every template is checked here first, by the frontend at the
// string's location and by the ops' verifiers, against the grammar the
// AsmPrinter accepts:
//
//   $$            a literal '$'
//   $( $| $)      assembler-variant groups, not nested
//   $N  ${N}      operand N, N below the operand count (outputs first)
//   ${:uid} ${:comment} ${:private}
//                 the AsmPrinter's own substitutions
//
// Operand modifiers (`${0:c}`) are refused: the generic ones apply to
// immediates and symbols, and every gluon operand is a register, for which
// the AsmPrinter reports an error without a location.
//
// The templates reach an assembler: LLVM's MC parser for AMD, which obeys
// `.include` and `.incbin` (read a host file into the diagnostics or the
// code object) and builds directive names inside `.macro`, `.irp` and
// `.irpc` bodies from their arguments. A kernel must never make the
// compiler read the host's files, so those five directives are refused on
// every target (ptxas has no such directive; refusing them there too keeps
// one rule for one language).
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/InlineAsm.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace {

/// The directives a template may not use (see the file comment), lower
/// case: the MC parser reads directive names case-insensitively.
struct RefusedDirective {
  llvm::StringLiteral name;
  llvm::StringLiteral reason;
};
constexpr llvm::StringLiteral kReadsFile =
    "it reads a file of the machine that compiles";
constexpr llvm::StringLiteral kBuildsDirectives =
    "its body can build directives that read files";
constexpr RefusedDirective kRefusedDirectives[] = {
    {"incbin", kReadsFile},
    {"include", kReadsFile},
    {"macro", kBuildsDirectives},
    {"irp", kBuildsDirectives},
    {"irpc", kBuildsDirectives}};

bool isIdentifierChar(char c) { return llvm::isAlnum(c) || c == '_'; }

/// The first refused directive in `text`: a '.' not preceded by an
/// identifier character, then one of the names, then a non-identifier
/// character.
std::optional<gluon::AsmTemplateError> findRefusedDirective(StringRef text) {
  for (size_t dot = text.find('.'); dot != StringRef::npos;
       dot = text.find('.', dot + 1)) {
    if (dot > 0 && isIdentifierChar(text[dot - 1]))
      continue;
    size_t end = dot + 1;
    while (end < text.size() && isIdentifierChar(text[end]))
      ++end;
    std::string name = text.slice(dot + 1, end).lower();
    for (const RefusedDirective &refused : kRefusedDirectives)
      if (name == refused.name)
        return gluon::AsmTemplateError{
            dot, "the directive '." + name +
                     "' is not allowed in inline assembly: " +
                     refused.reason.str()};
  }
  return std::nullopt;
}

} // namespace

std::optional<gluon::AsmTemplateError>
gluon::checkAsmTemplate(StringRef asmString, unsigned numOperands) {
  bool inVariant = false;
  auto error = [&](size_t offset, const Twine &message) {
    return AsmTemplateError{offset, message.str()};
  };
  for (size_t i = 0; i < asmString.size(); ++i) {
    if (asmString[i] != '$')
      continue;
    size_t start = i++;
    char next = i < asmString.size() ? asmString[i] : '\0';
    if (next == '$' || next == '|')
      continue;
    if (next == '(') {
      if (inVariant)
        return error(start, "'$(' inside a '$(...$)' group: assembler "
                            "variants do not nest");
      inVariant = true;
      continue;
    }
    if (next == ')') {
      inVariant = false;
      continue;
    }
    bool braced = next == '{';
    if (braced)
      ++i;
    if (braced && i < asmString.size() && asmString[i] == ':') {
      size_t close = asmString.find('}', i);
      if (close == StringRef::npos)
        return error(start, "'${:' without its closing '}'");
      StringRef special = asmString.slice(i + 1, close);
      if (special != "uid" && special != "comment" && special != "private")
        return error(start, "'${:" + special +
                                "}' is not one of ${:uid}, ${:comment} and "
                                "${:private}");
      i = close;
      continue;
    }
    size_t digits = i;
    while (i < asmString.size() && llvm::isDigit(asmString[i]))
      ++i;
    StringRef number = asmString.slice(digits, i);
    unsigned operand = 0;
    if (number.empty())
      return error(start, "'$' starts an operand reference ($0, ${0}) or "
                          "an escape ($$ for a literal '$'); got '" +
                              asmString.slice(start, start + 2) + "'");
    if (number.getAsInteger(10, operand) || operand >= numOperands)
      return error(start, "'$" + number + "' names no operand: the "
                              "assembly has " + Twine(numOperands) +
                              (numOperands == 0
                                   ? Twine(" operands")
                                   : " ($0 to $" + Twine(numOperands - 1) +
                                         ", outputs first)"));
    if (braced) {
      if (i < asmString.size() && asmString[i] == ':')
        return error(start, "operand modifiers ('${" + number +
                                ":...}') are not supported: every operand "
                                "is a register");
      if (i >= asmString.size() || asmString[i] != '}')
        return error(start, "'${" + number + "' without its closing '}'");
    } else {
      --i; // The loop's ++i moves past the last digit.
    }
  }
  return findRefusedDirective(asmString);
}
