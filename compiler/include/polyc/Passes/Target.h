//===- Target.h - What polyc generates code for -----------------*- C++ -*-===//
//
// The pipeline runs for one target; a pass declares the targets it applies
// to, and the runner skips the others. Only a pass whose absence leaves the
// program's meaning unchanged (a speed-only rewrite tuned to one machine,
// such as prefetching) may be limited to some targets; analyses and the
// passes that check what a schedule asks apply to all.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_PASSES_TARGET_H
#define POLYC_PASSES_TARGET_H

#include "llvm/ADT/StringRef.h"

#include <initializer_list>
#include <optional>

namespace polyc {

enum class Target {
  CpuOpenMP, // C++ with OpenMP for one shared-memory machine, linked against polyrt
};

/// Every target, in the order --help and errors list them.
inline constexpr Target kTargets[] = {Target::CpuOpenMP};

/// The name --target takes.
constexpr llvm::StringRef targetName(Target target) {
  switch (target) {
  case Target::CpuOpenMP:
    return "cpu-openmp";
  }
  return "?"; // unreachable: the switch names every target
}

inline std::optional<Target> parseTarget(llvm::StringRef name) {
  for (Target target : kTargets)
    if (targetName(target) == name)
      return target;
  return std::nullopt;
}

/// A set of targets, one bit each.
class TargetSet {
public:
  constexpr TargetSet(std::initializer_list<Target> targets) {
    for (Target target : targets)
      bits |= bit(target);
  }
  /// Every target, also those added later.
  static constexpr TargetSet all() {
    TargetSet set{};
    set.bits = ~0u;
    return set;
  }
  constexpr bool contains(Target target) const { return bits & bit(target); }
  constexpr bool operator==(const TargetSet &) const = default;

private:
  static constexpr unsigned bit(Target target) { return 1u << static_cast<unsigned>(target); }
  unsigned bits = 0;
};

} // namespace polyc

#endif
