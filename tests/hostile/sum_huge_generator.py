x = sum(i for i in range(10**8))
