//===- AST.h - Syntax tree of Gluon (Python) source -------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The syntax tree that the parser builds, modelled on Python's `ast` module.
// Every node has a kind, the location of its first character and its length
// in bytes. Children are owned through std::unique_ptr; optional children are
// null when absent.
//
// Use isa<T>, dyn_cast<T> and cast<T> to inspect nodes:
//
//   if (const auto *call = dyn_cast<CallExpr>(expr)) ...
//
// The parser bounds the depth of the tree (see kMaxNestingDepth in Parser.h),
// so recursive walks over it do not overflow the stack.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_AST_H
#define GLUONC_FRONTEND_AST_H

#include "gluonc/Frontend/Source.h"
#include "gluonc/Frontend/Token.h"

#include <cassert>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace gluonc {

enum class NodeKind : uint8_t {
  // Expressions.
  Name,
  IntLiteral,
  FloatLiteral,
  StringLiteral,
  FString,
  BoolLiteral,
  NoneLiteral,
  EllipsisLiteral,
  Tuple,
  List,
  Set,
  Dict,
  Attribute,
  Subscript,
  Slice,
  Call,
  BinOp,
  UnaryOp,
  BoolOp,
  Compare,
  IfExp,
  Lambda,
  ListComp,
  SetComp,
  DictComp,
  GeneratorExp,
  Starred,
  NamedExpr,
  // Statements.
  FunctionDef,
  ClassDef,
  Return,
  Assign,
  AnnAssign,
  AugAssign,
  If,
  For,
  While,
  Break,
  Continue,
  Pass,
  ExprStmt,
  Import,
  ImportFrom,
  Assert,
  With,
  Raise,
  Global,
  Nonlocal,
  Delete,
  Try,

  FirstExpr = Name,
  LastExpr = NamedExpr,
  FirstStmt = FunctionDef,
  LastStmt = Try,
};

class Node {
public:
  virtual ~Node() = default;
  Node(const Node &) = delete;
  Node &operator=(const Node &) = delete;

  NodeKind getKind() const { return kind; }
  SourceRange getRange() const { return SourceRange{loc, length}; }

  /// The first character of the node (for a call or a binary operation, the
  /// first character of its leftmost operand, as in Python).
  SourceLoc loc;
  /// Bytes from `loc` to the end of the node's last token.
  uint32_t length = 0;

protected:
  Node(NodeKind kind, SourceLoc loc) : loc(loc), kind(kind) {}

private:
  NodeKind kind;
};

class Expr : public Node {
public:
  static bool classof(const Node *node) {
    return node->getKind() >= NodeKind::FirstExpr &&
           node->getKind() <= NodeKind::LastExpr;
  }

protected:
  using Node::Node;
};

class Stmt : public Node {
public:
  static bool classof(const Node *node) {
    return node->getKind() >= NodeKind::FirstStmt &&
           node->getKind() <= NodeKind::LastStmt;
  }

protected:
  using Node::Node;
};

using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using ExprList = std::vector<ExprPtr>;
using StmtList = std::vector<StmtPtr>;

/// Base of every concrete node: supplies its kind and classof().
template <NodeKind K, typename Base> class NodeImpl : public Base {
public:
  static constexpr NodeKind Kind = K;
  static bool classof(const Node *node) { return node->getKind() == K; }

protected:
  explicit NodeImpl(SourceLoc loc) : Base(K, loc) {}
};

//===----------------------------------------------------------------------===//
// Casting
//===----------------------------------------------------------------------===//

template <typename To, typename From> bool isa(const From *node) {
  assert(node && "isa<> on a null node");
  return To::classof(node);
}

template <typename To, typename From,
          typename = std::enable_if_t<!std::is_pointer<From>::value>>
bool isa(const From &node) {
  return To::classof(&node);
}

template <typename To, typename From>
using CastResult =
    std::conditional_t<std::is_const<From>::value, const To *, To *>;

/// The node as a `To`, or nullptr when it is not one (or is null).
template <typename To, typename From>
CastResult<To, From> dyn_cast(From *node) {
  if (!node || !To::classof(node))
    return nullptr;
  return static_cast<CastResult<To, From>>(node);
}

/// The node as a `To`; it must be one.
template <typename To, typename From> CastResult<To, From> cast(From *node) {
  assert(node && To::classof(node) && "cast<> to the wrong node kind");
  return static_cast<CastResult<To, From>>(node);
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

enum class BinaryOp : uint8_t {
  Add,
  Sub,
  Mul,
  Div,
  FloorDiv,
  Mod,
  Pow,
  LShift,
  RShift,
  BitAnd,
  BitOr,
  BitXor,
  MatMul,
};

enum class UnaryOp : uint8_t { Neg, Pos, Invert, Not };

enum class BoolOp : uint8_t { And, Or };

enum class CompareOp : uint8_t {
  Eq,
  NotEq,
  Lt,
  LtE,
  Gt,
  GtE,
  Is,
  IsNot,
  In,
  NotIn,
};

/// The operators as written in Python: "+", "not", "is not", ...
const char *getSpelling(BinaryOp op);
const char *getSpelling(UnaryOp op);
const char *getSpelling(BoolOp op);
const char *getSpelling(CompareOp op);

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

class NameExpr : public NodeImpl<NodeKind::Name, Expr> {
public:
  NameExpr(SourceLoc loc, std::string id) : NodeImpl(loc), id(std::move(id)) {}
  std::string id;
};

class IntLiteralExpr : public NodeImpl<NodeKind::IntLiteral, Expr> {
public:
  IntLiteralExpr(SourceLoc loc, IntLiteralValue value)
      : NodeImpl(loc), value(std::move(value)) {}
  IntLiteralValue value;
};

class FloatLiteralExpr : public NodeImpl<NodeKind::FloatLiteral, Expr> {
public:
  FloatLiteralExpr(SourceLoc loc, double value) : NodeImpl(loc), value(value) {}
  double value;
};

/// A string or bytes literal; adjacent literals are already concatenated.
class StringLiteralExpr : public NodeImpl<NodeKind::StringLiteral, Expr> {
public:
  StringLiteralExpr(SourceLoc loc, std::string value, bool isBytes)
      : NodeImpl(loc), value(std::move(value)), isBytes(isBytes) {}
  /// UTF-8 text, or the raw bytes of a bytes literal.
  std::string value;
  bool isBytes;
};

class FStringExpr;

/// A piece of an f-string: literal text, or a replacement field
/// `{value!conversion:formatSpec}`.
struct FStringPart {
  SourceLoc loc;
  /// The text of a literal part.
  std::string literal;
  /// The expression of a replacement field; null for literal text.
  ExprPtr value;
  /// 0 (none), 's', 'r' or 'a'.
  char conversion = 0;
  /// The format spec after ':', itself an f-string; null when absent.
  std::unique_ptr<FStringExpr> formatSpec;

  bool isLiteral() const { return value == nullptr; }
};

/// An f-string (Python's JoinedStr), including any plain strings concatenated
/// with it. Adjacent literal parts are merged.
class FStringExpr : public NodeImpl<NodeKind::FString, Expr> {
public:
  explicit FStringExpr(SourceLoc loc, std::vector<FStringPart> parts = {})
      : NodeImpl(loc), parts(std::move(parts)) {}
  std::vector<FStringPart> parts;
};

class BoolLiteralExpr : public NodeImpl<NodeKind::BoolLiteral, Expr> {
public:
  BoolLiteralExpr(SourceLoc loc, bool value) : NodeImpl(loc), value(value) {}
  bool value;
};

class NoneLiteralExpr : public NodeImpl<NodeKind::NoneLiteral, Expr> {
public:
  explicit NoneLiteralExpr(SourceLoc loc) : NodeImpl(loc) {}
};

/// `...`
class EllipsisExpr : public NodeImpl<NodeKind::EllipsisLiteral, Expr> {
public:
  explicit EllipsisExpr(SourceLoc loc) : NodeImpl(loc) {}
};

class TupleExpr : public NodeImpl<NodeKind::Tuple, Expr> {
public:
  TupleExpr(SourceLoc loc, ExprList elts)
      : NodeImpl(loc), elts(std::move(elts)) {}
  ExprList elts;
};

class ListExpr : public NodeImpl<NodeKind::List, Expr> {
public:
  ListExpr(SourceLoc loc, ExprList elts)
      : NodeImpl(loc), elts(std::move(elts)) {}
  ExprList elts;
};

class SetExpr : public NodeImpl<NodeKind::Set, Expr> {
public:
  SetExpr(SourceLoc loc, ExprList elts)
      : NodeImpl(loc), elts(std::move(elts)) {}
  ExprList elts;
};

/// `{k: v, **d}`: a null key marks the `**d` entry whose value is `d`.
class DictExpr : public NodeImpl<NodeKind::Dict, Expr> {
public:
  DictExpr(SourceLoc loc, ExprList keys, ExprList values)
      : NodeImpl(loc), keys(std::move(keys)), values(std::move(values)) {}
  ExprList keys;
  ExprList values;
};

/// `value.attr`
class AttributeExpr : public NodeImpl<NodeKind::Attribute, Expr> {
public:
  AttributeExpr(SourceLoc loc, ExprPtr value, std::string attr,
                SourceLoc attrLoc)
      : NodeImpl(loc), value(std::move(value)), attr(std::move(attr)),
        attrLoc(attrLoc) {}
  ExprPtr value;
  std::string attr;
  SourceLoc attrLoc;
};

/// `value[index]`; several indices (`x[:, None]`) form a TupleExpr, slices
/// are SliceExprs.
class SubscriptExpr : public NodeImpl<NodeKind::Subscript, Expr> {
public:
  SubscriptExpr(SourceLoc loc, ExprPtr value, ExprPtr index)
      : NodeImpl(loc), value(std::move(value)), index(std::move(index)) {}
  ExprPtr value;
  ExprPtr index;
};

/// `lower:upper:step` inside a subscript; each part may be null.
class SliceExpr : public NodeImpl<NodeKind::Slice, Expr> {
public:
  SliceExpr(SourceLoc loc, ExprPtr lower, ExprPtr upper, ExprPtr step)
      : NodeImpl(loc), lower(std::move(lower)), upper(std::move(upper)),
        step(std::move(step)) {}
  ExprPtr lower;
  ExprPtr upper;
  ExprPtr step;
};

/// `name=value` in a call or class header; an empty name is `**value`.
struct Keyword {
  SourceLoc loc;
  std::string name;
  ExprPtr value;
};

/// `func(args..., keywords...)`; `*x` arguments are StarredExprs in args.
class CallExpr : public NodeImpl<NodeKind::Call, Expr> {
public:
  CallExpr(SourceLoc loc, ExprPtr func, ExprList args,
           std::vector<Keyword> keywords)
      : NodeImpl(loc), func(std::move(func)), args(std::move(args)),
        keywords(std::move(keywords)) {}
  ExprPtr func;
  ExprList args;
  std::vector<Keyword> keywords;
};

class BinOpExpr : public NodeImpl<NodeKind::BinOp, Expr> {
public:
  BinOpExpr(SourceLoc loc, BinaryOp op, SourceLoc opLoc, ExprPtr lhs,
            ExprPtr rhs)
      : NodeImpl(loc), op(op), opLoc(opLoc), lhs(std::move(lhs)),
        rhs(std::move(rhs)) {}
  BinaryOp op;
  SourceLoc opLoc;
  ExprPtr lhs;
  ExprPtr rhs;
};

class UnaryOpExpr : public NodeImpl<NodeKind::UnaryOp, Expr> {
public:
  UnaryOpExpr(SourceLoc loc, UnaryOp op, ExprPtr operand)
      : NodeImpl(loc), op(op), operand(std::move(operand)) {}
  UnaryOp op;
  ExprPtr operand;
};

/// `a and b and c` is one BoolOpExpr with three values.
class BoolOpExpr : public NodeImpl<NodeKind::BoolOp, Expr> {
public:
  BoolOpExpr(SourceLoc loc, BoolOp op, ExprList values)
      : NodeImpl(loc), op(op), values(std::move(values)) {}
  BoolOp op;
  ExprList values;
};

/// `left op0 comparators[0] op1 comparators[1] ...` (a chained comparison).
class CompareExpr : public NodeImpl<NodeKind::Compare, Expr> {
public:
  CompareExpr(SourceLoc loc, ExprPtr left, std::vector<CompareOp> ops,
              std::vector<SourceLoc> opLocs, ExprList comparators)
      : NodeImpl(loc), left(std::move(left)), ops(std::move(ops)),
        opLocs(std::move(opLocs)), comparators(std::move(comparators)) {}
  ExprPtr left;
  std::vector<CompareOp> ops;
  std::vector<SourceLoc> opLocs;
  ExprList comparators;
};

/// `body if test else orelse`
class IfExpr : public NodeImpl<NodeKind::IfExp, Expr> {
public:
  IfExpr(SourceLoc loc, ExprPtr test, ExprPtr body, ExprPtr orelse)
      : NodeImpl(loc), test(std::move(test)), body(std::move(body)),
        orelse(std::move(orelse)) {}
  ExprPtr test;
  ExprPtr body;
  ExprPtr orelse;
};

/// A parameter of a function or lambda.
struct Param {
  SourceLoc loc;
  std::string name;
  /// Null when absent (always for lambdas).
  ExprPtr annotation;
  ExprPtr defaultValue;
};

/// `def f(posOnly, /, params, *varArg, kwOnly, **kwArg)`
struct Parameters {
  std::vector<Param> posOnlyParams;
  std::vector<Param> params;
  std::optional<Param> varArg;
  std::vector<Param> kwOnlyParams;
  std::optional<Param> kwArg;
};

class LambdaExpr : public NodeImpl<NodeKind::Lambda, Expr> {
public:
  LambdaExpr(SourceLoc loc, Parameters params, ExprPtr body)
      : NodeImpl(loc), params(std::move(params)), body(std::move(body)) {}
  Parameters params;
  ExprPtr body;
};

/// `for target in iter if ifs[0] if ifs[1]` in a comprehension.
struct Comprehension {
  SourceLoc loc;
  ExprPtr target;
  ExprPtr iter;
  ExprList ifs;
};

class ListCompExpr : public NodeImpl<NodeKind::ListComp, Expr> {
public:
  ListCompExpr(SourceLoc loc, ExprPtr elt,
               std::vector<Comprehension> generators)
      : NodeImpl(loc), elt(std::move(elt)), generators(std::move(generators)) {}
  ExprPtr elt;
  std::vector<Comprehension> generators;
};

class SetCompExpr : public NodeImpl<NodeKind::SetComp, Expr> {
public:
  SetCompExpr(SourceLoc loc, ExprPtr elt, std::vector<Comprehension> generators)
      : NodeImpl(loc), elt(std::move(elt)), generators(std::move(generators)) {}
  ExprPtr elt;
  std::vector<Comprehension> generators;
};

class DictCompExpr : public NodeImpl<NodeKind::DictComp, Expr> {
public:
  DictCompExpr(SourceLoc loc, ExprPtr key, ExprPtr value,
               std::vector<Comprehension> generators)
      : NodeImpl(loc), key(std::move(key)), value(std::move(value)),
        generators(std::move(generators)) {}
  ExprPtr key;
  ExprPtr value;
  std::vector<Comprehension> generators;
};

class GeneratorExpr : public NodeImpl<NodeKind::GeneratorExp, Expr> {
public:
  GeneratorExpr(SourceLoc loc, ExprPtr elt,
                std::vector<Comprehension> generators)
      : NodeImpl(loc), elt(std::move(elt)), generators(std::move(generators)) {}
  ExprPtr elt;
  std::vector<Comprehension> generators;
};

/// `*value` in a call, display or assignment target.
class StarredExpr : public NodeImpl<NodeKind::Starred, Expr> {
public:
  StarredExpr(SourceLoc loc, ExprPtr value)
      : NodeImpl(loc), value(std::move(value)) {}
  ExprPtr value;
};

/// `target := value`
class NamedExpr : public NodeImpl<NodeKind::NamedExpr, Expr> {
public:
  NamedExpr(SourceLoc loc, std::unique_ptr<NameExpr> target, ExprPtr value)
      : NodeImpl(loc), target(std::move(target)), value(std::move(value)) {}
  std::unique_ptr<NameExpr> target;
  ExprPtr value;
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

/// A function definition. `loc` is the `def` keyword; a docstring stays the
/// first statement of the body (an ExprStmt holding a StringLiteralExpr).
class FunctionDefStmt : public NodeImpl<NodeKind::FunctionDef, Stmt> {
public:
  FunctionDefStmt(SourceLoc loc, std::string name, SourceLoc nameLoc,
                  ExprList decorators, Parameters params, ExprPtr returns,
                  StmtList body)
      : NodeImpl(loc), name(std::move(name)), nameLoc(nameLoc),
        decorators(std::move(decorators)), params(std::move(params)),
        returns(std::move(returns)), body(std::move(body)) {}
  std::string name;
  SourceLoc nameLoc;
  ExprList decorators;
  Parameters params;
  /// The return annotation; null when absent.
  ExprPtr returns;
  StmtList body;
};

class ClassDefStmt : public NodeImpl<NodeKind::ClassDef, Stmt> {
public:
  ClassDefStmt(SourceLoc loc, std::string name, SourceLoc nameLoc,
               ExprList decorators, ExprList bases,
               std::vector<Keyword> keywords, StmtList body)
      : NodeImpl(loc), name(std::move(name)), nameLoc(nameLoc),
        decorators(std::move(decorators)), bases(std::move(bases)),
        keywords(std::move(keywords)), body(std::move(body)) {}
  std::string name;
  SourceLoc nameLoc;
  ExprList decorators;
  ExprList bases;
  std::vector<Keyword> keywords;
  StmtList body;
};

class ReturnStmt : public NodeImpl<NodeKind::Return, Stmt> {
public:
  ReturnStmt(SourceLoc loc, ExprPtr value)
      : NodeImpl(loc), value(std::move(value)) {}
  /// Null for a bare `return`.
  ExprPtr value;
};

/// `t0 = t1 = value`; tuple targets unpack.
class AssignStmt : public NodeImpl<NodeKind::Assign, Stmt> {
public:
  AssignStmt(SourceLoc loc, ExprList targets, ExprPtr value)
      : NodeImpl(loc), targets(std::move(targets)), value(std::move(value)) {}
  ExprList targets;
  ExprPtr value;
};

/// `target: annotation = value` (the value may be null).
class AnnAssignStmt : public NodeImpl<NodeKind::AnnAssign, Stmt> {
public:
  AnnAssignStmt(SourceLoc loc, ExprPtr target, ExprPtr annotation,
                ExprPtr value)
      : NodeImpl(loc), target(std::move(target)),
        annotation(std::move(annotation)), value(std::move(value)) {}
  ExprPtr target;
  ExprPtr annotation;
  ExprPtr value;
};

/// `target op= value`
class AugAssignStmt : public NodeImpl<NodeKind::AugAssign, Stmt> {
public:
  AugAssignStmt(SourceLoc loc, ExprPtr target, BinaryOp op, SourceLoc opLoc,
                ExprPtr value)
      : NodeImpl(loc), target(std::move(target)), op(op), opLoc(opLoc),
        value(std::move(value)) {}
  ExprPtr target;
  BinaryOp op;
  SourceLoc opLoc;
  ExprPtr value;
};

/// An `if`; an `elif` is an IfStmt alone in `orelse`.
class IfStmt : public NodeImpl<NodeKind::If, Stmt> {
public:
  IfStmt(SourceLoc loc, ExprPtr test, StmtList body, StmtList orelse)
      : NodeImpl(loc), test(std::move(test)), body(std::move(body)),
        orelse(std::move(orelse)) {}
  ExprPtr test;
  StmtList body;
  StmtList orelse;
};

class ForStmt : public NodeImpl<NodeKind::For, Stmt> {
public:
  ForStmt(SourceLoc loc, ExprPtr target, ExprPtr iter, StmtList body,
          StmtList orelse)
      : NodeImpl(loc), target(std::move(target)), iter(std::move(iter)),
        body(std::move(body)), orelse(std::move(orelse)) {}
  ExprPtr target;
  ExprPtr iter;
  StmtList body;
  StmtList orelse;
};

class WhileStmt : public NodeImpl<NodeKind::While, Stmt> {
public:
  WhileStmt(SourceLoc loc, ExprPtr test, StmtList body, StmtList orelse)
      : NodeImpl(loc), test(std::move(test)), body(std::move(body)),
        orelse(std::move(orelse)) {}
  ExprPtr test;
  StmtList body;
  StmtList orelse;
};

class BreakStmt : public NodeImpl<NodeKind::Break, Stmt> {
public:
  explicit BreakStmt(SourceLoc loc) : NodeImpl(loc) {}
};

class ContinueStmt : public NodeImpl<NodeKind::Continue, Stmt> {
public:
  explicit ContinueStmt(SourceLoc loc) : NodeImpl(loc) {}
};

class PassStmt : public NodeImpl<NodeKind::Pass, Stmt> {
public:
  explicit PassStmt(SourceLoc loc) : NodeImpl(loc) {}
};

/// An expression used as a statement (a call, a docstring).
class ExprStmt : public NodeImpl<NodeKind::ExprStmt, Stmt> {
public:
  ExprStmt(SourceLoc loc, ExprPtr value)
      : NodeImpl(loc), value(std::move(value)) {}
  ExprPtr value;
};

/// `name as asName` in an import; `name` is dotted ("a.b") or "*".
struct Alias {
  SourceLoc loc;
  std::string name;
  /// Empty when there is no `as`.
  std::string asName;
};

class ImportStmt : public NodeImpl<NodeKind::Import, Stmt> {
public:
  ImportStmt(SourceLoc loc, std::vector<Alias> names)
      : NodeImpl(loc), names(std::move(names)) {}
  std::vector<Alias> names;
};

/// `from ..module import names`; `level` counts the leading dots.
class ImportFromStmt : public NodeImpl<NodeKind::ImportFrom, Stmt> {
public:
  ImportFromStmt(SourceLoc loc, std::string module, std::vector<Alias> names,
                 unsigned level)
      : NodeImpl(loc), module(std::move(module)), names(std::move(names)),
        level(level) {}
  /// Empty for `from . import x`.
  std::string module;
  std::vector<Alias> names;
  unsigned level;
};

class AssertStmt : public NodeImpl<NodeKind::Assert, Stmt> {
public:
  AssertStmt(SourceLoc loc, ExprPtr test, ExprPtr msg)
      : NodeImpl(loc), test(std::move(test)), msg(std::move(msg)) {}
  ExprPtr test;
  /// Null when absent.
  ExprPtr msg;
};

struct WithItem {
  ExprPtr contextExpr;
  /// The `as` target; null when absent.
  ExprPtr optionalVars;
};

class WithStmt : public NodeImpl<NodeKind::With, Stmt> {
public:
  WithStmt(SourceLoc loc, std::vector<WithItem> items, StmtList body)
      : NodeImpl(loc), items(std::move(items)), body(std::move(body)) {}
  std::vector<WithItem> items;
  StmtList body;
};

class RaiseStmt : public NodeImpl<NodeKind::Raise, Stmt> {
public:
  RaiseStmt(SourceLoc loc, ExprPtr exc, ExprPtr cause)
      : NodeImpl(loc), exc(std::move(exc)), cause(std::move(cause)) {}
  /// Both null for a bare `raise`.
  ExprPtr exc;
  ExprPtr cause;
};

class GlobalStmt : public NodeImpl<NodeKind::Global, Stmt> {
public:
  GlobalStmt(SourceLoc loc, std::vector<std::string> names)
      : NodeImpl(loc), names(std::move(names)) {}
  std::vector<std::string> names;
};

class NonlocalStmt : public NodeImpl<NodeKind::Nonlocal, Stmt> {
public:
  NonlocalStmt(SourceLoc loc, std::vector<std::string> names)
      : NodeImpl(loc), names(std::move(names)) {}
  std::vector<std::string> names;
};

/// `del targets[0], targets[1]`
class DeleteStmt : public NodeImpl<NodeKind::Delete, Stmt> {
public:
  DeleteStmt(SourceLoc loc, ExprList targets)
      : NodeImpl(loc), targets(std::move(targets)) {}
  ExprList targets;
};

/// `except type as name: body`; a bare `except:` has a null type.
struct ExceptHandler {
  SourceLoc loc;
  ExprPtr type;
  /// Empty when there is no `as`.
  std::string name;
  StmtList body;
};

class TryStmt : public NodeImpl<NodeKind::Try, Stmt> {
public:
  TryStmt(SourceLoc loc, StmtList body, std::vector<ExceptHandler> handlers,
          StmtList orelse, StmtList finalBody)
      : NodeImpl(loc), body(std::move(body)), handlers(std::move(handlers)),
        orelse(std::move(orelse)), finalBody(std::move(finalBody)) {}
  StmtList body;
  std::vector<ExceptHandler> handlers;
  StmtList orelse;
  StmtList finalBody;
};

/// A parsed source file.
struct Module {
  uint32_t fileId = 0;
  StmtList body;
};

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

/// Writes a compact, deterministic S-expression dump. Expressions print on one
/// line, e.g. `(BinOp@1:1 + (Name@1:1 a) (Int@1:5 2))`; statements print one
/// per line, nested bodies indented by two spaces. `withLocations` adds the
/// `@line:col` of each node. Module and statement dumps end with a newline,
/// expression dumps do not.
void dumpAST(const Module &module, std::ostream &os, bool withLocations = true);
void dumpAST(const Stmt &stmt, std::ostream &os, bool withLocations = true);
void dumpAST(const Expr &expr, std::ostream &os, bool withLocations = true);

} // namespace gluonc

#endif // GLUONC_FRONTEND_AST_H
