x = None
x.append(1)
