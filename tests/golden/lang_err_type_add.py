total = 0
total = total + "5"
