lr = 0.01
lr(3)
