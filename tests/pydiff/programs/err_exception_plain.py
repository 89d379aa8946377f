raise Exception
