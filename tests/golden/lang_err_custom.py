class ShapeError(ValueError):
    pass
def check(n):
    if n < 0:
        raise ShapeError(f"negative size {n}")
check(1)
check(-2)
