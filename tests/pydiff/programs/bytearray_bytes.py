# bytes and bytearray as far as the playground builds them (Objects/bytearrayobject.c,
# Objects/bytesobject.c): constructors, repr quoting and escapes, items, slices, iteration, `in`,
# equality, hash, and the errors of each. pydiff runs this under python3 too.
b = bytearray(4)
print(b, len(b), bool(b), bool(bytearray()), type(b).__name__)
print(bytearray([0, 0, 128, 63]), bytearray(range(3)), bytearray((255,)), bytearray(b))
print(bytearray("héllo", "utf-8"), bytearray("abc", encoding="ascii"), bytes("x", "utf8"))
print(bytearray([9, 10, 13, 92, 39, 34, 127, 128, 255, 32, 65]))
print(bytearray([39]), bytearray([39, 34]), bytes([39]), bytes([39, 34]), bytes([34]), bytes(2))
b[0] = 65
b[-1] = 0x7a
print(b, b[0], b[-1], b[1:3], b[::-1], b[10:])
b[1:3] = [66, 67]
print(b, list(b), [x + 1 for x in b], 66 in b, 1 in b, bytes([66, 67]) in b)
a, c = bytearray(2)
print(a, c)
print(b == bytearray([65, 66, 67, 122]), b == bytes([65, 66, 67, 122]), b == [65, 66, 67, 122], b != b)
print(hash(bytes([1, 2, 3])) == hash(bytes([1, 2, 3])), isinstance(b, bytearray), isinstance(bytes(1), bytes))
import copy
d = copy.copy(b)
d[0] = 0
print(b, d, copy.deepcopy(bytes(1)))
tests = [
    lambda: bytearray(-1),
    lambda: bytes(-3),
    lambda: bytearray([256]),
    lambda: bytes([256]),
    lambda: bytearray([-1]),
    lambda: bytearray([1.5]),
    lambda: bytearray(["a"]),
    lambda: bytearray("abc"),
    lambda: bytes("abc"),
    lambda: bytearray(1.5),
    lambda: bytes(None),
    lambda: bytearray(3, "utf-8"),
    lambda: bytearray(4)[4],
    lambda: bytes(4)[-5],
    lambda: bytearray(4)["a"],
    lambda: bytes(4)[1.0],
    lambda: "é".encode if False else bytearray("é", "ascii"),
    lambda: 300 in bytearray(1),
    lambda: "a" in bytearray(1),
    lambda: hash(bytearray(1)),
    lambda: {bytearray(1): 1},
]
for f in tests:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)
def setitem(obj, i, v):
    obj[i] = v
for obj, i, v in [(bytearray(2), 0, 256), (bytearray(2), 0, -1), (bytearray(2), 0, 1.0), (bytearray(2), 2, 0),
                  (bytearray(2), "x", 0), (bytes(2), 0, 1), (bytearray(4), slice(0, 4, 2), [1, 2, 3]),
                  (bytearray(4), slice(0, 2), 5)]:
    try:
        setitem(obj, i, v)
        print(obj)
    except Exception as e:
        print(type(e).__name__ + ":", e)
