x = 10
def show():
    return [x for _ in range(2)]
print(show())
class K:
    base = 3
    doubled = [base * 2]
    def get(self):
        return self.base
print(K.doubled, K().get())
for i in range(3):
    try:
        if i == 1:
            continue
        print("body", i)
    finally:
        print("finally", i)
def loop_break():
    for i in range(5):
        try:
            if i == 2:
                break
        finally:
            print("cleanup", i)
    return i
print(loop_break())
def nested_try():
    try:
        try:
            1 / 0
        finally:
            print("inner finally")
    except ZeroDivisionError as e:
        print("outer caught:", e)
    try:
        pass
    except ValueError:
        pass
    return "ok"
print(nested_try())
try:
    int("x")
except (ValueError, TypeError) as err:
    msg = str(err)
print(msg)
try:
    raise ValueError("a", 1)
except ValueError as e:
    print(e, e.args)
def raiser():
    raise KeyError("missing")
try:
    raiser()
except LookupError as e:
    print("lookup:", e, repr(e))
try:
    [1, 2, 3].index(7)
except ValueError as e:
    print(e)
try:
    "abc".index("z")
except ValueError as e:
    print(e)
try:
    {"a": 1}["b"]
except KeyError as e:
    print("key", e)
text = "the quick brown fox jumps over the lazy dog"
counts = {}
for w in text.split():
    counts[w] = counts.get(w, 0) + 1
print(counts)
print(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:3])
words = text.split()
print(" ".join(w.capitalize() for w in words))
print([w for w in words if len(w) > 4], {len(w) for w in words})
d = {}
d[1] = "a"; d[2] = "b"; del d[1]; d[1] = "c"
print(d, list(d.items()))
print({True: 1, 1: 2, 1.0: 3})
print([1, 2, 3][1:] + [4], list(range(3)) * 2)
print(" | ".join(f"{n:>3}" for n in [1, 22, 333]))
print("{:<10}{:>5}".format("loss", 0.25), "{:.4f}".format(1 / 3), "{:+.2e}".format(12345.6789))
print(f"{'epoch':<6}{1:>4}/{10:<4}loss={0.123456:.4f}")
print(f"{1234.5:,.2f}", f"{0.000123:.2e}", f"{42:#x}", f"{42:#b}", f"{3:03}", f"{-3.5:08.2f}")
print(f"{'left':<10}|", f"{'right':>10}|", f"{'mid':^10}|", f"{12:^6d}|")
print(round(0.1 + 0.2, 2), 1.1 * 3, 2.675 * 100, 1e-10, 123e10, 1.0 / 3 * 3)
print(float(10), 10.0 ** 20, 10.0 ** 16, 10.0 ** 15, 0.1 ** 10, 5e-324, 1.7976931348623157e308)
print(3 * 0.1, 0.1 * 3, 100 * 1.1, 4.35 * 100, 9.95 * 10)
print(int(1e18), 2 ** 62 // 3, -2 ** 2, 17 % -5, -17 // 5)
print(max([]or[0]), [] or "empty", [0] and "nonempty")
a = [1, 2, 3]
b = a[:]
b.append(4)
print(a, b, a == b[:3], a is b)
nested = [[0] * 3] * 2
nested[0][0] = 1
print(nested)
t = ([1], 2)
t[0].append(5)
print(t)
s = "hello"
print(s[1:3], s[-3:], s[::-1][0], s.upper().lower().title(), s * 0 + "!", s.count("l"))
print(list(zip(*[(1, "a"), (2, "b")])))
print(dict(sorted({"b": 1, "a": 2}.items())))
print(sum(i for i in range(10) if i % 3 == 0), [i ** 2 for i in range(1, 4)][::-1])
print(isinstance(True, int), type(True) is bool, True == 1, hash(1) == hash(1.0))
print("%.2f%%" % 12.345, "%5.2f|" % 3.14159, "%-8s|" % "ab", "%03d" % 7, "%s and %r" % ("s", "r"))
print("a={a}, b={b}".format(**{"a": 1, "b": 2}), "{0}{0}{1}".format("x", "y"), "{:*>5}".format(7))
print("x = {0[0]}, y = {0[1]}".format((3, 4)), "{p.real}".format(p=5) if False else "")
