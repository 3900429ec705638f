//===- EmitCheckedArithmetic.cpp - int + - * that stop instead of wrapping -===//
//
// The language defines what C++ leaves undefined: an `int` `+`, `-`, `*`,
// unary `-` or compound assignment whose result does not fit stops the
// program with a message naming the place (docs/language.md), and an integer
// division by zero does the same in `/=` as in `/`. Every place that emits
// such an operation asks here, so that none of them wraps silently: plain
// expressions, compound assignments, the runtime's compare-and-swap loops
// (through a functor), atomic adds and the folds of the accumulation pass.
// Unsigned types wrap as in C, and floating point is IEEE: both emit as
// before.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"

using namespace polyc;

bool CppEmitter::checksOverflow(const Type &type) { return type.kind == Type::Int; }

namespace {

/// The runtime's checked form of an arithmetic operation (checked_arithmetic.h).
const char *checkedFunction(AssignOp op) {
  switch (op) {
  case AssignOp::Add: return "polyrt::add";
  case AssignOp::Sub: return "polyrt::subtract";
  case AssignOp::Mul: return "polyrt::multiply";
  case AssignOp::Div: return "polyrt::divide";
  default: return nullptr;
  }
}

AssignOp asUpdate(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add: return AssignOp::Add;
  case BinaryOp::Sub: return AssignOp::Sub;
  case BinaryOp::Mul: return AssignOp::Mul;
  case BinaryOp::Div: return AssignOp::Div;
  default: return AssignOp::Assign;
  }
}

/// Whether `op` on values of `type` goes through the runtime: int + - *
/// for overflow, any integer / for a zero divisor.
bool isChecked(AssignOp op, const Type &type) {
  if (op == AssignOp::Div)
    return type.isIntegral();
  return checkedFunction(op) && CppEmitter::checksOverflow(type);
}

} // namespace

std::string CppEmitter::checkedBinary(BinaryOp op, const Type &type, const std::string &lhs,
                                      const std::string &rhs, llvm::SMLoc loc) {
  AssignOp update = asUpdate(op);
  if (!isChecked(update, type))
    return "";
  return std::string(checkedFunction(update)) + "<" + cppType(type) + ">(" + lhs + ", " + rhs +
         ", \"" + sourcePlace(loc) + "\")";
}

std::string CppEmitter::checkedNegation(const Type &type, const std::string &operand,
                                        llvm::SMLoc loc) {
  if (!checksOverflow(type))
    return "";
  return "polyrt::negate<" + cppType(type) + ">(" + operand + ", \"" + sourcePlace(loc) + "\")";
}

std::string CppEmitter::inPlaceUpdate(AssignOp op, const Type &type, const std::string &target,
                                      const std::string &value, llvm::SMLoc loc) {
  if (!isChecked(op, type))
    return target + " " + spelling(op) + " " + value + ";";
  std::string where = "\"" + sourcePlace(loc) + "\"";
  switch (op) {
  case AssignOp::Add: return "polyrt::addTo(" + target + ", " + value + ", " + where + ");";
  case AssignOp::Sub: return "polyrt::subtractFrom(" + target + ", " + value + ", " + where + ");";
  case AssignOp::Mul: return "polyrt::multiplyBy(" + target + ", " + value + ", " + where + ");";
  default:
    return target + " = polyrt::divide<" + cppType(type) + ">(" + target + ", " + value + ", " +
           where + ");";
  }
}

std::string CppEmitter::updateFunctor(AssignOp op, const Type &type, llvm::SMLoc loc) {
  if (isChecked(op, type)) {
    std::string where = "{\"" + sourcePlace(loc) + "\"}";
    switch (op) {
    case AssignOp::Add: return "polyrt::CheckedPlus" + where;
    case AssignOp::Sub: return "polyrt::CheckedMinus" + where;
    case AssignOp::Mul: return "polyrt::CheckedMultiplies" + where;
    default: return "polyrt::CheckedDivides" + where;
    }
  }
  switch (op) {
  case AssignOp::Add: return "std::plus<>()";
  case AssignOp::Sub: return "std::minus<>()";
  case AssignOp::Mul: return "std::multiplies<>()";
  case AssignOp::Div: return "std::divides<>()";
  default: return "";
  }
}

std::string CppEmitter::atomicAdd(const Type &type, const std::string &address,
                                  const std::string &value, llvm::SMLoc loc) {
  if (!checksOverflow(type))
    return "polyrt::writeAdd(" + address + ", " + value + ");";
  return "polyrt::writeAddChecked(" + address + ", " + value + ", \"" + sourcePlace(loc) + "\");";
}
