def forever(n):
    return forever(n + 1)
forever(0)
