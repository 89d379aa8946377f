print("ok")
x = (1, 2
