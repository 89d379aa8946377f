class ShapeError(Exception):
    pass
raise ShapeError("bad shape (2, 3)")
