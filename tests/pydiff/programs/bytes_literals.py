# bytes literals (Parser/string_parser.c, Objects/bytesobject.c _PyBytes_DecodeEscape): prefixes
# b / B / rb / br in any case, escapes (\xhh, octal, the named ones; \u \U \N and unknown escapes
# stay as written), adjacent literals concatenated, repr quoting, len / index / slice / iteration /
# `in` / equality / hash, the literal as one constant. pydiff runs this under python3 too.
a = b'abc'
print(a, B"abc", b'', len(a), a[0], a[-1], a[1:], a[::-1], list(a), [c for c in a])
print(b"\x00\x01\xff", b'\t\n\r\\', b'\a\b\f\v', b'\101\0\7777', b'\q\u1234\N{DASH}', b'\
x')
print(rb'\x00\n', br"\'", Rb'a\\b', bR'''tri
ple''', b"""x"y""")
print(b'a' b"b" B'c' rb'\d', (b'one'
                               b'two'))
print(b"it's", b'"', b'\'"', b"'\"", repr(b'\x7f\x80'), str(b'ok'))
print(a == b'abc', a != b'abd', b'b' in a, 99 in a, a == 'abc', bytes([97, 98, 99]) == a)
print(hash(b'xy') == hash(bytes([120, 121])), {b'k': 1}[b'k'], type(b'').__name__)
def f():
    return b'same'
print(f() is f(), bytearray(b'mutable'), bytes(b'copy'), isinstance(b'x', bytes))
