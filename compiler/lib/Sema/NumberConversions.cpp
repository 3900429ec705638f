//===- NumberConversions.cpp - Values GraphIt reads as numbers ------------===//
//
// GraphIt's programs use two values as numbers where a number is expected:
// a vertexset is its size (`1.0 / edges.getVertices()`, `var n : int =
// vertices;`, `print vertices;`), and a command-line argument `argv[N]` is the
// number it spells (`var start : int = argv[1];`). Sema makes the conversion
// explicit in the AST (a `.size()` call, an `atoi`/`atof` call), so every pass
// and the emitter see an ordinary number. Where a bool is expected, an integer
// is `!= 0` (GraphIt emits C++ and inherits its conversion), with a warning.
// A uint, uint_64, float or double stored in an int is a conversion that
// C++ would wrap (or leave undefined): Sema makes it the explicit `int(e)`,
// which the program checks; a constant that does not fit is an error (a
// floating one) or a warning (an integer, which C++ wraps).
//
//===----------------------------------------------------------------------===//
#include "SemaImpl.h"
#include "TypeRules.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;

static bool isArgvElement(const Expr &e) {
  auto *index = dyn_cast<IndexExpr>(&e);
  return index && isArgv(index->base.get());
}

bool Sema::convertToNumber(ExprPtr &e, const Type &want) {
  if (!e || !e->type.isValid() || !isArithmetic(want) || want.kind == Type::Bool)
    return false;
  llvm::SMLoc loc = e->loc;
  if (e->type.kind == Type::VertexSet) {
    // edges.getVertices() typed as a number is the vertex count already.
    auto *call = dyn_cast<MethodCallExpr>(e.get());
    if (call && call->methodKind == Method::GetVertices && call->args.empty()) {
      e->type = Type(Type::Int);
      return true;
    }
    auto size = std::make_unique<MethodCallExpr>(loc, std::move(e), Method::Size,
                                                 std::vector<ExprPtr>{});
    size->type = Type(Type::Int);
    e = std::move(size);
    return true;
  }
  if (e->type.kind == Type::String && isArgvElement(*e)) {
    bool floating = want.isFloating();
    std::vector<ExprPtr> args;
    args.push_back(std::move(e));
    auto parse =
        std::make_unique<CallExpr>(loc, floating ? Builtin::Atof : Builtin::Atoi, std::move(args));
    parse->type = Type(floating ? Type::Double : Type::Int);
    e = std::move(parse);
    return true;
  }
  return false;
}

bool Sema::convertToBool(ExprPtr &e) {
  if (!e || !e->type.isIntegral())
    return false;
  diags.warning(startLoc(*e), "an integer used as a bool is true when it is not 0 (as in "
                              "GraphIt); write a comparison to say so");
  llvm::SMLoc loc = e->loc;
  auto zero = std::make_unique<IntLitExpr>(loc, 0);
  zero->type = Type(Type::Int);
  auto test = std::make_unique<BinaryExpr>(loc, BinaryOp::Ne, std::move(e), std::move(zero));
  test->type = Type(Type::Bool);
  e = std::move(test);
  return true;
}

void Sema::convertToInt(ExprPtr &e, const Type &to) {
  // A vector filled from one value converts that value to its element.
  const Type *element = &to;
  if ((to.kind == Type::Vector || to.kind == Type::FixedVector) && to.value)
    element = to.value.get();
  if (!e || element->kind != Type::Int)
    return;
  const Type::Kind from = e->type.kind;
  if (from != Type::UInt && from != Type::UInt64 && from != Type::Float && from != Type::Double)
    return;
  if (const Constant *c = constantOf(*e)) {
    // -2^31 - 1 and 2^31 are exact in a double; NaN fails both comparisons.
    bool fits = c->kind == Type::UInt64 ? c->u <= INT32_MAX
                : c->kind == Type::Int  ? true
                                        : c->d > -0x1p31 - 1.0 && c->d < 0x1p31;
    if (fits)
      return;
    std::string what = "value " + constantSpelling(*c) + " does not fit in int";
    if (c->kind != Type::UInt64) {
      // C++ leaves the conversion undefined: no value to give it.
      diags.error(startLoc(*e), "integer overflow: " + what);
      return;
    }
    // C++ converts an integer modulo 2^32, and GraphIt's own programs rely on
    // it (set_cover.gt's `output = 4294967295;` for an int that becomes a
    // uint again): a warning that says what the int holds.
    diags.warning(startLoc(*e), what + "; it is stored as " +
                                    std::to_string(static_cast<int32_t>(c->u)) +
                                    " (modulo 2^32, as in C++)");
    auto *negated = dyn_cast<UnaryExpr>(e.get());
    if (negated && negated->op == UnaryOp::Neg && llvm::isa<IntLitExpr>(*negated->operand))
      diags.note(startLoc(*e), "a literal above 2147483647 is a uint_64, whose negation wraps "
                               "modulo 2^64; write the lowest int as -2147483647 - 1");
    return;
  }
  llvm::SMLoc loc = startLoc(*e);
  std::vector<ExprPtr> args;
  args.push_back(std::move(e));
  auto conversion = std::make_unique<CallExpr>(loc, Builtin::IntConversion, std::move(args));
  conversion->type = Type(Type::Int);
  e = std::move(conversion);
}
