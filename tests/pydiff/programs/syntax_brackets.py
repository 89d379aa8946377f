# Multi-line brackets, implicit joining, backslashes, comments in odd places.
d = [
    1,
    2,  # trailing comment
]
print(d)
t = (
    'a'
    'b'   # implicit concatenation across lines
)
print(t)
m = {
    'x': 1,
    # a comment line inside a dict
    'y': [
        3, 4,
    ],
}
print(m)
def f(a,
      b=2,
      *,
      c=3):
    return a + b + c
print(f(
    1,
    c=10,
))
total = 1 + \
    2 + \
    3
print(total)
sq = [
    x * x
    for x in range(5)
    if x % 2 == 0
]
print(sq)
if (1 <
        2):
    print("ok")
s = {1,
     2}
print(s)
x = 1; y = 2; print(x, y)
if x: print("inline if")
for i in range(2): print(i)
while False: pass
class E: pass
print(E.__name__)
z = [1, 2, 3][
    1]
print(z)
print(f"{'nested'}")
print("""triple
quoted""")
print('''a 'quoted' "thing"''')
r = r"raw\n"
print(r, len(r))
print("tab\tand\\backslash")
print(0x1F, 0o17, 0b101, 1_000_000, 1.5e3, 1E-2)
