from triton.experimental import gluon


@gluon.jit
def scale(x):
    return x * 2.0
