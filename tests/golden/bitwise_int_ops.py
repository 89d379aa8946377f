# Integer and bool bitwise operators and torch.bitwise_* (BinaryOpsKernel.cpp: shifts out of range
# give 0 / the sign; bool & int promotes to int64; floats and bool shifts have no kernel).
import torch

a = torch.tensor([12, 10, -7, 0])
b = torch.tensor([10, 3, 2, -1])
print(a & b)
print(a | b)
print(a ^ b)
print(~a)
print(a << 2)
print(a >> 1)
print(1 << torch.tensor([0, 1, 4]))
i32 = torch.tensor([3, 5], dtype=torch.int32)
print(i32 & 6)
print((i32 & 6).dtype)
print(i32 & torch.tensor([6, 6]))
m = torch.tensor([True, False, True])
n = torch.tensor([True, True, False])
print(m & n, m | n, m ^ n, ~m)
print(m & 1)
print(m | True)
print(m << 1)
print(torch.bitwise_and(a, b))
print(torch.bitwise_or(a, 1))
print(a.bitwise_xor(b))
print(torch.bitwise_not(a))
print(torch.bitwise_left_shift(a, b))
print(torch.bitwise_right_shift(a, torch.tensor([1, 70, 1, 3])))
print(torch.tensor([-8, 8]).bitwise_right_shift(torch.tensor([-1, 64])))
x = torch.tensor([1, 2, 3])
x &= 2
print(x)
x |= torch.tensor([4, 4, 4])
print(x)
x <<= 1
print(x)
x >>= torch.tensor([1, 2, 3])
print(x)
x ^= 1
print(x)
y = torch.tensor([5, 6])
y.bitwise_and_(3)
print(y)
y.bitwise_not_()
print(y)
print(torch.tensor(5) & 3)
print(torch.tensor([3, 3, 3, 3], dtype=torch.int32) << torch.tensor([1, 30, 31, 32], dtype=torch.int32))

def show(f):
    try:
        f()
    except RuntimeError as e:
        print(type(e).__name__, e)

show(lambda: torch.tensor([1.0]) & 1)
show(lambda: ~torch.tensor([1.5]))
show(lambda: torch.tensor([1.0], dtype=torch.float64) << 1)
show(lambda: m >> True)
show(lambda: torch.tensor([1, 2]) | 1.5)

def iand_bool_with_long():
    mm = torch.tensor([True, False, True])
    mm &= torch.tensor([1, 0, 1])

def ior_shape():
    v = torch.tensor([1, 2])
    v |= torch.tensor([[1, 2], [3, 4]])

show(iand_bool_with_long)
show(ior_shape)
