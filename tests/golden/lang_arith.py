# int / float / bool arithmetic with Python's rules
print(7 / 2, 7 // 2, -7 // 2, 7 // -2, -7 % 3, 7 % -3, -7 % -3)
print(7.5 // 2, -7.5 // 2, -7.5 % 2, 7.5 % -2, 2.0 ** 0.5)
print(2 ** 10, 2 ** -1, (-2) ** 3, -2 ** 2, 10 ** 18, 0 ** 0)
print(True + True, True * 3, False - 1, True / 2, -True)
print(1 << 10, 1024 >> 3, -16 >> 2, 12 & 10, 12 | 10, 12 ^ 10, ~0, ~-5)
print(3 * 1.0, 1 + 2.5, 10 / 5, 10 / 4, 1e3, 1.5e-7, 2e16, 1.0e15, 123.456)
print(0.1 + 0.2, 0.1 * 3, 1 / 3, 2 / 3, 1e100, 5e-324, 1.7976931348623157e308)
print(float("inf"), -float("inf"), float("nan"), float("1e-3"), float(" 42 "))
print(int(3.9), int(-3.9), int("-12"), int("0x1f", 16), int(True), int("1_000"))
print(round(0.5), round(1.5), round(2.5), round(-1.5), round(2.675, 2), round(1.005, 2), round(123.456, -1))
print(round(7), round(15, -1), round(25, -1), round(3.14159, 3), round(-0.0))
print(abs(-3), abs(-2.5), abs(True), divmod(17, 5), divmod(-17, 5), divmod(7.5, 2))
print(pow(3, 4), pow(3, 4, 5), pow(2, -2), pow(2.0, 3))
print(max(1, 2.5, 2), min([4, 2, 8]), sum([1, 2, 3]), sum([0.1] * 10), sum([1, 2], 10))
print(hex(255), oct(8), bin(5), hex(-1), bin(0))
print(1 == 1.0, 1 is 1, 2 != 2.0, 3 < 3.5, "a" < "b", [1, 2] < [1, 3], (1, 2) == (1, 2))
print(1_000_000, 0xff, 0o17, 0b1010, 1., .5, 1e-3)
x = 10
x += 5; x -= 3; x *= 2; x //= 5; x **= 3; x %= 7
print(x)
y = 2.5
y /= 2
print(y)
print(5 // 0.3, 5 % 0.3, -5 // 0.3)
print(int(1e15), float(2**53), 2**53 + 1)
