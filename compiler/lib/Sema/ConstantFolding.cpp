//===- ConstantFolding.cpp - Constant arithmetic that does not fit --------===//
//
// An `int` operation whose result does not fit stops the program when it
// runs (docs/language.md). Where its operands are constants, literals and
// arithmetic on them, the result is known when the program is compiled, so
// `2147483647 + 1` is a compile-time error, as the constant `1 / 0` is; and
// a constant stored in an int must fit it (NumberConversions.cpp). The
// values are computed as the generated C++ computes them: int exactly,
// uint_64 modulo 2^64, double in IEEE arithmetic, `^` as std::pow
// truncated.
//
//===----------------------------------------------------------------------===//
#include "SemaImpl.h"

#include "llvm/Support/Casting.h"

#include <cmath>
#include <cstdio>
#include <cstdint>
#include <limits>

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;

namespace {

constexpr int64_t kIntMin = std::numeric_limits<int32_t>::min();
constexpr int64_t kIntMax = std::numeric_limits<int32_t>::max();

bool fitsInt(int64_t v) { return v >= kIntMin && v <= kIntMax; }

/// c converted to the uint_64 or double an operation promotes it to.
uint64_t asUInt64(const Sema::Constant &c) {
  return c.kind == Type::Int ? static_cast<uint64_t>(c.i) : c.u;
}
double asDouble(const Sema::Constant &c) {
  switch (c.kind) {
  case Type::Int: return static_cast<double>(c.i);
  case Type::UInt64: return static_cast<double>(c.u);
  default: return c.d;
  }
}

bool isFoldable(Type::Kind kind) {
  return kind == Type::Int || kind == Type::UInt64 || kind == Type::Double;
}

} // namespace

std::string Sema::constantSpelling(const Constant &c) {
  switch (c.kind) {
  case Type::Int: return std::to_string(c.i);
  case Type::UInt64: return std::to_string(c.u);
  default: break;
  }
  if (std::isnan(c.d))
    return "NaN";
  // As the program's message prints it (17 digits: 1e+300, 2147483648).
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", c.d);
  return text;
}

const Sema::Constant *Sema::constantOf(const Expr &e) const {
  auto it = constants.find(&e);
  return it == constants.end() || it->second.kind == Type::Invalid ? nullptr : &it->second;
}

void Sema::foldConstant(Expr &e) {
  if (!isFoldable(e.type.kind) || constants.count(&e))
    return;
  Constant value;
  value.kind = e.type.kind;
  // Recorded as no constant: an operation reported here is not reported
  // again by the operations around it.
  auto overflow = [&](const std::string &what) {
    diags.error(e.loc, "integer overflow: " + what);
    constants[&e] = Constant();
  };
  switch (e.getKind()) {
  case Expr::IntLit:
    if (value.kind == Type::Int)
      value.i = cast<IntLitExpr>(e).value;
    else
      value.u = static_cast<uint64_t>(cast<IntLitExpr>(e).value);
    break;
  case Expr::FloatLit:
    value.d = cast<FloatLitExpr>(e).value;
    break;
  case Expr::Unary: {
    auto &u = cast<UnaryExpr>(e);
    const Constant *operand = u.operand ? constantOf(*u.operand) : nullptr;
    if (!operand || operand->kind != value.kind || u.op == UnaryOp::Not)
      return;
    value = *operand;
    if (u.op == UnaryOp::Plus)
      break;
    if (value.kind == Type::Int && !fitsInt(-operand->i))
      return overflow("-(" + std::to_string(operand->i) + ") does not fit in int");
    value.i = -operand->i;
    value.u = 0 - operand->u;
    value.d = -operand->d;
    break;
  }
  case Expr::Binary: {
    auto &b = cast<BinaryExpr>(e);
    const Constant *lhs = b.lhs ? constantOf(*b.lhs) : nullptr;
    const Constant *rhs = b.rhs ? constantOf(*b.rhs) : nullptr;
    if (!lhs || !rhs)
      return;
    if (value.kind == Type::Int) {
      // Both operands are ints: a bool or a vertex is never a constant.
      if (lhs->kind != Type::Int || rhs->kind != Type::Int)
        return;
      int64_t a = lhs->i, c = rhs->i;
      std::string shown = std::to_string(a) + " " + spelling(b.op) + " " + std::to_string(c);
      switch (b.op) {
      case BinaryOp::Add: value.i = a + c; break;
      case BinaryOp::Sub: value.i = a - c; break;
      case BinaryOp::Mul: value.i = a * c; break;
      case BinaryOp::Div:
        if (c == 0)
          return; // reported by checkBinary
        value.i = a / c;
        break;
      case BinaryOp::Pow: {
        double power = std::trunc(std::pow(static_cast<double>(a), static_cast<double>(c)));
        if (!(power >= static_cast<double>(kIntMin) && power <= static_cast<double>(kIntMax)))
          return overflow(std::to_string(a) + " ^ " + std::to_string(c) + " is " +
                          constantSpelling(Constant{Type::Double, 0, 0, power}) +
                          ", which does not fit in int");
        value.i = static_cast<int64_t>(power);
        break;
      }
      default: return;
      }
      if (!fitsInt(value.i))
        return overflow(shown + " does not fit in int");
      break;
    }
    if (value.kind == Type::UInt64) {
      uint64_t a = asUInt64(*lhs), c = asUInt64(*rhs);
      switch (b.op) {
      case BinaryOp::Add: value.u = a + c; break;
      case BinaryOp::Sub: value.u = a - c; break;
      case BinaryOp::Mul: value.u = a * c; break;
      case BinaryOp::Div:
        if (c == 0)
          return;
        value.u = a / c;
        break;
      default: return; // `^` on uint_64 goes through a double
      }
      break;
    }
    double a = asDouble(*lhs), c = asDouble(*rhs);
    switch (b.op) {
    case BinaryOp::Add: value.d = a + c; break;
    case BinaryOp::Sub: value.d = a - c; break;
    case BinaryOp::Mul: value.d = a * c; break;
    case BinaryOp::Div: value.d = a / c; break;
    case BinaryOp::Pow: value.d = std::pow(a, c); break;
    default: return;
    }
    break;
  }
  default:
    return;
  }
  constants[&e] = value;
}
