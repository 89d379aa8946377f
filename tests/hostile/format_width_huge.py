s = '{:>1000000000}'.format('x')
print(len(s))
