xs = []
xs[0] = 1
