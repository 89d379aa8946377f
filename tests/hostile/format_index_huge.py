print("{99999999999}".format(1))
