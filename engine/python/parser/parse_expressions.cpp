// Expressions of the recursive-descent parser, lowest precedence first (Python's grammar):
// lambda, if-else, or, and, not, comparisons, | ^ &, shifts, + -, * / // % @, unary, **, primaries.
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <limits>

#include "python/parser/lexer.h"
#include "python/parser/parser.h"

namespace tp::interp {

namespace {
// Generators suspend only at statement boundaries (Note [Generators] in generators.cpp).
[[noreturn]] void yield_in_expression(const Token& t) {
  throw SyntaxErrorInfo("SyntaxError",
                        "unsupported syntax: 'yield' inside an expression is not supported by the playground "
                        "(write it as its own statement: yield x, x = yield y, yield from xs)",
                        t.line, t.col);
}
}  // namespace


namespace {
bool is_comp_op(const Token& t) {
  if (t.type == Tok::Op)
    return t.text == "==" || t.text == "!=" || t.text == "<" || t.text == "<=" || t.text == ">" || t.text == ">=";
  return t.type == Tok::Name && (t.text == "in" || t.text == "is" || t.text == "not");
}
}  // namespace

ExprPtr Parser::single_expression() {
  ExprPtr e = expression_list(true);
  while (check(Tok::Newline)) advance();
  if (!check(Tok::End)) error_here();
  return e;
}

bool Parser::at_expression_start() const {
  const Token& t = peek();
  switch (t.type) {
    case Tok::Name:
      return !is_keyword(t) || t.text == "None" || t.text == "True" || t.text == "False" || t.text == "not" ||
             t.text == "lambda" || t.text == "await" || t.text == "yield";
    case Tok::Int: case Tok::Float: case Tok::String: return true;
    case Tok::Op:
      return t.text == "(" || t.text == "[" || t.text == "{" || t.text == "-" || t.text == "+" || t.text == "~" ||
             t.text == "..." || t.text == "*";
    default: return false;
  }
}

ExprPtr Parser::expression_list(bool allow_starred) {
  int line = peek().line;
  size_t start = pos_;
  ExprPtr first = allow_starred ? star_or_expression() : expression();
  if (!check_op(",")) {
    if (first->kind == ExprKind::Starred) error("can't use starred expression here", previous());
    return first;
  }
  auto tuple = std::make_unique<Collection>(ExprKind::Tuple, line);
  tuple->elts.push_back(std::move(first));
  while (match_op(",")) {
    if (!at_expression_start()) break;
    tuple->elts.push_back(allow_starred ? star_or_expression() : expression());
  }
  span(*tuple, start);
  tuple->end_line = tuple->elts.back()->end_line;  // a trailing comma is not part of the span
  tuple->end_col = tuple->elts.back()->end_col;
  return tuple;
}

ExprPtr Parser::target_list() {
  int line = peek().line;
  size_t start = pos_;
  auto one = [&]() -> ExprPtr {
    size_t s = pos_;
    if (match_op("*")) return spanned(std::make_unique<Starred>(previous().line, bit_or()), s);
    return bit_or();
  };
  ExprPtr first = one();
  if (!check_op(",")) return first;
  auto tuple = std::make_unique<Collection>(ExprKind::Tuple, line);
  tuple->elts.push_back(std::move(first));
  while (match_op(",")) {
    if (check_kw("in") || check_op("=") || check_op(":")) break;
    tuple->elts.push_back(one());
  }
  span(*tuple, start);
  tuple->end_line = tuple->elts.back()->end_line;
  tuple->end_col = tuple->elts.back()->end_col;
  return tuple;
}

ExprPtr Parser::star_or_expression() {
  size_t start = pos_;
  if (match_op("*")) {
    int line = previous().line;
    return spanned(std::make_unique<Starred>(line, bit_or()), start);
  }
  return named_expression();
}

ExprPtr Parser::named_expression() {
  if (check(Tok::Name) && peek(1).is(Tok::Op, ":=")) {
    size_t start = pos_;
    auto n = std::make_unique<NamedExpr>(peek().line);
    n->target = expect_name();
    advance();
    // PEP 572: inside a comprehension the target binds in the enclosing function (or module).
    size_t i = scopes_.size();
    while (i > 0 && std::find(comp_scopes_.begin(), comp_scopes_.end(), scopes_[i - 1]) != comp_scopes_.end()) --i;
    if (i > 0) scopes_[i - 1]->locals.insert(n->target);
    n->value = expression();
    return spanned(std::move(n), start);
  }
  return expression();
}

ExprPtr Parser::expression() {
  DepthGuard guard(*this);
  if (check_kw("lambda")) return lambda_expression();
  size_t start = pos_;
  ExprPtr body = disjunction();
  if (check_kw("if")) {
    auto e = std::make_unique<IfExp>(advance().line);
    e->test = disjunction();
    if (!match_kw("else")) error("expected 'else' after 'if' expression", peek());
    e->body = std::move(body);
    e->orelse = expression();
    return spanned(std::move(e), start);
  }
  return body;
}

ExprPtr Parser::lambda_expression() {
  size_t start = pos_;
  auto l = std::make_unique<Lambda>(advance().line);
  auto code = std::make_shared<FunctionCode>();
  code->name = "<lambda>";
  code->line = l->line;
  code->params = parameters(":");
  expect_op(":");
  for (auto& p : code->params) code->scope.locals.insert(p.name);
  scopes_.push_back(&code->scope);
  code->expr = expression();
  scopes_.pop_back();
  l->code = std::move(code);
  return spanned(std::move(l), start);
}

ExprPtr Parser::disjunction() {
  size_t start = pos_;
  ExprPtr left = conjunction();
  if (!check_kw("or")) return left;
  auto b = std::make_unique<BoolOp>(left->line, false);
  b->values.push_back(std::move(left));
  while (match_kw("or")) b->values.push_back(conjunction());
  return spanned(std::move(b), start);
}

ExprPtr Parser::conjunction() {
  size_t start = pos_;
  ExprPtr left = inversion();
  if (!check_kw("and")) return left;
  auto b = std::make_unique<BoolOp>(left->line, true);
  b->values.push_back(std::move(left));
  while (match_kw("and")) b->values.push_back(inversion());
  return spanned(std::move(b), start);
}

ExprPtr Parser::inversion() {
  DepthGuard guard(*this);
  if (check_kw("not")) {
    size_t start = pos_;
    int line = advance().line;
    return spanned(std::make_unique<UnaryOp>(line, "not", inversion()), start);
  }
  return comparison();
}

ExprPtr Parser::comparison() {
  size_t start = pos_;
  ExprPtr left = bit_or();
  if (!is_comp_op(peek()) || (check_kw("not") && !peek(1).is(Tok::Name, "in"))) return left;
  auto c = std::make_unique<Compare>(left->line);
  c->left = std::move(left);
  while (is_comp_op(peek())) {
    std::string op = advance().text;
    if (op == "not") {
      if (!match_kw("in")) error_here();
      op = "not in";
    } else if (op == "is" && match_kw("not")) {
      op = "is not";
    }
    c->ops.push_back(op);
    c->comparators.push_back(bit_or());
  }
  return spanned(std::move(c), start);
}

#define TP_BINARY_LEVEL(fn, next, ...)                                         \
  ExprPtr Parser::fn() {                                                       \
    size_t start = pos_;                                                       \
    ExprPtr left = next();                                                     \
    static const char* const ops[] = {__VA_ARGS__, nullptr};                   \
    for (int links = 0;; ++links) {                                            \
      const char* hit = nullptr;                                               \
      for (int i = 0; ops[i]; ++i)                                             \
        if (check_op(ops[i])) { hit = ops[i]; break; }                         \
      if (!hit) return left;                                                   \
      check_chain(links);                                                      \
      int line = advance().line;                                               \
      left = std::make_unique<BinOp>(line, hit, std::move(left), next());      \
      span(*left, start);                                                      \
    }                                                                          \
  }

TP_BINARY_LEVEL(bit_or, bit_xor, "|")
TP_BINARY_LEVEL(bit_xor, bit_and, "^")
TP_BINARY_LEVEL(bit_and, shift, "&")
TP_BINARY_LEVEL(shift, sum, "<<", ">>")
TP_BINARY_LEVEL(sum, term, "+", "-")
TP_BINARY_LEVEL(term, factor, "*", "/", "//", "%", "@")
#undef TP_BINARY_LEVEL

ExprPtr Parser::factor() {
  DepthGuard guard(*this);
  if (check_op("-") || check_op("+") || check_op("~")) {
    size_t start = pos_;
    const Token& t = advance();
    std::string op = t.text;
    ExprPtr operand = factor();
    return spanned(std::make_unique<UnaryOp>(t.line, op, std::move(operand)), start);
  }
  return power();
}

ExprPtr Parser::power() {
  size_t start = pos_;
  ExprPtr base = primary();
  if (check_op("**")) {
    int line = advance().line;
    // right-assoc; binds tighter than unary on its left
    return spanned(std::make_unique<BinOp>(line, "**", std::move(base), factor()), start);
  }
  return base;
}

ExprPtr Parser::primary() {
  if (check_kw("await")) throw SyntaxErrorInfo("SyntaxError", "unsupported syntax: 'await' is not supported by the playground", peek().line, peek().col);
  size_t start = pos_;
  ExprPtr e = atom();
  for (int links = 0;; ++links) {
    check_chain(links);
    if (match_op(".")) {
      int line = previous().line;
      if (!check(Tok::Name)) error_here();
      e = spanned(std::make_unique<Attribute>(line, std::move(e), advance().text), start);
    } else if (check_op("(")) {
      DepthGuard guard(*this);
      int line = advance().line;
      auto call = std::make_unique<Call>(line, std::move(e));
      call_arguments(*call);
      e = spanned(std::move(call), start);
    } else if (check_op("[")) {
      DepthGuard guard(*this);
      int line = advance().line;
      ExprPtr index = subscript_list();
      expect_op("]");
      e = spanned(std::make_unique<Subscript>(line, std::move(e), std::move(index)), start);
    } else {
      return e;
    }
  }
}

void Parser::call_arguments(Call& call) {
  bool seen_keyword = false;
  while (!check_op(")")) {
    if (match_op("**")) {
      call.keywords.push_back({"", expression()});
      seen_keyword = true;
    } else if (check_op("*")) {
      size_t s = pos_;
      advance();
      call.args.push_back(spanned(std::make_unique<Starred>(previous().line, expression()), s));
    } else if (check(Tok::Name) && peek(1).is(Tok::Op, "=")) {
      std::string name = advance().text;
      if (is_keyword(previous())) error("expression cannot contain assignment, perhaps you meant \"==\"?", previous());
      advance();
      for (auto& k : call.keywords)
        if (k.name == name) error("keyword argument repeated: " + name, previous());
      call.keywords.push_back({name, expression()});
      seen_keyword = true;
    } else {
      ExprPtr arg = named_expression();
      if (check_kw("for")) {  // f(x for x in xs)
        int gline = arg->line;
        arg = finish_comprehension(ExprKind::GeneratorExp, gline, std::move(arg));
        if (!call.args.empty() || !call.keywords.empty() || !check_op(")"))
          error("Generator expression must be parenthesized", peek());
      } else if (seen_keyword) {
        error("positional argument follows keyword argument", previous());
      }
      call.args.push_back(std::move(arg));
    }
    if (!match_op(",")) break;
  }
  expect_op(")");
}

ExprPtr Parser::subscript_list() {
  int line = peek().line;
  size_t start = pos_;
  ExprPtr first = subscript_item();
  if (!check_op(",")) return first;
  auto tuple = std::make_unique<Collection>(ExprKind::Tuple, line);
  tuple->elts.push_back(std::move(first));
  while (match_op(",")) {
    if (check_op("]")) break;
    tuple->elts.push_back(subscript_item());
  }
  span(*tuple, start);
  tuple->end_line = tuple->elts.back()->end_line;
  tuple->end_col = tuple->elts.back()->end_col;
  return tuple;
}

ExprPtr Parser::subscript_item() {
  int line = peek().line;
  size_t start = pos_;
  if (match_op("*")) return spanned(std::make_unique<Starred>(line, bit_or()), start);
  ExprPtr lower;
  if (!check_op(":")) {
    lower = named_expression();
    if (!check_op(":")) return lower;
  }
  auto s = std::make_unique<Slice>(line);
  s->lower = std::move(lower);
  expect_op(":");
  if (!check_op(":") && !check_op(",") && !check_op("]")) s->upper = expression();
  if (match_op(":")) {
    if (!check_op(",") && !check_op("]")) s->step = expression();
  }
  return spanned(std::move(s), start);
}

void Parser::comprehension_clauses(Comp& comp) {
  comp_scopes_.push_back(&comp.scope);
  struct PopComp {
    std::vector<const ScopeInfo*>& v;
    ~PopComp() { v.pop_back(); }
  } pop_comp{comp_scopes_};
  scopes_.push_back(&comp.scope);
  while (check_kw("for")) {
    advance();
    Comprehension c;
    c.target = target_list();
    check_target(*c.target, "assign to");
    declare_target(*c.target);
    if (!match_kw("in")) error_here();
    scopes_.pop_back();  // iterables are read in the enclosing scope's terms (names resolve outward)
    c.iter = disjunction();
    scopes_.push_back(&comp.scope);
    while (check_kw("if")) {
      advance();
      c.ifs.push_back(disjunction());
    }
    comp.generators.push_back(std::move(c));
  }
  scopes_.pop_back();
}

ExprPtr Parser::finish_comprehension(ExprKind kind, int line, ExprPtr elt, ExprPtr value) {
  auto comp = std::make_unique<Comp>(kind, line);
  if (kind == ExprKind::DictComp) {
    comp->key = std::move(elt);
    comp->value = std::move(value);
  } else {
    comp->elt = std::move(elt);
  }
  comprehension_clauses(*comp);
  return comp;
}

ExprPtr Parser::atom() {
  DepthGuard guard(*this);
  size_t start = pos_;
  ExprPtr e = atom_inner();
  if (e->col == -1 && positions_) span(*e, start);  // a parenthesised expression keeps its own span
  return e;
}

ExprPtr Parser::atom_inner() {
  const Token& t = peek();
  switch (t.type) {
    case Tok::Int: {
      advance();
      errno = 0;
      const std::string& s = t.text;
      unsigned long long v;
      if (s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'o' || s[1] == 'b'))
        v = strtoull(s.c_str() + 2, nullptr, s[1] == 'x' ? 16 : s[1] == 'o' ? 8 : 2);
      else
        v = strtoull(s.c_str(), nullptr, 10);
      if (errno == ERANGE || v > uint64_t(std::numeric_limits<int64_t>::max()))
        error("unsupported syntax: integers beyond 64 bits are not supported by the playground", t);
      return std::make_unique<IntLit>(t.line, int64_t(v));
    }
    case Tok::Float:
      advance();
      return std::make_unique<FloatLit>(t.line, strtod(t.text.c_str(), nullptr));
    case Tok::String:
      return strings();
    case Tok::Name: {
      if (t.text == "None") { advance(); return std::make_unique<Expr>(ExprKind::None, t.line); }
      if (t.text == "True") { advance(); return std::make_unique<Expr>(ExprKind::True, t.line); }
      if (t.text == "False") { advance(); return std::make_unique<Expr>(ExprKind::False, t.line); }
      if (t.text == "yield") yield_in_expression(t);
      if (t.text == "lambda") return lambda_expression();
      if (is_keyword(t)) error_here();
      advance();
      return std::make_unique<Name>(t.line, t.text);
    }
    case Tok::Op:
      if (t.text == "(") return paren_atom();
      if (t.text == "[") return list_atom();
      if (t.text == "{") return brace_atom();
      if (t.text == "...") { advance(); return std::make_unique<Expr>(ExprKind::Ellipsis, t.line); }
      break;
    default: break;
  }
  if (t.type == Tok::Newline || t.type == Tok::End) error("invalid syntax", t);
  if (t.type == Tok::Indent) error("unexpected indent", t, "IndentationError");
  error_here();
}

ExprPtr Parser::paren_atom() {
  int line = advance().line;
  if (match_op(")")) return std::make_unique<Collection>(ExprKind::Tuple, line);
  if (check_kw("yield")) yield_in_expression(peek());
  ExprPtr first = star_or_expression();
  if (check_kw("for")) {
    ExprPtr g = finish_comprehension(ExprKind::GeneratorExp, line, std::move(first));
    expect_op(")");
    return g;
  }
  if (match_op(")")) {
    if (first->kind == ExprKind::Starred) error("cannot use starred expression here", previous());
    return first;
  }
  auto tuple = std::make_unique<Collection>(ExprKind::Tuple, line);
  tuple->elts.push_back(std::move(first));
  while (match_op(",")) {
    if (check_op(")")) break;
    tuple->elts.push_back(star_or_expression());
  }
  expect_op(")");
  return tuple;
}

ExprPtr Parser::list_atom() {
  int line = advance().line;
  auto list = std::make_unique<Collection>(ExprKind::List, line);
  if (match_op("]")) return list;
  ExprPtr first = star_or_expression();
  if (check_kw("for")) {
    ExprPtr c = finish_comprehension(ExprKind::ListComp, line, std::move(first));
    expect_op("]");
    return c;
  }
  list->elts.push_back(std::move(first));
  while (match_op(",")) {
    if (check_op("]")) break;
    list->elts.push_back(star_or_expression());
  }
  expect_op("]");
  return list;
}

ExprPtr Parser::brace_atom() {
  int line = advance().line;
  auto dict = std::make_unique<DictExpr>(line);
  if (match_op("}")) return dict;
  // First element decides dict vs set.
  if (match_op("**")) {
    dict->keys.push_back(nullptr);
    dict->values.push_back(bit_or());
  } else {
    ExprPtr first = star_or_expression();
    if (!check_op(":")) {  // a set
      auto set = std::make_unique<Collection>(ExprKind::Set, line);
      if (check_kw("for")) {
        ExprPtr c = finish_comprehension(ExprKind::SetComp, line, std::move(first));
        expect_op("}");
        return c;
      }
      set->elts.push_back(std::move(first));
      while (match_op(",")) {
        if (check_op("}")) break;
        set->elts.push_back(star_or_expression());
      }
      expect_op("}");
      return set;
    }
    advance();
    ExprPtr value = expression();
    if (check_kw("for")) {
      ExprPtr c = finish_comprehension(ExprKind::DictComp, line, std::move(first), std::move(value));
      expect_op("}");
      return c;
    }
    dict->keys.push_back(std::move(first));
    dict->values.push_back(std::move(value));
  }
  while (match_op(",")) {
    if (check_op("}")) break;
    if (match_op("**")) {
      dict->keys.push_back(nullptr);
      dict->values.push_back(bit_or());
      continue;
    }
    dict->keys.push_back(expression());
    expect_op(":");
    dict->values.push_back(expression());
  }
  expect_op("}");
  return dict;
}

// Adjacent literals concatenate; any f-string among them makes the whole an FString.
ExprPtr Parser::strings() {
  const Token& first = peek();
  bool any_f = false, any_bytes = false, all_bytes = true;
  size_t n = 0;
  for (; peek(n).type == Tok::String; ++n) {
    any_f |= peek(n).is_fstring;
    any_bytes |= peek(n).is_bytes;
    all_bytes &= peek(n).is_bytes;
  }
  if (any_bytes && !all_bytes) {  // CPython points past the last literal
    const Token& last = peek(n - 1);
    throw SyntaxErrorInfo("SyntaxError", "cannot mix bytes and nonbytes literals", last.end_line, last.end_col);
  }
  if (all_bytes) {
    std::string v;
    while (check(Tok::String)) v += advance().text;
    return std::make_unique<BytesLit>(first.line, std::move(v));
  }
  if (!any_f) {
    std::string v;
    while (check(Tok::String)) v += advance().text;
    return std::make_unique<StrLit>(first.line, std::move(v));
  }
  auto f = std::make_unique<FString>(first.line);
  while (check(Tok::String)) {
    const Token& t = advance();
    if (t.is_fstring) {
      parse_fstring(t, f->parts, t.text, 0);
    } else {
      FStringPart p;
      p.literal = t.text;
      f->parts.push_back(std::move(p));
    }
  }
  return f;
}

void Parser::parse_fstring(const Token& t, std::vector<FStringPart>& parts, const std::string& body, int depth) {
  auto literal = [&](std::string s) {
    if (s.empty()) return;
    FStringPart p;
    p.literal = t.is_raw ? s : decode_escapes(s);
    parts.push_back(std::move(p));
  };
  auto fail = [&](const std::string& m) { throw SyntaxErrorInfo("SyntaxError", "f-string: " + m, t.line, t.col); };
  std::string lit;
  size_t i = 0, n = body.size();
  while (i < n) {
    char c = body[i];
    if (c == '{' && i + 1 < n && body[i + 1] == '{' && depth == 0) { lit += '{'; i += 2; continue; }
    if (c == '}' && i + 1 < n && body[i + 1] == '}' && depth == 0) { lit += '}'; i += 2; continue; }
    if (c == '}') fail("single '}' is not allowed");
    if (c != '{') { lit += c; ++i; continue; }
    literal(lit);
    lit.clear();
    if (depth >= 2) fail("expressions nested too deeply");
    // Scan the expression up to a top-level '}', '!', ':' or self-documenting '='.
    size_t start = ++i;
    int nest = 0;
    char quote = 0;
    bool debug = false;
    size_t expr_end = std::string::npos;
    for (; i < n; ++i) {
      char d = body[i];
      if (quote) { if (d == quote) quote = 0; continue; }
      if (d == '\'' || d == '"') { quote = d; continue; }
      if (d == '(' || d == '[' || d == '{') { ++nest; continue; }
      if ((d == ')' || d == ']' || d == '}') && nest > 0) { --nest; continue; }
      if (nest > 0) continue;
      if (d == '}' || d == ':') break;
      if (d == '!' && i + 1 < n && body[i + 1] != '=') break;
      if (d == '=' ) {
        if (i + 1 < n && body[i + 1] == '=') { ++i; continue; }
        char prev = i > start ? body[i - 1] : 0;
        if (prev == '=' || prev == '!' || prev == '<' || prev == '>') continue;
        debug = true;
        expr_end = i;
        ++i;
        break;
      }
    }
    if (quote || i >= n) fail("expecting '}'");
    if (expr_end == std::string::npos) expr_end = i;
    std::string expr_text = body.substr(start, expr_end - start);
    if (expr_text.find_first_not_of(" \t\n") == std::string::npos) fail("empty expression not allowed");
    if (expr_text.find('\\') != std::string::npos) fail("expression part cannot include a backslash");
    FStringPart p;
    try {
      Parser sub(tokenize("(" + expr_text + ")", t.line, max_nesting_), max_nesting_);
      sub.scopes_ = scopes_;
      sub.comp_scopes_ = comp_scopes_;
      sub.positions_ = false;
      p.expr = sub.single_expression();
    } catch (const SyntaxErrorInfo& e) {
      throw SyntaxErrorInfo(e.type, "f-string: " + e.message, t.line, t.col);
    }
    if (debug) {
      p.expr_text = body.substr(start, i - start);
      // whitespace after '=' belongs to the text too
      while (i < n && (body[i] == ' ')) p.expr_text += body[i++];
    }
    if (i < n && body[i] == '!') {
      if (i + 1 >= n || (body[i + 1] != 'r' && body[i + 1] != 's' && body[i + 1] != 'a'))
        fail("invalid conversion character: expected 's', 'r', or 'a'");
      p.conversion = body[i + 1];
      i += 2;
    }
    if (i < n && body[i] == ':') {
      size_t s = ++i;
      int nest2 = 0;
      for (; i < n; ++i) {
        if (body[i] == '{') ++nest2;
        else if (body[i] == '}') { if (nest2 == 0) break; --nest2; }
      }
      parse_fstring(t, p.spec, body.substr(s, i - s), depth + 1);
    } else if (debug && !p.conversion) {
      p.conversion = 'r';
    }
    if (i >= n || body[i] != '}') fail("expecting '}'");
    ++i;
    parts.push_back(std::move(p));
  }
  literal(lit);
}

}  // namespace tp::interp
