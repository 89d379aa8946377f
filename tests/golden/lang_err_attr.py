values = [1, 2, 3]
values.push(4)
