//===- FieldOptions.cpp - fuseFields ---------------------------------------===//
//
// fuseFields(a, b, ...) or fuseFields({"a", "b", ...}) stores global
// per-vertex vectors as one array of structs. The names must be distinct
// global vectors over the same vertex element, at least two, and a vector
// can be in one fusion only.
//
//===----------------------------------------------------------------------===//
#include "Checker.h"

using namespace polyc;
using namespace polyc::schedule;

void polyc::schedule::checkFuseFields(Checker &c, const ScheduleCall &call) {
  bool ok = true;
  std::vector<Located<std::string>> names;
  if (call.args.size() == 1 && call.args[0].kind == ScheduleArg::List) {
    const ScheduleArg &list = call.args[0];
    for (size_t i = 0; i < list.list.size(); ++i)
      names.push_back({list.list[i], list.listLocs[i]});
  } else {
    for (unsigned i = 0; i < call.args.size(); ++i) {
      const ScheduleArg &arg = call.args[i];
      if (arg.kind == ScheduleArg::List) {
        c.error(arg.loc, "'fuseFields' takes either vector names or one {\"...\"} list of them, "
                         "not both");
        ok = false;
      } else if (c.expectString(call, i, "a vector name")) {
        names.push_back({arg.text, arg.loc});
      } else {
        ok = false;
      }
    }
  }
  if (ok && names.size() < 2)
    c.error(call.loc, "'fuseFields' fuses at least two vectors, but " +
                          std::to_string(names.size()) + (names.size() == 1 ? " is" : " are") +
                          " given");
  ok &= names.size() >= 2;

  const VarDecl *first = nullptr;
  for (size_t i = 0; i < names.size(); ++i) {
    const Located<std::string> &name = names[i];
    auto twice = std::find_if(names.begin(), names.begin() + i,
                              [&](const auto &n) { return n.value == name.value; });
    if (twice != names.begin() + i) {
      c.error(name.loc, "'" + name.value + "' is named twice in this fusion");
      c.note(twice->loc, "first named here");
      ok = false;
      continue;
    }
    const VarDecl *vector = c.perVertexVector(name.value, name.loc);
    if (!vector) {
      ok = false;
      continue;
    }
    if (first && vector->type.element != first->type.element) {
      c.error(name.loc, "'" + name.value + "' holds one value per " + vector->type.element +
                            " and '" + first->name + "' one per " + first->type.element +
                            "; fused vectors must have the same element");
      ok = false;
    }
    if (!first)
      first = vector;
    for (const FieldFusion &earlier : c.schedule.fusedFields)
      for (const Located<std::string> &fused : earlier.vectors)
        if (fused.value == name.value) {
          c.error(name.loc, "'" + name.value + "' is already fused with other vectors; a "
                                "vector can be in one fusion only");
          c.note(fused.loc, "'" + name.value + "' is fused here");
          ok = false;
        }
  }
  if (ok)
    c.schedule.fusedFields.push_back(FieldFusion{std::move(names), call.loc});
}
