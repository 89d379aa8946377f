count = 0
def inc():
    count += 1
inc()
