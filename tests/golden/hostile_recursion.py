# Programs that recurse deeply on user data end in RecursionError (catchable, as in CPython), or
# run to the end, never in a crash of the engine (Note [One recursion budget], Note [Iterative
# destruction], Note [Deleting long graphs]). Structures are built inside functions so the trace
# does not snapshot them at every step. CPython 3.11 gives the same output for each case except hash
# and the map chain, which CPython walks in C without a recursion check (deep enough, it crashes).
import torch

def attempt(label, fn):
    try:
        print(label, fn())
    except RecursionError as e:
        print(label, "RecursionError:", e)

def nested(n):
    x = []
    for i in range(n):
        x = [x]
    return x

def compare_deep():
    return nested(20000) == nested(20000)

def repr_deep():
    return len(repr(nested(20000)))

def hash_deep():
    t = ()
    for i in range(20000):
        t = (t,)
    return hash(t) == hash(t)

def recurse(n):
    return recurse(n + 1)

def linked_list(n):
    class Node:
        def __init__(self, nxt):
            self.nxt = nxt
    head = None
    for i in range(n):
        head = Node(head)
    head = None
    return "released"

def grad_chain(n):
    x = torch.tensor(1.0, requires_grad=True)
    y = x
    for i in range(n):
        y = y * 1.0
    return torch.autograd.grad(y, x)[0]

def map_chain(n):
    it = range(3)
    for i in range(n):
        it = map(abs, it)
    return list(it)

attempt("compare", compare_deep)
attempt("repr", repr_deep)
attempt("hash", hash_deep)
attempt("recursion", lambda: recurse(0))
attempt("linked list", lambda: linked_list(100000))
attempt("grad chain", lambda: grad_chain(30000))
attempt("map chain", lambda: map_chain(20000))
attempt("short map chain", lambda: map_chain(50))
print("still running")
