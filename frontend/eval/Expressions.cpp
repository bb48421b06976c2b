//===- Expressions.cpp - Expressions and operator dispatch ----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Evaluates an expression to a Value. Operators fold compile-time operands
// (Arithmetic.cpp) and hand any run-time operand to the run-time hooks;
// attribute lookup goes through the builtin table (namespace members,
// methods and properties of the operand's class).
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include <cmath>

using namespace gluonc;
using namespace gluonc::frontend;

//===----------------------------------------------------------------------===//
// Compile-time helpers
//===----------------------------------------------------------------------===//

bool Interpreter::isTruthy(const Value &value, SourceLoc loc) {
  if (auto *b = value.getIf<bool>())
    return *b;
  if (auto *i = value.getIf<int64_t>())
    return *i != 0;
  if (value.is<BigInt>())
    return true; // Only values beyond int64_t are BigInts.
  if (auto *d = value.getIf<double>())
    return *d != 0.0;
  if (auto *s = value.getIf<std::string>())
    return !s->empty();
  if (value.isNone())
    return false;
  if (const std::vector<Value> *sequence = value.getSequence())
    return !sequence->empty();
  if (const DictValue *dict = value.getDict())
    return !dict->keys.empty();
  if (auto *range = value.getIf<RangeValue>())
    return range->size() != 0;
  if (value.isRuntime())
    fail(loc, "a run-time value has no compile-time truth value");
  return true;
}

int64_t Interpreter::requireInt(const Value &value, SourceLoc loc,
                            const std::string &what) {
  if (auto *i = value.getIf<int64_t>())
    return *i;
  if (auto *b = value.getIf<bool>())
    return *b;
  if (auto *big = value.getIf<BigInt>())
    fail(loc, what + " must fit in 64 bits, got " + big->toString());
  fail(loc, what + " must be a compile-time integer, got " +
                (value.isRuntime() ? "a run-time " + value.getTypeName()
                                   : value.getTypeName() + " " +
                                         value.toString()));
}

const std::string &Interpreter::requireString(const Value &value,
                                              SourceLoc loc,
                                              const std::string &what) {
  if (auto *text = value.getIf<std::string>())
    return *text;
  fail(loc, what + " must be a str, got " + value.getTypeName());
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

Value Interpreter::binaryOp(BinaryOp op, const Value &lhs, const Value &rhs,
                            SourceLoc opLoc, SourceLoc lhsLoc,
                            SourceLoc rhsLoc) {
  if (lhs.isRuntime() || rhs.isRuntime())
    return runtimeBinaryOp(op, lhs, rhs, opLoc, lhsLoc, rhsLoc);
  return foldBinaryOp(op, lhs, rhs, opLoc, lhsLoc, rhsLoc);
}

Value Interpreter::unaryOp(UnaryOp op, const Value &operand, SourceLoc loc) {
  if (operand.isRuntime())
    return runtimeUnaryOp(op, operand, loc);
  return foldUnaryOp(op, operand, loc);
}

/// Python's `is`: containers are identical only to themselves; other
/// compile-time values when they are equal and of one type.
bool Interpreter::isIdentical(const Value &lhs, const Value &rhs,
                              SourceLoc loc) {
  auto identity = [](const Value &value) -> const void * {
    if (auto *tuple = value.getIf<std::shared_ptr<TupleValue>>())
      return tuple->get();
    if (auto *list = value.getIf<std::shared_ptr<ListValue>>())
      return list->get();
    if (auto *dict = value.getIf<std::shared_ptr<DictValue>>())
      return dict->get();
    return value.getAggregate();
  };
  const void *a = identity(lhs), *b = identity(rhs);
  if (a || b)
    return a == b;
  return lhs.getTypeName() == rhs.getTypeName() &&
         valuesEqual(lhs, rhs, loc);
}

static bool compareFolded(CompareOp op, int cmp) {
  switch (op) {
  case CompareOp::Eq:
  case CompareOp::Is:
    return cmp == 0;
  case CompareOp::NotEq:
  case CompareOp::IsNot:
    return cmp != 0;
  case CompareOp::Lt:
    return cmp < 0;
  case CompareOp::LtE:
    return cmp <= 0;
  case CompareOp::Gt:
    return cmp > 0;
  case CompareOp::GtE:
    return cmp >= 0;
  default:
    return false;
  }
}

Value Interpreter::compareOp(CompareOp op, const Value &lhs, const Value &rhs,
                             SourceLoc opLoc, SourceLoc lhsLoc,
                             SourceLoc rhsLoc) {
  if (lhs.isRuntime() || rhs.isRuntime())
    return runtimeCompareOp(op, lhs, rhs, opLoc, lhsLoc, rhsLoc);
  switch (op) {
  case CompareOp::In:
  case CompareOp::NotIn:
    return Value(contains(rhs, lhs, opLoc) == (op == CompareOp::In));
  case CompareOp::Is:
  case CompareOp::IsNot:
    return Value(isIdentical(lhs, rhs, opLoc) == (op == CompareOp::Is));
  case CompareOp::Eq:
  case CompareOp::NotEq:
    return Value(valuesEqual(lhs, rhs, opLoc) == (op == CompareOp::Eq));
  default: {
    // NaN is unordered: every ordering comparison with it is false.
    std::optional<int> order = compareValues(lhs, rhs, opLoc, getSpelling(op));
    return Value(order && compareFolded(op, *order));
  }
  }
}

//===----------------------------------------------------------------------===//
// Run-time operands: without IR generation there are none
//===----------------------------------------------------------------------===//

Value Interpreter::runtimeBinaryOp(BinaryOp, const Value &, const Value &,
                                   SourceLoc opLoc, SourceLoc, SourceLoc) {
  fail(opLoc, "a run-time operand needs IR generation");
}

Value Interpreter::runtimeCompareOp(CompareOp, const Value &, const Value &,
                                    SourceLoc opLoc, SourceLoc, SourceLoc) {
  fail(opLoc, "a run-time operand needs IR generation");
}

Value Interpreter::runtimeUnaryOp(UnaryOp, const Value &, SourceLoc loc) {
  fail(loc, "a run-time operand needs IR generation");
}

Value Interpreter::runtimeSubscript(const Value &, const Expr &,
                                    SourceLoc loc) {
  fail(loc, "a run-time operand needs IR generation");
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// "Blackwell: " for a name of Gluon's Blackwell modules (tcgen05, tensor
/// memory), which gluonc does not implement yet; "" otherwise.
static std::string describeBlackwell(const std::string &path) {
  std::string blackwell = BuiltinTable::expandAlias("gl.nvidia.blackwell");
  return path == blackwell || path.rfind(blackwell + ".", 0) == 0
             ? "Blackwell: "
             : "";
}

/// Why gluonc lacks a name of upstream Gluon's current API, where it does:
/// " (reason)"; "" for names it has no note on.
static std::string describeMissing(const std::string &path,
                                   const std::string &name) {
  static const std::pair<const char *, const char *> kReasons[] = {
      {"gl.map_elementwise", "elementwise functions of several tensors are "
                             "not implemented; write them with tensor "
                             "operators"},
      {"gl.gather", "gathers along an axis are not implemented"},
      {"gl.histogram", "histograms are not implemented"},
      {"gl.atomic_load", "ordered atomic loads are not implemented; "
                         "gl.atomic_add(ptr, 0, sem=...) reads atomically"},
      {"gl.atomic_store", "ordered atomic stores are not implemented; "
                          "gl.atomic_xchg stores atomically"},
      {"gl.CachePolicy", "cache policies are not implemented; load and "
                         "store take cache_modifier= and eviction_policy="},
      {"gl.nvidia.hopper.tma.make_tensor_descriptor",
       "tensor descriptors made in the kernel are not implemented; pass a "
       "tensordesc<...> parameter, whose map the host encodes"},
      {"gl.nvidia.hopper.mbarrier.allocate_mbarrier",
       "use allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())"},
      {"gl.nvidia.hopper.bulk",
       "bulk copies without a tensor map are not implemented; use tma"},
      {"gl.nvidia.hopper.cluster",
       "gluonc compiles one CTA per cluster (multi-CTA)"},
      {"gl.amd.cdna5", "gfx1250's module is not implemented; gfx1250 "
                       "kernels use the core language and gl.amd"},
      {"gl.amd.cdna4.mfma_scaled", "scaled MFMA (mxfp) is not implemented"},
      {"gl.amd.cdna4.get_mfma_scale_layout",
       "scaled MFMA (mxfp) is not implemented"},
  };
  std::string full = path + "." + name;
  for (auto [missing, reason] : kReasons) {
    std::string expanded = BuiltinTable::expandAlias(missing);
    if (full == expanded || full.rfind(expanded + ".", 0) == 0)
      return std::string(" (") + reason + ")";
  }
  if (name.rfind("async_atomic_", 0) == 0 &&
      path == BuiltinTable::expandAlias("gl.nvidia.hopper.tma"))
    return " (TMA reductions are not implemented)";
  return "";
}

void Interpreter::failUnavailableModule(const NamespaceValue &ns,
                                        SourceLoc loc) {
  // Triton's own modules gluonc does not implement yet, versus host-side
  // modules (torch, numpy) that kernels can never use.
  if (ns.path == "triton" || ns.path.rfind("triton.", 0) == 0) {
    std::string blackwell = describeBlackwell(ns.path);
    size_t dot = ns.path.rfind('.');
    std::string reason =
        dot == std::string::npos
            ? ""
            : describeMissing(ns.path.substr(0, dot), ns.path.substr(dot + 1));
    fail(loc, "not supported yet: " +
                  (blackwell.empty() ? "module '" + ns.path + "'"
                                     : blackwell + "'" + ns.path + "'") +
                  reason);
  }
  fail(loc, "module '" + ns.path + "' is not available in kernels");
}

Value Interpreter::getAttribute(const Value &object, const std::string &name,
                                SourceLoc loc) {
  if (auto *ns = object.getIf<NamespaceValue>()) {
    if (!ns->isKnown)
      failUnavailableModule(*ns, loc);
    if (ns->moduleFile)
      return getModuleAttribute(*ns, name, loc);
    if (std::optional<Value> member = builtins.lookupMember(ns->path, name))
      return *member;
    fail(loc, "not supported yet: " + describeBlackwell(ns->path) + "'" +
                  ns->path + "." + name + "'" +
                  describeMissing(ns->path, name));
  }
  if (object.isAggregate())
    return getAggregateAttribute(object, name, loc);
  if (auto *cls = object.getIf<ClassValue>())
    return getClassAttribute(*cls, name, loc);
  // The static methods of a class: `gl.NVMMASharedLayout.get_default_for`.
  if (auto *builtin = object.getIf<BuiltinValue>();
      builtin && !builtin->self &&
      builtin->builtin->kind == Builtin::Kind::Class)
    if (const Builtin *member =
            builtins.find(builtin->builtin->getName() + "." + name))
      return Value(BuiltinValue{member, nullptr});
  if (const Builtin *member =
          builtins.findMember(object.getClassName(), name)) {
    auto self = std::make_shared<Value>(object);
    if (member->kind == Builtin::Kind::Method)
      return Value(BuiltinValue{member, std::move(self)});
    CallArgs none;
    none.callLoc = loc;
    BoundArgs bound(*this, *member, none, self.get());
    return member->handler(*this, bound);
  }
  // Triton wraps a constexpr parameter (a tuple too: 06-tcgen05's
  // `tmem_block.value`) in tl.constexpr; gluonc keeps the plain value, so
  // the wrapper's `.value` is the value itself.
  if (name == "value" && !object.isRuntime())
    return object;
  fail(loc, "'" + object.getTypeName() + "' object has no attribute '" +
                name + "'");
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

Value Interpreter::subscript(const Value &object, const Expr &index,
                             SourceLoc loc) {
  if (object.isRuntime())
    return runtimeSubscript(object, index, loc);
  if (auto *sliceExpr = gluonc::dyn_cast<SliceExpr>(&index))
    return slice(object, *sliceExpr, loc);
  Value key = evaluate(index);
  return getItem(object, key, index.loc, loc);
}

Value Interpreter::evaluateIntLiteral(const IntLiteralExpr &literal) {
  const IntLiteralValue &value = literal.value;
  if (!value.overflowsInt64)
    return Value(value.value);
  // Refuse digits that cannot fit before spending time on them.
  uint64_t bitsPerDigit =
      value.base == 2 ? 1 : value.base == 8 ? 3 : value.base == 16 ? 4 : 0;
  uint64_t maxDigits = bitsPerDigit
                           ? kMaxCompileTimeIntBits / bitsPerDigit + 1
                           : kMaxCompileTimeIntBits * 30103 / 100000 + 1;
  std::string tooWide = "an integer literal wider than " +
                        std::to_string(kMaxCompileTimeIntBits) + " bits";
  if (value.digits.size() > maxDigits)
    fail(literal, tooWide);
  // Parsing multiplies the value so far by the base for each digit.
  countSteps(literal.loc,
             value.digits.size() * (value.digits.size() / 8 + 1) / 64);
  std::optional<BigInt> parsed = BigInt::fromDigits(value.digits, value.base);
  if (!parsed)
    fail(literal, "invalid integer literal");
  if (parsed->bitLength() > kMaxCompileTimeIntBits)
    fail(literal, tooWide);
  return Value::integer(*parsed);
}

std::vector<Value> Interpreter::evaluateElements(const ExprList &elements,
                                             std::vector<SourceLoc> *locs) {
  std::vector<Value> values;
  for (const ExprPtr &element : elements) {
    if (auto *starred = gluonc::dyn_cast<StarredExpr>(element.get())) {
      Value iterable = evaluate(*starred->value);
      for (Value &item :
           iterate(iterable, starred->value->loc, "the operand of '*'")) {
        values.push_back(std::move(item));
        if (locs)
          locs->push_back(element->loc);
      }
      continue;
    }
    values.push_back(evaluate(*element));
    if (locs)
      locs->push_back(element->loc);
  }
  return values;
}

Value Interpreter::evaluateDict(const DictExpr &dictExpr) {
  Value dict = makeDict(/*isSet=*/false, dictExpr.loc);
  for (size_t i = 0; i < dictExpr.keys.size(); ++i) {
    const Expr &valueExpr = *dictExpr.values[i];
    if (!dictExpr.keys[i]) {
      // `{**other}`
      Value other = evaluate(valueExpr);
      const DictValue *entries = other.getDict();
      if (!other.isDict())
        fail(valueExpr, "'**' in a dict display needs a dict, got " +
                            other.getTypeName());
      for (size_t j = 0; j < entries->keys.size(); ++j)
        dictInsert(dict, entries->keys[j], entries->values[j], valueExpr.loc);
      continue;
    }
    Value key = evaluate(*dictExpr.keys[i]);
    dictInsert(dict, key, evaluate(valueExpr), dictExpr.keys[i]->loc);
  }
  return dict;
}

Value Interpreter::evaluateCall(const CallExpr &callExpr, const Value &callee) {
  CallArgs args;
  args.callLoc = callExpr.loc;
  args.positional =
      evaluateElements(callExpr.args, &args.positionalLocs);
  auto addKeyword = [&](const std::string &name, Value value,
                        SourceLoc loc) {
    for (const KeywordArg &seen : args.keywords)
      if (seen.name == name)
        fail(loc, "keyword argument '" + name + "' repeated");
    args.keywords.push_back({name, std::move(value), loc});
  };
  for (const Keyword &keyword : callExpr.keywords) {
    Value value = evaluate(*keyword.value);
    if (!keyword.name.empty()) {
      addKeyword(keyword.name, std::move(value), keyword.loc);
      continue;
    }
    // `**mapping`
    const DictValue *entries = value.getDict();
    if (!value.isDict())
      fail(*keyword.value, "the argument after '**' must be a dict, got " +
                               value.getTypeName());
    for (size_t i = 0; i < entries->keys.size(); ++i) {
      auto *name = entries->keys[i].getIf<std::string>();
      if (!name)
        fail(*keyword.value, "keywords must be strings, got " +
                                 entries->keys[i].toString());
      addKeyword(*name, entries->values[i], keyword.loc);
    }
  }
  return call(callee, args, callExpr.loc);
}

Value Interpreter::evaluate(const Expr &expr) {
  countStep(expr.loc);
  switch (expr.getKind()) {
  case NodeKind::Name:
    return lookup(gluonc::cast<NameExpr>(&expr)->id, expr.getRange());
  case NodeKind::IntLiteral:
    return evaluateIntLiteral(*gluonc::cast<IntLiteralExpr>(&expr));
  case NodeKind::FloatLiteral:
    return Value(gluonc::cast<FloatLiteralExpr>(&expr)->value);
  case NodeKind::StringLiteral: {
    auto &literal = *gluonc::cast<StringLiteralExpr>(&expr);
    if (literal.isBytes)
      fail(expr, "not supported yet: bytes literals");
    return makeString(literal.value, expr.loc);
  }
  case NodeKind::BoolLiteral:
    return Value(gluonc::cast<BoolLiteralExpr>(&expr)->value);
  case NodeKind::NoneLiteral:
    return Value();
  case NodeKind::Tuple:
    return makeTuple(evaluateElements(gluonc::cast<TupleExpr>(&expr)->elts),
                     expr.loc);
  case NodeKind::List:
    return makeList(evaluateElements(gluonc::cast<ListExpr>(&expr)->elts),
                    expr.loc);
  case NodeKind::Set: {
    Value set = makeDict(/*isSet=*/true, expr.loc);
    for (const Value &element :
         evaluateElements(gluonc::cast<SetExpr>(&expr)->elts))
      dictInsert(set, element, Value(), expr.loc);
    return set;
  }
  case NodeKind::Dict:
    return evaluateDict(*gluonc::cast<DictExpr>(&expr));
  case NodeKind::Attribute: {
    auto &attribute = *gluonc::cast<AttributeExpr>(&expr);
    Value object = evaluate(*attribute.value);
    return getAttribute(object, attribute.attr, attribute.attrLoc);
  }
  case NodeKind::Subscript: {
    auto &sub = *gluonc::cast<SubscriptExpr>(&expr);
    return subscript(evaluate(*sub.value), *sub.index, expr.loc);
  }
  case NodeKind::Call: {
    auto &callExpr = *gluonc::cast<CallExpr>(&expr);
    return evaluateCall(callExpr, evaluate(*callExpr.func));
  }
  case NodeKind::BinOp: {
    auto &bin = *gluonc::cast<BinOpExpr>(&expr);
    Value lhs = evaluate(*bin.lhs);
    Value rhs = evaluate(*bin.rhs);
    return binaryOp(bin.op, lhs, rhs, bin.opLoc, bin.lhs->loc, bin.rhs->loc);
  }
  case NodeKind::UnaryOp: {
    auto &unary = *gluonc::cast<UnaryOpExpr>(&expr);
    return unaryOp(unary.op, evaluate(*unary.operand), expr.loc);
  }
  case NodeKind::BoolOp: {
    // Python's short-circuit semantics, on compile-time values only.
    auto &boolOp = *gluonc::cast<BoolOpExpr>(&expr);
    Value result;
    for (const ExprPtr &operand : boolOp.values) {
      result = evaluate(*operand);
      if (result.isRuntime())
        fail(*operand, std::string("'") + getSpelling(boolOp.op) +
                           "' needs compile-time operands; use '" +
                           (boolOp.op == BoolOp::And ? "&" : "|") +
                           "' on run-time values");
      bool truth = isTruthy(result, operand->loc);
      if (boolOp.op == BoolOp::And ? !truth : truth)
        return result;
    }
    return result;
  }
  case NodeKind::Compare: {
    auto &compare = *gluonc::cast<CompareExpr>(&expr);
    Value lhs = evaluate(*compare.left);
    SourceLoc lhsLoc = compare.left->loc;
    Value result;
    for (size_t i = 0; i < compare.ops.size(); ++i) {
      Value rhs = evaluate(*compare.comparators[i]);
      Value step = compareOp(compare.ops[i], lhs, rhs, compare.opLocs[i],
                             lhsLoc, compare.comparators[i]->loc);
      if (i == 0) {
        result = step;
      } else if (result.isRuntime() || step.isRuntime()) {
        fail(compare.opLocs[i], "not supported yet: chained comparisons "
                                "of run-time values");
      } else if (!isTruthy(result, expr.loc)) {
        return result;
      } else {
        result = step;
      }
      lhs = rhs;
      lhsLoc = compare.comparators[i]->loc;
    }
    return result;
  }
  case NodeKind::IfExp: {
    auto &ifExp = *gluonc::cast<IfExpr>(&expr);
    Value test = evaluate(*ifExp.test);
    if (test.isRuntime())
      fail(*ifExp.test, "the condition of 'x if c else y' must be a "
                        "compile-time value; use gl.where on run-time values");
    return evaluate(isTruthy(test, ifExp.test->loc) ? *ifExp.body
                                                    : *ifExp.orelse);
  }
  case NodeKind::ListComp:
  case NodeKind::SetComp:
  case NodeKind::DictComp:
  case NodeKind::GeneratorExp:
    return evaluateComprehension(expr);
  case NodeKind::FString:
    return evaluateFString(*gluonc::cast<FStringExpr>(&expr));
  case NodeKind::NamedExpr: {
    auto &named = *gluonc::cast<NamedExpr>(&expr);
    Value value = evaluate(*named.value);
    bind(named.target->id, value);
    return value;
  }
  case NodeKind::Starred:
    fail(expr, "'*' unpacking is only allowed in calls, tuples, lists and "
               "sets");
  case NodeKind::Slice:
    fail(expr, "not supported yet: a slice here");
  case NodeKind::Lambda:
    fail(expr, "not supported yet: lambda; define a @gluon.jit or "
               "@gluon.constexpr_function helper");
  case NodeKind::EllipsisLiteral:
    fail(expr, "not supported yet: '...'");
  default:
    fail(expr, "not supported yet: this expression in a kernel");
  }
}
