//===- Parser.cpp - Recursive-descent parser for Gluon source -------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The grammar follows CPython's (Grammar/python.gram); each parse function
// names the rule it implements. The parser stops at the first error: every
// function returns null (or false) after reporting it, and its callers return
// at once.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Frontend/Parser.h"

#include "gluonc/Frontend/Lexer.h"

#include <deque>
#include <limits>
#include <optional>
#include <set>

namespace gluonc {
namespace {

constexpr const char *kYieldUnsupported =
    "not supported yet: 'yield' (generators)";
constexpr const char *kAwaitUnsupported =
    "not supported yet: 'await' expressions";
constexpr const char *kAsyncUnsupported =
    "not supported yet: 'async' functions and statements";

/// Where a node starts.
struct Mark {
  SourceLoc loc;
  uint32_t offset;
};

/// What encloses the statements being parsed: `return` needs a function,
/// `break` and `continue` a loop.
struct StmtContext {
  bool inFunction = false;
  bool inLoop = false;
};

enum class TargetUse { Assign, Delete };

/// What the error functions return, so that `return error(...)` works both
/// in functions that return a node (giving null) and in those that return
/// bool (giving false).
struct Failure {
  template <typename T> operator std::unique_ptr<T>() const { return nullptr; }
  operator bool() const { return false; }
};

bool startsExpression(TokenKind kind) {
  switch (kind) {
  case TokenKind::Identifier:
  case TokenKind::Int:
  case TokenKind::Float:
  case TokenKind::String:
  case TokenKind::FString:
  case TokenKind::KwTrue:
  case TokenKind::KwFalse:
  case TokenKind::KwNone:
  case TokenKind::Ellipsis:
  case TokenKind::LParen:
  case TokenKind::LSquare:
  case TokenKind::LBrace:
  case TokenKind::Minus:
  case TokenKind::Plus:
  case TokenKind::Tilde:
  case TokenKind::Star:
  case TokenKind::KwNot:
  case TokenKind::KwLambda:
  case TokenKind::KwAwait:
  case TokenKind::KwYield:
    return true;
  default:
    return false;
  }
}

/// A binary operator and its precedence level: 0 for '|' (the loosest), then
/// '^', '&', shifts, '+' '-', and 5 for '*' '/' '//' '%' '@'.
struct BinaryOperator {
  unsigned level;
  BinaryOp op;
};

std::optional<BinaryOperator> getBinaryOperator(TokenKind kind) {
  switch (kind) {
  case TokenKind::Pipe:
    return BinaryOperator{0, BinaryOp::BitOr};
  case TokenKind::Caret:
    return BinaryOperator{1, BinaryOp::BitXor};
  case TokenKind::Amp:
    return BinaryOperator{2, BinaryOp::BitAnd};
  case TokenKind::LessLess:
    return BinaryOperator{3, BinaryOp::LShift};
  case TokenKind::GreaterGreater:
    return BinaryOperator{3, BinaryOp::RShift};
  case TokenKind::Plus:
    return BinaryOperator{4, BinaryOp::Add};
  case TokenKind::Minus:
    return BinaryOperator{4, BinaryOp::Sub};
  case TokenKind::Star:
    return BinaryOperator{5, BinaryOp::Mul};
  case TokenKind::Slash:
    return BinaryOperator{5, BinaryOp::Div};
  case TokenKind::DoubleSlash:
    return BinaryOperator{5, BinaryOp::FloorDiv};
  case TokenKind::Percent:
    return BinaryOperator{5, BinaryOp::Mod};
  case TokenKind::At:
    return BinaryOperator{5, BinaryOp::MatMul};
  default:
    return std::nullopt;
  }
}

std::optional<BinaryOp> getAugmentedOp(TokenKind kind) {
  switch (kind) {
  case TokenKind::PlusEqual:
    return BinaryOp::Add;
  case TokenKind::MinusEqual:
    return BinaryOp::Sub;
  case TokenKind::StarEqual:
    return BinaryOp::Mul;
  case TokenKind::SlashEqual:
    return BinaryOp::Div;
  case TokenKind::DoubleSlashEqual:
    return BinaryOp::FloorDiv;
  case TokenKind::PercentEqual:
    return BinaryOp::Mod;
  case TokenKind::DoubleStarEqual:
    return BinaryOp::Pow;
  case TokenKind::LessLessEqual:
    return BinaryOp::LShift;
  case TokenKind::GreaterGreaterEqual:
    return BinaryOp::RShift;
  case TokenKind::AmpEqual:
    return BinaryOp::BitAnd;
  case TokenKind::PipeEqual:
    return BinaryOp::BitOr;
  case TokenKind::CaretEqual:
    return BinaryOp::BitXor;
  case TokenKind::AtEqual:
    return BinaryOp::MatMul;
  default:
    return std::nullopt;
  }
}

/// How Python names an expression in "cannot assign to ..." messages.
const char *describeExpr(const Expr &expr) {
  switch (expr.getKind()) {
  case NodeKind::Name:
    return "name";
  case NodeKind::IntLiteral:
  case NodeKind::FloatLiteral:
  case NodeKind::StringLiteral:
    return "literal";
  case NodeKind::FString:
    return "f-string expression";
  case NodeKind::BoolLiteral:
    return cast<BoolLiteralExpr>(&expr)->value ? "True" : "False";
  case NodeKind::NoneLiteral:
    return "None";
  case NodeKind::EllipsisLiteral:
    return "ellipsis";
  case NodeKind::Tuple:
    return "tuple";
  case NodeKind::List:
    return "list";
  case NodeKind::Set:
    return "set display";
  case NodeKind::Dict:
    return "dict literal";
  case NodeKind::Attribute:
    return "attribute";
  case NodeKind::Subscript:
    return "subscript";
  case NodeKind::Slice:
    return "slice";
  case NodeKind::Call:
    return "function call";
  case NodeKind::Compare:
    return "comparison";
  case NodeKind::IfExp:
    return "conditional expression";
  case NodeKind::Lambda:
    return "lambda";
  case NodeKind::ListComp:
    return "list comprehension";
  case NodeKind::SetComp:
    return "set comprehension";
  case NodeKind::DictComp:
    return "dict comprehension";
  case NodeKind::GeneratorExp:
    return "generator expression";
  case NodeKind::Starred:
    return "starred";
  case NodeKind::NamedExpr:
    return "named expression";
  default:
    return "expression";
  }
}

/// Appends literal text to an f-string, merging it into a preceding literal.
void appendLiteralPart(std::vector<FStringPart> &parts, SourceLoc loc,
                       const std::string &text) {
  if (text.empty())
    return;
  if (!parts.empty() && parts.back().isLiteral()) {
    parts.back().literal += text;
    return;
  }
  FStringPart part;
  part.loc = loc;
  part.literal = text;
  parts.push_back(std::move(part));
}

class Parser {
public:
  Parser(const SourceManager &sourceManager, uint32_t fileId,
         DiagnosticEngine &diags, Lexer::Mode mode, uint32_t beginOffset,
         uint32_t endOffset, unsigned exprNesting, unsigned treeDepth)
      : sourceManager(sourceManager), fileId(fileId), diags(diags),
        lexer(sourceManager, fileId, diags, mode, beginOffset, endOffset),
        exprNesting(exprNesting), treeDepth(treeDepth) {}

  std::unique_ptr<Module> parseFile();
  ExprPtr parseWholeExpression();
  ExprPtr parseFStringField();

private:
  enum class Nesting { Expression, Statement };

  /// Counts expression or statement nesting against kMaxNestingDepth, and
  /// the expression tree's depth against kMaxExpressionTreeDepth, for as
  /// long as it lives.
  class NestingScope {
  public:
    explicit NestingScope(Parser &parser, Nesting nesting = Nesting::Expression)
        : parser(parser), isStatement(nesting == Nesting::Statement),
          depth(isStatement ? parser.stmtNesting : parser.exprNesting) {}
    NestingScope(const NestingScope &) = delete;
    NestingScope &operator=(const NestingScope &) = delete;
    ~NestingScope() {
      depth -= added;
      parser.treeDepth -= addedToTree;
    }

    /// One level of the parser's own recursion (and of the tree).
    bool deepen() {
      if (depth >= kMaxNestingDepth) {
        parser.errorAtCurrent(isStatement ? "statement nested too deeply"
                                          : "expression nested too deeply");
        return false;
      }
      if (!isStatement && !deepenTree())
        return false;
      ++depth;
      ++added;
      return true;
    }

    /// One more operator of a left-associative chain (`a + b + c`): the
    /// tree grows a level, the parser's recursion does not.
    bool deepenTree() {
      if (parser.treeDepth >= kMaxExpressionTreeDepth) {
        parser.errorAtCurrent("expression nested too deeply (more than " +
                              std::to_string(kMaxExpressionTreeDepth) +
                              " operators and brackets deep)");
        return false;
      }
      ++parser.treeDepth;
      ++addedToTree;
      return true;
    }

  private:
    Parser &parser;
    bool isStatement;
    unsigned &depth;
    unsigned added = 0;
    unsigned addedToTree = 0;
  };

  // Tokens.
  const Token &peek(unsigned ahead = 0);
  TokenKind kind(unsigned ahead = 0) { return peek(ahead).kind; }
  bool at(TokenKind k) { return kind() == k; }
  void consume();
  bool accept(TokenKind k);
  bool expect(TokenKind k, const char *message);
  bool expectColon() { return expect(TokenKind::Colon, "expected ':'"); }
  bool expectClosing(TokenKind closer);
  bool parseIdentifier(std::string &name);
  Mark mark() { return Mark{peek().loc, peek().offset}; }

  template <typename T, typename... Args>
  std::unique_ptr<T> create(const Mark &start, Args &&...args) {
    auto node = std::make_unique<T>(start.loc, std::forward<Args>(args)...);
    node->length = lastEnd > start.offset ? lastEnd - start.offset : 0;
    return node;
  }

  // Errors. Only the first error is reported.
  Failure error(SourceRange range, const std::string &message);
  Failure errorAtCurrent(const std::string &message);
  Failure invalidSyntax(const char *message = "invalid syntax");
  bool checkTarget(const Expr &target, TargetUse use);
  bool checkAugmentedTarget(const Expr &target);
  bool checkNotStarred(const Expr &expr);

  // Statements.
  bool parseStatement(StmtList &out);
  bool parseSimpleStatements(StmtList &out);
  bool parseSuite(const std::string &header, uint32_t headerLine,
                  StmtList &body);
  bool parseLoopBody(const std::string &header, uint32_t headerLine,
                     StmtList &body);
  bool parseElse(StmtList &orelse);
  StmtPtr parseSimpleStatement();
  StmtPtr parseExpressionStatement();
  StmtPtr parseAssignment(const Mark &start, ExprPtr firstTarget);
  StmtPtr parseAnnotatedAssignment(const Mark &start, ExprPtr target);
  ExprPtr parseAssignedValue();
  StmtPtr parseReturn();
  StmtPtr parseRaise();
  StmtPtr parseGlobalOrNonlocal();
  StmtPtr parseDel();
  StmtPtr parseAssert();
  StmtPtr parseImport();
  StmtPtr parseImportFrom();
  bool parseDottedName(std::string &name);
  StmtPtr parseDecorated();
  StmtPtr parseFunctionDef(ExprList decorators);
  StmtPtr parseClassDef(ExprList decorators);
  bool parseParameters(Parameters &params, TokenKind closer,
                       bool allowAnnotations);
  bool parseParam(Param &param, bool allowAnnotation,
                  std::set<std::string> &names);
  StmtPtr parseIf();
  StmtPtr parseWhile();
  StmtPtr parseFor();
  StmtPtr parseWith();
  bool isParenthesizedWithItems();
  bool parseWithItem(WithItem &item);
  StmtPtr parseTry();

  // Expressions, loosest binding first.
  ExprPtr parseStarExpressions();
  ExprPtr parseStarExpression();
  ExprPtr parseStarNamedExpression();
  ExprPtr parseNamedExpression();
  ExprPtr parseExpression();
  ExprPtr parseLambda();
  ExprPtr parseBoolOpChain(BoolOp op, TokenKind keyword,
                           ExprPtr (Parser::*parseOperand)());
  ExprPtr parseDisjunction();
  ExprPtr parseConjunction();
  ExprPtr parseInversion();
  ExprPtr parseComparison();
  std::optional<CompareOp> peekCompareOp(unsigned &numTokens);
  ExprPtr parseBitwiseOr() { return parseBinary(0); }
  ExprPtr parseBinary(unsigned minLevel);
  ExprPtr parseFactor();
  ExprPtr parsePower();
  ExprPtr parsePrimary();
  bool parseArguments(ExprList &args, std::vector<Keyword> &keywords);
  ExprPtr parseSubscriptIndex();
  ExprPtr parseSliceItem();
  ExprPtr parseAtom();
  ExprPtr parseStrings();
  bool convertFStringSegments(const std::vector<FStringSegment> &segments,
                              std::vector<FStringPart> &parts);
  ExprPtr parseFStringFieldExpression(const FStringSegment &field);
  ExprPtr parseParenthesized();
  ExprPtr parseListDisplay();
  ExprPtr parseBraceDisplay();
  ExprPtr parseDictDisplay(const Mark &start, ExprList keys, ExprList values);
  bool parseComprehensions(std::vector<Comprehension> &generators);
  ExprPtr parseTargetList();
  ExprPtr parseTarget();

  const SourceManager &sourceManager;
  uint32_t fileId;
  DiagnosticEngine &diags;
  Lexer lexer;
  std::deque<Token> lookahead;
  /// End offset of the last consumed token other than NEWLINE, INDENT and
  /// DEDENT, where the node being built ends.
  uint32_t lastEnd = 0;
  unsigned exprNesting;
  /// The expression tree's depth so far: exprNesting plus the operators of
  /// left-associative chains.
  unsigned treeDepth;
  unsigned stmtNesting = 0;
  StmtContext context;
  bool failed = false;
};

//===----------------------------------------------------------------------===//
// Tokens and errors
//===----------------------------------------------------------------------===//

const Token &Parser::peek(unsigned ahead) {
  while (lookahead.size() <= ahead)
    lookahead.push_back(lexer.next());
  return lookahead[ahead];
}

void Parser::consume() {
  const Token &token = peek();
  if (token.kind != TokenKind::Newline && token.kind != TokenKind::Indent &&
      token.kind != TokenKind::Dedent)
    lastEnd = token.getEndOffset();
  lookahead.pop_front();
}

bool Parser::accept(TokenKind k) {
  if (!at(k))
    return false;
  consume();
  return true;
}

bool Parser::expect(TokenKind k, const char *message) {
  if (accept(k))
    return true;
  errorAtCurrent(message);
  return false;
}

bool Parser::expectClosing(TokenKind closer) {
  if (accept(closer))
    return true;
  if (startsExpression(kind()))
    invalidSyntax("invalid syntax. Perhaps you forgot a comma?");
  else
    invalidSyntax();
  return false;
}

bool Parser::parseIdentifier(std::string &name) {
  if (!at(TokenKind::Identifier)) {
    invalidSyntax();
    return false;
  }
  name = std::string(peek().spelling);
  consume();
  return true;
}

Failure Parser::error(SourceRange range, const std::string &message) {
  if (!failed)
    diags.error(range, message);
  failed = true;
  return Failure();
}

Failure Parser::errorAtCurrent(const std::string &message) {
  const Token &token = peek();
  // The lexer has reported its own error already.
  if (token.kind == TokenKind::Error) {
    failed = true;
    return Failure();
  }
  return error(SourceRange{token.loc, token.length}, message);
}

Failure Parser::invalidSyntax(const char *message) {
  // As in CPython, a lexical error further on (an unclosed bracket, most
  // often) takes precedence over a generic syntax error: it is usually the
  // cause. Looking ahead makes the lexer report it.
  for (unsigned ahead = 0; kind(ahead) != TokenKind::EndOfFile; ++ahead) {
    if (kind(ahead) == TokenKind::Error) {
      failed = true;
      return Failure();
    }
  }
  return errorAtCurrent(message);
}

bool Parser::checkTarget(const Expr &target, TargetUse use) {
  const char *cannot =
      use == TargetUse::Delete ? "cannot delete " : "cannot assign to ";
  const ExprList *elts = nullptr;
  switch (target.getKind()) {
  case NodeKind::Name:
  case NodeKind::Attribute:
  case NodeKind::Subscript:
    return true;
  case NodeKind::Tuple:
    elts = &cast<TupleExpr>(&target)->elts;
    break;
  case NodeKind::List:
    elts = &cast<ListExpr>(&target)->elts;
    break;
  case NodeKind::Starred:
    error(target.getRange(),
          use == TargetUse::Delete
              ? "cannot delete starred"
              : "starred assignment target must be in a list or tuple");
    return false;
  default:
    error(target.getRange(), std::string(cannot) + describeExpr(target));
    return false;
  }

  bool sawStarred = false;
  for (const ExprPtr &elt : *elts) {
    const auto *starred = dyn_cast<StarredExpr>(elt.get());
    if (!starred) {
      if (!checkTarget(*elt, use))
        return false;
      continue;
    }
    if (use == TargetUse::Delete) {
      error(elt->getRange(), "cannot delete starred");
      return false;
    }
    if (sawStarred) {
      error(elt->getRange(), "multiple starred expressions in assignment");
      return false;
    }
    sawStarred = true;
    if (!checkTarget(*starred->value, use))
      return false;
  }
  return true;
}

bool Parser::checkAugmentedTarget(const Expr &target) {
  if (isa<NameExpr>(target) || isa<AttributeExpr>(target) ||
      isa<SubscriptExpr>(target))
    return true;
  error(target.getRange(), std::string("'") + describeExpr(target) +
                               "' is an illegal expression for augmented "
                               "assignment");
  return false;
}

bool Parser::checkNotStarred(const Expr &expr) {
  if (!isa<StarredExpr>(expr))
    return true;
  error(expr.getRange(), "can't use starred expression here");
  return false;
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

std::unique_ptr<Module> Parser::parseFile() {
  auto module = std::make_unique<Module>();
  module->fileId = fileId;
  while (!at(TokenKind::EndOfFile))
    if (!parseStatement(module->body))
      return nullptr;
  if (failed)
    return nullptr;
  return module;
}

ExprPtr Parser::parseWholeExpression() {
  if (at(TokenKind::EndOfFile))
    return errorAtCurrent("expected an expression");
  ExprPtr expr = parseStarExpressions();
  if (!expr || !checkNotStarred(*expr))
    return nullptr;
  if (!at(TokenKind::EndOfFile))
    return invalidSyntax();
  if (failed)
    return nullptr;
  return expr;
}

ExprPtr Parser::parseFStringField() {
  ExprPtr expr = parseStarExpressions();
  if (!expr || !checkNotStarred(*expr))
    return nullptr;
  if (!at(TokenKind::EndOfFile))
    return errorAtCurrent("f-string: expecting '}'");
  if (failed)
    return nullptr;
  return expr;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

// statement: compound_stmt | simple_stmts
bool Parser::parseStatement(StmtList &out) {
  StmtPtr stmt;
  switch (kind()) {
  case TokenKind::Indent:
    errorAtCurrent("unexpected indent");
    return false;
  case TokenKind::At:
    stmt = parseDecorated();
    break;
  case TokenKind::KwDef:
    stmt = parseFunctionDef({});
    break;
  case TokenKind::KwClass:
    stmt = parseClassDef({});
    break;
  case TokenKind::KwIf:
    stmt = parseIf();
    break;
  case TokenKind::KwWhile:
    stmt = parseWhile();
    break;
  case TokenKind::KwFor:
    stmt = parseFor();
    break;
  case TokenKind::KwWith:
    stmt = parseWith();
    break;
  case TokenKind::KwTry:
    stmt = parseTry();
    break;
  case TokenKind::KwAsync:
    errorAtCurrent(kAsyncUnsupported);
    return false;
  default:
    return parseSimpleStatements(out);
  }
  if (!stmt)
    return false;
  out.push_back(std::move(stmt));
  return true;
}

// simple_stmts: simple_stmt (';' simple_stmt)* [';'] NEWLINE
bool Parser::parseSimpleStatements(StmtList &out) {
  do {
    StmtPtr stmt = parseSimpleStatement();
    if (!stmt)
      return false;
    out.push_back(std::move(stmt));
  } while (accept(TokenKind::Semi) && !at(TokenKind::Newline));
  if (!accept(TokenKind::Newline)) {
    invalidSyntax();
    return false;
  }
  return true;
}

// block: NEWLINE INDENT statements DEDENT | simple_stmts
bool Parser::parseSuite(const std::string &header, uint32_t headerLine,
                        StmtList &body) {
  NestingScope scope(*this, Nesting::Statement);
  if (!scope.deepen())
    return false;
  if (!accept(TokenKind::Newline))
    return parseSimpleStatements(body);
  if (!accept(TokenKind::Indent)) {
    errorAtCurrent("expected an indented block after " + header + " on line " +
                   std::to_string(headerLine));
    return false;
  }
  while (!accept(TokenKind::Dedent))
    if (!parseStatement(body))
      return false;
  return true;
}

bool Parser::parseLoopBody(const std::string &header, uint32_t headerLine,
                           StmtList &body) {
  bool wasInLoop = context.inLoop;
  context.inLoop = true;
  bool parsed = parseSuite(header, headerLine, body);
  context.inLoop = wasInLoop;
  return parsed;
}

// else_block: 'else' ':' block
bool Parser::parseElse(StmtList &orelse) {
  uint32_t line = peek().loc.line;
  consume();
  return expectColon() && parseSuite("'else' statement", line, orelse);
}

StmtPtr Parser::parseSimpleStatement() {
  Mark start = mark();
  switch (kind()) {
  case TokenKind::KwPass:
    consume();
    return create<PassStmt>(start);
  case TokenKind::KwBreak:
    if (!context.inLoop)
      return errorAtCurrent("'break' outside loop");
    consume();
    return create<BreakStmt>(start);
  case TokenKind::KwContinue:
    if (!context.inLoop)
      return errorAtCurrent("'continue' not properly in loop");
    consume();
    return create<ContinueStmt>(start);
  case TokenKind::KwReturn:
    return parseReturn();
  case TokenKind::KwRaise:
    return parseRaise();
  case TokenKind::KwGlobal:
  case TokenKind::KwNonlocal:
    return parseGlobalOrNonlocal();
  case TokenKind::KwDel:
    return parseDel();
  case TokenKind::KwAssert:
    return parseAssert();
  case TokenKind::KwImport:
    return parseImport();
  case TokenKind::KwFrom:
    return parseImportFrom();
  default:
    return parseExpressionStatement();
  }
}

// Expression statements and assignments, told apart by what follows the
// first star_expressions.
StmtPtr Parser::parseExpressionStatement() {
  Mark start = mark();
  if (!startsExpression(kind()))
    return invalidSyntax();
  ExprPtr first = parseStarExpressions();
  if (!first)
    return nullptr;
  if (at(TokenKind::Equal))
    return parseAssignment(start, std::move(first));
  if (at(TokenKind::Colon))
    return parseAnnotatedAssignment(start, std::move(first));
  if (std::optional<BinaryOp> op = getAugmentedOp(kind())) {
    if (!checkAugmentedTarget(*first))
      return nullptr;
    SourceLoc opLoc = peek().loc;
    consume();
    ExprPtr value = parseAssignedValue();
    if (!value)
      return nullptr;
    return create<AugAssignStmt>(start, std::move(first), *op, opLoc,
                                 std::move(value));
  }
  if (!checkNotStarred(*first))
    return nullptr;
  return create<ExprStmt>(start, std::move(first));
}

// assignment: (star_targets '=')+ star_expressions
StmtPtr Parser::parseAssignment(const Mark &start, ExprPtr firstTarget) {
  ExprList targets;
  ExprPtr value = std::move(firstTarget);
  while (accept(TokenKind::Equal)) {
    if (!checkTarget(*value, TargetUse::Assign))
      return nullptr;
    targets.push_back(std::move(value));
    value = parseAssignedValue();
    if (!value)
      return nullptr;
  }
  return create<AssignStmt>(start, std::move(targets), std::move(value));
}

// assignment: single_target ':' expression ['=' annotated_rhs]
StmtPtr Parser::parseAnnotatedAssignment(const Mark &start, ExprPtr target) {
  if (isa<TupleExpr>(*target))
    return error(target->getRange(),
                 "only single target (not tuple) can be annotated");
  if (isa<ListExpr>(*target))
    return error(target->getRange(),
                 "only single target (not list) can be annotated");
  if (!isa<NameExpr>(*target) && !isa<AttributeExpr>(*target) &&
      !isa<SubscriptExpr>(*target))
    return error(target->getRange(), "illegal target for annotation");
  consume(); // ':'
  ExprPtr annotation = parseExpression();
  if (!annotation)
    return nullptr;
  ExprPtr value;
  if (accept(TokenKind::Equal)) {
    value = parseAssignedValue();
    if (!value)
      return nullptr;
  }
  return create<AnnAssignStmt>(start, std::move(target), std::move(annotation),
                               std::move(value));
}

ExprPtr Parser::parseAssignedValue() {
  if (!startsExpression(kind()))
    return invalidSyntax();
  ExprPtr value = parseStarExpressions();
  if (!value || !checkNotStarred(*value))
    return nullptr;
  return value;
}

// return_stmt: 'return' [star_expressions]
StmtPtr Parser::parseReturn() {
  Mark start = mark();
  if (!context.inFunction)
    return errorAtCurrent("'return' outside function");
  consume();
  ExprPtr value;
  if (startsExpression(kind())) {
    value = parseStarExpressions();
    if (!value || !checkNotStarred(*value))
      return nullptr;
  }
  return create<ReturnStmt>(start, std::move(value));
}

// raise_stmt: 'raise' [expression ['from' expression]]
StmtPtr Parser::parseRaise() {
  Mark start = mark();
  consume();
  ExprPtr exc;
  ExprPtr cause;
  if (startsExpression(kind())) {
    exc = parseExpression();
    if (!exc)
      return nullptr;
    if (accept(TokenKind::KwFrom)) {
      cause = parseExpression();
      if (!cause)
        return nullptr;
    }
  }
  return create<RaiseStmt>(start, std::move(exc), std::move(cause));
}

// global_stmt: 'global' ','.NAME+
// nonlocal_stmt: 'nonlocal' ','.NAME+
StmtPtr Parser::parseGlobalOrNonlocal() {
  Mark start = mark();
  bool isGlobal = at(TokenKind::KwGlobal);
  consume();
  std::vector<std::string> names;
  do {
    std::string name;
    if (!parseIdentifier(name))
      return nullptr;
    names.push_back(std::move(name));
  } while (accept(TokenKind::Comma));
  if (isGlobal)
    return create<GlobalStmt>(start, std::move(names));
  return create<NonlocalStmt>(start, std::move(names));
}

// del_stmt: 'del' del_targets
StmtPtr Parser::parseDel() {
  Mark start = mark();
  consume();
  ExprList targets;
  do {
    if (!startsExpression(kind()))
      break;
    ExprPtr target = parseTarget();
    if (!target || !checkTarget(*target, TargetUse::Delete))
      return nullptr;
    targets.push_back(std::move(target));
  } while (accept(TokenKind::Comma));
  if (targets.empty())
    return invalidSyntax();
  return create<DeleteStmt>(start, std::move(targets));
}

// assert_stmt: 'assert' expression [',' expression]
StmtPtr Parser::parseAssert() {
  Mark start = mark();
  consume();
  ExprPtr test = parseExpression();
  if (!test)
    return nullptr;
  ExprPtr msg;
  if (accept(TokenKind::Comma)) {
    msg = parseExpression();
    if (!msg)
      return nullptr;
  }
  return create<AssertStmt>(start, std::move(test), std::move(msg));
}

bool Parser::parseDottedName(std::string &name) {
  if (!parseIdentifier(name))
    return false;
  while (accept(TokenKind::Dot)) {
    std::string part;
    if (!parseIdentifier(part))
      return false;
    name += '.' + part;
  }
  return true;
}

// import_name: 'import' ','.(dotted_name ['as' NAME])+
StmtPtr Parser::parseImport() {
  Mark start = mark();
  consume();
  std::vector<Alias> names;
  do {
    Alias alias;
    alias.loc = peek().loc;
    if (!parseDottedName(alias.name))
      return nullptr;
    if (accept(TokenKind::KwAs) && !parseIdentifier(alias.asName))
      return nullptr;
    names.push_back(std::move(alias));
  } while (accept(TokenKind::Comma));
  return create<ImportStmt>(start, std::move(names));
}

// import_from: 'from' ('.' | '...')* dotted_name 'import' import_from_targets
//            | 'from' ('.' | '...')+ 'import' import_from_targets
StmtPtr Parser::parseImportFrom() {
  Mark start = mark();
  consume();
  unsigned level = 0;
  while (at(TokenKind::Dot) || at(TokenKind::Ellipsis)) {
    level += at(TokenKind::Dot) ? 1 : 3;
    consume();
  }
  std::string module;
  if (at(TokenKind::Identifier)) {
    if (!parseDottedName(module))
      return nullptr;
  } else if (level == 0) {
    return invalidSyntax();
  }
  if (!expect(TokenKind::KwImport, "expected 'import'"))
    return nullptr;

  std::vector<Alias> names;
  if (at(TokenKind::Star)) {
    names.push_back(Alias{peek().loc, "*", ""});
    consume();
    return create<ImportFromStmt>(start, std::move(module), std::move(names),
                                  level);
  }
  bool parenthesized = accept(TokenKind::LParen);
  while (true) {
    Alias alias;
    alias.loc = peek().loc;
    if (!parseIdentifier(alias.name))
      return nullptr;
    if (accept(TokenKind::KwAs) && !parseIdentifier(alias.asName))
      return nullptr;
    names.push_back(std::move(alias));
    if (!at(TokenKind::Comma))
      break;
    SourceRange comma{peek().loc, peek().length};
    consume();
    if (parenthesized && at(TokenKind::RParen))
      break;
    if (!parenthesized && (at(TokenKind::Newline) || at(TokenKind::Semi) ||
                           at(TokenKind::EndOfFile)))
      return error(comma, "trailing comma not allowed without surrounding "
                          "parentheses");
  }
  if (parenthesized && !expectClosing(TokenKind::RParen))
    return nullptr;
  return create<ImportFromStmt>(start, std::move(module), std::move(names),
                                level);
}

// decorators: ('@' named_expression NEWLINE)+
StmtPtr Parser::parseDecorated() {
  ExprList decorators;
  while (accept(TokenKind::At)) {
    ExprPtr decorator = parseNamedExpression();
    if (!decorator)
      return nullptr;
    if (!accept(TokenKind::Newline))
      return invalidSyntax();
    decorators.push_back(std::move(decorator));
  }
  switch (kind()) {
  case TokenKind::KwDef:
    return parseFunctionDef(std::move(decorators));
  case TokenKind::KwClass:
    return parseClassDef(std::move(decorators));
  case TokenKind::KwAsync:
    return errorAtCurrent(kAsyncUnsupported);
  case TokenKind::Indent:
    return errorAtCurrent("unexpected indent");
  default:
    return invalidSyntax();
  }
}

// function_def: 'def' NAME '(' [params] ')' ['->' expression] ':' block
StmtPtr Parser::parseFunctionDef(ExprList decorators) {
  Mark start = mark();
  consume();
  if (!at(TokenKind::Identifier))
    return invalidSyntax();
  std::string name(peek().spelling);
  SourceLoc nameLoc = peek().loc;
  consume();
  if (!expect(TokenKind::LParen, "expected '('"))
    return nullptr;
  Parameters params;
  if (!parseParameters(params, TokenKind::RParen, /*allowAnnotations=*/true) ||
      !expectClosing(TokenKind::RParen))
    return nullptr;
  ExprPtr returns;
  if (accept(TokenKind::Arrow)) {
    returns = parseExpression();
    if (!returns)
      return nullptr;
  }
  if (!expectColon())
    return nullptr;

  StmtContext outer = context;
  context = StmtContext{/*inFunction=*/true, /*inLoop=*/false};
  StmtList body;
  bool parsed = parseSuite("function definition", start.loc.line, body);
  context = outer;
  if (!parsed)
    return nullptr;
  return create<FunctionDefStmt>(start, std::move(name), nameLoc,
                                 std::move(decorators), std::move(params),
                                 std::move(returns), std::move(body));
}

// class_def: 'class' NAME ['(' [arguments] ')'] ':' block
StmtPtr Parser::parseClassDef(ExprList decorators) {
  Mark start = mark();
  consume();
  if (!at(TokenKind::Identifier))
    return invalidSyntax();
  std::string name(peek().spelling);
  SourceLoc nameLoc = peek().loc;
  consume();
  ExprList bases;
  std::vector<Keyword> keywords;
  if (accept(TokenKind::LParen) &&
      (!parseArguments(bases, keywords) || !expectClosing(TokenKind::RParen)))
    return nullptr;
  if (!expectColon())
    return nullptr;

  StmtContext outer = context;
  context = StmtContext{};
  StmtList body;
  bool parsed = parseSuite("class definition", start.loc.line, body);
  context = outer;
  if (!parsed)
    return nullptr;
  return create<ClassDefStmt>(start, std::move(name), nameLoc,
                              std::move(decorators), std::move(bases),
                              std::move(keywords), std::move(body));
}

// parameters: the contents of `def f(...)` (with annotations) or of
// `lambda ...:` (without); stops before `closer`.
bool Parser::parseParameters(Parameters &params, TokenKind closer,
                             bool allowAnnotations) {
  std::set<std::string> names;
  bool sawDefault = false;
  bool sawSlash = false;
  bool sawStar = false;
  std::optional<SourceRange> bareStar;
  while (!at(closer)) {
    if (at(TokenKind::Slash)) {
      if (sawSlash)
        return errorAtCurrent("/ may appear only once");
      if (sawStar)
        return errorAtCurrent("/ must be ahead of *");
      if (params.params.empty())
        return errorAtCurrent("at least one argument must precede /");
      sawSlash = true;
      consume();
      params.posOnlyParams = std::move(params.params);
      params.params.clear();
    } else if (at(TokenKind::Star)) {
      if (sawStar)
        return errorAtCurrent("* argument may appear only once");
      SourceRange star{peek().loc, peek().length};
      consume();
      sawStar = true;
      if (at(TokenKind::Comma) || at(closer)) {
        bareStar = star;
      } else {
        Param param;
        if (!parseParam(param, allowAnnotations, names))
          return false;
        if (at(TokenKind::Equal))
          return errorAtCurrent(
              "var-positional argument cannot have default value");
        params.varArg = std::move(param);
      }
    } else if (at(TokenKind::DoubleStar)) {
      consume();
      Param param;
      if (!parseParam(param, allowAnnotations, names))
        return false;
      if (at(TokenKind::Equal))
        return errorAtCurrent("var-keyword argument cannot have default value");
      params.kwArg = std::move(param);
      accept(TokenKind::Comma);
      if (!at(closer))
        return errorAtCurrent("arguments cannot follow var-keyword argument");
      break;
    } else {
      Param param;
      if (!parseParam(param, allowAnnotations, names))
        return false;
      if (accept(TokenKind::Equal)) {
        param.defaultValue = parseExpression();
        if (!param.defaultValue)
          return false;
      }
      if (sawStar) {
        params.kwOnlyParams.push_back(std::move(param));
      } else {
        if (param.defaultValue)
          sawDefault = true;
        else if (sawDefault)
          return error(
              SourceRange{param.loc, static_cast<uint32_t>(param.name.size())},
              "parameter without a default follows parameter with "
              "a default");
        params.params.push_back(std::move(param));
      }
    }
    if (!accept(TokenKind::Comma))
      break;
  }
  if (bareStar && params.kwOnlyParams.empty())
    return error(*bareStar, "named arguments must follow bare *");
  return true;
}

bool Parser::parseParam(Param &param, bool allowAnnotation,
                        std::set<std::string> &names) {
  param.loc = peek().loc;
  if (!parseIdentifier(param.name))
    return false;
  if (!names.insert(param.name).second)
    return error(
        SourceRange{param.loc, static_cast<uint32_t>(param.name.size())},
        "duplicate argument '" + param.name + "' in function definition");
  if (allowAnnotation && accept(TokenKind::Colon)) {
    param.annotation = parseExpression();
    if (!param.annotation)
      return false;
  }
  return true;
}

// if_stmt: 'if' named_expression ':' block (elif_stmt | [else_block])
// elif_stmt: 'elif' named_expression ':' block (elif_stmt | [else_block])
StmtPtr Parser::parseIf() {
  Mark start = mark();
  const char *header =
      at(TokenKind::KwIf) ? "'if' statement" : "'elif' statement";
  consume();
  ExprPtr test = parseNamedExpression();
  if (!test || !expectColon())
    return nullptr;
  StmtList body;
  if (!parseSuite(header, start.loc.line, body))
    return nullptr;
  StmtList orelse;
  if (at(TokenKind::KwElif)) {
    // Each `elif` nests one IfStmt deeper.
    NestingScope scope(*this, Nesting::Statement);
    if (!scope.deepen())
      return nullptr;
    StmtPtr elif = parseIf();
    if (!elif)
      return nullptr;
    orelse.push_back(std::move(elif));
  } else if (at(TokenKind::KwElse) && !parseElse(orelse)) {
    return nullptr;
  }
  return create<IfStmt>(start, std::move(test), std::move(body),
                        std::move(orelse));
}

// while_stmt: 'while' named_expression ':' block [else_block]
StmtPtr Parser::parseWhile() {
  Mark start = mark();
  consume();
  ExprPtr test = parseNamedExpression();
  if (!test || !expectColon())
    return nullptr;
  StmtList body;
  if (!parseLoopBody("'while' statement", start.loc.line, body))
    return nullptr;
  StmtList orelse;
  if (at(TokenKind::KwElse) && !parseElse(orelse))
    return nullptr;
  return create<WhileStmt>(start, std::move(test), std::move(body),
                           std::move(orelse));
}

// for_stmt: 'for' star_targets 'in' star_expressions ':' block [else_block]
StmtPtr Parser::parseFor() {
  Mark start = mark();
  consume();
  ExprPtr target = parseTargetList();
  if (!target || !checkTarget(*target, TargetUse::Assign))
    return nullptr;
  if (!expect(TokenKind::KwIn, "expected 'in'"))
    return nullptr;
  ExprPtr iter = parseStarExpressions();
  if (!iter || !checkNotStarred(*iter) || !expectColon())
    return nullptr;
  StmtList body;
  if (!parseLoopBody("'for' statement", start.loc.line, body))
    return nullptr;
  StmtList orelse;
  if (at(TokenKind::KwElse) && !parseElse(orelse))
    return nullptr;
  return create<ForStmt>(start, std::move(target), std::move(iter),
                         std::move(body), std::move(orelse));
}

// with_stmt: 'with' '(' ','.with_item+ ','? ')' ':' block
//          | 'with' ','.with_item+ ':' block
StmtPtr Parser::parseWith() {
  Mark start = mark();
  consume();
  std::vector<WithItem> items;
  if (at(TokenKind::LParen) && isParenthesizedWithItems()) {
    consume();
    do {
      if (at(TokenKind::RParen))
        break;
      WithItem item;
      if (!parseWithItem(item))
        return nullptr;
      items.push_back(std::move(item));
    } while (accept(TokenKind::Comma));
    if (!expectClosing(TokenKind::RParen))
      return nullptr;
  } else {
    do {
      WithItem item;
      if (!parseWithItem(item))
        return nullptr;
      items.push_back(std::move(item));
    } while (accept(TokenKind::Comma));
  }
  if (!expectColon())
    return nullptr;
  StmtList body;
  if (!parseSuite("'with' statement", start.loc.line, body))
    return nullptr;
  return create<WithStmt>(start, std::move(items), std::move(body));
}

bool Parser::isParenthesizedWithItems() {
  // `with (a as b, c):` groups its items in parentheses, while
  // `with (a, b) as c:` and `with (a).b:` start with a parenthesized
  // expression: only the token after the matching ')' tells them apart.
  if (kind(1) == TokenKind::RParen)
    return false;
  unsigned depth = 0;
  for (unsigned i = 0;; ++i) {
    switch (kind(i)) {
    case TokenKind::LParen:
    case TokenKind::LSquare:
    case TokenKind::LBrace:
      ++depth;
      break;
    case TokenKind::RParen:
    case TokenKind::RSquare:
    case TokenKind::RBrace:
      if (--depth == 0)
        return kind(i + 1) == TokenKind::Colon;
      break;
    case TokenKind::EndOfFile:
    case TokenKind::Error:
    case TokenKind::Newline:
      return false;
    default:
      break;
    }
  }
}

// with_item: expression ['as' star_target]
bool Parser::parseWithItem(WithItem &item) {
  item.contextExpr = parseExpression();
  if (!item.contextExpr)
    return false;
  if (accept(TokenKind::KwAs)) {
    item.optionalVars = parseTarget();
    if (!item.optionalVars ||
        !checkTarget(*item.optionalVars, TargetUse::Assign))
      return false;
  }
  return true;
}

// try_stmt: 'try' ':' block finally_block
//         | 'try' ':' block except_block+ [else_block] [finally_block]
StmtPtr Parser::parseTry() {
  Mark start = mark();
  consume();
  StmtList body;
  if (!expectColon() || !parseSuite("'try' statement", start.loc.line, body))
    return nullptr;

  std::vector<ExceptHandler> handlers;
  bool sawBareExcept = false;
  while (at(TokenKind::KwExcept)) {
    if (sawBareExcept)
      return errorAtCurrent("default 'except:' must be last");
    ExceptHandler handler;
    handler.loc = peek().loc;
    consume();
    if (at(TokenKind::Star))
      return errorAtCurrent("not supported yet: 'except*'");
    if (at(TokenKind::Colon)) {
      sawBareExcept = true;
    } else {
      handler.type = parseExpression();
      if (!handler.type)
        return nullptr;
      if (at(TokenKind::Comma))
        return error(handler.type->getRange(),
                     "multiple exception types must be parenthesized");
      if (accept(TokenKind::KwAs) && !parseIdentifier(handler.name))
        return nullptr;
    }
    if (!expectColon() ||
        !parseSuite("'except' statement", handler.loc.line, handler.body))
      return nullptr;
    handlers.push_back(std::move(handler));
  }

  StmtList orelse;
  if (at(TokenKind::KwElse)) {
    if (handlers.empty())
      return errorAtCurrent("expected 'except' or 'finally' block");
    if (!parseElse(orelse))
      return nullptr;
  }
  StmtList finalBody;
  if (at(TokenKind::KwFinally)) {
    uint32_t line = peek().loc.line;
    consume();
    if (!expectColon() || !parseSuite("'finally' statement", line, finalBody))
      return nullptr;
  } else if (handlers.empty()) {
    return errorAtCurrent("expected 'except' or 'finally' block");
  }
  return create<TryStmt>(start, std::move(body), std::move(handlers),
                         std::move(orelse), std::move(finalBody));
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

// star_expressions: star_expression (',' star_expression)* [',']
ExprPtr Parser::parseStarExpressions() {
  Mark start = mark();
  ExprPtr first = parseStarExpression();
  if (!first || !at(TokenKind::Comma))
    return first;
  ExprList elts;
  elts.push_back(std::move(first));
  while (accept(TokenKind::Comma) && startsExpression(kind())) {
    ExprPtr elt = parseStarExpression();
    if (!elt)
      return nullptr;
    elts.push_back(std::move(elt));
  }
  return create<TupleExpr>(start, std::move(elts));
}

// star_expression: '*' bitwise_or | expression
ExprPtr Parser::parseStarExpression() {
  if (!at(TokenKind::Star))
    return parseExpression();
  Mark start = mark();
  consume();
  ExprPtr value = parseBitwiseOr();
  if (!value)
    return nullptr;
  return create<StarredExpr>(start, std::move(value));
}

// star_named_expression: '*' bitwise_or | named_expression
ExprPtr Parser::parseStarNamedExpression() {
  if (at(TokenKind::Star))
    return parseStarExpression();
  return parseNamedExpression();
}

// named_expression: NAME ':=' expression | expression
ExprPtr Parser::parseNamedExpression() {
  if (at(TokenKind::Identifier) && kind(1) == TokenKind::ColonEqual) {
    Mark start = mark();
    std::string name(peek().spelling);
    consume();
    auto target = create<NameExpr>(start, std::move(name));
    consume(); // ':='
    ExprPtr value = parseExpression();
    if (!value)
      return nullptr;
    return create<NamedExpr>(start, std::move(target), std::move(value));
  }
  ExprPtr expr = parseExpression();
  if (expr && at(TokenKind::ColonEqual))
    return error(expr->getRange(),
                 std::string("cannot use assignment expressions with ") +
                     describeExpr(*expr));
  return expr;
}

// expression: disjunction 'if' disjunction 'else' expression
//           | disjunction | lambdef
ExprPtr Parser::parseExpression() {
  NestingScope scope(*this);
  if (!scope.deepen())
    return nullptr;
  if (at(TokenKind::KwLambda))
    return parseLambda();
  Mark start = mark();
  ExprPtr body = parseDisjunction();
  if (!body || !at(TokenKind::KwIf))
    return body;
  consume();
  ExprPtr test = parseDisjunction();
  if (!test)
    return nullptr;
  if (!accept(TokenKind::KwElse))
    return errorAtCurrent("expected 'else' after 'if' expression");
  ExprPtr orelse = parseExpression();
  if (!orelse)
    return nullptr;
  return create<IfExpr>(start, std::move(test), std::move(body),
                        std::move(orelse));
}

// lambdef: 'lambda' [lambda_params] ':' expression
ExprPtr Parser::parseLambda() {
  Mark start = mark();
  consume();
  Parameters params;
  if (!parseParameters(params, TokenKind::Colon, /*allowAnnotations=*/false) ||
      !expectColon())
    return nullptr;
  ExprPtr body = parseExpression();
  if (!body)
    return nullptr;
  return create<LambdaExpr>(start, std::move(params), std::move(body));
}

ExprPtr Parser::parseBoolOpChain(BoolOp op, TokenKind keyword,
                                 ExprPtr (Parser::*parseOperand)()) {
  Mark start = mark();
  ExprPtr first = (this->*parseOperand)();
  if (!first || !at(keyword))
    return first;
  ExprList values;
  values.push_back(std::move(first));
  while (accept(keyword)) {
    ExprPtr value = (this->*parseOperand)();
    if (!value)
      return nullptr;
    values.push_back(std::move(value));
  }
  return create<BoolOpExpr>(start, op, std::move(values));
}

// disjunction: conjunction ('or' conjunction)*
ExprPtr Parser::parseDisjunction() {
  return parseBoolOpChain(BoolOp::Or, TokenKind::KwOr,
                          &Parser::parseConjunction);
}

// conjunction: inversion ('and' inversion)*
ExprPtr Parser::parseConjunction() {
  return parseBoolOpChain(BoolOp::And, TokenKind::KwAnd,
                          &Parser::parseInversion);
}

// inversion: 'not' inversion | comparison
ExprPtr Parser::parseInversion() {
  if (!at(TokenKind::KwNot))
    return parseComparison();
  Mark start = mark();
  NestingScope scope(*this);
  if (!scope.deepen())
    return nullptr;
  consume();
  ExprPtr operand = parseInversion();
  if (!operand)
    return nullptr;
  return create<UnaryOpExpr>(start, UnaryOp::Not, std::move(operand));
}

std::optional<CompareOp> Parser::peekCompareOp(unsigned &numTokens) {
  numTokens = 1;
  switch (kind()) {
  case TokenKind::EqualEqual:
    return CompareOp::Eq;
  case TokenKind::NotEqual:
    return CompareOp::NotEq;
  case TokenKind::Less:
    return CompareOp::Lt;
  case TokenKind::LessEqual:
    return CompareOp::LtE;
  case TokenKind::Greater:
    return CompareOp::Gt;
  case TokenKind::GreaterEqual:
    return CompareOp::GtE;
  case TokenKind::KwIn:
    return CompareOp::In;
  case TokenKind::KwIs:
    if (kind(1) != TokenKind::KwNot)
      return CompareOp::Is;
    numTokens = 2;
    return CompareOp::IsNot;
  case TokenKind::KwNot:
    if (kind(1) != TokenKind::KwIn)
      return std::nullopt;
    numTokens = 2;
    return CompareOp::NotIn;
  default:
    return std::nullopt;
  }
}

// comparison: bitwise_or compare_op_bitwise_or_pair*
ExprPtr Parser::parseComparison() {
  Mark start = mark();
  ExprPtr left = parseBitwiseOr();
  if (!left)
    return nullptr;
  std::vector<CompareOp> ops;
  std::vector<SourceLoc> opLocs;
  ExprList comparators;
  unsigned numTokens;
  while (std::optional<CompareOp> op = peekCompareOp(numTokens)) {
    opLocs.push_back(peek().loc);
    for (unsigned i = 0; i < numTokens; ++i)
      consume();
    ExprPtr right = parseBitwiseOr();
    if (!right)
      return nullptr;
    ops.push_back(*op);
    comparators.push_back(std::move(right));
  }
  if (ops.empty())
    return left;
  return create<CompareExpr>(start, std::move(left), std::move(ops),
                             std::move(opLocs), std::move(comparators));
}

// bitwise_or, bitwise_xor, bitwise_and, shift_expr, sum, term: chains of
// left-associative operators, parsed by precedence climbing. Takes operators
// of `minLevel` and tighter; the right operand of an operator takes only
// tighter ones.
ExprPtr Parser::parseBinary(unsigned minLevel) {
  Mark start = mark();
  ExprPtr lhs = parseFactor();
  if (!lhs)
    return nullptr;
  // Each operator nests the chain so far one level deeper in the tree; the
  // loop, not recursion, parses it.
  NestingScope scope(*this);
  std::optional<BinaryOperator> op;
  while ((op = getBinaryOperator(kind())) && op->level >= minLevel) {
    if (!scope.deepenTree())
      return nullptr;
    SourceLoc opLoc = peek().loc;
    consume();
    ExprPtr rhs = parseBinary(op->level + 1);
    if (!rhs)
      return nullptr;
    lhs =
        create<BinOpExpr>(start, op->op, opLoc, std::move(lhs), std::move(rhs));
  }
  return lhs;
}

// factor: ('+' | '-' | '~') factor | power
ExprPtr Parser::parseFactor() {
  std::optional<UnaryOp> op;
  if (at(TokenKind::Minus))
    op = UnaryOp::Neg;
  else if (at(TokenKind::Plus))
    op = UnaryOp::Pos;
  else if (at(TokenKind::Tilde))
    op = UnaryOp::Invert;
  else
    return parsePower();
  Mark start = mark();
  NestingScope scope(*this);
  if (!scope.deepen())
    return nullptr;
  consume();
  ExprPtr operand = parseFactor();
  if (!operand)
    return nullptr;
  return create<UnaryOpExpr>(start, *op, std::move(operand));
}

// power: primary '**' factor | primary
// Right-associative, and tighter than a unary operator on its left but not
// on its right: -2**-1 is -(2**(-1)).
ExprPtr Parser::parsePower() {
  if (at(TokenKind::KwAwait))
    return errorAtCurrent(kAwaitUnsupported);
  Mark start = mark();
  ExprPtr base = parsePrimary();
  if (!base || !at(TokenKind::DoubleStar))
    return base;
  SourceLoc opLoc = peek().loc;
  NestingScope scope(*this);
  if (!scope.deepen())
    return nullptr;
  consume();
  ExprPtr exponent = parseFactor();
  if (!exponent)
    return nullptr;
  return create<BinOpExpr>(start, BinaryOp::Pow, opLoc, std::move(base),
                           std::move(exponent));
}

// primary: primary '.' NAME | primary '(' [arguments] ')'
//        | primary '[' slices ']' | atom
ExprPtr Parser::parsePrimary() {
  Mark start = mark();
  ExprPtr expr = parseAtom();
  if (!expr)
    return nullptr;
  NestingScope scope(*this);
  while (true) {
    if (at(TokenKind::Dot)) {
      if (!scope.deepen())
        return nullptr;
      consume();
      if (!at(TokenKind::Identifier))
        return invalidSyntax();
      std::string attr(peek().spelling);
      SourceLoc attrLoc = peek().loc;
      consume();
      expr = create<AttributeExpr>(start, std::move(expr), std::move(attr),
                                   attrLoc);
    } else if (at(TokenKind::LParen)) {
      if (!scope.deepen())
        return nullptr;
      consume();
      ExprList args;
      std::vector<Keyword> keywords;
      if (!parseArguments(args, keywords) || !expectClosing(TokenKind::RParen))
        return nullptr;
      expr = create<CallExpr>(start, std::move(expr), std::move(args),
                              std::move(keywords));
    } else if (at(TokenKind::LSquare)) {
      if (!scope.deepen())
        return nullptr;
      consume();
      ExprPtr index = parseSubscriptIndex();
      if (!index || !expectClosing(TokenKind::RSquare))
        return nullptr;
      expr = create<SubscriptExpr>(start, std::move(expr), std::move(index));
    } else {
      return expr;
    }
  }
}

// arguments: the contents of a call's parentheses; stops before ')'.
bool Parser::parseArguments(ExprList &args, std::vector<Keyword> &keywords) {
  bool sawKeyword = false;
  bool sawKeywordUnpacking = false;
  while (!at(TokenKind::RParen)) {
    Mark start = mark();
    if (at(TokenKind::Star)) {
      ExprPtr starred = parseStarExpression();
      if (!starred)
        return false;
      if (sawKeywordUnpacking)
        return error(starred->getRange(),
                     "iterable argument unpacking follows keyword argument "
                     "unpacking");
      args.push_back(std::move(starred));
    } else if (accept(TokenKind::DoubleStar)) {
      ExprPtr value = parseExpression();
      if (!value)
        return false;
      keywords.push_back(Keyword{start.loc, "", std::move(value)});
      sawKeywordUnpacking = true;
    } else if (at(TokenKind::Identifier) && kind(1) == TokenKind::Equal) {
      std::string name(peek().spelling);
      SourceRange nameRange{peek().loc, peek().length};
      consume();
      consume(); // '='
      for (const Keyword &keyword : keywords)
        if (keyword.name == name)
          return error(nameRange, "keyword argument repeated: " + name);
      ExprPtr value = parseExpression();
      if (!value)
        return false;
      keywords.push_back(Keyword{start.loc, std::move(name), std::move(value)});
      sawKeyword = true;
    } else {
      ExprPtr value = parseNamedExpression();
      if (!value)
        return false;
      if (at(TokenKind::KwFor)) {
        std::vector<Comprehension> generators;
        if (!parseComprehensions(generators))
          return false;
        value = create<GeneratorExpr>(start, std::move(value),
                                      std::move(generators));
        if (!args.empty() || !keywords.empty() || at(TokenKind::Comma))
          return error(value->getRange(),
                       "Generator expression must be parenthesized");
      } else if (at(TokenKind::Equal)) {
        return error(value->getRange(),
                     "expression cannot contain assignment, perhaps you "
                     "meant \"==\"?");
      }
      if (sawKeywordUnpacking)
        return error(value->getRange(),
                     "positional argument follows keyword argument "
                     "unpacking");
      if (sawKeyword)
        return error(value->getRange(),
                     "positional argument follows keyword argument");
      args.push_back(std::move(value));
    }
    if (!accept(TokenKind::Comma))
      break;
  }
  return true;
}

// slices: slice | ','.(slice | starred_expression)+ [',']
ExprPtr Parser::parseSubscriptIndex() {
  Mark start = mark();
  ExprPtr first = parseSliceItem();
  if (!first || !at(TokenKind::Comma))
    return first;
  ExprList elts;
  elts.push_back(std::move(first));
  while (accept(TokenKind::Comma) && !at(TokenKind::RSquare)) {
    ExprPtr item = parseSliceItem();
    if (!item)
      return nullptr;
    elts.push_back(std::move(item));
  }
  return create<TupleExpr>(start, std::move(elts));
}

// slice: [expression] ':' [expression] [':' [expression]] | named_expression
ExprPtr Parser::parseSliceItem() {
  if (at(TokenKind::Star))
    return parseStarExpression();
  Mark start = mark();
  ExprPtr lower;
  if (!at(TokenKind::Colon)) {
    lower = parseNamedExpression();
    if (!lower || !at(TokenKind::Colon))
      return lower;
  }
  consume(); // ':'
  auto atBound = [&] {
    return !at(TokenKind::Colon) && !at(TokenKind::Comma) &&
           !at(TokenKind::RSquare);
  };
  ExprPtr upper;
  if (atBound()) {
    upper = parseExpression();
    if (!upper)
      return nullptr;
  }
  ExprPtr step;
  if (accept(TokenKind::Colon) && atBound()) {
    step = parseExpression();
    if (!step)
      return nullptr;
  }
  return create<SliceExpr>(start, std::move(lower), std::move(upper),
                           std::move(step));
}

ExprPtr Parser::parseAtom() {
  Mark start = mark();
  const Token &token = peek();
  switch (token.kind) {
  case TokenKind::Identifier: {
    std::string name(token.spelling);
    consume();
    return create<NameExpr>(start, std::move(name));
  }
  case TokenKind::Int: {
    IntLiteralValue value = token.intValue;
    consume();
    return create<IntLiteralExpr>(start, std::move(value));
  }
  case TokenKind::Float: {
    double value = token.floatValue;
    consume();
    return create<FloatLiteralExpr>(start, value);
  }
  case TokenKind::String:
  case TokenKind::FString:
    return parseStrings();
  case TokenKind::KwTrue:
  case TokenKind::KwFalse: {
    bool value = token.kind == TokenKind::KwTrue;
    consume();
    return create<BoolLiteralExpr>(start, value);
  }
  case TokenKind::KwNone:
    consume();
    return create<NoneLiteralExpr>(start);
  case TokenKind::Ellipsis:
    consume();
    return create<EllipsisExpr>(start);
  case TokenKind::LParen:
    return parseParenthesized();
  case TokenKind::LSquare:
    return parseListDisplay();
  case TokenKind::LBrace:
    return parseBraceDisplay();
  case TokenKind::KwYield:
    return errorAtCurrent(kYieldUnsupported);
  case TokenKind::KwAwait:
    return errorAtCurrent(kAwaitUnsupported);
  case TokenKind::EndOfFile:
    return errorAtCurrent("expected an expression");
  default:
    return invalidSyntax();
  }
}

// strings: (STRING | FSTRING)+, concatenated.
ExprPtr Parser::parseStrings() {
  Mark start = mark();
  bool isBytes = peek().isBytes;
  bool isFormat = false;
  std::vector<FStringPart> parts;
  while (at(TokenKind::String) || at(TokenKind::FString)) {
    const Token &token = peek();
    if (token.isBytes != isBytes)
      return errorAtCurrent("cannot mix bytes and nonbytes literals");
    if (token.kind == TokenKind::FString) {
      isFormat = true;
      if (!convertFStringSegments(token.fstringSegments, parts))
        return nullptr;
    } else {
      appendLiteralPart(parts, token.loc, token.stringValue);
    }
    consume();
  }
  if (isFormat)
    return create<FStringExpr>(start, std::move(parts));
  std::string value = parts.empty() ? "" : std::move(parts.front().literal);
  return create<StringLiteralExpr>(start, std::move(value), isBytes);
}

bool Parser::convertFStringSegments(const std::vector<FStringSegment> &segments,
                                    std::vector<FStringPart> &parts) {
  for (const FStringSegment &segment : segments) {
    if (!segment.isField) {
      appendLiteralPart(parts, segment.loc, segment.literal);
      continue;
    }
    FStringPart part;
    part.loc = segment.loc;
    part.conversion = segment.conversion;
    part.value = parseFStringFieldExpression(segment);
    if (!part.value)
      return false;
    if (segment.hasFormatSpec) {
      SourceLoc specLoc = segment.formatSpec.empty()
                              ? segment.loc
                              : segment.formatSpec.front().loc;
      auto spec = std::make_unique<FStringExpr>(specLoc);
      if (!convertFStringSegments(segment.formatSpec, spec->parts))
        return false;
      part.formatSpec = std::move(spec);
    }
    parts.push_back(std::move(part));
  }
  return true;
}

ExprPtr Parser::parseFStringFieldExpression(const FStringSegment &field) {
  // The field's text is lexed again, in place, so that its nodes carry their
  // true locations in the file.
  Parser fieldParser(sourceManager, fileId, diags, Lexer::Mode::Expression,
                     field.exprBegin, field.exprEnd, exprNesting + 1,
                     treeDepth + 1);
  ExprPtr value = fieldParser.parseFStringField();
  if (!value)
    failed = true;
  return value;
}

// tuple | group | genexp
ExprPtr Parser::parseParenthesized() {
  Mark start = mark();
  consume();
  if (accept(TokenKind::RParen))
    return create<TupleExpr>(start, ExprList());
  ExprPtr first = parseStarNamedExpression();
  if (!first)
    return nullptr;
  bool starred = isa<StarredExpr>(*first);
  if (!starred && at(TokenKind::KwFor)) {
    std::vector<Comprehension> generators;
    if (!parseComprehensions(generators) || !expectClosing(TokenKind::RParen))
      return nullptr;
    return create<GeneratorExpr>(start, std::move(first),
                                 std::move(generators));
  }
  if (accept(TokenKind::RParen)) {
    if (starred)
      return error(first->getRange(), "cannot use starred expression here");
    return first;
  }
  ExprList elts;
  elts.push_back(std::move(first));
  while (accept(TokenKind::Comma) && !at(TokenKind::RParen)) {
    ExprPtr elt = parseStarNamedExpression();
    if (!elt)
      return nullptr;
    elts.push_back(std::move(elt));
  }
  if (!expectClosing(TokenKind::RParen))
    return nullptr;
  return create<TupleExpr>(start, std::move(elts));
}

// list | listcomp
ExprPtr Parser::parseListDisplay() {
  Mark start = mark();
  consume();
  ExprList elts;
  if (!at(TokenKind::RSquare)) {
    ExprPtr first = parseStarNamedExpression();
    if (!first)
      return nullptr;
    if (!isa<StarredExpr>(*first) && at(TokenKind::KwFor)) {
      std::vector<Comprehension> generators;
      if (!parseComprehensions(generators) ||
          !expectClosing(TokenKind::RSquare))
        return nullptr;
      return create<ListCompExpr>(start, std::move(first),
                                  std::move(generators));
    }
    elts.push_back(std::move(first));
    while (accept(TokenKind::Comma) && !at(TokenKind::RSquare)) {
      ExprPtr elt = parseStarNamedExpression();
      if (!elt)
        return nullptr;
      elts.push_back(std::move(elt));
    }
  }
  if (!expectClosing(TokenKind::RSquare))
    return nullptr;
  return create<ListExpr>(start, std::move(elts));
}

// dict | set | dictcomp | setcomp
ExprPtr Parser::parseBraceDisplay() {
  Mark start = mark();
  consume();
  ExprList keys;
  ExprList values;
  if (accept(TokenKind::RBrace))
    return create<DictExpr>(start, std::move(keys), std::move(values));
  if (accept(TokenKind::DoubleStar)) {
    ExprPtr value = parseBitwiseOr();
    if (!value)
      return nullptr;
    keys.push_back(nullptr);
    values.push_back(std::move(value));
    return parseDictDisplay(start, std::move(keys), std::move(values));
  }

  ExprPtr first = parseStarNamedExpression();
  if (!first)
    return nullptr;
  bool starred = isa<StarredExpr>(*first);
  if (!starred && accept(TokenKind::Colon)) {
    ExprPtr value = parseExpression();
    if (!value)
      return nullptr;
    if (at(TokenKind::KwFor)) {
      std::vector<Comprehension> generators;
      if (!parseComprehensions(generators) || !expectClosing(TokenKind::RBrace))
        return nullptr;
      return create<DictCompExpr>(start, std::move(first), std::move(value),
                                  std::move(generators));
    }
    keys.push_back(std::move(first));
    values.push_back(std::move(value));
    return parseDictDisplay(start, std::move(keys), std::move(values));
  }
  if (!starred && at(TokenKind::KwFor)) {
    std::vector<Comprehension> generators;
    if (!parseComprehensions(generators) || !expectClosing(TokenKind::RBrace))
      return nullptr;
    return create<SetCompExpr>(start, std::move(first), std::move(generators));
  }
  ExprList elts;
  elts.push_back(std::move(first));
  while (accept(TokenKind::Comma) && !at(TokenKind::RBrace)) {
    ExprPtr elt = parseStarNamedExpression();
    if (!elt)
      return nullptr;
    elts.push_back(std::move(elt));
  }
  if (!expectClosing(TokenKind::RBrace))
    return nullptr;
  return create<SetExpr>(start, std::move(elts));
}

// The entries of a dict display after the first.
ExprPtr Parser::parseDictDisplay(const Mark &start, ExprList keys,
                                 ExprList values) {
  while (accept(TokenKind::Comma) && !at(TokenKind::RBrace)) {
    ExprPtr key;
    if (!accept(TokenKind::DoubleStar)) {
      key = parseExpression();
      if (!key || !expectColon())
        return nullptr;
    }
    ExprPtr value = key ? parseExpression() : parseBitwiseOr();
    if (!value)
      return nullptr;
    keys.push_back(std::move(key));
    values.push_back(std::move(value));
  }
  if (!expectClosing(TokenKind::RBrace))
    return nullptr;
  return create<DictExpr>(start, std::move(keys), std::move(values));
}

// for_if_clauses: ('for' star_targets 'in' disjunction ('if' disjunction)*)+
bool Parser::parseComprehensions(std::vector<Comprehension> &generators) {
  while (at(TokenKind::KwFor)) {
    Comprehension generator;
    generator.loc = peek().loc;
    consume();
    generator.target = parseTargetList();
    if (!generator.target ||
        !checkTarget(*generator.target, TargetUse::Assign) ||
        !expect(TokenKind::KwIn, "expected 'in'"))
      return false;
    generator.iter = parseDisjunction();
    if (!generator.iter)
      return false;
    while (accept(TokenKind::KwIf)) {
      ExprPtr condition = parseDisjunction();
      if (!condition)
        return false;
      generator.ifs.push_back(std::move(condition));
    }
    generators.push_back(std::move(generator));
  }
  return true;
}

// star_targets: star_target (',' star_target)* [','], checked by the caller.
// Parsed at the bitwise_or level so that the `in` of a `for` is not taken as
// a comparison.
ExprPtr Parser::parseTargetList() {
  Mark start = mark();
  ExprPtr first = parseTarget();
  if (!first || !at(TokenKind::Comma))
    return first;
  ExprList elts;
  elts.push_back(std::move(first));
  while (accept(TokenKind::Comma) && startsExpression(kind())) {
    ExprPtr elt = parseTarget();
    if (!elt)
      return nullptr;
    elts.push_back(std::move(elt));
  }
  return create<TupleExpr>(start, std::move(elts));
}

ExprPtr Parser::parseTarget() {
  if (!at(TokenKind::Star))
    return parseBitwiseOr();
  Mark start = mark();
  consume();
  ExprPtr value = parseBitwiseOr();
  if (!value)
    return nullptr;
  return create<StarredExpr>(start, std::move(value));
}

} // namespace

std::unique_ptr<Module> parseModule(const SourceManager &sourceManager,
                                    uint32_t fileId, DiagnosticEngine &diags) {
  Parser parser(sourceManager, fileId, diags, Lexer::Mode::Module, 0,
                std::numeric_limits<uint32_t>::max(), 0, 0);
  return parser.parseFile();
}

std::unique_ptr<Expr> parseExpression(const SourceManager &sourceManager,
                                      uint32_t fileId,
                                      DiagnosticEngine &diags) {
  Parser parser(sourceManager, fileId, diags, Lexer::Mode::Expression, 0,
                std::numeric_limits<uint32_t>::max(), 0, 0);
  return parser.parseWholeExpression();
}

} // namespace gluonc
