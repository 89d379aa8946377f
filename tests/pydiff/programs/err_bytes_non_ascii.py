# CPython 3.11 Parser/string_parser.c: a bytes literal holds ASCII characters only.
print('before')
x = b'café'
