for i in range(3):
    if i == 5:
        break
else:
    print("for-else ran")
for i in range(3):
    if i == 1:
        break
else:
    print("not printed")
n = 0
while n < 3:
    n += 1
else:
    print("while-else", n)
while True:
    n -= 1
    if n == 0:
        break
    continue
print("done", n)
for i in range(5):
    if i % 2:
        continue
    print(i, end=",")
print()
print("a", "b", sep="-", end="!\n")
print()
print("x", 1, 2.0, None, [1], sep="")
print(*[1, 2, 3])
print(*"abc", sep="|")
x = 10
del x
try:
    print(x)
except NameError as e:
    print("NameError:", e)
i = 0
for i in []:
    pass
print(i)
match_like = {"a": 1}
if "a" in match_like and match_like["a"] == 1:
    pass
elif False:
    pass
else:
    pass
print("end")
