// python/parser/parser: tree shapes of tricky precedence, statements, and CPython's syntax error texts.
#include <catch2/catch.hpp>

#include "python/parser/lexer.h"
#include "python/parser/parser.h"

using namespace tp::interp;

namespace {
std::string parse(const std::string& src) {
  auto prog = parse_program(src);
  std::string out;
  for (auto& s : prog->body) out += (out.empty() ? "" : " | ") + dump(*s);
  return out;
}

std::string parse_error(const std::string& src) {
  try {
    parse_program(src);
  } catch (const SyntaxErrorInfo& e) {
    return e.type + ": " + e.message;
  }
  return "no error";
}
}  // namespace

TEST_CASE("parser follows Python's operator precedence", "[interp][parser]") {
  CHECK(parse("a + b * c") == "(+ a (* b c))");
  CHECK(parse("a - b - c") == "(- (- a b) c)");
  CHECK(parse("-x ** 2") == "(- (** x 2))");          // ** binds tighter than unary minus on its left
  CHECK(parse("2 ** -1") == "(** 2 (- 1))");
  CHECK(parse("a ** b ** c") == "(** a (** b c))");   // right associative
  CHECK(parse("a @ b + c") == "(+ (@ a b) c)");
  CHECK(parse("a | b ^ c & d << 1") == "(| a (^ b (& c (<< d 1))))");
  CHECK(parse("not a == b") == "(not (Compare a == b))");
  CHECK(parse("a and b or c and not d") == "(or (and a b) (and c (not d)))");
  CHECK(parse("x if c else y if d else z") == "(IfExp c x (IfExp d y z))");
  CHECK(parse("a < b <= c is not d not in e") == "(Compare a < b <= c is not d not in e)");
  CHECK(parse("lambda x, y=2: x + y") == "(Lambda x y (+ x y))");
}

TEST_CASE("parser reads primaries: calls, attributes, subscripts and slices", "[interp][parser]") {
  CHECK(parse("torch.zeros(2, 3, dtype=torch.float32)") == "(Call (. torch zeros) 2 3 dtype=(. torch float32))");
  CHECK(parse("f(*a, **k)") == "(Call f (* a) **k)");
  CHECK(parse("x[1:2, ::3, None, ...]") == "([] x (Tuple (Slice 1 2 _) (Slice _ _ 3) None ...))");
  CHECK(parse("x[:, 0]") == "([] x (Tuple (Slice _ _ _) 0))");
  CHECK(parse("sum(x * x for x in xs)") == "(Call sum (GenExp (* x x) for x in xs))");
  CHECK(parse("a.b(c)[d].e") == "(. ([] (Call (. a b) c) d) e)");
}

TEST_CASE("parser reads displays and comprehensions", "[interp][parser]") {
  CHECK(parse("[x for x in range(3) if x]") == "(ListComp x for x in (Call range 3) if x)");
  CHECK(parse("{k: v for k, v in d.items()}") == "(DictComp k:v for (Tuple k v) in (Call (. d items)))");
  CHECK(parse("(1,)") == "(Tuple 1)");
  CHECK(parse("()") == "(Tuple)");
  CHECK(parse("{'a': 1, **m}") == "(Dict 'a':1 _:m)");
  CHECK(parse("[*a, 1]") == "(List (* a) 1)");
  CHECK(parse("'a' 'b'") == "'ab'");
  CHECK(parse("f'{x!r:>{w}} and {y=}'") == "(FString {x!r:>{w}} ' and ' 'y=' {y!r})");
}

TEST_CASE("parser reads statements", "[interp][parser]") {
  CHECK(parse("a = b = 1") == "(= a b 1)");
  CHECK(parse("a, b = b, a") == "(= (Tuple a b) (Tuple b a))");
  CHECK(parse("x.y[0] += 1") == "(+= ([] (. x y) 0) 1)");
  CHECK(parse("import torch.nn as nn, numpy") == "(import torch.nn as nn numpy)");
  CHECK(parse("from torch import nn as n, optim") == "(from torch import nn as n optim)");
  CHECK(parse("if a:\n  b\nelif c:\n  d\nelse:\n  e") == "(if a b else (if c d else e))");
  CHECK(parse("for i, x in enumerate(xs):\n  pass\nelse:\n  y") ==
        "(for (Tuple i x) in (Call enumerate xs) pass else y)");
  CHECK(parse("def f(a, b=1, *args, **kw):\n  return a") == "(def f (a b=1 *args **kw) (return a))");
  CHECK(parse("with torch.no_grad(), open(p) as f:\n  pass") ==
        "(with (Call (. torch no_grad)) (Call open p) as f pass)");
  CHECK(parse("try:\n  a\nexcept (A, B) as e:\n  b\nelse:\n  c\nfinally:\n  d") ==
        "(try a (except (Tuple A B) as e b) else c finally d)");
  CHECK(parse("raise X from e") == "(raise X from e)");
  CHECK(parse("class Net(nn.Module):\n  def forward(self, x):\n    return x") ==
        "(class Net (. nn Module) (def forward (self x) (return x)))");
  CHECK(parse("a = 1; b = 2;") == "(= a 1) | (= b 2)");
  CHECK(parse("x: int = 3") == "(: x int 3)");
  CHECK(parse("@torch.no_grad()\ndef f():\n  pass") == "(def f () pass)");
}

TEST_CASE("parser reports CPython's syntax errors", "[interp][parser]") {
  CHECK(parse_error("if x\n  y") == "SyntaxError: expected ':'");
  CHECK(parse_error("if x:\ny") == "IndentationError: expected an indented block after 'if' statement on line 1");
  CHECK(parse_error("def f():\nreturn 1") ==
        "IndentationError: expected an indented block after function definition on line 1");
  CHECK(parse_error("x = 1\n  y = 2") == "IndentationError: unexpected indent");
  CHECK(parse_error("x = = 1") == "SyntaxError: invalid syntax");
  CHECK(parse_error("f() = 1") == "SyntaxError: cannot assign to function call here. Maybe you meant '==' instead of '='?");
  CHECK(parse_error("return 1") == "SyntaxError: 'return' outside function");
  CHECK(parse_error("break") == "SyntaxError: 'break' outside loop");
  CHECK(parse_error("print 'x'") == "SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?");
  CHECK(parse_error("def f():\n  yield 1") == "no error");
  CHECK(parse("def f(it):\n  yield\n  yield 1\n  x = yield 2\n  yield from it") ==
        "(def f (it) (yield _) (yield 1) (= x (yield 2)) (yield-from it))");
  CHECK(parse_error("yield 1") == "SyntaxError: 'yield' outside function");
  CHECK(parse_error("def f():\n  print((yield 1))").rfind("SyntaxError: unsupported syntax: 'yield' inside an expression", 0) == 0);
  CHECK(parse_error("def f():\n  try:\n    yield 1\n  except E:\n    pass") ==
        "SyntaxError: unsupported syntax: 'yield' inside 'try' is not supported by the playground");
  CHECK(parse_error("async def f(): pass") == "SyntaxError: unsupported syntax: 'async' is not supported by the playground");
  CHECK(parse_error("match x:\n  case 1: pass") == "SyntaxError: unsupported syntax: 'match' is not supported by the playground");
  CHECK(parse_error("f(a=1, b)") == "SyntaxError: positional argument follows keyword argument");
  CHECK(parse_error("f'{}'") == "SyntaxError: f-string: empty expression not allowed");
  CHECK(parse_error(std::string(5000, '-') + "1") == "RecursionError: maximum recursion depth exceeded during compilation");
}

TEST_CASE("parser records which names a function assigns", "[interp][parser]") {
  auto prog = parse_program("def f(a):\n  global g\n  b = 1\n  for i in a: pass\n  g = 2\n  def h(): pass\n");
  auto& def = static_cast<FunctionDef&>(*prog->body[0]);
  CHECK(def.code->scope.locals == std::set<std::string>{"a", "b", "i", "h"});
  CHECK(def.code->scope.globals == std::set<std::string>{"g"});
}
