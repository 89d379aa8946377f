def check(v):
    assert v > 0, f"expected positive, got {v}"
    return v
print(check(1))
check(-2)
