// interp evaluator through tp::Session: arithmetic, control flow, functions, exceptions,
// f-strings, limits, statement events and the REPL. Programs here use no torch.
#include <catch2/catch.hpp>

#include "trace/session.h"

using tp::RunResult;
using tp::Session;

namespace {
std::string out(const std::string& src) {
  Session s;
  RunResult r = s.run(src, "prog.py");
  INFO(r.stderr_text);
  CHECK(r.exit_status == 0);
  return r.stdout_text;
}

// The last stderr line ("Type: message") of a failing program.
std::string err(const std::string& src, tp::interp::Limits limits = {}) {
  Session s(limits);
  RunResult r = s.run(src, "prog.py");
  CHECK(r.exit_status == 1);
  std::string e = r.stderr_text;
  while (!e.empty() && e.back() == '\n') e.pop_back();
  return e.substr(e.rfind('\n') + 1);
}
}  // namespace

TEST_CASE("int, float and bool arithmetic follow Python", "[interp][eval]") {
  CHECK(out("print(7 / 2, 7 // 2, -7 // 2, -7 % 3, 7 % -3, 2 ** 10, 2 ** -2)") == "3.5 3 -4 2 -2 1024 0.25\n");
  CHECK(out("print(7.5 // 2, -7.5 % 2, True + True, 3 * 1.0, 10 / 5)") == "3.0 0.5 2 3.0 2.0\n");
  CHECK(out("print(0.1 + 0.2, 1e16, 1e-5, 1/3, -0.0, 2.5e-10, 123456789012345678.0)") ==
        "0.30000000000000004 1e+16 1e-05 0.3333333333333333 -0.0 2.5e-10 1.2345678901234568e+17\n");
  CHECK(out("print(round(2.5), round(3.5), round(-0.5), round(2.675, 2), round(1234, -2), round(0.125, 2))") ==
        "2 4 0 2.67 1200 0.12\n");
  CHECK(out("print(1 << 3, 255 >> 4, 6 & 3, 6 | 3, 6 ^ 3, ~5, True & False)") == "8 15 2 7 5 -6 False\n");
  CHECK(err("print(2 ** 64)") == "OverflowError: integer overflow: the result does not fit in 64 bits (the playground's integers are 64-bit)");
  CHECK(err("1 / 0") == "ZeroDivisionError: division by zero");
  CHECK(err("1 // 0") == "ZeroDivisionError: integer division or modulo by zero");
  CHECK(err("1.0 / 0") == "ZeroDivisionError: float division by zero");
  CHECK(err("1 + 'a'") == "TypeError: unsupported operand type(s) for +: 'int' and 'str'");
  CHECK(err("'a' + 1") == "TypeError: can only concatenate str (not \"int\") to str");
}

TEST_CASE("strings, lists, tuples and dicts behave like Python's", "[interp][eval]") {
  CHECK(out("s = 'Hello'\nprint(s.upper(), s[1:3], s[::-1], len(s), 'l' in s, s * 2)") == "HELLO el olleH 5 True HelloHello\n");
  CHECK(out("print(', '.join(['a', 'b']), 'a,b,,c'.split(','), ' x '.strip(), 'ab'.replace('a', 'z'))") ==
        "a, b ['a', 'b', '', 'c'] x zb\n");
  CHECK(out("l = [3, 1, 2]\nl.sort()\nl.append(9)\nl.insert(0, 0)\nprint(l, l.pop(), l.index(2), l[-1])") ==
        "[0, 1, 2, 3] 9 2 3\n");
  CHECK(out("l = [1, 2, 3, 4]\nl[1:3] = [9]\ndel l[0]\nprint(l, [1, 2] + [3], [0] * 3)") == "[9, 4] [1, 2, 3] [0, 0, 0]\n");
  CHECK(out("t = (1,)\nprint(t, (), (1, 'a'), t + (2,))") == "(1,) () (1, 'a') (1, 2)\n");
  CHECK(out("d = {'a': 1}\nd['b'] = 2\nprint(d, list(d.keys()), d.get('z', 0), 'a' in d)\nfor k, v in d.items():\n  print(k, v)") ==
        "{'a': 1, 'b': 2} ['a', 'b'] 0 True\na 1\nb 2\n");
  CHECK(out("print(repr('it\\'s'), repr(\"q\"), [None, True, 1.5, 'x'])") == "\"it's\" 'q' [None, True, 1.5, 'x']\n");
  CHECK(out("d = {'a': 1}\nprint(d.items(), d.keys(), d.values())") ==
        "dict_items([('a', 1)]) dict_keys(['a']) dict_values([1])\n");
  CHECK(err("[1][5]") == "IndexError: list index out of range");
  CHECK(err("{'a': 1}['b']") == "KeyError: 'b'");
  CHECK(err("x = None\nx[0]") == "TypeError: 'NoneType' object is not subscriptable");
  CHECK(err("(1, 2)[0] = 3") == "TypeError: 'tuple' object does not support item assignment");
}

TEST_CASE("f-strings and formatting", "[interp][eval]") {
  CHECK(out("x = 3.14159\nn = 'a'\nprint(f'{x:.2f} {x!r} {n!r} {x=} {n:>4}|{42:05d} {1e6:,.1f} {0.25:.1%}')") ==
        "3.14 3.14159 'a' x=3.14159    a|00042 1,000,000.0 25.0%\n");
  CHECK(out("w = 6\nprint(f'{\"hi\":^{w}}|', f'{{}}', f'{3:x}', f'{2.0:g}', f'{1234.5:e}')") == "  hi  | {} 3 2 1.234500e+03\n");
  CHECK(out("print('{} {:.3f} {name}'.format(1, 2.0, name='n'), '%5.1f|%-3d|%s' % (2.25, 7, 'x'))") ==
        "1 2.000 n   2.2|7  |x\n");
}

TEST_CASE("control flow: if, loops, break/continue/else, comprehensions", "[interp][eval]") {
  CHECK(out("for i in range(5):\n  if i == 1: continue\n  if i == 3: break\n  print(i)\nelse:\n  print('no')") == "0\n2\n");
  CHECK(out("i = 0\nwhile i < 3:\n  i += 1\nelse:\n  print('done', i)") == "done 3\n");
  CHECK(out("print([x * y for x in range(3) for y in range(2) if x], {k: k * k for k in (1, 2)})") ==
        "[0, 1, 0, 2] {1: 1, 2: 4}\n");
  CHECK(out("print(sum(x for x in range(101)), any(x > 3 for x in [1, 5]), all([]))") == "5050 True True\n");
  CHECK(out("a, *b, c = range(5)\nprint(a, b, c)") == "0 [1, 2, 3] 4\n");
  CHECK(out("x = 5\nprint(1 < x < 10, 1 < x > 10, x if x else 0, [] or 'e', 2 and 3)") == "True False 5 e 3\n");
}

TEST_CASE("functions: defaults, *args, **kwargs, closures, recursion, lambdas", "[interp][eval]") {
  CHECK(out("def f(a, b=2, *args, k=0, **kw):\n  return a, b, args, k, kw\nprint(f(1), f(1, 2, 3, k=4, z=5))") ==
        "(1, 2, (), 0, {}) (1, 2, (3,), 4, {'z': 5})\n");
  CHECK(out("def mk():\n  n = 0\n  def inc():\n    nonlocal n\n    n += 1\n    return n\n  return inc\ng = mk()\ng()\nprint(g())") == "2\n");
  CHECK(out("def fib(n):\n  return n if n < 2 else fib(n - 1) + fib(n - 2)\nprint(fib(15))") == "610\n");
  CHECK(out("sq = lambda v: v * v\nprint(list(map(sq, [1, 2])), sorted([3, 1, 2], key=lambda v: -v))") == "[1, 4] [3, 2, 1]\n");
  CHECK(out("g = 1\ndef f():\n  global g\n  g = 2\nf()\nprint(g)") == "2\n");
  CHECK(err("def f(a):\n  pass\nf(1, 2)") == "TypeError: f() takes 1 positional argument but 2 were given");
  CHECK(err("def f(a, b):\n  pass\nf()") == "TypeError: f() missing 2 required positional arguments: 'a' and 'b'");
  CHECK(err("def f(a):\n  pass\nf(b=1)") == "TypeError: f() got an unexpected keyword argument 'b'");
  CHECK(err("def f():\n  print(v)\n  v = 1\nf()") ==
        "UnboundLocalError: cannot access local variable 'v' where it is not associated with a value");
  CHECK(err("5()") == "TypeError: 'int' object is not callable");
  CHECK(err("print(nope)") == "NameError: name 'nope' is not defined");
  CHECK(err("(1).foo") == "AttributeError: 'int' object has no attribute 'foo'");
}

TEST_CASE("exceptions: try/except/else/finally, raise, tracebacks", "[interp][eval]") {
  CHECK(out("try:\n  1/0\nexcept (ValueError, ZeroDivisionError) as e:\n  print('caught', type(e).__name__, e)\nelse:\n  print('no')\nfinally:\n  print('fin')") ==
        "caught ZeroDivisionError division by zero\nfin\n");
  CHECK(out("try:\n  raise ValueError('bad', 2)\nexcept Exception as e:\n  print(repr(e), e.args)") ==
        "ValueError('bad', 2) ('bad', 2)\n");
  CHECK(out("def f():\n  try:\n    return 1\n  finally:\n    print('cleanup')\nprint(f())") == "cleanup\n1\n");
  CHECK(out("class MyErr(ValueError):\n  pass\ntry:\n  raise MyErr('m')\nexcept ValueError as e:\n  print('got', e, isinstance(e, MyErr))") ==
        "got m True\n");
  CHECK(err("assert 1 == 2, 'nope'") == "AssertionError: nope");
  CHECK(err("raise RuntimeError") == "RuntimeError");

  Session s;
  RunResult r = s.run("def f(x):\n    return g(x)\n\ndef g(y):\n    return y / 0\n\nf(3)\n", "prog.py");
  CHECK(r.stderr_text ==
        "Traceback (most recent call last):\n"
        "  File \"prog.py\", line 7, in <module>\n    f(3)\n"
        "  File \"prog.py\", line 2, in f\n    return g(x)\n           ^^^^\n"
        "  File \"prog.py\", line 5, in g\n    return y / 0\n           ~~^~~\n"
        "ZeroDivisionError: division by zero\n");
  REQUIRE(r.error);
  CHECK(r.error->line == 5);
}

TEST_CASE("syntax errors are reported before anything runs", "[interp][eval]") {
  Session s;
  RunResult r = s.run("print('x')\nif True\n    pass\n", "prog.py");
  CHECK(r.stdout_text.empty());
  CHECK(r.stderr_text == "  File \"prog.py\", line 2\n    if True\n           ^\nSyntaxError: expected ':'\n");
  CHECK(r.exit_status == 1);
}

TEST_CASE("classes: attributes, methods, inheritance, super, dunders", "[interp][eval]") {
  CHECK(out("class A:\n  k = 10\n  def __init__(self, v):\n    self.v = v\n  def get(self):\n    return self.v + self.k\n"
            "class B(A):\n  def get(self):\n    return super().get() * 2\n  def __repr__(self):\n    return f'B({self.v})'\n"
            "b = B(1)\nprint(b.get(), b, isinstance(b, A), type(b).__name__)") == "22 B(1) True B\n");
  CHECK(out("class V:\n  def __init__(self, x): self.x = x\n  def __add__(self, o): return V(self.x + o.x)\n"
            "  def __len__(self): return 3\nprint((V(1) + V(2)).x, len(V(0)))") == "3 3\n");
}

TEST_CASE("limits end the run with an error naming them", "[interp][eval][limits]") {
  tp::interp::Limits small;
  small.max_steps = 1000;
  CHECK(err("while True:\n  pass", small) ==
        "RuntimeError: step limit exceeded: the program ran more than 1000 steps (the playground's limit; is there an infinite loop?)");
  CHECK(err("try:\n  while True: pass\nexcept Exception:\n  print('swallowed')", small).rfind("RuntimeError: step limit", 0) == 0);
  CHECK(err("def r(n):\n  return r(n + 1)\nr(0)") == "RecursionError: maximum recursion depth exceeded");
  tp::interp::Limits out_cap;
  out_cap.max_output_bytes = 100;
  CHECK(err("for i in range(100):\n  print('xxxxxxxxxx')", out_cap) ==
        "RuntimeError: output limit exceeded: the program printed more than 0 MiB (the playground's limit)");
  CHECK(err("x = list(range(10**9))").rfind("RuntimeError: step limit exceeded", 0) == 0);
  CHECK(err("x = sum(map(abs, range(10**9)))").rfind("RuntimeError: step limit exceeded", 0) == 0);
  CHECK(err("class Inf:\n  def __getitem__(self, i): return i\nfor x in Inf(): pass", small).rfind("RuntimeError: step limit", 0) == 0);
}

TEST_CASE("statement events partition the output and carry errors", "[interp][session]") {
  Session s;
  std::vector<std::string> log;
  s.on_statement = [&](const tp::StatementEvent& e) {
    log.push_back(std::to_string(e.line) + ":" + e.stdout_text + (e.error ? "!" + e.error->type : ""));
  };
  s.run("def f():\n  print('in f')\nx = 1\nf()\nprint(x)\n1/0\n", "prog.py");
  CHECK(log == std::vector<std::string>{"1:", "3:", "2:in f\n", "4:", "5:1\n", "6:!ZeroDivisionError"});
  CHECK(s.global_names() == std::vector<std::string>{"f", "x"});
}

TEST_CASE("REPL echoes expression values like Python's interactive mode", "[interp][session]") {
  Session s;
  CHECK(s.exec_repl("x = [1, 2]").echo == "");
  CHECK(s.exec_repl("x").echo == "[1, 2]");
  CHECK(s.exec_repl("'a'").echo == "'a'");
  CHECK(s.exec_repl("None").echo == "");
  RunResult r = s.exec_repl("print(x[0])");
  CHECK(r.stdout_text == "1\n");
  CHECK(r.echo == "");
  CHECK(s.exec_repl("x[9]").error->type == "IndexError");
  s.reset();
  CHECK(s.exec_repl("x").error->type == "NameError");
}

TEST_CASE("a generator expression made in one REPL input runs in a later one", "[interp][session]") {
  Session s;
  CHECK(s.exec_repl("g = (x * 2 for x in range(3))").echo == "");
  CHECK(s.exec_repl("next(g)").echo == "0");
  CHECK(s.exec_repl("list(g)").echo == "[2, 4]");
}

TEST_CASE("sessions are independent", "[interp][session]") {
  Session a, b;
  a.run("v = 1", "a.py");
  CHECK(a.global("v") != nullptr);
  CHECK(b.global("v") == nullptr);
}

TEST_CASE("tracebacks underline the failing expression like CPython 3.11", "[interp][traceback]") {
  auto tb = [](const std::string& src) {
    Session s;
    std::string e = s.run(src, "p.py").stderr_text;
    // drop the header and the exception line: keep the frame lines
    e = e.substr(e.find('\n') + 1);
    e.pop_back();
    return e.substr(0, e.rfind('\n') + 1);
  };
  // expected texts from python3.11
  CHECK(tb("a = 1\nb = (a  +  \"s\") * 2\n") == "  File \"p.py\", line 2, in <module>\n    b = (a  +  \"s\") * 2\n         ~~~^~~~~~\n");
  CHECK(tb("a = 1\nc = (a) + \"s\"\n") == "  File \"p.py\", line 2, in <module>\n    c = (a) + \"s\"\n        ~~~~^~~~~\n");
  CHECK(tb("x = [1,2]\nprint(x[1:2][5])\n") == "  File \"p.py\", line 2, in <module>\n    print(x[1:2][5])\n          ~~~~~~^^^\n");
  CHECK(tb("l = []\nl[0] = 1\n") == "  File \"p.py\", line 2, in <module>\n    l[0] = 1\n    ~^^^\n");
  CHECK(tb("y = int(1,\n        2)\n") == "  File \"p.py\", line 1, in <module>\n    y = int(1,\n        ^^^^^^\n");
  CHECK(tb("x = 1; x += \"a\"\n") == "  File \"p.py\", line 1, in <module>\n    x = 1; x += \"a\"\n           ^^^^^^^^\n");
  CHECK(tb("x = [1]\ny = (x[0] +\n     x[5])\n") == "  File \"p.py\", line 3, in <module>\n    x[5])\n    ~^^^\n");
  CHECK(tb("s = \"\xc3\xa9\" + 1\n") == "  File \"p.py\", line 1, in <module>\n    s = \"\xc3\xa9\" + 1\n        ~~~~^~~\n");
  CHECK(tb("raise ValueError(\"x\")\n") == "  File \"p.py\", line 1, in <module>\n    raise ValueError(\"x\")\n");
  CHECK(tb("assert 1 == 2, \"msg\"\n") == "  File \"p.py\", line 1, in <module>\n    assert 1 == 2, \"msg\"\n           ^^^^^^\n");
}
