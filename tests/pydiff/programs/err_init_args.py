class P:
    def __init__(self, x, y):
        self.x = x
P(1)
