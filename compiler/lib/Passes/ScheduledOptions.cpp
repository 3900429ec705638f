//===- ScheduledOptions.cpp - Reading schedule options in passes ---------===//
#include "ScheduledOptions.h"

using namespace polyc;

bool polyc::hasEdgeTraversal(const Module &module, const std::string &label) {
  return llvm::any_of(module.edgeTraversals,
                      [&](const EdgeTraversalExpr *t) { return t->label == label; });
}

bool polyc::hasVertexTraversal(const Module &module, const std::string &label) {
  return llvm::any_of(module.vertexTraversals,
                      [&](const VertexTraversalExpr *t) { return t->label == label; });
}

void polyc::reportNotApplicable(DiagnosticEngine &diags, llvm::SMLoc loc, const char *option,
                                const char *kind, const std::string &label) {
  diags.error(loc, llvm::Twine("'") + option + "' applies to " + kind +
                       ", and the statement labelled '" + label + "' has none");
}

void polyc::noteDirection(const Module &module, const EdgeTraversalExpr &t,
                          DiagnosticEngine &diags) {
  const ApplySchedule *s = module.schedule.find(t.label);
  if (s && s->direction)
    diags.note(s->direction->loc, "the direction of '" + t.label + "' is set here");
  else
    diags.note(t.loc, "'" + t.label + "' runs SparsePush, the default direction");
}

std::string polyc::variantList(const EdgeTraversalExpr &t) {
  std::string out;
  for (size_t i = 0; i < t.variants.size(); ++i) {
    if (i)
      out += " and ";
    out += spelling(t.variants[i].variant);
  }
  return out;
}
