# unicodeescape codec errors (Objects/unicodeobject.c), reported at the literal's line.
x = 1
y = "ok \u0041"
z = "\u12"
