# f-strings: nested expressions, conversions, format specs, self-documenting fields
x = 3.14159265
n = 42
name = "torch"
items = [1, 2, 3]
print(f"{x}")
print(f"{x:.4f} {x:.2e} {x:10.3f}| {x:<10.2f}| {x:^10.1f}| {x:+.1f}")
print(f"{n:5d}|{n:<5d}|{n:05d}|{n:x}|{n:X}|{n:#x}|{n:o}|{n:b}|{n:,}|{1234567:_}")
print(f"{name!r} {name!s} {name:>8} {name:*^9} {name:.2}")
print(f"{x=} {n = } {name=!s} {x=:.2f}")
print(f"{items[0] + items[-1]} {len(items)} {items} {sum(i * i for i in items)}")
print(f"{{literal}} {'nested quotes'} {n if n > 10 else 0}")
width = 8
prec = 3
print(f"{x:{width}.{prec}f}|")
print(f"{0.000012345:g} {123456789.0:g} {1e-7:.3g} {0.5:.0%} {2/3:.2%}")
print(f"{True} {None} {[1, 'a']} {(1, 2)} {{'a': 1}}")
print(f"{'a' 'b'}", f"multi" f"{n}" "plain")
d = {"key": "value"}
print(f"{d['key']} {d!r}")
print(f"""{n}
{name}""")
print(f"{-0.0} {1e16} {1e-5} {100.0}")
print(f"{3:>{width}}|{'s':<{width}}|")
print(f"{1000000:,.2f} {-1234.5:,.1f} {12:+d} {-12: d} {12: d}")
print(format(3.5, ".1f"), format(10, "04d"), format("s", ">3"), format(1.0))
