class Base:
    def forward(self):
        raise NotImplementedError
Base().forward()
