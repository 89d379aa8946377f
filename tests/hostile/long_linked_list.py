class Node:
    def __init__(self, nxt):
        self.nxt = nxt
head = None
for i in range(190000):
    head = Node(head)
head = None
print("done")
