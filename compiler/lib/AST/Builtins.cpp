//===- Builtins.cpp - The one table of builtin and method names ----------===//
#include "polyc/AST/Builtins.h"

#include <iterator>
#include <utility>

using namespace polyc;

namespace {
const std::pair<const char *, Builtin> kBuiltins[] = {
    {"load", Builtin::Load},
    {"atoi", Builtin::Atoi},
    {"atof", Builtin::Atof},
    {"fabs", Builtin::Fabs},
    {"sqrt", Builtin::Sqrt},
    {"floor", Builtin::Floor},
    {"log", Builtin::Log},
    {"pow", Builtin::Pow},
    {"min", Builtin::Min},
    {"max", Builtin::Max},
    {"to_double", Builtin::ToDouble},
    {"startTimer", Builtin::StartTimer},
    {"stopTimer", Builtin::StopTimer},
    {"intersection", Builtin::Intersection},
    {"intersectNeighbor", Builtin::IntersectNeighbor},
    {"atomicAdd", Builtin::AtomicAdd},
    {"writeMin", Builtin::WriteMin},
    {"compareAndSwap", Builtin::CompareAndSwap},
    {"int", Builtin::IntConversion},
};

const std::pair<const char *, Method> kMethods[] = {
    {"getVertices", Method::GetVertices},
    {"getOutDegrees", Method::GetOutDegrees},
    {"getOutDegreesUint", Method::GetOutDegreesUint},
    {"getOutDegree", Method::GetOutDegree},
    {"getOutNeighbor", Method::GetOutNeighbor},
    {"getNgh", Method::GetNgh},
    {"transpose", Method::Transpose},
    {"relabel", Method::Relabel},
    {"apply", Method::Apply},
    {"applyModified", Method::ApplyModified},
    {"from", Method::From},
    {"to", Method::To},
    {"dstFilter", Method::DstFilter},
    {"srcFilter", Method::SrcFilter},
    {"applyUpdatePriority", Method::ApplyUpdatePriority},
    {"filter", Method::Filter},
    {"where", Method::Where},
    {"applyUpdatePriorityExtern", Method::ApplyUpdatePriorityExtern},
    {"size", Method::Size},
    {"getVertexSetSize", Method::GetVertexSetSize},
    {"addVertex", Method::AddVertex},
    {"sum", Method::Sum},
    {"max", Method::Max},
    {"append", Method::Append},
    {"pop", Method::Pop},
    {"finished", Method::Finished},
    {"dequeue_ready_set", Method::DequeueReadySet},
    {"dequeueReadySet", Method::DequeueReadySetCamel},
    {"get_current_priority", Method::GetCurrentPriority},
    {"finishedNode", Method::FinishedNode},
    {"updatePriorityMin", Method::UpdatePriorityMin},
    {"updatePriorityMax", Method::UpdatePriorityMax},
    {"updatePrioritySum", Method::UpdatePrioritySum},
};

template <typename Enum, size_t N>
Enum named(const std::pair<const char *, Enum> (&table)[N], llvm::StringRef name) {
  for (const auto &[spelling, value] : table)
    if (name == spelling)
      return value;
  return Enum::None;
}

template <typename Enum, size_t N>
llvm::StringRef spelling(const std::pair<const char *, Enum> (&table)[N], Enum value) {
  for (const auto &[name, v] : table)
    if (v == value)
      return name;
  return "";
}
} // namespace

Builtin polyc::builtinNamed(llvm::StringRef name) { return named(kBuiltins, name); }
Method polyc::methodNamed(llvm::StringRef name) { return named(kMethods, name); }
llvm::StringRef polyc::builtinName(Builtin builtin) { return spelling(kBuiltins, builtin); }
llvm::StringRef polyc::methodName(Method method) { return spelling(kMethods, method); }
