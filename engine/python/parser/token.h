// Tokens produced by the lexer, and the error the front end (lexer/parser) throws for bad source.
#pragma once
#include <exception>
#include <string>

namespace tp::interp {

enum class Tok : unsigned char {
  Name,     // identifiers and keywords (the parser tells them apart)
  Int,      // text = digits without underscores (prefix kept: 0x.., 0o.., 0b..)
  Float,    // text = digits without underscores
  String,   // text = decoded value (plain strings) or the raw body (f-strings, see is_fstring)
  Op,       // operators and punctuation; text = the operator
  Newline,  // end of a logical line
  Indent,
  Dedent,
  End,
};

struct Token {
  Tok type = Tok::End;
  std::string text;
  int line = 0;      // 1-based line of the first character
  int col = 0;       // 0-based byte column
  int end_line = 0;  // last line (triple-quoted strings span lines)
  int end_col = 0;   // 0-based byte column just past the token on end_line
  bool is_fstring = false;  // String: text is the undecoded body of an f-string
  bool is_raw = false;      // String: r-prefix (f-string bodies keep backslashes)
  bool is_bytes = false;    // String: b-prefix; text holds the bytes (escapes decoded unless raw)
  bool is(Tok t, const char* s) const { return type == t && text == s; }
};

// SyntaxError / IndentationError raised while reading the program (before anything runs).
struct SyntaxErrorInfo : std::exception {
  SyntaxErrorInfo(std::string type_, std::string message_, int line_, int col_)
      : type(std::move(type_)), message(std::move(message_)), line(line_), col(col_) {}
  const char* what() const noexcept override { return message.c_str(); }
  std::string type;  // "SyntaxError", "IndentationError", "RecursionError"
  std::string message;
  int line, col;
};

}  // namespace tp::interp
