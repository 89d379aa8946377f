// python/parser/lexer: indentation, implicit line joining, continuation, numbers, strings, f-strings, errors.
#include <catch2/catch.hpp>

#include "python/parser/lexer.h"

using namespace tp::interp;

namespace {
// Compact view of a token stream: names/numbers as text, strings quoted, layout tokens by name.
std::string lex(const std::string& src) {
  std::string out;
  for (auto& t : tokenize(src)) {
    if (!out.empty()) out += " ";
    switch (t.type) {
      case Tok::Name: case Tok::Int: case Tok::Op: out += t.text; break;
      case Tok::Float: out += t.text + "f"; break;
      case Tok::String: out += (t.is_fstring ? "f'" : "'") + t.text + "'"; break;
      case Tok::Newline: out += "NL"; break;
      case Tok::Indent: out += "IN"; break;
      case Tok::Dedent: out += "DE"; break;
      case Tok::End: out += "END"; break;
    }
  }
  return out;
}

std::string lex_error(const std::string& src) {
  try {
    tokenize(src);
  } catch (const SyntaxErrorInfo& e) {
    return e.type + ": " + e.message + " @" + std::to_string(e.line);
  }
  return "no error";
}
}  // namespace

TEST_CASE("lexer produces INDENT/DEDENT from leading whitespace", "[interp][lexer]") {
  CHECK(lex("if x:\n    y = 1\nz\n") == "if x : NL IN y = 1 NL DE z NL END");
  CHECK(lex("if a:\n  if b:\n    c\nd") == "if a : NL IN if b : NL IN c NL DE DE d NL END");
  // blank lines and comment-only lines do not affect indentation
  CHECK(lex("if a:\n\n    # note\n    b\n") == "if a : NL IN b NL DE END");
}

TEST_CASE("lexer joins lines inside brackets and after backslashes", "[interp][lexer]") {
  CHECK(lex("x = (1,\n     2)\n") == "x = ( 1 , 2 ) NL END");
  CHECK(lex("x = 1 + \\\n    2\n") == "x = 1 + 2 NL END");
  CHECK(lex("f(a,  # comment\n  b)") == "f ( a , b ) NL END");
}

TEST_CASE("lexer reads Python number forms", "[interp][lexer]") {
  CHECK(lex("1_000 0x1F 0b101 0o17 1. .5 1e-3 2.5E+2") == "1000 0x1F 0b101 0o17 1.f .5f 1e-3f 2.5e2f NL END");
  CHECK(lex_error("x = 012") ==
        "SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers @1");
}

TEST_CASE("lexer decodes string literals", "[interp][lexer]") {
  CHECK(lex(R"('a\tb' "q\"" r'\n')") == "'a\tb' 'q\"' '\\n' NL END");
  CHECK(lex("'''one\ntwo'''") == "'one\ntwo' NL END");
  CHECK(lex(R"('\x41\u00e9\101')") == "'A\xc3\xa9" "A' NL END");
  CHECK(lex(R"(f"{x:.2f}\n")") == "f'{x:.2f}\\n' NL END");  // f-string bodies are kept raw for the parser
  CHECK(lex_error("s = 'abc\n") == "SyntaxError: unterminated string literal (detected at line 1) @1");
  CHECK(lex_error("s = '''abc\n\n") == "SyntaxError: unterminated triple-quoted string literal (detected at line 3) @1");
}

TEST_CASE("lexer reports bracket and indentation errors like CPython", "[interp][lexer]") {
  CHECK(lex_error("x = [1, 2\ny = 3\n") == "SyntaxError: '[' was never closed @1");
  CHECK(lex_error("x = (1]") == "SyntaxError: closing parenthesis ']' does not match opening parenthesis '(' @1");
  CHECK(lex_error("x = 1)") == "SyntaxError: unmatched ')' @1");
  CHECK(lex_error("if x:\n    a\n  b\n") == "IndentationError: unindent does not match any outer indentation level @3");
  CHECK(lex_error(std::string(300, '(')) == "SyntaxError: too many nested parentheses @1");
}

TEST_CASE("lexer handles semicolons, operators and CRLF", "[interp][lexer]") {
  CHECK(lex("a = 1; b **= 2 // 3") == "a = 1 ; b **= 2 // 3 NL END");
  CHECK(lex("x[..., None] @ y != z") == "x [ ... , None ] @ y != z NL END");
  CHECK(lex("a\r\nb\r\n") == "a NL b NL END");
}
