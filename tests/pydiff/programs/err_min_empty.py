min([])
