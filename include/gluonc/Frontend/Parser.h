//===- Parser.h - Recursive-descent parser for Gluon source -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Parses Python syntax (the subset Gluon kernels and their modules use, which
// is nearly all of it) into the AST of AST.h. On a syntax error the parser
// reports one diagnostic at the offending token, worded like Python's
// ("expected ':'", "invalid syntax", "unexpected indent", ...), and returns
// nullptr. It terminates on any input.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_PARSER_H
#define GLUONC_FRONTEND_PARSER_H

#include "gluonc/Frontend/AST.h"
#include "gluonc/Frontend/Diagnostics.h"

#include <memory>

namespace gluonc {

/// How deeply expressions may nest (counting brackets, operands of chained
/// operators and unary operators) and, separately, statements (counting blocks
/// and `elif` branches). Deeper input gets "expression nested too deeply" or
/// "statement nested too deeply" rather than a stack overflow in the parser
/// or in a later pass that walks the tree recursively. At the limits the
/// parser needs less than 1 MiB of stack (optimized build).
constexpr unsigned kMaxNestingDepth = 200;
/// How deep an expression's tree may be: brackets and unary operators as
/// above, plus one level per operator of a left-associative chain, which
/// the parser reads in a loop but the tree nests (`a + b + c` is
/// `(a + b) + c`). A flat sum of 1,000 terms is accepted, as Python accepts
/// it; the passes that walk the tree recursively stay within the stack
/// (bench/RESULTS.md, "expression trees").
constexpr unsigned kMaxExpressionTreeDepth = 1000;

/// Parses the whole file `fileId` as a module. Returns nullptr after
/// reporting an error.
std::unique_ptr<Module> parseModule(const SourceManager &sourceManager,
                                    uint32_t fileId, DiagnosticEngine &diags);

/// Parses the whole buffer `fileId` as one expression (a tuple if it has
/// top-level commas); line breaks are whitespace. Used for `-D NAME=VALUE`
/// values and signature entries. Returns nullptr after reporting an error.
std::unique_ptr<Expr> parseExpression(const SourceManager &sourceManager,
                                      uint32_t fileId, DiagnosticEngine &diags);

} // namespace gluonc

#endif // GLUONC_FRONTEND_PARSER_H
