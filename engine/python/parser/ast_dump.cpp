// S-expression dump of the syntax tree, used by the parser's unit tests to state tree shapes.
#include <cstdio>

#include "python/parser/ast.h"

namespace tp::interp {

namespace {
std::string dump_block(const Block& b) {
  std::string out;
  for (auto& s : b) out += " " + dump(*s);
  return out;
}
std::string opt(const ExprPtr& e) { return e ? dump(*e) : "_"; }
}  // namespace

std::string dump(const Expr& e) {
  switch (e.kind) {
    case ExprKind::None: return "None";
    case ExprKind::True: return "True";
    case ExprKind::False: return "False";
    case ExprKind::Ellipsis: return "...";
    case ExprKind::Int: return std::to_string(static_cast<const IntLit&>(e).value);
    case ExprKind::Float: {
      char buf[32];
      snprintf(buf, sizeof buf, "%g", static_cast<const FloatLit&>(e).value);
      return std::string(buf) + "f";
    }
    case ExprKind::Str: return "'" + static_cast<const StrLit&>(e).value + "'";
    case ExprKind::Bytes: return "b'" + static_cast<const BytesLit&>(e).value + "'";
    case ExprKind::FString: {
      std::string out = "(FString";
      for (auto& p : static_cast<const FString&>(e).parts) {
        if (!p.expr) { out += " '" + p.literal + "'"; continue; }
        if (!p.expr_text.empty()) out += " '" + p.expr_text + "'";
        out += " {" + dump(*p.expr);
        if (p.conversion) out += std::string("!") + p.conversion;
        if (!p.spec.empty()) {
          out += ":";
          for (auto& s : p.spec) out += s.expr ? "{" + dump(*s.expr) + "}" : s.literal;
        }
        out += "}";
      }
      return out + ")";
    }
    case ExprKind::Name: return static_cast<const Name&>(e).id;
    case ExprKind::Attribute: {
      auto& a = static_cast<const Attribute&>(e);
      return "(. " + dump(*a.value) + " " + a.attr + ")";
    }
    case ExprKind::Subscript: {
      auto& s = static_cast<const Subscript&>(e);
      return "([] " + dump(*s.value) + " " + dump(*s.index) + ")";
    }
    case ExprKind::Slice: {
      auto& s = static_cast<const Slice&>(e);
      return "(Slice " + opt(s.lower) + " " + opt(s.upper) + " " + opt(s.step) + ")";
    }
    case ExprKind::Call: {
      auto& c = static_cast<const Call&>(e);
      std::string out = "(Call " + dump(*c.func);
      for (auto& a : c.args) out += " " + dump(*a);
      for (auto& k : c.keywords) out += " " + (k.name.empty() ? std::string("**") : k.name + "=") + dump(*k.value);
      return out + ")";
    }
    case ExprKind::Starred: return "(* " + dump(*static_cast<const Starred&>(e).value) + ")";
    case ExprKind::DoubleStarred: return "(**)";
    case ExprKind::BinOp: {
      auto& b = static_cast<const BinOp&>(e);
      return "(" + b.op + " " + dump(*b.left) + " " + dump(*b.right) + ")";
    }
    case ExprKind::UnaryOp: {
      auto& u = static_cast<const UnaryOp&>(e);
      return "(" + u.op + " " + dump(*u.operand) + ")";
    }
    case ExprKind::BoolOp: {
      auto& b = static_cast<const BoolOp&>(e);
      std::string out = b.is_and ? "(and" : "(or";
      for (auto& v : b.values) out += " " + dump(*v);
      return out + ")";
    }
    case ExprKind::Compare: {
      auto& c = static_cast<const Compare&>(e);
      std::string out = "(Compare " + dump(*c.left);
      for (size_t i = 0; i < c.ops.size(); ++i) out += " " + c.ops[i] + " " + dump(*c.comparators[i]);
      return out + ")";
    }
    case ExprKind::IfExp: {
      auto& i = static_cast<const IfExp&>(e);
      return "(IfExp " + dump(*i.test) + " " + dump(*i.body) + " " + dump(*i.orelse) + ")";
    }
    case ExprKind::Lambda: {
      auto& l = static_cast<const Lambda&>(e);
      std::string out = "(Lambda";
      for (auto& p : l.code->params) out += " " + p.name;
      return out + " " + dump(*l.code->expr) + ")";
    }
    case ExprKind::NamedExpr: {
      auto& n = static_cast<const NamedExpr&>(e);
      return "(:= " + n.target + " " + dump(*n.value) + ")";
    }
    case ExprKind::List: case ExprKind::Tuple: case ExprKind::Set: {
      std::string out = e.kind == ExprKind::List ? "(List" : e.kind == ExprKind::Tuple ? "(Tuple" : "(Set";
      for (auto& x : static_cast<const Collection&>(e).elts) out += " " + dump(*x);
      return out + ")";
    }
    case ExprKind::Dict: {
      auto& d = static_cast<const DictExpr&>(e);
      std::string out = "(Dict";
      for (size_t i = 0; i < d.keys.size(); ++i) out += " " + opt(d.keys[i]) + ":" + dump(*d.values[i]);
      return out + ")";
    }
    case ExprKind::ListComp: case ExprKind::SetComp: case ExprKind::DictComp: case ExprKind::GeneratorExp: {
      auto& c = static_cast<const Comp&>(e);
      std::string out = e.kind == ExprKind::ListComp ? "(ListComp " : e.kind == ExprKind::GeneratorExp ? "(GenExp "
                        : e.kind == ExprKind::DictComp ? "(DictComp " : "(SetComp ";
      out += c.elt ? dump(*c.elt) : dump(*c.key) + ":" + dump(*c.value);
      for (auto& g : c.generators) {
        out += " for " + dump(*g.target) + " in " + dump(*g.iter);
        for (auto& i : g.ifs) out += " if " + dump(*i);
      }
      return out + ")";
    }
  }
  return "?";
}

std::string dump(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::Expr: return dump(*static_cast<const ExprStmt&>(s).value);
    case StmtKind::Assign: {
      auto& a = static_cast<const Assign&>(s);
      std::string out = "(=";
      for (auto& t : a.targets) out += " " + dump(*t);
      return out + " " + dump(*a.value) + ")";
    }
    case StmtKind::AugAssign: {
      auto& a = static_cast<const AugAssign&>(s);
      return "(" + a.op + "= " + dump(*a.target) + " " + dump(*a.value) + ")";
    }
    case StmtKind::AnnAssign: {
      auto& a = static_cast<const AnnAssign&>(s);
      return "(: " + dump(*a.target) + " " + dump(*a.annotation) + " " + opt(a.value) + ")";
    }
    case StmtKind::Import: {
      std::string out = "(import";
      for (auto& a : static_cast<const Import&>(s).names) out += " " + a.name + (a.asname.empty() ? "" : " as " + a.asname);
      return out + ")";
    }
    case StmtKind::ImportFrom: {
      auto& i = static_cast<const ImportFrom&>(s);
      std::string out = "(from " + i.module + " import";
      for (auto& a : i.names) out += " " + a.name + (a.asname.empty() ? "" : " as " + a.asname);
      return out + ")";
    }
    case StmtKind::If: {
      auto& i = static_cast<const If&>(s);
      return "(if " + dump(*i.test) + dump_block(i.body) + (i.orelse.empty() ? "" : " else" + dump_block(i.orelse)) + ")";
    }
    case StmtKind::For: {
      auto& f = static_cast<const For&>(s);
      return "(for " + dump(*f.target) + " in " + dump(*f.iter) + dump_block(f.body) +
             (f.orelse.empty() ? "" : " else" + dump_block(f.orelse)) + ")";
    }
    case StmtKind::While: {
      auto& w = static_cast<const While&>(s);
      return "(while " + dump(*w.test) + dump_block(w.body) + ")";
    }
    case StmtKind::Break: return "break";
    case StmtKind::Continue: return "continue";
    case StmtKind::Pass: return "pass";
    case StmtKind::FunctionDef: {
      auto& f = static_cast<const FunctionDef&>(s);
      std::string out = "(def " + f.code->name + " (";
      for (size_t i = 0; i < f.code->params.size(); ++i) {
        auto& p = f.code->params[i];
        out += (i ? " " : "") + std::string(p.kind == Param::VarArgs ? "*" : p.kind == Param::VarKw ? "**" : "") + p.name;
        if (p.default_value) out += "=" + dump(*p.default_value);
      }
      return out + ")" + dump_block(f.code->body) + ")";
    }
    case StmtKind::ClassDef: {
      auto& c = static_cast<const ClassDef&>(s);
      std::string out = "(class " + c.name;
      for (auto& b : c.bases) out += " " + dump(*b);
      return out + dump_block(c.code->body) + ")";
    }
    case StmtKind::Return: return "(return " + opt(static_cast<const Return&>(s).value) + ")";
    case StmtKind::With: {
      auto& w = static_cast<const With&>(s);
      std::string out = "(with";
      for (auto& i : w.items) out += " " + dump(*i.context) + (i.target ? " as " + dump(*i.target) : "");
      return out + dump_block(w.body) + ")";
    }
    case StmtKind::Try: {
      auto& t = static_cast<const Try&>(s);
      std::string out = "(try" + dump_block(t.body);
      for (auto& h : t.handlers)
        out += " (except " + opt(h.type) + (h.name.empty() ? "" : " as " + h.name) + dump_block(h.body) + ")";
      if (!t.orelse.empty()) out += " else" + dump_block(t.orelse);
      if (!t.finalbody.empty()) out += " finally" + dump_block(t.finalbody);
      return out + ")";
    }
    case StmtKind::Raise: {
      auto& r = static_cast<const Raise&>(s);
      return "(raise " + opt(r.exc) + (r.cause ? " from " + dump(*r.cause) : "") + ")";
    }
    case StmtKind::Assert: {
      auto& a = static_cast<const Assert&>(s);
      return "(assert " + dump(*a.test) + " " + opt(a.msg) + ")";
    }
    case StmtKind::Delete: {
      std::string out = "(del";
      for (auto& t : static_cast<const Delete&>(s).targets) out += " " + dump(*t);
      return out + ")";
    }
    case StmtKind::Global: case StmtKind::Nonlocal: {
      std::string out = s.kind == StmtKind::Global ? "(global" : "(nonlocal";
      for (auto& n : static_cast<const NameList&>(s).names) out += " " + n;
      return out + ")";
    }
    case StmtKind::Yield: {
      auto& y = static_cast<const YieldStmt&>(s);
      const std::string yield = std::string(y.from ? "(yield-from " : "(yield ") + opt(y.value) + ")";
      return y.target ? "(= " + dump(*y.target) + " " + yield + ")" : yield;
    }
  }
  return "?";
}

}  // namespace tp::interp
