print("\N{bad}")
