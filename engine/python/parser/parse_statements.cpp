// Statements and blocks of the recursive-descent parser (expressions: python/parser/parse_expressions.cpp).
#include "python/parser/parser.h"

#include <algorithm>

#include "python/parser/lexer.h"

namespace tp::interp {

namespace {
const char* const kKeywords[] = {"False", "None", "True", "and", "as", "assert", "async", "await", "break",
                                 "class", "continue", "def", "del", "elif", "else", "except", "finally", "for",
                                 "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or",
                                 "pass", "raise", "return", "try", "while", "with", "yield", nullptr};

[[noreturn]] void unsupported(const std::string& what, const Token& t) {
  throw SyntaxErrorInfo("SyntaxError", "unsupported syntax: " + what + " is not supported by the playground",
                        t.line, t.col);
}

int block_end_of(const Block& b, int fallback) { return b.empty() ? fallback : b.back()->end_line; }

// Last line of a compound statement: the end of its last block.
int block_end(const Stmt& s) {
  int e = s.line;
  auto upd = [&](const Block& b) { e = std::max(e, block_end_of(b, e)); };
  switch (s.kind) {
    case StmtKind::If: upd(static_cast<const If&>(s).body); upd(static_cast<const If&>(s).orelse); break;
    case StmtKind::For: upd(static_cast<const For&>(s).body); upd(static_cast<const For&>(s).orelse); break;
    case StmtKind::While: upd(static_cast<const While&>(s).body); upd(static_cast<const While&>(s).orelse); break;
    case StmtKind::FunctionDef: upd(static_cast<const FunctionDef&>(s).code->body); break;
    case StmtKind::ClassDef: upd(static_cast<const ClassDef&>(s).code->body); break;
    case StmtKind::With: upd(static_cast<const With&>(s).body); break;
    case StmtKind::Try: {
      auto& t = static_cast<const Try&>(s);
      upd(t.body);
      for (auto& h : t.handlers) upd(h.body);
      upd(t.orelse);
      upd(t.finalbody);
      break;
    }
    default: break;
  }
  return e;
}
}  // namespace

std::unique_ptr<Program> parse_program(const std::string& source, int max_nesting) {
  Parser p(tokenize(source, 1, max_nesting), max_nesting);
  return p.program();
}

Parser::Parser(std::vector<Token> tokens, int max_nesting) : toks_(std::move(tokens)), max_nesting_(max_nesting) {}

Parser::DepthGuard::DepthGuard(Parser& p) : p_(p) {
  // Bounded so deeply nested source cannot exhaust the native stack (CPython's wording).
  if (++p_.depth_ > p_.max_nesting_ * 4)
    throw SyntaxErrorInfo("RecursionError", "maximum recursion depth exceeded during compilation", p_.peek().line,
                          p_.peek().col);
}

void Parser::check_chain(int links) const {
  if (links >= kMaxChain)
    throw SyntaxErrorInfo("RecursionError", "maximum recursion depth exceeded during compilation", peek().line, peek().col);
}

const Token& Parser::peek(size_t ahead) const {
  size_t i = pos_ + ahead;
  return i < toks_.size() ? toks_[i] : toks_.back();
}

const Token& Parser::advance() {
  if (pos_ < toks_.size() - 1) ++pos_;
  return toks_[pos_ - 1];
}

bool Parser::match_op(const char* op) {
  if (!check_op(op)) return false;
  advance();
  return true;
}

bool Parser::match_kw(const char* kw) {
  if (!check_kw(kw)) return false;
  advance();
  return true;
}

const Token& Parser::expect_op(const char* op, const char* message) {
  if (!check_op(op)) {
    if (message) error(message, peek());
    error_here();
  }
  return advance();
}

std::string Parser::expect_name() {
  if (!check(Tok::Name) || is_keyword(peek())) error_here();
  return advance().text;
}

void Parser::span(Expr& e, size_t start) const {
  if (!positions_) {
    e.col = e.end_col = -1;
    return;
  }
  const Token& a = toks_[start];
  const Token& b = toks_[pos_ > start ? pos_ - 1 : start];
  e.line = a.line;
  e.col = a.col;
  e.end_line = b.end_line;
  e.end_col = b.end_col;
}

bool Parser::is_keyword(const Token& t) const {
  if (t.type != Tok::Name) return false;
  for (int i = 0; kKeywords[i]; ++i)
    if (t.text == kKeywords[i]) return true;
  return false;
}

void Parser::error(const std::string& message, const Token& at, const char* type) const {
  // An error at the end of a line is reported where the line ends, like CPython.
  throw SyntaxErrorInfo(type, message, at.line, at.col);
}

std::unique_ptr<Program> Parser::program() {
  auto prog = std::make_unique<Program>();
  while (!check(Tok::End)) {
    if (check(Tok::Newline)) { advance(); continue; }
    if (check(Tok::Indent)) error("unexpected indent", peek(), "IndentationError");
    statement(prog->body);
  }
  return prog;
}

// ---------------------------------------------------------------- statements

void Parser::statement(Block& out) {
  const Token& t = peek();
  if (t.type == Tok::Name) {
    if (t.text == "if") { advance(); out.push_back(if_statement(t.line, "if")); return; }
    if (t.text == "for") { out.push_back(for_statement()); return; }
    if (t.text == "while") { out.push_back(while_statement()); return; }
    if (t.text == "def") { out.push_back(def_statement({})); return; }
    if (t.text == "class") { out.push_back(class_statement()); return; }
    if (t.text == "with") { out.push_back(with_statement()); return; }
    if (t.text == "try") { out.push_back(try_statement()); return; }
    if (t.text == "async") unsupported("'async'", t);
    if (t.text == "match" && peek(1).type != Tok::Op && peek(1).type != Tok::Newline) {
      // `match x:` (the soft keyword); `match = 3` / `match(...)` stay ordinary names.
      size_t i = pos_;
      while (i + 1 < toks_.size() && toks_[i + 1].type != Tok::Newline) ++i;
      if (toks_[i].is(Tok::Op, ":")) unsupported("'match'", t);
    }
    if (t.text == "elif" || t.text == "else" || t.text == "except" || t.text == "finally") error_here();
  }
  if (t.is(Tok::Op, "@")) {
    std::vector<ExprPtr> decorators;
    while (match_op("@")) {
      decorators.push_back(named_expression());
      if (!check(Tok::Newline)) error_here();
      advance();
    }
    if (check_kw("class")) unsupported("class decorators", peek());
    if (!check_kw("def")) error_here();
    out.push_back(def_statement(std::move(decorators)));
    return;
  }
  simple_statements(out);
}

void Parser::simple_statements(Block& out) {
  while (true) {
    out.push_back(simple_statement());
    if (!match_op(";")) break;
    if (check(Tok::Newline)) break;
  }
  if (!check(Tok::Newline)) {
    if (check(Tok::End)) return;
    error_here();
  }
  advance();
}

StmtPtr Parser::simple_statement() {
  const Token& t = peek();
  size_t start = pos_;
  int line = t.line;
  StmtPtr s;
  if (t.type == Tok::Name) {
    const std::string& k = t.text;
    if (k == "pass") { advance(); s = std::make_unique<SimpleStmt>(StmtKind::Pass, line); }
    else if (k == "break") {
      if (loop_depth_ == 0) error("'break' outside loop", t);
      advance();
      s = std::make_unique<SimpleStmt>(StmtKind::Break, line);
    } else if (k == "continue") {
      if (loop_depth_ == 0) error("'continue' not properly in loop", t);
      advance();
      s = std::make_unique<SimpleStmt>(StmtKind::Continue, line);
    } else if (k == "return") {
      if (function_depth_ == 0) error("'return' outside function", t);
      advance();
      auto r = std::make_unique<Return>(line);
      if (!check(Tok::Newline) && !check_op(";") && !check(Tok::End)) r->value = expression_list(true);
      s = std::move(r);
    } else if (k == "import") {
      s = import_statement();
    } else if (k == "from") {
      s = from_import_statement();
    } else if (k == "raise") {
      advance();
      auto r = std::make_unique<Raise>(line);
      if (!check(Tok::Newline) && !check_op(";") && !check(Tok::End)) {
        r->exc = expression();
        if (match_kw("from")) r->cause = expression();
      }
      s = std::move(r);
    } else if (k == "assert") {
      advance();
      auto a = std::make_unique<Assert>(line);
      a->test = expression();
      if (match_op(",")) a->msg = expression();
      s = std::move(a);
    } else if (k == "del") {
      advance();
      auto d = std::make_unique<Delete>(line);
      do {
        if (check(Tok::Newline)) break;
        d->targets.push_back(bit_or());
        check_target(*d->targets.back(), "delete");
        declare_target(*d->targets.back());
      } while (match_op(","));
      s = std::move(d);
    } else if (k == "global" || k == "nonlocal") {
      advance();
      auto g = std::make_unique<NameList>(k == "global" ? StmtKind::Global : StmtKind::Nonlocal, line);
      do g->names.push_back(expect_name()); while (match_op(","));
      if (!scopes_.empty()) {
        for (auto& n : g->names) (k == "global" ? scopes_.back()->globals : scopes_.back()->nonlocals).insert(n);
      } else if (k == "nonlocal") {
        error("nonlocal declaration not allowed at module level", t);
      }
      s = std::move(g);
    } else if (k == "yield") {
      s = yield_statement(nullptr);
    } else if (k == "await") {
      unsupported("'await'", t);
    } else if (k == "print" && peek(1).type == Tok::String) {
      error("Missing parentheses in call to 'print'. Did you mean print(...)?", t);
    }
  }
  if (!s) s = expression_statement();
  s->end_line = previous().end_line;
  s->col = toks_[start].col;
  s->end_col = previous().end_col;
  return s;
}

StmtPtr Parser::yield_statement(ExprPtr target) {
  const Token& t = advance();
  if (function_depth_ == 0) error("'yield' outside function", t);
  auto y = std::make_unique<YieldStmt>(t.line);
  y->target = std::move(target);
  if (match_kw("from")) {
    y->from = true;
    y->value = expression();
  } else if (!check(Tok::Newline) && !check(Tok::End) && !check_op(";")) {
    y->value = expression_list(true);
  }
  return y;
}

namespace {
// Marks the statements of a function body that contain one of its yields (not those of nested
// functions or classes); true if there is any. The generator runner keeps only these on its cursor
// stack (Note [Generators]); it does not suspend inside try or with.
bool mark_yields(const Block& body) {
  bool any = false;
  for (auto& sp : body) {
    Stmt& s = *sp;
    bool has = false;
    switch (s.kind) {
      case StmtKind::Yield: has = true; break;
      case StmtKind::If: {
        auto& i = static_cast<If&>(s);
        has = mark_yields(i.body) | mark_yields(i.orelse);
        break;
      }
      case StmtKind::For: {
        auto& f = static_cast<For&>(s);
        has = mark_yields(f.body) | mark_yields(f.orelse);
        break;
      }
      case StmtKind::While: {
        auto& w = static_cast<While&>(s);
        has = mark_yields(w.body) | mark_yields(w.orelse);
        break;
      }
      case StmtKind::With: case StmtKind::Try: {
        bool inside = false;
        if (s.kind == StmtKind::With) {
          inside = mark_yields(static_cast<With&>(s).body);
        } else {
          auto& t = static_cast<Try&>(s);
          inside = mark_yields(t.body) | mark_yields(t.orelse) | mark_yields(t.finalbody);
          for (auto& h : t.handlers) inside |= mark_yields(h.body);
        }
        if (inside)
          throw SyntaxErrorInfo("SyntaxError", std::string("unsupported syntax: 'yield' inside '") +
                                                   (s.kind == StmtKind::With ? "with" : "try") +
                                                   "' is not supported by the playground",
                                s.line, s.col);
        break;
      }
      default: break;
    }
    s.has_yield = has;
    any |= has;
  }
  return any;
}
}  // namespace

StmtPtr Parser::expression_statement() {
  int line = peek().line;
  // An assignment expression is not a statement (CPython's grammar has no named expression in
  // star_expressions): `x := 1` is invalid syntax at the `:=`.
  if (check(Tok::Name) && peek(1).is(Tok::Op, ":=")) error("invalid syntax", peek(1));
  ExprPtr first = expression_list(true);
  if (check_op("=")) {
    auto a = std::make_unique<Assign>(line);
    a->targets.push_back(std::move(first));
    while (match_op("=")) {
      if (check_kw("yield")) {
        if (a->targets.size() != 1) unsupported("'yield' assigned to several targets", peek());
        check_target(*a->targets[0], "assign to");
        declare_target(*a->targets[0]);
        return yield_statement(std::move(a->targets[0]));
      }
      a->targets.push_back(expression_list(true));
    }
    a->value = std::move(a->targets.back());
    a->targets.pop_back();
    for (auto& t : a->targets) { check_target(*t, "assign to"); declare_target(*t); }
    return a;
  }
  if (check(Tok::Op)) {
    static const char* const aug[] = {"+=", "-=", "*=", "/=", "//=", "%=", "**=", "@=", "&=", "|=", "^=", ">>=", "<<=", nullptr};
    for (int i = 0; aug[i]; ++i) {
      if (check_op(aug[i])) {
        const Token& optok = advance();
        if (first->kind != ExprKind::Name && first->kind != ExprKind::Attribute && first->kind != ExprKind::Subscript)
          error("'" + std::string(first->kind == ExprKind::Tuple ? "tuple" : first->kind == ExprKind::List ? "list" : "expression") +
                "' is an illegal expression for augmented assignment", optok);
        auto a = std::make_unique<AugAssign>(line);
        a->op = optok.text.substr(0, optok.text.size() - 1);
        declare_target(*first);
        a->target = std::move(first);
        a->value = expression_list(true);
        return a;
      }
    }
    if (check_op(":")) {  // annotated assignment: x: int = 3
      advance();
      auto a = std::make_unique<AnnAssign>(line);
      a->annotation = expression();
      if (match_op("=")) a->value = expression_list(true);
      check_target(*first, "assign to");
      declare_target(*first);
      a->target = std::move(first);
      return a;
    }
  }
  return std::make_unique<ExprStmt>(line, std::move(first));
}

// "cannot assign to function call here. Maybe you meant '==' instead of '='?" and friends.
void Parser::check_target(const Expr& e, const char* how) const {
  std::string what;
  switch (e.kind) {
    case ExprKind::Name: case ExprKind::Attribute: case ExprKind::Subscript: return;
    case ExprKind::Starred: check_target(*static_cast<const Starred&>(e).value, how); return;
    case ExprKind::Tuple: case ExprKind::List:
      for (auto& x : static_cast<const Collection&>(e).elts) check_target(*x, how);
      return;
    case ExprKind::Call: what = "function call"; break;
    case ExprKind::Int: case ExprKind::Float: case ExprKind::Str: case ExprKind::Bytes: case ExprKind::Ellipsis: what = "literal"; break;
    case ExprKind::None: what = "None"; break;
    case ExprKind::True: what = "True"; break;
    case ExprKind::False: what = "False"; break;
    case ExprKind::FString: what = "f-string expression"; break;
    case ExprKind::Compare: what = "comparison"; break;
    case ExprKind::BinOp: case ExprKind::UnaryOp: what = "expression"; break;
    case ExprKind::BoolOp: what = "expression"; break;
    case ExprKind::Lambda: what = "lambda"; break;
    case ExprKind::IfExp: what = "conditional expression"; break;
    case ExprKind::Dict: what = "dict literal"; break;
    case ExprKind::Set: what = "set display"; break;
    case ExprKind::ListComp: what = "list comprehension"; break;
    case ExprKind::DictComp: what = "dict comprehension"; break;
    case ExprKind::GeneratorExp: what = "generator expression"; break;
    default: what = "expression"; break;
  }
  std::string h = how;
  if (h == "delete") throw SyntaxErrorInfo("SyntaxError", "cannot delete " + what, e.line, 0);
  if (what == "None" || what == "True" || what == "False")
    throw SyntaxErrorInfo("SyntaxError", "cannot assign to " + what, e.line, 0);
  throw SyntaxErrorInfo("SyntaxError", "cannot " + h + " " + what + " here. Maybe you meant '==' instead of '='?",
                        e.line, 0);
}

void Parser::declare(const std::string& name) {
  if (!scopes_.empty()) scopes_.back()->locals.insert(name);
}

void Parser::declare_target(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Name: declare(static_cast<const Name&>(e).id); break;
    case ExprKind::Starred: declare_target(*static_cast<const Starred&>(e).value); break;
    case ExprKind::Tuple: case ExprKind::List:
      for (auto& x : static_cast<const Collection&>(e).elts) declare_target(*x);
      break;
    default: break;
  }
}

StmtPtr Parser::import_statement() {
  auto s = std::make_unique<Import>(advance().line);
  do {
    Alias a;
    a.name = expect_name();
    while (match_op(".")) a.name += "." + expect_name();
    if (match_kw("as")) a.asname = expect_name();
    declare(a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname);
    s->names.push_back(std::move(a));
  } while (match_op(","));
  return s;
}

StmtPtr Parser::from_import_statement() {
  auto s = std::make_unique<ImportFrom>(advance().line);
  if (check_op(".")) unsupported("relative imports", peek());
  s->module = expect_name();
  while (match_op(".")) s->module += "." + expect_name();
  if (!match_kw("import")) error_here();
  bool paren = match_op("(");
  if (match_op("*")) {
    s->names.push_back({"*", ""});
  } else {
    do {
      if (paren && check_op(")")) break;
      Alias a;
      a.name = expect_name();
      if (match_kw("as")) a.asname = expect_name();
      declare(a.asname.empty() ? a.name : a.asname);
      s->names.push_back(std::move(a));
    } while (match_op(","));
  }
  if (paren) expect_op(")");
  return s;
}

Block Parser::block(const std::string& after_what, int header_line) {
  expect_op(":", "expected ':'");
  Block body;
  if (!check(Tok::Newline)) {  // `if x: y = 1`
    simple_statements(body);
    return body;
  }
  advance();
  if (!check(Tok::Indent)) {
    throw SyntaxErrorInfo("IndentationError",
                          "expected an indented block after " + after_what + " on line " + std::to_string(header_line),
                          peek().line, peek().col);
  }
  advance();
  while (!check(Tok::Dedent) && !check(Tok::End)) {
    if (check(Tok::Indent)) error("unexpected indent", peek(), "IndentationError");
    statement(body);
  }
  if (check(Tok::Dedent)) advance();
  return body;
}

StmtPtr Parser::if_statement(int line, const char* what) {
  auto s = std::make_unique<If>(line);
  s->test = named_expression();
  s->body = block(std::string("'") + what + "' statement", line);
  if (check_kw("elif")) {
    int l = advance().line;
    s->orelse.push_back(if_statement(l, "elif"));
  } else if (check_kw("else")) {
    int l = advance().line;
    s->orelse = block("'else' statement", l);
  }
  s->end_line = block_end(*s);
  return s;
}

StmtPtr Parser::for_statement() {
  auto s = std::make_unique<For>(advance().line);
  s->col = previous().col;
  s->target = target_list();
  check_target(*s->target, "assign to");
  declare_target(*s->target);
  if (!match_kw("in")) error_here();
  s->iter = expression_list(true);
  ++loop_depth_;
  s->body = block("'for' statement", s->line);
  --loop_depth_;
  if (check_kw("else")) {
    int l = advance().line;
    s->orelse = block("'else' statement", l);
  }
  s->end_line = block_end(*s);
  return s;
}

StmtPtr Parser::while_statement() {
  auto s = std::make_unique<While>(advance().line);
  s->col = previous().col;
  s->test = named_expression();
  ++loop_depth_;
  s->body = block("'while' statement", s->line);
  --loop_depth_;
  if (check_kw("else")) {
    int l = advance().line;
    s->orelse = block("'else' statement", l);
  }
  s->end_line = block_end(*s);
  return s;
}

std::vector<Param> Parser::parameters(const char* closer) {
  std::vector<Param> params;
  bool seen_default = false, kw_only = false;
  while (!check_op(closer)) {
    Param p;
    if (match_op("**")) {
      p.kind = Param::VarKw;
      p.name = expect_name();
    } else if (match_op("*")) {
      if (check_op(",")) { kw_only = true; expect_op(","); continue; }
      p.kind = Param::VarArgs;
      p.name = expect_name();
      kw_only = true;
    } else {
      if (check_op("/")) { advance(); if (!check_op(closer)) expect_op(","); continue; }  // positional-only marker
      p.name = expect_name();
      p.kind = kw_only ? Param::KwOnly : Param::Normal;
    }
    if (std::string(closer) == ")" && match_op(":")) expression();  // annotation, ignored
    if (match_op("=")) {
      p.default_value = expression();
      if (p.kind == Param::Normal) seen_default = true;
    } else if (p.kind == Param::Normal && seen_default) {
      error("non-default argument follows default argument", previous());
    }
    for (auto& q : params)
      if (q.name == p.name) error("duplicate argument '" + p.name + "' in function definition", previous());
    params.push_back(std::move(p));
    if (!match_op(",")) break;
  }
  return params;
}

StmtPtr Parser::def_statement(std::vector<ExprPtr> decorators) {
  auto s = std::make_unique<FunctionDef>(advance().line);
  s->col = previous().col;
  s->decorators = std::move(decorators);
  auto code = std::make_shared<FunctionCode>();
  code->line = s->line;
  code->name = expect_name();
  declare(code->name);
  expect_op("(");
  code->params = parameters(")");
  expect_op(")");
  if (match_op("->")) expression();  // return annotation, ignored
  for (auto& p : code->params) code->scope.locals.insert(p.name);
  scopes_.push_back(&code->scope);
  int saved_loops = loop_depth_;
  loop_depth_ = 0;
  ++function_depth_;
  code->body = block("function definition", s->line);
  code->is_generator = mark_yields(code->body);
  --function_depth_;
  loop_depth_ = saved_loops;
  scopes_.pop_back();
  for (auto& g : code->scope.globals) code->scope.locals.erase(g);
  for (auto& n : code->scope.nonlocals) code->scope.locals.erase(n);
  s->code = std::move(code);
  s->end_line = block_end(*s);
  return s;
}

StmtPtr Parser::class_statement() {
  auto s = std::make_unique<ClassDef>(advance().line);
  s->col = previous().col;
  s->name = expect_name();
  declare(s->name);
  if (match_op("(")) {
    while (!check_op(")")) {
      if (check(Tok::Name) && peek(1).is(Tok::Op, "=")) unsupported("class keyword arguments", peek());
      s->bases.push_back(expression());
      if (!match_op(",")) break;
    }
    expect_op(")");
  }
  auto code = std::make_shared<FunctionCode>();
  code->name = s->name;
  code->line = s->line;
  scopes_.push_back(&code->scope);
  int saved_loops = loop_depth_;
  loop_depth_ = 0;
  code->body = block("class definition", s->line);
  loop_depth_ = saved_loops;
  scopes_.pop_back();
  s->code = std::move(code);
  s->end_line = block_end(*s);
  return s;
}

StmtPtr Parser::with_statement() {
  auto s = std::make_unique<With>(advance().line);
  s->col = previous().col;
  bool paren = false;
  // `with (a as b, c):` (3.10+ parenthesised items) vs `with (a):`
  if (check_op("(")) {
    size_t depth = 0, i = pos_;
    for (; i < toks_.size(); ++i) {
      if (toks_[i].is(Tok::Op, "(")) ++depth;
      else if (toks_[i].is(Tok::Op, ")") && --depth == 0) break;
    }
    if (i + 1 < toks_.size() && toks_[i + 1].is(Tok::Op, ":")) {
      // parenthesised only if it contains a top-level 'as' or ','
      size_t d = 0;
      for (size_t j = pos_; j < i; ++j) {
        if (toks_[j].type == Tok::Op && (toks_[j].text == "(" || toks_[j].text == "[" || toks_[j].text == "{")) ++d;
        else if (toks_[j].type == Tok::Op && (toks_[j].text == ")" || toks_[j].text == "]" || toks_[j].text == "}")) --d;
        else if (d == 1 && (toks_[j].is(Tok::Name, "as") || toks_[j].is(Tok::Op, ","))) paren = true;
      }
    }
  }
  if (paren) advance();
  do {
    if (paren && check_op(")")) break;
    WithItem item;
    item.context = expression();
    if (match_kw("as")) {
      item.target = target_list();
      check_target(*item.target, "assign to");
      declare_target(*item.target);
    }
    s->items.push_back(std::move(item));
  } while (match_op(","));
  if (paren) expect_op(")");
  s->body = block("'with' statement", s->line);
  s->end_line = block_end(*s);
  return s;
}

StmtPtr Parser::try_statement() {
  auto s = std::make_unique<Try>(advance().line);
  s->col = previous().col;
  s->body = block("'try' statement", s->line);
  while (check_kw("except")) {
    ExceptHandler h;
    h.line = advance().line;
    if (match_op("*")) unsupported("'except*'", previous());
    if (!check_op(":")) {
      h.type = expression();
      if (match_op(",")) error("multiple exception types must be parenthesized", previous());
      if (match_kw("as")) {
        h.name = expect_name();
        declare(h.name);
      }
    }
    h.body = block("'except' statement", h.line);
    s->handlers.push_back(std::move(h));
  }
  if (check_kw("else")) {
    if (s->handlers.empty()) error_here();
    int l = advance().line;
    s->orelse = block("'else' statement", l);
  }
  if (check_kw("finally")) {
    int l = advance().line;
    s->finalbody = block("'finally' statement", l);
  }
  if (s->handlers.empty() && s->finalbody.empty()) error("expected 'except' or 'finally' block", peek());
  s->end_line = block_end(*s);
  return s;
}

}  // namespace tp::interp
