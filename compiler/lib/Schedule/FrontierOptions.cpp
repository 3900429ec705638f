//===- FrontierOptions.cpp - Vertex set representations, deduplication ---===//
//
// configApplyDenseVertexSet, configApplyDataStructure / setVertexSet,
// setApply and configApplyDeduplication, stored per variant in sourceRepr
// (how a variant reads the input frontier) and destinationRepr (how it builds
// the output frontier).
//
// Which variants a representation reaches:
// - The sparse push variant always reads its source set as a queue, and the
//   dense variants test membership per vertex, so a source set is always
//   dense and only the dense variants (DensePush, DensePull) take a source
//   representation. A sparse one (sparse-queue, sliding-queue) for the
//   source set is an error, and so is a dense source set for SparsePush.
// - Any variant can build its output in any representation: a destination
//   representation without `dir` reaches every variant, except for
//   configApplyDenseVertexSet, which is about the dense variants and reaches
//   DensePush and DensePull only.
// - configApplyDataStructure / setVertexSet without `which` change both sets
//   for a dense representation and the destination set for a sparse one
//   (the only set it can be).
//
// Whether the traversal has those frontiers at all, and whether a `dir` is a
// variant of its direction, the passes check.
//
//===----------------------------------------------------------------------===//
#include "Checker.h"

#include "llvm/ADT/STLExtras.h"

using namespace polyc;
using namespace polyc::schedule;

namespace {

constexpr Variant kDenseVariants[] = {Variant::DensePush, Variant::DensePull};
constexpr Variant kAllVariants[] = {Variant::SparsePush, Variant::DensePush, Variant::DensePull};

Direction directionOf(const ApplySchedule &s) {
  return s.direction ? s.direction->value : Direction::SparsePush; // GraphIt's default
}

} // namespace

bool polyc::schedule::dedupContradicts(const ApplySchedule &s) {
  if (!s.deduplicate || s.deduplicate->value)
    return false;
  return llvm::all_of(variantsOf(directionOf(s)), [&](Variant v) {
    const auto &out = s.destinationRepr[unsigned(v)];
    return out && isDense(out->value);
  });
}

void polyc::schedule::reportDedupContradiction(Checker &c, const ScheduleCall &call,
                                               const ApplySchedule &s, bool before,
                                               bool callSetsDedup) {
  if (before || !dedupContradicts(s))
    return;
  const std::string &label = call.args[0].text;
  Direction d = directionOf(s);
  if (callSetsDedup) {
    c.error(s.deduplicate->loc, "deduplication cannot be disabled for '" + label +
                                    "': every variant of its direction " + spelling(d) +
                                    " builds a dense output set, which holds each vertex once");
    // One note per call that made output sets dense, naming its variants.
    llvm::SmallVector<Variant, 2> variants = variantsOf(d);
    std::vector<llvm::SMLoc> noted;
    for (Variant v : variants) {
      const Located<FrontierRepr> &out = *s.destinationRepr[unsigned(v)];
      if (llvm::is_contained(noted, out.loc))
        continue;
      noted.push_back(out.loc);
      std::string names;
      unsigned count = 0;
      for (Variant w : variants)
        if (s.destinationRepr[unsigned(w)]->loc == out.loc) {
          names += std::string(names.empty() ? "" : " and ") + spelling(w);
          ++count;
        }
      c.note(out.loc, "the output set" + std::string(count > 1 ? "s" : "") + " of " + names +
                          (count > 1 ? " are" : " is") + " made " + spelling(out.value) + " here");
    }
    return;
  }
  c.error(call.args[1].loc, "with this, every variant of '" + label + "' (direction " +
                                spelling(d) +
                                ") builds a dense output set, which holds each vertex once, "
                                "but deduplication is disabled for it");
  c.note(s.deduplicate->loc, "deduplication is disabled here");
}

// configApplyDenseVertexSet(label, repr[, which[, dir]]).
void polyc::schedule::checkDenseVertexSet(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto repr = c.option(call, 1, "dense vertex set representation", denseFrontierReprValues());
  std::optional<int> role = int(VertexSetRole::Both);
  if (call.args.size() >= 3)
    role = c.option(call, 2, "vertex set", vertexSetRoleValues());
  std::optional<Variant> dir;
  bool ok = c.optionalVariant(call, 3, dir);
  if (role && dir && *dir == Variant::SparsePush && VertexSetRole(*role) != VertexSetRole::Destination) {
    c.error(call.args[3].loc, "a dense source set applies to the dense variants (DensePush, "
                              "DensePull); the SparsePush variant reads its source set as a "
                              "queue");
    ok = false;
  }
  if (!entry || !repr || !role || !ok)
    return;
  bool before = dedupContradicts(*entry);
  Located<FrontierRepr> value{FrontierRepr(*repr), call.args[1].loc};
  llvm::ArrayRef<Variant> variants = dir ? llvm::ArrayRef<Variant>(*dir) : kDenseVariants;
  for (Variant v : variants) {
    if (VertexSetRole(*role) != VertexSetRole::Destination)
      entry->sourceRepr[unsigned(v)] = value;
    if (VertexSetRole(*role) != VertexSetRole::Source)
      entry->destinationRepr[unsigned(v)] = value;
  }
  reportDedupContradiction(c, call, *entry, before, /*callSetsDedup=*/false);
}

// configApplyDataStructure(label, repr[, which]) and setVertexSet(label,
// repr[, which]).
void polyc::schedule::checkDataStructure(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto repr = c.option(call, 1, "frontier representation", frontierReprValues());
  std::optional<int> role;
  bool ok = true;
  if (call.args.size() == 3) {
    role = c.option(call, 2, "vertex set", vertexSetRoleValues());
    ok = role.has_value();
  }
  bool sparse = repr && !isDense(FrontierRepr(*repr));
  if (sparse && role && VertexSetRole(*role) != VertexSetRole::Destination) {
    c.error(call.args[2].loc, "a source set is read sparse by push variants; choose bool-array "
                              "or bitvector for the dense variants");
    ok = false;
  }
  if (!entry || !repr || !ok)
    return;
  VertexSetRole which =
      role ? VertexSetRole(*role) : sparse ? VertexSetRole::Destination : VertexSetRole::Both;
  bool before = dedupContradicts(*entry);
  Located<FrontierRepr> value{FrontierRepr(*repr), call.args[1].loc};
  if (which != VertexSetRole::Destination)
    for (Variant v : kDenseVariants)
      entry->sourceRepr[unsigned(v)] = value;
  if (which != VertexSetRole::Source)
    for (Variant v : kAllVariants)
      entry->destinationRepr[unsigned(v)] = value;
  reportDedupContradiction(c, call, *entry, before, /*callSetsDedup=*/false);
}

// setApply(label, "sliding_queue"): every variant builds its output frontier
// as a sliding queue. setApply(label, "pull_edge_based_load_balance"[, grain]):
// GraphIt's spelling of the pull's edge-aware dynamic parallelization.
void polyc::schedule::checkSetApply(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto option = c.option(call, 1, "setApply option", setApplyValues());
  if (!option)
    return;
  if (SetApplyOption(*option) == SetApplyOption::PullEdgeBasedLoadBalance) {
    std::optional<ScheduleNumber> grain;
    if (c.optionalNumber(call, 2, "grain size", kPositiveOrArgv, grain) && entry)
      entry->parallelization[unsigned(Variant::DensePull)] = Located<ParallelOption>{
          ParallelOption{Parallelization::EdgeAwareDynamicVertex, grain}, call.args[1].loc};
    return;
  }
  if (call.args.size() > 2) {
    c.error(call.args[2].loc, "setApply(\"sliding_queue\") takes no third argument");
    return;
  }
  if (!entry)
    return;
  for (Variant v : kAllVariants)
    entry->destinationRepr[unsigned(v)] =
        Located<FrontierRepr>{FrontierRepr::SlidingQueue, call.args[1].loc};
}

// configApplyDeduplication(label, enable|disable).
void polyc::schedule::checkDeduplication(Checker &c, const ScheduleCall &call) {
  ApplySchedule *entry = c.entry(call);
  auto on = c.option(call, 1, "deduplication setting", deduplicationValues());
  if (!entry || !on)
    return;
  bool before = dedupContradicts(*entry);
  entry->deduplicate = Located<bool>{*on != 0, call.args[1].loc};
  reportDedupContradiction(c, call, *entry, before, /*callSetsDedup=*/true);
}
