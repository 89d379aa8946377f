# CPython 3.11 tokenizer: indentation measured with tabs as 8 columns and as 1 column must agree.
if True:
    x = 1
	y = 2
