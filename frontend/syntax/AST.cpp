//===- AST.cpp - Syntax tree of Gluon (Python) source ---------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Frontend/AST.h"

#include <charconv>
#include <cstdio>
#include <ostream>

namespace gluonc {

const char *getSpelling(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add:
    return "+";
  case BinaryOp::Sub:
    return "-";
  case BinaryOp::Mul:
    return "*";
  case BinaryOp::Div:
    return "/";
  case BinaryOp::FloorDiv:
    return "//";
  case BinaryOp::Mod:
    return "%";
  case BinaryOp::Pow:
    return "**";
  case BinaryOp::LShift:
    return "<<";
  case BinaryOp::RShift:
    return ">>";
  case BinaryOp::BitAnd:
    return "&";
  case BinaryOp::BitOr:
    return "|";
  case BinaryOp::BitXor:
    return "^";
  case BinaryOp::MatMul:
    return "@";
  }
  return "?";
}

const char *getSpelling(UnaryOp op) {
  switch (op) {
  case UnaryOp::Neg:
    return "-";
  case UnaryOp::Pos:
    return "+";
  case UnaryOp::Invert:
    return "~";
  case UnaryOp::Not:
    return "not";
  }
  return "?";
}

const char *getSpelling(BoolOp op) { return op == BoolOp::And ? "and" : "or"; }

const char *getSpelling(CompareOp op) {
  switch (op) {
  case CompareOp::Eq:
    return "==";
  case CompareOp::NotEq:
    return "!=";
  case CompareOp::Lt:
    return "<";
  case CompareOp::LtE:
    return "<=";
  case CompareOp::Gt:
    return ">";
  case CompareOp::GtE:
    return ">=";
  case CompareOp::Is:
    return "is";
  case CompareOp::IsNot:
    return "is not";
  case CompareOp::In:
    return "in";
  case CompareOp::NotIn:
    return "not in";
  }
  return "?";
}

namespace {

/// Prints nodes as S-expressions: expressions inline, statements one per line.
class ASTDumper {
public:
  ASTDumper(std::ostream &os, bool withLocations)
      : os(os), withLocations(withLocations) {}

  void dumpModule(const Module &module);
  void dumpStmt(const Stmt &stmt);
  void dumpExpr(const Expr &expr);

private:
  // Expressions.
  void open(const char *name, SourceLoc loc);
  void dumpOptional(const Expr *expr);
  void dumpList(const ExprList &exprs);
  void dumpString(const std::string &value, bool isBytes);
  void dumpFStringParts(const std::vector<FStringPart> &parts);
  void dumpInt(const IntLiteralValue &value);
  void dumpFloat(double value);
  void dumpKeywords(const std::vector<Keyword> &keywords);
  void dumpComprehensions(const std::vector<Comprehension> &generators);
  void dumpParam(const char *kind, const Param &param);
  void dumpParameters(const Parameters &params);
  void dumpAlias(const Alias &alias);

  // Statements.
  void newline();
  void dumpBlock(const char *label, const StmtList &body);
  void dumpStmtFields(const Stmt &stmt);

  std::ostream &os;
  bool withLocations;
  size_t indent = 0;
};

void ASTDumper::open(const char *name, SourceLoc loc) {
  os << '(' << name;
  if (withLocations)
    os << '@' << loc.line << ':' << loc.col;
}

void ASTDumper::dumpOptional(const Expr *expr) {
  if (expr)
    dumpExpr(*expr);
  else
    os << '_';
}

void ASTDumper::dumpList(const ExprList &exprs) {
  for (const ExprPtr &expr : exprs) {
    os << ' ';
    dumpExpr(*expr);
  }
}

void ASTDumper::dumpString(const std::string &value, bool isBytes) {
  os << '"';
  for (char c : value) {
    auto byte = static_cast<unsigned char>(c);
    switch (c) {
    case '"':
      os << "\\\"";
      break;
    case '\\':
      os << "\\\\";
      break;
    case '\n':
      os << "\\n";
      break;
    case '\r':
      os << "\\r";
      break;
    case '\t':
      os << "\\t";
      break;
    default:
      // UTF-8 text prints as is; control characters and bytes as escapes.
      if (byte < 0x20 || byte == 0x7F || (isBytes && byte >= 0x80)) {
        char escape[8];
        std::snprintf(escape, sizeof(escape), "\\x%02x", byte);
        os << escape;
      } else {
        os << c;
      }
    }
  }
  os << '"';
}

void ASTDumper::dumpFStringParts(const std::vector<FStringPart> &parts) {
  for (const FStringPart &part : parts) {
    os << ' ';
    if (part.isLiteral()) {
      dumpString(part.literal, /*isBytes=*/false);
      continue;
    }
    open("Field", part.loc);
    os << ' ';
    dumpExpr(*part.value);
    if (part.conversion)
      os << " !" << part.conversion;
    if (part.formatSpec) {
      os << ' ';
      dumpExpr(*part.formatSpec);
    }
    os << ')';
  }
}

void ASTDumper::dumpInt(const IntLiteralValue &value) {
  if (!value.overflowsInt64) {
    os << value.value;
    return;
  }
  const char *prefix = value.base == 16  ? "0x"
                       : value.base == 8 ? "0o"
                       : value.base == 2 ? "0b"
                                         : "";
  os << prefix << value.digits;
}

void ASTDumper::dumpFloat(double value) {
  // The shortest text that reads back as the same double.
  char buffer[64];
  std::to_chars_result result =
      std::to_chars(buffer, buffer + sizeof(buffer), value);
  std::string text(buffer, result.ptr);
  if (text.find_first_of(".eni") == std::string::npos)
    text += ".0";
  os << text;
}

void ASTDumper::dumpKeywords(const std::vector<Keyword> &keywords) {
  for (const Keyword &keyword : keywords) {
    os << ' ';
    open("kw", keyword.loc);
    os << ' ' << (keyword.name.empty() ? "**" : keyword.name) << ' ';
    dumpExpr(*keyword.value);
    os << ')';
  }
}

void ASTDumper::dumpComprehensions(
    const std::vector<Comprehension> &generators) {
  for (const Comprehension &generator : generators) {
    os << ' ';
    open("for", generator.loc);
    os << ' ';
    dumpExpr(*generator.target);
    os << ' ';
    dumpExpr(*generator.iter);
    for (const ExprPtr &condition : generator.ifs) {
      os << " (if ";
      dumpExpr(*condition);
      os << ')';
    }
    os << ')';
  }
}

void ASTDumper::dumpParam(const char *kind, const Param &param) {
  os << ' ';
  open(kind, param.loc);
  os << ' ' << param.name;
  if (param.annotation) {
    os << " : ";
    dumpExpr(*param.annotation);
  }
  if (param.defaultValue) {
    os << " = ";
    dumpExpr(*param.defaultValue);
  }
  os << ')';
}

void ASTDumper::dumpParameters(const Parameters &params) {
  os << "(params";
  for (const Param &param : params.posOnlyParams)
    dumpParam("posonly", param);
  for (const Param &param : params.params)
    dumpParam("param", param);
  if (params.varArg)
    dumpParam("vararg", *params.varArg);
  for (const Param &param : params.kwOnlyParams)
    dumpParam("kwonly", param);
  if (params.kwArg)
    dumpParam("kwarg", *params.kwArg);
  os << ')';
}

void ASTDumper::dumpAlias(const Alias &alias) {
  os << " (alias " << alias.name;
  if (!alias.asName.empty())
    os << " as " << alias.asName;
  os << ')';
}

void ASTDumper::dumpExpr(const Expr &expr) {
  switch (expr.getKind()) {
  case NodeKind::Name:
    open("Name", expr.loc);
    os << ' ' << cast<NameExpr>(&expr)->id;
    break;
  case NodeKind::IntLiteral:
    open("Int", expr.loc);
    os << ' ';
    dumpInt(cast<IntLiteralExpr>(&expr)->value);
    break;
  case NodeKind::FloatLiteral:
    open("Float", expr.loc);
    os << ' ';
    dumpFloat(cast<FloatLiteralExpr>(&expr)->value);
    break;
  case NodeKind::StringLiteral: {
    const auto *string = cast<StringLiteralExpr>(&expr);
    open(string->isBytes ? "Bytes" : "Str", expr.loc);
    os << ' ';
    dumpString(string->value, string->isBytes);
    break;
  }
  case NodeKind::FString:
    open("FString", expr.loc);
    dumpFStringParts(cast<FStringExpr>(&expr)->parts);
    break;
  case NodeKind::BoolLiteral:
    open("Const", expr.loc);
    os << (cast<BoolLiteralExpr>(&expr)->value ? " True" : " False");
    break;
  case NodeKind::NoneLiteral:
    open("Const", expr.loc);
    os << " None";
    break;
  case NodeKind::EllipsisLiteral:
    open("Const", expr.loc);
    os << " ...";
    break;
  case NodeKind::Tuple:
    open("Tuple", expr.loc);
    dumpList(cast<TupleExpr>(&expr)->elts);
    break;
  case NodeKind::List:
    open("List", expr.loc);
    dumpList(cast<ListExpr>(&expr)->elts);
    break;
  case NodeKind::Set:
    open("Set", expr.loc);
    dumpList(cast<SetExpr>(&expr)->elts);
    break;
  case NodeKind::Dict: {
    const auto *dict = cast<DictExpr>(&expr);
    open("Dict", expr.loc);
    for (size_t i = 0; i < dict->keys.size(); ++i) {
      os << " (";
      if (dict->keys[i])
        dumpExpr(*dict->keys[i]);
      else
        os << "**";
      os << ' ';
      dumpExpr(*dict->values[i]);
      os << ')';
    }
    break;
  }
  case NodeKind::Attribute: {
    const auto *attribute = cast<AttributeExpr>(&expr);
    open("Attribute", expr.loc);
    os << ' ';
    dumpExpr(*attribute->value);
    os << ' ' << attribute->attr;
    break;
  }
  case NodeKind::Subscript: {
    const auto *subscript = cast<SubscriptExpr>(&expr);
    open("Subscript", expr.loc);
    os << ' ';
    dumpExpr(*subscript->value);
    os << ' ';
    dumpExpr(*subscript->index);
    break;
  }
  case NodeKind::Slice: {
    const auto *slice = cast<SliceExpr>(&expr);
    open("Slice", expr.loc);
    os << ' ';
    dumpOptional(slice->lower.get());
    os << ' ';
    dumpOptional(slice->upper.get());
    os << ' ';
    dumpOptional(slice->step.get());
    break;
  }
  case NodeKind::Call: {
    const auto *call = cast<CallExpr>(&expr);
    open("Call", expr.loc);
    os << ' ';
    dumpExpr(*call->func);
    dumpList(call->args);
    dumpKeywords(call->keywords);
    break;
  }
  case NodeKind::BinOp: {
    const auto *binOp = cast<BinOpExpr>(&expr);
    open("BinOp", expr.loc);
    os << ' ' << getSpelling(binOp->op) << ' ';
    dumpExpr(*binOp->lhs);
    os << ' ';
    dumpExpr(*binOp->rhs);
    break;
  }
  case NodeKind::UnaryOp: {
    const auto *unaryOp = cast<UnaryOpExpr>(&expr);
    open("UnaryOp", expr.loc);
    os << ' ' << getSpelling(unaryOp->op) << ' ';
    dumpExpr(*unaryOp->operand);
    break;
  }
  case NodeKind::BoolOp: {
    const auto *boolOp = cast<BoolOpExpr>(&expr);
    open("BoolOp", expr.loc);
    os << ' ' << getSpelling(boolOp->op);
    dumpList(boolOp->values);
    break;
  }
  case NodeKind::Compare: {
    const auto *compare = cast<CompareExpr>(&expr);
    open("Compare", expr.loc);
    os << ' ';
    dumpExpr(*compare->left);
    for (size_t i = 0; i < compare->ops.size(); ++i) {
      os << ' ' << getSpelling(compare->ops[i]) << ' ';
      dumpExpr(*compare->comparators[i]);
    }
    break;
  }
  case NodeKind::IfExp: {
    const auto *ifExp = cast<IfExpr>(&expr);
    open("IfExp", expr.loc);
    os << ' ';
    dumpExpr(*ifExp->test);
    os << ' ';
    dumpExpr(*ifExp->body);
    os << ' ';
    dumpExpr(*ifExp->orelse);
    break;
  }
  case NodeKind::Lambda: {
    const auto *lambda = cast<LambdaExpr>(&expr);
    open("Lambda", expr.loc);
    os << ' ';
    dumpParameters(lambda->params);
    os << ' ';
    dumpExpr(*lambda->body);
    break;
  }
  case NodeKind::ListComp: {
    const auto *comp = cast<ListCompExpr>(&expr);
    open("ListComp", expr.loc);
    os << ' ';
    dumpExpr(*comp->elt);
    dumpComprehensions(comp->generators);
    break;
  }
  case NodeKind::SetComp: {
    const auto *comp = cast<SetCompExpr>(&expr);
    open("SetComp", expr.loc);
    os << ' ';
    dumpExpr(*comp->elt);
    dumpComprehensions(comp->generators);
    break;
  }
  case NodeKind::DictComp: {
    const auto *comp = cast<DictCompExpr>(&expr);
    open("DictComp", expr.loc);
    os << ' ';
    dumpExpr(*comp->key);
    os << ' ';
    dumpExpr(*comp->value);
    dumpComprehensions(comp->generators);
    break;
  }
  case NodeKind::GeneratorExp: {
    const auto *comp = cast<GeneratorExpr>(&expr);
    open("GeneratorExp", expr.loc);
    os << ' ';
    dumpExpr(*comp->elt);
    dumpComprehensions(comp->generators);
    break;
  }
  case NodeKind::Starred:
    open("Starred", expr.loc);
    os << ' ';
    dumpExpr(*cast<StarredExpr>(&expr)->value);
    break;
  case NodeKind::NamedExpr: {
    const auto *named = cast<NamedExpr>(&expr);
    open("NamedExpr", expr.loc);
    os << ' ';
    dumpExpr(*named->target);
    os << ' ';
    dumpExpr(*named->value);
    break;
  }
  default:
    assert(false && "statement kind in an expression");
  }
  os << ')';
}

void ASTDumper::newline() { os << '\n' << std::string(2 * indent, ' '); }

void ASTDumper::dumpBlock(const char *label, const StmtList &body) {
  newline();
  os << '(' << label;
  ++indent;
  for (const StmtPtr &stmt : body) {
    newline();
    dumpStmt(*stmt);
  }
  --indent;
  os << ')';
}

void ASTDumper::dumpStmt(const Stmt &stmt) {
  ++indent;
  dumpStmtFields(stmt);
  --indent;
  os << ')';
}

void ASTDumper::dumpStmtFields(const Stmt &stmt) {
  switch (stmt.getKind()) {
  case NodeKind::FunctionDef: {
    const auto *def = cast<FunctionDefStmt>(&stmt);
    open("FunctionDef", stmt.loc);
    os << ' ' << def->name;
    if (!def->decorators.empty()) {
      newline();
      os << "(decorators";
      dumpList(def->decorators);
      os << ')';
    }
    newline();
    dumpParameters(def->params);
    if (def->returns) {
      newline();
      os << "(returns ";
      dumpExpr(*def->returns);
      os << ')';
    }
    dumpBlock("body", def->body);
    return;
  }
  case NodeKind::ClassDef: {
    const auto *def = cast<ClassDefStmt>(&stmt);
    open("ClassDef", stmt.loc);
    os << ' ' << def->name;
    if (!def->decorators.empty()) {
      newline();
      os << "(decorators";
      dumpList(def->decorators);
      os << ')';
    }
    if (!def->bases.empty() || !def->keywords.empty()) {
      newline();
      os << "(bases";
      dumpList(def->bases);
      dumpKeywords(def->keywords);
      os << ')';
    }
    dumpBlock("body", def->body);
    return;
  }
  case NodeKind::Return: {
    open("Return", stmt.loc);
    if (const Expr *value = cast<ReturnStmt>(&stmt)->value.get()) {
      os << ' ';
      dumpExpr(*value);
    }
    return;
  }
  case NodeKind::Assign: {
    const auto *assign = cast<AssignStmt>(&stmt);
    open("Assign", stmt.loc);
    dumpList(assign->targets);
    os << " = ";
    dumpExpr(*assign->value);
    return;
  }
  case NodeKind::AnnAssign: {
    const auto *assign = cast<AnnAssignStmt>(&stmt);
    open("AnnAssign", stmt.loc);
    os << ' ';
    dumpExpr(*assign->target);
    os << " : ";
    dumpExpr(*assign->annotation);
    if (assign->value) {
      os << " = ";
      dumpExpr(*assign->value);
    }
    return;
  }
  case NodeKind::AugAssign: {
    const auto *assign = cast<AugAssignStmt>(&stmt);
    open("AugAssign", stmt.loc);
    os << ' ';
    dumpExpr(*assign->target);
    os << ' ' << getSpelling(assign->op) << "= ";
    dumpExpr(*assign->value);
    return;
  }
  case NodeKind::If: {
    const auto *ifStmt = cast<IfStmt>(&stmt);
    open("If", stmt.loc);
    os << ' ';
    dumpExpr(*ifStmt->test);
    dumpBlock("body", ifStmt->body);
    if (!ifStmt->orelse.empty())
      dumpBlock("orelse", ifStmt->orelse);
    return;
  }
  case NodeKind::For: {
    const auto *forStmt = cast<ForStmt>(&stmt);
    open("For", stmt.loc);
    os << ' ';
    dumpExpr(*forStmt->target);
    os << ' ';
    dumpExpr(*forStmt->iter);
    dumpBlock("body", forStmt->body);
    if (!forStmt->orelse.empty())
      dumpBlock("orelse", forStmt->orelse);
    return;
  }
  case NodeKind::While: {
    const auto *whileStmt = cast<WhileStmt>(&stmt);
    open("While", stmt.loc);
    os << ' ';
    dumpExpr(*whileStmt->test);
    dumpBlock("body", whileStmt->body);
    if (!whileStmt->orelse.empty())
      dumpBlock("orelse", whileStmt->orelse);
    return;
  }
  case NodeKind::Break:
    open("Break", stmt.loc);
    return;
  case NodeKind::Continue:
    open("Continue", stmt.loc);
    return;
  case NodeKind::Pass:
    open("Pass", stmt.loc);
    return;
  case NodeKind::ExprStmt:
    open("Expr", stmt.loc);
    os << ' ';
    dumpExpr(*cast<ExprStmt>(&stmt)->value);
    return;
  case NodeKind::Import:
    open("Import", stmt.loc);
    for (const Alias &alias : cast<ImportStmt>(&stmt)->names)
      dumpAlias(alias);
    return;
  case NodeKind::ImportFrom: {
    const auto *import = cast<ImportFromStmt>(&stmt);
    open("ImportFrom", stmt.loc);
    os << ' ' << std::string(import->level, '.') << import->module;
    for (const Alias &alias : import->names)
      dumpAlias(alias);
    return;
  }
  case NodeKind::Assert: {
    const auto *assertStmt = cast<AssertStmt>(&stmt);
    open("Assert", stmt.loc);
    os << ' ';
    dumpExpr(*assertStmt->test);
    if (assertStmt->msg) {
      os << ' ';
      dumpExpr(*assertStmt->msg);
    }
    return;
  }
  case NodeKind::With: {
    const auto *with = cast<WithStmt>(&stmt);
    open("With", stmt.loc);
    for (const WithItem &item : with->items) {
      os << " (item ";
      dumpExpr(*item.contextExpr);
      if (item.optionalVars) {
        os << " as ";
        dumpExpr(*item.optionalVars);
      }
      os << ')';
    }
    dumpBlock("body", with->body);
    return;
  }
  case NodeKind::Raise: {
    const auto *raise = cast<RaiseStmt>(&stmt);
    open("Raise", stmt.loc);
    if (raise->exc) {
      os << ' ';
      dumpExpr(*raise->exc);
    }
    if (raise->cause) {
      os << " from ";
      dumpExpr(*raise->cause);
    }
    return;
  }
  case NodeKind::Global:
    open("Global", stmt.loc);
    for (const std::string &name : cast<GlobalStmt>(&stmt)->names)
      os << ' ' << name;
    return;
  case NodeKind::Nonlocal:
    open("Nonlocal", stmt.loc);
    for (const std::string &name : cast<NonlocalStmt>(&stmt)->names)
      os << ' ' << name;
    return;
  case NodeKind::Delete:
    open("Delete", stmt.loc);
    dumpList(cast<DeleteStmt>(&stmt)->targets);
    return;
  case NodeKind::Try: {
    const auto *tryStmt = cast<TryStmt>(&stmt);
    open("Try", stmt.loc);
    dumpBlock("body", tryStmt->body);
    for (const ExceptHandler &handler : tryStmt->handlers) {
      newline();
      open("except", handler.loc);
      if (handler.type) {
        os << ' ';
        dumpExpr(*handler.type);
      }
      if (!handler.name.empty())
        os << " as " << handler.name;
      ++indent;
      dumpBlock("body", handler.body);
      --indent;
      os << ')';
    }
    if (!tryStmt->orelse.empty())
      dumpBlock("orelse", tryStmt->orelse);
    if (!tryStmt->finalBody.empty())
      dumpBlock("finally", tryStmt->finalBody);
    return;
  }
  default:
    assert(false && "expression kind in a statement");
  }
}

void ASTDumper::dumpModule(const Module &module) {
  os << "(Module";
  ++indent;
  for (const StmtPtr &stmt : module.body) {
    newline();
    dumpStmt(*stmt);
  }
  --indent;
  os << ")\n";
}

} // namespace

void dumpAST(const Module &module, std::ostream &os, bool withLocations) {
  ASTDumper(os, withLocations).dumpModule(module);
}

void dumpAST(const Stmt &stmt, std::ostream &os, bool withLocations) {
  ASTDumper(os, withLocations).dumpStmt(stmt);
  os << '\n';
}

void dumpAST(const Expr &expr, std::ostream &os, bool withLocations) {
  ASTDumper(os, withLocations).dumpExpr(expr);
}

} // namespace gluonc
