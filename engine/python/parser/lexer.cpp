// The tokenizer (see lexer.h). One pass over the bytes; indentation handled at the start of each
// logical line outside brackets, as CPython's tokenizer does.
#include "python/parser/lexer.h"

#include <cstdint>
#include <cstring>

namespace tp::interp {

namespace {

bool is_ident_start(unsigned char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80; }
bool is_ident_char(unsigned char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

std::string hex4(uint32_t cp) {
  char buf[8];
  snprintf(buf, sizeof buf, "%04x", unsigned(cp));
  return buf;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

const char* const kOps3[] = {"**=", "//=", ">>=", "<<=", "...", nullptr};
const char* const kOps2[] = {"**", "//", "==", "!=", "<=", ">=", "<<", ">>", "+=", "-=", "*=", "/=", "%=",
                             "&=", "|=", "^=", "@=", "->", ":=", nullptr};
const char* const kOps1 = "+-*/%@&|^~<>()[]{},:;.=";

class Lexer {
 public:
  Lexer(const std::string& src, int first_line, int max_nesting)
      : s_(src), line_(first_line), max_nesting_(max_nesting) {}

  std::vector<Token> run() {
    indents_.push_back(0);
    alt_indents_.push_back(0);
    bool at_line_start = true;
    while (true) {
      if (at_line_start && brackets_.empty()) {
        if (!handle_indentation()) break;  // end of input
        at_line_start = false;
      }
      if (pos_ >= s_.size()) break;
      char c = s_[pos_];
      if (c == ' ' || c == '\t' || c == '\f' || c == '\r') { ++pos_; continue; }
      if (c == '#') { while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_; continue; }
      if (c == '\\') {
        size_t p = pos_ + 1;
        if (p < s_.size() && s_[p] == '\r') ++p;
        if (p < s_.size() && s_[p] == '\n') { pos_ = p + 1; new_line(); continue; }
        if (p >= s_.size()) error("SyntaxError", "unexpected EOF while parsing", line_, col());
        error("SyntaxError", "unexpected character after line continuation character", line_, col() + 1);
      }
      if (c == '\n') {
        if (brackets_.empty()) emit_newline();
        ++pos_;
        new_line();
        // Inside brackets a line break is just whitespace: no indentation check when the next
        // physical line starts, nor later on it once the brackets have closed (that would swallow
        // the NEWLINE ending the logical line, as in `d = [\n 1,\n]\nprint(d)`).
        at_line_start = brackets_.empty();
        continue;
      }
      if (is_digit(c) || (c == '.' && pos_ + 1 < s_.size() && is_digit(s_[pos_ + 1]))) { number(); continue; }
      if (is_ident_start((unsigned char)c)) {
        if (string_prefix()) continue;
        size_t start = pos_;
        while (pos_ < s_.size() && is_ident_char((unsigned char)s_[pos_])) ++pos_;
        push(Tok::Name, s_.substr(start, pos_ - start), start);
        continue;
      }
      if (c == '"' || c == '\'') { string_literal(pos_, false, false, false); continue; }
      op();
    }
    if (!brackets_.empty()) {
      const Bracket& b = brackets_.back();
      error("SyntaxError", std::string("'") + b.ch + "' was never closed", b.line, b.col);
    }
    // Close the last logical line, then every open block.
    if (!tokens_.empty() && tokens_.back().type != Tok::Newline) emit_newline();
    while (indents_.size() > 1) { indents_.pop_back(); alt_indents_.pop_back(); push(Tok::Dedent, "", pos_); }
    push(Tok::End, "", pos_);
    return std::move(tokens_);
  }

 private:
  struct Bracket { char ch; int line, col; };

  [[noreturn]] void error(const char* type, const std::string& msg, int line, int col) {
    throw SyntaxErrorInfo(type, msg, line, col);
  }
  int col() const { return int(pos_ - line_start_); }
  int col_of(size_t p) const { return int(p - line_start_); }
  void new_line() { ++line_; line_start_ = pos_; }

  void push(Tok t, std::string text, size_t start) {
    Token k;
    k.type = t;
    k.text = std::move(text);
    k.line = line_;
    k.col = start >= line_start_ ? int(start - line_start_) : 0;
    k.end_line = line_;
    k.end_col = pos_ >= line_start_ ? int(pos_ - line_start_) : k.col;
    tokens_.push_back(std::move(k));
  }
  void emit_newline() {
    if (!tokens_.empty() && tokens_.back().type != Tok::Newline && tokens_.back().type != Tok::Indent &&
        tokens_.back().type != Tok::Dedent)
      push(Tok::Newline, "", pos_);
  }

  // At the start of a line: skip blank/comment-only lines, then compare the indentation with the
  // stack. Returns false at end of input.
  bool handle_indentation() {
    while (true) {
      // CPython's tokenizer measures indentation twice, with tabs to multiples of 8 (`width`) and
      // tabs as one column (`alt`); when the two disagree about the structure it is a TabError.
      int width = 0, alt = 0;
      size_t p = pos_;
      while (p < s_.size() && (s_[p] == ' ' || s_[p] == '\t' || s_[p] == '\f')) {
        width = s_[p] == '\t' ? (width / 8 + 1) * 8 : s_[p] == ' ' ? width + 1 : 0;
        alt = s_[p] == '\f' ? 0 : alt + 1;
        ++p;
      }
      if (p >= s_.size()) { pos_ = p; return false; }
      if (s_[p] == '#' || s_[p] == '\n' || s_[p] == '\r') {  // blank line: no tokens
        while (p < s_.size() && s_[p] != '\n') ++p;
        if (p >= s_.size()) { pos_ = p; return false; }
        pos_ = p + 1;
        new_line();
        continue;
      }
      if (s_[p] == '\\' && p + 1 < s_.size() && s_[p + 1] == '\n') {  // continuation: keep current width
        pos_ = p;
        break;
      }
      pos_ = p;
      const char* tab_error = "inconsistent use of tabs and spaces in indentation";
      if (width == indents_.back()) {
        if (alt != alt_indents_.back()) error("TabError", tab_error, line_, col());
      } else if (width > indents_.back()) {
        if (indents_.size() >= 100) error("IndentationError", "too many levels of indentation", line_, 0);
        if (alt <= alt_indents_.back()) error("TabError", tab_error, line_, col());
        indents_.push_back(width);
        alt_indents_.push_back(alt);
        push(Tok::Indent, "", pos_);
      } else {
        while (width < indents_.back()) {
          indents_.pop_back();
          alt_indents_.pop_back();
          push(Tok::Dedent, "", pos_);
        }
        if (width != indents_.back())
          error("IndentationError", "unindent does not match any outer indentation level", line_, col());
        if (alt != alt_indents_.back()) error("TabError", tab_error, line_, col());
      }
      return true;
    }
    return true;
  }

  void number() {
    size_t start = pos_;
    std::string digits;
    auto take_digits = [&](auto ok) {
      while (pos_ < s_.size() && (ok(s_[pos_]) || (s_[pos_] == '_' && pos_ + 1 < s_.size() && ok(s_[pos_ + 1])))) {
        if (s_[pos_] != '_') digits += s_[pos_];
        ++pos_;
      }
    };
    auto dec = [](char c) { return is_digit(c); };
    if (s_[pos_] == '0' && pos_ + 1 < s_.size() && strchr("xXoObB", s_[pos_ + 1])) {
      char base = char(tolower(s_[pos_ + 1]));
      pos_ += 2;
      digits = std::string("0") + base;
      size_t before = digits.size();
      if (pos_ < s_.size() && s_[pos_] == '_') ++pos_;
      if (base == 'x') take_digits([](char c) { return hex_value(c) >= 0; });
      else if (base == 'o') take_digits([](char c) { return c >= '0' && c <= '7'; });
      else take_digits([](char c) { return c == '0' || c == '1'; });
      if (digits.size() == before) error("SyntaxError", "invalid syntax", line_, col_of(start));
      check_number_end(start);
      push(Tok::Int, digits, start);
      return;
    }
    bool is_float = false;
    take_digits(dec);
    if (pos_ < s_.size() && s_[pos_] == '.') {
      is_float = true;
      digits += '.';
      ++pos_;
      take_digits(dec);
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      size_t p = pos_ + 1;
      if (p < s_.size() && (s_[p] == '+' || s_[p] == '-')) ++p;
      if (p < s_.size() && is_digit(s_[p])) {
        is_float = true;
        digits += 'e';
        if (s_[pos_ + 1] == '-') digits += '-';
        pos_ = p;
        take_digits(dec);
      }
    }
    if (pos_ < s_.size() && (s_[pos_] == 'j' || s_[pos_] == 'J'))
      error("SyntaxError", "unsupported syntax: complex numbers are not supported by the playground", line_,
            col_of(start));
    check_number_end(start);
    if (!is_float && digits.size() > 1 && digits[0] == '0' && digits.find_first_not_of('0') != std::string::npos)
      error("SyntaxError",
            "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
            line_, col_of(start));
    push(is_float ? Tok::Float : Tok::Int, digits, start);
  }

  void check_number_end(size_t start) {
    if (pos_ < s_.size() && (is_ident_char((unsigned char)s_[pos_]))) {
      error("SyntaxError", pos_ < s_.size() && s_[pos_] == '_' ? "invalid decimal literal" : "invalid decimal literal",
            line_, col_of(start));
    }
  }

  // r"..", f'..', rb"..", u"..": returns false if the identifier is not a string prefix (the
  // prefixes of Python's grammar, any case: r u f b br rb fr rf).
  bool string_prefix() {
    size_t p = pos_;
    std::string prefix;
    while (p < s_.size() && p - pos_ < 2 && strchr("rRuUfFbB", s_[p]) && s_[p]) prefix += char(tolower(s_[p++]));
    if (p == pos_ || p >= s_.size() || (s_[p] != '"' && s_[p] != '\'')) return false;
    static const char* const kPrefixes[] = {"r", "u", "f", "b", "br", "rb", "fr", "rf"};
    bool known = false;
    for (const char* k : kPrefixes) known = known || prefix == k;
    if (!known) return false;
    bool raw = prefix.find('r') != std::string::npos, f = prefix.find('f') != std::string::npos,
         b = prefix.find('b') != std::string::npos;
    string_literal(p, raw, f, b);
    return true;
  }

  void string_literal(size_t quote_pos, bool raw, bool fstr, bool bytes) {
    size_t start = pos_;
    int start_line = line_;
    int start_col = col_of(start);
    char q = s_[quote_pos];
    bool triple = quote_pos + 2 < s_.size() && s_[quote_pos + 1] == q && s_[quote_pos + 2] == q;
    size_t p = quote_pos + (triple ? 3 : 1);
    std::string body;
    while (true) {
      if (p >= s_.size()) {
        if (triple)
          error("SyntaxError", "unterminated triple-quoted string literal (detected at line " +
                                   std::to_string(line_) + ")", start_line, start_col);
        error("SyntaxError", "unterminated string literal (detected at line " + std::to_string(line_) + ")",
              start_line, start_col);
      }
      char c = s_[p];
      if (c == '\\' && p + 1 < s_.size()) {
        body += c;
        body += s_[p + 1];
        if (s_[p + 1] == '\n') { pos_ = p + 2; new_line(); }
        p += 2;
        continue;
      }
      if (c == '\n') {
        if (!triple)
          error("SyntaxError", "unterminated string literal (detected at line " + std::to_string(line_) + ")",
                start_line, start_col);
        body += c;
        ++p;
        pos_ = p;
        new_line();
        continue;
      }
      if (c == q) {
        if (!triple) { ++p; break; }
        if (p + 2 < s_.size() && s_[p + 1] == q && s_[p + 2] == q) { p += 3; break; }
      }
      body += c;
      ++p;
    }
    pos_ = p;
    if (bytes)
      for (char c : body)
        if ((unsigned char)c >= 0x80) error("SyntaxError", "bytes can only contain ASCII literal characters", start_line, start_col);
    Token k;
    k.type = Tok::String;
    k.line = start_line;
    k.col = start_col;
    k.end_line = line_;
    k.end_col = int(pos_ - line_start_);
    k.is_fstring = fstr;
    k.is_raw = raw;
    k.is_bytes = bytes;
    // "\r\n" inside triple-quoted strings reads as "\n" (universal newlines).
    std::string clean;
    for (size_t i = 0; i < body.size(); ++i)
      if (!(body[i] == '\r' && i + 1 < body.size() && body[i + 1] == '\n')) clean += body[i];
    try {
      k.text = fstr || raw ? clean : bytes ? decode_bytes_escapes(clean) : decode_escapes(clean);
    } catch (SyntaxErrorInfo& e) {  // decode_escapes knows the literal, not where it is
      e.line = start_line;
      e.col = start_col;
      throw;
    }
    tokens_.push_back(std::move(k));
  }

  void op() {
    size_t start = pos_;
    for (int i = 0; kOps3[i]; ++i)
      if (s_.compare(pos_, 3, kOps3[i]) == 0) { pos_ += 3; push(Tok::Op, kOps3[i], start); return; }
    for (int i = 0; kOps2[i]; ++i)
      if (s_.compare(pos_, 2, kOps2[i]) == 0) { pos_ += 2; push(Tok::Op, kOps2[i], start); return; }
    char c = s_[pos_];
    if (c && strchr(kOps1, c)) {
      ++pos_;
      if (c == '(' || c == '[' || c == '{') {
        if (int(brackets_.size()) >= max_nesting_)
          error("SyntaxError", "too many nested parentheses", line_, col_of(start));
        brackets_.push_back({c, line_, col_of(start)});
      } else if (c == ')' || c == ']' || c == '}') {
        if (brackets_.empty()) error("SyntaxError", std::string("unmatched '") + c + "'", line_, col_of(start));
        char open = brackets_.back().ch;
        char want = open == '(' ? ')' : open == '[' ? ']' : '}';
        if (c != want) {
          if (brackets_.back().line != line_)
            error("SyntaxError", std::string("closing parenthesis '") + c +
                                     "' does not match opening parenthesis '" + open + "' on line " +
                                     std::to_string(brackets_.back().line), line_, col_of(start));
          error("SyntaxError", std::string("closing parenthesis '") + c + "' does not match opening parenthesis '" +
                                   open + "'", line_, col_of(start));
        }
        brackets_.pop_back();
      }
      push(Tok::Op, std::string(1, c), start);
      return;
    }
    unsigned char uc = (unsigned char)c;
    if (c == '!' ) error("SyntaxError", "invalid syntax", line_, col_of(start));
    if (uc < 0x80 && uc >= 0x20) error("SyntaxError", "invalid syntax", line_, col_of(start));
    char buf[64];
    snprintf(buf, sizeof buf, "invalid non-printable character U+%04X", unsigned(uc));
    error("SyntaxError", buf, line_, col_of(start));
  }

  const std::string& s_;
  size_t pos_ = 0;
  size_t line_start_ = 0;
  int line_;
  int max_nesting_;
  std::vector<int> indents_;
  std::vector<int> alt_indents_;  // the same levels with a tab counted as one column
  std::vector<Bracket> brackets_;
  std::vector<Token> tokens_;
};

}  // namespace

std::vector<Token> tokenize(const std::string& source, int first_line, int max_nesting) {
  return Lexer(source, first_line, max_nesting).run();
}

namespace {
// The one-character escapes str and bytes literals share; false for any other character.
bool simple_escape(char e, std::string& out) {
  switch (e) {
    case '\\': out += '\\'; return true;
    case '\'': out += '\''; return true;
    case '"': out += '"'; return true;
    case 'a': out += '\a'; return true;
    case 'b': out += '\b'; return true;
    case 'f': out += '\f'; return true;
    case 'n': out += '\n'; return true;
    case 'r': out += '\r'; return true;
    case 't': out += '\t'; return true;
    case 'v': out += '\v'; return true;
    default: return false;
  }
}
}  // namespace

std::string decode_escapes(const std::string& body) {
  std::string out;
  out.reserve(body.size());
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) { out += c; continue; }
    char e = body[++i];
    if (simple_escape(e, out)) continue;
    switch (e) {
      case '\n': break;  // line continuation inside a string
      case 'x': case 'u': case 'U': {
        // Python's unicodeescape codec, with its messages: positions are the escape's first and
        // last byte within the literal.
        size_t start = i - 1;
        int n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        uint32_t cp = 0;
        int k = 0;
        for (; k < n && i + 1 < body.size() && hex_value(body[i + 1]) >= 0; ++k) cp = cp * 16 + uint32_t(hex_value(body[++i]));
        auto codec_error = [&](const std::string& why) {
          throw SyntaxErrorInfo("SyntaxError", "(unicode error) 'unicodeescape' codec can't decode bytes in position " +
                                                   std::to_string(start) + "-" + std::to_string(i) + ": " + why, 0, 0);
        };
        if (k < n)
          codec_error(e == 'x' ? "truncated \\xXX escape" : e == 'u' ? "truncated \\uXXXX escape" : "truncated \\UXXXXXXXX escape");
        if (cp > 0x10FFFF) codec_error("illegal Unicode character");
        // A lone surrogate is a valid Python str but has no UTF-8 form, and the engine's strings
        // are UTF-8: refuse it rather than put invalid bytes into output and the trace.
        if (cp >= 0xD800 && cp <= 0xDFFF)
          throw SyntaxErrorInfo("SyntaxError", "(unicode error) the playground's strings cannot hold the lone surrogate \\u" +
                                                   hex4(cp) + " (it has no UTF-8 form)", 0, 0);
        append_utf8(out, cp);
        break;
      }
      case 'N':
        // \N{name} needs Unicode's name table (over 1 MB); the playground does not ship it.
        throw SyntaxErrorInfo("SyntaxError", "(unicode error) \\N{...} escapes are not supported by the playground: "
                                             "write the character itself or a \\u escape", 0, 0);
      default:
        if (e >= '0' && e <= '7') {
          uint32_t cp = uint32_t(e - '0');
          for (int k = 0; k < 2 && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7'; ++k)
            cp = cp * 8 + uint32_t(body[++i] - '0');
          append_utf8(out, cp);
        } else {
          out += '\\';
          out += e;
        }
    }
  }
  return out;
}

std::string decode_bytes_escapes(const std::string& body) {
  std::string out;
  out.reserve(body.size());
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) { out += c; continue; }
    char e = body[++i];
    if (simple_escape(e, out)) continue;
    switch (e) {
      case '\n': break;
      case 'x':
        if (i + 2 < body.size() && hex_value(body[i + 1]) >= 0 && hex_value(body[i + 2]) >= 0) {
          out += char(hex_value(body[i + 1]) * 16 + hex_value(body[i + 2]));
          i += 2;
          break;
        }
        throw SyntaxErrorInfo("SyntaxError", "(value error) invalid \\x escape at position " + std::to_string(i - 1), 0, 0);
      default:
        if (e >= '0' && e <= '7') {  // up to three digits; a value over 0o377 keeps its low byte
          unsigned v = unsigned(e - '0');
          for (int k = 0; k < 2 && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7'; ++k)
            v = v * 8 + unsigned(body[++i] - '0');
          out += char(v & 0xFF);
        } else {
          out += '\\';
          out += e;
        }
    }
  }
  return out;
}

}  // namespace tp::interp
